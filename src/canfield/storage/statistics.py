"""The statistics as the store keeps them: defined in :mod:`canfield.records.statistics`."""

from __future__ import annotations

from canfield.records.statistics import DEAL_COST, MAX_COUNT, MAX_SECONDS, Statistics

__all__ = ["DEAL_COST", "MAX_COUNT", "MAX_SECONDS", "Statistics"]

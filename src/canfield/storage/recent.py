"""The recent games as the store keeps them: defined in :mod:`canfield.records.recent`."""

from __future__ import annotations

from canfield.records.recent import RECENT_LIMIT, RecentGame

__all__ = ["RECENT_LIMIT", "RecentGame"]

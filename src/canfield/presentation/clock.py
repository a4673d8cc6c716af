"""How the app writes a length of play: the clock, the win panel and the statistics alike."""

from __future__ import annotations

import math

__all__ = ["format_duration"]


def format_duration(seconds: float) -> str:
    """``m:ss`` (``h:mm:ss`` from an hour on), rounding down like a stopwatch."""
    total = max(0, math.floor(seconds))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"

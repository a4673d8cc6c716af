"""How the app keeps and writes a length of play: the clock, the win panel, the statistics."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from canfield.game import MAX_ELAPSED, Game

__all__ = ["GameClock", "format_duration"]


def format_duration(seconds: float) -> str:
    """``m:ss`` (``h:mm:ss`` from an hour on), rounding down like a stopwatch."""
    total = max(0, math.floor(seconds))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


@dataclass
class GameClock:
    """A game's time of play: from the first move to the win, only while the player can play.

    The front end says whether the player can (its page or window is in front, no dialog
    open) and calls :meth:`update` at every change and every second; the time goes into
    ``game.elapsed``, so the saved game keeps it. A browser page left in a background tab
    does not count the time away.
    """

    now: Callable[[], float] = field(default=time.monotonic)
    running: bool = False
    last: float = 0.0

    def update(self, game: Game, active: bool) -> bool:
        """Add the time since the last update to ``game`` if the clock ran; whether it runs on."""
        now = self.now()
        if self.running:
            game.elapsed = min(game.elapsed + max(0.0, now - self.last), MAX_ELAPSED)
        self.last = now
        self.running = active and game.moves_made > 0 and not game.is_won
        return self.running

"""Statistics of one draw mode, and the rules for folding a finished game into them.

When a game counts (SPEC section 8, decided here so the app and tests agree):

* A game is *played* once the player has made at least one action in it (a
  draw, a recycle, a move; undoing everything later does not un-play it).
* It is recorded exactly once: as a **win** when it is first won, or as a
  **loss** when it is abandoned unfinished (a new game, a restart, another
  code). A game never acted on is not recorded at all.
* A win raises the current streak; a loss resets it to 0.
* ``best_score`` is the highest score of any recorded game, won or lost;
  ``fastest_win`` (seconds) and ``fewest_moves`` (actions) look at wins only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["Statistics"]


@dataclass(frozen=True, slots=True)
class Statistics:
    """Totals for one draw mode (1 or 3); ``None`` means "no game has set it yet"."""

    draw: int
    played: int = 0
    won: int = 0
    best_score: int | None = None
    fastest_win: float | None = None
    """Seconds of play of the quickest win."""
    fewest_moves: int | None = None
    """Actions of the shortest win."""
    current_streak: int = 0
    best_streak: int = 0

    def __post_init__(self) -> None:
        """Refuse impossible totals, e.g. from a hand-edited database."""
        if self.draw not in (1, 3):
            raise ValueError(f"draw must be 1 or 3, not {self.draw!r}")
        counts = (self.played, self.won, self.current_streak, self.best_streak)
        if not all(_count(n) for n in counts) or self.won > self.played:
            raise ValueError(f"impossible game counts in {self!r}")
        if self.current_streak > self.best_streak or self.best_streak > self.won:
            raise ValueError(f"impossible streaks in {self!r}")
        if not all(n is None or _count(n) for n in (self.best_score, self.fewest_moves)):
            raise ValueError(f"impossible best score or fewest moves in {self!r}")
        t = self.fastest_win
        if t is not None and (type(t) not in (int, float) or not 0 <= t < math.inf):
            raise ValueError(f"impossible fastest win in {self!r}")
        if (self.won == 0) != (self.fastest_win is None) or (self.won == 0) != (
            self.fewest_moves is None
        ):
            raise ValueError(f"wins and best times disagree in {self!r}")

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def win_rate(self) -> float:
        """Won / played as a fraction 0.0-1.0 (0.0 before the first game)."""
        return self.won / self.played if self.played else 0.0

    def after(self, *, won: bool, score: int, moves: int, elapsed: float) -> Statistics:
        """These statistics with one more recorded game."""
        best_score = score if self.best_score is None else max(self.best_score, score)
        if not won:
            return Statistics(
                self.draw,
                self.played + 1,
                self.won,
                best_score,
                self.fastest_win,
                self.fewest_moves,
                0,
                self.best_streak,
            )
        streak = self.current_streak + 1
        return Statistics(
            self.draw,
            self.played + 1,
            self.won + 1,
            best_score,
            elapsed if self.fastest_win is None else min(self.fastest_win, elapsed),
            moves if self.fewest_moves is None else min(self.fewest_moves, moves),
            streak,
            max(self.best_streak, streak),
        )


def _count(value: object) -> bool:
    return type(value) is int and value >= 0

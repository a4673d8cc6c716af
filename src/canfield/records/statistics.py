"""Statistics of one (variant, draw mode), and the rules for folding a finished game into them.

When a game counts (decided here so the app and tests agree):

* A game is *played* once the player has made at least one action in it (a
  draw, a recycle, a move; undoing everything later does not un-play it).
* It is recorded exactly once: as a **win** when it is first won, or as a
  **loss** when it is abandoned unfinished (a new game, a restart, another
  code). A game never acted on is not recorded at all.
* A win raises the current streak; a loss resets it to 0.
* ``best_score`` is the highest score of any recorded game, won or lost;
  ``fastest_win`` (seconds) and ``fewest_moves`` (actions) look at wins only.
* Averages: :attr:`Statistics.average_seconds` / :attr:`~Statistics.average_moves`
  over every recorded game, :attr:`~Statistics.average_win_seconds` /
  :attr:`~Statistics.average_win_moves` over the wins. They count the games
  recorded since the averages were kept (database version 2): for a player
  who upgraded, ``timed_games`` may be below ``played``.
* A game where Show me played moves is **assisted**: it is counted apart
  (``assisted_games``, ``assisted_wins``) and changes none of the other figures
  (not played, won, the streaks, best score, fastest win, the averages or the
  bank), as PySolFC keeps its demo games apart. Hints alone do not make a game
  assisted; recent games say how many each game used.
* The casino **bank** (a running total in dollars): each recorded game adds its
  score minus 52 (the deal costs 52, each card home pays 5, and the score is 5
  per card home), but only while the ``casino_scoring`` setting is on. It is
  kept per (variant, draw) like everything here; :meth:`Store.bank_total`
  adds them up.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from canfield.errors import quoted
from canfield.game import MAX_ELAPSED
from canfield.variants import check_draw

__all__ = ["DEAL_COST", "MAX_COUNT", "MAX_SECONDS", "Statistics"]

DEAL_COST: Final = 52
"""What a deal costs in casino scoring; each card home pays 5 (the score's own unit)."""
MAX_COUNT: Final = 10**12
"""Bound of every stored count and sum of moves: far beyond any player, well inside 64 bits."""
MAX_SECONDS: Final = MAX_ELAPSED
"""Bound of a stored time in seconds: a game's own clock bound (about 31 years of play)."""
_MAX_BANK: Final = DEAL_COST * MAX_COUNT
_MAX_TOTAL_SECONDS: Final = MAX_SECONDS * MAX_COUNT


@dataclass(frozen=True, slots=True)
class Statistics:
    """Totals for one draw mode (1 or 3) of one variant; ``None``: no game has set it yet."""

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
    variant: str = "canfield"
    bank: int = 0
    """Casino bank in dollars (see the module docstring); may be negative."""
    timed_games: int = 0
    """Games in the all-games averages (every game recorded since averages were kept)."""
    games_seconds: float = 0.0
    games_moves: int = 0
    timed_wins: int = 0
    """Wins in the win averages."""
    wins_seconds: float = 0.0
    wins_moves: int = 0
    assisted_games: int = 0
    """Games where Show me played moves: counted here only (see the module docstring)."""
    assisted_wins: int = 0

    def __post_init__(self) -> None:
        """Refuse impossible totals, e.g. from a hand-edited database."""
        check_draw(self.draw)
        if not isinstance(self.variant, str) or not self.variant:
            raise ValueError(f"bad variant {quoted(self.variant)}")
        counts = (
            *(self.played, self.won, self.current_streak, self.best_streak),
            *(self.timed_games, self.games_moves, self.timed_wins, self.wins_moves),
            *(self.assisted_games, self.assisted_wins),
        )
        if not all(_count(n) for n in counts) or self.won > self.played:
            raise ValueError(f"impossible game counts in {quoted(self)}")
        if self.assisted_wins > self.assisted_games:
            raise ValueError(f"impossible assisted games in {quoted(self)}")
        if self.current_streak > self.best_streak or self.best_streak > self.won:
            raise ValueError(f"impossible streaks in {quoted(self)}")
        if self.timed_games > self.played or self.timed_wins > min(self.won, self.timed_games):
            raise ValueError(f"impossible averaged games in {quoted(self)}")
        if not all(n is None or _count(n) for n in (self.best_score, self.fewest_moves)):
            raise ValueError(f"impossible best score or fewest moves in {quoted(self)}")
        times = (self.fastest_win, self.games_seconds, self.wins_seconds)
        if not all(t is None or _seconds(t) for t in times):
            raise ValueError(f"impossible times in {quoted(self)}")
        if (self.won == 0) != (self.fastest_win is None) or (self.won == 0) != (
            self.fewest_moves is None
        ):
            raise ValueError(f"wins and best times disagree in {quoted(self)}")
        if type(self.bank) is not int or abs(self.bank) > _MAX_BANK:
            raise ValueError(f"impossible bank in {quoted(self)}")

    @property
    def key(self) -> tuple[str, int]:
        """(variant, draw): what these statistics are of."""
        return self.variant, self.draw

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def win_rate(self) -> float:
        """Won / played as a fraction 0.0-1.0 (0.0 before the first game)."""
        return self.won / self.played if self.played else 0.0

    @property
    def average_seconds(self) -> float | None:
        """Mean seconds of play of all recorded games (won and lost); None before any."""
        return self.games_seconds / self.timed_games if self.timed_games else None

    @property
    def average_moves(self) -> float | None:
        """Mean actions of all recorded games (won and lost); None before any."""
        return self.games_moves / self.timed_games if self.timed_games else None

    @property
    def average_win_seconds(self) -> float | None:
        """Mean seconds of play of the wins; None before the first."""
        return self.wins_seconds / self.timed_wins if self.timed_wins else None

    @property
    def average_win_moves(self) -> float | None:
        """Mean actions of the wins; None before the first."""
        return self.wins_moves / self.timed_wins if self.timed_wins else None

    def to_dict(self) -> dict[str, Any]:
        """The totals as JSON values (the browser build keeps them so in IndexedDB)."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: object) -> Statistics:
        """The totals of :meth:`to_dict`; ``ValueError`` if they are damaged or impossible."""
        if not isinstance(data, Mapping):
            raise ValueError(f"statistics are an object, not {type(data).__name__}")
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - names
        if unknown or "draw" not in data or "variant" not in data:
            raise ValueError(f"statistics with fields {sorted(map(str, data))}")
        try:
            return cls(**{str(k): v for k, v in data.items()})
        except TypeError as exc:
            raise ValueError(f"damaged statistics: {exc}") from None

    def after(
        self,
        *,
        won: bool,
        score: int,
        moves: int,
        elapsed: float,
        casino: bool = False,
        assisted: bool = False,
    ) -> Statistics:
        """These statistics with one more recorded game (``casino``: the bank counts it;
        ``assisted``: Show me played in it, so only the assisted counts change)."""
        if assisted:
            return dataclasses.replace(
                self,
                assisted_games=_bounded(self.assisted_games + 1),
                assisted_wins=_bounded(self.assisted_wins + won),
            )
        best_score = score if self.best_score is None else max(self.best_score, score)
        streak = self.current_streak + 1 if won else 0
        return Statistics(
            draw=self.draw,
            played=_bounded(self.played + 1),
            won=_bounded(self.won + won),
            best_score=best_score,
            fastest_win=_fold(self.fastest_win, elapsed, won),
            fewest_moves=_fold(self.fewest_moves, moves, won),
            current_streak=_bounded(streak),
            best_streak=_bounded(max(self.best_streak, streak)),
            variant=self.variant,
            bank=max(-_MAX_BANK, min(_MAX_BANK, self.bank + (score - DEAL_COST if casino else 0))),
            timed_games=_bounded(self.timed_games + 1),
            games_seconds=min(_MAX_TOTAL_SECONDS, self.games_seconds + elapsed),
            games_moves=_bounded(self.games_moves + moves),
            timed_wins=_bounded(self.timed_wins + won),
            wins_seconds=min(_MAX_TOTAL_SECONDS, self.wins_seconds + (elapsed if won else 0.0)),
            wins_moves=_bounded(self.wins_moves + (moves if won else 0)),
            assisted_games=self.assisted_games,
            assisted_wins=self.assisted_wins,
        )


N = TypeVar("N", int, float)


def _fold(best: N | None, value: N, won: bool) -> N | None:
    if not won:
        return best
    return value if best is None else min(best, value)


def _count(value: object) -> bool:
    return type(value) is int and 0 <= value <= MAX_COUNT


def _bounded(value: int) -> int:
    """Counts stop at :data:`MAX_COUNT` instead of overflowing the database's integers."""
    return min(value, MAX_COUNT)


def _seconds(value: object) -> bool:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    # compared before isfinite converts it: 10**400 is an int no float can hold
    return 0 <= value <= _MAX_TOTAL_SECONDS and math.isfinite(value)

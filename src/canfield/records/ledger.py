"""The player's statistics and recent games as one JSON value, kept by a front end without SQLite.

The browser build stores this value in IndexedDB after every action. It counts
games by the rules of :mod:`canfield.records.statistics` exactly as
:class:`canfield.storage.store.Store` does in SQLite (``tests/records/test_records_ledger.py``
plays the same games through both and compares): a game is played once acted
on, recorded once, as a win when first won or as a loss when another game
replaces it unfinished.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any, Final

from canfield.game import Game, is_elapsed
from canfield.records.recent import RECENT_LIMIT, RecentGame
from canfield.records.settings import check_variant_name
from canfield.records.statistics import MAX_COUNT, Statistics
from canfield.variants import VARIANTS, check_draw, is_draw

__all__ = ["LEDGER_VERSION", "Ledger", "Standing"]

LEDGER_VERSION: Final = 1
_SETTLED_LIMIT: Final = 64
"""How many settled game ids are remembered (a game saved again after it was settled)."""
_MAX_ID: Final = 64


@dataclass(frozen=True, slots=True)
class Standing:
    """The game in progress as the ledger knows it: enough to record it if it is left."""

    game_id: str
    variant: str
    draw: int
    code: str | None
    deck: str
    score: int
    moves: int
    elapsed: float
    acted: bool
    """The player has made an action in it (undoing them all later does not un-play it)."""
    recorded: bool
    """Its result is already in the statistics (it was won)."""
    hints: int = 0
    """Hints the player asked for in it (recent games show them)."""
    assisted: bool = False
    """Show me played moves in it: it is counted apart (see :mod:`canfield.records.statistics`)."""

    def __post_init__(self) -> None:
        if not isinstance(self.game_id, str) or not 0 < len(self.game_id) <= _MAX_ID:
            raise ValueError(f"bad game id in {self!r}")
        if check_variant_name(self.variant) is not None or not is_draw(self.draw):
            raise ValueError(f"bad variant or draw in {self!r}")
        if not (self.code is None or isinstance(self.code, str)) or not isinstance(self.deck, str):
            raise ValueError(f"bad code or deck in {self!r}")
        if not all(type(n) is int and 0 <= n <= MAX_COUNT for n in (self.score, self.moves)):
            raise ValueError(f"bad score or moves in {self!r}")
        if not _seconds_ok(self.elapsed):
            raise ValueError(f"bad clock in {self!r}")
        if type(self.acted) is not bool or type(self.recorded) is not bool:
            raise ValueError(f"bad flags in {self!r}")
        if type(self.hints) is not int or not 0 <= self.hints <= MAX_COUNT:
            raise ValueError(f"bad hint count in {self!r}")
        if type(self.assisted) is not bool:
            raise ValueError(f"bad assisted flag in {self!r}")


class Ledger:
    """Statistics per (variant, draw), the recent games, and the game in progress."""

    def __init__(
        self,
        statistics: Iterable[Statistics] = (),
        recent: Iterable[RecentGame] = (),
        standing: Standing | None = None,
        settled: Iterable[str] = (),
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._statistics: dict[tuple[str, int], Statistics] = {}
        for s in statistics:
            if s.key in self._statistics:
                raise ValueError(f"statistics of {s.key} twice")
            self._statistics[s.key] = s
        self._recent: list[RecentGame] = list(recent)[:RECENT_LIMIT]
        self._standing = standing
        self._settled: list[str] = list(settled)[-_SETTLED_LIMIT:]
        self._clock = clock

    # -- reading ----------------------------------------------------------------------------

    def statistics(self, draw: int, variant: str = "canfield") -> Statistics:
        """Totals of one draw mode of one variant (zeros before its first game)."""
        check_draw(draw)
        reason = check_variant_name(variant)
        if reason is not None:
            raise ValueError(f"variant {variant!r} {reason}")
        return self._statistics.get((variant, draw)) or Statistics(draw, variant=variant)

    def all_statistics(self) -> list[Statistics]:
        """Every (variant, draw) with a recorded game, sorted by variant then draw."""
        return [self._statistics[key] for key in sorted(self._statistics)]

    def bank_total(self) -> int:
        """The casino bank summed over every variant and draw mode."""
        return sum(s.bank for s in self._statistics.values())

    def recent_games(self) -> list[RecentGame]:
        """The last finished games, newest first."""
        return list(self._recent)

    @property
    def standing(self) -> Standing | None:
        return self._standing

    # -- counting ---------------------------------------------------------------------------

    def save(self, game: Game, *, casino: bool = False) -> bool:
        """Note ``game`` as the game in progress after an action; True when this recorded its win.

        Another game than the one in progress first settles that one (a loss if it counts).
        """
        before = self._standing
        if before is not None and before.game_id == game.game_id:
            acted, recorded = before.acted, before.recorded
        else:
            if before is not None:
                self.abandon(casino=casino)
            acted, recorded = False, game.game_id in self._settled
        acted = acted or game.moves_made > 0 or game.can_redo
        elapsed = game.elapsed if _seconds_ok(game.elapsed) else 0.0
        standing = Standing(
            game.game_id,
            game.variant,
            game.draw,
            game.code,
            game.deck_string,
            game.score,
            game.moves_made,
            float(elapsed),
            acted,
            recorded,
            game.hints_used,
            game.assisted,
        )
        won_now = game.is_won and not recorded
        if won_now:
            self._record(standing, won=True, casino=casino)
            standing = replace(standing, recorded=True)
        self._standing = standing
        return won_now

    def abandon(self, *, casino: bool = False) -> bool:
        """Settle and forget the game in progress; True when it was recorded as a loss."""
        standing, self._standing = self._standing, None
        if standing is None:
            return False
        self._settled = [*self._settled, standing.game_id][-_SETTLED_LIMIT:]
        if not standing.acted or standing.recorded:
            return False
        self._record(standing, won=False, casino=casino)
        return True

    def reset(self, draw: int | None = None, variant: str | None = None) -> None:
        """Forget the statistics of one draw mode and/or variant (``None``: all); recent stay."""
        if draw is not None:
            check_draw(draw)
        if variant is not None and check_variant_name(variant) is not None:
            raise ValueError(f"unknown variant {variant!r}")
        self._statistics = {
            key: s
            for key, s in self._statistics.items()
            if not ((draw is None or key[1] == draw) and (variant is None or key[0] == variant))
        }

    def _record(self, standing: Standing, *, won: bool, casino: bool) -> None:
        key = (standing.variant, standing.draw)
        before = self._statistics.get(key) or Statistics(standing.draw, variant=standing.variant)
        self._statistics[key] = before.after(
            won=won,
            score=standing.score,
            moves=standing.moves,
            elapsed=standing.elapsed,
            casino=casino,
            assisted=standing.assisted,
        )
        finished = RecentGame(
            standing.code,
            standing.deck,
            standing.variant,
            standing.draw,
            won,
            standing.score,
            standing.elapsed,
            standing.moves,
            max(0.0, float(self._clock())),
            standing.hints,
            standing.assisted,
        )
        self._recent = [finished, *self._recent][:RECENT_LIMIT]

    # -- as JSON ----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Everything as JSON values; :meth:`from_dict` reads it back."""
        return {
            "version": LEDGER_VERSION,
            "statistics": [s.to_dict() for s in self.all_statistics()],
            "recent": [asdict(r) for r in self._recent],
            "standing": None if self._standing is None else asdict(self._standing),
            "settled": list(self._settled),
        }

    @classmethod
    def from_dict(cls, data: object, clock: Callable[[], float] = time.time) -> Ledger:
        """The ledger of :meth:`to_dict`; ``ValueError`` naming the first damaged part."""
        if not isinstance(data, Mapping) or data.get("version") != LEDGER_VERSION:
            raise ValueError("the statistics are not a version-1 record")
        stats, recent = data.get("statistics"), data.get("recent")
        standing, settled = data.get("standing"), data.get("settled")
        if not isinstance(stats, list) or len(stats) > 2 * len(VARIANTS):
            raise ValueError("the statistics are not a short list")
        if not isinstance(recent, list) or len(recent) > RECENT_LIMIT:
            raise ValueError("the recent games are not a short list")
        if not isinstance(settled, list) or not all(
            isinstance(i, str) and len(i) <= _MAX_ID for i in settled
        ):
            raise ValueError("the settled games are not a list of ids")
        try:
            return cls(
                (Statistics.from_dict(s) for s in stats),
                (RecentGame(**_fields(r, RecentGame.__dataclass_fields__)) for r in recent),
                None
                if standing is None
                else Standing(**_fields(standing, Standing.__dataclass_fields__)),
                settled,
                clock,
            )
        except TypeError as exc:
            raise ValueError(f"damaged record: {exc}") from None


_TIMES: Final = ("seconds", "finished_at", "elapsed")
"""Fields holding seconds: JSON (and JavaScript) may write a whole 12.0 as 12."""


def _fields(value: object, names: Mapping[str, object]) -> dict[str, Any]:
    if not isinstance(value, Mapping) or set(value) != set(names):
        raise ValueError(f"a record with other fields than {sorted(names)}")
    return {str(k): _time(v) if k in _TIMES and type(v) is int else v for k, v in value.items()}


def _time(value: int) -> float:
    """A whole number of seconds as a float; one no float holds is a damaged record."""
    try:
        return float(value)
    except OverflowError:
        raise ValueError("a time no float holds") from None


def _seconds_ok(value: object) -> bool:
    return is_elapsed(value)  # the game's own clock bound, never an OverflowError

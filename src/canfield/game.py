"""A game session: one deal, the position, score, undo/redo and the clock.

The rules themselves live in :mod:`canfield.rules`; this class keeps the
history around them. Undo is a bounded stack of ``(state, score, moves)``
snapshots, so undoing restores the position, score and counters exactly.
"""

from __future__ import annotations

import math
import re
import uuid
import warnings
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from canfield import rules
from canfield.cards import CARDS, Card
from canfield.deal import DealCode, format_deck, parse_deck, random_deal_number, validate_deck
from canfield.errors import (
    CanfieldError,
    IllegalMoveError,
    InvalidCardError,
    InvalidSaveError,
    quoted,
)
from canfield.moves import Move
from canfield.state import State, initial_state
from canfield.variants import CANFIELD, VARIANTS, Variant, check_draw, is_draw, variant_named

__all__ = ["MAX_ACTIONS", "MAX_ELAPSED", "UNDO_LIMIT", "Game", "is_elapsed"]

UNDO_LIMIT: Final = 100
MAX_ACTIONS: Final = 100_000
"""Actions one game keeps at most (its history): hours of non-stop drawing, still loaded in
well under a second, so a tampered save of a million draws cannot make the app slow to start."""
MAX_ELAPSED: Final = 1e9
"""Seconds of play a game's clock holds at most (about 31 years)."""
MAX_HINTS: Final = 10**9
"""Bound of a game's hint count (a hint a second for thirty years)."""
SAVE_FORMAT: Final = "canfield-game"
SAVE_VERSION: Final = 1
_GAME_ID: Final = re.compile(r"[0-9a-f]{32}")


@dataclass(frozen=True, slots=True)
class _Snapshot:
    state: State
    score: int
    moves_made: int
    fan: int = 0
    """How many cards of the latest draw are still on the waste (the display fans them)."""


class Game:
    """One deal being played.

    Build it with :meth:`new`, :meth:`from_code` or :meth:`from_deck`. Every
    method that takes a move accepts a :class:`Move` or its notation.
    """

    def __init__(
        self,
        deck: Sequence[int],
        draw: int | None = None,
        code: DealCode | None = None,
        variant: str | Variant = CANFIELD,
    ) -> None:
        rules_set = variant_named(variant)
        self._variant = rules_set
        self._draw = rules_set.draw if draw is None else check_draw(draw)
        self._deck: tuple[Card, ...] = validate_deck(deck)
        self._code = code
        self._start = initial_state(self._deck, self._draw, rules_set)
        self._now = _Snapshot(self._start, 0, 0)
        self._past: deque[_Snapshot] = deque(maxlen=UNDO_LIMIT)
        self._future: list[tuple[Move, _Snapshot]] = []
        self._line: list[Move] = []
        self.elapsed: float = 0.0
        """Seconds of play so far; the app's clock keeps it up to date."""
        self.hints_used: int = 0
        """How many times the player asked for a hint in this game (the app counts them)."""
        self.assisted: bool = False
        """Show me played moves in this game: its result is not the player's own."""
        self._game_id = uuid.uuid4().hex

    # -- construction -----------------------------------------------------

    @classmethod
    def new(cls, draw: int | None = None, variant: str | Variant = CANFIELD) -> Game:
        """A random deal of ``variant`` (its code replays it); ``draw`` defaults to its own."""
        rules_set = variant_named(variant)
        chosen = rules_set.draw if draw is None else check_draw(draw)
        return cls.from_code(DealCode(random_deal_number(), chosen, rules_set))

    @classmethod
    def from_code(cls, code: str | DealCode) -> Game:
        """The deal of a game code; :class:`InvalidCodeError` if the code is not valid."""
        parsed = code if isinstance(code, DealCode) else DealCode.parse(code)
        return cls(parsed.deck(), parsed.draw, parsed, parsed.variant)

    @classmethod
    def from_deck(
        cls, deck: str | Sequence[int], draw: int | None = None, variant: str | Variant = CANFIELD
    ) -> Game:
        """An explicit deck: 52 cards in deal order, as text or card values.

        Every variant takes the same 52 cards; Storehouse deals all but the 2s.
        ``draw`` defaults to the variant's.
        """
        rules_set = variant_named(variant)
        chosen = rules_set.draw if draw is None else check_draw(draw)
        cards = parse_deck(deck) if isinstance(deck, str) else validate_deck(deck)
        return cls(cards, chosen, None, rules_set)

    def restarted(self) -> Game:
        """A fresh game of the same deal, variant and draw mode."""
        return Game(self._deck, self._draw, self._code, self._variant)

    # -- what is on the table ---------------------------------------------

    @property
    def code(self) -> str | None:
        """The game code, or ``None`` for a game dealt from an explicit deck."""
        return None if self._code is None else str(self._code)

    @property
    def game_id(self) -> str:
        """This game's identity: new for every deal or restart, kept by :meth:`to_dict`.

        Storage tells "the same game, saved again" from "another game" by it, so
        an equal copy (``Game.from_dict(g.to_dict())``) is the same game.
        """
        return self._game_id

    @property
    def deck(self) -> tuple[Card, ...]:
        """The deal, 52 cards in deal order."""
        return self._deck

    @property
    def deck_string(self) -> str:
        return format_deck(self._deck)

    @property
    def draw(self) -> int:
        return self._draw

    @property
    def variant(self) -> str:
        """The name of the game's variant, e.g. ``"canfield"`` or ``"rainbow"``.

        One word for one thing: the variant as a value (a :class:`~canfield.variants.Variant`,
        what it changes) is the position's, ``game.state.variant``, as the rules read it;
        ``game.variant`` is its name, as codes, saves and the command line write it.
        """
        return self._variant.name

    @property
    def rules(self) -> Variant:
        """Deprecated: the variant as a value is ``game.state.variant`` (``game.variant`` is its
        name); "rules" means :mod:`canfield.rules`, what is legal."""
        warnings.warn(
            "Game.rules is deprecated: use game.state.variant (the Variant); "
            "game.variant is its name",
            DeprecationWarning,
            stacklevel=2,
        )
        return self._variant

    @property
    def fan(self) -> int:
        """How many cards of the latest draw are still on the waste (for a fanned display)."""
        return self._now.fan

    def visible_waste(self) -> tuple[Card, ...]:
        """The waste cards shown fanned: the rest of the latest draw, or just the top."""
        waste = self._now.state.waste
        if not waste:
            return ()
        shown = max(1, min(self._now.fan, len(waste)))
        return tuple(CARDS[c] for c in waste[-shown:])

    @property
    def state(self) -> State:
        """The position, an immutable value (safe to keep, hash and compare)."""
        return self._now.state

    @property
    def score(self) -> int:
        return self._now.score

    @property
    def moves_made(self) -> int:
        """Actions on the current line of play (draws and recycles count too)."""
        return self._now.moves_made

    @property
    def is_won(self) -> bool:
        return self._now.state.is_won

    @property
    def stock(self) -> tuple[Card, ...]:
        """Stock cards, bottom first (the last is drawn next)."""
        return tuple(CARDS[c] for c in self.state.stock)

    @property
    def waste(self) -> tuple[Card, ...]:
        return tuple(CARDS[c] for c in self.state.waste)

    @property
    def reserve(self) -> tuple[Card, ...]:
        return tuple(CARDS[c] for c in self.state.reserve)

    @property
    def columns(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(CARDS[c] for c in col) for col in self.state.columns)

    @property
    def foundations(self) -> tuple[tuple[Card, ...], ...]:
        """The four foundations indexed by suit (spades … clubs, as everywhere), bottom card first.

        ``state.foundation_order`` gives the order they are shown in (base suit first).
        """
        st = self.state
        return tuple(st.foundation(suit) for suit in range(4))

    @property
    def history(self) -> tuple[Move, ...]:
        """Every action from the deal to this position."""
        return tuple(self._line)

    @property
    def settled(self) -> int:
        """How many leading actions of :attr:`history` undo can no longer reach.

        They never change again, so storage writes them once (incremental saves).
        """
        return len(self._line) - len(self._past)

    def history_from(self, start: int) -> tuple[Move, ...]:
        """The actions of :attr:`history` from index ``start`` on (cheap near the end)."""
        return tuple(self._line[start:])

    @property
    def redo_moves(self) -> tuple[Move, ...]:
        """Undone actions that :meth:`redo` would replay, next first."""
        return tuple(m for m, _ in reversed(self._future))

    @property
    def undo_depth(self) -> int:
        return len(self._past)

    @property
    def can_undo(self) -> bool:
        return bool(self._past)

    @property
    def can_redo(self) -> bool:
        return bool(self._future)

    # -- playing ------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        return rules.legal_moves(self._now.state)

    def is_legal(self, move: Move | str) -> bool:
        try:
            parsed = _as_move(move)
        except CanfieldError:
            return False
        return rules.is_legal(self._now.state, parsed)

    def play(self, move: Move | str) -> Move:
        """Make ``move``; raise :class:`IllegalMoveError` (changing nothing) if not legal.

        A new action clears the redo list.
        """
        parsed = _as_move(move)
        if len(self._line) >= MAX_ACTIONS:
            raise IllegalMoveError(
                f"this game holds {MAX_ACTIONS:,} actions, the most a game keeps: start a new game"
            )
        before = self._now
        state, points = rules.apply_move(before.state, parsed)
        self._past.append(before)
        self._now = _Snapshot(
            state, before.score + points, before.moves_made + 1, _fan_after(before, state)
        )
        self._line.append(parsed)
        self._future.clear()
        return parsed

    def tap_move(self, card: Card | int | str, double_tap: bool = True) -> Move | None:
        """What a tap on ``card`` would do (docs/rules.md §7), without doing it."""
        if isinstance(card, str):
            value: int = Card.parse(card)
        elif isinstance(card, int) and not isinstance(card, bool) and 0 <= card < 52:
            value = card
        else:
            raise InvalidCardError(f"not a card: {quoted(card)} (a Card, 0-51 or its notation)")
        return rules.tap_move(self._now.state, value, double_tap)

    def undo(self) -> bool:
        if not self._past:
            return False
        self._future.append((self._line.pop(), self._now))
        self._now = self._past.pop()
        return True

    def redo(self) -> bool:
        if not self._future:
            return False
        move, after = self._future.pop()
        self._past.append(self._now)
        self._now = after
        self._line.append(move)
        return True

    def describe(self, lang: str = "en") -> str:
        """The position as one sentence-like text (pinned by tests/describe/test_describe.py)."""
        from canfield.describe import describe

        return describe(self._now.state, lang)

    # -- saving -------------------------------------------------------------

    def to_dict(self, *, line: bool = True) -> dict[str, Any]:
        """JSON-safe data that :meth:`from_dict` turns back into an equal game (same id).

        ``line=False`` leaves out ``"line"`` (the history, the only part that
        grows), for storage that keeps the history separately and adds it back.
        """
        data: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "id": self._game_id,
            "variant": self._variant.name,
            "code": self.code,
            "deck": self.deck_string,
            "draw": self._draw,
            "undo_depth": len(self._past),
            "redo": [m.notation() for m in self.redo_moves],
            "elapsed": self.elapsed,
            "hints": self.hints_used,
            "assisted": self.assisted,
        }
        if line:
            data["line"] = [m.notation() for m in self._line]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Game:
        """Rebuild a saved game, replaying it through the rules.

        Anything damaged or inconsistent raises :class:`InvalidSaveError`; the
        replay means a save can never smuggle in an illegal position.
        """
        if not isinstance(data, Mapping):
            raise InvalidSaveError(f"a saved game is an object, not {type(data).__name__}")
        if data.get("format") != SAVE_FORMAT:
            raise InvalidSaveError(
                f"not a saved Canfield game (format {quoted(data.get('format'))})"
            )
        if data.get("version") != SAVE_VERSION:
            raise InvalidSaveError(f"unknown save version {quoted(data.get('version'))}")
        expected = {
            "format",
            "version",
            "code",
            "deck",
            "draw",
            "line",
            "undo_depth",
            "redo",
            "elapsed",
        }
        # saves from before game ids, variants and hint counts have none of them
        unknown = sorted(set(data) - expected - {"id", "variant", "hints", "assisted"})
        missing = sorted(expected - set(data))
        if missing:
            raise InvalidSaveError(f"saved game lacks {', '.join(missing)}")
        if unknown:
            raise InvalidSaveError(f"saved game has unknown field(s) {', '.join(unknown)}")
        draw = data["draw"]
        if not is_draw(draw):
            raise InvalidSaveError(f"bad draw mode {quoted(draw)} in saved game")
        name = data.get("variant", CANFIELD.name)  # saves from before variants are canfield
        if not isinstance(name, str) or name not in VARIANTS:
            raise InvalidSaveError(
                f"unknown variant {quoted(name)} in saved game (known: {', '.join(VARIANTS)})"
            )
        try:
            if data["code"] is not None:
                code = DealCode.parse(_text(data["code"], "code"))
                game = cls.from_code(code)
                if code.draw != draw:
                    raise InvalidSaveError(f"code {code} does not match draw {draw}")
                if code.variant.name != name:
                    raise InvalidSaveError(f"code {code} does not match variant {name}")
                if _text(data["deck"], "deck") != game.deck_string:
                    raise InvalidSaveError(f"deck does not match code {code}")
            else:
                game = cls.from_deck(_text(data["deck"], "deck"), draw, name)
        except InvalidSaveError:
            raise
        except CanfieldError as exc:
            raise InvalidSaveError(f"bad deal in saved game: {exc}") from None
        line = _move_list(data["line"], "line", MAX_ACTIONS)
        redo = _move_list(data["redo"], "redo", UNDO_LIMIT)
        if len(line) + len(redo) > MAX_ACTIONS:
            raise InvalidSaveError(f"saved game has more than {MAX_ACTIONS:,} actions")
        depth = data["undo_depth"]
        if type(depth) is not int or not 0 <= depth <= min(UNDO_LIMIT - len(redo), len(line)):
            raise InvalidSaveError(f"bad undo depth {quoted(depth)} for {len(line)} actions")
        elapsed = data["elapsed"]
        if not is_elapsed(elapsed):
            raise InvalidSaveError(
                f"bad elapsed time {quoted(elapsed)} (0 to {MAX_ELAPSED:g} seconds)"
            )
        try:
            for move in [*line, *redo]:
                game.play(move)
        except IllegalMoveError as exc:
            raise InvalidSaveError(f"saved moves do not replay: {exc}") from None
        for _ in redo:
            game.undo()
        while len(game._past) > depth:
            game._past.popleft()
        game.elapsed = float(elapsed)
        if "id" in data:
            game_id = data["id"]
            if not isinstance(game_id, str) or not _GAME_ID.fullmatch(game_id):
                raise InvalidSaveError(f"bad game id {quoted(game_id)} in saved game")
            game._game_id = game_id
        hints, assisted = data.get("hints", 0), data.get("assisted", False)
        if type(hints) is not int or not 0 <= hints <= MAX_HINTS or type(assisted) is not bool:
            raise InvalidSaveError(f"bad hints or assisted flag in saved game: {quoted(hints)}")
        game.hints_used, game.assisted = hints, assisted
        return game

    # -- comparison -----------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (
            self._deck == other._deck
            and self._draw == other._draw
            and self._variant is other._variant
            and self._code == other._code
            and self._now == other._now
            and list(self._past) == list(other._past)
            and self._future == other._future
            and self._line == other._line
            and self.elapsed == other.elapsed
            and (self.hints_used, self.assisted) == (other.hints_used, other.assisted)
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        where = self.code if self.code is not None else f"from_deck {self.variant}"
        return f"<Game {where} moves={self.moves_made} score={self.score}>"


def _fan_after(before: _Snapshot, after: State) -> int:
    """The fan after one action: a draw fans what it turned, playing the waste top unfans one."""
    old = before.state
    if len(after.waste) > len(old.waste):
        return len(after.waste) - len(old.waste)
    if not after.waste:
        return 0
    if len(after.waste) < len(old.waste):
        return max(0, before.fan - 1)
    return before.fan


def _as_move(move: Move | str) -> Move:
    if isinstance(move, Move):
        return move
    return Move.parse(move)


def _text(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise InvalidSaveError(f"saved {name} must be text, not {type(value).__name__}")
    return value


def is_elapsed(value: object) -> bool:
    """Whether ``value`` is a clock a game may hold: seconds from 0 to :data:`MAX_ELAPSED`.

    The range is checked before anything converts it: ``1`` followed by 400
    zeros is an ``int`` no float can hold.
    """
    if type(value) is int:
        return 0 <= value <= MAX_ELAPSED
    return type(value) is float and math.isfinite(value) and 0 <= value <= MAX_ELAPSED


def _move_list(value: object, name: str, most: int) -> list[Move]:
    if not isinstance(value, list):
        raise InvalidSaveError(f"saved {name} must be a list of moves")
    if len(value) > most:
        raise InvalidSaveError(f"saved {name} has {len(value):,} actions, at most {most:,}")
    moves = []
    for i, item in enumerate(value, start=1):
        try:
            moves.append(Move.parse(_text(item, f"{name} entry {i}")))
        except CanfieldError as exc:
            raise InvalidSaveError(f"{name} entry {i}: {exc}") from None
    return moves

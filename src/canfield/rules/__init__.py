"""The rules of every variant, in one package, as pure functions on :class:`State`.

The app, the command line and the solver all ask this package what is legal
and what a move does; nothing else decides a rule. Here is the checked API;
beside it, :mod:`canfield.rules.kernel` holds the tables (which card goes on
which) and the unchecked moves a search runs millions of times, so a rule is
changed in this package or nowhere. The rule set is the position's own
``state.variant`` (see :mod:`canfield.variants`), so no function needs more
than the position.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from canfield.cards import CARDS, Card
from canfield.errors import IllegalMoveError, quoted
from canfield.moves import FOUNDATION, STOCK, Move
from canfield.pile import Pile, PileKind
from canfield.rules.kernel import (
    FROM_FOUNDATION,
    FROM_RESERVE,
    FROM_WASTE,
    card_move,
    column_start,
    parents_table,
    play_known,
)
from canfield.state import State
from canfield.variants import ColumnMoves, EmptyColumns

__all__ = [
    "FOUNDATION_POINTS",
    "Location",
    "apply_move",
    "can_stack",
    "card_move",
    "finishing_line",
    "foundation_accepts",
    "is_legal",
    "legal_moves",
    "locate",
    "movable_start",
    "pickup",
    "stock_tap_allowed",
    "tap_move",
]

FOUNDATION_POINTS: Final = 5
FINISH_LIMIT: Final = 2_000
"""Most actions :func:`finishing_line` plays out: 52 cards home and the draws between them."""

_MOVES: Final = tuple(tuple(card_move(c, t) for t in range(FOUNDATION + 1)) for c in range(52))
_DRAW: Final = Move.DRAW
_ALL_HOME: Final = (13, 13, 13, 13)
_ANY_TAIL: Final = ColumnMoves.ANY_TAIL
_WHOLE: Final = ColumnMoves.WHOLE_COLUMN
_WASTE_ONLY: Final = EmptyColumns.AUTO_THEN_WASTE


def can_stack(state: State, upper: int, lower: int) -> bool:
    """Whether ``upper`` may lie on ``lower`` in a column of ``state``'s variant."""
    return lower in parents_table(state.variant, state.base)[upper]


def foundation_accepts(state: State, card: int) -> bool:
    count = state.foundations[card // 13]
    return count < 13 and (state.base + count) % 13 == card % 13


def movable_start(state: State, column: int) -> int:
    """Index of the first card of column ``column``'s longest built tail (its length if empty).

    Which of those tails may actually move where is the variant's business:
    see :func:`pickup` and :func:`legal_moves`.
    """
    return column_start(state.columns[column], parents_table(state.variant, state.base))


def stock_tap_allowed(state: State) -> bool:
    """Whether tapping the stock does anything: a draw, or a recycle the variant still allows."""
    if state.stock:
        return True
    if not state.waste:
        return False
    passes = state.variant.passes
    return passes is None or state.recycles < passes - 1


def legal_moves(state: State) -> list[Move]:
    """Every distinct legal ``(card, target)`` plus the stock tap when it is allowed.

    A won game is over: nothing more is legal (undo still is, in :class:`Game`).
    """
    found = state.foundations
    if found == _ALL_HOME:
        return []
    variant = state.variant
    on = parents_table(variant, state.base)
    moves: list[Move] = []
    append = moves.append
    columns = state.columns
    ends = [col[-1] if col else -1 for col in columns]
    base = state.base
    table = _MOVES
    # which cards may go into an empty column: the waste's top always, the rest unless waste-only
    empty_any = -1 in ends and variant.empty_columns is not _WASTE_ONLY
    column_moves = variant.column_moves

    def single(card: int, to_empty: bool) -> None:
        row = table[card]
        count = found[card // 13]
        if count < 13 and (base + count) % 13 == card % 13:
            append(row[FOUNDATION])
        parents = on[card]
        for j in range(4):
            end = ends[j]
            if end in parents or (end < 0 and to_empty):
                append(row[j])

    if state.reserve:
        single(state.reserve[-1], empty_any)
    if state.waste:
        single(state.waste[-1], -1 in ends)
    for k in range(4):
        col = columns[k]
        if not col:
            continue
        i = len(col) - 1
        card = col[i]
        count = found[card // 13]
        if count < 13 and (base + count) % 13 == card % 13:
            append(table[card][FOUNDATION])
        if column_moves is _ANY_TAIL:
            while True:  # the top card, then each longer built tail
                parents = on[card]
                row = table[card]
                for j in range(4):
                    if j != k:
                        end = ends[j]
                        if end in parents or (end < 0 and empty_any):
                            append(row[j])
                if i == 0:
                    break
                i -= 1
                below = col[i]
                if below not in parents:
                    break
                card = below
            continue
        start = i
        while start > 0 and col[start - 1] in on[col[start]]:
            start -= 1
        while i >= start:
            card = col[i]
            if column_moves is _WHOLE:
                onto = i == 0
                into_empty = onto and empty_any
            else:  # the whole column, or a part that uncovers a card its foundation takes
                under = col[i - 1] if i else -1
                under_count = found[under // 13] if i else 0
                onto = i == 0 or (under_count < 13 and (base + under_count) % 13 == under % 13)
                into_empty = empty_any
            if onto or into_empty:
                parents = on[card]
                row = table[card]
                for j in range(4):
                    if j != k:
                        end = ends[j]
                        if (onto and end in parents) or (end < 0 and into_empty):
                            append(row[j])
            i -= 1
    if variant.take_backs:
        for suit in range(4):
            count = found[suit]
            if count:
                card = suit * 13 + (base + count - 1) % 13
                parents = on[card]
                row = table[card]
                for j in range(4):
                    end = ends[j]
                    if end in parents or (end < 0 and empty_any):
                        append(row[j])
    if stock_tap_allowed(state):
        append(_DRAW)
    return moves


class Location(NamedTuple):
    """Where a card lies, as the rules read it: ``pile`` is the pile's kind.

    ``slot`` is the column (0-3) or, on a foundation, the *suit* (0-3, spades to
    clubs), which is what the rules ask; the foundation's place on the table is
    :class:`~canfield.pile.Pile`'s (``Pile.of_suit``). ``position`` counts from the
    bottom of the pile.
    """

    pile: PileKind
    slot: int
    position: int

    def on_table(self, state: State) -> Pile:
        """The pile as the table names it: a foundation by its place, not its suit."""
        if self.pile == "foundation":
            return Pile.of_suit(state, self.slot)
        return Pile(self.pile, self.slot)


def locate(state: State, card: int) -> Location:
    if card in state.reserve:
        return Location("reserve", 0, state.reserve.index(card))
    if card in state.waste:
        return Location("waste", 0, state.waste.index(card))
    for k, col in enumerate(state.columns):
        if card in col:
            return Location("column", k, col.index(card))
    if card in state.stock:
        return Location("stock", 0, state.stock.index(card))
    suit = card // 13
    position = (card % 13 - state.base % 13) % 13
    return Location("foundation", suit, position)


def _illegal(state: State, move: Move, why: str) -> IllegalMoveError:
    return IllegalMoveError(f"illegal move {move.notation()!r}: {why} (position: {state})")


def apply_move(state: State, move: Move) -> tuple[State, int]:
    """The position after ``move`` and the points it scores.

    Raises :class:`IllegalMoveError` (and changes nothing) when the rules of
    ``state.variant`` do not allow ``move`` here; its message quotes the
    position's notation. Emptying a column fills it from the reserve as part
    of the same move where the variant auto-fills. This checks the move, then
    lets :func:`canfield.rules.kernel.play_known` (which the solver also uses) carry it out.
    """
    if not isinstance(move, Move):
        raise IllegalMoveError(f"not a move: {quoted(move)}")
    if state.foundations == _ALL_HOME:
        raise _illegal(state, move, "the game is won")
    if move.target == STOCK:
        return _tap_stock(state, move), 0
    card = move.card
    assert card is not None
    target = move.target
    variant = state.variant
    reserve, waste, found, columns = state.reserve, state.waste, state.foundations, state.columns
    on = parents_table(variant, state.base)
    moving = 1
    index = 0
    if reserve and reserve[-1] == card:
        source = FROM_RESERVE
    elif waste and waste[-1] == card:
        source = FROM_WASTE
    else:
        for k in range(4):
            col = columns[k]
            if card in col:
                index = col.index(card)
                if index < column_start(col, on):
                    raise _illegal(
                        state, move, f"{CARDS[card]} in column {k + 1} is not part of a sequence"
                    )
                moving = len(col) - index
                source = k
                break
        else:
            where = locate(state, card)
            if where.pile != "foundation" or where.position != found[card // 13] - 1:
                raise _illegal(state, move, _blocked(state, card, where))
            if target == FOUNDATION:
                raise _illegal(state, move, f"{CARDS[card]} is already on its foundation")
            if not variant.take_backs:
                raise _illegal(
                    state, move, f"cards never come back from the foundations in {variant}"
                )
            source = FROM_FOUNDATION
    if target == FOUNDATION:
        if moving != 1:
            raise _illegal(state, move, f"only a single card goes to a foundation, not {moving}")
        if not foundation_accepts(state, card):
            raise _illegal(state, move, f"{CARDS[card]} does not fit on its foundation")
        return play_known(state, card, target, source), FOUNDATION_POINTS
    if target == source:
        raise _illegal(state, move, f"{CARDS[card]} is already in column {target + 1}")
    dest = columns[target]
    if dest:
        if dest[-1] not in on[card]:
            raise _illegal(
                state,
                move,
                f"{CARDS[card]} does not go on {CARDS[dest[-1]]} in column {target + 1}",
            )
        if 0 <= source < FOUNDATION:
            _check_part(state, move, source, index)
    else:
        _check_empty_target(state, move, source, index)
    return play_known(state, card, target, source), 0


def _check_part(state: State, move: Move, source: int, index: int) -> None:
    """Refuse moving column ``source`` from card ``index`` onto a card where the variant does."""
    rule = state.variant.column_moves
    if index == 0 or rule is _ANY_TAIL:
        return
    if rule is _WHOLE:
        raise _illegal(
            state, move, f"only a whole column moves onto another column in {state.variant}"
        )
    under = state.columns[source][index - 1]
    if not foundation_accepts(state, under):
        raise _illegal(
            state,
            move,
            f"part of a column moves only when the card it uncovers ({CARDS[under]}) "
            f"can go to its foundation at once, in {state.variant}",
        )


def _check_empty_target(state: State, move: Move, source: int, index: int) -> None:
    variant = state.variant
    if variant.empty_columns is _WASTE_ONLY and source != FROM_WASTE:
        raise _illegal(
            state, move, f"only the waste's top card goes into an empty column in {variant}"
        )
    if 0 <= source < FOUNDATION and index != 0 and variant.column_moves is _WHOLE:
        raise _illegal(state, move, f"only a whole column moves in {variant}")


def _blocked(state: State, card: int, where: Location) -> str:
    name = CARDS[card]
    if where.pile == "stock":
        return f"{name} is still in the stock"
    if where.pile == "waste":
        return f"{name} is under the top card of the waste"
    if where.pile == "reserve":
        return f"{name} is under the top card of the reserve"
    return f"{name} is under the top card of its foundation"


def _tap_stock(state: State, move: Move) -> State:
    stock, waste = state.stock, state.waste
    if stock:
        n = min(state.draw, len(stock))
        drawn = stock[: len(stock) - n - 1 : -1] if n < len(stock) else stock[::-1]
        return state._replace(stock=stock[: len(stock) - n], waste=waste + drawn)
    if not waste:
        raise _illegal(state, move, "the stock and the waste are both empty")
    passes = state.variant.passes
    if passes is None:
        return state._replace(stock=waste[::-1], waste=())
    if state.recycles >= passes - 1:
        times = "once" if passes == 1 else f"{passes} times"
        raise _illegal(state, move, f"the stock is gone through only {times} in {state.variant}")
    return state._replace(stock=waste[::-1], waste=(), recycles=state.recycles + 1)


def is_legal(state: State, move: Move) -> bool:
    try:
        apply_move(state, move)
    except IllegalMoveError:
        return False
    return True


def pickup(state: State, card: int) -> tuple[Card, ...]:
    """The cards a press on ``card`` picks up (it and those on it), empty if it cannot move.

    A card can be picked up when the variant lets it leave its place at all:
    the reserve's or waste's top, a foundation's top where cards come back,
    and in a column the part of a built tail the variant lets move.
    """
    where = locate(state, card)
    variant = state.variant
    if where.pile == "reserve":
        return (CARDS[card],) if state.reserve[-1] == card else ()
    if where.pile == "waste":
        return (CARDS[card],) if state.waste[-1] == card else ()
    if where.pile == "foundation":
        top = state.foundation_top(where.slot)
        return (CARDS[card],) if variant.take_backs and top == card else ()
    if where.pile != "column":
        return ()
    col = state.columns[where.slot]
    i = where.position
    if i < movable_start(state, where.slot):
        return ()
    group = tuple(CARDS[c] for c in col[i:])
    rule = variant.column_moves
    if rule is _ANY_TAIL or i == 0 or i == len(col) - 1:
        return group
    if rule is _WHOLE:
        return ()
    empty = any(not c for c in state.columns)
    if foundation_accepts(state, col[i - 1]) or (
        empty and variant.empty_columns is not _WASTE_ONLY
    ):
        return group
    return ()


def tap_move(state: State, card: int, double_tap: bool = True) -> Move | None:
    """The move a tap on ``card`` makes, or ``None`` when it makes none.

    Its foundation when that is legal; otherwise, with "Double tap" on, the
    longest column that accepts it (and the cards on it), then an empty
    column, ties going to the leftmost. A tap never makes a move that changes
    nothing (a whole column into an empty one). Foundation cards only move by drag.
    """
    where = locate(state, card)
    if where.pile == "reserve":
        if state.reserve[-1] != card:
            return None
    elif where.pile == "waste":
        if state.waste[-1] != card:
            return None
    elif where.pile == "column":
        if where.position < movable_start(state, where.slot):
            return None
    else:
        return None
    home = _MOVES[card][FOUNDATION]
    if is_legal(state, home):
        return home
    if not double_tap:
        return None
    whole_column = where.pile == "column" and where.position == 0
    best: Move | None = None
    best_len = 0
    empty: Move | None = None
    for j, col in enumerate(state.columns):
        move = _MOVES[card][j]
        if col:
            if len(col) > best_len and is_legal(state, move):
                best, best_len = move, len(col)
        elif empty is None and not whole_column and is_legal(state, move):
            empty = move
    return best if best is not None else empty


def finishing_line(state: State) -> tuple[Move, ...] | None:
    """A won line of moves home and stock taps only, or None when no such line is found.

    It plays every card that can go home as it comes to hand and taps the stock when
    none can, until the game is won or a whole turn of the stock sends nothing home.
    A line found is a proof (each action is applied by :func:`apply_move`) that the
    rest of the game holds no choice that matters: the app offers Finish then.
    """
    if not _may_finish(state):
        return None
    line: list[Move] = []
    idle = 0
    """Stock taps since a card last went home: a whole turn of the stock and one more."""
    while state.foundations != _ALL_HOME:
        if len(line) >= FINISH_LIMIT:
            return None
        after = _send_one_home(state)
        if after is not None:
            (state, move), idle = after, 0
        elif stock_tap_allowed(state) and idle <= len(state.stock) + len(state.waste):
            state, _points = apply_move(state, _DRAW)
            move, idle = _DRAW, idle + 1
        else:
            return None
        line.append(move)
    return tuple(line)


def _send_one_home(state: State) -> tuple[State, Move] | None:
    """The first uncovered card (waste, reserve, then columns) that goes home, played."""
    tops = [pile[-1] for pile in (state.waste, state.reserve, *state.columns) if pile]
    for card in tops:
        if foundation_accepts(state, card):
            move = _MOVES[card][FOUNDATION]
            try:
                return apply_move(state, move)[0], move
            except IllegalMoveError:
                continue
    return None


def _may_finish(state: State) -> bool:
    """Whether moves home alone could clear every column and the reserve (quick to refute):
    in each of them, a card above another of its suit must go home before it."""
    base = state.base
    for pile in (state.reserve, *state.columns):
        lowest = [13, 13, 13, 13]  # per suit, the earliest home place met so far
        for card in pile:
            place = (card % 13 - base) % 13
            suit = card // 13
            if place >= lowest[suit]:
                return False
            lowest[suit] = place
    return True

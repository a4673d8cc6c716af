"""The rules of the app's Canfield, in one place, as pure functions on :class:`State`.

The app, the command line and the solver all ask these functions what is
legal and what a move does; nothing else in the package knows the rules.
Moves are interned (one :class:`Move` object per card and target), so move
generation allocates little and runs fast enough for search.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from canfield.cards import CARDS, Card
from canfield.errors import IllegalMoveError
from canfield.moves import FOUNDATION, STOCK, Move
from canfield.state import State

__all__ = [
    "FOUNDATION_POINTS",
    "Location",
    "apply_move",
    "can_stack",
    "foundation_accepts",
    "is_legal",
    "legal_moves",
    "locate",
    "movable_start",
    "tap_move",
]

FOUNDATION_POINTS: Final = 5

# _MOVES[card][target] for targets 0-3 (columns) and 4 (foundation).
_MOVES: Final = tuple(tuple(Move(CARDS[c], t) for t in range(FOUNDATION + 1)) for c in range(52))
_DRAW: Final = Move.DRAW
_ALL_HOME: Final = (13, 13, 13, 13)


def _stacks(upper: int, lower: int) -> bool:
    red_upper = upper // 13 in (1, 2)
    red_lower = lower // 13 in (1, 2)
    return red_upper != red_lower and lower % 13 == (upper % 13 + 1) % 13


# _ON[c]: the two cards ``c`` may be placed on in a column (opposite colour, one rank up, K on A).
_ON: Final = tuple(frozenset(d for d in range(52) if _stacks(c, d)) for c in range(52))


def can_stack(upper: int, lower: int) -> bool:
    """Whether ``upper`` may lie on ``lower`` in a column."""
    return lower in _ON[upper]


def foundation_accepts(state: State, card: int) -> bool:
    count = state.foundations[card // 13]
    return count < 13 and (state.base + count) % 13 == card % 13


def movable_start(column: tuple[int, ...]) -> int:
    """Index of the first card of the column's longest movable tail (its length if empty)."""
    i = len(column) - 1
    if i < 0:
        return 0
    on = _ON
    while i > 0 and column[i - 1] in on[column[i]]:
        i -= 1
    return i


def legal_moves(state: State) -> list[Move]:
    """Every distinct legal ``(card, target)`` plus the stock tap when it does anything.

    A won game is over: nothing more is legal (undo still is, in :class:`Game`).
    """
    if state.foundations == _ALL_HOME:
        return []
    moves: list[Move] = []
    append = moves.append
    columns = state.columns
    ends = [col[-1] if col else -1 for col in columns]
    found = state.foundations
    base = state.base
    on = _ON
    table = _MOVES

    def single(card: int, home: int) -> None:
        row = table[card]
        count = found[card // 13]
        if count < 13 and (base + count) % 13 == card % 13:
            append(row[FOUNDATION])
        parents = on[card]
        for j in range(4):
            if j != home:
                end = ends[j]
                if end < 0 or end in parents:
                    append(row[j])

    if state.reserve:
        single(state.reserve[-1], -1)
    if state.waste:
        single(state.waste[-1], -1)
    for k in range(4):
        col = columns[k]
        if not col:
            continue
        last = len(col) - 1
        single(col[last], k)
        i = last
        while i > 0 and col[i - 1] in on[col[i]]:
            i -= 1
            card = col[i]
            parents = on[card]
            row = table[card]
            for j in range(4):
                if j != k:
                    end = ends[j]
                    if end < 0 or end in parents:
                        append(row[j])
    for suit in range(4):
        count = found[suit]
        if count:
            card = suit * 13 + (base + count - 1) % 13
            parents = on[card]
            row = table[card]
            for j in range(4):
                end = ends[j]
                if end < 0 or end in parents:
                    append(row[j])
    if state.stock or state.waste:
        append(_DRAW)
    return moves


class Location(NamedTuple):
    """Where a card lies: ``pile`` is one of stock, waste, reserve, foundation, column.

    ``slot`` is the column (0-3) or foundation suit; ``position`` counts from
    the bottom of the pile.
    """

    pile: str
    slot: int
    position: int


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
    return IllegalMoveError(f"illegal move {move.notation()!r}: {why}")


def apply_move(state: State, move: Move) -> tuple[State, int]:
    """The position after ``move`` and the points it scores.

    Raises :class:`IllegalMoveError` (and changes nothing) when the rules do not
    allow ``move`` here. Emptying a column with cards left in the reserve fills
    it from the reserve as part of the same move. This checks the move, then
    lets :func:`play_known` (which the solver also uses) carry it out.
    """
    if state.foundations == _ALL_HOME:
        raise _illegal(state, move, "the game is won")
    if move.target == STOCK:
        return _tap_stock(state, move), 0
    card = move.card
    assert card is not None
    target = move.target
    reserve, waste, found, columns = state.reserve, state.waste, state.foundations, state.columns
    moving = 1
    if reserve and reserve[-1] == card:
        source = FROM_RESERVE
    elif waste and waste[-1] == card:
        source = FROM_WASTE
    else:
        for k in range(4):
            col = columns[k]
            if card in col:
                i = col.index(card)
                if i < movable_start(col):
                    raise _illegal(
                        state, move, f"{CARDS[card]} in column {k + 1} is not part of a sequence"
                    )
                moving = len(col) - i
                source = k
                break
        else:
            where = locate(state, card)
            if where.pile != "foundation" or where.position != found[card // 13] - 1:
                raise _illegal(state, move, _blocked(state, card, where))
            if target == FOUNDATION:
                raise _illegal(state, move, f"{CARDS[card]} is already on its foundation")
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
    if dest and dest[-1] not in _ON[card]:
        raise _illegal(
            state,
            move,
            f"{CARDS[card]} does not go on {CARDS[dest[-1]]} in column {target + 1}",
        )
    return play_known(state, card, target, source), 0


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
        return state._replace(stock=stock[: len(stock) - n], waste=waste + drawn, fan=n)
    if waste:
        return state._replace(stock=waste[::-1], waste=(), fan=0)
    raise _illegal(state, move, "the stock and the waste are both empty")


def is_legal(state: State, move: Move) -> bool:
    try:
        apply_move(state, move)
    except IllegalMoveError:
        return False
    return True


def tap_move(state: State, card: int, double_tap: bool = True) -> Move | None:
    """The move a tap on ``card`` makes (SPEC section 3), or ``None`` when it makes none.

    Its foundation when that is legal; otherwise, with "Double tap" on, the
    longest column that accepts it (and the cards on it), then an empty
    column, ties going to the leftmost. Foundation cards only move by drag.
    """
    where = locate(state, card)
    if where.pile == "reserve":
        if state.reserve[-1] != card:
            return None
        single = True
    elif where.pile == "waste":
        if state.waste[-1] != card:
            return None
        single = True
    elif where.pile == "column":
        col = state.columns[where.slot]
        if where.position < movable_start(col):
            return None
        single = where.position == len(col) - 1
    else:
        return None
    if single and foundation_accepts(state, card):
        return _MOVES[card][FOUNDATION]
    if not double_tap:
        return None
    home = where.slot if where.pile == "column" else -1
    best = -1
    best_len = 0
    empty = -1
    for j, col in enumerate(state.columns):
        if j == home:
            continue
        if not col:
            if empty < 0:
                empty = j
        elif col[-1] in _ON[card] and len(col) > best_len:
            best, best_len = j, len(col)
    if best >= 0:
        return _MOVES[card][best]
    if empty >= 0:
        return _MOVES[card][empty]
    return None


def card_move(card: Card | int, target: int) -> Move:
    """The interned move of ``card`` to ``target`` (a column 0-3 or :data:`FOUNDATION`)."""
    return _MOVES[card][target]


# -- search primitives ------------------------------------------------------
#
# The solver plays the stock and waste as one "talon" (the K+ model): a tap
# never changes which cards lie in which order around the stock/waste cycle,
# only how many of them are on the waste, so a position is the talon's cards
# plus that count, and "taps until card i is on top" is one step. These
# helpers are that model; the moves themselves still go through apply_move.


def stack_parents(card: int) -> frozenset[int]:
    """The two cards ``card`` may be placed on in a column (opposite colour, one rank up)."""
    return _ON[card]


def foundation_position(base: int, card: int) -> int:
    """How many cards of ``card``'s suit lie under it on a full foundation (0 = start rank)."""
    return (card - base) % 13


def talon(state: State) -> tuple[tuple[int, ...], int]:
    """The talon cards in the order taps turn them (waste bottom first) and the waste size.

    Taps only move the split point: after a recycle the stock is the waste
    reversed, so ``waste + reversed(stock)`` is the same for every tap.
    """
    return state.waste + state.stock[::-1], len(state.waste)


def with_talon(state: State, cards: tuple[int, ...], pointer: int) -> State:
    """``state`` with the talon ``cards`` split after ``pointer`` cards onto the waste."""
    return state._replace(stock=cards[pointer:][::-1], waste=cards[:pointer], fan=0)


def talon_on_cycle(size: int, pointer: int, draw: int) -> bool:
    """Whether taps from here come back here (so every such split is equivalent).

    Draw 1 visits every split; draw 3 cycles through 0, 3, 6, … and ``size``.
    """
    return draw == 1 or pointer % draw == 0 or pointer == size


def talon_reachable(size: int, pointer: int, draw: int) -> list[int]:
    """Indices of the talon cards that taps alone can bring to the top of the waste.

    From ``pointer`` taps go ``pointer + draw, …`` up to ``size``, recycle to 0
    and then cycle ``draw, 2·draw, …, size`` forever.
    """
    if draw == 1:
        return list(range(size))
    found: list[int] = []
    if pointer > 0:
        found.append(pointer - 1)
    q = pointer
    while q < size:
        q = min(q + draw, size)
        found.append(q - 1)
    q = 0
    while q < size:
        q = min(q + draw, size)
        if q - 1 not in found:
            found.append(q - 1)
    return found


# -- unchecked primitives for search ---------------------------------------
#
# ``apply_move`` re-validates every move and searches for the card; a search
# that generates its moves from the rules' own tables already knows both. These
# do the same transformation as ``apply_move`` (auto-fill included) without
# the checks; ``tests/test_solver_moves.py`` checks they agree with it.

_state: Final = tuple.__new__
"""``State(...)`` without the keyword handling of the NamedTuple constructor (hot in search)."""

FROM_RESERVE: Final = -1
"""``source`` of :func:`play_known` for the reserve's top card."""
FROM_FOUNDATION: Final = FOUNDATION
"""``source`` of :func:`play_known` for a take-back (the card is its foundation's top)."""
FROM_WASTE: Final = -2
"""``source`` of :func:`play_known` for the waste's top card."""


def play_known(state: State, card: int, target: int, source: int) -> State:
    """``apply_move(state, card_move(card, target))[0]`` for a move known to be legal.

    ``source`` says where ``card`` is: a column 0-3 (it moves with the cards on
    it), :data:`FROM_RESERVE`, :data:`FROM_WASTE` or :data:`FROM_FOUNDATION`.
    The solver's K+ talon plays go through :func:`play_from_talon`.
    """
    stock, waste, reserve, found, columns, base, draw, fan = state
    c0, c1, c2, c3 = columns
    new_columns = [c0, c1, c2, c3]
    suit = card // 13
    if source == FROM_RESERVE:
        moving: tuple[int, ...] = (card,)
        reserve = reserve[:-1]
    elif source == FROM_FOUNDATION:
        moving = (card,)
        found = _add_to(found, suit, -1)
    elif source == FROM_WASTE:
        moving = (card,)
        waste = waste[:-1]
        fan = fan - 1 if fan > 0 else 0
    else:
        col = columns[source]
        i = col.index(card)
        moving = col[i:]
        rest = col[:i]
        if not rest and reserve:
            rest = (reserve[-1],)
            reserve = reserve[:-1]
        new_columns[source] = rest
    if target == FOUNDATION:
        found = _add_to(found, suit, 1)
    else:
        new_columns[target] = columns[target] + moving
    return _state(
        State,
        (
            stock,
            waste,
            reserve,
            found,
            (new_columns[0], new_columns[1], new_columns[2], new_columns[3]),
            base,
            draw,
            fan,
        ),
    )


def play_from_talon(
    state: State, card: int, rest: tuple[int, ...], pointer: int, target: int
) -> State:
    """Play a talon card that taps can bring up to ``target``.

    ``rest`` is the talon (see :func:`talon`) without ``card``. The result is
    ``apply_move`` after the taps that bring ``card`` to the waste top, with
    the remaining talon split after ``pointer`` cards: the play leaves it
    where ``card`` was, or any split taps reach from there (equivalent, see
    :func:`talon_on_cycle`).
    """
    found = state.foundations
    columns = state.columns
    if target == FOUNDATION:
        found = _add_to(found, card // 13, 1)
    else:
        new_columns = list(columns)
        new_columns[target] = columns[target] + (card,)
        columns = (new_columns[0], new_columns[1], new_columns[2], new_columns[3])
    return _state(
        State,
        (
            rest[pointer:][::-1],
            rest[:pointer],
            state.reserve,
            found,
            columns,
            state.base,
            state.draw,
            0,
        ),
    )


def _add_to(found: tuple[int, int, int, int], suit: int, step: int) -> tuple[int, int, int, int]:
    a, b, c, d = found
    if suit == 0:
        return (a + step, b, c, d)
    if suit == 1:
        return (a, b + step, c, d)
    if suit == 2:
        return (a, b, c + step, d)
    return (a, b, c, d + step)

"""The rules' tables and unchecked moves: the part of the rules a search runs millions of times.

:mod:`canfield.rules` answers "is this legal?" and carries a move out after
checking it; a search that generates its moves from these same tables already
knows both, so it calls :func:`play_known` and :func:`play_from_talon`, which
do exactly what ``apply_move`` does (auto-fill included) without the checks.
They live in the rules package, next to the checked API, so that a rule has
one home. ``tests/rules/test_kernel.py`` plays every variant both ways and compares.

Everything here reads the rule set from ``state.variant``; the tables of a
variant (which card goes on which in a column) are built once and kept.
"""

from __future__ import annotations

from typing import Final

from canfield.cards import CARDS, Card
from canfield.moves import FOUNDATION, Move
from canfield.state import State
from canfield.variants import Building, Variant, Wrap

__all__ = [
    "FROM_FOUNDATION",
    "FROM_RESERVE",
    "FROM_WASTE",
    "card_move",
    "children_table",
    "column_start",
    "parents_table",
    "play_from_talon",
    "play_known",
    "talon",
    "talon_on_cycle",
    "talon_reachable",
    "with_talon",
]

# _MOVES[card][target] for targets 0-3 (columns) and 4 (foundation): one interned Move each.
_MOVES: Final = tuple(tuple(Move(CARDS[c], t) for t in range(FOUNDATION + 1)) for c in range(52))

Table = tuple[frozenset[int], ...]
"""``table[c]``: the cards ``c`` may be placed on in a column."""

_PARENTS: dict[tuple[Variant, int], Table] = {}
_FLAT: dict[Variant, Table] = {}
_CHILDREN: dict[tuple[Variant, int], tuple[tuple[int, ...], ...]] = {}


def card_move(card: Card | int, target: int) -> Move:
    """The interned move of ``card`` to ``target`` (a column 0-3 or :data:`FOUNDATION`)."""
    return _MOVES[card][target]


def _builds(upper: int, lower: int, variant: Variant, base: int) -> bool:
    """Whether ``upper`` may lie on ``lower`` in a column under ``variant``, base card ``base``."""
    same_colour = (upper // 13 in (1, 2)) == (lower // 13 in (1, 2))
    if variant.building is Building.ALTERNATE_COLOURS and same_colour:
        return False
    if variant.wrap is Wrap.KING_ON_ACE:
        return lower % 13 == (upper % 13 + 1) % 13
    # ranks counted from the base: one step up, never from the rank below the base to the base
    return (lower - base) % 13 == (upper - base) % 13 + 1


def _key(variant: Variant, base: int) -> tuple[Variant, int]:
    return (variant, base % 13 if variant.wrap is Wrap.NOT_AT_BASE else 0)


def parents_table(variant: Variant, base: int) -> Table:
    """For each card, the cards it may be placed on in a column (``base`` matters for some)."""
    table = _FLAT.get(variant)  # the variants whose table does not depend on the base
    if table is not None:
        return table
    key = _key(variant, base)
    table = _PARENTS.get(key)
    if table is None:
        table = tuple(
            frozenset(d for d in range(52) if _builds(c, d, variant, base)) for c in range(52)
        )
        _PARENTS[key] = table
        if variant.wrap is not Wrap.NOT_AT_BASE:
            _FLAT[variant] = table
    return table


def children_table(variant: Variant, base: int) -> tuple[tuple[int, ...], ...]:
    """For each card, the cards that may be placed on it in a column."""
    key = _key(variant, base)
    table = _CHILDREN.get(key)
    if table is None:
        parents = parents_table(variant, base)
        table = tuple(tuple(c for c in range(52) if e in parents[c]) for e in range(52))
        _CHILDREN[key] = table
    return table


def column_start(column: tuple[int, ...], parents: Table) -> int:
    """Index of the first card of the column's longest built tail (its length if empty)."""
    i = len(column) - 1
    if i < 0:
        return 0
    while i > 0 and column[i - 1] in parents[column[i]]:
        i -= 1
    return i


# -- the talon (stock + waste) as one sequence -------------------------------------
#
# A tap never changes which cards lie in which order around the stock/waste
# cycle, only how many of them are on the waste, so a position's talon is its
# cards plus that count (the K+ model the solver searches).


def talon(state: State) -> tuple[tuple[int, ...], int]:
    """The talon cards in the order taps turn them (waste bottom first) and the waste size.

    Taps only move the split point: after a recycle the stock is the waste
    reversed, so ``waste + reversed(stock)`` is the same for every tap.
    """
    return state.waste + state.stock[::-1], len(state.waste)


def with_talon(state: State, cards: tuple[int, ...], pointer: int) -> State:
    """``state`` with the talon ``cards`` split after ``pointer`` cards onto the waste."""
    return state._replace(stock=cards[pointer:][::-1], waste=cards[:pointer])


def talon_on_cycle(size: int, pointer: int, draw: int) -> bool:
    """Whether taps from here come back here (with unlimited passes).

    Draw 1 visits every split; draw 3 cycles through 0, 3, 6, … and ``size``.
    """
    return draw == 1 or pointer % draw == 0 or pointer == size


def talon_reachable(size: int, pointer: int, draw: int) -> list[int]:
    """Indices of the talon cards that taps alone can bring to the top of the waste.

    With unlimited passes: from ``pointer`` taps go ``pointer + draw, …`` up
    to ``size``, recycle to 0 and then cycle ``draw, 2·draw, …, size`` forever.
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


# -- unchecked moves ---------------------------------------------------------------

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
    A column it empties is filled from the reserve where the variant says so.
    """
    stock, waste, reserve, found, columns, base, draw, variant, recycles = state
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
    else:
        col = columns[source]
        i = col.index(card)
        moving = col[i:]
        rest = col[:i]
        if not rest and reserve and variant.auto_fill:
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
            variant,
            recycles,
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
    :func:`talon_on_cycle`). The recycle count is left as it is.
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
            state.variant,
            state.recycles,
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

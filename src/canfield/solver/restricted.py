"""Restricted games: rule sets whose every line is a line of another's, so their wins are its wins.

A Superior deal the Superior search cannot win in minutes is often won under
the app's own Canfield rules in milliseconds: Canfield is Superior with the
empty columns filled for the player, and that smaller game is much easier to
search. docs/solver.md, "Restricted games as win-finders", proves
:func:`restricts` field by field and says which pairs ``solve`` uses and why.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from canfield.cards import CARDS
from canfield.moves import Move
from canfield.rules import apply_move
from canfield.solver.line import realize
from canfield.state import State
from canfield.variants import (
    CANFIELD,
    SUPERIOR,
    Building,
    ColumnMoves,
    EmptyColumns,
    Variant,
    Wrap,
)

__all__ = ["WIN_FINDERS", "carry_line", "realize_in", "restricts", "win_finder", "wins_carry"]

_WRAPS: Final = (Wrap.NOT_AT_BASE, Wrap.KING_ON_ACE)
_BUILDINGS: Final = (Building.ALTERNATE_COLOURS, Building.ANY_SUIT)
_COLUMN_MOVES: Final = (
    ColumnMoves.WHOLE_COLUMN,
    ColumnMoves.WHOLE_OR_UNCOVERING,
    ColumnMoves.ANY_TAIL,
)
_EMPTY_COLUMNS: Final = (
    EmptyColumns.AUTO_THEN_WASTE,
    EmptyColumns.AUTO_THEN_ANY,
    EmptyColumns.ANY_TIME,
)
"""Each field's values from the fewest moves allowed to the most (docs/solver.md)."""


def _at_most(smaller: object, larger: object, order: tuple[object, ...]) -> bool:
    return order.index(smaller) <= order.index(larger)


def restricts(smaller: Variant, larger: Variant) -> bool:
    """Whether every action of ``smaller`` is one of ``larger`` from the same position.

    An auto-fill of ``smaller`` counts as the move it makes (reserve's top into the
    emptied column), which ``larger`` allows where its columns take cards at any time.
    """
    passes = larger.passes is None or (
        smaller.passes is not None and smaller.passes <= larger.passes
    )
    return (
        smaller is not larger
        and smaller.start is larger.start
        and passes
        and (larger.take_backs or not smaller.take_backs)
        and _at_most(smaller.building, larger.building, _BUILDINGS)
        and _at_most(smaller.wrap, larger.wrap, _WRAPS)
        and _at_most(smaller.column_moves, larger.column_moves, _COLUMN_MOVES)
        and _at_most(smaller.empty_columns, larger.empty_columns, _EMPTY_COLUMNS)
    )


WIN_FINDERS: Final[dict[Variant, Variant]] = {SUPERIOR: CANFIELD}
"""The restricted game ``solve`` searches beside a variant's own, where one pays (measured in
docs/solver.md): Superior's empty columns take any card at any time, which makes its game far
larger to search than Canfield's, where the reserve fills them."""


def win_finder(state: State) -> State | None:
    """``state`` under its variant's win-finder's rules, when it is a position of that game.

    Not where the win-finder fills empty columns from the reserve and ``state`` has an empty
    column beside a reserve card: no position of that game looks like it.
    """
    rules = WIN_FINDERS.get(state.variant)
    if rules is None:
        return None
    filled = rules.empty_columns is not EmptyColumns.ANY_TIME
    if filled and state.reserve and not all(state.columns):
        return None
    return state._replace(variant=rules)


def realize_in(state: State, played: State, card_moves: Iterable[Move]) -> list[Move]:
    """A line ``played``'s search found, as actions of ``state``'s game, checked by its rules.

    ``played`` is ``state`` under a restricted game's rules (:func:`win_finder`): the taps are
    inserted as :func:`realize` does, and each of its auto-fills becomes the move it makes.
    Raises :class:`canfield.errors.IllegalMoveError` where an action does not replay.
    """
    line: list[Move] = []
    shadow = played
    for action in realize(played, card_moves):
        state, _ = apply_move(state, action)
        shadow, _ = apply_move(shadow, action)
        line.append(action)
        for column, cards in enumerate(shadow.columns):
            if cards and not state.columns[column]:  # the restricted game's auto-fill
                fill = Move(CARDS[cards[0]], column)
                state, _ = apply_move(state, fill)
                line.append(fill)
        if state._replace(variant=shadow.variant) != shadow:
            raise AssertionError(f"{action} leaves the two games apart: {state} / {shadow}")
    return line


def wins_carry(source: Variant, source_draw: int, target: Variant, draw: int) -> bool:
    """Whether every win of ``source`` in ``source_draw`` is a win of ``target`` in ``draw``.

    So it is for a restricted game (:func:`restricts`) in the same draw, for the same game's
    draw 3 in draw 1 (docs/solver.md, P2: a draw-3 win is a draw-1 win), and for both at once.
    """
    if (source, source_draw) == (target, draw):
        return False
    return (source is target or restricts(source, target)) and source_draw in (draw, 3)


def carry_line(state: State, won: State, line: Iterable[Move]) -> list[Move]:
    """``line``, a win of ``won``, as actions of ``state``'s game, replayed by its rules.

    ``won`` is the same position in a game whose wins are ``state``'s (:func:`wins_carry`):
    its card moves are kept, the taps are made again for ``state``'s draw (:func:`realize`),
    and where ``won``'s game fills emptied columns itself, the fills are made by hand
    (:func:`realize_in`). Raises ValueError if ``won`` is another position, and
    :class:`canfield.errors.IllegalMoveError` or AssertionError where the line does not replay.
    """
    if not wins_carry(won.variant, won.draw, state.variant, state.draw):
        raise ValueError(
            f"a win of {won.variant.name} draw {won.draw} is not one of "
            f"{state.variant.name} draw {state.draw}"
        )
    shadow = won._replace(draw=state.draw)
    if shadow != state._replace(variant=won.variant):
        raise ValueError("the two positions are not the same deal")
    card_moves = [move for move in line if move != Move.DRAW]
    if shadow.variant is state.variant:
        return realize(state, card_moves)
    return realize_in(state, shadow, card_moves)

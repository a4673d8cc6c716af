"""Turn the solver's card moves into a line of real actions, taps included, checked by the rules."""

from __future__ import annotations

from collections.abc import Iterable

from canfield.moves import Move
from canfield.rules import apply_move
from canfield.state import State

__all__ = ["realize"]


def realize(state: State, card_moves: Iterable[Move]) -> list[Move]:
    """Insert the stock taps each talon play needs; every action is applied by the rules.

    Raises :class:`canfield.errors.IllegalMoveError` if a move does not replay,
    so a line that comes back is legal by construction.
    """
    line: list[Move] = []
    for move in card_moves:
        card = move.card
        if card is not None and (card in state.stock or card in state.waste):
            limit = 2 * (len(state.stock) + len(state.waste)) + 2
            while not (state.waste and state.waste[-1] == card):
                if limit == 0:
                    raise AssertionError(f"taps never bring {card} to the waste top")
                limit -= 1
                state, _ = apply_move(state, Move.DRAW)
                line.append(Move.DRAW)
        state, _ = apply_move(state, move)
        line.append(move)
    return line

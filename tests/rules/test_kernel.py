"""The kernel's unchecked moves do exactly what the checked rules do, in every variant."""

from __future__ import annotations

import random

import pytest

from canfield import VARIANTS, Game
from canfield.moves import STOCK
from canfield.rules import apply_move, can_stack, legal_moves, locate
from canfield.rules.kernel import (
    FROM_FOUNDATION,
    FROM_RESERVE,
    FROM_WASTE,
    children_table,
    parents_table,
    play_known,
)
from canfield.state import State
from canfield.variants import variant_named


def _source(state: State, card: int) -> int:
    where = locate(state, card)
    if where.pile == "reserve":
        return FROM_RESERVE
    if where.pile == "waste":
        return FROM_WASTE
    if where.pile == "foundation":
        return FROM_FOUNDATION
    return where.slot


@pytest.mark.parametrize("name", VARIANTS)
def test_play_known_equals_apply_move_for_every_legal_move(name: str) -> None:
    rng = random.Random(name)
    checked = 0
    for deal in range(26):  # 12 deals, more where random play ends early (solvitaire_strict)
        if deal >= 12 and checked > 1000:
            break
        game = Game.from_code(f"CF1-{name.upper()}-D{rng.choice((1, 3))}-AAAAB{chr(65 + deal)}C")
        for _ in range(250):
            state = game.state
            moves = legal_moves(state)
            for move in moves:
                if move.target == STOCK:
                    continue
                assert move.card is not None
                expected, _ = apply_move(state, move)
                got = play_known(state, move.card, move.target, _source(state, move.card))
                assert got == expected, (str(state), move)
                checked += 1
            if not moves:
                break
            game.play(rng.choice(moves))
    assert checked > 1000


def _fits(name: str, base: int, upper: int, lower: int) -> bool:
    """The column rule as the variants' rows say it, written out independently."""
    red = {1, 2}
    if name != "rainbow" and ((upper // 13 in red) == (lower // 13 in red)):
        return False  # alternate colours everywhere but rainbow
    if name in ("solvitaire", "solvitaire_strict"):
        order = [(base % 13 + k) % 13 for k in range(13)]  # ranks counted from the base
        return order.index(lower % 13) == order.index(upper % 13) + 1
    return lower % 13 == (upper % 13 + 1) % 13  # one rank higher, K on A


@pytest.mark.parametrize("name", VARIANTS)
def test_the_tables_say_the_column_rule(name: str) -> None:
    variant = variant_named(name)
    for base in (0, 6, 12, 27):
        state = Game.from_code(f"CF1-{name.upper()}-D3-AAAAACL").state._replace(base=base)
        parents = parents_table(variant, base)
        children = children_table(variant, base)
        for upper in range(52):
            for lower in range(52):
                fits = _fits(name, base, upper, lower)
                assert can_stack(state, upper, lower) == fits, (name, base, upper, lower)
                assert (lower in parents[upper]) == fits
                assert (upper in children[lower]) == fits

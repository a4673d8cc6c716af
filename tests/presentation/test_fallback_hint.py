"""Where the solver cannot decide, Hint still points at a sensible move, said to be unproved."""

from __future__ import annotations

import random

import pytest

from canfield import Game
from canfield.moves import FOUNDATION, Move
from canfield.presentation.answers import fallback_hint, hint_sentence
from canfield.rules import is_legal, legal_moves


@pytest.mark.parametrize(
    "code", ["CF1-D3-AAAAACL", "CF1-RAINBOW-D1-AAAAACL", "CF1-STRICT-D3-AAAAACL"]
)
def test_along_random_games_the_fallback_is_legal_and_in_its_order(code: str) -> None:
    rng = random.Random(code)
    for _game in range(5):
        game = Game.from_code(code)
        for _step in range(300):
            state = game.state
            moves = legal_moves(state)
            hint = fallback_hint(state)
            if not moves:
                assert hint is None
                break
            assert hint is not None and is_legal(state, hint)
            top = state.reserve[-1] if state.reserve else None
            if any(m.card == top and m.target == FOUNDATION for m in moves if top is not None):
                assert hint.card == top and hint.target == FOUNDATION  # the reserve's card home
            elif any(m.card is not None and m.card == top for m in moves):
                assert hint.target == FOUNDATION or hint.card == top  # home if safe, else free it
            elif not any(m.target == FOUNDATION for m in moves if m.card is not None):
                assert hint == (Move.DRAW if Move.DRAW in moves else moves[0])
            game.play(rng.choice(moves))


def test_it_frees_the_reserve_before_it_draws() -> None:
    state = Game.from_code("CF1-D3-AAAAACL").state  # the reserve's queen of clubs fits column 2
    hint = fallback_hint(state)
    assert hint is not None and hint.card is not None
    assert int(hint.card) == state.reserve[-1] and hint.target < FOUNDATION


def test_when_drawing_is_the_only_move_it_says_draw() -> None:
    game = Game.from_code("CF1-RAINBOW-D1-AAAAACL")
    for move in ["s", "s", "s", "s", "s", "s", "QD>2", "KH>4", "s", "s", "s", "s", "8H>f"]:
        game.play(move)
    assert legal_moves(game.state) == [Move.DRAW]
    assert fallback_hint(game.state) == Move.DRAW
    text = hint_sentence(game.state, Move.DRAW, "en", proved=False)
    assert text == "Hint: tap the stock (not proved: the solver could not decide in time)"

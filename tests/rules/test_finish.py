"""Auto-finish's proof: a line of moves home and stock taps only, found by the rules."""

from __future__ import annotations

import pytest

from canfield import Game
from canfield.moves import FOUNDATION, Move
from canfield.rules import finishing_line
from canfield.solver import Verdict, solve

CODES = ("CF1-D3-AAAAACL", "CF1-D1-AAAAACL", "CF1-SUPERIOR-D3-AAAAACL", "CF1-STOREHOUSE-D1-AAAAACL")


def near_the_end(code: str) -> tuple[Game, tuple[Move, ...]]:
    """The game played along a solver's winning line up to where the rules find a finish."""
    game = Game.from_code(code)
    result = solve(game, time_limit=20)
    assert result.verdict is Verdict.WON
    for move in result.line:
        line = finishing_line(game.state)
        if line is not None:
            return game, line
        game.play(move)
    raise AssertionError("the rules found no finish even one action before the win")


@pytest.mark.parametrize("code", CODES)
def test_a_finishing_line_is_moves_home_and_draws_and_wins(code: str) -> None:
    game, line = near_the_end(code)
    assert not game.is_won and len(line) > 1
    assert all(m == Move.DRAW or m.target == FOUNDATION for m in line)
    assert sum(m != Move.DRAW for m in line) == 52 - sum(game.state.foundations)
    for move in line:
        game.play(move)  # through the rules: a line that does not replay raises
    assert game.is_won


@pytest.mark.parametrize("code", CODES)
def test_no_finish_while_a_choice_is_left(code: str) -> None:
    game = Game.from_code(code)
    assert finishing_line(game.state) is None  # the opening needs column play
    game, _line = near_the_end(code)
    game.undo()  # one action before the rules first found a finish: none there
    assert finishing_line(game.state) is None


def test_a_won_game_needs_no_finish() -> None:
    game, line = near_the_end(CODES[0])
    for move in line:
        game.play(move)
    assert finishing_line(game.state) == ()

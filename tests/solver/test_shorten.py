"""The winning lines the solver hands out are short: its depth-first stack is cut where one
move skips ahead, and what is left still wins, move by move under the rules."""

from __future__ import annotations

import time

import pytest

from canfield.deal import deck_for_deal
from canfield.moves import Move
from canfield.rules import apply_move
from canfield.solver import api
from canfield.solver import shorten as shorten_module
from canfield.solver.line import realize
from canfield.solver.search import COMPILED, Options, Search
from canfield.solver.shorten import PAIR_WALKS, SHORT, cut_once, cut_twice, shorten
from canfield.state import State, initial_state
from canfield.variants import VARIANTS, variant_named


def _stack_win(state: State, nodes: int) -> list[Move] | None:
    """The main search's own winning line (its stack), or None if it has none in ``nodes``."""
    found = Search(state, Options(probe=api.PROBE)).run(None, nodes, time.process_time)
    return list(found.moves) if found.verdict is api.Verdict.WON else None


def _ends_won(state: State, actions: list[Move]) -> bool:
    for action in actions:
        state, _ = apply_move(state, action)
    return state.is_won


def test_a_wandering_win_becomes_a_line_a_player_can_watch() -> None:
    # deal 5, draw 3: the main search wins in about 30,000 positions, and its stack is a
    # walk of 16,597 card moves (a "Show me" of three hours, at 0.65 s an action)
    state = initial_state(deck_for_deal(5), 3, variant_named("canfield"))
    stack = _stack_win(state, 60_000)
    assert stack is not None and len(stack) > 10_000
    line = shorten(state, stack)
    assert len(line) < 400
    assert _ends_won(state, realize(state, line))


def test_every_solution_of_the_solver_is_short() -> None:
    state = initial_state(deck_for_deal(5), 3, variant_named("canfield"))
    found = api.solve(
        state, time_limit=None, node_limit=2_000_000, restarts=False, quick_first=False
    )
    assert found.verdict is api.Verdict.WON
    assert len(found.line) < 600
    assert _ends_won(state, list(found.line))


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("draw", [1, 3])
def test_a_cut_line_still_wins_in_every_variant(
    variant: str, draw: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(shorten_module, "SHORT", 0)  # every line is cut, however short
    cut = 0
    for deal in range(12):
        state = initial_state(deck_for_deal(deal), draw, variant_named(variant))
        stack = _stack_win(state, 20_000)
        if stack is None:
            continue
        line = shorten(state, stack)
        assert len(line) <= len(stack)
        assert _ends_won(state, realize(state, line)), (variant, draw, deal)
        cut += len(line) < len(stack)
    if variant in ("canfield", "superior"):
        assert cut  # the games with take-backs wander, and some line of theirs is cut


@pytest.mark.slow  # 20 s of CPU: the walks with pairs over lines of thousands of moves
def test_a_line_cut_once_that_is_still_long_is_cut_again_with_jumps_of_two_moves() -> None:
    # R1 (the search keyed by the links node) wins deal 1, draw 3, in about 30,000 positions
    # with a walk of 13,714 card moves that meets few of its own positions again: cut once
    # it keeps 4,429; a walk with jumps of two moves takes it to 1,627, the next to 1,056,
    # and it still wins
    state = initial_state(deck_for_deal(1), 3, variant_named("canfield"))
    found = Search(state, Options(links=True)).run(None, 100_000)
    assert found.verdict is api.Verdict.WON
    walks = _each_walk(state, found.moves)
    assert len(walks) == 1 + PAIR_WALKS == 3  # cut once, then both walks with pairs cut more
    once, twice, thrice = walks
    assert len(once) > 3 * SHORT
    assert len(twice) < len(once) * 2 // 3
    assert len(thrice) < len(twice)
    line = shorten(state, found.moves)
    assert _ends_won(state, realize(state, line))
    assert line == walks[-1]
    if found.cut is not None:  # the compiled core's own cut makes the same walks
        assert found.cut == line


def _each_walk(state: State, moves: list[Move]) -> list[list[Move]]:
    """shorten's walks, spelled out, each line they leave: once, then with pairs while longer
    than SHORT and shorter each time, at most PAIR_WALKS times (with SHORT as imported,
    whatever a test patches)."""
    lines = [cut_once(state, moves)]
    for _walk in range(PAIR_WALKS):
        line = lines[-1]
        if len(line) <= SHORT or len(shorter := cut_twice(state, line)) >= len(line):
            break
        lines.append(shorter)
    return lines


def _walks(state: State, moves: list[Move]) -> list[Move]:
    """The line shorten's walks leave."""
    return _each_walk(state, moves)[-1]


def test_a_short_line_is_kept_as_it_is() -> None:
    state = initial_state(deck_for_deal(0), 3, variant_named("canfield"))
    stack = _stack_win(state, 20_000)
    assert stack is not None
    first = stack[:SHORT]
    assert shorten(state, first) == first


def test_a_line_that_does_not_win_is_not_cut() -> None:
    # a line cut by hand before its end wins nothing; shorten has no win to keep and keeps it
    state = initial_state(deck_for_deal(5), 3, variant_named("canfield"))
    stack = _stack_win(state, 60_000)
    assert stack is not None
    part = stack[:1000]
    assert shorten(state, part) == part


@pytest.mark.skipif(not COMPILED, reason="the compiled core is not built")
@pytest.mark.parametrize(
    ("draw", "variant"),
    [
        # rainbow draw 3's long wins take shorten's walks 24 s of CPU: in the slow tier
        pytest.param(draw, name, marks=pytest.mark.slow)
        if (name, draw) == ("rainbow", 3)
        else (draw, name)
        for name in sorted(VARIANTS)
        for draw in (1, 3)
    ],
)
def test_the_core_cuts_a_win_as_shorten_does(
    variant: str, draw: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the core cuts every win as it is found, while its stack holds the positions; shorten's
    # own walk of the same line (every line walked, however short) must give the same moves,
    # whatever the search's options were (the cut's moves are the game's, not the search's)
    monkeypatch.setattr(shorten_module, "SHORT", 0)
    compared = 0
    for deal in range(8):
        state = initial_state(deck_for_deal(deal), draw, variant_named(variant))
        for options in (
            Options(probe=api.PROBE),
            Options(take_backs=False),
            Options(seed=3),
            Options(links=True),
        ):
            found = Search(state, options, compiled=True).run(None, 20_000, time.process_time)
            if found.verdict is not api.Verdict.WON:
                continue
            assert found.cut is not None
            assert found.cut == _walks(state, found.moves), (deal, options)
            compared += 1
    assert compared or variant in ("rainbow", "strict")  # one pass: few wins in 20,000


@pytest.mark.skipif(not COMPILED, reason="the compiled core is not built")
def test_the_core_cuts_again_past_the_same_length_and_as_often_as_shorten() -> None:
    from canfield.solver import _core

    assert (_core.CUT_SHORT, _core.CUT_PAIR_WALKS) == (SHORT, PAIR_WALKS)

"""The blind search (P6): a loss of the game that cannot tell apart cards the columns treat alike.

Its positions are classes of positions alike but for which of the cards the
building cannot tell apart (the same rank where columns build in any suit,
the same rank and colour where they alternate) lies where in the columns
(docs/solver.md, P6). What the proof needs is checked here, in every
variant it holds in: alike positions have the same blind successors, which
cover every real successor; the compiled and Python blind searches are the
same search; its verdicts never contradict a brute force or the plain
search; and ``solve`` uses it to prove losses the plain search does not reach.
"""

from __future__ import annotations

import random

import pytest
from solver_oracle import brute_force
from test_search_core import positions
from test_solver_variants import locked, small

from canfield import Game
from canfield.deal import DealCode, deck_for_deal
from canfield.solver import Verdict, solve
from canfield.solver.search import (
    COMPILED,
    Limits,
    Options,
    Search,
    _key,
    _normalize,
    expand,
    view_of,
)
from canfield.state import State, initial_state
from canfield.variants import RAINBOW, SOLVITAIRE, VARIANTS, Variant, variant_named

needs_core = pytest.mark.skipif(not COMPILED, reason="the compiled core is not built")
BLIND = Options(blind=True)
BLINDABLE = [variant_named(name) for name in VARIANTS if name != "solvitaire"]


def blind_key(state: State) -> tuple[object, ...]:
    node, _, pointer = _normalize(state)
    return _key(node, pointer, True, view_of(node).alias)


def alike(state: State, rng: random.Random) -> State:
    """``state`` with the cards of each alias dealt anew over that alias's places in the columns."""
    alias = view_of(state).alias
    places: dict[int, list[int]] = {}
    for col in state.columns:
        for card in col:
            places.setdefault(alias[card], []).append(card)
    for cards in places.values():
        rng.shuffle(cards)
    a, b, c, d = (tuple(places[alias[card]].pop() for card in col) for col in state.columns)
    return state._replace(columns=(a, b, c, d))


def test_the_columns_tell_apart_what_the_building_does() -> None:
    rainbow = view_of(initial_state(deck_for_deal(1), 1, RAINBOW)).alias
    assert len(set(rainbow)) == 13 and rainbow[13 + 4] == rainbow[4]  # 5H is 5S
    classic = view_of(initial_state(deck_for_deal(1), 3, variant_named("classic"))).alias
    assert len(set(classic)) == 26
    assert classic[2 * 13 + 4] == classic[13 + 4] != classic[4]  # 5D is 5H, not 5S
    assert classic[3 * 13 + 4] == classic[4]  # 5C is 5S
    assert view_of(initial_state(deck_for_deal(1), 3, SOLVITAIRE)).blind is False


@pytest.mark.parametrize("variant", BLINDABLE, ids=str)
def test_alike_positions_have_the_same_blind_successors_and_they_cover_every_real_one(
    variant: Variant,
) -> None:
    rng = random.Random(6)
    checked = 0
    for state in positions(variant, 1, 8, 61) + positions(variant, 3, 8, 62):
        blind = {blind_key(child) for _, child in expand(state, BLIND)}
        for _ in range(4):
            other = alike(state, rng)
            assert blind_key(other) == blind_key(state)
            assert {blind_key(child) for _, child in expand(other, BLIND)} == blind, state
            real = {blind_key(child) for _, child in expand(other, Options(safe_up=False))}
            assert real <= blind, (state, other)
            checked += other != state
    assert checked > 10  # the shuffles did make other positions


def same_search(state: State, limits: Limits) -> None:
    python = Search(state, BLIND, limits.table_limit, compiled=False)
    core = Search(state, BLIND, limits.table_limit, compiled=True)
    a = python.run(limits.time_limit, limits.node_limit)
    b = core.run(limits.time_limit, limits.node_limit)
    assert (a.verdict, a.nodes) == (b.verdict, b.nodes), state
    assert a.moves == b.moves == []  # a blind win is no line of the game


@needs_core
@pytest.mark.parametrize("variant", BLINDABLE, ids=str)
def test_the_compiled_blind_search_is_the_python_blind_search(variant: Variant) -> None:
    for state in positions(variant, 1, 6, 63) + positions(variant, 3, 6, 64):
        assert expand(state, BLIND, compiled=True) == expand(state, BLIND), state
    for number in range(2):
        for draw in (1, 3):
            state = initial_state(deck_for_deal(number + 40), draw, variant)
            same_search(state, Limits(node_limit=3000))
    for state in small(variant, 6, 65, (5, 12), 4):
        same_search(state, Limits(time_limit=20))


LOST_QUICKLY = (8, 12, 39, 43, 91, 109, 114)
"""Rainbow draw-3 deals the plain search proves lost in a few hundred positions."""


@pytest.mark.parametrize("compiled", [False, pytest.param(True, marks=needs_core)])
def test_blind_verdicts_never_contradict_a_brute_force_or_the_plain_search(compiled: bool) -> None:
    truths: list[tuple[State, bool]] = []
    for state in small(RAINBOW, 20, 66, (4, 10), 3) + [
        locked(RAINBOW, draw, extra) for draw in (1, 3) for extra in (0, 2)
    ]:
        truth = brute_force(state, 8000)
        if truth is not None:
            truths.append((state, truth))
    for number in LOST_QUICKLY:
        state = initial_state(deck_for_deal(number), 3, RAINBOW)
        plain = Search(state, compiled=compiled).run(30, 5000)
        assert plain.verdict is not Verdict.UNKNOWN, number
        truths.append((state, plain.verdict is Verdict.WON))
    seen = {Verdict.WON: 0, Verdict.LOST: 0}
    for state, truth in truths:
        found = Search(state, BLIND, compiled=compiled).run(30)
        assert found.verdict is not Verdict.UNKNOWN, state
        seen[found.verdict] += 1
        if truth:
            assert found.verdict is Verdict.WON, state  # a real win is a blind win
        if found.verdict is Verdict.LOST:
            assert truth is False, state  # a blind loss is a real loss
    assert seen[Verdict.WON] >= 5 and seen[Verdict.LOST] >= 5, seen


def test_no_blind_search_where_part_moves_read_the_foundations() -> None:
    state = initial_state(deck_for_deal(1), 3, SOLVITAIRE)
    with pytest.raises(ValueError, match="no blind search in solvitaire"):
        Search(state, BLIND)
    state = initial_state(deck_for_deal(1), 3, variant_named("canfield"))
    with pytest.raises(ValueError, match="P3 and P4"):
        Search(state, Options(blind=True, tail_rule=True))


# (strict draw 1, deal 22, was here: with the talon in the blind key it is a blind win)
@pytest.mark.parametrize(("name", "draw", "number"), [("rainbow", 3, 101)])
def test_solve_proves_a_loss_the_plain_search_does_not_reach(
    name: str, draw: int, number: int
) -> None:
    state = initial_state(deck_for_deal(number), draw, variant_named(name))
    plain = Search(state).run(node_limit=1_000_000)
    assert plain.verdict is Verdict.UNKNOWN
    found = solve(state, time_limit=None, node_limit=400_000)
    assert found.verdict is Verdict.LOST and found.line == ()


def _twin_out_of_the_talon(state: State) -> State | None:
    """``state`` with a talon card and its twin in the columns trading places, if any."""
    alias = view_of(state).alias
    for card in state.stock:
        for k, col in enumerate(state.columns):
            for i, other in enumerate(col):
                if other != card and alias[other] == alias[card]:
                    columns = list(state.columns)
                    columns[k] = (*col[:i], card, *col[i + 1 :])
                    stock = tuple(other if c == card else c for c in state.stock)
                    a, b, c, d = columns
                    return state._replace(stock=stock, columns=(a, b, c, d))
    return None


@pytest.mark.parametrize("variant", BLINDABLE, ids=str)
def test_a_blind_key_says_which_twin_is_in_the_talon(variant: Variant) -> None:
    """Two twins trading places between the talon and the columns are not alike (P6 keys).

    Without the talon in the key, playing either twin from the talon onto the same card made
    one blind node of two positions with different talons, and a won deal was "lost"
    (``classic`` with Solvitaire's wrap, deal 109).
    """
    traded = 0
    for state in positions(variant, 1, 10, 67) + positions(variant, 3, 10, 68):
        other = _twin_out_of_the_talon(state)
        if other is None:
            continue
        traded += 1
        assert blind_key(other) != blind_key(state), state
    assert traded >= 5


@pytest.mark.parametrize("compiled", [False, pytest.param(True, marks=needs_core)])
def test_the_deal_the_old_blind_key_lost_is_won_in_solvitaire_strict(compiled: bool) -> None:
    """``solvitaire_strict`` draw 3, deal 109 (the external check's one disagreement, when the
    variant was a scratch rule set): the old key's blind search called it lost in 1,489
    positions; Solvitaire and the plain search win it (4,324 positions)."""
    game = Game.from_code(DealCode(109, 3, variant_named("solvitaire_strict")))
    blind = Search(game.state, BLIND, compiled=compiled).run(node_limit=50_000)
    assert blind.verdict is not Verdict.LOST
    found = solve(game, time_limit=20, node_limit=50_000)
    assert found.verdict is Verdict.WON
    for move in found.line:
        game.play(move)
    assert game.is_won

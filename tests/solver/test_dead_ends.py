"""P8, buried cards where only whole columns move (docs/solver.md), held to the brute force.

In ``classic`` and ``solvitaire_strict`` (``classic`` with ranks counted from the base)
a card leaves a column only by going up from its end, so a card
lying above a lower card of its own suit can never go up, nor can the one under
it. Every position the search skips for that must be lost by the rules alone,
the search's verdicts must be the brute force's with the pruning on and off,
and the compiled core must skip exactly what the Python search skips.
"""

from __future__ import annotations

import random

import pytest
from solver_oracle import brute_force
from test_solver_variants import small

from canfield.deal import deck_for_deal
from canfield.rules import apply_move, legal_moves
from canfield.solver.search import Options, Search, Verdict, _buried, core_in_use, view_of
from canfield.state import State, initial_state
from canfield.variants import VARIANTS, Variant, variant_named

FOUNDATION = 4
CLASSIC = variant_named("classic")
WHOLE_COLUMNS = [CLASSIC, variant_named("solvitaire_strict")]
"""The variants P8 holds in: its proof reads neither the wrap nor the building."""


def _walk(state: State, rng: random.Random, steps: int) -> list[State]:
    """Positions of random play from ``state``: where the pruning meets its cases."""
    out = [state]
    for _ in range(steps):
        moves = legal_moves(state)
        if not moves:
            break
        state, _ = apply_move(state, rng.choice(moves))
        out.append(state)
    return out


def _buried_anywhere(state: State) -> bool:
    return any(_buried(column, state.base) for column in state.columns)


def test_p8_holds_only_where_column_cards_leave_only_by_going_up() -> None:
    deck = deck_for_deal(0)
    holds = {
        name: view_of(initial_state(deck, 3, variant_named(name))).dead_ends for name in VARIANTS
    }
    assert holds == {name: variant_named(name) in WHOLE_COLUMNS for name in VARIANTS}


def test_a_buried_card_is_found_wherever_it_lies() -> None:
    base = 4  # the 5s start the foundations: 5♠ goes up before 9♠, 4♠ last of spades
    assert _buried((4, 8), base)  # 9♠ on 5♠
    assert _buried((4, 20, 8), base)  # 9♠ above 5♠ with another suit between
    assert _buried((4, 3), base)  # 4♠, the last spade, on 5♠, the first
    assert not _buried((8, 4), base)  # 5♠ on 9♠ goes up first
    assert not _buried((8, 20, 33), base)  # no two cards of one suit
    assert not _buried((), base)


@pytest.mark.parametrize("variant", WHOLE_COLUMNS, ids=str)
def test_every_position_p8_skips_is_lost_by_the_rules(variant: Variant) -> None:
    """The claim itself: random small positions (both draws) and random play from them, every
    one with a buried card is lost by the brute force (which knows nothing of the solver)."""
    rng = random.Random(8)
    checked = 0
    for start in small(variant, 300, 81, (6, 12), 3):
        for state in _walk(start, rng, 6):
            if not _buried_anywhere(state):
                continue
            verdict = brute_force(state, 30_000)
            if verdict is None:
                continue
            assert verdict is False, state
            checked += 1
    assert checked >= 40, checked


@pytest.mark.parametrize("variant", WHOLE_COLUMNS, ids=str)
@pytest.mark.parametrize("compiled", [False, True], ids=["python", "core"])
def test_verdicts_with_p8_are_the_brute_forces(compiled: bool, variant: Variant) -> None:
    if compiled and not core_in_use():
        pytest.skip("no compiled core in this build")
    decided = {True: 0, False: 0}
    for state in small(variant, 250, 91, (6, 12), 3):
        truth = brute_force(state, 30_000)
        if truth is None:
            continue
        found = Search(state, Options(), compiled=compiled).run(node_limit=200_000)
        off = Search(state, Options(dead_ends=False), compiled=False).run(node_limit=200_000)
        assert found.verdict is off.verdict is (Verdict.WON if truth else Verdict.LOST), state
        decided[truth] += 1
    assert decided[True] >= 20 and decided[False] >= 20, decided


@pytest.mark.parametrize(("number", "draw"), [(1000028, 3), (1000044, 3), (5, 3), (7, 1), (12, 1)])
def test_the_core_skips_what_the_python_search_skips(number: int, draw: int) -> None:
    """Node for node: the same count and the same line (or the same loss) in both searches."""
    if not core_in_use():
        pytest.skip("no compiled core in this build")
    state = initial_state(deck_for_deal(number), draw, CLASSIC)
    core = Search(state, Options(), compiled=True).run(node_limit=40_000)
    python = Search(state, Options(), compiled=False).run(node_limit=40_000)
    assert (core.verdict, core.nodes, core.moves) == (python.verdict, python.nodes, python.moves)


def test_p8_proves_a_deal_the_plain_search_leaves_open() -> None:
    """``classic`` draw 3, deal 1,000,028 (an atlas deal unknown at 10 s): lost in 35,195
    positions with P8; still open after 60,000 without it."""
    state = initial_state(deck_for_deal(1000028), 3, CLASSIC)
    found = Search(state, Options(), compiled=False).run(node_limit=60_000)
    assert (found.verdict, found.nodes) == (Verdict.LOST, 35_195)
    plain = Search(state, Options(dead_ends=False), compiled=False).run(node_limit=60_000)
    assert plain.verdict is Verdict.UNKNOWN


def test_the_blind_search_does_not_skip_buried_cards() -> None:
    """P8 reads suits, which a blind position forgets (and the blind swap lets a buried card
    go up), so the blind search keeps every position: the same count with P8 on and off."""
    state = initial_state(deck_for_deal(1000028), 3, CLASSIC)
    on = Search(state, Options(blind=True), compiled=False).run(node_limit=20_000)
    off = Search(state, Options(blind=True, dead_ends=False), compiled=False).run(node_limit=20_000)
    assert (on.verdict, on.nodes) == (off.verdict, off.nodes)


def test_p8_never_fires_from_a_deal_of_solvitaire_strict() -> None:
    """Without the wrap every column of a dealt game stays one built run, its ranks falling from
    the base, so no card lies above a lower card of its suit: P8 holds there but prunes nothing
    (the same search with it off), where in ``classic`` the wrap makes such pairs."""
    strict = variant_named("solvitaire_strict")
    rng = random.Random(18)
    seen = 0
    for number in range(40):
        start = initial_state(deck_for_deal(number), rng.choice((1, 3)), strict)
        for state in _walk(start, rng, 120):
            assert not _buried_anywhere(state), state
            seen += 1
    assert seen > 2000, seen
    state = initial_state(deck_for_deal(1000001), 3, strict)
    on = Search(state, Options(), compiled=False).run(node_limit=20_000)
    off = Search(state, Options(dead_ends=False), compiled=False).run(node_limit=20_000)
    assert (on.verdict, on.nodes, on.moves) == (off.verdict, off.nodes, off.moves)
    assert on.verdict is Verdict.WON

"""P8, cards that must go up before each other where only whole columns move (docs/solver.md),
held to the brute force.

In ``classic`` and ``solvitaire_strict`` (``classic`` with ranks counted from the base)
a card leaves a column only by going up from its end, so it goes up
before the card under it, and a foundation takes its suit in order: where these
constraints close a cycle (a card above a lower card of its own suit is the shortest),
no line sends every card up. Every position the search skips for that must be lost by
the rules alone, only a move that puts cards on a column's end may close a cycle (the
search checks only there, and the root), the search's verdicts must be the brute
force's with the pruning on and off, and the compiled core must skip exactly what the
Python search skips.
"""

from __future__ import annotations

import random

import pytest
from solver_oracle import brute_force
from test_solver_variants import small

from canfield.deal import deck_for_deal
from canfield.rules import apply_move, legal_moves
from canfield.solver.search import (
    Options,
    Search,
    Verdict,
    _dead_end,
    _goes_up_first,
    core_in_use,
    view_of,
)
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


def _dead(state: State) -> bool:
    return _dead_end(state.columns, state.base)


def _pair(state: State) -> bool:
    """P8's first form: a card above a card of its own suit that goes up before it."""
    for column in state.columns:
        low = [13, 13, 13, 13]
        for card in column:
            rank = (card - state.base) % 13
            if rank > low[card // 13]:
                return True
            low[card // 13] = rank
    return False


def _positions(seed: int, count: int, variant: Variant = CLASSIC) -> list[State]:
    """Random small positions of both draws and random play from each."""
    rng = random.Random(seed)
    return [s for start in small(variant, count, seed, (6, 12), 3) for s in _walk(start, rng, 6)]


def test_p8_holds_only_where_column_cards_leave_only_by_going_up() -> None:
    deck = deck_for_deal(0)
    holds = {
        name: view_of(initial_state(deck, 3, variant_named(name))).dead_ends for name in VARIANTS
    }
    assert holds == {name: variant_named(name) in WHOLE_COLUMNS for name in VARIANTS}


def test_a_cycle_is_found_wherever_it_lies() -> None:
    base = 4  # the 5s start the foundations: 5♠ goes up before 9♠, 4♠ last of spades
    assert _dead_end(((4, 8), (), (), ()), base)  # 9♠ on 5♠
    assert _dead_end(((4, 20, 8), (), (), ()), base)  # 9♠ above 5♠ with another suit between
    assert _dead_end(((4, 3), (), (), ()), base)  # 4♠, the last spade, on 5♠, the first
    assert not _dead_end(((8, 4), (), (), ()), base)  # 5♠ on 9♠ goes up first
    assert not _dead_end(((8, 20, 33), (), (), ()), base)  # no two cards of one suit
    assert not _dead_end(((), (), (), ()), base)
    # 7♥ on 5♠ and 6♠ on 6♥: 7♥ before 5♠ before 6♠ before 6♥ before 7♥, across two columns
    assert _dead_end(((4, 19), (18, 5), (), ()), base)
    assert not _dead_end(((4, 19), (5, 18), (), ()), base)  # 6♥ on 6♠: no cycle
    # 7♥ put on 5♠ closes it (5♠ reaches 7♥); 6♥ put on 6♠ does not
    assert _goes_up_first(((4, 19), (18, 5), (), ()), 0, 1, base)
    assert not _goes_up_first(((4, 19), (5, 18), (), ()), 1, 1, base)
    # 8♥ with 6♠ on it put on 5♠ (a whole column): 5♠ reaches 6♠ by its suit, 6♠ lies on 8♥
    assert _goes_up_first(((4, 20, 5), (), (), ()), 0, 1, base)
    # only the edge the move adds is asked about: 7♥ on 6♥ was there before 6♥ came onto 5♠
    assert not _goes_up_first(((4, 18, 19), (), (), ()), 0, 1, base)
    assert _dead_end(((4, 18, 19), (), (), ()), base)


@pytest.mark.parametrize("variant", WHOLE_COLUMNS, ids=str)
def test_every_position_p8_skips_is_lost_by_the_rules(variant: Variant) -> None:
    """The claim itself: random small positions (both draws) and random play from them, every
    one with a cycle is lost by the brute force (which knows nothing of the solver); some of
    them have no pair of one suit in a column (P8's first form would keep them)."""
    checked = {True: 0, False: 0}
    for state in _positions(8, 300, variant):
        if not _dead(state):
            continue
        verdict = brute_force(state, 30_000)
        if verdict is None:
            continue
        assert verdict is False, state
        checked[_pair(state)] += 1
    assert checked[True] >= 40 and checked[False] >= 10, checked


@pytest.mark.parametrize("variant", WHOLE_COLUMNS, ids=str)
def test_only_a_move_onto_a_column_end_closes_a_cycle(variant: Variant) -> None:
    """Why the search checks only there: from a position without a cycle, every move of the
    rules (auto-fill included) makes none, except one that puts cards on a column's end card,
    and then exactly when the walk from that end card meets the lowest card put on it."""
    closing = 0
    for state in _positions(23, 400, variant):
        if _dead(state):
            continue
        for move in legal_moves(state):
            child, _ = apply_move(state, move)
            target = move.target
            if move.card is None or target == FOUNDATION or not state.columns[target]:
                assert not _dead(child), (state, move)
                continue
            n = len(state.columns[target])
            assert child.columns[target][: n + 1] == (*state.columns[target], move.card)
            closes = _goes_up_first(child.columns, target, n, child.base)
            assert closes is _dead(child), (state, move)
            closing += closes
    assert closing >= 30, closing


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


@pytest.mark.parametrize("variant", WHOLE_COLUMNS, ids=str)
def test_the_core_skips_what_the_python_search_skips_on_small_positions(variant: Variant) -> None:
    """Node for node on random small positions and random play from them, cycles at the root
    among them (a root with a cycle is one position without moves in both)."""
    if not core_in_use():
        pytest.skip("no compiled core in this build")
    roots = 0
    for state in _positions(31, 80, variant):
        core = Search(state, Options(), compiled=True).run(node_limit=20_000)
        python = Search(state, Options(), compiled=False).run(node_limit=20_000)
        assert (core.verdict, core.nodes, core.moves) == (
            python.verdict,
            python.nodes,
            python.moves,
        ), state
        if _dead(state) and not state.is_won:
            assert (python.verdict, python.nodes) == (Verdict.LOST, 1), state
            roots += 1
    assert roots >= 20, roots


CYCLE_ONLY = "classic D1 KD 9S/TH/9D/8C - -/JCQHQD/TCTD/JHQC - 9CJSTSQSJD 0"
"""Found by a search of random small positions for one the cycle rule prunes and the pair rule
does not: Q♣ lies on J♥, which goes up before Q♥, which lies above J♣, which goes up before Q♣.
No column holds two cards of one suit. 1,890 positions are reachable from it; the search
without P8 (and with the pair rule alone) proves it lost in 324."""


def test_a_cycle_across_columns_and_suits_is_lost() -> None:
    state = State.parse(CYCLE_ONLY)
    assert _dead(state) and not _pair(state)
    assert legal_moves(state)
    assert brute_force(state, 30_000) is False
    for compiled in (False, True) if core_in_use() else (False,):
        found = Search(state, Options(), compiled=compiled).run(node_limit=10_000)
        assert (found.verdict, found.nodes) == (Verdict.LOST, 1)
    plain = Search(state, Options(dead_ends=False), compiled=False).run(node_limit=10_000)
    assert (plain.verdict, plain.nodes) == (Verdict.LOST, 324)


def test_p8_proves_a_deal_the_plain_search_leaves_open() -> None:
    """``classic`` draw 3, deal 1,000,028 (an atlas deal unknown at 10 s): lost in 874
    positions with P8 (35,195 with its first form, a pair in one column); still open after
    60,000 without it."""
    state = initial_state(deck_for_deal(1000028), 3, CLASSIC)
    found = Search(state, Options(), compiled=False).run(node_limit=60_000)
    assert (found.verdict, found.nodes) == (Verdict.LOST, 874)
    plain = Search(state, Options(dead_ends=False), compiled=False).run(node_limit=60_000)
    assert plain.verdict is Verdict.UNKNOWN


def test_the_blind_search_does_not_skip_dead_ends() -> None:
    """P8 reads suits, which a blind position forgets (and the blind swap lets a card go up
    from under others), so the blind search keeps every position: the same count with P8 on
    and off."""
    state = initial_state(deck_for_deal(1000028), 3, CLASSIC)
    on = Search(state, Options(blind=True), compiled=False).run(node_limit=20_000)
    off = Search(state, Options(blind=True, dead_ends=False), compiled=False).run(node_limit=20_000)
    assert (on.verdict, on.nodes) == (off.verdict, off.nodes)


def test_p8_never_fires_from_a_deal_of_solvitaire_strict() -> None:
    """Without the wrap every column of a dealt game stays one built run, a card on the next rank
    up from the base, so every constraint leads from a rank to a higher one and none closes a
    cycle: P8 holds there but prunes nothing (the same search with it off), where in
    ``classic`` the wrap makes cycles."""
    strict = variant_named("solvitaire_strict")
    rng = random.Random(18)
    seen = 0
    for number in range(40):
        start = initial_state(deck_for_deal(number), rng.choice((1, 3)), strict)
        for state in _walk(start, rng, 120):
            assert not _dead(state), state
            seen += 1
    assert seen > 2000, seen
    state = initial_state(deck_for_deal(1000001), 3, strict)
    on = Search(state, Options(), compiled=False).run(node_limit=20_000)
    off = Search(state, Options(dead_ends=False), compiled=False).run(node_limit=20_000)
    assert (on.verdict, on.nodes, on.moves) == (off.verdict, off.nodes, off.moves)
    assert on.verdict is Verdict.WON

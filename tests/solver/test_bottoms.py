"""P12 and R2: the links game with the columns' bottoms kept (``solver/bottoms.py``).

Its losses are losses: every legal move reads as one of its moves, and its
verdicts never contradict a brute force. Its won lines are followed in real
positions: a WON comes with card moves that replay to a win.
"""

from __future__ import annotations

import time

import pytest
from solver_oracle import brute_force, replays_to_a_win
from test_links import ONE_PASS, played_out, run_positions, walks

from canfield.deal import deck_for_deal
from canfield.moves import Move
from canfield.rules import apply_move, legal_moves
from canfield.solver import Verdict, solve
from canfield.solver import api as solver_api
from canfield.solver import bottoms as bottoms_module
from canfield.solver import links as links_module
from canfield.solver.bottoms import BottomsSearch
from canfield.solver.line import realize
from canfield.solver.links import core_links
from canfield.state import initial_state
from canfield.variants import Variant, variant_named


@pytest.mark.parametrize("variant", ONE_PASS, ids=lambda v: v.name)
def test_every_move_is_a_move_of_its_game(variant: Variant) -> None:
    """Each legal move's position reads as the node or one of its children, the bottoms
    included; a tap changes the waste's size only (P12's proof). The walks meet every kind
    of move that changes the bottoms: a card into an empty column, a run onto another
    (the reserve's top filling its column), a card alone going up."""
    seen = {"moves": 0, "bottoms changed": 0, "a bottom up": 0, "a run moved": 0}
    for line in walks(variant.name):
        search = BottomsSearch(line[0])
        for state in line:
            node = search.node_of(state)
            children = set(search._children(node))
            for move in legal_moves(state):
                after, _ = apply_move(state, move)
                there = search.node_of(after)
                if move == Move.DRAW:
                    assert there[0] == node[0] and there[2:] == node[2:]
                    continue
                seen["moves"] += 1
                assert there == node or there in children, (str(state), move.notation())
                if there[5] != node[5]:
                    seen["bottoms changed"] += 1
                    gone = node[5] & ~there[5]
                    card = -1 if move.card is None else int(move.card)
                    if gone and move.target == 4:
                        seen["a bottom up"] += 1
                    elif gone and gone >> card & 1:
                        seen["a run moved"] += 1
    assert seen["moves"] > 2000 and min(seen.values()) >= 20, seen


@pytest.mark.parametrize("variant", ONE_PASS, ids=lambda v: v.name)
def test_a_loss_of_its_game_is_a_loss(variant: Variant) -> None:
    """Never LOST where a brute force of the rules wins, LOST where it proves a loss; and
    a WON is a line that replays to a win."""
    agreed = {True: 0, False: 0}
    for state in run_positions(variant.name, 50, 11) + played_out(variant.name, 30):
        truth = brute_force(state, 20_000)
        if truth is None:
            continue
        found = BottomsSearch(state).run(node_limit=50_000)
        assert (found.verdict is Verdict.LOST) != truth, str(state)
        if found.verdict is Verdict.WON:
            assert replays_to_a_win(state, realize(state, found.moves)), str(state)
        agreed[truth] += 1
    assert agreed[True] >= 20 and agreed[False] >= 15, agreed


def test_its_won_line_is_followed_to_a_real_win() -> None:
    """Rainbow draw-3 deal 1,000,033, open in the atlas after 600 s of ``solve``: its game is
    won within 50,000 nodes (35,852), and that line, followed in real positions, is a win."""
    state = initial_state(deck_for_deal(1_000_033), 3, variant_named("rainbow"))
    search = BottomsSearch(state)
    found = search.run(node_limit=50_000)
    assert found.verdict is Verdict.WON and search.followed == 1
    assert replays_to_a_win(state, realize(state, found.moves))


def test_a_line_it_cannot_follow_is_passed_over(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no real position allowed to follow a step (and no finishing search), no won
    node gives a line: the search goes on past each, and ends open, never WON."""
    monkeypatch.setattr(bottoms_module, "FOLLOW_LIMIT", 0)
    monkeypatch.setattr(bottoms_module, "FINISH_NODES", 0)
    state = initial_state(deck_for_deal(1_000_033), 3, variant_named("rainbow"))
    search = BottomsSearch(state)
    assert search.run(node_limit=50_000).verdict is Verdict.UNKNOWN
    assert search.followed >= 1


def test_a_full_table_stops_it_for_good() -> None:
    """With its table full it cannot go on without forgetting: it stops, UNKNOWN."""
    state = initial_state(deck_for_deal(3), 1, variant_named("rainbow"))
    for compiled in (False, True) if core_links() else (False,):
        search = BottomsSearch(state, 500, compiled=compiled)
        assert search.run(node_limit=10_000).verdict is Verdict.UNKNOWN
        assert search.full and search.nodes == 500
        assert search.run(node_limit=10_000).nodes == 500


needs_core = pytest.mark.skipif(not core_links(), reason="the compiled core is not in use")


@needs_core
@pytest.mark.parametrize("variant", ONE_PASS, ids=lambda v: v.name)
def test_the_core_searches_what_python_searches(
    variant: Variant, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The compiled search and the Python one: the same nodes in the same order, so the same
    verdicts, counts and won nodes reached, to a loss, past won nodes, and cut off part way
    (deals of both draws and small positions). R2 is off (no line is followed: each won node
    is passed over), so that what is compared is the searches; the core's wins are R2's lines
    in the tests above, which run the core where it is built."""
    monkeypatch.setattr(bottoms_module, "FOLLOW_LIMIT", 0)
    monkeypatch.setattr(bottoms_module, "FINISH_NODES", 0)
    states = [initial_state(deck_for_deal(n), 1 + 2 * (n % 2), variant) for n in (3, 4, 114)]
    states += run_positions(variant.name, 8, 3) + played_out(variant.name, 8)
    reached = {True: 0, False: 0}
    lost = 0
    for state in states:
        for limit in (1, 777, 20_000):
            python = BottomsSearch(state, compiled=False)
            core = BottomsSearch(state, compiled=True)
            a, b = python.run(node_limit=limit), core.run(node_limit=limit)
            assert (b.verdict, b.nodes, b.moves) == (a.verdict, a.nodes, a.moves), str(state)
            assert core.followed == python.followed, str(state)
            reached[core.followed > 0] += 1
            lost += b.verdict is Verdict.LOST
    assert reached[True] >= 3 and reached[False] >= 3 and lost >= 1, (reached, lost)


@needs_core
def test_the_core_goes_on_past_a_line_it_cannot_follow(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stopped at each won node for R2, the core's search resumes where it was: with no line
    followed it passes the same won nodes as Python's and ends where Python's ends."""
    monkeypatch.setattr(bottoms_module, "FOLLOW_LIMIT", 0)
    monkeypatch.setattr(bottoms_module, "FINISH_NODES", 0)
    state = initial_state(deck_for_deal(1_000_033), 3, variant_named("rainbow"))
    python = BottomsSearch(state, compiled=False)
    core = BottomsSearch(state, compiled=True)
    a, b = python.run(node_limit=50_000), core.run(node_limit=50_000)
    assert b.verdict is a.verdict is Verdict.UNKNOWN and b.nodes == a.nodes
    assert core.followed == python.followed >= 1


def test_the_core_is_refused_where_it_is_not_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """Asked for the compiled search where there is none, it says so (the pure-Python run)."""
    monkeypatch.setattr(links_module, "core_links", lambda: False)
    state = initial_state(deck_for_deal(3), 1, variant_named("rainbow"))
    with pytest.raises(RuntimeError, match="no links search"):
        BottomsSearch(state, compiled=True)
    assert BottomsSearch(state).run(node_limit=100).nodes == 101  # the root's node and 100


def test_refused_where_the_links_game_does_not_hold() -> None:
    state = initial_state(deck_for_deal(3), 3, variant_named("canfield"))
    with pytest.raises(ValueError, match="no links search here"):
        BottomsSearch(state)


@pytest.mark.slow  # about 30 s of CPU
def test_solve_wins_with_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """``solve`` wins rainbow draw-3 deal 1,000,033 (open in the atlas after 600 s; a few seconds
    of CPU here) as a line that replays, and without it does not within the same time."""
    state = initial_state(deck_for_deal(1_000_033), 3, variant_named("rainbow"))
    found = solve(state, time_limit=60, clock=time.process_time)
    assert found.verdict is Verdict.WON
    assert replays_to_a_win(state, found.line)
    monkeypatch.setattr(solver_api, "BOTTOMS_SHARE", 0.0)
    assert solve(state, time_limit=20, clock=time.process_time).verdict is Verdict.UNKNOWN

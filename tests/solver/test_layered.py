"""P13, the layered search: P12's game while the reserve holds cards, P9's once it is empty.

Its losses are losses: every legal move reads as one of its moves, each move
keeps a node's layer or goes one below, and its verdicts never contradict a
brute force. The core walks the nodes Python walks; and it proves a loss its
finer game (P12) proves only with ten times the nodes.
"""

from __future__ import annotations

import pytest
from solver_oracle import brute_force
from test_links import ONE_PASS, played_out, run_positions, walks

from canfield.deal import deck_for_deal
from canfield.moves import Move
from canfield.rules import apply_move, legal_moves
from canfield.solver import Verdict, solve
from canfield.solver import api as solver_api
from canfield.solver.bottoms import BottomsSearch
from canfield.solver.layered import LayeredSearch, layer_of
from canfield.solver.links import core_links
from canfield.state import initial_state
from canfield.variants import Variant, variant_named


@pytest.mark.parametrize("variant", ONE_PASS, ids=lambda v: v.name)
def test_every_move_is_a_move_of_its_game(variant: Variant) -> None:
    """Each legal move's position reads as the node or one of its children (P13's proof),
    in the layer of the node or the one below; a tap changes the waste's size only. The
    walks meet moves from nodes with a reserve and without, and moves that empty it."""
    seen = {"moves": 0, "with a reserve": 0, "without": 0, "emptying it": 0, "a layer down": 0}
    for line in walks(variant.name):
        search = LayeredSearch(line[0], compiled=False)
        for state in line:
            node = search.node_of(state)
            children = set(search.children(node))
            assert all(layer_of(c) in (layer_of(node), layer_of(node) - 1) for c in children)
            for move in legal_moves(state):
                after, _ = apply_move(state, move)
                there = search.node_of(after)
                if move == Move.DRAW:
                    assert there[0] == node[0] and there[2:] == node[2:]
                    continue
                seen["moves"] += 1
                assert there == node or there in children, (str(state), move.notation())
                seen["with a reserve" if node[2] else "without"] += 1
                seen["emptying it"] += node[2] > 0 and there[2] == 0
                seen["a layer down"] += layer_of(there) < layer_of(node)
    assert seen["moves"] > 2000 and min(seen.values()) >= 20, seen


@pytest.mark.parametrize("variant", ONE_PASS, ids=lambda v: v.name)
def test_a_loss_of_its_game_is_a_loss(variant: Variant) -> None:
    """Never LOST where a brute force of the rules wins, LOST where it proves a loss."""
    agreed = {True: 0, False: 0}
    for state in run_positions(variant.name, 50, 11) + played_out(variant.name, 30):
        truth = brute_force(state, 20_000)
        if truth is None:
            continue
        found = LayeredSearch(state).run(node_limit=50_000)
        assert (found.verdict is Verdict.LOST) != truth, str(state)
        assert not found.moves  # its wins prove nothing, and come with no line
        agreed[truth] += 1
    assert agreed[True] >= 20 and agreed[False] >= 15, agreed


def test_a_full_table_stops_it_for_good() -> None:
    """With its two layers' tables full it cannot go on without forgetting: UNKNOWN, for good."""
    state = initial_state(deck_for_deal(3), 1, variant_named("rainbow"))
    for compiled in (False, True) if core_links() else (False,):
        search = LayeredSearch(state, 500, compiled=compiled)
        assert search.run(node_limit=10_000).verdict is Verdict.UNKNOWN
        assert search.full and search.widest == 500
        nodes = search.nodes
        assert search.run(node_limit=10_000).nodes == nodes


def test_refused_where_the_links_game_does_not_hold() -> None:
    state = initial_state(deck_for_deal(3), 1, variant_named("canfield"))
    with pytest.raises(ValueError, match="no links search here"):
        LayeredSearch(state)


needs_core = pytest.mark.skipif(not core_links(), reason="the compiled core is not in use")


@needs_core
@pytest.mark.parametrize("variant", ONE_PASS, ids=lambda v: v.name)
def test_the_core_searches_what_python_searches(variant: Variant) -> None:
    """The same nodes in the same order: the same verdicts, counts, layers and widest
    tables, to a loss, to a won node and cut off part way (deals of both draws, small
    positions and played-out ones)."""
    states = [initial_state(deck_for_deal(n), 1 + 2 * (n % 2), variant) for n in (3, 4, 114)]
    states += run_positions(variant.name, 8, 3, left=(3, 6)) + played_out(variant.name, 8)
    verdicts = set()
    for state in states:
        for limit in (1, 777, 20_000):
            python = LayeredSearch(state, compiled=False)
            core = LayeredSearch(state, compiled=True)
            a, b = python.run(node_limit=limit), core.run(node_limit=limit)
            assert (b.verdict, b.nodes) == (a.verdict, a.nodes), str(state)
            assert (core.layer, core.widest) == (python.layer, python.widest), str(state)
            verdicts.add(b.verdict)
    assert verdicts == {Verdict.WON, Verdict.LOST, Verdict.UNKNOWN}


@needs_core
def test_it_proves_with_a_tenth_of_p12_s_nodes() -> None:
    """Rainbow draw-3 deal 1,000,242 (lost: P12's depth-first search proves it in 18.4 M
    nodes): lost within 2 M nodes here (1,613,252), whose tables held at most a third of
    them at once; P12's search is open at 2 M."""
    state = initial_state(deck_for_deal(1_000_242), 3, variant_named("rainbow"))
    search = LayeredSearch(state, 40_000_000)
    assert search.run(node_limit=2_000_000).verdict is Verdict.LOST
    assert search.widest * 3 < search.nodes
    finer = BottomsSearch(state, 40_000_000)
    assert finer.run(node_limit=2_000_000).verdict is Verdict.UNKNOWN


@needs_core
@pytest.mark.slow  # about 16 s of CPU
def test_solve_proves_a_loss_with_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """``solve`` proves rainbow draw-3 deal 1,000,242 lost within 8 M positions with the
    layered search (it is the one that ends it), and not without it."""
    state = initial_state(deck_for_deal(1_000_242), 3, variant_named("rainbow"))
    assert solve(state, time_limit=3600.0, node_limit=8_000_000).verdict is Verdict.LOST
    monkeypatch.setattr(solver_api, "LayeredSearch", None)
    assert solve(state, time_limit=3600.0, node_limit=8_000_000).verdict is Verdict.UNKNOWN

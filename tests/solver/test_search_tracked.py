"""The tracked game (P11): the blind game that keeps the next cards of each suit as themselves.

A node is a class of positions alike (P6) whose next ``k`` cards of each suit
lie at the same places; when a card goes up, the card that becomes tracked is
placed, one child each, at every place of its class (docs/solver.md, P11).
What the proof needs is checked here, in every variant it holds in: the
children of a node cover every real child of every position of its class, and
only with the placing children; the compiled and Python searches are one
search; its losses are never wins of a brute force; a won line it gives is a
line of the game; it is refused where it does not hold; and ``solve`` runs it
when asked (``api.TRACKED``; off, as it measured no gain).

In the slow tier: ``solve`` leaves the tracked game out, so no player's answer rests on it,
and these checks took 50 s of the quick tier's CPU.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from solver_oracle import brute_force, replays_to_a_win
from test_links import played_out, run_positions
from test_search_core import positions, same_search
from test_solver_variants import small

from canfield.deal import deck_for_deal
from canfield.solver import Verdict, solve
from canfield.solver import api as solver_api
from canfield.solver import search as search_module
from canfield.solver.line import realize
from canfield.solver.search import (
    COMPILED,
    PLACED,
    Limits,
    Options,
    Search,
    _is_tracked,
    _key,
    _normalize,
    expand,
    view_of,
)
from canfield.state import State, initial_state
from canfield.variants import RAINBOW, SOLVITAIRE, VARIANTS, Variant, variant_named

needs_core = pytest.mark.skipif(not COMPILED, reason="the compiled core is not built")
TRACKABLE = [variant_named(name) for name in VARIANTS if name != "solvitaire"]

pytestmark = pytest.mark.slow


def tracked_key(state: State, k: int) -> tuple[object, ...]:
    node, _, pointer = _normalize(state)
    return _key(node, pointer, True, view_of(node).alias, k)


def tracked_alike(state: State, k: int, rng: random.Random) -> State:
    """``state`` with the untracked cards of each class dealt anew over their places in the
    columns (the tracked cards stay where they lie)."""
    alias = view_of(state).alias
    places: dict[int, list[int]] = {}
    for col in state.columns:
        for card in col:
            if not _is_tracked(state, card, k):
                places.setdefault(alias[card], []).append(card)
    for cards in places.values():
        rng.shuffle(cards)
    a, b, c, d = (
        tuple(card if _is_tracked(state, card, k) else places[alias[card]].pop() for card in col)
        for col in state.columns
    )
    return state._replace(columns=(a, b, c, d))


def test_the_tracked_cards_are_the_next_of_each_suit() -> None:
    state = initial_state(deck_for_deal(5), 1, RAINBOW)
    base = state.base
    following = {s * 13 + (base + state.foundations[s]) % 13 for s in range(4)}
    assert {c for c in range(52) if _is_tracked(state, c, 1)} == following
    assert sum(_is_tracked(state, c, 2) for c in range(52)) == 8
    # thirteen: every card not home (the game itself)
    assert sum(_is_tracked(state, c, 13) for c in range(52)) == 52 - sum(state.foundations)


def covering(variant: Variant, k: int) -> tuple[int, int]:
    """For positions and others tracked-alike to them: how many real children of the others
    there were, and how many fell into no class of a child of the node (P11's proof: none)."""
    rng = random.Random(11)
    unpruned = Options(tracked=k, safe_up=False)
    real = outside = 0
    for state in positions(variant, 1, 20, 71) + positions(variant, 3, 20, 72):
        children = {tracked_key(child, k) for _, child in expand(state, unpruned)}
        for _ in range(4):
            other = tracked_alike(state, k, rng)
            assert tracked_key(other, k) == tracked_key(state, k)
            if other == state:
                continue
            for _, child in expand(other, Options(safe_up=False)):
                real += 1
                outside += tracked_key(child, k) not in children
    return real, outside


@pytest.mark.parametrize("k", [1, 2])
@pytest.mark.parametrize("variant", TRACKABLE, ids=str)
def test_a_node_s_children_cover_every_real_child_of_its_class(variant: Variant, k: int) -> None:
    """The proof's step: for a position and any position tracked-alike to it, every real
    move of the other leads into the class of a child the node has."""
    real, outside = covering(variant, k)
    assert real > 30 and outside == 0


@pytest.mark.parametrize("variant", TRACKABLE, ids=str)
def test_without_the_placing_children_the_node_covers_less(
    variant: Variant, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The placing children are what the proof needs: with each card going up as its plain
    move only, real children of positions of the class fall outside every child's class."""
    monkeypatch.setattr(search_module, "_placed", lambda state, cards, up, tracked, view: up)
    real, outside = covering(variant, 1)
    assert real > 100 and outside > 0


def _candidates(state: State, options: Options) -> list[search_module.Candidate]:
    node, cards, pointer = _normalize(state)
    return search_module.successors(node, cards, pointer, options)


@needs_core
@pytest.mark.parametrize("variant", TRACKABLE, ids=str)
def test_the_compiled_tracked_search_is_the_python_one(variant: Variant) -> None:
    """The same candidates in the same order, each child the same (the placing ones too), and
    the same searches: verdicts and positions, to a won node, a loss and part way, with
    P7's probes and without, in both move orders."""
    placing = 0
    for k in (1, 2):
        tracked = Options(tracked=k)
        for state in positions(variant, 1, 6, 63) + positions(variant, 3, 6, 64):
            core = expand(state, tracked, compiled=True)
            assert core == expand(state, tracked), state
            placing += sum(c[2] >= PLACED for c in _candidates(state, tracked))
        for number in range(2):
            for draw in (1, 3):
                state = initial_state(deck_for_deal(number + 40), draw, variant)
                same_search(state, tracked, Limits(node_limit=3000))
                same_search(state, Options(tracked=k, probe=200), Limits(node_limit=3000))
                # Solvitaire's order puts a placing talon card up with the talon's
                same_search(state, Options(tracked=k, talon_last=True), Limits(node_limit=3000))
        for state in small(variant, 6, 65, (5, 12), 4):
            same_search(state, tracked, Limits(time_limit=20))
    assert placing > 0


@pytest.mark.parametrize("name", ["rainbow", "strict", "classic"])
def test_a_tracked_loss_is_a_loss(name: str) -> None:
    """Never LOST where a brute force of the rules wins (small positions, most of them won),
    and LOST where it proves a loss often enough (where random play stops, most of them
    lost); a won line it gives replays to a win. The Python search and, where it is built,
    the core, against one brute force."""
    seen = {Verdict.WON: 0, Verdict.LOST: 0, "line": 0}
    engines = [False, True] if COMPILED else [False]
    states = run_positions(name, 30, 12) + played_out(name, 30)
    for state in states:
        truth = brute_force(state, 20_000)
        if truth is None:
            continue
        for k in (1, 2):
            for compiled in engines:
                found = Search(state, Options(tracked=k), compiled=compiled).run(30, 200_000)
                assert found.verdict is not Verdict.UNKNOWN, state
                seen[found.verdict] += 1
                if found.verdict is Verdict.LOST:
                    assert truth is False, (k, compiled, state)  # a tracked loss is a loss
                if found.moves:
                    seen["line"] += 1
                    assert replays_to_a_win(state, realize(state, found.moves)), (k, state)
    assert seen[Verdict.LOST] >= 10 and seen["line"] >= 10, seen


@pytest.mark.parametrize("compiled", [False, pytest.param(True, marks=needs_core)])
def test_thirteen_tracked_is_the_game_itself(compiled: bool) -> None:
    """Every card tracked: no class holds two positions and no card is ever placed, so the
    search is the plain one, position for position."""
    for number in (8, 12, 39, 3):
        state = initial_state(deck_for_deal(number), 3, RAINBOW)
        plain = Search(state, Options(), compiled=compiled).run(None, 20_000)
        every = Search(state, Options(tracked=13), compiled=compiled).run(None, 20_000)
        assert (every.verdict, every.nodes, every.moves) == (
            plain.verdict,
            plain.nodes,
            plain.moves,
        )


@pytest.mark.parametrize(
    ("variant", "options", "message"),
    [
        (SOLVITAIRE, Options(tracked=1), "no tracked game in solvitaire"),
        (RAINBOW, Options(tracked=14), "0 to 13 cards a suit"),
        (RAINBOW, Options(tracked=-1), "0 to 13 cards a suit"),
        (RAINBOW, Options(tracked=1, blind=True), "not with P6 or R1|with P6 or R1"),
        (RAINBOW, Options(tracked=1, links=True), "with P6 or R1"),
    ],
)
def test_refused_where_it_does_not_hold(variant: Variant, options: Options, message: str) -> None:
    state = initial_state(deck_for_deal(1), 3, variant)
    with pytest.raises(ValueError, match=message):
        Search(state, options)


@pytest.mark.parametrize("number", [0, 6, 14])
def test_solve_runs_it_as_a_helper_when_asked_and_its_verdict_stands(
    number: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``api.TRACKED`` (off by default: docs/solver.md, P11) runs the tracked game beside the
    blind search; the verdict is the one without it, and a won line replays."""
    state = initial_state(deck_for_deal(number), 3, RAINBOW)
    without = solve(state, time_limit=None, node_limit=400_000)
    ran: list[Search] = []

    class Watched(Search):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            if self.options.tracked:
                ran.append(self)

    monkeypatch.setattr(solver_api, "TRACKED", 1)
    monkeypatch.setattr(solver_api, "Search", Watched)
    found = solve(state, time_limit=None, node_limit=400_000)
    assert found.verdict is without.verdict is not Verdict.UNKNOWN
    assert [s.options.tracked for s in ran] == [1] and ran[0].options.probe == solver_api.PROBE
    assert ran[0].nodes > 1  # it searched
    assert found.verdict is Verdict.LOST or replays_to_a_win(state, found.line)

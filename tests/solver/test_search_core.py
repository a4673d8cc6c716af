"""The compiled search core against the rules and against the Python search it mirrors.

``canfield.solver._core`` is a second implementation of the move generator
and of the moves themselves, so every move it generates is checked here
against the rules module, for every variant and both draws: with pruning
off its moves are exactly ``legal_moves`` over every tap, its candidates are
the Python generator's (same order, pruning on or off), and each child it
makes is what ``apply_move`` makes of that move with its taps. Its searches
visit the very positions the Python search visits (node for node), and its
verdicts agree with the Python search's (and, in test_solver_variants.py, both agree with a
brute force).
"""

from __future__ import annotations

import dataclasses
import os
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_solver_variants import check_children, small

import canfield.solver.search as search_module
from canfield.deal import DealCode, deck_for_deal
from canfield.game import Game
from canfield.moves import Move
from canfield.rules import apply_move, legal_moves
from canfield.rules.kernel import FROM_FOUNDATION, FROM_RESERVE
from canfield.solver import Verdict, solve
from canfield.solver.line import realize
from canfield.solver.search import (
    COMPILED,
    CoreOptions,
    CoreRules,
    Limits,
    Options,
    Search,
    _normalize,
    expand,
)
from canfield.state import State, initial_state
from canfield.variants import VARIANTS, Variant, variant_named
from positions import random_play

ALL = [variant_named(name) for name in VARIANTS]
needs_core = pytest.mark.skipif(not COMPILED, reason="the compiled core is not built")

PRUNINGS = {
    "none": Options(symmetry=False, safe_up=False),
    "default": Options(),
    "no take-backs": Options(take_backs=False),
    "symmetry only": Options(safe_up=False),
    "talon last": Options(talon_last=True),
}


def test_the_compiled_core_is_built_and_imported_from_the_package() -> None:
    """Where it can be built (CI, any machine with gcc) it must be: CI never tests Python alone."""
    if not COMPILED:
        if os.environ.get("CI") or shutil.which("gcc"):
            pytest.fail("canfield.solver._core is not built: run `pip install -e .` (make does)")
        pytest.skip("no C compiler here: the pure-Python search is the one in use")
    from canfield.solver import _core

    assert Path(_core.__file__).parent == Path(search_module.__file__).parent
    state = Game.from_code(DealCode(3, 3)).state
    assert Search(state)._core is not None


def dealt_and_played(variant: Variant, draw: int, number: int, steps: int, seed: int) -> State:
    """Deal ``number`` played on by ``steps`` random actions (:func:`positions.random_play`)."""
    state = initial_state(deck_for_deal(number), draw, variant)
    return random_play(state, steps, random.Random(seed))


def positions(variant: Variant, draw: int, count: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    played = [
        dealt_and_played(
            variant, draw, rng.randrange(10**6), rng.randint(0, 160), rng.randrange(10**9)
        )
        for _ in range(count)
    ]
    return played + [s._replace(draw=draw) for s in small(variant, count, seed)]


def check_against_rules(state: State) -> None:
    """The core's moves and children against the rules and against the Python generator."""
    for name, options in PRUNINGS.items():
        python = expand(state, options)
        core = expand(state, options, compiled=True)
        assert core == python, (name, state)
    check_children(state, expand(state, PRUNINGS["none"], compiled=True))
    # a shuffled order is the same candidates (sets), each child the same
    shuffled = expand(state, Options(seed=7), compiled=True)
    assert sorted(shuffled, key=repr) == sorted(expand(state, Options()), key=repr), state


@needs_core
@pytest.mark.parametrize("draw", [1, 3])
@pytest.mark.parametrize("variant", ALL, ids=str)
def test_compiled_moves_are_the_rules_moves(variant: Variant, draw: int) -> None:
    for state in positions(variant, draw, 10, draw * 31 + len(variant.name)):
        check_against_rules(state)


@needs_core
@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(VARIANTS),
    draw=st.sampled_from((1, 3)),
    number=st.integers(0, 10**9),
    steps=st.integers(0, 200),
    seed=st.integers(0, 2**32),
)
def test_compiled_moves_are_the_rules_moves_anywhere(
    name: str, draw: int, number: int, steps: int, seed: int
) -> None:
    check_against_rules(dealt_and_played(variant_named(name), draw, number, steps, seed))


@needs_core
@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(VARIANTS),
    seed=st.integers(0, 2**32),
    left=st.integers(2, 14),
    reserve=st.integers(0, 6),
)
def test_compiled_moves_on_hypothesis_small_positions(
    name: str, seed: int, left: int, reserve: int
) -> None:
    (state,) = small(variant_named(name), 1, seed, (left, left), reserve)
    check_against_rules(state)


@needs_core
def test_a_long_tail_is_never_moved_onto_itself() -> None:
    from test_solver_moves import _long_tail_position

    for draw in (1, 3):
        check_against_rules(_long_tail_position(draw))


def same_search(state: State, options: Options, limits: Limits) -> None:
    """The compiled and the Python search: same verdict, same positions counted, same win."""
    python = Search(state, options, limits.table_limit, compiled=False)
    core = Search(state, options, limits.table_limit, compiled=True)
    a = python.run(limits.time_limit, limits.node_limit)
    b = core.run(limits.time_limit, limits.node_limit)
    assert (a.verdict, a.nodes, a.moves) == (b.verdict, b.nodes, b.moves), state
    if b.verdict is Verdict.WON and not (options.tracked and not b.moves):  # P11: a won node
        end = state
        for move in realize(state, b.moves):
            end, _ = apply_move(end, move)
        assert end.is_won


@needs_core
@pytest.mark.parametrize("variant", ALL, ids=str)
def test_the_compiled_search_is_the_python_search(variant: Variant) -> None:
    """Node for node on deals (both draws, every option the core has) and small positions."""
    for number in range(4):
        for draw in (1, 3):
            state = initial_state(deck_for_deal(number + 30), draw, variant)
            for options in (
                Options(),
                Options(take_backs=False),
                Options(talon_last=True),
                PRUNINGS["none"],
            ):
                same_search(state, options, Limits(node_limit=3000))
    for state in small(variant, 12, 9, (5, 12), 4):
        same_search(state, Options(), Limits(time_limit=20))


@needs_core
def test_a_full_table_keeps_only_the_stack_the_same_way() -> None:
    """Past ``table_limit`` both keep only on-stack positions: the same search still."""
    for number in (5, 34, 88):
        state = Game.from_code(DealCode(number, 3)).state
        same_search(state, Options(), Limits(node_limit=20_000, table_limit=300))
    for state in small(variant_named("canfield"), 10, 11, (6, 12), 4):
        same_search(state, Options(), Limits(time_limit=20, table_limit=20))


@needs_core
def test_the_compiled_search_in_slices_is_the_same_search() -> None:
    state = Game.from_code(DealCode(88, 3)).state
    whole = Search(state, compiled=True).run(node_limit=50 * 997)
    sliced = Search(state, compiled=True)
    for _ in range(50):
        result = sliced.run(node_limit=997)
    assert (
        (result.verdict, result.nodes) == (whole.verdict, whole.nodes) == (Verdict.UNKNOWN, 49_851)
    )
    state = Game.from_code(DealCode(5, 3)).state  # won after about 17 000 positions
    whole = Search(state, compiled=True).run()
    sliced = Search(state, compiled=True)
    for _ in range(100):
        result = sliced.run(node_limit=997)
        if result.verdict is not Verdict.UNKNOWN:
            break
    assert (result.verdict, result.nodes, result.moves) == (Verdict.WON, whole.nodes, whole.moves)
    hard = Game.from_code(DealCode(88, 3)).state
    timed = Search(hard, compiled=True).run(time_limit=0.05)
    assert timed.verdict is Verdict.UNKNOWN and timed.nodes > 1


@needs_core
def test_compiled_seeding_with_a_later_positions_lost_table_keeps_verdicts() -> None:
    checked = 0
    for state in small(variant_named("classic"), 24, 6, (8, 12), 6):
        for move in legal_moves(state):
            later, _ = apply_move(state, move)
            proof = Search(later, compiled=True)
            if proof.run(20).verdict is not Verdict.LOST:
                continue
            table = proof.lost_keys()
            assert len(table) == proof.nodes
            seeded = Search(state, known_lost=table, compiled=True).run(20)
            fresh = Search(state, compiled=True).run(20)
            assert seeded.verdict is fresh.verdict is not Verdict.UNKNOWN
            assert seeded.nodes <= fresh.nodes
            # a Python search is not seeded by a compiled table (and says the same)
            assert Search(state, known_lost=table, compiled=False).run(20).verdict is fresh.verdict
            checked += 1
    assert checked >= 10


@needs_core
def test_lost_deals_are_lost_and_won_deals_replay_with_the_core() -> None:
    for number in (20, 46, 57):
        state = Game.from_code(DealCode(number, 3)).state
        assert solve(state, time_limit=20).verdict is Verdict.LOST
        assert Search(state, compiled=False).run(60).verdict is Verdict.LOST
    for number in (1, 5, 34):
        game = Game.from_code(DealCode(number, 3))
        found = solve(game, time_limit=20)
        assert found.verdict is Verdict.WON
        for move in found.line:
            game.play(move)
        assert game.is_won


def test_the_environment_can_force_the_python_search(monkeypatch: pytest.MonkeyPatch) -> None:
    state = Game.from_code(DealCode(3, 3)).state
    monkeypatch.setenv("CANFIELD_PURE_PYTHON", "1")
    assert Search(state)._core is None
    assert Search(state, Options(take_back_rule=True))._core is None  # P3: Python only
    monkeypatch.delenv("CANFIELD_PURE_PYTHON")
    assert (Search(state)._core is not None) is COMPILED
    if COMPILED:
        with pytest.raises(ValueError, match="P3/P4"):
            Search(state, Options(tail_rule=True), compiled=True)


@needs_core
def test_bad_input_to_the_core_is_refused_with_a_clear_error() -> None:
    from canfield.solver import _core

    state = Game.from_code(DealCode(3, 3)).state
    good = search_module.core_rules(state)
    options = CoreOptions(
        symmetry=True,
        take_backs=True,
        safe_up=True,
        blind=False,
        talon_last=True,
        links=False,
        tracked=0,
        seed=0,
    )
    position = {
        "talon": bytes(state.stock),
        "pointer": 0,
        "reserve": bytes(state.reserve),
        "foundations": bytes(state.foundations),
        "columns": tuple(bytes(c) for c in state.columns),
        "recycles": 0,
    }
    given: dict[str, Any] = {
        **position,
        "rules": good,
        "options": options,
        "table_limit": 10,
        "known_lost": None,
    }
    assert _core.Search(**given).nodes == 1
    with pytest.raises(ValueError, match="not a card"):
        _core.Search(**{**given, "talon": b"\x40"})
    with pytest.raises(ValueError, match="more than 52"):
        _core.Search(**{**given, "talon": bytes(range(40))})
    with pytest.raises(ValueError, match="split"):
        _core.Search(**{**given, "pointer": 99})
    with pytest.raises(TypeError, match="Table"):
        _core.Search(**{**given, "known_lost": set()})
    with pytest.raises(ValueError, match="probe must be"):
        _core.Search(**given, probe=-1)
    with pytest.raises(ValueError, match="inside a blind search"):
        _core.Search(**{**given, "options": dataclasses.replace(options, blind=True)}, probe=100)
    with pytest.raises(ValueError, match="no links key"):
        _core.Search(**{**given, "options": dataclasses.replace(options, links=True)}, probe=100)
    for tracked, blind in ((14, False), (-1, False), (1, True)):
        with pytest.raises(ValueError, match="tracked"):
            bad = dataclasses.replace(options, tracked=tracked, blind=blind)
            _core.Search(**{**given, "options": bad})
    with pytest.raises(ValueError, match="draw 1 or 3"):
        _core.Search(**{**given, "rules": dataclasses.replace(good, draw=2)})
    with pytest.raises(TypeError, match="rules has no field base"):
        _core.Search(**{**given, "rules": good.RULE_INTS})
    assert Move.DRAW  # the action the core never makes: taps are realize's


@needs_core
def test_the_core_spells_where_a_card_comes_from_as_python_does() -> None:
    from canfield.rules import kernel
    from canfield.solver import _core

    assert _core.FROM_TALON == search_module.FROM_TALON
    assert _core.FROM_RESERVE == kernel.FROM_RESERVE
    assert _core.FROM_FOUNDATION == kernel.FROM_FOUNDATION
    assert _core.FROM_SWAP == search_module.FROM_SWAP
    assert _core.AFTER_RECYCLE == search_module.AFTER_RECYCLE


@needs_core
def test_the_core_reads_the_fields_the_python_values_name() -> None:
    """One list of names: the C core's, CoreRules' and CoreOptions' (the browser's core packs
    the numbers, flags and option numbers in this order)."""
    from canfield.solver import _core

    assert _core.RULE_INTS == CoreRules.RULE_INTS
    assert _core.OPTION_FLAGS == CoreOptions.OPTION_FLAGS
    assert _core.OPTION_INTS == CoreOptions.OPTION_INTS
    assert _core.PLACED == search_module.PLACED
    rule_fields = tuple(f.name for f in dataclasses.fields(CoreRules))
    assert rule_fields == (*CoreRules.RULE_INTS, "parents", "children", "alias")
    option_fields = tuple(f.name for f in dataclasses.fields(CoreOptions))
    assert option_fields == (*CoreOptions.OPTION_FLAGS, *CoreOptions.OPTION_INTS, "seed")


@pytest.mark.parametrize("variant", ALL, ids=str)
def test_draw_three_wins_replay_in_draw_one(variant: Variant) -> None:
    """P2 read backwards (the draw-1 solve's helper relies on it): a draw-3 win is a draw-1 win."""
    replayed = 0
    cases = small(variant, 12, 21, (5, 12), 4)
    cases += [initial_state(deck_for_deal(n), 3, variant) for n in range(4)]
    for state in cases:
        three = Search(state._replace(draw=3)).run(5, 100_000)
        if three.verdict is Verdict.WON:
            end = state._replace(draw=1)
            for move in realize(end, three.moves):
                end, _ = apply_move(end, move)
            assert end.is_won
            replayed += 1
    assert replayed >= 5


def test_a_draw_one_deal_is_won_by_its_draw_three_line() -> None:
    """Deal 1 000 059 draw 1 was open after 10 s; draw 3 wins it at once, and so it is won."""
    game = Game.from_code(DealCode(1_000_059, 1))
    found = solve(game, time_limit=5)
    assert found.verdict is Verdict.WON
    for move in found.line:
        game.play(move)
    assert game.is_won


@needs_core
def test_other_threads_run_while_the_compiled_search_does() -> None:
    """The app searches in a worker thread: the core lets go of the GIL, so the GUI thread runs.

    And the same search (or its table) cannot be run from two threads at once.
    """
    import threading

    state = Game.from_code(DealCode(88, 3)).state
    count = [0]
    done = threading.Event()

    def spin() -> None:
        while not done.is_set():
            count[0] += 1

    other = threading.Thread(target=spin)
    other.start()
    try:
        before = count[0]
        busy = Search(state, compiled=True)
        runner = threading.Thread(target=lambda: busy.run(node_limit=1_000_000))
        result = Search(state, compiled=True).run(node_limit=200_000)
        during = count[0] - before
        runner.start()
        core = busy._core
        assert core is not None
        while not core.running and runner.is_alive():
            threading.Event().wait(0.001)
        with pytest.raises(RuntimeError, match="another thread"):
            busy.run(node_limit=10)
        runner.join()
    finally:
        done.set()
        other.join()
    assert result.nodes == 200_001
    assert during > 1000, during


@pytest.mark.parametrize("name", ["rainbow", "strict", "storehouse"])
def test_limited_passes_try_the_talon_cards_nearest_the_split_first(name: str) -> None:
    """A play from further down the stock buries the cards before it: nearer plays go first."""
    variant = variant_named(name)
    checked = 0
    for state in positions(variant, variant.draw, 60, 17):
        node, cards, pointer = _normalize(state)
        down = [
            index
            for move, _, source, index in search_module.successors(node, cards, pointer, Options())
            if source == search_module.FROM_TALON and move.target != 4 and node.columns[move.target]
        ]  # onto a card (moves into an empty column come late, in their own order)
        assert down == sorted(down), state
        checked += len(down) > 1
    assert checked >= 3, checked


def _order_class(node: State, candidate: search_module.Candidate) -> int:
    """Where a candidate belongs in the order with the talon last (``search._talon_last``)."""
    move, card, source, _ = candidate
    if move.target == 4:
        return 6 if source == search_module.FROM_TALON else 0
    if source == FROM_FOUNDATION or not node.columns[move.target]:
        return 4  # the late moves: take-backs, moves into an empty column
    if source == FROM_RESERVE:
        return 3
    if source == search_module.FROM_TALON:
        return 5
    return 1 if node.columns[source][-1] == card else 2


@pytest.mark.parametrize("name", ["rainbow", "strict", "storehouse"])
def test_limited_passes_try_the_talon_last(name: str) -> None:
    """Solvitaire's order: ups from the reserve and columns, one-card column moves, longer
    ones, the reserve's top down, the late moves, talon cards down, talon cards up."""
    variant = variant_named(name)
    seen: set[int] = set()
    for state in positions(variant, variant.draw, 60, 17):
        node, cards, pointer = _normalize(state)
        found = search_module.successors(node, cards, pointer, Options(talon_last=True))
        if len(found) == 1 and found[0][0].target == 4:
            continue  # P5's one move
        classes = [_order_class(node, c) for c in found]
        assert classes == sorted(classes), state
        old = search_module.successors(node, cards, pointer, Options())
        assert sorted(found, key=repr) == sorted(old, key=repr), state  # the same moves
        seen.update(classes)
    assert seen >= {0, 1, 2, 4, 5, 6}, seen


@needs_core
def test_the_talon_last_wins_a_one_pass_deal_the_talon_first_does_not() -> None:
    """Rainbow draw 1, deal 40: won in 706 positions with the talon last, by both searches
    alike; with the talon's plays first (the main search's order) still open after 300,000,
    and won by ``solve``, whose one-pass win-finder has the talon last."""
    state = initial_state(deck_for_deal(40), 1, variant_named("rainbow"))
    python = Search(state, Options(talon_last=True), compiled=False).run(node_limit=1000)
    core = Search(state, Options(talon_last=True), compiled=True).run(node_limit=1000)
    assert python.verdict is Verdict.WON
    assert (python.nodes, python.moves) == (core.nodes, core.moves) == (706, core.moves)
    end = state
    for action in realize(state, core.moves):
        end, _ = apply_move(end, action)
    assert end.is_won
    first = Search(state, Options(), compiled=True).run(node_limit=300_000)
    assert first.verdict is Verdict.UNKNOWN
    assert solve(state, time_limit=None, node_limit=20_000).verdict is Verdict.WON  # its helper

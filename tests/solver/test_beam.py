"""The beam over stack plays (``solver/beam.py``): a win-finder that never says lost."""

from __future__ import annotations

import random
import time
import types
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any

import pytest
from solver_oracle import replays_to_a_win
from test_solver_variants import small

import canfield.solver.search as search_module
from canfield.deal import deck_for_deal
from canfield.moves import Move
from canfield.solver import api, beam
from canfield.solver.api import PROBE
from canfield.solver.beam import MAX_WIDTH, BeamSearch
from canfield.solver.line import realize
from canfield.solver.links import LinksSearch, core_links
from canfield.solver.search import COMPILED, Options, Search, SearchResult, Verdict, core_exits
from canfield.state import State, initial_state
from canfield.variants import VARIANTS, Variant, variant_named
from positions import random_play

LIMITED = [variant_named(name) for name in VARIANTS if variant_named(name).passes is not None]
needs_core = pytest.mark.skipif(not COMPILED, reason="the compiled core is not built")


def test_the_beam_wins_a_rainbow_deal_the_depth_first_orders_leave_open() -> None:
    """Rainbow draw 1, deal 1,000,071: the atlas left it open at 10 s; the main search (with
    its probes) and the talon-last search are open after 2 million positions each, the beam
    wins in about 60,000 with a line the rules replay."""
    start = initial_state(deck_for_deal(1_000_071), 1, variant_named("rainbow"))
    beam = BeamSearch(start).run(None, 100_000)
    assert beam.verdict is Verdict.WON
    assert replays_to_a_win(start, realize(start, beam.moves))
    for options in (Options(probe=PROBE), Options(talon_last=True)):
        assert Search(start, options).run(None, 2_000_000).verdict is Verdict.UNKNOWN


def test_the_beam_never_says_lost() -> None:
    """Rainbow draw 1, deal 1,000,012 is lost (the atlas's proof); the beam dies, starts
    again wider, and stays unknown: a dying beam proves nothing."""
    start = initial_state(deck_for_deal(1_000_012), 1, variant_named("rainbow"))
    assert Search(start, Options(probe=PROBE)).run(None, 200_000).verdict is Verdict.LOST
    beam = BeamSearch(start, width=4)
    found = beam.run(None, 150_000)
    assert found.verdict is Verdict.UNKNOWN
    assert not found.moves
    assert found.nodes >= 150_000


def test_a_won_position_is_won_at_once() -> None:
    start = initial_state(deck_for_deal(7), 1, variant_named("rainbow"))
    won = start._replace(
        stock=(), waste=(), reserve=(), columns=((), (), (), ()), foundations=(13, 13, 13, 13)
    )
    found = BeamSearch(won).run(None, 10)
    assert found.verdict is Verdict.WON
    assert found.moves == []


def test_the_width_never_passes_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each beam that dies starts again twice as wide, up to ``MAX_WIDTH`` and then at it."""
    widths: list[int] = []
    real = BeamSearch._beam

    def spy(self: BeamSearch, at: int) -> Iterator[None]:
        widths.append(at)
        return real(self, at)

    monkeypatch.setattr(beam, "MAX_WIDTH", 8)
    monkeypatch.setattr(BeamSearch, "_beam", spy)
    start = initial_state(deck_for_deal(1_000_012), 1, variant_named("rainbow"))
    BeamSearch(start, width=1, closure=20, rollouts=0).run(None, 50_000)
    assert widths[:6] == [1, 2, 4, 8, 8, 8]
    assert MAX_WIDTH > 8  # the real bound, patched above


def test_a_generation_keeps_at_most_three_positions_with_the_same_stacks() -> None:
    """Rainbow draw 1, deal 1,000,120 (open in the atlas after 10 and 11 s): with at most three
    candidates a generation sharing their stock, waste and reserve the beam wins it within
    500,000 positions; letting the best 50 share them, as the first beam did, it does not."""
    start = initial_state(deck_for_deal(1_000_120), 1, variant_named("rainbow"))
    found = BeamSearch(start).run(None, 500_000)
    assert found.verdict is Verdict.WON
    assert replays_to_a_win(start, realize(start, found.moves))
    assert BeamSearch(start, same_stacks=50).run(None, 500_000).verdict is Verdict.UNKNOWN


def test_solve_gives_the_beam_at_most_its_share_of_the_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Its positions cost more than the main search's (its choices are made in Python): equal
    slices in positions would leave the main search, and its proofs of loss, too little time."""
    beams: list[BeamSearch] = []
    cut_by_time: list[bool] = []

    class Recorded(BeamSearch):
        def __init__(self, state: State, **options: int) -> None:
            super().__init__(state, **options)
            beams.append(self)

        def run(
            self,
            time_limit: float | None = None,
            node_limit: int | None = None,
            clock: Callable[[], float] = time.perf_counter,
        ) -> SearchResult:
            before = self.nodes
            found = super().run(time_limit, node_limit, clock)
            if node_limit is not None:
                cut_by_time.append(self.nodes - before < node_limit)
            return found

    monkeypatch.setattr(api, "BeamSearch", Recorded)
    monkeypatch.setattr(api, "BEAM_PART", 50.0)  # slices that alone would give it nearly all
    # open in the atlas after 30 s (1,000,004, once, is now won by R1 in about a second)
    start = initial_state(deck_for_deal(1_000_948), 1, variant_named("rainbow"))
    found = api.solve(start, time_limit=8, clock=time.process_time)
    assert found.verdict is Verdict.UNKNOWN
    [beam_search] = beams
    # its share, not its slice of positions, is what stopped it each time it ran (how much of
    # the 8 s it ends with depends on where the last main slice falls, so no floor is asserted)
    assert len(cut_by_time) >= 3 and all(cut_by_time)
    assert beam_search.seconds <= api.BEAM_SHARE * found.seconds + 0.2


def _classes(keys: list[Hashable]) -> list[int]:
    """Which earlier item each is equal to: the same partition whatever the keys' type."""
    first: dict[Hashable, int] = {}
    return [first.setdefault(key, at) for at, key in enumerate(keys)]


Walk = tuple[
    int, list[tuple[tuple[Move, ...], State, float]], list[int], list[int], list[Move] | None
]


def _walk(nodes: int, exits: Sequence[Any], win: bytes | list[Move] | None, root: State) -> Walk:
    """A walk as the beam reads it: positions walked, each exit's moves, position and score,
    the classes of the exits' keys and of their stacks, and the moves of a win."""
    made = [beam._entry(beam._Entry(root, (), None), how) for _, _, _, how in exits]
    return (
        nodes,
        [(e.moves, e.state, float(value)) for e, (_, _, value, _) in zip(made, exits, strict=True)],
        _classes([key for key, _, _, _ in exits]),
        _classes([stacks for _, stacks, _, _ in exits]),
        beam._moves_of(win) if isinstance(win, bytes) else win,
    )


@needs_core
@pytest.mark.parametrize("variant", LIMITED, ids=str)
def test_the_core_walks_what_the_python_walk_walks(variant: Variant) -> None:
    """The core's ``exits`` is the beam's walk: the same positions walked, the same exits in
    the same order with the same scores, keys and stacks that group them alike, the same win,
    from positions of real deals in play and from small ones near their end (where a move
    from the walk wins)."""
    rng = random.Random(23)
    positions = [
        random_play(initial_state(deck_for_deal(deal), draw, variant), rng.randrange(60), rng)
        for deal in range(6)
        for draw in (1, 3)
    ]
    positions += small(variant, 12, seed=5, left=(1, 4))
    exits = wins = 0
    for state in positions:
        for closure in (1, 7, 300):
            python = _walk(*beam._walk_python(state, closure), state)
            assert _walk(*core_exits(state, closure), state) == python, (state, closure)
            exits += len(python[1])
            wins += python[4] is not None
    assert exits and wins  # both kinds of exit were compared


def test_the_beam_is_the_same_with_and_without_the_core(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its walk in the core changes its speed, not what it does: the same positions counted
    and the same win, move for move."""
    start = initial_state(deck_for_deal(1_000_071), 1, variant_named("rainbow"))
    found = BeamSearch(start).run(None, 100_000)
    monkeypatch.setenv("CANFIELD_PURE_PYTHON", "1")
    pure = BeamSearch(start).run(None, 100_000)
    assert found.verdict is pure.verdict is Verdict.WON
    assert (found.moves, found.nodes) == (pure.moves, pure.nodes)


def test_the_beam_refuses_unlimited_passes() -> None:
    """Its walk keys positions as the limited-pass games need (no turn-over merged)."""
    start = initial_state(deck_for_deal(3), 3, variant_named("classic"))
    with pytest.raises(ValueError, match="passes are limited"):
        BeamSearch(start)


@needs_core
def test_the_core_walk_refuses_a_bad_closure_and_a_used_search() -> None:
    from canfield.solver.search import _core_search, _normalize

    node, cards, pointer = _normalize(initial_state(deck_for_deal(3), 1, variant_named("rainbow")))
    core = _core_search(node, cards, pointer, options=Options(), table_limit=10, known_lost=None)
    for closure in (0, 1_000_001):
        with pytest.raises(ValueError, match="closure"):
            core.exits(closure)
    core.run(None, 100, time.process_time)
    with pytest.raises(RuntimeError, match="not run"):
        core.exits(10)


def test_a_core_without_the_walk_leaves_it_to_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """The browser's WebAssembly core has the search but not ``exits``: there the beam walks
    in Python (the same walk), never calling what the core does not have."""
    search_only = types.ModuleType("canfield.solver._core")
    search_only.Search = type("Search", (), {})  # type: ignore[attr-defined]
    monkeypatch.setattr(search_module, "_core", search_only)
    monkeypatch.setattr(search_module, "COMPILED", True)
    start = initial_state(deck_for_deal(1_000_071), 1, variant_named("rainbow"))
    assert not search_module.core_walks()
    assert _walk(*BeamSearch(start)._exits(start), start) == _walk(
        *beam._walk_python(start, 300), start
    )


@pytest.mark.skipif(not core_links(), reason="the guided beam runs where the core has links")
def test_the_guided_beam_keeps_no_candidate_the_links_game_proves_lost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rainbow draw 1, deal 1,000,004 (open after every earlier beam and 25 s retries): the
    beam that drops the candidates a short links search proves lost wins it, with a line the
    rules replay; every candidate it dropped is lost by a links search (P9) of the same size,
    and every one it kept is not. (The plain beam, as long, does not win it: docs/solver.md.)"""
    checked: list[tuple[State, bool]] = []
    real = BeamSearch._lost

    def spy(self: BeamSearch, state: State) -> bool:
        lost = real(self, state)
        checked.append((state, lost))
        return lost

    monkeypatch.setattr(BeamSearch, "_lost", spy)
    start = initial_state(deck_for_deal(1_000_004), 1, variant_named("rainbow"))
    guided = BeamSearch(start, links_nodes=3000, seed=1)
    found = guided.run(None, 8_000_000)
    assert found.verdict is Verdict.WON
    assert replays_to_a_win(start, realize(start, found.moves))
    dropped = [state for state, lost in checked if lost]
    assert dropped and len(dropped) < len(checked)
    for state, lost in checked[:: max(1, len(checked) // 40)]:
        verdict = LinksSearch(state, 12_000).run(None, 3000).verdict
        assert (verdict is Verdict.LOST) == lost

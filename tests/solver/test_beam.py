"""The beam over stack plays (``solver/beam.py``): a win-finder that never says lost."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from canfield.deal import deck_for_deal
from canfield.moves import Move
from canfield.rules import apply_move
from canfield.solver import api, beam
from canfield.solver.api import PROBE
from canfield.solver.beam import MAX_WIDTH, BeamSearch
from canfield.solver.line import realize
from canfield.solver.search import Options, Search, Verdict
from canfield.state import State, initial_state
from canfield.variants import variant_named


def replays_to_a_win(start: State, moves: list[Move]) -> bool:
    end = start
    for action in realize(start, moves):
        end, _ = apply_move(end, action)
    return end.is_won


def test_the_beam_wins_a_rainbow_deal_the_depth_first_orders_leave_open() -> None:
    """Rainbow draw 1, deal 1,000,071: the atlas left it open at 10 s; the main search (with
    its probes) and the talon-last search are open after 2 million positions each, the beam
    wins in about 60,000 with a line the rules replay."""
    start = initial_state(deck_for_deal(1_000_071), 1, variant_named("rainbow"))
    beam = BeamSearch(start).run(None, 100_000)
    assert beam.verdict is Verdict.WON
    assert replays_to_a_win(start, beam.moves)
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
    assert replays_to_a_win(start, found.moves)
    assert BeamSearch(start, same_stacks=50).run(None, 500_000).verdict is Verdict.UNKNOWN


def test_solve_gives_the_beam_at_most_its_share_of_the_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Its positions are walked in Python, far slower than the core's: equal slices in
    positions would leave the main search, and its proofs of loss, almost no time."""
    beams: list[BeamSearch] = []

    class Recorded(BeamSearch):
        def __init__(self, state: State) -> None:
            super().__init__(state)
            beams.append(self)

    monkeypatch.setattr(api, "BeamSearch", Recorded)
    start = initial_state(deck_for_deal(1_000_000), 1, variant_named("rainbow"))
    found = api.solve(start, time_limit=8, clock=time.process_time)  # without it: 5.6 s of 8
    [beam_search] = beams
    assert 0.5 < beam_search.seconds <= api.BEAM_SHARE * found.seconds + 0.2

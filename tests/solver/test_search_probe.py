"""P7: short blind searches inside the plain search; a position whose blind game is lost is lost.

At each new position a stack card (talon or reserve) was just played to, the
search runs a blind search (P6) of at most ``Options.probe`` positions from
it; when that proves the position lost, the position is not searched, and
every blind key of that probe is remembered as lost, so any later position of
one of those classes is skipped at once (docs/solver.md, P7). Checked here:
every position a probe or the memory prunes is lost by a brute force of the
rules; the searches keep their verdicts; the compiled probes are the Python
probes node for node; and the probes cut a proof of loss short.
"""

from __future__ import annotations

import pytest
from solver_oracle import brute_force
from test_search_blind import BLINDABLE
from test_search_core import positions, same_search
from test_solver_variants import locked, small

from canfield.deal import deck_for_deal
from canfield.solver import Verdict
from canfield.solver.search import COMPILED, Limits, Options, Search
from canfield.state import State, initial_state
from canfield.variants import (
    CLASSIC,
    RAINBOW,
    SOLVITAIRE,
    SOLVITAIRE_STRICT,
    VARIANTS,
    Variant,
    variant_named,
)

needs_core = pytest.mark.skipif(not COMPILED, reason="the compiled core is not built")
PROBE = Options(probe=60)


PROBED = tuple(v for v in BLINDABLE if v not in (CLASSIC, SOLVITAIRE_STRICT))
"""Where P7 runs: the blind search's variants but ``classic`` and ``solvitaire_strict``, where
P8 holds (no probes)."""


def cases(variant: Variant, seed: int) -> list[State]:
    return small(variant, 10, seed, (5, 12), 4) + [
        locked(variant, draw, extra) for draw in (1, 3) for extra in (0, 2)
    ]


@pytest.mark.parametrize("variant", PROBED, ids=str)
def test_every_position_the_probes_prune_is_lost(
    variant: Variant, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The claim itself, position by position: a probe's loss (or a remembered one) is a loss."""
    pruned: list[State] = []
    probe_lost = Search._probe_lost

    def recording(
        search: Search, child: State, pointer: int, stack: bool, budget: int
    ) -> tuple[int, bool]:
        spent, lost = probe_lost(search, child, pointer, stack, budget)
        if lost:
            pruned.append(child)
        return spent, lost

    monkeypatch.setattr(Search, "_probe_lost", recording)
    remembered = 0
    for state in cases(variant, 71):
        truth = brute_force(state, 8000)
        found = Search(state, PROBE, compiled=False).run(20)
        if truth is not None:
            assert found.verdict is (Verdict.WON if truth else Verdict.LOST), state
        remembered += len(pruned)
        for child in pruned:
            assert brute_force(child, 20_000) is not True, child
        pruned.clear()
    assert remembered >= 1, "no probe pruned anything: the test checks nothing"


@pytest.mark.parametrize("compiled", [False, pytest.param(True, marks=needs_core)])
@pytest.mark.parametrize("variant", PROBED, ids=str)
def test_probes_keep_the_verdicts_of_the_brute_force(variant: Variant, compiled: bool) -> None:
    decided = {True: 0, False: 0}
    for state in cases(variant, 72):
        truth = brute_force(state, 8000)
        if truth is None:
            continue
        decided[truth] += 1
        expected = Verdict.WON if truth else Verdict.LOST
        for options in (PROBE, Options(probe=3)):
            assert Search(state, options, compiled=compiled).run(20).verdict is expected, state
        # the game without take-backs is a restricted game: its wins are wins
        restricted = Search(state, Options(probe=60, take_backs=False), compiled=compiled).run(20)
        assert restricted.verdict is not Verdict.UNKNOWN, state
        assert truth or restricted.verdict is Verdict.LOST, state
    assert decided[True] >= 3 and decided[False] >= 2, decided


@needs_core
@pytest.mark.parametrize("variant", [variant_named(name) for name in VARIANTS], ids=str)
def test_the_compiled_probes_are_the_python_probes(variant: Variant) -> None:
    """Node for node (probe positions counted too), with the table full as well."""
    for number in range(2):
        for draw in (1, 3):
            state = initial_state(deck_for_deal(number + 40), draw, variant)
            same_search(state, Options(probe=200), Limits(node_limit=3000))
            same_search(state, Options(probe=50), Limits(node_limit=2000, table_limit=150))
    for state in positions(variant, 1, 3, 73) + cases(variant, 74)[:8]:
        same_search(state, Options(probe=40), Limits(node_limit=4000))


@pytest.mark.parametrize("variant", [SOLVITAIRE, CLASSIC, SOLVITAIRE_STRICT], ids=str)
def test_no_probes_where_the_blind_search_does_not_hold_or_wins_anyway(variant: Variant) -> None:
    """``solvitaire`` has no blind search (P6), and in ``classic`` and ``solvitaire_strict`` (P8)
    its swap frees buried cards, so a probe nearly always ends won: no probes, the same search
    as without."""
    state = initial_state(deck_for_deal(3), 3, variant)
    with_probes = Search(state, Options(probe=500)).run(node_limit=5000)
    without = Search(state).run(node_limit=5000)
    assert (with_probes.verdict, with_probes.nodes, with_probes.moves) == (
        without.verdict,
        without.nodes,
        without.moves,
    )


@needs_core
def test_probes_cut_a_long_proof_of_loss_short() -> None:
    """Rainbow draw 1, deal 114: open for the plain search after 2 million positions."""
    state = initial_state(deck_for_deal(114), 1, RAINBOW)
    plain = Search(state).run(node_limit=1_000_000)
    assert plain.verdict is Verdict.UNKNOWN
    probed = Search(state, Options(probe=2000)).run(node_limit=800_000)  # lost at 692 579
    assert probed.verdict is Verdict.LOST


@pytest.mark.parametrize("compiled", [False, pytest.param(True, marks=needs_core)])
def test_probes_stay_within_the_node_bound(compiled: bool) -> None:
    """A probe is cut to what the bound leaves: its positions count, and never past it."""
    state = initial_state(deck_for_deal(114), 1, RAINBOW)
    for bound in (1, 7, 300, 2500):
        found = Search(state, Options(probe=2000), compiled=compiled).run(node_limit=bound)
        assert found.verdict is Verdict.UNKNOWN
        assert found.nodes == 1 + bound  # the root, then exactly the bound

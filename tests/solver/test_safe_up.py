"""P5, safe moves up where no card comes back (docs/solver.md), held to the brute force.

Where the search sends a column card up as a position's only move, the position
must be won exactly when the position after that move is: the claim itself,
checked with the rules alone on random small positions of the variants without
take-backs, by the Python search and the compiled core alike. The stronger form
(what may go on the card may go up instead) must fire there too, where the
first (nothing may go on it) does not.
"""

from __future__ import annotations

import pytest
from solver_oracle import brute_force
from test_solver_variants import small

from canfield.cards import Card
from canfield.rules import apply_move, legal_moves
from canfield.solver.search import Options, core_in_use, expand, view_of
from canfield.state import State
from canfield.variants import variant_named

FOUNDATION = 4


def _forced(state: State, *, compiled: bool) -> tuple[Card, State] | None:
    """The card P5 sends up from ``state`` and the position after it, if P5 fires there."""
    moves = expand(state, Options(), compiled=compiled)
    if len(moves) != 1 or moves[0][0].target != FOUNDATION:
        return None
    every = expand(state, Options(safe_up=False), compiled=compiled)
    if len(every) == 1:
        return None  # the only move anyway: P5 pruned nothing
    move, child = moves[0]
    assert move.card is not None  # a move to a foundation moves a card
    return move.card, child


def _nothing_goes_on(state: State, card: int) -> bool:
    """The first form: every card that may be placed on ``card`` is home."""
    base = state.base
    children = view_of(state).children[card]
    return all((d - base) % 13 < state.foundations[d // 13] for d in children)


@pytest.mark.parametrize("name", ["classic", "solvitaire", "solvitaire_strict"])
@pytest.mark.parametrize("compiled", [False, True], ids=["python", "core"])
def test_a_card_sent_up_alone_keeps_the_verdict(name: str, compiled: bool) -> None:
    if compiled and not core_in_use():
        pytest.skip("no compiled core in this build")
    variant = variant_named(name)
    cases = small(variant, 400, 11, (5, 10), 2) + small(variant, 200, 12, (9, 14), 4)
    checked = {"first form": 0, "stronger form": 0}
    for state in cases:
        forced = _forced(state, compiled=compiled)
        if forced is None:
            continue
        card, child = forced
        before, after = brute_force(state, 30_000), brute_force(child, 30_000)
        if before is None or after is None:
            continue
        assert before is after, (state, card)
        checked["first form" if _nothing_goes_on(state, card) else "stronger form"] += 1
    assert checked["first form"] >= 10 and checked["stronger form"] >= 10, checked


@pytest.mark.parametrize("compiled", [False, True], ids=["python", "core"])
def test_the_stronger_form_asks_about_the_childrens_children_too(compiled: bool) -> None:
    """3♥ fits and both black 2s fit or are home (base 6), but a red ace neither fits nor is
    home: the position is won and the one after 3♥ goes up is lost, so P5 must not fire
    (without its condition on ``E`` it would, and lose the win)."""
    if compiled and not core_in_use():
        pytest.skip("no compiled core in this build")
    state = State.parse("solvitaire D1 6H AS/2H/QD/3C - 3S4H2D/5HKD4D4S/5D3D5S3H/5CAD4C 2S - 0")
    card = Card.parse("3H")
    (up,) = [m for m in legal_moves(state) if m.target == FOUNDATION and m.card == card]
    assert brute_force(state) is True
    assert brute_force(apply_move(state, up)[0]) is False
    assert _forced(state, compiled=compiled) is None

"""One value for a pile: its kind and its place, a foundation's place kept apart from its suit."""

from __future__ import annotations

import random

import pytest

from canfield.deal import deck_for_deal
from canfield.describe import PILE_KINDS
from canfield.moves import FOUNDATION, STOCK, Move
from canfield.pile import PILES, Pile
from canfield.presentation import piles
from canfield.rules import apply_move, legal_moves, locate
from canfield.state import initial_state
from canfield.variants import VARIANTS, variant_named
from positions import random_play


def test_a_pile_equals_the_tuple_the_front_ends_pass() -> None:
    assert Pile.column(1) == ("column", 1) and hash(Pile.column(1)) == hash(("column", 1))
    assert Pile("stock") == ("stock", 0)
    assert {("foundation", 2): "x"}[Pile.foundation(2)] == "x"
    assert piles.PILES == PILES
    assert [p.kind for p in PILES] == [
        "stock",
        "waste",
        "reserve",
        *["foundation"] * 4,
        *["column"] * 4,
    ]
    assert PILE_KINDS == ("stock", "waste", "reserve", "foundation", "column")


def test_of_checks_a_tuple_and_names_what_is_wrong() -> None:
    assert Pile.of(("column", 3)) == Pile.column(3) and type(Pile.of(("column", 3))) is Pile
    assert Pile.of(("waste", 0)).number is None and Pile.of(("foundation", 0)).number == 1
    with pytest.raises(ValueError, match="no pile of kind 'tableau'"):
        Pile.of(("tableau", 0))
    with pytest.raises(ValueError, match="no column at place 4"):
        Pile.of(("column", 4))
    with pytest.raises(ValueError, match="no reserve at place 1"):
        Pile.of(("reserve", 1))


@pytest.mark.parametrize("deal", range(8))
def test_a_foundations_place_and_its_suit_are_asked_for_by_name(deal: int) -> None:
    state = initial_state(deck_for_deal(deal), 3)
    for place in range(4):
        foundation = Pile.foundation(place)
        assert Pile.of_suit(state, foundation.suit(state)) == foundation
        assert foundation.suit(state) == state.foundation_order[place]
    base = state.base  # the base card lies on its suit's foundation, by place
    where = locate(state, base)
    assert where.pile == "foundation" and where.slot == base // 13  # the rules read the suit
    assert piles.pile_of(state, base) == where.on_table(state) == Pile.of_suit(state, base // 13)
    with pytest.raises(ValueError, match="column is not a foundation"):
        Pile.column(0).suit(state)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_moves_target_is_the_pile_its_card_lands_on(variant: str) -> None:
    """Targets stay ints (0-3, FOUNDATION, STOCK); Pile.of_move is where each one leads."""
    rng = random.Random(variant)
    for deal in range(6):
        start = initial_state(deck_for_deal(deal), rng.choice((1, 3)), variant_named(variant))
        state = random_play(start, rng.randint(0, 90), rng)
        for move in legal_moves(state):
            pile = Pile.of_move(state, move)
            assert pile.target == move.target, (move, pile)
            after, _ = apply_move(state, move)
            if move.card is None:
                assert pile == Pile("stock") and move is Move.DRAW
                continue
            assert piles.target_move(move.card, pile) == move
            assert piles.pile_of(after, move.card) == pile, (move, state)
            assert (pile.kind == "foundation") == (move.target == FOUNDATION)


def test_only_columns_foundations_and_the_stock_are_move_targets() -> None:
    assert [Pile.column(k).target for k in range(4)] == [0, 1, 2, 3]
    assert {Pile.foundation(p).target for p in range(4)} == {FOUNDATION}
    assert Pile("stock").target == STOCK
    for kind in ("waste", "reserve"):
        with pytest.raises(ValueError, match=f"no move puts a card on the {kind}"):
            _ = Pile(kind).target

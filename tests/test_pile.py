"""One value for a pile: its kind and its place, a foundation's place kept apart from its suit."""

from __future__ import annotations

import pytest

from canfield.deal import deck_for_deal
from canfield.describe import PILE_KINDS
from canfield.pile import PILES, Pile
from canfield.presentation import piles
from canfield.rules import locate
from canfield.state import initial_state


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

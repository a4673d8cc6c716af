"""The toolkit-free presentation both front ends use: geometry, pile names, drops, focus.

These are the answers the Qt scene and the browser page take as given, so they
are checked here as plain values, without either toolkit.
"""

from __future__ import annotations

import random

import pytest

from canfield import Card, Game
from canfield.describe import pile_name
from canfield.i18n import set_language
from canfield.pile import Pile
from canfield.presentation import piles
from canfield.presentation.geometry import (
    CARD_ASPECT,
    Point,
    Rect,
    TableLayout,
    index_depth,
    placements,
)

EXAMPLE = "CF1-D3-AAAAACL"  # reserve Q♣ on top; columns 6♣ K♥ Q♥ A♠
QC, KH, AS = (int(Card.parse(c)) for c in ("QC", "KH", "AS"))
SIZES = ((360, 640), (390, 844), (640, 360), (1280, 800))


def test_rect_operations() -> None:
    a, b = Rect(0, 0, 10, 10), Rect(5, 5, 10, 10)
    assert a.right == 10 and a.bottom == 10 and a.center == Point(5, 5)
    assert a.united(b) == Rect(0, 0, 15, 15)
    assert a.intersected(b) == Rect(5, 5, 5, 5) and a.intersected(b).area() == 25
    assert a.intersected(Rect(20, 20, 1, 1)).area() == 0
    assert a.contains(Point(10, 10)) and not a.contains(Point(10.5, 3))
    assert a.adjusted(-1, -2, 3, 4) == Rect(-1, -2, 14, 16)
    assert Rect(0, 0, 0, 0).united(b) == b
    assert Point(1, 2) + Point(3, 4) == Point(4, 6)


@pytest.mark.parametrize("size", [(360, 536), (768, 930), (1280, 700), (1920, 980)])
def test_long_columns_shrink_cards_before_hiding_indices(size: tuple[int, int]) -> None:
    normal = TableLayout.compute(*size, CARD_ASPECT)
    for count in (5, 8, 10, 13):
        lay = TableLayout.compute(*size, CARD_ASPECT, count)
        assert lay.card_w >= normal.card_w * 0.72 - 1
        assert lay.column_step_for(count) >= index_depth(lay.card_w) * 0.9 - 0.5, (size, count)
        assert lay.column_area(0, count).bottom <= size[1] + 0.5
    # Short columns never change the table.
    assert TableLayout.compute(*size, CARD_ASPECT, 4) == normal


def test_long_columns_compress_to_stay_on_the_table() -> None:
    for width, height in ((360, 560), (1920, 1000), (800, 450)):
        lay = TableLayout.compute(width, height, CARD_ASPECT)
        for count in (1, 8, 13, 26):
            assert lay.column_area(0, count).bottom <= height, (width, height, count)
        assert lay.column_step_for(26) < lay.column_step


@pytest.mark.parametrize("variant", ["canfield", "superior", "storehouse"])
def test_every_card_is_placed_on_its_own_pile_inside_the_table(variant: str) -> None:
    rng = random.Random(7)
    game = Game.from_deck(_deck_text(), variant=variant)
    for step in range(60):
        state = game.state
        width, height = SIZES[step % len(SIZES)]
        longest = max(len(c) for c in state.columns)
        lay = TableLayout.compute(
            width, height, CARD_ASPECT, longest, state.variant.reserve_face_up
        )
        places = placements(state, lay, len(game.visible_waste()))
        assert sorted(places) == list(range(52))
        for card, place in places.items():
            assert place.pile == piles.pile_of(state, card)
            assert place.face_up == (place.pile.kind != "stock")
            inside = Rect(place.pos.x, place.pos.y, lay.card_w, lay.card_h)
            assert inside.right <= width + 0.5 and inside.bottom <= height + 0.5
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))


def _deck_text() -> str:
    """The example deal's deck, which any variant can be dealt from."""
    deck = Game.from_code(EXAMPLE).deck_string
    return deck() if callable(deck) else deck


def test_pile_names_and_counts_in_two_languages() -> None:
    game = Game.from_code(EXAMPLE)
    state = game.state
    assert piles.pile_spoken_name(state, Pile.column(3), "en") == "column 4, 1 card"
    assert piles.pile_spoken_name(state, Pile("waste"), "en") == "waste, empty"
    assert piles.pile_spoken_name(state, Pile("stock"), "en") == "stock, 34 cards"
    set_language("pt")  # the pile's name follows ``lang``, the count the current language
    try:
        assert piles.pile_spoken_name(state, Pile("reserve"), "pt") == "reserva, 13 cartas"
    finally:
        set_language("en")
    assert piles.visible_cards(game, Pile("reserve")) == [QC]
    assert piles.visible_cards(game, Pile("stock")) == []
    # As a list a reader explores: the size only where the items do not say it.
    assert piles.pile_list_name(game, Pile.column(3), "en") == "column 4"
    assert piles.pile_list_name(game, Pile("reserve"), "en") == "reserve, 13 cards"
    assert piles.pile_list_name(game, Pile("waste"), "en") == "waste, empty"
    assert piles.pile_list_name(game, Pile("stock"), "en") == "stock, 34 cards"
    superior = Game.from_code("CF1-SUPERIOR-D3-AAAAACL")
    assert piles.pile_list_name(superior, Pile("reserve"), "hu") == pile_name("reserve", None, "hu")
    assert piles.card_label(QC, True, "en") == "queen of clubs"
    assert piles.card_label(QC, False, "en") == "face-down card"
    assert piles.foundation_label(state, 0, "en") == "7♥"


def test_playable_cards_are_the_rules_moves() -> None:
    game = Game.from_code(EXAMPLE)
    assert piles.playable_cards(game) == {QC, KH}
    assert piles.movable_group(game.state, QC) == [QC]
    assert piles.movable_group(game.state, AS) == [AS]


def test_a_drop_lands_on_the_legal_pile_the_cards_overlap() -> None:
    game = Game.from_code(EXAMPLE)
    lay = TableLayout.compute(1280, 800, CARD_ASPECT)
    over_kh = lay.columns[1].adjusted(10, 30, 10, 30)  # Q♣ held a little below K♥
    target = piles.drop_target(
        lay, game, QC, dragged=over_kh, pointer=over_kh.center, source=Pile("reserve")
    )
    assert target == Pile.column(1)
    over_qh = lay.columns[2].adjusted(5, 20, 5, 20)  # Q♣ on Q♥: not legal
    assert (
        piles.drop_target(
            lay, game, QC, dragged=over_qh, pointer=over_qh.center, source=Pile("reserve")
        )
        is None
    )
    assert piles.target_move(QC, Pile.column(1)) in game.legal_moves()


def test_focus_sentences_say_pile_card_and_what_is_held() -> None:
    state = Game.from_code(EXAMPLE).state
    assert piles.focused_card(state, Pile("reserve")) == QC
    assert piles.focus_sentence(state, Pile.column(1), KH, None, "en") == (
        "column 2, king of hearts"
    )
    assert piles.focus_sentence(state, Pile("waste"), None, QC, "en") == (
        "waste, empty — holding queen of clubs"
    )
    assert piles.focus_sentence(state, Pile("stock"), 1, None, "en") == "stock, 34 cards"


@pytest.mark.parametrize("size", [(640, 360), (360, 640), (390, 844), (1280, 800), (480, 320)])
@pytest.mark.parametrize("fan_reserve", [False, True])
def test_waste_fan_shows_a_whole_ten(size: tuple[int, int], fan_reserve: bool) -> None:
    """A fanned waste card's rank ("10", the widest) is not covered by the card over it,
    and the fan stays clear of the pile beside it and inside the window."""
    from canfield.presentation.geometry import CARD_ASPECT, TableLayout, rank_reach

    lay = TableLayout.compute(*size, CARD_ASPECT, fan_reserve=fan_reserve)
    assert round(lay.waste_step) >= rank_reach(lay.card_w)
    fan = lay.waste_area(3)
    if not lay.portrait:
        assert fan.right <= lay.foundations[0].left
    elif not fan_reserve:
        assert fan.right <= lay.reserve.left
    assert fan.right <= lay.columns[3].right <= lay.width

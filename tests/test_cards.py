from __future__ import annotations

import pickle

import pytest

from canfield import CARDS, Card, InvalidCardError, parse_card
from canfield.cards import format_cards, is_red, parse_cards, rank_of, suit_of
from canfield.errors import InvalidDeckError


def test_cards_are_interned_and_round_trip_through_notation() -> None:
    assert len({str(c) for c in CARDS}) == 52
    for c in CARDS:
        assert parse_card(str(c)) is c
        assert Card(int(c)) is c
        assert eval(repr(c)) is c
        assert pickle.loads(pickle.dumps(c)) is c


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("QC", "QC"),
        ("qc", "QC"),
        (" 10h ", "TH"),
        ("Th", "TH"),
        ("a♠", "AS"),
        ("K♥", "KH"),
        ("7♦", "7D"),
        ("2♣", "2C"),
    ],
)
def test_parse_accepts_the_input_forms(text: str, name: str) -> None:
    assert str(parse_card(text)) == name


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "not a card"),
        ("Q", "not a card"),
        ("1C", "unknown rank '1'"),
        ("QX", "unknown suit 'X'"),
        ("ZZ", "not a card"),
        ("11H", "unknown rank '11'"),
    ],
)
def test_parse_names_the_problem(text: str, fragment: str) -> None:
    with pytest.raises(InvalidCardError, match=fragment):
        parse_card(text)


def test_card_properties() -> None:
    qc = parse_card("QC")
    assert (qc.rank, qc.suit, qc.red, qc.symbol) == (12, 3, False, "Q♣")
    assert parse_card("TH").symbol == "10♥"
    assert rank_of(parse_card("AS")) == 1 and suit_of(parse_card("AS")) == 0
    assert is_red(parse_card("2D")) and not is_red(parse_card("2S"))
    assert Card.of(13, 1) is parse_card("KH")
    with pytest.raises(InvalidCardError):
        Card.of(14, 1)
    with pytest.raises(InvalidCardError):
        Card(52)


def test_parse_cards_reports_the_position_of_a_bad_card() -> None:
    assert format_cards(parse_cards("AS, 2s  3S")) == "AS 2S 3S"
    with pytest.raises(InvalidDeckError, match="card 3"):
        parse_cards("AS 2S XX")

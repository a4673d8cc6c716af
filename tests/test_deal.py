"""Game codes and the deal-number mapping: pinned forever by golden decks."""

from __future__ import annotations

import pytest

from canfield import DealCode, Game, InvalidCodeError, InvalidDeckError
from canfield.deal import (
    DEAL_COUNT,
    START_ORDER,
    deck_for_deal,
    format_deck,
    parse_deck,
    splitmix64,
)
from canfield.errors import CodeProblem, DeckProblem

# Complete decks, in deal order, for several codes. These must never change:
# a code has to mean the same deal on every machine and in every version.
GOLDEN = {
    "CF1-D3-AAAAAAA": "7C TD 6C AC 2H 3D 5C QC 3H 2S 9S 7S 8H 8S JC QD 7D 7H 5D 5S QH 6S 3C AD 5H "
    "8D TH AH JD 9C TS 2D 2C 4H JS JH 3S 4D KD KH 8C 9H TC AS KC 4S QS 4C 6H 6D KS 9D",
    "CF1-D3-AAAAAAB": "9H 6C 4H 8D TH 4C 2D 6H 8C 9S 5H 4D 3S 2H TD 7D QS 6D 7H AH 5C KS QD 9D 9C "
    "TC AD 7C TS 3C 6S 7S KD 5S QH KC AS JC JD 3D JH 3H 2C 2S 4S JS 8S QC 5D AC 8H KH",
    "CF1-D3-AAAAACL": "2C JC 2D 3D 6D 5S JD AH 2H JS QS 8H QC 7H 6C KH QH AS KS KD 2S TD KC QD 9D "
    "3H 9C 9S 8C AC 8D 8S 4C 7C 4H 3S TH JH 5H AD 7D 4S 3C 4D 5D 9H 6H 7S TC TS 5C 6S",
    "CF1-D3-ABBAKVU": "KS KH KC 8D 6C TS QS 3C 7S 3H TH 7H KD 7C QH AC 8C JH 9C 6D 2S 2D AS 9D JD "
    "TD QC 6H TC AH 3S QD 6S 5S 4S 9H 4H 2H 5D 8S 4C 2C AD 5H 9S 7D JC JS 5C 3D 8H 4D",
    "CF1-D3-ZZZZZZZ": "5C 4C TD 4H 3C AC 2S 9H 6C QC QH KC 3S AS 8D 9D TC 6H JS TS 2H 7C TH 8S JH "
    "6S 9S 8C QD 4S 7D 8H 2C 4D 7H KS JD KH 5S 6D 2D 3H KD JC AH 7S 9C AD QS 5H 3D 5D",
}


@pytest.mark.parametrize(("code", "deck"), GOLDEN.items())
def test_golden_decks(code: str, deck: str) -> None:
    assert format_deck(DealCode.parse(code).deck()) == deck
    assert Game.from_code(code).deck_string == deck


def test_splitmix64_matches_the_reference_vectors() -> None:
    stream = splitmix64(1234567)
    assert [next(stream) for _ in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


def test_start_order_is_a_full_deck() -> None:
    assert sorted(START_ORDER) == list(range(52))


def test_the_rule_pages_example_deal() -> None:
    game = Game.from_code("CF1-D3-AAAAACL")
    st = game.state
    assert str(game.reserve[-1]) == "QC" and len(st.reserve) == 13
    assert str(st.reserve_top) == "QC"
    assert str(game.foundations[1][0]) == "7H"  # hearts: foundations are indexed by suit
    assert [str(c[0]) for c in game.columns] == ["6C", "KH", "QH", "AS"]
    assert len(st.stock) == 34 and not st.waste


def test_same_letters_same_deck_whatever_the_draw_mode() -> None:
    d1 = Game.from_code("CF1-D1-ABBAKVU")
    d3 = Game.from_code("CF1-D3-ABBAKVU")
    assert d1.deck == d3.deck
    assert (d1.draw, d3.draw) == (1, 3)
    assert d1.code == "CF1-D1-ABBAKVU"


def test_codes_round_trip_and_normalise() -> None:
    for number in (0, 1, 25, 26, 63, 123456789, DEAL_COUNT - 1):
        for draw in (1, 3):
            code = DealCode(number, draw)
            assert DealCode.parse(str(code)) == code
    assert str(DealCode.parse("  cf1-d1-aaaaacl\t")) == "CF1-D1-AAAAACL"
    assert DealCode.parse("CF1-D3-AAAAACL").number == 63


def test_distinct_numbers_give_distinct_decks() -> None:
    decks = {deck_for_deal(n) for n in range(300)}
    assert len(decks) == 300
    for deck in list(decks)[:50]:
        assert sorted(deck) == list(range(52))


@pytest.mark.parametrize(
    ("text", "fragment", "problem", "part"),
    [
        ("", "empty game code", CodeProblem.SHAPE, ""),
        ("   ", "empty game code", CodeProblem.SHAPE, ""),
        ("CF1D3AAAAACL", "expected three parts", CodeProblem.SHAPE, ""),
        ("CF1-D3-AAAAACL-X", "expected three parts", CodeProblem.SHAPE, ""),
        ("CF1-KLONDIKE-D3-AAAAACL", "unknown variant 'KLONDIKE'", CodeProblem.VARIANT, "KLONDIKE"),
        ("CF2-D3-AAAAACL", "unknown code version 'CF2'", CodeProblem.VERSION, "CF2"),
        ("CF1-D2-AAAAACL", "unknown draw mode 'D2'", CodeProblem.DRAW, "D2"),
        ("cf1-x3-aaaaacl", "unknown draw mode 'X3'", CodeProblem.DRAW, "X3"),
        ("CF1-D3-AAAACL", "has 6 letters, not 7", CodeProblem.LENGTH, "AAAACL"),
        ("CF1-D3-AAAAAACL", "has 8 letters, not 7", CodeProblem.LENGTH, "AAAAAACL"),
        ("CF1-D3-AAAA1CL", "only letters A-Z, not '1'", CodeProblem.LETTERS, "AAAA1CL"),
        ("CF1-D3-AAAÁACL", "only letters A-Z", CodeProblem.LETTERS, "AAAÁACL"),
    ],
)
def test_bad_codes_are_refused_with_the_reason(
    text: str, fragment: str, problem: CodeProblem, part: str
) -> None:
    """The message says it in English; ``problem`` and ``part`` say it for the app to word."""
    with pytest.raises(InvalidCodeError, match=fragment) as info:
        Game.from_code(text)
    assert (info.value.problem, info.value.part) == (problem, part)


def test_code_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        DealCode.parse("nonsense")
    with pytest.raises(InvalidCodeError):
        DealCode(DEAL_COUNT, 3)
    with pytest.raises(InvalidCodeError):
        DealCode(0, 2)


def test_deck_strings() -> None:
    deck = GOLDEN["CF1-D3-AAAAACL"]
    assert parse_deck(deck.replace(" ", ", ")) == parse_deck(deck)
    game = Game.from_deck(deck.lower(), draw=1)
    assert game.code is None and game.draw == 1
    assert game.deck == Game.from_code("CF1-D3-AAAAACL").deck


@pytest.mark.parametrize(
    ("mutate", "fragment", "fields"),
    [
        (lambda cards: cards[:-1], "this one has 51", (DeckProblem.COUNT, 0, "", 51, ())),
        (lambda cards: [*cards, "AS"], "this one has 53", (DeckProblem.COUNT, 0, "", 53, ())),
        (
            lambda cards: ["AS", *cards[1:-1], "AS"],
            r"duplicate card\(s\) AS.*missing: ",
            (DeckProblem.TWICE, 0, "", 0, ("AS",)),
        ),
        (
            lambda cards: ["XX", *cards[1:]],
            "card 1: not a card: 'XX'",
            (DeckProblem.CARD, 1, "XX", 0, ()),
        ),
        (
            lambda cards: [*cards[:5], "1h", *cards[6:]],
            "card 6: unknown rank '1'",
            (DeckProblem.CARD, 6, "1h", 0, ()),
        ),
    ],
)
def test_bad_decks_each_get_their_own_message(
    mutate: object, fragment: str, fields: tuple[object, ...]
) -> None:
    cards = GOLDEN["CF1-D3-AAAAAAA"].split()
    assert callable(mutate)
    given = mutate(cards)
    with pytest.raises(InvalidDeckError, match=fragment) as info:
        Game.from_deck(" ".join(given))
    error = info.value
    assert (error.problem, error.position, error.part, error.count, error.twice) == fields
    if error.problem is DeckProblem.TWICE:
        assert error.missing and set(error.missing) == set(cards) - set(given)


def test_new_games_are_random_and_replayable() -> None:
    games = [Game.new() for _ in range(5)]
    assert len({g.code for g in games}) == 5
    for g in games:
        assert g.code is not None
        assert Game.from_code(g.code).deck == g.deck
    assert Game.new(draw=1).draw == 1

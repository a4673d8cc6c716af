"""The spoken sentences of a played game, in the words a native speaker uses (issue 26).

Played from the rule pages' own example deal, CF1-D3-AAAAACL: after ten draws,
7♠ home, Q♣ onto K♥, 8♥ home, then K♥ with the Q♣ on it onto A♠ (the third move of
the won game the rule pages describe), which empties column 2 for the reserve's Q♠.
"""

from __future__ import annotations

import pytest

from canfield import Card, Game
from canfield.i18n import set_language
from canfield.pile import Pile
from canfield.presentation import narration, piles
from positions import WIN_DECK, WIN_MOVES

OPENING = ["s"] * 10 + ["7S>f", "QC>2", "8H>f"]


@pytest.fixture(autouse=True)
def _english_afterwards():  # type: ignore[no-untyped-def]
    yield
    set_language("en")


def _card(text: str) -> int:
    return int(Card.parse(text))


def _king_move(lang: str) -> str:
    set_language(lang)
    game = Game.from_code("CF1-D3-AAAAACL")
    for step in OPENING:
        game.play(step)
    before = game.state
    move = game.play("KH>4")
    return narration.move_sentence(before, game.state, move, lang)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            "king of hearts and 1 card on it to column 4. reserve: queen of spades to column 2, "
            "jack of spades on top",
        ),
        (
            "pt",
            "rei de copas, com 1 carta por cima, para a coluna 4. reserva: dama de espadas "
            "para a coluna 2, valete de espadas no topo",
        ),
        (
            "hu",
            "kőr király és a rajta lévő 1 lap áthelyezve ide: 4. oszlop. tartalék: pikk dáma "
            "ide: 2. oszlop, felül pikk bubi",
        ),
        (
            "id",
            "raja hati dan 1 kartu di atasnya ke kolom 4. cadangan: ratu sekop ke kolom 2, "
            "teratas: jek sekop",
        ),
    ],
)
def test_a_run_moved_with_its_cards(lang: str, expected: str) -> None:
    assert _king_move(lang) == expected


def test_portuguese_never_says_sobre_ela() -> None:
    """Every rank but the dama is masculine: the cards lie "por cima", without a gender."""
    set_language("pt")
    for rank in ("AS", "KH", "QH", "JC", "7D"):
        said = narration.picked_up([_card(rank), _card("2C"), _card("3D")], "pt")
        assert said.startswith("Na mão: ") and said.endswith(", com 2 cartas por cima"), said
    assert narration.put_back(_card("KH"), "pt") == "Carta devolvida: rei de copas"


@pytest.mark.parametrize(
    ("lang", "picked", "drawn"),
    [
        ("pt", "Na mão: 4 de paus", "3 cartas tiradas, 2 de espadas no topo"),
        ("hu", "treff 4 felvéve", "3 lap felfordítva, felül: pikk 2"),
        ("id", "4 keriting diangkat", "3 kartu diambil, teratas: 2 sekop"),
    ],
)
def test_pick_up_and_draw_have_their_own_words(lang: str, picked: str, drawn: str) -> None:
    set_language(lang)
    game = Game.from_code("CF1-D3-AAAAACL")
    before = game.state
    move = game.play("s")
    assert narration.move_sentence(before, game.state, move, lang) == drawn
    assert narration.picked_up([_card("4C")], lang) == picked


@pytest.mark.parametrize(
    ("lang", "undo", "redo"),
    [
        ("en", "Nothing to undo", "Nothing to redo"),
        ("pt", "Nada para anular", "Nada para refazer"),
        ("hu", "Nincs mit visszavonni", "Nincs mit megismételni"),
        ("id", "Tidak ada yang bisa dibatalkan", "Tidak ada yang bisa diulangi"),
    ],
)
def test_nothing_to_undo_or_redo_is_said_with_the_buttons_words(
    lang: str, undo: str, redo: str
) -> None:
    set_language(lang)
    assert narration.nothing_to_take_back() == undo
    assert narration.nothing_to_take_back(redo=True) == redo


def test_undo_is_anular_in_portuguese() -> None:
    set_language("pt")
    game = Game.from_code("CF1-D3-AAAAACL")
    before = game.state
    move = game.play("QC>2")
    after = game.state
    game.undo()
    said = narration.change_sentence("undo", after, game.state, move, "pt")
    assert said == "Jogada anulada: dama de paus para a coluna 2"
    del before


def _emptied() -> Game:
    """Every pile but the foundations empty: the won game of tests/positions.py."""
    game = Game.from_deck(WIN_DECK, draw=1)
    for move in WIN_MOVES:
        game.play(move)
    return game


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "pt",
            {
                "stock": "baralho, vazio",
                "waste": "descarte, vazio",
                "reserve": "reserva, vazia",
                "column": "coluna 1, vazia",
            },
        ),
        (
            "hu",
            {
                "stock": "húzópakli, üres",
                "waste": "dobópakli, üres",
                "reserve": "tartalék, üres",
                "column": "1. oszlop, üres",
            },
        ),
        ("en", {"reserve": "reserve, empty", "column": "column 1, empty"}),
    ],
)
def test_empty_agrees_with_the_pile(lang: str, expected: dict[str, str]) -> None:
    set_language(lang)
    state = _emptied().state
    for kind, said in expected.items():
        assert piles.pile_spoken_name(state, Pile.of((kind, 0)), lang) == said
        assert piles.focus_sentence(state, Pile.of((kind, 0)), None, None, lang) == said
    fresh = Game.from_code("CF1-D3-AAAAACL").state
    empty_foundation = piles.focus_sentence(fresh, Pile.foundation(3), None, None, lang)
    if lang == "pt":
        assert empty_foundation == "fundação 4, vazia"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("pt", "coluna 2, rei de copas — na mão: dama de paus"),
        ("hu", "2. oszlop, kőr király — kézben: treff dáma"),
        ("id", "kolom 2, raja hati — sedang dipegang: ratu keriting"),
    ],
)
def test_what_is_held_is_in_hand_not_on_the_pile(lang: str, expected: str) -> None:
    set_language(lang)
    state = Game.from_code("CF1-D3-AAAAACL").state
    said = piles.focus_sentence(state, Pile.column(1), _card("KH"), _card("QC"), lang)
    assert said == expected

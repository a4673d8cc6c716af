"""Descriptions of the variants' positions, in the four languages.

A variant adds to the canfield wording only what it needs: the passes left
where they are limited, every reserve card where the reserve is face up; the
canfield texts themselves stay exactly as the original rule pages write them
(``test_describe.py`` holds them).
"""

from __future__ import annotations

import pytest

from canfield import Game
from canfield.describe import LANGUAGES, describe

STOREHOUSE_OPENING = {
    "en": "Stock: 31 cards, 3 passes left; waste empty; reserve: 13 cards, top: king of hearts. "
    "Foundations, starting rank 2: spades up to the 2 of spades (1), hearts up to the 2 of "
    "hearts (1), diamonds up to the 2 of diamonds (1), clubs up to the 2 of clubs (1). "
    "column 1: queen of hearts; column 2: ace of spades; column 3: king of spades; "
    "column 4: king of diamonds.",
    "pt": "Baralho: 31 cartas, restam 3 passagens; descarte vazio; reserva: 13 cartas, no topo: "
    "rei de copas. Fundações, valor inicial 2: espadas até ao 2 de espadas (1), copas até ao 2 "
    "de copas (1), ouros até ao 2 de ouros (1), paus até ao 2 de paus (1). coluna 1: dama de "
    "copas; coluna 2: ás de espadas; coluna 3: rei de espadas; coluna 4: rei de ouros.",
    "hu": "Húzópakli: 31 lap, még 3 menet; dobópakli üres; tartalék: 13 lap, felül: kőr király. "
    "Alapok, kezdő rang 2: pikk a pikk 2-ig (1), kőr a kőr 2-ig (1), káró a káró 2-ig (1), "
    "treff a treff 2-ig (1). 1. oszlop: kőr dáma; 2. oszlop: pikk ász; 3. oszlop: pikk király; "
    "4. oszlop: káró király.",
    "id": "Tumpukan ambil: 31 kartu, sisa 3 putaran; tumpukan buangan kosong; cadangan: 13 kartu, "
    "teratas: raja hati. Fondasi, peringkat awal 2: sekop sampai 2 sekop (1), hati sampai 2 "
    "hati (1), wajik sampai 2 wajik (1), keriting sampai 2 keriting (1). kolom 1: ratu hati; "
    "kolom 2: as sekop; kolom 3: raja sekop; kolom 4: raja wajik.",
}

SUPERIOR_RESERVE = {
    "en": "reserve: 13 cards, top: queen of clubs, under it: 8 of hearts, queen of spades, "
    "jack of spades, 2 of hearts, ace of hearts, jack of diamonds, 5 of spades, 6 of diamonds, "
    "3 of diamonds, 2 of diamonds, jack of clubs, 2 of clubs.",
    "pt": "reserva: 13 cartas, no topo: dama de paus, por baixo: 8 de copas, dama de espadas, "
    "valete de espadas, 2 de copas, ás de copas, valete de ouros, 5 de espadas, 6 de ouros, "
    "3 de ouros, 2 de ouros, valete de paus, 2 de paus.",
    "hu": "tartalék: 13 lap, felül: treff dáma, alatta: kőr 8, pikk dáma, pikk bubi, kőr 2, "
    "kőr ász, káró bubi, pikk 5, káró 6, káró 3, káró 2, treff bubi, treff 2.",
    "id": "cadangan: 13 kartu, teratas: ratu keriting, di bawahnya: 8 hati, ratu sekop, "
    "jek sekop, 2 hati, as hati, jek wajik, 5 sekop, 6 wajik, 3 wajik, 2 wajik, jek keriting, "
    "2 keriting.",
}

LAST_PASS = {
    "en": "last pass",
    "pt": "última passagem",
    "hu": "utolsó menet",
    "id": "putaran terakhir",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_storehouse_says_its_twos_and_passes(lang: str) -> None:
    assert (
        describe(Game.from_code("CF1-STOREHOUSE-D1-AAAAACL").state, lang)
        == (STOREHOUSE_OPENING[lang])
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_superior_lists_every_reserve_card_top_first(lang: str) -> None:
    text = describe(Game.from_code("CF1-SUPERIOR-D3-AAAAACL").state, lang)
    assert SUPERIOR_RESERVE[lang] in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_one_pass_game_says_it_is_the_last_pass(lang: str) -> None:
    for code in ("CF1-STRICT-D3-AAAAACL", "CF1-RAINBOW-D1-AAAAACL"):
        stock = describe(Game.from_code(code).state, lang).split(";")[0]
        assert stock.endswith(", " + LAST_PASS[lang])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_passes_left_count_down_as_the_waste_turns_over(lang: str) -> None:
    game = Game.from_code("CF1-STOREHOUSE-D1-AAAAACL")
    for _ in range(31):
        game.play("s")
    game.play("s")  # the first turn-over
    assert game.state.passes_left == 2
    assert describe(game.state, "en").startswith("Stock: 31 cards, 2 passes left;")
    for _ in range(32):
        game.play("s")
    assert describe(game.state, lang).split(";")[0].endswith(LAST_PASS[lang])


@pytest.mark.parametrize("name", ["classic", "solvitaire", "solvitaire_strict"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_variants_with_nothing_to_show_read_like_canfield(name: str, lang: str) -> None:
    canfield = describe(Game.from_code("CF1-D3-AAAAACL").state, lang)
    assert describe(Game.from_code(f"CF1-{name.upper()}-D3-AAAAACL").state, lang) == canfield

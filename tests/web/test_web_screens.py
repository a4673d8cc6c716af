"""The screens around the table in a real browser: New game, Settings, Statistics, the win.

Each scenario of ``scenarios.mjs`` drives headless chromium by accessible names (the
texts are looked up in the Python catalogs here, so a test in another language finds the
same controls) and reports what the page showed; what it should have shown is asked of the
engine and of :mod:`canfield.web.screens` in CPython.
"""

from __future__ import annotations

from typing import Any

import pytest
from web_harness import WIN_DECK, Server, run_scenario, texts, winning_moves

from canfield import Game, i18n
from canfield.deal import DealCode
from canfield.presentation.deal_text import DealTextError, read_deal_text
from canfield.presentation.variant_text import APP_VARIANTS

# One worker holds the module, so its browser tour (a module fixture) runs once, not once per
# xdist worker.
pytestmark = pytest.mark.xdist_group("screens")

CODE = "CF1-STOREHOUSE-D3-AAAAACL"
BAD_CODE = "CF1-D4-AAAAACL"


@pytest.fixture(scope="module")
def screens(server: Server) -> dict[str, Any]:
    """The tour (a phone, by touch) and the win (a desktop), in one browser."""
    seen: dict[str, Any] = run_scenario(
        "tour,win",
        server.url,
        tour={
            "size": "phone",
            "variants": list(APP_VARIANTS),
            "code": CODE,
            "bad_code": BAD_CODE,
            "language": "hu",
            "language_label": i18n.language_name("hu"),
        },
        win={"size": "desktop", "deck": WIN_DECK, "moves": winning_moves()},
    )
    return seen


@pytest.fixture
def tour(screens: dict[str, Any]) -> dict[str, Any]:
    seen: dict[str, Any] = screens["tour"]
    assert seen["errors"] == []
    return seen


def test_new_game_deals_every_variant_with_its_draw(tour: dict[str, Any]) -> None:
    dealt = tour["dealt"]
    assert [d["variant"] for d in dealt] == [*APP_VARIANTS, "rainbow"]
    codes = set()
    for deal in dealt:
        code = DealCode.parse(deal["code"])
        assert (code.variant.name, code.draw) == (deal["variant"], deal["draw"])
        codes.add(deal["code"])
    assert len(codes) == len(dealt)  # each a new deal


def test_a_typed_code_deals_exactly_that_game(tour: dict[str, Any]) -> None:
    assert tour["coded"]["code"] == CODE
    assert "Storehouse" in tour["coded"]["title"]


def test_a_bad_code_is_refused_with_the_engines_reason_and_nothing_is_lost(
    tour: dict[str, Any],
) -> None:
    i18n.set_language("en")
    with pytest.raises(DealTextError) as refused:
        read_deal_text(BAD_CODE)
    assert tour["refusal"] == str(refused.value)
    assert tour["invalid"] == "true"
    assert str(refused.value) in tour["describedBy"]  # a screen reader hears why
    assert tour["afterBad"] == CODE  # the game in progress is still the one dealt before


def test_the_new_game_screen_fits_a_phone_with_44px_targets(tour: dict[str, Any]) -> None:
    assert tour["fitted"] is True
    assert tour["small"] == []


def test_the_language_switches_the_table_and_the_screens_at_once(tour: dict[str, Any]) -> None:
    en, hu = texts("en"), texts("hu")
    assert tour["settingsBefore"]["title"] == en["settings"]
    assert tour["settingsAfter"]["title"] == hu["settings"]
    assert hu["double_tap"] in tour["settingsAfter"]["labels"]
    assert tour["langAttr"] == "hu"
    assert hu["new_game"] in tour["toolbarAfter"] and hu["menu"] in tour["toolbarAfter"]
    assert en["new_game"] not in tour["toolbarAfter"]
    assert tour["newGameAfter"]["title"] == hu["new_game"]
    assert hu["deal"] in tour["newGameAfter"]["buttons"]
    assert en["new_game"] in tour["english"]


def test_settings_survive_a_reload(tour: dict[str, Any]) -> None:
    hu = texts("hu")
    reloaded = tour["reloaded"]
    assert reloaded["lang"] == "hu" and hu["new_game"] in reloaded["toolbar"]
    assert reloaded["double_tap"] is False  # changed
    assert reloaded["animations"] is True  # left at its default
    assert reloaded["felt"] == "blue" and reloaded["felt_choice"] == hu["blue"]


@pytest.fixture
def won(screens: dict[str, Any]) -> dict[str, Any]:
    seen: dict[str, Any] = screens["win"]
    assert seen["errors"] == []
    return seen


def test_the_win_screen_shows_the_score_and_this_variants_statistics(won: dict[str, Any]) -> None:
    game = Game.from_deck(WIN_DECK, draw=1)
    for move in winning_moves():
        game.play(move)
    en = texts("en")
    shown = won["winTexts"]
    assert shown["title"] == en["you_won"]
    assert f"Score: {game.score}" in shown["text"] and f"Moves: {game.moves_made}" in shown["text"]
    # this variant's statistics, each a line with a space between its label and its figure:
    # the dialog is read whole as it opens, and a reader joined table cells ("Played1")
    lines = shown["text"].splitlines()
    assert "Canfield · 1 card" in lines
    for line in ("Played 1", "Won 1", "Win rate 100%", "Current streak 1", "Best streak 1"):
        assert line in lines, lines
    for label in (en["play_again"], en["new_game"], en["copy_deck"]):
        assert label in shown["buttons"]
    assert won["winSmall"] == []


def test_copy_puts_the_deal_on_the_clipboard_and_says_so(won: dict[str, Any]) -> None:
    assert won["clipboard"] == Game.from_deck(WIN_DECK, draw=1).deck_string


def test_statistics_count_the_won_game_and_keep_it_across_a_reload(won: dict[str, Any]) -> None:
    for stats in (won["stats"], won["statsReloaded"]):
        # columns: 3 cards, then 1 card; the won game was draw 1 of Canfield
        assert stats["played"] == ["0", "1"]
        assert stats["won"] == ["0", "1"]
        assert stats["win_rate"] == ["—", "100%"]
        assert stats["current_streak"] == ["0", "1"]
    assert any("Won" in b for b in won["statsDialog"]["buttons"])  # the recent game, to replay

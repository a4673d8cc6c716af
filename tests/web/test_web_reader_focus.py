"""The table as a screen reader in a browser is told of it: chromium's own accessibility tree
(CDP) after the pile keys, at 1280x800 in English and Portuguese.

Heard with Debian's Orca 43 in chromium (``tests/a11y/web_stack.py``, docs/web.md): in browse
mode, Orca's default for a page, it took the pile keys for its own navigation (R: "No more
radio buttons", 1: "No more headings at level 1", T: "No more tables") and the game heard
none; the table is now an ARIA application inside the main landmark, where a reader passes
every key on. Each focused card is a button named by the engine and described by Python's
landing sentence (asked of canfield.presentation.keyboard here in CPython).
"""

from __future__ import annotations

from typing import Any

import pytest

from canfield import Game, i18n
from canfield.describe import card_name
from canfield.i18n import _
from canfield.pile import Pile
from canfield.presentation.keyboard import Keyboard

EXAMPLE = "CF1-D3-AAAAACL"
"""Columns 6C KH QH AS, reserve top QC (QC goes on KH), then 8H."""

pytestmark = pytest.mark.xdist_group("reader-focus")


def _landing(game: Game, pile: Any, lang: str) -> str:
    """What the page's Python says landing on ``pile`` (its words from ``lang``'s catalog)."""
    keys = Keyboard()
    keys.set_focus(pile, game.state)
    before = i18n.language()
    i18n.set_language(lang)
    try:
        return keys.landing(game, lang)
    finally:
        i18n.set_language(before)


def _journey(site: Any, lang: str) -> dict[str, Any]:
    from test_web_browser import _run_journey

    steps: list[dict[str, Any]] = [
        {"do": "goto", "code": EXAMPLE},
        {"do": "focus"},
        {"do": "keys", "keys": ["w"], "name": "w"},
        {"do": "ax-focus", "name": "waste"},
        {"do": "keys", "keys": ["r"], "name": "r"},
        {"do": "ax-focus", "name": "reserve"},
        {"do": "keys", "keys": ["Enter", "2"], "name": "moved"},
        {"do": "ax-focus", "name": "after_move"},
        {"do": "keys", "keys": ["1"], "name": "one"},
        {"do": "ax-focus", "name": "column_1"},
        # N: New game (Ctrl+N never reaches a page: chromium opens a new window)
        {"do": "keys", "keys": ["n"], "name": "n"},
        {"do": "wait-for", "selector": "dialog[open]"},
        {"do": "dialog-texts", "name": "new_game"},
    ]
    return _run_journey(site, steps, locale={"en": "en-GB", "pt": "pt-PT"}[lang])


@pytest.fixture(scope="module")
def heard(site: Any) -> dict[str, dict[str, Any]]:
    return {lang: _journey(site, lang) for lang in ("en", "pt")}


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_focused_card_is_an_option_of_a_list_box_in_an_application_in_the_main_landmark(
    heard: dict[str, dict[str, Any]], lang: str
) -> None:
    seen = heard[lang]
    assert seen["errors"] == []
    before = i18n.language()
    i18n.set_language(lang)
    try:
        table = _("Card table")
    finally:
        i18n.set_language(before)
    for step in ("reserve", "after_move", "column_1"):
        focus = seen[step]
        assert focus is not None, step
        roles = [a["role"] for a in focus["ancestors"]]
        assert {"role": "application", "name": table} in focus["ancestors"], focus
        # the application is inside the main landmark (axe: all content in landmarks)
        assert roles.index("application") < roles.index("main"), roles
        # an option in its pile's list box: Orca 43 goes to focus mode landing on one (it
        # stayed in browse mode on a button in a list, and took the pile keys for its own)
        assert focus["role"] == "option", focus
        assert focus["ancestors"][0]["role"] == "listbox", focus


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_each_focused_card_is_named_by_the_engine_and_described_by_its_landing(
    heard: dict[str, dict[str, Any]], lang: str
) -> None:
    seen = heard[lang]
    game = Game.from_code(EXAMPLE)
    reserve = seen["reserve"]
    assert reserve["name"] == card_name(game.state.reserve[-1], lang)
    assert reserve["description"] == _landing(game, Pile("reserve"), lang)
    game.play("QC>2")
    after = seen["after_move"]
    assert after["name"] == card_name(game.state.reserve[-1], lang)
    assert after["description"] == _landing(game, Pile("reserve"), lang)
    column = seen["column_1"]
    assert column["description"] == _landing(game, Pile.column(0), lang)


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_an_empty_pile_is_named_once_not_described_by_the_same_words(
    heard: dict[str, dict[str, Any]], lang: str
) -> None:
    # Orca 43 said "waste, empty clickable. waste, empty." (the name, then the same words as
    # the description); the reserve, empty at the win, three times
    waste = heard[lang]["waste"]
    game = Game.from_code(EXAMPLE)
    assert not game.state.waste
    assert waste["name"].rstrip(".") == _landing(game, Pile("waste"), lang).rstrip("."), waste
    assert waste["description"] == "", waste


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_n_opens_new_game_where_the_browser_keeps_ctrl_n(
    heard: dict[str, dict[str, Any]], lang: str
) -> None:
    before = i18n.language()
    i18n.set_language(lang)
    try:
        title = _("New game")
    finally:
        i18n.set_language(before)
    dialog = heard[lang]["new_game"]
    assert dialog is not None and dialog["title"] == title, dialog

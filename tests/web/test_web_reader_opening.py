"""Where a screen reader lands as the page starts and as New game and Settings open, from
chromium's own accessibility tree (CDP) and the DOM's focus, at 1280x800 in English.

Heard with Debian's Orca 43 in chromium (docs/web.md, "Heard with Orca"): the first load put
the focus nowhere (the page's body; Orca said the page's title and then nothing until Tab),
where the desktop starts on the table; and New game opened as "Canfield." (its Variant
select's option alone), where the desktop's Orca says the dialog's title, the focused field's
name and the variant's description once.
"""

from __future__ import annotations

from typing import Any

import pytest
from web_harness import WIN_DECK, texts, winning_moves

from canfield import Game, i18n
from canfield.i18n import _
from canfield.presentation.keyboard import Keyboard
from canfield.presentation.narration import resumed_sentence
from canfield.presentation.variant_text import variant_summary

EXAMPLE = "CF1-D3-AAAAACL"
"""Columns 6C KH QH AS, reserve top QC, then 8H."""

pytestmark = pytest.mark.xdist_group("reader-opening")


def _en(text: str) -> str:
    before = i18n.language()
    i18n.set_language("en")
    try:
        return _(text)
    finally:
        i18n.set_language(before)


def _words(*texts: str) -> int:
    return sum(len(t.split()) for t in texts)


@pytest.fixture(scope="module")
def seen(site: Any) -> dict[str, Any]:
    from test_web_browser import _run_journey

    t = texts("en")
    steps: list[dict[str, Any]] = [
        {"do": "goto", "code": EXAMPLE, "welcome": "keep"},
        {"do": "wait", "ms": 300},
        {"do": "dom-focus", "name": "under_welcome"},
        {"do": "welcome", "name": "welcome"},
        {"do": "dom-focus", "name": "after_welcome"},
        {"do": "ax-focus", "name": "after_welcome_ax"},
        {"do": "record-order"},
        {"do": "reload"},
        {"do": "wait", "ms": 300},
        {"do": "dom-focus", "name": "after_reload"},
        {"do": "ax-focus", "name": "after_reload_ax"},
        {"do": "wait", "ms": 1000},
        {"do": "order", "name": "reload_order"},
        {"do": "focus-log-start"},
        {"do": "watch-modal"},
        {"do": "keys", "keys": ["n"], "name": "n"},
        {"do": "wait-for", "selector": "dialog[open]"},
        {"do": "modal-at-open", "name": "new_game_opening"},
        # from a card the focus rests on the title first (ui.ts, show(): STEP_MS)
        {"do": "wait", "ms": 1500},
        {"do": "ax-dialog", "name": "new_game"},
        {"do": "focus-log", "name": "new_game_focus"},
        {"do": "close-dialogs"},
        {"do": "press", "scope": "toolbar", "label": t["menu"]},
        {"do": "focus-log-start"},
        {"do": "press", "scope": "dialog", "label": t["settings"]},
        {"do": "wait-for", "selector": "#screen-settings"},
        {"do": "ax-dialog", "name": "settings"},
        {"do": "focus-log", "name": "settings_focus"},
        {"do": "close-dialogs"},
        # the win by keys from a card (all but its last two moves played for it): D draws the
        # king of clubs, W Enter F sends it home
        {"do": "new-game", "draw": 1, "text": WIN_DECK},
        {"do": "play", "moves": winning_moves()[:-2]},
        {"do": "focus"},
        {"do": "keys", "keys": ["d", "w", "Enter"], "name": "before_win"},
        {"do": "watch-modal"},
        {"do": "keys", "keys": ["f"], "name": "f"},
        {"do": "wait-for", "selector": "dialog[open].screen-win"},
        {"do": "modal-at-open", "name": "win_opening"},
        {"do": "wait", "ms": 1000},
        {"do": "modal", "name": "win_open"},
        {"do": "ax-dialog", "name": "win"},
    ]
    return _run_journey(site, steps)


def test_no_page_errors(seen: dict[str, Any]) -> None:
    assert seen["errors"] == []


def _on_the_table(focus: dict[str, Any] | None) -> None:
    assert focus is not None, "the focus is nowhere (the page's body)"
    assert {"role": "application", "name": _en("Card table")} in focus["ancestors"], focus
    assert focus["name"] != "" and focus["description"] != "", focus


def test_the_first_run_screen_keeps_the_focus_then_the_table_has_it(
    seen: dict[str, Any],
) -> None:
    assert seen["welcome"] is not None  # a new player meets it
    assert not seen["under_welcome"]["inTable"], seen["under_welcome"]
    assert seen["after_welcome"]["inTable"] and seen["after_welcome"]["tabbable"]
    _on_the_table(seen["after_welcome_ax"])


def test_without_a_first_run_screen_the_page_starts_on_the_table(seen: dict[str, Any]) -> None:
    assert seen["after_reload"]["inTable"] and seen["after_reload"]["tabbable"]
    focus = seen["after_reload_ax"]
    _on_the_table(focus)
    # where Python's keys start (the stock, as on the desktop), with its landing sentence
    assert focus["description"] == Keyboard().landing(Game.from_code(EXAMPLE), "en")


def test_a_reloaded_game_is_said_to_be_back_after_the_landing_on_the_table(
    seen: dict[str, Any],
) -> None:
    """Said as the page started, the sentence came under the landing: Orca cut it off, or said
    it after the boot's last stage; now it comes once the table has the focus."""
    order = seen["reload_order"]
    before = i18n.language()
    i18n.set_language("en")
    try:
        said = resumed_sentence(Game.from_code(EXAMPLE))
    finally:
        i18n.set_language(before)
    assert ["live", said] in order, order
    landing = [i for i, (kind, _name) in enumerate(order) if kind == "focus"]
    assert landing and landing[0] < order.index(["live", said]), order


def test_new_game_opens_on_its_name_then_the_variant_field_and_its_description(
    seen: dict[str, Any],
) -> None:
    box = seen["new_game"]
    title = _en("New game")
    assert box["role"] == "dialog" and box["name"] == title, box
    focus = box["focus"]
    assert box["inDialog"] and focus["role"] == "combobox", focus
    assert focus["name"] == _en("Variant"), focus
    before = i18n.language()
    i18n.set_language("en")
    try:
        summary = variant_summary(Game.from_code(EXAMPLE).variant)
    finally:
        i18n.set_language(before)
    assert focus["description"] == summary, focus
    # the dialog's name once: no group inside it named as it is (Orca: "New game panel")
    assert [a for a in focus["ancestors"] if a["name"] == title] == [
        {"role": "dialog", "name": title}
    ], focus["ancestors"]
    # opened from a card, it takes no focus until its select has been laid out: chromium tells
    # a select's selection as it is laid out, and Orca 43 said it as a focus ("Variant combo box
    # collapsed, Canfield", then the real focus again) unless its focus was still in the table
    assert seen["new_game_opening"]["dialogInert"] is True, seen["new_game_opening"]
    # opened from a card: the title first (Orca 43 follows a focus out of the table's application
    # in silence), then the field (not the scrolling body, read whole), and nothing else
    inside = [f for f in seen["new_game_focus"] if f["dialog"] == "screen-new-game"]
    assert [f["tag"] for f in inside] == ["h2", "select"], inside
    assert inside[1]["name"] == _en("Variant"), inside
    said = [box["name"], box["description"], focus["name"], focus["description"]]
    assert _words(*said) <= 33, said


def test_settings_opens_on_its_name_and_the_first_field_alone(seen: dict[str, Any]) -> None:
    box = seen["settings"]
    title = _en("Settings")
    assert box["role"] == "dialog" and box["name"] == title, box
    focus = box["focus"]
    assert box["inDialog"] and focus["role"] == "checkbox", focus
    assert box["description"] == "", box  # no description reading the whole body
    assert [a for a in focus["ancestors"] if a["name"] == title] == [
        {"role": "dialog", "name": title}
    ], focus["ancestors"]
    inside = [f for f in seen["settings_focus"] if f["dialog"] == "screen-settings"]
    assert len(inside) >= 1 and inside[0]["tag"] == "input", inside
    assert inside[0]["name"] == focus["name"], inside
    said = [box["name"], *(a["name"] for a in focus["ancestors"][:-2]), focus["name"]]
    said.append(focus["description"])
    assert _words(*said) <= 40, said


def test_the_win_screen_is_read_whole_and_the_page_turns_inert_after_the_focus_left_it(
    seen: dict[str, Any],
) -> None:
    box = seen["win"]
    # the focus on the dialog itself, named by its title: a reader says its words (the score,
    # the time, the statistics); on Play again Orca 43 said nothing, coming from a card
    assert box["role"] == "dialog" and box["inDialog"], box
    assert box["focus"]["role"] == "dialog" and box["focus"]["name"] == box["name"], box
    assert box["name"] == _en("You won!"), box
    # the table turns inert only a moment after the focus left it (Orca 43 dropped every focus
    # after its own had gone under a modal dialog); what the page says is never inert
    assert seen["win_opening"] == {
        "appInert": False,
        "liveInert": False,
        "ariaModal": None,
        "backdrop": True,
        "dialogInert": False,
    }, seen["win_opening"]
    assert seen["win_open"] == {
        "appInert": True,
        "liveInert": False,
        "ariaModal": "true",
        "backdrop": True,
        "dialogInert": False,
    }, seen["win_open"]

"""The desktop's keys and Restart in a real browser, on a 390x844 phone, as a blind player
meets them: the keys alone (and the Menu, found by name, by touch), what the live region says
after each, and where the reader's focus is. Every sentence is asked of canfield.presentation
here in CPython.

What it checks, each a gap the browser had against the desktop: Undo and Redo with nothing to
take back said nothing; there was no Restart (Ctrl+R, the Menu) and the win's Play again dealt
another deal; Ctrl+Shift+Z did not redo; and after an undo or a restart the reader's focus
stayed on a card that had left the table's lists, where a reader hears nothing.
"""

from __future__ import annotations

from typing import Any

import pytest
from web_harness import WIN_DECK, texts, winning_moves

from canfield import Game, Move
from canfield.i18n import _, set_language
from canfield.presentation.answers import stopped_message
from canfield.presentation.narration import change_sentence, nothing_to_take_back
from canfield.presentation.questions import restart_question

EXAMPLE = "CF1-D3-AAAAACL"
"""Columns 6C KH QH AS, reserve top QC (QC goes on KH), then 8H."""
UNDECIDED = "CF1-RAINBOW-D1-AAAAACL"
"""A deal Show me's search cannot settle in its time (test_web_browser's)."""

pytestmark = pytest.mark.xdist_group("keys")


@pytest.fixture(scope="module")
def keys(site: Any) -> dict[str, Any]:
    from test_web_browser import _run_journey

    t, hu = texts("en"), texts("hu")
    steps: list[dict[str, Any]] = [
        {"do": "goto", "code": EXAMPLE},
        {"do": "keys", "keys": ["Backspace", "Control+y"], "name": "nothing"},
        {"do": "keys", "keys": ["Control+r"], "name": "fresh_restart"},  # nothing to lose
        {"do": "focus"},
        # QC to column 2 by keys, then Ctrl+Z: the focus was on 8H, which goes back under QC
        {"do": "keys", "keys": ["r", "Enter", "2", "Control+z"], "name": "undo"},
        {"do": "keys", "keys": ["Control+Shift+z"], "name": "redo"},
        {"do": "keys", "keys": ["Control+r"], "name": "asked_keys"},
        {"do": "dialog-texts", "name": "question"},
        {"do": "press", "scope": "dialog", "label": restart_question().no},
        {"do": "snapshot", "name": "kept"},
        {"do": "focused", "name": "kept_focus"},
        {"do": "press", "scope": "toolbar", "label": t["menu"]},
        {"do": "press", "scope": "dialog", "label": texts("en")["restart"]},
        {"do": "press", "scope": "dialog", "label": restart_question().yes},
        {"do": "live", "name": "restarted"},
        {"do": "snapshot", "name": "restarted_table"},
        {"do": "focused", "name": "restarted_focus"},
        # Restart on the toolbar, at its far end as on the desktop's: an icon on a phone, found
        # by its name, tapped; it asks first
        {"do": "play", "moves": ["QC>2"]},
        {"do": "toolbar-buttons", "name": "bar"},
        {"do": "press", "scope": "toolbar", "label": t["restart"]},
        {"do": "dialog-texts", "name": "bar_question"},
        {"do": "press", "scope": "dialog", "label": restart_question().yes},
        {"do": "live", "name": "bar_restarted"},
        {"do": "snapshot", "name": "bar_restarted_table"},
        # a won game: Play again deals the same cards again, as the desktop's does
        {"do": "new-game", "draw": 1, "text": WIN_DECK},
        {"do": "snapshot", "name": "deck_dealt"},
        {"do": "play", "moves": winning_moves()},
        {"do": "wait-for", "selector": "dialog[open].screen-win"},
        {"do": "press", "scope": "dialog", "label": t["play_again"]},
        {"do": "wait", "ms": 300},
        {"do": "snapshot", "name": "played_again"},
        # Show me after a switch to Hungarian: its words in Hungarian; Escape stops it and the
        # status line stops saying it looks (a deal Show me's search does not settle in time)
        {"do": "press", "scope": "toolbar", "label": t["menu"]},
        {"do": "press", "scope": "dialog", "label": t["settings"]},
        {"do": "select", "label": t["language"], "value": "Magyar"},
        {"do": "wait-for", "selector": "html[lang='hu']"},
        {"do": "close-dialogs"},
        {"do": "new-game", "lang": "hu", "text": UNDECIDED},
        {"do": "press", "scope": "toolbar", "label": hu["show_me"], "settle": False},
        {"do": "live", "name": "show_hu"},
        {"do": "keys", "keys": ["Escape"], "name": "show_stopped"},
        {"do": "wait", "ms": 1500, "name": "after_show"},
        # Show me playing its line, stopped by a tap on the phone: said too
        {"do": "new-game", "lang": "hu", "draw": 1, "text": WIN_DECK},
        {"do": "press", "scope": "toolbar", "label": hu["show_me"], "settle": False},
        {"do": "wait-for", "selector": "html[data-showing='true']", "settle": False},
        {"do": "gestures", "list": [["stock"]]},
        {"do": "live", "name": "line_stopped"},
        {"do": "wait", "ms": 1500, "name": "after_line"},
        {"do": "snapshot", "name": "after_line_table"},
        # Tab after the table: the status line's items, each named by its text, as on the desktop
        {"do": "focus"},
        {"do": "tab-walk", "count": 5, "name": "status_tabs"},
        {"do": "focus"},
        {"do": "tab-walk", "count": 2, "name": "to_moves"},
        {"do": "keys", "keys": ["d"], "name": "drawn_on_status"},
        {"do": "focused", "name": "status_focus"},
        {"do": "snapshot", "name": "status_table"},
    ]
    return _run_journey(site, steps, size="tall")


def test_no_page_errors(keys: dict[str, Any]) -> None:
    assert keys["errors"] == []


def test_undo_and_redo_with_nothing_to_take_back_say_so(keys: dict[str, Any]) -> None:
    assert keys["nothing"] == [nothing_to_take_back(redo=False), nothing_to_take_back(redo=True)]


def test_ctrl_r_restarts_and_asks_first_when_a_game_is_under_way(keys: dict[str, Any]) -> None:
    fresh = Game.from_code(EXAMPLE)
    restart = change_sentence("restart", None, fresh.state, None, "en")
    assert keys["fresh_restart"] == [restart]  # nothing played: no question
    question = restart_question()
    asked = keys["question"]
    assert asked["title"] == question.title
    assert question.text in asked["text"] and question.detail in asked["text"]
    assert sorted(asked["buttons"]) == sorted([question.yes, question.no])
    assert keys["kept"]["code"] == EXAMPLE
    assert "Moves: 1" in keys["kept"]["status"]  # Keep playing: nothing happened
    assert not keys["kept_focus"]["hidden"]
    assert keys["restarted"] == restart
    assert "Moves: 0" in keys["restarted_table"]["status"]
    names = {p["id"]: p["items"] for p in keys["restarted_table"]["piles"]}
    assert names["reserve-0"] == ["queen of clubs"] and names["column-1"] == ["king of hearts"]


def test_the_focus_never_stays_on_a_card_that_left_the_table(keys: dict[str, Any]) -> None:
    """After the undo QC is back on the reserve, over 8H, which the focus was on."""
    focus = keys["undo.focus"]
    assert focus[2]["name"] == "8 of hearts"  # after the move: the reserve's new top
    undone = focus[3]
    assert undone["inTable"] and not undone["hidden"], undone
    assert undone["name"] == "queen of clubs"  # the reserve's top again
    restarted = keys["restarted_focus"]
    assert not restarted["hidden"], restarted  # the Menu button it was opened from


def test_ctrl_shift_z_redoes(keys: dict[str, Any]) -> None:
    game = Game.from_code(EXAMPLE)
    before = game.state
    game.play("QC>2")
    assert keys["redo"] == [change_sentence("redo", before, game.state, Move.parse("QC>2"), "en")]


def test_play_again_after_a_win_deals_the_same_cards(keys: dict[str, Any]) -> None:
    again, dealt = keys["played_again"], keys["deck_dealt"]
    assert again["piles"] == dealt["piles"]  # the same deal from its start
    assert again["status"] == dealt["status"] and not again["won"]
    assert _("Score: %(score)d") % {"score": 0} in again["status"]


def test_show_me_speaks_the_language_chosen_since_the_start_and_its_stop_clears_it(
    keys: dict[str, Any],
) -> None:
    """The page fetched the solver's words once, at the start: after a switch to Hungarian Show
    me still said "Looking for a winning line…" in English, and after Escape the status line
    kept saying it looked."""
    set_language("hu")
    try:
        looking = _("Looking for a winning line…")
        stopped = stopped_message("looking")
    finally:
        set_language("en")
    assert looking != "Looking for a winning line…"
    assert keys["show_hu"] == looking
    assert keys["after_show"] == stopped  # stopped: no answer, and no longer "looking"


def test_stopping_show_me_is_said_in_the_players_language(keys: dict[str, Any]) -> None:
    """Esc while Show me looks, a tap while it plays: a blind player heard nothing stop."""
    set_language("hu")
    try:
        looking, playing = stopped_message("looking"), stopped_message("showing")
    finally:
        set_language("en")
    assert looking != stopped_message("looking") and playing != stopped_message("showing")
    assert keys["show_stopped"] == [looking]  # the live region, right after Escape
    assert keys["line_stopped"] == playing
    assert keys["after_line"] == playing  # the status line says it too, and nothing plays on
    assert not keys["after_line_table"]["won"]


def test_restart_is_on_the_toolbar_at_its_far_end_and_asks_first(keys: dict[str, Any]) -> None:
    """The browser had Restart only in the Menu and on Ctrl+R; the desktop's toolbar has it at
    its far end. On a 390 px phone it is an icon (the labels keep their two rows), its label
    still its accessible name, and a finger's size."""
    bar = keys["bar"]
    last = bar[-1]
    assert last["name"] == texts("en")["restart"]
    assert last["text"] == ""  # the icon alone on a phone
    assert all(b["width"] >= 44 and b["height"] >= 44 for b in bar), bar
    assert len({round(b["top"]) for b in bar}) <= 2, bar
    question = restart_question()
    assert keys["bar_question"]["title"] == question.title
    fresh = Game.from_code(EXAMPLE)
    assert keys["bar_restarted"] == change_sentence("restart", None, fresh.state, None, "en")
    assert "Moves: 0" in keys["bar_restarted_table"]["status"]


def test_tab_reaches_the_status_lines_items_each_named_by_its_text(keys: dict[str, Any]) -> None:
    """The desktop's Tab reaches the status bar's score, moves, time, note and code; the
    browser's status line was out of the Tab order. After the table: each item, in order."""
    stops = keys["status_tabs"]
    assert [s["field"] for s in stops] == ["score", "moves", "time", "passes", "game"], stops
    assert all(s["role"] == "note" and s["name"] == s["text"] != "" for s in stops), stops
    set_language("hu")
    try:
        before = _("Moves: %(moves)d") % {"moves": Game.from_deck(WIN_DECK, draw=1).moves_made}
    finally:
        set_language("en")
    # a move redraws the status line: the focus stays on its item, which says the new count
    assert keys["to_moves"][-1]["field"] == "moves"
    moved = keys["to_moves"][-1]["name"]
    focus = keys["status_focus"]
    assert focus["name"] != moved and focus["name"] in keys["status_table"]["status"], focus
    assert focus["name"].split(":")[0] == before.split(":")[0] == moved.split(":")[0]

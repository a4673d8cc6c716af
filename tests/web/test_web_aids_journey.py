"""The desktop's play aids in a real browser, on a 360x640 phone by touch, found by their names:
the first-run screen, Finish, Show me's games counted apart, undo to the winnable point, the
hint that is not proved, the buttons a lost deal offers, winnable deals and long columns.

One journey (one browser context) walks through them all; what each step should have shown
is asked of canfield.presentation and the engine here in CPython, and axe-core audits every
new screen.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_long_columns import long_game
from web_harness import WIN_DECK, texts

from canfield import Game
from canfield.deal import DealCode
from canfield.presentation.answers import (
    fallback_hint,
    hint_sentence,
    hopeless_message,
    lost_message,
)
from canfield.presentation.finish import finish_offer, finish_tip
from canfield.presentation.narration import finishing_sentence, welcome_sentence
from canfield.presentation.records import help_text
from canfield.presentation.welcome import welcome_lines, welcome_title
from canfield.presentation.winnable import (
    no_winnable_found_message,
    search_progress_text,
    winnable_note,
)
from canfield.presentation.winnable_index import known_winnable
from canfield.rules import finishing_line

TO_LOSS = ("CF1-D3-AAAAAAE", ["s", "s", "s", "s", "8D>f", "s", "8S>f", "s", "s", "9H>f"])
"""A winnable deal played to a lost position one move past the last winnable one."""
HOPELESS = "CF1-STRICT-D3-AAAAACL"
UNDECIDED = "CF1-RAINBOW-D1-AAAAACL"

# its own xdist worker, beside test_web_browser's journeys
pytestmark = pytest.mark.xdist_group("aids")


@pytest.fixture(scope="module")
def aids(site: Any) -> dict[str, Any]:
    from test_web_browser import _run_journey

    t = texts("en")
    long_saved = json.dumps(long_game().to_dict())  # as the page keeps it: JSON text
    steps: list[dict[str, Any]] = [
        {"do": "goto", "welcome": "keep", "name": "first"},
        {"do": "axe", "name": "axe_welcome"},
        {"do": "welcome", "name": "welcomed"},
        {"do": "snapshot", "name": "first_table"},
        {"do": "press", "scope": None, "label": t["menu"]},
        {"do": "press", "scope": "dialog", "label": t["how_it_works"]},
        {"do": "welcome", "how": "escape", "name": "again"},
        # Finish
        {"do": "new-game", "draw": 1, "text": WIN_DECK, "name": "finish_deal"},
        {"do": "toolbar", "name": "finish_toolbar"},
        {"do": "axe", "name": "axe_finish"},
        {"do": "press", "scope": "toolbar", "label": t["finish"], "settle": False},
        {"do": "live", "name": "finishing"},
        {"do": "wait-for", "selector": "dialog[open].screen-win"},
        {"do": "dialog-texts", "name": "finish_win"},
        {"do": "close-dialogs"},
        # a hint, then Show me's moves: the win is counted apart
        {"do": "new-game", "draw": 1, "text": WIN_DECK},
        {"do": "press", "scope": "toolbar", "label": t["hint"]},
        {"do": "wait-message", "prefix": "Hint:", "name": "hinted"},
        {"do": "press", "scope": "toolbar", "label": t["show_me"], "settle": False},
        {"do": "wait-for", "selector": "html[data-showing='true']", "settle": False},
        {"do": "wait", "ms": 1200},
        {"do": "keys", "keys": ["Escape"]},
        {"do": "press", "scope": "toolbar", "label": t["finish"], "settle": False},
        {"do": "wait-for", "selector": "dialog[open].screen-win"},
        {"do": "dialog-texts", "name": "assisted_win"},
        {"do": "close-dialogs"},
        {"do": "press", "scope": None, "label": t["menu"]},
        {"do": "press", "scope": "dialog", "label": t["statistics"]},
        {"do": "statistics", "name": "statistics"},
        {"do": "close-dialogs"},
        # a deal lost from its start: its buttons
        {"do": "new-game", "text": HOPELESS},
        {"do": "press", "scope": "toolbar", "label": t["hint"]},
        {"do": "wait-for", "selector": ".offer:not([hidden])"},
        {"do": "offer", "name": "hopeless"},
        {"do": "axe", "name": "axe_offer"},
        {"do": "press", "scope": "offer", "label": t["keep_playing"]},
        {"do": "offer", "name": "kept"},
        {"do": "snapshot", "name": "after_keep"},
        # undo to the winnable point
        {"do": "new-game", "text": TO_LOSS[0]},
        {"do": "play", "moves": TO_LOSS[1]},
        {"do": "press", "scope": "toolbar", "label": t["hint"]},
        {"do": "wait-for", "selector": ".tool-undo_winnable:not([hidden])"},
        {"do": "toolbar", "name": "undo_toolbar"},
        {"do": "text", "selector": "#message", "name": "lost_said"},
        {"do": "press", "scope": "toolbar", "label": "Undo 1 move to the winnable point"},
        {"do": "live", "name": "undone"},
        {"do": "toolbar", "name": "undone_toolbar"},
        # a hint the solver cannot prove in time
        {"do": "new-game", "text": UNDECIDED},
        {"do": "press", "scope": "toolbar", "label": t["hint"]},
        {"do": "wait-message", "prefix": "Hint", "name": "guess"},
        # winnable only: its note, and where none is known, the search's buttons
        {"do": "open-new-game"},
        {"do": "select", "label": t["variant"], "value": "strict"},
        {"do": "check", "role": "radio", "label": t["draw3"]},
        {"do": "described", "label": t["winnable"], "name": "strict_note"},
        {"do": "close-dialogs"},
        {"do": "listen", "selectors": ["#live", "#screen-new-game .status-line"]},
        {"do": "new-game", "variant": "strict", "draw": 3, "winnable": True, "name": "searched"},
        {"do": "wait-for", "selector": ".offer:not([hidden])"},
        {"do": "heard", "name": "search_heard"},
        {"do": "offer", "name": "nothing_found"},
        {"do": "press", "scope": "offer", "label": t["random_deal"]},
        {"do": "snapshot", "name": "random"},
        # a long column: a tap on its squeezed part opens it, no move
        {"do": "plant", "key": "game", "value": long_saved},
        {"do": "reload"},
        {"do": "snapshot", "name": "long"},
        {"do": "tap-edge", "name": "opened"},
    ]
    return _run_journey(site, steps, size="phone")


def test_no_page_errors_and_axe_finds_nothing_on_the_new_screens(aids: dict[str, Any]) -> None:
    assert aids["errors"] == []
    for name in ("axe_welcome", "axe_finish", "axe_offer"):
        assert aids[name] == [], name


def test_a_new_player_is_welcomed_over_a_winnable_deal_and_can_read_it_again(
    aids: dict[str, Any],
) -> None:
    first = aids["welcomed"]
    assert first["title"] == first["name"] == welcome_title()
    assert first["lines"] == welcome_lines(True)
    assert first["said"] == welcome_sentence(True)  # what the desktop says as it opens
    code = DealCode.parse(first["code"])
    assert code.number in known_winnable(code.variant.name, code.draw)
    assert aids["first_table"]["note"] == "Winnable deal"
    again = aids["again"]  # from the Menu, put away by Escape
    assert again["lines"] == welcome_lines(False) and again["said"] == welcome_sentence(False)


def test_finish_is_offered_and_plays_every_card_home_to_a_counted_win(
    aids: dict[str, Any],
) -> None:
    game = Game.from_deck(WIN_DECK, draw=1)
    line = finishing_line(game.state)
    assert line is not None
    assert finish_offer() in aids["finish_deal"]["said"]
    assert {"name": "Finish", "tip": finish_tip()} in aids["finish_toolbar"]
    assert aids["finishing"] == finishing_sentence(list(line))
    shown = aids["finish_win"]
    assert shown["title"] == "You won!"
    assert "Won with Show me" not in shown["text"]


def test_show_me_games_are_counted_apart_with_their_hints(aids: dict[str, Any]) -> None:
    game = Game.from_deck(WIN_DECK, draw=1)
    assert aids["hinted"].startswith("Hint:")
    assert "Won with Show me: not counted in your statistics." in aids["assisted_win"]["text"]
    rows = aids["statistics"]["rows"]
    assert rows["won"] == ["0", "1"]  # the Finish win only (3 cards, then 1 card)
    assert rows["assisted"] == ["—", "1 / 1"]
    recent = aids["statistics"]["recent"]
    deck = game.deck_string
    assert any(help_text(1, True) in r for r in recent)
    assert sum(1 for r in recent if help_text(1, True) not in r) >= 1  # the Finish win, unhelped
    assert deck  # both were dealt from the typed deck


def test_a_deal_lost_from_its_start_offers_new_game_or_keep_playing(aids: dict[str, Any]) -> None:
    assert aids["hopeless"] == {"text": hopeless_message(), "buttons": ["New game", "Keep playing"]}
    assert aids["kept"] is None
    assert aids["after_keep"]["code"] == HOPELESS


def test_a_lost_position_offers_undo_to_the_winnable_point(aids: dict[str, Any]) -> None:
    names = [b["name"] for b in aids["undo_toolbar"]]
    assert "Undo 1 move to the winnable point" in names and "Undo" in names  # its own label
    assert aids["lost_said"] == lost_message(1)
    code, moves = TO_LOSS
    game = Game.from_code(code)
    for move in moves:
        game.play(move)
    before = game.state
    game.undo()
    assert aids["undone"].startswith("Undone: ")
    assert "Undo 1 move to the winnable point" not in [b["name"] for b in aids["undone_toolbar"]]
    assert before != game.state


def test_an_undecided_hint_points_at_a_sensible_move_said_not_proved(aids: dict[str, Any]) -> None:
    game = Game.from_code(UNDECIDED)
    guess = fallback_hint(game.state)
    assert guess is not None
    assert aids["guess"] == hint_sentence(game.state, guess, "en", proved=False)


def test_winnable_only_says_what_it_will_do_and_offers_the_way_on(aids: dict[str, Any]) -> None:
    assert winnable_note(3, "strict") in aids["strict_note"]
    assert aids["nothing_found"] == {
        "text": no_winnable_found_message(20),
        "buttons": ["Deal a random one", "Keep playing"],
    }
    assert aids["random"]["code"].startswith("CF1-STRICT-D3-")
    assert aids["random"]["code"] != UNDECIDED


def test_the_winnable_search_says_each_try_in_the_dialog_and_the_live_region(
    aids: dict[str, Any],
) -> None:
    tries = [search_progress_text(n, 20) for n in range(21)]  # 0 of 20 … 20 of 20
    heard = aids["search_heard"]
    assert heard["#screen-new-game .status-line"] == tries  # the dialog's role=status line
    live = [text for text in heard["#live"] if text in tries]
    assert live == tries  # each try said, in order


def test_a_tap_on_a_long_columns_squeezed_part_opens_it_without_a_move(
    aids: dict[str, Any],
) -> None:
    assert "could not be read" not in aids["long"]["message"]
    opened = aids["opened"]
    assert opened["least"] < 8  # the card tapped showed only an edge
    assert opened["moves"] == opened["movesAfter"]  # no move was played
    assert [c["id"] for c in opened["before"]] == [c["id"] for c in opened["after"]]
    assert opened["before"] != opened["after"]  # the squeezed part fanned out

"""Cancelling "Winnable deals only" in a real browser, on a 360x640 phone by touch.

A game is under way; New game with Winnable deals only for Strict draw 3 (no deal of it is
known winnable, so the second worker searches, one deal a try); the player abandons the
game, waits until the dialog says "… N of 20 deals tried", and presses Cancel. The search
must stop (nothing more is said, no deal comes, no offer), the game in play must stay as it
was and answer taps, and the live region must say that the search was cancelled. Controls are
found by their accessible names from the catalogs; the sentences come from
canfield.presentation here in CPython.
"""

from __future__ import annotations

from typing import Any

import pytest

from canfield import Game, Move
from canfield.presentation.narration import change_sentence
from canfield.presentation.winnable import (
    TRIES,
    search_cancelled_message,
    search_progress_text,
)

EXAMPLE = "CF1-D3-AAAAACL"
WAIT_MS = 4000
"""How long the page is watched after Cancel: a try takes about 1 s, so a search still
running would say several more."""

pytestmark = pytest.mark.xdist_group("winnable-cancel")


@pytest.fixture(scope="module")
def cancelled(site: Any) -> dict[str, Any]:
    from test_web_browser import _run_journey

    steps: list[dict[str, Any]] = [
        {"do": "goto", "code": EXAMPLE},
        {"do": "gestures", "list": [["tap", "QC"]]},  # a game under way: Deal asks to abandon it
        {"do": "snapshot", "name": "before"},
        {"do": "listen", "selectors": ["#live"]},
        {
            "do": "winnable-cancelled",
            "variant": "strict",
            "draw": 3,
            "progress": [search_progress_text(n, TRIES) for n in range(1, TRIES)],
            "name": "cancel",
        },
        {"do": "wait", "ms": WAIT_MS, "name": "later"},
        {"do": "heard", "name": "heard"},
        {"do": "offer", "name": "offer"},
        {"do": "snapshot", "name": "after"},
        {"do": "gestures", "list": [["stock"]]},
        {"do": "live", "name": "drawn"},
        {"do": "snapshot", "name": "drawn_table"},
        {"do": "axe", "name": "axe"},
    ]
    return _run_journey(site, steps, size="phone")


def _table(snapshot: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in snapshot.items() if k not in ("message", "clock")}


def test_cancel_stops_the_search_mid_way_and_says_so(cancelled: dict[str, Any]) -> None:
    assert cancelled["errors"] == []
    seen = cancelled["cancel"]
    assert seen["showing"] in [search_progress_text(n, TRIES) for n in range(1, TRIES)]
    assert seen["live"] == search_cancelled_message() == cancelled["later"]
    heard = cancelled["heard"]["#live"]
    assert search_progress_text(1, TRIES) in heard  # it was searching, and said so
    assert heard[-1] == search_cancelled_message()  # nothing said after it: the search stopped
    assert cancelled["offer"] is None  # no "nothing found" offer: it did not run on


def test_the_game_in_play_stays_and_answers_taps(cancelled: dict[str, Any]) -> None:
    assert cancelled["cancel"]["code"] == EXAMPLE
    assert _table(cancelled["after"]) == _table(cancelled["before"])  # not abandoned, not redealt
    game = Game.from_code(EXAMPLE)
    game.play("QC>2")
    before = game.state
    game.play("s")
    assert cancelled["drawn"] == change_sentence("play", before, game.state, Move.parse("s"), "en")
    assert cancelled["drawn_table"]["code"] == EXAMPLE
    assert cancelled["axe"] == []

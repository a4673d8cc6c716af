"""The table is laid out for the room it really has, in a real browser at the issue's sizes.

The page used to send Python the table's size once, at the start, while the toolbar was still
empty: once its labels came, a long language's toolbar wrapped to a second or third row (a
360x640 phone in Indonesian, a 640x360 phone in Portuguese) and the status bar to a second
line, so the layout was for a table up to 118 px taller than the one shown, and the end of a
long column ran under the status bar, cut off. Each journey here checks the size laid out
against the size shown, and that no card reaches outside the table: at the start, with a
20-card column, with an offer open above the status bar, and after a view laid out for the
room the table had before is drawn late (Settings' reply at the start came after a resize's
and left the layout stale: the issue's CI failed on it); and that a phone's toolbar
takes no more rows than its words need, its buttons still big enough for a finger.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_long_columns import long_game
from web_harness import run_scenario, start_server, texts

EXAMPLE = "CF1-D3-AAAAACL"
HOPELESS = "CF1-STRICT-D3-AAAAACL"
"""A deal proved lost from its start: a hint opens an offer above the status bar."""
LOCALES = {"en": "en-GB", "pt": "pt-PT", "hu": "hu-HU", "id": "id-ID"}
ROOMS = {
    "phone-id": ("phone", "id"),
    "landscape-pt": ("landscape", "pt"),
    "tall-hu": ("tall", "hu"),
    "desktop-en": ("desktop", "en"),
}
"""(scenarios.mjs size, language): the longest toolbar at each of the issue's four sizes."""

pytestmark = pytest.mark.xdist_group("layout-fit")


def _steps(lang: str) -> list[dict[str, Any]]:
    t = texts(lang)
    return [
        {"do": "goto", "code": EXAMPLE},
        {"do": "fit", "name": "start"},
        {"do": "focus"},
        {"do": "keys", "keys": ["t"]},  # the table in short: the longest sentence of a turn
        {"do": "fit", "name": "reading"},
        {"do": "plant", "key": "game", "value": json.dumps(long_game().to_dict())},
        {"do": "reload"},
        {"do": "fit", "name": "long_ready", "now": True},
        {"do": "fit", "name": "long"},
        {"do": "new-game", "lang": lang, "text": HOPELESS},
        {"do": "press", "scope": "toolbar", "label": t["hint"]},
        {"do": "wait-for", "selector": ".offer:not([hidden])"},
        {"do": "fit", "name": "offer"},
        {"do": "late-view", "shrink": 40},
        {"do": "fit", "name": "late_ready", "now": True},
        {"do": "fit", "name": "late"},
    ]


@pytest.fixture(scope="module")
def fits(site: Any) -> dict[str, Any]:
    options: dict[str, Any] = {
        f"journey:{room}": {"size": size, "locale": LOCALES[lang], "steps": _steps(lang)}
        for room, (size, lang) in ROOMS.items()
    }
    server = start_server(site)
    try:
        seen = run_scenario(",".join(options), server.url, **options)
    finally:
        server.stop()
    return {name.removeprefix("journey:"): answer for name, answer in seen.items()}


@pytest.mark.parametrize("room", list(ROOMS))
@pytest.mark.parametrize("moment", ["start", "reading", "long", "offer", "late"])
def test_the_layout_is_for_the_table_shown_and_no_card_is_cut(
    fits: dict[str, Any], room: str, moment: str
) -> None:
    seen = fits[room]
    assert seen["errors"] == []
    fit = seen[moment]
    assert fit["cards"] == 52
    width, height = fit["shown"]
    laid_w, laid_h = fit["laid"]
    assert abs(laid_w - width) < 1 and abs(laid_h - height) < 1, fit
    assert fit["outside"] == [], fit


def test_a_phones_toolbar_takes_as_few_rows_as_its_words_allow(fits: dict[str, Any]) -> None:
    """Indonesian took three rows at 360x640 and Portuguese two at 640x360 (a third of a phone
    held sideways): now two and one, every button still 44 px and its label whole."""
    assert fits["phone-id"]["start"]["toolbar"] < 110  # two rows of 44 px and the gaps
    assert fits["landscape-pt"]["start"]["toolbar"] < 60  # one row
    for room in ROOMS:
        for moment in ("start", "reading", "long", "offer"):
            assert fits[room][moment]["small"] == [], (room, moment)


@pytest.mark.parametrize("room", list(ROOMS))
@pytest.mark.parametrize("moment", ["long_ready", "late_ready"])
def test_the_page_is_ready_only_once_laid_out_for_the_room_shown(
    fits: dict[str, Any], room: str, moment: str
) -> None:
    """A test's tap, like a quick player's, comes as soon as the page says "ready": a layout
    still due then (it came 120 ms after each view) moved the cards under it, and a tap meant
    to open a long column's squeezed part played a card instead (the aids journey's CI failed
    on it). After a reload, and after a view drawn for the room the table had before."""
    fit = fits[room][moment]
    width, height = fit["shown"]
    laid_w, laid_h = fit["laid"]
    assert abs(laid_w - width) < 1 and abs(laid_h - height) < 1, fit
    assert fit["outside"] == [], fit


@pytest.mark.parametrize("room", list(ROOMS))
def test_a_long_sentence_does_not_resize_the_table(fits: dict[str, Any], room: str) -> None:
    """The status line keeps its lines whatever is said (two; one held sideways): the table is
    not laid out again (its cards would jump, or shrink on a small phone) because a sentence ran
    longer; the rest ends in an ellipsis, as the desktop's status bar elides, and is heard whole."""
    reading = fits[room]["reading"]
    assert reading["laid"] == fits[room]["start"]["laid"]
    assert reading["message_lines"] <= (1 if room.startswith("landscape") else 2)
    if not room.startswith("desktop"):  # on a phone the reading is longer than the line shown
        assert reading["text_lines"] > reading["message_lines"]

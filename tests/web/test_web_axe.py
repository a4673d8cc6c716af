"""axe-core (npm, pinned in package-lock.json) finds no violation on any screen of the page.

Every screen is opened the way a player opens it (Menu, New game and its refusal, Settings,
Statistics and its Reset question, Rules, About, the win) at a desktop size and on phones, in
different languages, and audited as the open dialog; each also fits the viewport and has no
control smaller than 44 by 44 CSS px. The table under them is audited as the whole page.
"""

from __future__ import annotations

from typing import Any

import pytest
from screens_harness import WIN_DECK, run_screens, winning_moves
from web_harness import Server

SCREENS = (
    "menu",
    "new-game",
    "new-game-refused",
    "settings",
    "statistics",
    "reset-question",
    "rules",
    "about",
    "win",
)


@pytest.fixture(
    scope="module",
    params=[("desktop", "en-GB", "en"), ("tall", "pt-PT", "pt"), ("landscape", "hu-HU", "hu")],
    ids=["desktop-en", "phone-390x844-pt", "landscape-640x360-hu"],
)
def audit(request: pytest.FixtureRequest, server: Server) -> dict[str, Any]:
    size, locale, lang = request.param
    seen: dict[str, Any] = run_screens(
        "axe",
        server.url,
        size=size,
        touch=size != "desktop",
        locale=locale,
        bad_code="CF1-D3-AAAA",
        deck=WIN_DECK,
        moves=winning_moves(),
    )
    assert seen["errors"] == []
    assert seen["lang"] == lang
    assert tuple(seen["results"]) == ("table", *SCREENS)
    return seen


def test_axe_finds_no_violation_on_any_screen(audit: dict[str, Any]) -> None:
    results = {name: audit["results"][name] for name in SCREENS}
    assert {name: r["violations"] for name, r in results.items() if r["violations"]} == {}


def test_every_screen_fits_the_viewport_with_44px_targets(audit: dict[str, Any]) -> None:
    results = {name: audit["results"][name] for name in SCREENS}
    assert {name: r["small"] for name, r in results.items() if r["small"]} == {}
    assert [name for name, r in results.items() if not r["fits"]] == []


def test_axe_finds_no_violation_on_the_table(audit: dict[str, Any]) -> None:
    assert audit["results"]["table"]["violations"] == []

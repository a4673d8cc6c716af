"""axe-core (npm, pinned in package-lock.json) finds no violation on any screen of the page.

Every screen is opened the way a player opens it (the first-run screen a new player meets,
Menu, New game and its refusal, Settings, Statistics and its Reset question, Rules, About,
the win) at a desktop size and on phones, in different languages, and audited as the open
dialog; each also fits the viewport and has no control smaller than 44 by 44 CSS px. The
table under them is audited as the whole page.
"""

from __future__ import annotations

from typing import Any

import pytest
from web_harness import WIN_DECK, Server, run_scenario, winning_moves

# Nine screens in three sizes and languages: the slow tier. One worker holds the module, so its
# browser tour (a module fixture) runs once, not once per xdist worker.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("axe")]

SCREENS = (
    "welcome",
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


AUDITS = {
    "desktop-en": ("desktop", "en-GB", "en"),
    "phone-390x844-pt": ("tall", "pt-PT", "pt"),
    "landscape-640x360-hu": ("landscape", "hu-HU", "hu"),
}
"""Each audit's size, browser locale and the language the page must then speak."""


@pytest.fixture(scope="module")
def audits(server: Server) -> dict[str, Any]:
    """Every audit in one browser (one context each)."""
    names = ",".join(f"axe:{audit}" for audit in AUDITS)
    options: dict[str, Any] = {
        f"axe:{a}": {"size": size, "locale": locale} for a, (size, locale, _l) in AUDITS.items()
    }
    seen: dict[str, Any] = run_scenario(
        names, server.url, bad_code="CF1-D3-AAAA", deck=WIN_DECK, moves=winning_moves(), **options
    )
    return seen


@pytest.fixture(params=list(AUDITS))
def audit(request: pytest.FixtureRequest, audits: dict[str, Any]) -> dict[str, Any]:
    seen: dict[str, Any] = audits[f"axe:{request.param}"]
    assert seen["errors"] == []
    assert seen["lang"] == AUDITS[request.param][2]
    assert tuple(seen["results"]) == ("welcome", "table", *SCREENS[1:])
    return seen


def test_axe_finds_no_violation_on_any_screen(audit: dict[str, Any]) -> None:
    results = {name: audit["results"][name] for name in SCREENS}
    assert {name: r["violations"] for name, r in results.items() if r["violations"]} == {}


def test_every_screen_fits_the_viewport_with_44px_targets(audit: dict[str, Any]) -> None:
    results = {name: audit["results"][name] for name in SCREENS}
    assert {name: r["small"] for name, r in results.items() if r["small"]} == {}
    assert [name for name, r in results.items() if not r["fits"]] == []


def test_the_first_run_screens_button_is_in_view_as_it_opens(audit: dict[str, Any]) -> None:
    assert audit["results"]["welcome"]["buttonShown"] is True


def test_a_refused_codes_reason_is_shown_whole(audit: dict[str, Any]) -> None:
    assert audit["results"]["new-game-refused"]["shown"] is True


def test_axe_finds_no_violation_on_the_table(audit: dict[str, Any]) -> None:
    assert audit["results"]["table"]["violations"] == []

"""The page loads in a real browser: the splash in the player's language, then Python's table."""

from __future__ import annotations

from web_harness import Server, run_scenario

from canfield import Game
from canfield.web.boot import boot_texts


def test_first_visit_shows_the_splash_then_the_engines_position(server: Server) -> None:
    seen = run_scenario("load", server.url)
    assert seen["errors"] == []
    assert seen["lang"] == "en"
    assert seen["splash"] in boot_texts("en").values()
    # the position the page shows is the engine's description of the deal it names
    game = Game.from_code(seen["code"])
    assert seen["position"] == game.describe("en")


def test_the_browser_language_picks_the_catalog(server: Server) -> None:
    seen = run_scenario("load", server.url, locale="hu-HU")
    assert seen["lang"] == "hu"
    assert seen["position"] == Game.from_code(seen["code"]).describe("hu")

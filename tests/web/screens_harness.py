"""What the screens' browser tests share: the texts they look for, in every language, from the
catalogs; a deal won by a known line; and the runner of ``screens_scenarios.mjs``.

The build and the server are the platform harness's (``web_harness``, one per test session).
"""

from __future__ import annotations

import json
import os
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from web_harness import CHROMIUM, ROOT

from canfield import Game, i18n
from canfield.i18n import _

SCENARIOS = Path(__file__).with_name("screens_scenarios.mjs")
WIN_DECK = "5H 5S 4C 4D 4H 4S 3C 3D 3H 3S 2C 2D 2H AS AH AD AC 2S 5D 5C " + " ".join(
    rank + suit for rank in "6789TJQK" for suit in "SHDC"
)
"""A draw-1 deal won by playing every card home as soon as it shows (storage_kill_child.py)."""


def _plain(text: str) -> str:
    return text.replace("&", "")


@cache
def texts(lang: str) -> dict[str, str]:
    """The names the scenarios find controls by, in ``lang``, from the catalogs."""
    before = i18n.language()
    i18n.set_language(lang)
    try:
        return {
            "menu": _("Menu"),
            "new_game": _plain(_("&New game")),
            "statistics": _plain(_("&Statistics")),
            "settings": _plain(_("&Settings…")).rstrip("…"),
            "rules": _plain(_("&Rules")),
            "about": _plain(_("&About")),
            "variant": _plain(_("&Variant")),
            "code": _plain(_("&Game code or deck (optional)")),
            "deal": _("Deal"),
            "draw3": _("3 cards"),
            "draw1": _("1 card"),
            "abandon": _("Abandon"),
            "close": _("Close"),
            "cancel": _("Cancel"),
            "language": _("Language"),
            "double_tap": _("Double tap"),
            "animations": _("Animations"),
            "table_colour": _("Table colour"),
            "blue": _("Blue"),
            "you_won": _("You won!"),
            "play_again": _("Play again"),
            "copy_deck": _plain(_("&Copy deck")),
            "copied_deck": _("Copied the deck"),
            "reset_all": _("Reset all statistics"),
        }
    finally:
        i18n.set_language(before)


@cache
def winning_moves() -> list[str]:
    """The line that wins :data:`WIN_DECK`: every card home when it can go, else the stock."""
    game = Game.from_deck(WIN_DECK, draw=1)
    line = []
    while not game.is_won:
        ups = [m for m in game.legal_moves() if m.notation().endswith(">f")]
        line.append(game.play(ups[0] if ups else "s").notation())
    return line


def run_screens(name: str, url: str, **options: Any) -> dict[str, Any]:
    """Run one scenario of screens_scenarios.mjs; what the page showed, as JSON."""
    options["texts"] = {lang: texts(lang) for lang in i18n.LANGUAGES}
    result = subprocess.run(
        ["node", str(SCENARIOS), name, url, json.dumps(options)],
        capture_output=True,
        text=True,
        timeout=400,
        check=False,
        cwd=ROOT,
        env={**os.environ, "CANFIELD_CHROMIUM": CHROMIUM},
    )
    if result.returncode != 0:
        pytest.fail(f"screens scenario {name} failed:\n{result.stderr[-4000:]}")
    answer: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    return answer

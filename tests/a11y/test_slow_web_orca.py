"""Debian's Orca 43 reading the browser build in Debian's chromium (not headless), under Xvfb.

What Orca said before the fixes it guards (docs/web.md, "Heard with Orca"): R, 1-4, T and D
were its browse mode's own keys ("No more radio buttons", "No more headings at level 1"), so
a player pressing them heard Orca and the game nothing; and each landing sentence was said
twice. About a minute a language, in ``make test-slow``; it skips in one line where chromium,
Orca, Xvfb or the browser build's tools are missing.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from web_harness import build_site, start_server
from web_harness import missing as web_missing
from web_stack import WebStack
from web_stack import missing as stack_missing

from canfield import Game, i18n
from canfield.i18n import _
from canfield.pile import Pile
from canfield.presentation.keyboard import Keyboard
from canfield.presentation.welcome import welcome_title

EXAMPLE = "CF1-D3-AAAAACL"
"""Columns 6C KH QH AS, reserve top QC (QC goes on KH), then 8H."""
REASON = stack_missing() or web_missing()
pytestmark = [
    pytest.mark.skipif(REASON is not None, reason=REASON or ""),
    pytest.mark.slow,
    pytest.mark.a11y,
]


def _wait_said(stack: WebStack, mark: int, text: str, limit: float) -> list[str]:
    """What Orca said from ``mark`` once it has said ``text`` (or after ``limit`` seconds)."""
    deadline = time.monotonic() + limit
    said = stack.orca_said(mark)
    while not any(text in u for u in said) and time.monotonic() < deadline:
        time.sleep(0.3)
        said = stack.orca_said(mark)
    stack.orca_quiet(quiet=0.8, limit=15.0)
    return stack.orca_said(mark)


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_orca_passes_the_pile_keys_to_the_game_and_says_each_landing_once(
    tmp_path: Path, lang: str
) -> None:
    before = i18n.language()
    i18n.set_language(lang)
    try:
        title, draw = welcome_title(), _("Dra&w from stock").replace("&", "")
        game = Game.from_code(EXAMPLE)
        keys = Keyboard()
        keys.set_focus(Pile("reserve"), game.state)
        landing = keys.landing(game, lang)
        keys.press("enter", game, lang)
        reply = keys.press("2", game, lang)
        assert reply.play is not None
        played = game.play(reply.play)
        from canfield.presentation.narration import change_sentence

        moved = change_sentence(
            "play", Game.from_code(EXAMPLE).state, game.state, played, lang, uncovered=False
        )
    finally:
        i18n.set_language(before)
    server = start_server(build_site())
    stack = WebStack(tmp_path, f"{server.url}?code={EXAMPLE}", lang=lang)
    try:
        stack.start()
        said = _wait_said(stack, 0, title, 180)  # the first-run screen, read as it opens
        assert any(title in u for u in said), said
        # a player hears the screen out before the first key (Orca busy with it missed the
        # Tabs, and landing on the table from its browse mode it kept the keys for itself)
        stack.orca_quiet(quiet=2.0, limit=30.0)
        # Escape puts it away onto the stock, and Orca is in focus mode there by itself: no Tab
        # through the toolbar first (its Menu button, a button with a popup, was what switched
        # Orca to focus mode; landing on a button in a list it stayed in browse mode)
        mark = stack.orca_mark()
        stack.press("Escape")
        stack.orca_quiet(quiet=1.0, limit=20.0)
        said = stack.orca_said(mark)
        assert any(draw in u for u in said), said
        said = stack.press("r")
        assert not any(u.startswith(("No more", "Não existe")) for u in said), said
        assert sum(landing in u for u in said) == 1, said  # once: it was said twice
        mark = stack.orca_mark()
        stack.press("Return", "2")
        said = _wait_said(stack, mark, moved, 20)
        assert sum(moved in u for u in said) == 1, said
    finally:
        stack.close()
        server.stop()

"""Auto-finish in words and pace: what Finish is called, what it says, how fast it plays.

When :func:`canfield.rules.finishing_line` proves the rest of a game is only cards
going home (and draws), both front ends offer Finish, or play it out by themselves
when the player asked for that in the settings. It is an ordinary win.
"""

from __future__ import annotations

from typing import Final

from canfield.i18n import _

__all__ = [
    "FINISH_CHECK_MS",
    "FINISH_KEY",
    "FINISH_STEP_MS",
    "finish_label",
    "finish_offer",
    "finish_tip",
]

FINISH_STEP_MS: Final = 110
"""Finish plays one action this often with animations on: quick, still followed by eye."""
FINISH_CHECK_MS: Final = 80
"""The finishing line is looked for this long after an action, once the table is drawn."""
FINISH_KEY: Final = "A"
"""A for all home (F is the keyboard's foundation key)."""


def finish_label() -> str:
    """The Finish action (menu text, with its Alt-key letter)."""
    return _("&Finish")


def finish_tip() -> str:
    return _("Send every card left home, drawing when needed (A)")


def finish_offer() -> str:
    """Said once when Finish becomes possible."""
    return _("Every card left can go home: Finish (A) plays them.")

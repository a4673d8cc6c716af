"""The first-run screen: how Canfield works, in a few lines, for both front ends.

Most players have not met Canfield; these lines are what the app shows on its
first start (and again from Help). They describe the app's own rules
(docs/rules.md); each variant's differences are in the Rules window.
"""

from __future__ import annotations

from canfield.i18n import _

__all__ = ["welcome_button", "welcome_lines", "welcome_title"]


def welcome_title() -> str:
    return _("How Canfield works")


def welcome_lines(first: bool = False) -> list[str]:
    """The screen's few short paragraphs, in order; ``first`` on the very first start, when
    the deal on the table is one proved winnable (and the last paragraph says so)."""
    lines = [
        _(
            "Goal: put all 52 cards on the four foundations, each in its suit, upwards from "
            "the rank of the base card dealt to the first one (after the king comes the ace)."
        ),
        _(
            "The four columns build downwards in alternating colours; any part of a column "
            "moves at once, and an emptied column is refilled from the reserve."
        ),
        _(
            "The reserve's 13 cards are the heart of the game: play them out. "
            "Tap the stock to turn cards onto the waste; its top card plays too."
        ),
        _(
            "Tap a card to send it where it goes, or drag it. Undo takes a move back, "
            "Hint shows one on a winning line."
        ),
    ]
    if first:
        lines[-1] += " " + _("Your first deal can be won.")
    return lines


def welcome_button() -> str:
    return _("Start playing")

"""The yes/no questions both front ends ask before a step that loses something.

The desktop asks them in a message box (:mod:`canfield.gui.dialogs.confirm`), the browser
page in an alert dialog (``web/src/page/dialogs/ui.ts``'s ``confirm``); the words are
worded once here, in the player's language.
"""

from __future__ import annotations

from typing import NamedTuple

from canfield.i18n import _, ngettext

__all__ = ["Question", "abandon_question", "reset_statistics_detail", "restart_question"]


class Question(NamedTuple):
    """A question's title, its text, what it means, and its two buttons (yes is the step)."""

    title: str
    text: str
    detail: str
    yes: str
    no: str


def restart_question() -> Question:
    """Restarting deals the same cards again; the game so far counts as lost, as Abandon says."""
    return Question(
        _("Restart"),
        _("Restart this game?"),
        _(
            "The same deal starts again from the beginning. Your moves so far are lost, "
            "and this game counts as a loss in your statistics."
        ),
        yes=_("Restart"),
        no=_("Keep playing"),
    )


def abandon_question() -> Question:
    """A new game ends the one in progress, which then counts as lost in the statistics."""
    return Question(
        _("New game"),
        _("Abandon the game in progress?"),
        _("It will count as a loss in your statistics."),
        yes=_("Abandon"),
        no=_("Keep playing"),
    )


def reset_statistics_detail(draw: int | None) -> str:
    """What Reset statistics erases: one draw mode's figures, or everything (``None``)."""
    if draw is None:
        return _(
            "All games played, wins, records and streaks of both draw modes are erased. "
            "This cannot be undone."
        )
    return ngettext(
        "The games played, wins, records and streaks of “%(n)d card” are erased; "
        "the other draw mode keeps its figures. This cannot be undone.",
        "The games played, wins, records and streaks of “%(n)d cards” are erased; "
        "the other draw mode keeps its figures. This cannot be undone.",
        draw,
    ) % {"n": draw}

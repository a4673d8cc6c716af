"""The app's yes/no confirmations, worded once so the window and the dialogs agree."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from canfield.gui.i18n_qt import ask
from canfield.i18n import _, ngettext

__all__ = ["confirm_abandon", "confirm_reset_statistics", "confirm_restart"]


def confirm_restart(parent: QWidget | None) -> bool:
    """Restarting deals the same cards again; the game so far counts as lost, as Abandon says."""
    return ask(
        parent,
        _("Restart"),
        _("Restart this game?"),
        _(
            "The same deal starts again from the beginning. Your moves so far are lost, "
            "and this game counts as a loss in your statistics."
        ),
        yes=_("Restart"),
        no=_("Keep playing"),
        destructive=True,
    )


def confirm_abandon(parent: QWidget | None) -> bool:
    """A new game ends the one in progress, which then counts as lost in the statistics."""
    return ask(
        parent,
        _("New game"),
        _("Abandon the game in progress?"),
        _("It will count as a loss in your statistics."),
        yes=_("Abandon"),
        no=_("Keep playing"),
        destructive=True,
    )


def confirm_reset_statistics(parent: QWidget | None, draw: int | None = None) -> bool:
    """Resetting cannot be undone, so it is never done without asking (``draw``: one mode)."""
    if draw is None:
        what = _(
            "All games played, wins, records and streaks of both draw modes are erased. "
            "This cannot be undone."
        )
    else:
        what = ngettext(
            "The games played, wins, records and streaks of “%(n)d card” are erased; "
            "the other draw mode keeps its figures. This cannot be undone.",
            "The games played, wins, records and streaks of “%(n)d cards” are erased; "
            "the other draw mode keeps its figures. This cannot be undone.",
            draw,
        ) % {"n": draw}
    return ask(
        parent,
        _("Reset statistics"),
        _("Reset statistics?"),
        what,
        yes=_("Reset"),
        no=_("Cancel"),
        destructive=True,
    )

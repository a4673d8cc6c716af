"""The app's yes/no confirmations: the words are presentation.questions', shared with the
browser page, so the window, the dialogs and the page agree."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from canfield.gui.i18n_qt import ask
from canfield.i18n import _
from canfield.presentation.questions import (
    Question,
    abandon_question,
    reset_statistics_detail,
    restart_question,
)

__all__ = ["confirm_abandon", "confirm_reset_statistics", "confirm_restart"]


def _ask(parent: QWidget | None, question: Question) -> bool:
    title, text, detail, yes, no = question
    return ask(parent, title, text, detail, yes=yes, no=no, destructive=True)


def confirm_restart(parent: QWidget | None) -> bool:
    """Restarting deals the same cards again; the game so far counts as lost, as Abandon says."""
    return _ask(parent, restart_question())


def confirm_abandon(parent: QWidget | None) -> bool:
    """A new game ends the one in progress, which then counts as lost in the statistics."""
    return _ask(parent, abandon_question())


def confirm_reset_statistics(parent: QWidget | None, draw: int | None = None) -> bool:
    """Resetting cannot be undone, so it is never done without asking (``draw``: one mode)."""
    question = Question(
        _("Reset statistics"),
        _("Reset statistics?"),
        reset_statistics_detail(draw),
        yes=_("Reset"),
        no=_("Cancel"),
    )
    return _ask(parent, question)

"""Telling the player about their saved data, in their language: the store's notices, worded.

The store queues a :class:`~canfield.storage.Notice` when something changes
(a damaged file set aside, saving stopped, saving works again); the window
calls :func:`show_notices` after each write and at start, so each is said once.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow, QMessageBox

from canfield.gui.i18n_qt import translate_buttons
from canfield.i18n import _
from canfield.storage import Notice, NoticeKind, Store

__all__ = ["notice_texts", "show_notices"]


def notice_texts(notice: Notice) -> tuple[str, str]:
    """The main sentence and the detail line for ``notice``, in the current language."""
    path = str(notice.path) if notice.path is not None else ""
    copy = (
        _("A copy of your data was kept at %(path)s") % {"path": path}
        if notice.path is not None
        else _("No copy could be kept: the disk refused it.")
    )
    kind = notice.kind
    if kind is NoticeKind.SET_ASIDE:
        return (
            _("Your saved data could not be read, so the app started afresh."),
            _("A copy of the damaged file was kept at %(path)s") % {"path": path},
        )
    if kind is NoticeKind.GAME_DAMAGED:
        return _("Your saved game was damaged and could not be restored."), copy
    if kind is NoticeKind.CLOCK_RESET:
        return _("Your saved game's clock was damaged; the game goes on with the clock at 0."), copy
    if kind is NoticeKind.STATISTICS_DAMAGED:
        return _("Some of your statistics were damaged and have been reset."), copy
    if kind is NoticeKind.CANNOT_SAVE:
        return (
            _("Your progress cannot be saved right now: the disk is full or failing."),
            _(
                "Play on: what you play is kept in memory and saved as soon as the disk "
                "takes it again. If you quit before then, it is lost."
            ),
        )
    if kind is NoticeKind.UNWRITABLE:
        return (
            _("Your progress cannot be saved: the data folder cannot be written."),
            _("Play on, but nothing of this session will be kept. Folder: %(path)s")
            % {"path": str(notice.path.parent) if notice.path is not None else ""},
        )
    if kind is NoticeKind.LINK_SET_ASIDE:
        return (
            _(
                "A link or something else that is not a plain file was found among "
                "your data files; the app never follows or opens such things."
            ),
            _("It was renamed %(path)s; nothing it points to was read or changed.")
            % {"path": path},
        )
    if kind is NoticeKind.FOREIGN_FOLDER:
        return (
            _(
                "Your data folder belongs to another user account, "
                "who can read and change your games."
            ),
            _("Folder: %(path)s") % {"path": path},
        )
    return _("Saving works again: your progress is saved."), ""


def show_notices(window: QMainWindow, store: Store) -> QMessageBox | None:
    """Show every notice the store has queued; return the last message box (None if none).

    "Saving works again" goes to the status bar; the others open a
    non-blocking message box the player closes.
    """
    box: QMessageBox | None = None
    while (notice := store.take_notice()) is not None:
        text, detail = notice_texts(notice)
        if notice.kind is NoticeKind.SAVING_AGAIN:
            window.statusBar().showMessage(text, 6000)
            continue
        box = QMessageBox(window)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle(_("Canfield"))
        box.setText(text)
        box.setInformativeText(detail)
        box.setStandardButtons(QMessageBox.StandardButton.Ok)
        translate_buttons(box)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.setObjectName("storageNotice")
        box.open()
    return box

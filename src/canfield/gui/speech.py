"""Spoken confirmations: one short sentence per action, heard once by old and new readers.

Qt 6.8 and later send an AT-SPI ``object:announcement`` (spoken by Orca 46
and later, and by readers on other systems). Older readers ignore that event,
so when a reader listens for notifications but not for announcements the
sentence also goes into an invisible notification that is reported shown
(Orca 43 speaks a notification as it appears, wherever the focus is). Who
listens to what comes from the AT-SPI registry (:mod:`canfield.gui.listeners`),
asked again every few seconds; if it cannot be asked, both are sent. So each
reader hears each sentence once. Nothing is sent while no assistive
technology is listening.

The notifications sit in a status bar of their own that is never shown: Orca
43 says "notification" before a notification's text unless it is in a status
bar (as a desktop app's "Message sent" is), and that word came before each of
the app's sentences, 225 times in the won game by ear. A dialog's sentences (a
combo box's new value) are said from the window the dialog is over, which Orca
does not name first as it names a dialog.
"""

from __future__ import annotations

import time
from collections import deque
from typing import Any, Final

from PySide6 import QtGui
from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible, QAccessibleEvent
from PySide6.QtWidgets import QDialog, QStatusBar, QWidget

from canfield.gui.accessible import Notice
from canfield.gui.listeners import notification_needed

__all__ = ["Speaker"]

_ANNOUNCEMENT: Any = getattr(QtGui, "QAccessibleAnnouncementEvent", None)
"""Qt 6.8's spoken-notice event (absent in older Qt)."""
LISTENERS_MAX_AGE: Final = 3.0
"""Seconds a look at who listens for announcements stays good (readers start and stop)."""
HISTORY: Final = 50
"""How many sentences :attr:`Speaker.history` keeps (for tests and debugging)."""
NOTICES: Final = 32
"""Notifications taken in turn: a reader reads a notification's text when it gets to the
event, so one notification reused for a quick second sentence (a pick-up, then the move)
made Orca 43 say the second twice and the first never. Orca busy as it starts, on a loaded
machine, was 8 sentences behind (the won game's first two draws were said as the ninth)."""


def _home(parent: QWidget) -> QWidget | None:
    """Where a speaker's notifications live: ``parent``'s window, or the window a dialog is over.

    Orca 43 names the dialog before a notification inside one ("New game dialog
    Classic"), so a dialog's sentences are said from the window it opened over
    (from a window of their own for a dialog over none).
    """
    window: QWidget | None = parent.window()
    while isinstance(window, QDialog):
        over = window.parentWidget()
        window = over.window() if over is not None else None
    if window is parent.window():
        return parent
    return window


class Speaker(QObject):
    """Says sentences to screen readers; ``source`` is the widget they are said from."""

    def __init__(self, source: QWidget, parent: QWidget, notices: int = NOTICES) -> None:
        super().__init__(parent)
        self._source = source
        home = _home(parent)
        bar = QStatusBar(home)
        bar.setObjectName("spokenStatus")
        bar.setSizeGripEnabled(False)
        bar.hide()
        if home is not parent:
            parent.destroyed.connect(bar.deleteLater)
        self._notices = [Notice(bar) for _ in range(notices)]
        self._next_notice = 0
        self.history: deque[str] = deque(maxlen=HISTORY)
        """The last sentences said, oldest first, whether or not a reader was listening."""
        self._needed: tuple[float, bool | None] = (-LISTENERS_MAX_AGE, None)

    def _notification_needed(self) -> bool:
        """Whether an older reader listens (or it cannot be told): then say it as a notification."""
        when, needed = self._needed
        now = time.monotonic()
        if now - when >= LISTENERS_MAX_AGE:
            needed = notification_needed()
            self._needed = (now, needed)
        return needed is not False

    @property
    def last(self) -> str:
        return self.history[-1] if self.history else ""

    def say(self, text: str, assertive: bool = False) -> None:
        """Have screen readers say ``text`` now; ``assertive`` for refusals and the win."""
        if not text:
            return
        self.history.append(text)
        if not QAccessible.isActive():
            return
        if _ANNOUNCEMENT is not None:
            event = _ANNOUNCEMENT(self._source, text)
            if assertive:
                event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive)
            QAccessible.updateAccessibility(event)
            if not self._notification_needed():
                return
        notice = self._notices[self._next_notice]
        self._next_notice = (self._next_notice + 1) % len(self._notices)
        notice.text = text
        for kind in (QAccessible.Event.NameChanged, QAccessible.Event.ObjectShow):
            QAccessible.updateAccessibility(QAccessibleEvent(notice, kind))

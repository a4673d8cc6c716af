"""Spoken confirmations: one short sentence per action, heard by old and new screen readers.

Qt 6.8 and later send an AT-SPI ``object:announcement`` (spoken by Orca 46
and later, and by readers on other systems). Older readers ignore that event,
so the same sentence also goes into an invisible notification that is
reported shown (Orca 43 speaks a notification as it appears, wherever the
focus is). Nothing is sent while no assistive technology is listening.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Final

from PySide6 import QtGui
from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible, QAccessibleEvent
from PySide6.QtWidgets import QWidget

from canfield.gui.accessible import Notice

__all__ = ["Speaker"]

_ANNOUNCEMENT: Any = getattr(QtGui, "QAccessibleAnnouncementEvent", None)
"""Qt 6.8's spoken-notice event (absent in older Qt)."""
HISTORY: Final = 50
"""How many sentences :attr:`Speaker.history` keeps (for tests and debugging)."""


class Speaker(QObject):
    """Says sentences to screen readers; ``source`` is the widget they are said from."""

    def __init__(self, source: QWidget, parent: QWidget) -> None:
        super().__init__(parent)
        self._source = source
        self._notice = Notice(parent)
        self.history: deque[str] = deque(maxlen=HISTORY)
        """The last sentences said, oldest first, whether or not a reader was listening."""

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
        self._notice.text = text
        for kind in (QAccessible.Event.NameChanged, QAccessible.Event.ObjectShow):
            QAccessible.updateAccessibility(QAccessibleEvent(self._notice, kind))

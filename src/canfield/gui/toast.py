"""Status-bar messages shown as a toast over the bottom of the table.

The status bar's own message area sits left of its permanent widgets, and ours
(score, moves, time, code) take the whole width, so a plain
``statusBar().showMessage`` would never be seen. The toast mirrors the status
bar's current message instead: score and time stay visible, the table does not
shrink, and clicks go through it to the cards.  A long message can be set to go
away on the next tap, click or key press (:meth:`Toast.dismiss_on_input`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLabel, QWidget

__all__ = ["Toast"]

_DISMISSING: Final = (
    QEvent.Type.MouseButtonPress,
    QEvent.Type.TouchBegin,
    QEvent.Type.KeyPress,
)
_MODIFIERS: Final = frozenset(
    int(k.value) for k in (Qt.Key.Key_Control, Qt.Key.Key_Shift, Qt.Key.Key_Alt, Qt.Key.Key_Meta)
)


class Toast(QLabel):
    """A rounded, word-wrapped note centred near the bottom of ``parent``."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("toast")
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setStyleSheet(
            "#toast { background: rgba(16, 28, 20, 215); color: #fdf8e8;"
            " border: 1px solid rgba(242, 207, 99, 160); border-radius: 10px;"
            " padding: 8px 14px; }"
        )
        parent.installEventFilter(self)
        self._dismiss: Callable[[], None] | None = None
        self._dismiss_text = ""
        self.hide()

    def show_message(self, text: str) -> None:
        """Show ``text`` (an empty text hides the toast)."""
        if self._dismiss is not None and text != self._dismiss_text:
            self._disarm()
        if not text:
            self.hide()
            return
        self.setText(text)
        self.place()
        self.show()
        self.raise_()

    def place(self) -> None:
        parent = self.parentWidget()
        if parent is None:
            return
        # One line when it fits (a word-wrapped label would ask for a narrow box).
        natural = self.fontMetrics().horizontalAdvance(self.text()) + 34
        width = max(80, min(parent.width() - 24, natural, 640))
        height = self.heightForWidth(width) if self.hasHeightForWidth() else 0
        height = max(height, self.sizeHint().height())
        self.resize(width, height)
        self.move((parent.width() - width) // 2, parent.height() - height - 12)

    def dismiss_on_input(self, dismiss: Callable[[], None]) -> None:
        """Call ``dismiss`` (once) on the next tap, click or key press anywhere in the app.

        For the message on show now: a new message cancels it.  The tap or key
        still does what it does; it only also clears the note out of the way.
        """
        app = QCoreApplication.instance()
        if app is None or not self.isVisible():
            return
        if self._dismiss is None:
            app.installEventFilter(self)
        self._dismiss = dismiss
        self._dismiss_text = self.text()

    def _disarm(self) -> None:
        self._dismiss = None
        self._dismiss_text = ""
        app = QCoreApplication.instance()
        if app is not None:
            app.removeEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        kind = event.type()
        if kind == QEvent.Type.Resize and watched is self.parentWidget() and self.isVisible():
            self.place()
        elif self._dismiss is not None and kind in _DISMISSING:
            if isinstance(event, QKeyEvent) and int(event.key()) in _MODIFIERS:
                return False
            dismiss = self._dismiss
            self._disarm()
            dismiss()
        return False

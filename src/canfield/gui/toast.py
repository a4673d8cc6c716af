"""Status-bar messages shown as a toast over the bottom of the table.

The status bar's own message area sits left of its permanent widgets, and ours
(score, moves, time, code) take the whole width, so a plain
``statusBar().showMessage`` would never be seen. The toast mirrors the status
bar's current message instead: score and time stay visible, the table does not
shrink, and clicks go through it to the cards.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QLabel, QWidget

__all__ = ["Toast"]


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
        self.hide()

    def show_message(self, text: str) -> None:
        """Show ``text`` (an empty text hides the toast)."""
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

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Resize and self.isVisible():
            self.place()
        return False

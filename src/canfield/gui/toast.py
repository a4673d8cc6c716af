"""Status-bar messages shown as a toast where it hides no card the player can play.

The status bar's own message area sits left of its permanent widgets, and ours
(score, moves, time, code) take the whole width, so a plain
``statusBar().showMessage`` would never be seen. The toast mirrors the status
bar's current message instead; the table does not shrink, and clicks go
through it to the cards. It sits as low as it can without covering a playable
card (:meth:`Toast.set_avoid`), so over the status bar when nothing lower is
free - on a phone the foot of the columns is where the play is. A long message
can be set to go away on the next tap, click or key press
(:meth:`Toast.dismiss_on_input`).
"""

from __future__ import annotations

import inspect
import weakref
from collections.abc import Callable
from typing import Final

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QRect, Qt
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
            "#toast { background: rgb(16, 28, 20); color: #fdf8e8;"
            " border: 1px solid rgba(242, 207, 99, 160); border-radius: 10px;"
            " padding: 8px 14px; }"
        )
        self._avoid: Callable[[], Callable[[], list[tuple[QRect, float]]] | None] = lambda: list
        self._dismiss: Callable[[], None] | None = None
        self._dismiss_text = ""
        self.hide()
        parent.installEventFilter(self)

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

    def set_avoid(self, avoid: Callable[[], list[tuple[QRect, float]]]) -> None:
        """``avoid()`` gives rectangles (parent coordinates) not to cover, each with a weight.

        Where everything cannot be kept clear (a long text on a phone) the toast
        covers the least weighted area. A bound method is held weakly (the window
        owns the toast; a strong reference back would keep a closed window alive).
        """
        if inspect.ismethod(avoid):
            self._avoid = weakref.WeakMethod(avoid)
        else:
            self._avoid = lambda: avoid

    def place(self) -> None:
        """Centred across, as low as possible without covering what ``avoid()`` names."""
        parent = self.parentWidget()
        if parent is None:
            return
        # One line when it fits (a word-wrapped label would ask for a narrow box).
        natural = self.fontMetrics().horizontalAdvance(self.text()) + 34
        width = max(80, min(parent.width() - 16, natural, 640))
        height = self.heightForWidth(width) if self.hasHeightForWidth() else 0
        height = max(height, self.sizeHint().height())
        self.resize(width, height)
        x = (parent.width() - width) // 2
        source = self._avoid()
        avoid = source() if source is not None else []
        best_y, best_cost = parent.height() - height - 4, -1.0
        for y in range(parent.height() - height - 4, -1, -6):
            box = QRect(x, y, width, height)
            cost = sum(
                (r & box).width() * (r & box).height() * weight + 0.0
                for r, weight in avoid
                if r.intersects(box)
            )
            if best_cost < 0 or cost < best_cost:
                best_y, best_cost = y, cost
            if cost == 0:
                break
        self.move(x, best_y)

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

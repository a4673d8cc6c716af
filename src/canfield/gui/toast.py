"""Status-bar messages shown as a toast where it hides no card the player can play.

The status bar's own message area sits left of its permanent widgets, and ours
(score, moves, time, code) take the whole width, so a plain
``statusBar().showMessage`` would never be seen. The toast mirrors the status
bar's current message instead; the table does not shrink, and clicks go
through it to the cards. It sits as low as it can without covering a playable
card (:meth:`Toast.set_avoid`), but never over the status bar
(:meth:`Toast.set_floor`): score, moves, time and code stay in sight. A long message
can be set to go away on the next tap, click or key press
(:meth:`Toast.dismiss_on_input`). A message that ends the game's hopes can
carry the way on (:meth:`Toast.offer`): buttons under the text, which then
take clicks and are reached with Tab, until the message changes.
"""

from __future__ import annotations

import inspect
import weakref
from collections.abc import Callable
from typing import Final

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QRect, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

__all__ = ["Toast"]

_DISMISSING: Final = (
    QEvent.Type.MouseButtonPress,
    QEvent.Type.TouchBegin,
    QEvent.Type.KeyPress,
)
_MODIFIERS: Final = frozenset(
    int(k.value) for k in (Qt.Key.Key_Control, Qt.Key.Key_Shift, Qt.Key.Key_Alt, Qt.Key.Key_Meta)
)
_MARGINS: Final = (14, 8, 14, 8)
"""Left, top, right, bottom room round the text (and the buttons)."""
BUTTON_HEIGHT: Final = 40
"""A finger's height: the buttons are meant for a phone too."""


class Toast(QFrame):
    """A rounded, word-wrapped note centred near the bottom of ``parent``."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("toast")
        self.setStyleSheet(
            "#toast { background: rgb(16, 28, 20);"
            " border: 1px solid rgba(242, 207, 99, 160); border-radius: 10px; }"
            " #toast QLabel { color: #fdf8e8; background: transparent; }"
            " #toast QPushButton { border-radius: 8px; padding: 6px 16px; font-weight: 600;"
            " background: transparent; color: #fdf8e8;"
            " border: 1px solid rgba(253, 248, 232, 120); }"
            " #toast QPushButton#toastAction { background: #f2cf63; color: #1c2a16; border: none; }"
            " #toast QPushButton:focus { border: 2px solid #fffdf4; }"
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(*_MARGINS)
        layout.setSpacing(8)
        self.label = QLabel(self)
        """The message (what :meth:`text` returns)."""
        self.label.setWordWrap(True)
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        layout.addWidget(self.label)
        self._row = QWidget(self)
        row = QHBoxLayout(self._row)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(10)
        self.action_button = QPushButton(self._row)
        """The way on (e.g. New game) while a message offers one."""
        self.action_button.setObjectName("toastAction")
        self.close_button = QPushButton(self._row)
        """Puts the offering message away (e.g. Keep playing)."""
        self.close_button.setObjectName("toastClose")
        for button in (self.action_button, self.close_button):
            button.setMinimumHeight(BUTTON_HEIGHT)
            button.setAutoDefault(True)  # Enter presses the focused one, as Space does
            button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            row.addWidget(button)
        self.action_button.clicked.connect(lambda: self._take(self._on_action))
        self.close_button.clicked.connect(lambda: self._take(self._on_close))
        layout.addWidget(self._row, 0, Qt.AlignmentFlag.AlignHCenter)
        self._row.hide()
        self._on_action: Callable[[], None] | None = None
        self._on_close: Callable[[], None] | None = None
        self._offer_text = ""
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self._avoid: Callable[[], Callable[[], list[tuple[QRect, float]]] | None] = lambda: list
        self._dismiss: Callable[[], None] | None = None
        self._dismiss_text = ""
        self._floor: Callable[[], int | None] = lambda: None
        self._area: Callable[[], QRect | None] = lambda: None
        self.hide()
        parent.installEventFilter(self)

    def text(self) -> str:
        return self.label.text()

    def show_message(self, text: str) -> None:
        """Show ``text`` (an empty text hides the toast)."""
        if self._dismiss is not None and text != self._dismiss_text:
            self._disarm()
        if self._on_action is not None and text != self._offer_text:
            self._withdraw()
        if not text:
            self.hide()
            return
        self.label.setText(text)
        self.place()
        self.show()
        self.raise_()

    def offer(
        self, action: str, on_action: Callable[[], None], close: str, on_close: Callable[[], None]
    ) -> None:
        """Buttons under the message on show now: ``action`` (the way on) and ``close``.

        They stay while that message does; either press withdraws them first,
        then calls its function. Tab reaches them (the window puts them next
        to the table in its focus chain); readers hear the message with them.
        """
        if not self.isVisible():
            return
        self._on_action, self._on_close = on_action, on_close
        self._offer_text = self.text()
        self.action_button.setText(action)
        self.close_button.setText(close)
        for button in (self.action_button, self.close_button):
            button.setAccessibleDescription(self._offer_text)
        self._row.show()
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, False)
        self.place()

    @property
    def offering(self) -> bool:
        """Whether the message on show carries buttons."""
        return self._on_action is not None

    def _take(self, chosen: Callable[[], None] | None) -> None:
        self._withdraw()
        if chosen is not None:
            chosen()

    def _withdraw(self) -> None:
        self._on_action = self._on_close = None
        self._offer_text = ""
        self._row.hide()
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        if self.isVisible():
            self.place()

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

    def set_floor(self, floor: Callable[[], int | None]) -> None:
        """``floor()``: the y (parent coordinates) the toast never goes below, e.g. the top
        of the status bar, so score, moves, time and code are never covered (None: none)."""
        self._floor = floor

    def set_area(self, area: Callable[[], QRect | None]) -> None:
        """``area()``: the part of the parent the toast stays in (the table), so the menus and
        the toolbar (where Finish and Undo to the winnable point appear) stay in sight."""
        self._area = area

    def place(self) -> None:
        """Centred across, as low as possible without covering what ``avoid()`` names."""
        parent = self.parentWidget()
        if parent is None:
            return
        floor = self._floor()
        bottom = parent.height() if floor is None else min(parent.height(), floor)
        # One line when it fits (a word-wrapped label would ask for a narrow box).
        across = _MARGINS[0] + _MARGINS[2] + 6
        natural = self.label.fontMetrics().horizontalAdvance(self.text()) + across
        if self._row.isVisibleTo(self):
            natural = max(natural, self._row.sizeHint().width() + across)
        area = self._area() or parent.rect()
        width = max(80, min(area.width() - 16, natural, 640))
        layout = self.layout()
        height = layout.totalHeightForWidth(width) if layout is not None else 0
        height = max(height, self.minimumSizeHint().height())
        self.resize(width, height)
        x = area.left() + (area.width() - width) // 2
        source = self._avoid()
        avoid = source() if source is not None else []
        bottom = min(bottom, area.bottom() + 1)
        top = max(0, min(area.top(), bottom - height - 4))
        best_y, best_cost = max(top, bottom - height - 4), -1.0
        for y in range(bottom - height - 4, top - 1, -6):
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

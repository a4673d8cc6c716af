"""The first-run screen: how Canfield works, shown once to a new player and from Help.

A panel over the table (like the win screen), not a window of its own: the table,
the menus and every shortcut keep working under it, and its button or Esc puts it
away. The words are :mod:`canfield.presentation.welcome`'s (the browser build shows
the same).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QFont, QKeyEvent
from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QVBoxLayout, QWidget

from canfield.gui.i18n_qt import language_notifier
from canfield.presentation.welcome import welcome_button, welcome_lines, welcome_title

__all__ = ["WelcomePanel"]


class WelcomePanel(QFrame):
    """A few lines on how Canfield works and a button to start playing."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("welcomePanel")
        self.setStyleSheet(
            "#welcomePanel { background: rgb(12, 40, 24); border: 2px solid #f2cf63;"
            " border-radius: 16px; }"
            " QLabel { color: #fdf8e8; background: transparent; }"
            " QPushButton { background: #f2cf63; color: #1c2a16; border: none;"
            " border-radius: 10px; padding: 10px 22px; font-weight: 600; }"
            " QPushButton:focus { border: 2px solid #fffdf4; }"
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.setSpacing(9)
        self._title = QLabel(self)
        self._title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._title.setWordWrap(True)
        title_font = QFont()
        title_font.setPixelSize(24)
        title_font.setWeight(QFont.Weight.Bold)
        self._title.setFont(title_font)
        layout.addWidget(self._title)
        body = QFont()
        body.setPixelSize(15)
        self._first = False
        """Shown on the very first start, over the winnable first deal (says so)."""
        self._lines = []
        for _text in welcome_lines():
            label = QLabel(self)
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setFont(body)
            layout.addWidget(label)
            self._lines.append(label)
        self._start = QPushButton(self)
        self._start.setObjectName("welcomeStart")
        self._start.setMinimumHeight(44)
        self._start.clicked.connect(self.dismiss)
        layout.addWidget(self._start, 0, Qt.AlignmentFlag.AlignHCenter)
        self.hide()
        self.retranslate()
        language_notifier().language_changed.connect(self.retranslate)
        parent.installEventFilter(self)

    def retranslate(self) -> None:
        self._title.setText(welcome_title())
        lines = welcome_lines(self._first)
        for label, text in zip(self._lines, lines, strict=True):
            label.setText(text)
        self._start.setText(welcome_button())
        self.setAccessibleName(welcome_title())
        self.setAccessibleDescription(" ".join(lines))
        if self.isVisible():
            self.place()

    def open(self, first: bool = False) -> None:
        """Show it over the table (the keyboard focus stays where it is); ``first`` on the
        very first start, over a deal proved winnable."""
        self._first = first
        self.retranslate()
        self.place()
        self.show()
        self.raise_()

    def dismiss(self) -> None:
        self.hide()
        parent = self.parentWidget()
        if parent is not None:
            parent.setFocus(Qt.FocusReason.OtherFocusReason)

    def place(self) -> None:
        """Centred, as wide as a phone allows and at most 520 px, never taller than room."""
        parent = self.parentWidget()
        if parent is None:
            return
        width = min(parent.width() - 16, 520)
        self.setFixedWidth(width)
        layout = self.layout()
        room = parent.height() - 8
        height = 0
        for body, title in ((15, 24), (14, 21), (13, 19), (12, 17)):  # the largest that fits
            self._set_sizes(body, title)
            height = layout.totalHeightForWidth(width) if layout is not None else 0
            if height <= room:
                break
        height = min(height, room)
        self.resize(width, height)
        self.move((parent.width() - width) // 2, max(4, (parent.height() - height) // 2))

    def _set_sizes(self, body: int, title: int) -> None:
        font = self._title.font()
        font.setPixelSize(title)
        self._title.setFont(font)
        for label in self._lines:
            small = label.font()
            small.setPixelSize(body)
            label.setFont(small)
        layout = self.layout()
        if layout is not None:
            layout.setSpacing(9 if body >= 15 else 6)
            layout.activate()

    def texts(self) -> list[str]:
        """The paragraphs as shown (for tests)."""
        return [label.text() for label in self._lines]

    @property
    def start_button(self) -> QPushButton:
        return self._start

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Follow the table's size; Esc on the table puts the panel away."""
        if watched is self.parentWidget() and self.isVisible():
            kind = event.type()
            if kind == QEvent.Type.Resize:
                self.place()
            elif (
                kind == QEvent.Type.KeyPress
                and isinstance(event, QKeyEvent)
                and event.key() == Qt.Key.Key_Escape
            ):
                self.dismiss()
                return True
        return super().eventFilter(watched, event)

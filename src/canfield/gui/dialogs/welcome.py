"""The first-run screen: how Canfield works, shown once on the first start and from Help.

The words are :mod:`canfield.presentation.welcome`'s (the browser build shows the same).
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from canfield.gui.dialogs._common import TOUCH_HEIGHT, fit_to_screen, heading
from canfield.gui.i18n_qt import language_notifier
from canfield.presentation.welcome import welcome_button, welcome_lines, welcome_title

__all__ = ["WelcomeDialog"]


class WelcomeDialog(QDialog):
    """A few lines on how Canfield works and one button to start; Esc dismisses it too."""

    def __init__(self, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setObjectName("welcomeDialog")
        self._title = heading(self)
        font = self._title.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        self._title.setFont(font)
        self._lines = [QLabel(self) for _ in welcome_lines()]
        buttons = QDialogButtonBox(self)
        self._start = buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self._start.setObjectName("welcomeStart")
        self._start.setMinimumHeight(TOUCH_HEIGHT)
        self._start.setDefault(True)
        buttons.accepted.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(18, 16, 18, 12)
        layout.setSpacing(10)
        layout.addWidget(self._title)
        for label in self._lines:
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.PlainText)
            layout.addWidget(label)
        layout.addStretch(1)
        layout.addWidget(buttons)
        self.retranslate()
        language_notifier().language_changed.connect(self.retranslate)
        fit_to_screen(self, QSize(480, 0))

    def retranslate(self) -> None:
        self.setWindowTitle(welcome_title())
        self.setAccessibleName(welcome_title())
        self._title.setText(welcome_title())
        for label, text in zip(self._lines, welcome_lines(), strict=True):
            label.setText(text)
        self._start.setText(welcome_button())

    def texts(self) -> list[str]:
        """The paragraphs as shown (for tests)."""
        return [label.text() for label in self._lines]

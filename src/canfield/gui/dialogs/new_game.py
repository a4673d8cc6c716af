"""The New game window: draw mode, an optional game code to replay, "winnable deals only".

The code field is checked as you type with the engine's own parser
(:meth:`canfield.DealCode.parse`), so the dialog can never accept a code the
engine would refuse; the reason is shown right under the field and OK stays
disabled until the code is valid (an empty field means a random deal).

A code fixes the draw mode (``D1``/``D3``), so the draw choice follows the code
typed in, and choosing the other draw mode rewrites the code's ``D`` part in the
field: what the player sees is always exactly what will be dealt.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from canfield.deal import CODE_LETTERS, DealCode
from canfield.errors import InvalidCodeError
from canfield.gui.dialogs._common import (
    TOUCH_HEIGHT,
    ChoiceButton,
    fit_to_screen,
    heading,
    hint_label,
    option_block,
)
from canfield.gui.i18n_qt import language_notifier, translate_buttons
from canfield.i18n import _, language

__all__ = ["NewGameChoice", "NewGameDialog", "code_error_message"]


@dataclass(frozen=True, slots=True)
class NewGameChoice:
    """What the player asked for: a draw mode, and a code to replay or ``None`` for a new deal."""

    draw: int
    code: str | None
    winnable_only: bool


_SHAPE = re.compile(r"^([^-]*)-([^-]*)-([^-]*)$")


def code_error_message(text: str, error: InvalidCodeError) -> str:
    """Why ``text`` is not a game code, in the app's language.

    In English this is the engine's own message; the other languages get the same
    reason in their words (the engine's messages are not translated).
    """
    if language() == "en":
        message = str(error)
        return message[:1].upper() + message[1:]
    raw = text.strip().upper()
    shape = _SHAPE.match(raw)
    if shape is None:
        return _("A game code has three parts, like CF1-D3-AAAAACL.")
    version, draw, letters = shape.groups()
    if version != "CF1":
        return _("Unknown code version “{version}”: this version reads CF1 codes.").format(
            version=version
        )
    if draw not in ("D1", "D3"):
        return _("The draw mode must be D1 or D3, not “{draw}”.").format(draw=draw)
    if len(letters) != CODE_LETTERS:
        return _("The deal part needs {count} letters; it has {actual}.").format(
            count=CODE_LETTERS, actual=len(letters)
        )
    return _("The deal part may hold only the letters A to Z.")


class NewGameDialog(QDialog):
    """Ask for the next game; after ``exec()`` returns Accepted, read :meth:`choice`."""

    def __init__(
        self, parent: QWidget | None = None, default_draw: int = 3, winnable_only: bool = False
    ) -> None:
        super().__init__(parent)
        if default_draw not in (1, 3):
            raise ValueError(f"default_draw must be 1 or 3, not {default_draw!r}")
        self.setObjectName("newGameDialog")
        self.setModal(True)
        self._code: DealCode | None = None
        self._syncing = False

        self._draw_heading = heading(self)
        self._draw3 = ChoiceButton(self)
        self._draw3.setObjectName("draw3")
        self._draw1 = ChoiceButton(self)
        self._draw1.setObjectName("draw1")
        self._draws = QButtonGroup(self)
        self._draws.addButton(self._draw3, 3)
        self._draws.addButton(self._draw1, 1)
        (self._draw3 if default_draw == 3 else self._draw1).setChecked(True)
        self._draws.idToggled.connect(self._draw_toggled)

        self._code_heading = heading(self)
        self._code_edit = QLineEdit(self)
        self._code_edit.setObjectName("codeEdit")
        self._code_edit.setClearButtonEnabled(True)
        self._code_edit.setMinimumHeight(TOUCH_HEIGHT)
        self._code_edit.setInputMethodHints(
            Qt.InputMethodHint.ImhUppercaseOnly
            | Qt.InputMethodHint.ImhNoPredictiveText
            | Qt.InputMethodHint.ImhNoAutoUppercase
        )
        font = self._code_edit.font()
        font.setFamilies(["monospace", *font.families()])
        font.setStyleHint(font.StyleHint.Monospace)
        self._code_edit.setFont(font)
        self._code_heading.setBuddy(self._code_edit)
        self._code_hint = hint_label(self)
        self._code_error = QLabel(self)
        self._code_error.setObjectName("codeError")
        self._code_error.setWordWrap(True)
        self._code_error.setTextFormat(Qt.TextFormat.PlainText)
        error_palette = self._code_error.palette()
        error_palette.setColor(QPalette.ColorRole.WindowText, Qt.GlobalColor.red)
        self._code_error.setPalette(error_palette)
        self._code_error.hide()
        self._code_edit.textChanged.connect(self._code_changed)

        self._winnable = QCheckBox(self)
        self._winnable.setObjectName("winnableOnly")
        self._winnable.setChecked(winnable_only)
        self._winnable.setMinimumHeight(TOUCH_HEIGHT)
        self._winnable_hint = hint_label(self)

        self._buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        for button in self._buttons.buttons():
            button.setMinimumHeight(TOUCH_HEIGHT)
            button.setMinimumWidth(96)
        self._buttons.accepted.connect(self.accept)
        self._buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(18, 18, 18, 14)
        layout.setSpacing(8)
        layout.addWidget(self._draw_heading)
        layout.addWidget(self._draw3)
        layout.addWidget(self._draw1)
        layout.addSpacing(12)
        layout.addWidget(self._code_heading)
        layout.addWidget(self._code_edit)
        layout.addWidget(self._code_error)
        layout.addWidget(self._code_hint)
        layout.addSpacing(12)
        layout.addLayout(option_block(self._winnable, self._winnable_hint))
        layout.addStretch(1)
        layout.addWidget(self._buttons)

        self.setTabOrder(self._draw3, self._code_edit)
        self.setTabOrder(self._code_edit, self._winnable)
        self.retranslate()
        language_notifier().language_changed.connect(self.retranslate)
        fit_to_screen(self, QSize(440, 0))

    # --- texts ---------------------------------------------------------------------------------

    def retranslate(self) -> None:
        """Set every text in the current language (also called after a language switch)."""
        self.setWindowTitle(_("New game"))
        self.setAccessibleName(_("New game"))
        self._draw_heading.setText(_("Draw"))
        self._draw3.set_texts(_("3 cards"), _("Hard"))
        self._draw1.set_texts(_("1 card"), _("Easy"))
        self._draw3.setAccessibleDescription(_("Turn three cards at a time from the stock."))
        self._draw1.setAccessibleDescription(_("Turn one card at a time from the stock."))
        self._code_heading.setText(_("&Game code (optional)"))
        self._code_edit.setPlaceholderText(_("e.g. CF1-D3-AAAAACL"))
        self._code_edit.setAccessibleName(_("Game code"))
        self._code_edit.setAccessibleDescription(
            _("Enter a code to replay that exact deal; leave empty for a new random deal.")
        )
        self._code_hint.setText(
            _("Enter a code to replay or share an exact deal. Leave it empty for a new deal.")
        )
        self._winnable.setText(_("Winnable deals only"))
        self._winnable.setAccessibleName(_("Winnable deals only"))
        self._winnable_hint.setText(_("Deal only games that the solver knows can be won."))
        translate_buttons(self._buttons)
        self._ok_button().setText(_("Deal"))
        self._validate()

    def _ok_button(self) -> QPushButton:
        return self._buttons.button(QDialogButtonBox.StandardButton.Ok)

    # --- behaviour -----------------------------------------------------------------------------

    def _code_changed(self, _text: str) -> None:
        self._validate()
        if self._code is not None and not self._syncing:
            self._syncing = True
            try:
                (self._draw3 if self._code.draw == 3 else self._draw1).setChecked(True)
            finally:
                self._syncing = False

    def _draw_toggled(self, draw: int, checked: bool) -> None:
        if not checked or self._syncing or self._code is None or self._code.draw == draw:
            return
        self._syncing = True
        try:
            self._code_edit.setText(str(DealCode(self._code.number, draw)))
        finally:
            self._syncing = False

    def _validate(self) -> None:
        text = self._code_edit.text()
        self._code = None
        error = ""
        if text.strip():
            try:
                self._code = DealCode.parse(text)
            except InvalidCodeError as exc:
                error = code_error_message(text, exc)
        self._code_error.setText(error)
        self._code_error.setVisible(bool(error))
        self._code_edit.setAccessibleDescription(
            error or _("Enter a code to replay that exact deal; leave empty for a new random deal.")
        )
        self._ok_button().setEnabled(not error)
        # A replayed deal is what it is: "winnable only" applies to random deals.
        self._winnable.setEnabled(self._code is None)

    # --- results -------------------------------------------------------------------------------

    def error_text(self) -> str:
        """The inline error under the code field ('' when the code is valid or empty)."""
        return self._code_error.text() if self._code_error.isVisibleTo(self) else ""

    def choice(self) -> NewGameChoice:
        """The game asked for (meaningful after the dialog was accepted)."""
        draw = self._draws.checkedId()
        if self._code is not None:
            return NewGameChoice(self._code.draw, str(self._code), self._winnable.isChecked())
        return NewGameChoice(draw, None, self._winnable.isChecked())

"""The New game window: variant, draw mode, a game code or deck to replay, "winnable only".

The field takes a game code or an explicit 52-card deck (docs/deal-numbers.md), read
by the engine's own parsers (:mod:`.deal_text`). It is judged when the player
pauses typing, leaves the field or presses Deal - never from the first key -
and the reason, in the app's language, shows right under it; Deal refuses a
field that is neither.

A code fixes the variant and the draw mode (``CF1-RAINBOW-D1-…``), so both
choices follow the code typed in, and choosing another variant or draw mode
rewrites the code in the field: what the player sees is always exactly what will
be dealt. A deck has neither of its own: the choices apply to it. Choosing a
variant sets the draw mode to that variant's own (docs/rules.md §9); the player
may then change it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from canfield.cards import Card
from canfield.deal import DealCode
from canfield.gui.dialogs._common import (
    TOUCH_HEIGHT,
    ChoiceButton,
    LineEdit,
    description_label,
    fit_to_screen,
    heading,
    option_block,
    speak_value_changes,
    tab_to_checked,
)
from canfield.gui.i18n_qt import language_notifier, translate_buttons
from canfield.i18n import _
from canfield.presentation.deal_text import DealText, DealTextError, read_deal_text
from canfield.presentation.variant_text import APP_VARIANTS, variant_summary, variant_title
from canfield.presentation.winnable import winnable_note
from canfield.variants import check_draw, variant_named

__all__ = ["NewGameChoice", "NewGameDialog"]

PAUSE_MS: Final = 900
"""A pause in typing this long has the field judged."""


@dataclass(frozen=True, slots=True)
class NewGameChoice:
    """What the player asked for: variant, draw mode, and a code or deck (else a new deal)."""

    draw: int
    code: str | None
    winnable_only: bool
    deck: tuple[Card, ...] | None = None
    variant: str = "canfield"


class NewGameDialog(QDialog):
    """Ask for the next game; after ``exec()`` returns Accepted, read :meth:`choice`."""

    def __init__(
        self,
        parent: QWidget | None = None,
        default_draw: int = 3,
        winnable_only: bool = False,
        variant: str = "canfield",
    ) -> None:
        super().__init__(parent)
        check_draw(default_draw)
        variant = variant_named(variant).name  # a bad name is refused here, loudly
        self.setObjectName("newGameDialog")
        self.setModal(True)
        self._read = DealText()
        """The field as last read: a code, a deck, or neither (empty or not valid)."""
        self._error = ""
        self._syncing = False
        self._pause = QTimer(self)
        self._pause.setSingleShot(True)
        self._pause.setInterval(PAUSE_MS)
        self._pause.timeout.connect(self.judge)

        self._variant_heading = heading(self)
        self._variant_box = QComboBox(self)
        self._variant_box.setObjectName("variantBox")
        self._variant_box.setMinimumHeight(TOUCH_HEIGHT)
        names = APP_VARIANTS if variant in APP_VARIANTS else (*APP_VARIANTS, variant)
        for name in names:
            self._variant_box.addItem(name, name)
        self._variant_box.setCurrentIndex(names.index(variant))
        self._variant_heading.setBuddy(self._variant_box)
        self._variant_hint = description_label(self, self._variant_box)
        self._variant_hint.setObjectName("variantSummary")
        # The new name is said before the new description the change sets.
        speak_value_changes(self._variant_box)
        self._variant_box.currentIndexChanged.connect(self._variant_changed)

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
        tab_to_checked(self._draws)

        self._code_heading = heading(self)
        self._code_edit = LineEdit(self)
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
        self._code_hint = description_label(self, self._code_edit)
        self._code_error = QLabel(self)
        self._code_error.setObjectName("codeError")
        self._code_error.setWordWrap(True)
        self._code_error.setTextFormat(Qt.TextFormat.PlainText)
        error_palette = self._code_error.palette()
        error_palette.setColor(QPalette.ColorRole.WindowText, Qt.GlobalColor.red)
        self._code_error.setPalette(error_palette)
        self._code_error.hide()
        self._code_edit.textChanged.connect(self._code_changed)
        self._code_edit.editingFinished.connect(self.judge)

        self._winnable = QCheckBox(self)
        self._winnable.setObjectName("winnableOnly")
        self._winnable.setChecked(winnable_only)
        self._winnable.setMinimumHeight(TOUCH_HEIGHT)
        self._winnable_hint = description_label(self)

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
        layout.addWidget(self._variant_heading)
        layout.addWidget(self._variant_box)
        layout.addWidget(self._variant_hint)
        layout.addSpacing(12)
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

        self.setTabOrder(self._variant_box, self._draw3)
        self.setTabOrder(self._draw3, self._draw1)  # Tab stops on the chosen one only
        self.setTabOrder(self._draw1, self._code_edit)
        self.setTabOrder(self._code_edit, self._winnable)
        self.retranslate()
        language_notifier().language_changed.connect(self.retranslate)
        fit_to_screen(self, QSize(440, 0))

    # --- texts ---------------------------------------------------------------------------------

    def retranslate(self) -> None:
        """Set every text in the current language (also called after a language switch)."""
        self.setWindowTitle(_("New game"))
        self.setAccessibleName(_("New game"))
        self._variant_heading.setText(_("&Variant"))
        for index in range(self._variant_box.count()):
            name = str(self._variant_box.itemData(index))
            self._variant_box.setItemText(index, variant_title(name))
        self._variant_box.setAccessibleName(_("Variant"))
        self._show_summary()
        self._draw_heading.setText(_("Draw"))
        self._draw3.set_texts(_("3 cards"), _("Hard"))
        self._draw1.set_texts(_("1 card"), _("Easy"))
        self._draw3.setAccessibleDescription(_("Turn three cards at a time from the stock."))
        self._draw1.setAccessibleDescription(_("Turn one card at a time from the stock."))
        self._code_heading.setText(_("&Game code or deck (optional)"))
        self._code_edit.setPlaceholderText(_("e.g. CF1-D3-AAAAACL"))
        self._code_edit.setAccessibleName(_("Game code or deck"))
        self._code_hint.setText(
            _(
                "Enter a code, or 52 cards in deal order, to replay or share an exact deal. "
                "Leave it empty for a new deal."
            )
        )
        self._winnable.setText(_("Winnable deals only"))
        self._winnable.setAccessibleName(_("Winnable deals only"))
        self._show_winnable_note()
        translate_buttons(self._buttons)
        self._ok_button().setText(_("Deal"))
        if self._error:
            self.judge()  # the shown reason, in the new language
        else:
            self._code_edit.setAccessibleDescription(self._field_description())

    def _show_summary(self) -> None:
        summary = variant_summary(self.variant())
        self._variant_hint.setText(summary)
        self._variant_box.setAccessibleDescription(summary)
        self._show_winnable_note()

    def _show_winnable_note(self) -> None:
        """What "Winnable deals only" does for the variant and draw chosen, before it is asked:
        a deal at once from the proved ones, or plainly that none is known."""
        draw = self._draws.checkedId()
        if draw not in (1, 3):
            draw = variant_named(self.variant()).draw
        note = winnable_note(draw, self.variant())
        self._winnable_hint.setText(note)
        self._winnable.setAccessibleDescription(note)

    def variant(self) -> str:
        """The variant chosen now (a code in the field has set it)."""
        return str(self._variant_box.currentData())

    def _ok_button(self) -> QPushButton:
        return self._buttons.button(QDialogButtonBox.StandardButton.Ok)

    # --- behaviour -----------------------------------------------------------------------------

    def _read_field(self) -> str:
        """Read the field into :attr:`_read`; the reason it is not valid, or ``""``."""
        text = self._code_edit.text()
        self._read = DealText()
        if not text.strip():
            return ""
        try:
            self._read = read_deal_text(text)
        except DealTextError as exc:
            return str(exc)
        return ""

    def _code_changed(self, _text: str) -> None:
        """While typing: no verdict yet (a pause or Deal gives it), but follow a valid code."""
        self._read_field()
        self._show_error("")
        self._pause.start()
        code = self._read.code
        if code is not None and not self._syncing:
            self._syncing = True
            try:
                self._select_variant(code.variant.name)
                (self._draw3 if code.draw == 3 else self._draw1).setChecked(True)
            finally:
                self._syncing = False
        # A replayed deal is what it is: "winnable only" applies to random deals.
        self._winnable.setEnabled(self._read == DealText())

    def _select_variant(self, name: str) -> None:
        """Show ``name`` as chosen (a code may name one the list leaves out: it is added)."""
        index = self._variant_box.findData(name)
        if index < 0:
            self._variant_box.addItem(variant_title(name), name)
            index = self._variant_box.count() - 1
        self._variant_box.setCurrentIndex(index)
        self._show_summary()

    def _variant_changed(self, _index: int) -> None:
        self._show_summary()
        if self._syncing:
            return
        rules = variant_named(self.variant())
        self._syncing = True
        try:
            (self._draw3 if rules.draw == 3 else self._draw1).setChecked(True)
        finally:
            self._syncing = False
        self._rewrite_code()

    def _draw_toggled(self, draw: int, checked: bool) -> None:
        if checked:
            self._show_winnable_note()
        if checked and not self._syncing:
            self._rewrite_code()

    def _rewrite_code(self) -> None:
        """A code in the field follows the variant and draw chosen."""
        code = self._read.code
        if code is None:
            return
        draw = self._draws.checkedId()
        rules = variant_named(self.variant())
        if code.draw == draw and code.variant is rules:
            return
        self._syncing = True
        try:
            self._code_edit.setText(str(DealCode(code.number, draw, rules)))
        finally:
            self._syncing = False

    def judge(self) -> bool:
        """Read the field and show why it is not valid; ``True`` when it can be dealt."""
        self._pause.stop()
        error = self._read_field()
        self._show_error(error)
        return not error

    def _show_error(self, error: str) -> None:
        self._error = error
        self._code_error.setText(error)
        self._code_error.setVisible(bool(error))
        self._code_edit.setAccessibleDescription(error or self._field_description())

    @staticmethod
    def _field_description() -> str:
        return _(
            "Enter a code or a deck of 52 cards to replay that exact deal; "
            "leave empty for a new random deal."
        )

    def accept(self) -> None:
        """Deal only what can be dealt; otherwise say why and stay."""
        if not self.judge():
            self._code_edit.setFocus()
            return
        super().accept()

    # --- results -------------------------------------------------------------------------------

    def error_text(self) -> str:
        """The inline error under the field ('' when none is shown)."""
        return self._error if self._code_error.isVisibleTo(self) else ""

    def choice(self) -> NewGameChoice:
        """The game asked for (meaningful after the dialog was accepted)."""
        draw = self._draws.checkedId()
        code, deck = self._read.code, self._read.deck
        winnable = self._winnable.isChecked()  # kept as the setting; a replay ignores it
        if code is not None:
            return NewGameChoice(code.draw, str(code), winnable, variant=code.variant.name)
        return NewGameChoice(draw, None, winnable, deck, self.variant())

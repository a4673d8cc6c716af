"""The Settings window: play options, the winnability note, the look (backs, felt), draw, language.

The language applies live: picking one switches the whole app at once (this
dialog included) so the player sees what they chose; Cancel switches back.
The dialog never writes anything itself: after ``exec()`` the caller reads
:meth:`SettingsDialog.settings` and stores it.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from canfield import i18n
from canfield.gui.dialogs._common import (
    TOUCH_HEIGHT,
    description_label,
    fit_to_screen,
    heading,
    names_changed,
    option_block,
    speak_value_changes,
)
from canfield.gui.i18n_qt import language_notifier, switch_language, translate_buttons
from canfield.i18n import _
from canfield.records.settings import SPEECH
from canfield.storage.settings import CARD_BACKS, FELTS, Settings


def colour_names() -> dict[str, str]:
    """The names of the card back and table colours, in the current language."""
    return {
        "blue": _("Blue"),
        "red": _("Red"),
        "green": _("Green"),
        "grey": _("Grey"),
    }


__all__ = ["SettingsDialog"]


class SettingsDialog(QDialog):
    """Edit the player's settings; :meth:`settings` gives the result after ``exec()``."""

    def __init__(self, parent: QWidget | None, settings: Settings) -> None:
        super().__init__(parent)
        self.setObjectName("settingsDialog")
        self._initial = settings
        self._language_at_open = settings.language

        page = QWidget(self)
        self._play_heading = heading(page)
        self._double_tap = self._check(page, "doubleTap", settings.double_tap)
        self._double_tap_hint = description_label(page)
        self._animations = self._check(page, "animations", settings.animations)
        self._animations_hint = description_label(page)
        self._four_colour = self._check(page, "fourColour", settings.four_colour)
        self._four_colour_hint = description_label(page)
        self._winnability = self._check(page, "showWinnability", settings.show_winnability)
        self._winnability_hint = description_label(page)
        self._casino = self._check(page, "casinoScoring", settings.casino_scoring)
        self._casino_hint = description_label(page)
        self._auto_finish = self._check(page, "autoFinish", settings.auto_finish)
        self._auto_finish_hint = description_label(page)

        self._look_heading = heading(page)
        self._back = self._combo(page, "cardBack", CARD_BACKS, settings.card_back)
        self._back_label = self._buddy(page, self._back)
        self._felt = self._combo(page, "felt", FELTS, settings.felt)
        self._felt_label = self._buddy(page, self._felt)

        self._general_heading = heading(page)
        self._draw = QComboBox(page)
        self._draw.setObjectName("draw")
        self._draw.setMinimumHeight(TOUCH_HEIGHT)
        self._draw.addItem("", 3)
        self._draw.addItem("", 1)
        self._draw.setCurrentIndex(self._draw.findData(settings.draw))
        self._draw_label = QLabel(page)
        self._draw_label.setBuddy(self._draw)
        self._draw_label.setWordWrap(True)
        self._draw_label.setMinimumHeight(TOUCH_HEIGHT)

        self._speech = self._combo(page, "speech", SPEECH, settings.speech)
        self._speech_label = self._buddy(page, self._speech)

        self._language = QComboBox(page)
        self._language.setObjectName("language")
        self._language.setMinimumHeight(TOUCH_HEIGHT)
        self._language.addItem("", None)
        for code in i18n.LANGUAGES:
            self._language.addItem(i18n.language_name(code), code)
        self._language.setCurrentIndex(self._language.findData(settings.language))
        self._language.currentIndexChanged.connect(self._language_chosen)
        for box in (self._back, self._felt, self._draw, self._speech, self._language):
            speak_value_changes(box)
        self._language_label = QLabel(page)
        self._language_label.setBuddy(self._language)
        self._language_label.setWordWrap(True)
        self._language_label.setMinimumHeight(TOUCH_HEIGHT)

        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setVerticalSpacing(10)
        form.addRow(self._language_label, self._language)
        form.addRow(self._draw_label, self._draw)
        form.addRow(self._speech_label, self._speech)

        column = QVBoxLayout(page)
        column.setContentsMargins(18, 18, 18, 8)
        column.setSpacing(6)
        column.addWidget(self._play_heading)
        column.addLayout(option_block(self._double_tap, self._double_tap_hint))
        column.addLayout(option_block(self._animations, self._animations_hint))
        column.addLayout(option_block(self._four_colour, self._four_colour_hint))
        column.addLayout(option_block(self._winnability, self._winnability_hint))
        column.addLayout(option_block(self._casino, self._casino_hint))
        column.addLayout(option_block(self._auto_finish, self._auto_finish_hint))
        column.addSpacing(14)
        column.addWidget(self._look_heading)
        look = QFormLayout()
        look.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        look.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        look.setVerticalSpacing(10)
        look.addRow(self._back_label, self._back)
        look.addRow(self._felt_label, self._felt)
        column.addLayout(look)
        column.addSpacing(14)
        column.addWidget(self._general_heading)
        column.addLayout(form)
        column.addStretch(1)

        scroll = QScrollArea(self)
        scroll.setWidget(page)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # its controls take focus, not the frame

        self._buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok
            | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.RestoreDefaults,
            self,
        )
        for button in self._buttons.buttons():
            button.setMinimumHeight(TOUCH_HEIGHT)
            button.setMinimumWidth(88)
        self._buttons.accepted.connect(self.accept)
        self._buttons.rejected.connect(self.reject)
        self._buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).clicked.connect(
            self.restore_defaults
        )

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 14)
        layout.addWidget(scroll, 1)
        buttons_row = QVBoxLayout()
        buttons_row.setContentsMargins(18, 0, 18, 0)
        buttons_row.addWidget(self._buttons)
        layout.addLayout(buttons_row)

        self.retranslate()
        language_notifier().language_changed.connect(self.retranslate)
        fit_to_screen(
            self,
            QSize(480, column.totalHeightForWidth(480) + self._buttons.sizeHint().height() + 90),
        )

    @staticmethod
    def _combo(parent: QWidget, name: str, values: tuple[str, ...], current: str) -> QComboBox:
        box = QComboBox(parent)
        box.setObjectName(name)
        box.setMinimumHeight(TOUCH_HEIGHT)
        for value in values:
            box.addItem("", value)
        box.setCurrentIndex(box.findData(current))
        return box

    @staticmethod
    def _buddy(parent: QWidget, field: QWidget) -> QLabel:
        label = QLabel(parent)
        label.setBuddy(field)
        label.setWordWrap(True)
        label.setMinimumHeight(TOUCH_HEIGHT)
        return label

    @staticmethod
    def _check(parent: QWidget, name: str, checked: bool) -> QCheckBox:
        box = QCheckBox(parent)
        box.setObjectName(name)
        box.setChecked(checked)
        box.setMinimumHeight(TOUCH_HEIGHT)
        return box

    def retranslate(self) -> None:
        """Set every text in the current language (called again after a switch)."""
        self.setWindowTitle(_("Settings"))
        self.setAccessibleName(_("Settings"))
        self._play_heading.setText(_("Playing"))
        self._double_tap.setText(_("Double tap"))
        self._double_tap.setAccessibleName(_("Double tap"))
        self._double_tap_hint.setText(
            _(
                "When a tapped card cannot go to its foundation, move it to the longest "
                "column that accepts it, or else to an empty column."
            )
        )
        self._double_tap.setAccessibleDescription(self._double_tap_hint.text())
        self._animations.setText(_("Animations"))
        self._animations.setAccessibleName(_("Animations"))
        self._animations_hint.setText(_("Cards glide to their new place instead of jumping."))
        self._animations.setAccessibleDescription(self._animations_hint.text())
        self._four_colour.setText(_("Four-colour deck"))
        self._four_colour.setAccessibleName(_("Four-colour deck"))
        self._four_colour_hint.setText(
            _("Each suit has its own colour, so the suits are easier to tell apart.")
        )
        self._four_colour.setAccessibleDescription(self._four_colour_hint.text())
        self._winnability.setText(_("Show whether the deal can still be won"))
        self._winnability.setAccessibleName(self._winnability.text())
        self._winnability_hint.setText(
            _(
                "After each move the status bar says whether a winning line is left. "
                "Off, the app says so only when you ask for a hint."
            )
        )
        self._winnability.setAccessibleDescription(self._winnability_hint.text())
        self._casino.setText(_("Casino scoring"))
        self._casino.setAccessibleName(_("Casino scoring"))
        self._casino_hint.setText(
            _(
                "Play for a bank, as in Canfield's casino: each deal costs $52 and each card "
                "put on a foundation pays $5. The bank is kept in the statistics."
            )
        )
        self._casino.setAccessibleDescription(self._casino_hint.text())
        self._auto_finish.setText(_("Finish by itself"))
        self._auto_finish.setAccessibleName(_("Finish by itself"))
        self._auto_finish_hint.setText(
            _("When every card left can simply go home, play them home without asking.")
        )
        self._auto_finish.setAccessibleDescription(self._auto_finish_hint.text())
        self._look_heading.setText(_("Look"))
        self._back_label.setText(_("Card &back"))
        self._back.setAccessibleName(_("Card back"))
        self._felt_label.setText(_("&Table colour"))
        self._felt.setAccessibleName(_("Table colour"))
        names = colour_names()
        for box in (self._back, self._felt):
            for index in range(box.count()):
                box.setItemText(index, names[box.itemData(index)])
        self._general_heading.setText(_("General"))
        self._draw_label.setText(_("&Default draw"))
        self._draw.setItemText(0, _("3 cards (Hard)"))
        self._draw.setItemText(1, _("1 card (Easy)"))
        self._draw.setAccessibleName(_("Draw mode of new games"))
        self._speech_label.setText(_("Screen reader s&peech"))
        self._speech.setItemText(0, _("Full: where a card can go, what a move uncovered"))
        self._speech.setItemText(1, _("Brief: the action, and where a picked-up card can go"))
        self._speech.setAccessibleName(_("Screen reader speech"))
        self._language_label.setText(_("&Language"))
        self._language.setItemText(
            0,
            _("System ({language})").format(language=i18n.language_name(i18n.system_language())),
        )
        self._language.setAccessibleName(_("Language"))
        translate_buttons(self._buttons)
        names_changed(self._back, self._felt, self._draw, self._speech, self._language)

    # --- behaviour -----------------------------------------------------------------------------

    def _language_chosen(self, index: int) -> None:
        switch_language(None, self._language.itemData(index))

    def restore_defaults(self) -> None:
        """Put every control back to its default (the language too, which applies at once)."""
        defaults = Settings()
        self._double_tap.setChecked(defaults.double_tap)
        self._animations.setChecked(defaults.animations)
        self._four_colour.setChecked(defaults.four_colour)
        self._winnability.setChecked(defaults.show_winnability)
        self._casino.setChecked(defaults.casino_scoring)
        self._auto_finish.setChecked(defaults.auto_finish)
        self._back.setCurrentIndex(self._back.findData(defaults.card_back))
        self._felt.setCurrentIndex(self._felt.findData(defaults.felt))
        self._draw.setCurrentIndex(self._draw.findData(defaults.draw))
        self._speech.setCurrentIndex(self._speech.findData(defaults.speech))
        self._language.setCurrentIndex(self._language.findData(defaults.language))

    def reject(self) -> None:
        """Cancel also takes back a language tried out in this dialog."""
        if self._language.currentData() != self._language_at_open:
            switch_language(None, self._language_at_open)
        super().reject()

    def settings(self) -> Settings:
        """The settings as edited (other settings, e.g. window geometry, unchanged)."""
        language: str | None = self._language.currentData()
        draw: int = self._draw.currentData()
        return self._initial.replace(
            double_tap=self._double_tap.isChecked(),
            animations=self._animations.isChecked(),
            four_colour=self._four_colour.isChecked(),
            show_winnability=self._winnability.isChecked(),
            casino_scoring=self._casino.isChecked(),
            auto_finish=self._auto_finish.isChecked(),
            card_back=str(self._back.currentData()),
            felt=str(self._felt.currentData()),
            draw=draw,
            language=language,
            speech=str(self._speech.currentData()),
        )

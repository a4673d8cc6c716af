"""The app's dialogs: new game, statistics, settings, help, about, and translated buttons."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

pytest.importorskip("PySide6.QtWidgets")

from app_helpers import child
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPushButton,
    QWidget,
)

from canfield import Game, i18n
from canfield.gui.dialogs import (
    AboutDialog,
    HelpDialog,
    NewGameChoice,
    NewGameDialog,
    SettingsDialog,
    StatisticsDialog,
    confirm_abandon,
)
from canfield.gui.dialogs._common import ChoiceButton
from canfield.gui.i18n_qt import (
    button_text,
    language_notifier,
    question_box,
    switch_language,
    translate_buttons,
)
from canfield.presentation.clock import format_duration
from canfield.storage.recent import RecentGame
from canfield.storage.settings import Settings
from canfield.storage.statistics import Statistics

pytestmark = pytest.mark.gui

OK = QDialogButtonBox.StandardButton.Ok


@pytest.fixture(autouse=True)
def _english(qapp: QApplication) -> Iterator[None]:
    switch_language(qapp, "en")
    yield
    switch_language(qapp, "en")


# --- helpers ---------------------------------------------------------------------------------


def answer_next_question(qtbot: QtBot, yes: bool) -> list[str]:
    """Click Yes/No on the next message box that opens; return its texts once it did."""
    seen: list[str] = []

    def click() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(10, click)
            return
        seen.extend([box.text(), box.informativeText()])
        button = box.button(
            QMessageBox.StandardButton.Yes if yes else QMessageBox.StandardButton.No
        )
        seen.append(button.text())
        button.click()

    QTimer.singleShot(0, click)
    return seen


class FakeStore:
    def __init__(self) -> None:
        self.data = {
            3: Statistics(
                3,
                12,
                8,
                255,
                187.9,
                96,
                2,
                5,
                timed_games=12,
                games_seconds=3000.0,
                games_moves=1500,
            ),
            1: Statistics(1),
        }
        self.resets: list[int | None] = []
        self.recent: list[RecentGame] = []

    def recent_games(self) -> list[RecentGame]:
        return self.recent

    def statistics(self, draw: int, variant: str = "canfield") -> Statistics:
        return self.data[draw] if variant == "canfield" else Statistics(draw, variant=variant)

    def all_statistics(self) -> list[Statistics]:
        return [s for s in self.data.values() if s.played]

    def bank_total(self) -> int:
        return sum(s.bank for s in self.data.values())

    def reset_statistics(self, draw: int | None = None, variant: str | None = None) -> None:
        self.resets.append(draw)
        assert variant in (None, "canfield")
        for mode in (1, 3) if draw is None else (draw,):
            self.data[mode] = Statistics(mode)


# --- new game --------------------------------------------------------------------------------


def new_game(qtbot: QtBot, draw: int = 3, winnable: bool = False) -> NewGameDialog:
    dialog = NewGameDialog(None, draw, winnable)
    qtbot.addWidget(dialog)
    return dialog


def code_edit(dialog: QDialog) -> QLineEdit:
    return child(dialog, QLineEdit, "codeEdit")


def ok_button(dialog: QDialog) -> QPushButton:
    return child(dialog, QDialogButtonBox).button(OK)


def test_new_game_defaults_to_a_random_deal(qtbot: QtBot) -> None:
    dialog = new_game(qtbot)
    assert ok_button(dialog).isEnabled()
    assert dialog.error_text() == ""
    assert dialog.choice() == NewGameChoice(draw=3, code=None, winnable_only=False)


def test_new_game_draw_choice(qtbot: QtBot) -> None:
    dialog = new_game(qtbot, draw=1, winnable=True)
    assert dialog.choice() == NewGameChoice(1, None, True)
    child(dialog, ChoiceButton, "draw3").click()
    assert dialog.choice().draw == 3
    child(dialog, QCheckBox, "winnableOnly").click()
    assert dialog.choice() == NewGameChoice(3, None, False)


def test_new_game_draw_choice_by_keyboard(qtbot: QtBot) -> None:
    dialog = new_game(qtbot)
    dialog.show()
    dialog.activateWindow()
    draw3 = child(dialog, ChoiceButton, "draw3")
    draw3.setFocus()
    qtbot.waitUntil(draw3.hasFocus, timeout=1000)
    qtbot.keyClick(draw3, Qt.Key.Key_Down)
    assert dialog.choice().draw == 1


def test_code_is_judged_on_a_pause_not_from_the_first_key(qtbot: QtBot) -> None:
    dialog = new_game(qtbot)
    dialog.show()
    qtbot.keyClicks(code_edit(dialog), "CF1-D3-AAA")
    assert dialog.error_text() == ""  # still typing
    qtbot.waitUntil(lambda: dialog.error_text() != "", timeout=3000)
    assert dialog.error_text() == "The deal part needs 7 letters; it has 3."
    qtbot.keyClicks(code_edit(dialog), "A")
    assert dialog.error_text() == ""  # typing again takes the verdict away
    code_edit(dialog).clear()
    assert dialog.judge()
    assert dialog.error_text() == ""


def test_deal_refuses_a_bad_code_and_says_why_without_python_quotes(qtbot: QtBot) -> None:
    dialog = new_game(qtbot)
    dialog.show()
    code_edit(dialog).setText("CF1-D2-AAAAACL")
    ok_button(dialog).click()
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert dialog.isVisible()
    assert dialog.error_text() == "The draw mode must be D1 or D3, not “D2”."
    code_edit(dialog).setText("CF9-D3-AAAAACL")
    ok_button(dialog).click()
    assert dialog.error_text() == "Unknown code version “CF9”: this version reads CF1 codes."
    assert "'" not in dialog.error_text()


def test_bad_code_reason_is_translated(qtbot: QtBot, qapp: QApplication) -> None:
    dialog = new_game(qtbot)
    code_edit(dialog).setText("CF1-D3-AAA")
    assert not dialog.judge()
    switch_language(qapp, "hu")
    assert dialog.error_text() == "A leosztás részébe 7 betű kell; most 3 van benne."
    switch_language(qapp, "pt")
    assert "7 letras" in dialog.error_text()
    switch_language(qapp, "id")
    assert "7 huruf" in dialog.error_text()


def test_a_deck_is_accepted_where_a_code_is(qtbot: QtBot) -> None:
    game = Game.from_code("CF1-D3-AAAAACL")
    dialog = new_game(qtbot, draw=1)
    dialog.show()
    code_edit(dialog).setText(game.deck_string.replace(" ", ", ", 3))
    assert dialog.judge()
    ok_button(dialog).click()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.choice() == NewGameChoice(1, None, False, game.deck)


@pytest.mark.parametrize(
    ("deck", "reason"),
    [
        ("AS 2S XX", "Card 3 of the deck, “XX”, is not a card (write e.g. AS, 10H, QC)."),
        ("AS 2S 3S", "A deck has 52 cards; this one has 3."),
    ],
)
def test_bad_deck_says_why(qtbot: QtBot, deck: str, reason: str) -> None:
    dialog = new_game(qtbot)
    code_edit(dialog).setText(deck)
    assert not dialog.judge()
    assert dialog.error_text() == reason


def test_deck_with_a_card_twice_names_it_and_the_missing_one(
    qtbot: QtBot, qapp: QApplication
) -> None:
    cards = Game.from_code("CF1-D3-AAAAACL").deck_string.split()
    cards[cards.index("KC")] = "QC"
    dialog = new_game(qtbot)
    code_edit(dialog).setText(" ".join(cards))
    assert not dialog.judge()
    assert dialog.error_text() == "The deck holds QC twice and lacks KC."
    switch_language(qapp, "pt")
    assert "QC" in dialog.error_text() and "KC" in dialog.error_text()
    assert dialog.error_text() != "The deck holds QC twice and lacks KC."


def test_good_code_is_read_case_insensitively(qtbot: QtBot) -> None:
    dialog = new_game(qtbot, draw=3, winnable=True)
    dialog.show()
    qtbot.keyClicks(code_edit(dialog), "  cf1-d1-aaaaacl ")
    assert dialog.judge()
    assert dialog.error_text() == ""
    assert dialog.choice() == NewGameChoice(1, "CF1-D1-AAAAACL", True)
    # The draw choice follows the code, and a replayed deal is not "winnable only".
    assert child(dialog, ChoiceButton, "draw1").isChecked()
    assert not child(dialog, QCheckBox, "winnableOnly").isEnabled()


def test_choosing_the_other_draw_rewrites_the_code(qtbot: QtBot) -> None:
    dialog = new_game(qtbot)
    code_edit(dialog).setText("CF1-D3-AAAAACL")
    child(dialog, ChoiceButton, "draw1").click()
    assert code_edit(dialog).text() == "CF1-D1-AAAAACL"
    assert dialog.choice() == NewGameChoice(1, "CF1-D1-AAAAACL", False)


def test_enter_accepts_a_valid_code(qtbot: QtBot) -> None:
    dialog = new_game(qtbot)
    dialog.show()
    qtbot.keyClicks(code_edit(dialog), "CF1-D3-AAAAACL")
    with qtbot.waitSignal(dialog.accepted, timeout=1000):
        qtbot.keyClick(code_edit(dialog), Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted


def test_new_game_refuses_a_bad_default_draw(qtbot: QtBot) -> None:
    with pytest.raises(ValueError, match="1 or 3"):
        NewGameDialog(None, 2, False)


# --- statistics ------------------------------------------------------------------------------


def test_statistics_show_numbers(qtbot: QtBot) -> None:
    dialog = StatisticsDialog(None, FakeStore())
    qtbot.addWidget(dialog)
    assert dialog.value_text("played", 3) == "12"
    assert dialog.value_text("won", 3) == "8"
    assert dialog.value_text("win_rate", 3) == "67%"
    assert dialog.value_text("best_score", 3) == "255"
    assert dialog.value_text("fastest_win", 3) == "3:07"
    assert dialog.value_text("fewest_moves", 3) == "96"
    assert dialog.value_text("current_streak", 3) == "2"
    assert dialog.value_text("best_streak", 3) == "5"
    assert dialog.value_text("played", 1) == "0"
    assert dialog.value_text("win_rate", 1) == "—"
    assert dialog.value_text("fastest_win", 1) == "—"
    assert dialog.value_text("average_seconds", 3) == "4:10"
    assert dialog.value_text("average_moves", 3) == "125"
    assert dialog.value_text("average_moves", 1) == "—"


def test_format_duration() -> None:
    assert format_duration(0) == "0:00"
    assert format_duration(59.99) == "0:59"
    assert format_duration(187.9) == "3:07"
    assert format_duration(3725) == "1:02:05"


def test_reset_asks_first_and_no_keeps_everything(qtbot: QtBot) -> None:
    store = FakeStore()
    dialog = StatisticsDialog(None, store)
    qtbot.addWidget(dialog)
    seen = answer_next_question(qtbot, yes=False)
    dialog.reset_choice(None).trigger()
    assert seen[0] == "Reset statistics?"
    assert store.resets == []
    assert dialog.value_text("played", 3) == "12"


def test_reset_after_yes_erases_and_refreshes(qtbot: QtBot) -> None:
    store = FakeStore()
    dialog = StatisticsDialog(None, store)
    qtbot.addWidget(dialog)
    answer_next_question(qtbot, yes=True)
    dialog.reset_choice(None).trigger()
    assert store.resets == [None]
    assert dialog.value_text("played", 3) == "0"
    assert dialog.value_text("best_score", 3) == "—"


def test_reset_one_draw_mode_keeps_the_other(qtbot: QtBot) -> None:
    store = FakeStore()
    store.data[1] = Statistics(1, 4, 0)
    dialog = StatisticsDialog(None, store)
    qtbot.addWidget(dialog)
    assert dialog.reset_button.menu() is not None
    answer_next_question(qtbot, yes=True)
    dialog.reset_choice(1).trigger()
    assert store.resets == [1]
    assert dialog.value_text("played", 1) == "0"
    assert dialog.value_text("played", 3) == "12"


def test_recent_games_are_listed_and_one_click_replays(qtbot: QtBot) -> None:
    store = FakeStore()
    store.recent = [
        RecentGame("CF1-D3-AAAAACL", "", "canfield", 3, True, 255, 187.9, 96, 1.8e9),
        RecentGame(None, "AS 2S", "canfield", 1, False, 15, 61.0, 40, 1.7e9),
    ]
    dialog = StatisticsDialog(None, store)
    qtbot.addWidget(dialog)
    texts = dialog.recent_texts()
    assert texts[0].startswith("CF1-D3-AAAAACL · Won · score 255 · 3:07")
    assert texts[1].startswith("Own deck · Lost · score 15 · 1:01")
    dialog.show()
    dialog.show_recent()
    lst = child(dialog, QListWidget, "recentGames")
    chosen: list[RecentGame] = []
    dialog.replay.connect(chosen.append)
    rect = lst.visualItemRect(lst.item(1))
    QTest.mouseClick(lst.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert chosen == [store.recent[1]]
    assert dialog.result() == QDialog.DialogCode.Accepted


def test_statistics_are_a_table_a_reader_walks(qtbot: QtBot) -> None:
    """Rows and columns with headers, so a reader says "Won, 3 cards: 8", not loose labels."""
    from PySide6.QtGui import QAccessible
    from PySide6.QtWidgets import QTableWidget

    dialog = StatisticsDialog(None, FakeStore())
    qtbot.addWidget(dialog)
    table = child(dialog, QTableWidget, "statisticsTable")
    assert table is not None and table.focusPolicy() & Qt.FocusPolicy.TabFocus
    iface = QAccessible.queryAccessibleInterface(table)
    assert iface.role() == QAccessible.Role.Table
    kids = [iface.child(i) for i in range(iface.childCount())]
    seen = {(k.role(), k.text(QAccessible.Text.Name)) for k in kids if k is not None}
    role = QAccessible.Role
    # Each cell is named by its row and column too: Orca 43 reads a row's cells by their
    # names alone when Up or Down reaches it.
    assert {(role.ColumnHeader, "3 cards"), (role.RowHeader, "Won")} <= seen
    assert (role.Cell, "Won, 3 cards: 8") in seen
    # A figure not there yet is said as "none", not as the dash's name.
    assert (role.Cell, "Fewest moves, 1 card: none") in seen
    assert not any("—" in name for _role, name in seen)


def test_statistics_against_the_real_store(qtbot: QtBot, tmp_path: Path) -> None:
    store_module = pytest.importorskip("canfield.storage.store")
    store = store_module.Store(tmp_path / "canfield.sqlite")
    try:
        dialog = StatisticsDialog(None, store)
        qtbot.addWidget(dialog)
        assert dialog.value_text("played", 3) == "0"
        assert dialog.value_text("average_moves", 3) == "—"
        assert dialog.recent_texts() == ["No finished games yet."]
    finally:
        language_notifier().language_changed.disconnect(dialog.retranslate)
        store.close()


# --- settings --------------------------------------------------------------------------------


def test_settings_round_trip(qtbot: QtBot) -> None:
    start = Settings(double_tap=True, animations=True, draw=3, four_colour=False, language=None)
    dialog = SettingsDialog(None, start)
    qtbot.addWidget(dialog)
    assert dialog.settings() == start
    child(dialog, QCheckBox, "doubleTap").click()
    child(dialog, QCheckBox, "fourColour").click()
    draw = child(dialog, QComboBox, "draw")
    draw.setCurrentIndex(draw.findData(1))
    result = dialog.settings()
    assert result == dataclasses.replace(start, double_tap=False, four_colour=True, draw=1)
    dialog.restore_defaults()
    assert dialog.settings() == Settings()


def test_settings_keep_what_they_do_not_show(qtbot: QtBot) -> None:
    start = Settings(winnable_only=True, window_geometry=b"xyz", language="hu")
    dialog = SettingsDialog(None, start)
    qtbot.addWidget(dialog)
    assert dialog.settings() == start


def test_language_applies_live_and_cancel_takes_it_back(qtbot: QtBot) -> None:
    dialog = SettingsDialog(None, Settings(language="en"))
    qtbot.addWidget(dialog)
    combo = child(dialog, QComboBox, "language")
    with qtbot.waitSignal(language_notifier().language_changed):
        combo.setCurrentIndex(combo.findData("pt"))
    assert i18n.language() == "pt"
    assert dialog.windowTitle() == "Definições"
    assert dialog.settings().language == "pt"
    dialog.reject()
    assert i18n.language() == "en"
    assert dialog.windowTitle() == "Settings"


def test_system_language_choice(qtbot: QtBot) -> None:
    dialog = SettingsDialog(None, Settings(language="hu"))
    qtbot.addWidget(dialog)
    combo = child(dialog, QComboBox, "language")
    assert combo.currentData() == "hu"
    combo.setCurrentIndex(0)
    assert dialog.settings().language is None
    assert combo.itemText(0).startswith(("System", "Rendszer", "Sistema", "Sistem"))


# --- live retranslation ----------------------------------------------------------------------


def test_switching_language_retranslates_an_open_dialog(qtbot: QtBot, qapp: QApplication) -> None:
    dialog = new_game(qtbot)
    dialog.show()
    assert dialog.windowTitle() == "New game"
    switch_language(qapp, "hu")
    assert dialog.windowTitle() == "Új játék"
    assert child(dialog, ChoiceButton, "draw3").title() == "3 lap"
    assert child(dialog, QCheckBox, "winnableOnly").text() == "Csak megnyerhető leosztások"
    box = child(dialog, QDialogButtonBox)
    assert box.button(QDialogButtonBox.StandardButton.Cancel).text() == "Mégse"
    switch_language(qapp, "id")
    assert dialog.windowTitle() == "Permainan baru"
    assert box.button(QDialogButtonBox.StandardButton.Cancel).text() == "Batal"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "How to play"),
        ("pt", "Como se joga"),
        ("hu", "Hogyan játsszuk"),
        ("id", "Cara bermain"),
    ],
)
def test_help_in_each_language(qtbot: QtBot, qapp: QApplication, lang: str, expected: str) -> None:
    dialog = HelpDialog(None)
    qtbot.addWidget(dialog)
    switch_language(qapp, lang)
    text = dialog.text()
    assert text.startswith(expected)
    assert "CF1-D3-AAAAACL" in text
    assert "255" in text


def test_about_names_the_licence_and_libraries(qtbot: QtBot) -> None:
    dialog = AboutDialog(None)
    qtbot.addWidget(dialog)
    text = dialog.text()
    for name in ("Canfield", "MIT", "PySide6", "platformdirs", "Babel", "rich"):
        assert name in text


# --- translated buttons ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "yes", "no", "ok", "cancel", "close"),
    [
        ("en", "Yes", "No", "OK", "Cancel", "Close"),
        ("pt", "Sim", "Não", "OK", "Cancelar", "Fechar"),
        ("hu", "Igen", "Nem", "OK", "Mégse", "Bezárás"),
        ("id", "Ya", "Tidak", "OK", "Batal", "Tutup"),
    ],
)
def test_standard_buttons_are_translated(  # type: ignore[no-untyped-def]
    qtbot, qapp, lang: str, yes: str, no: str, ok: str, cancel: str, close: str
) -> None:
    switch_language(qapp, lang)
    box = question_box(None, "t", "q?")
    qtbot.addWidget(box)
    assert box.button(QMessageBox.StandardButton.Yes).text() == yes
    assert box.button(QMessageBox.StandardButton.No).text() == no
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok
        | QDialogButtonBox.StandardButton.Cancel
        | QDialogButtonBox.StandardButton.Close
    )
    qtbot.addWidget(buttons)
    translate_buttons(buttons)
    assert buttons.button(QDialogButtonBox.StandardButton.Ok).text() == ok
    assert buttons.button(QDialogButtonBox.StandardButton.Cancel).text() == cancel
    assert buttons.button(QDialogButtonBox.StandardButton.Close).text() == close
    assert button_text(QMessageBox.StandardButton.Close) == close


def test_every_standard_button_has_a_translation(qapp) -> None:  # type: ignore[no-untyped-def]
    for lang in ("pt", "hu", "id"):
        switch_language(qapp, lang)
        for button in (
            QDialogButtonBox.StandardButton.Reset,
            QDialogButtonBox.StandardButton.RestoreDefaults,
            QDialogButtonBox.StandardButton.Apply,
            QDialogButtonBox.StandardButton.Save,
        ):
            switch_language(qapp, "en")
            english = button_text(button)
            switch_language(qapp, lang)
            assert button_text(button) != english, (lang, english)


def test_confirmation_in_portuguese(qtbot: QtBot, qapp: QApplication) -> None:
    switch_language(qapp, "pt")
    seen = answer_next_question(qtbot, yes=False)
    assert confirm_abandon(None) is False
    assert seen == [
        "Abandonar o jogo em curso?",
        "Contará como derrota nas suas estatísticas.",
        "Continuar a jogar",
    ]


def test_a_destructive_question_defaults_to_the_safe_answer(qtbot: QtBot) -> None:
    box = question_box(None, "t", "q?", destructive=True)
    qtbot.addWidget(box)
    assert box.defaultButton() is box.button(QMessageBox.StandardButton.No)
    assert box.escapeButton() is box.button(QMessageBox.StandardButton.No)


# --- phone size and accessibility ------------------------------------------------------------

DIALOGS: list[Callable[[], QDialog]] = [
    lambda: NewGameDialog(None, 3, False),
    lambda: StatisticsDialog(None, FakeStore()),
    lambda: SettingsDialog(None, Settings()),
    lambda: HelpDialog(None),
    lambda: AboutDialog(None),
]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("make", DIALOGS, ids=["new", "stats", "settings", "help", "about"])
def test_dialogs_fit_a_phone_window(
    qtbot: QtBot, qapp: QApplication, lang: str, make: Callable[[], QDialog]
) -> None:
    switch_language(qapp, lang)
    dialog = make()
    qtbot.addWidget(dialog)
    assert dialog.minimumSizeHint().width() <= 360, dialog.objectName()
    dialog.resize(360, 640)
    dialog.show()
    layout = dialog.layout()
    assert layout is not None
    assert layout.totalHeightForWidth(360) <= 640 or dialog.objectName() in ("helpDialog",)


@pytest.mark.parametrize("make", DIALOGS, ids=["new", "stats", "settings", "help", "about"])
def test_controls_have_accessible_names(qtbot: QtBot, make: Callable[[], QDialog]) -> None:
    dialog = make()
    qtbot.addWidget(dialog)
    assert dialog.accessibleName()
    for widget in dialog.findChildren(QWidget):
        if widget.focusPolicy() & Qt.FocusPolicy.TabFocus and widget.isVisibleTo(dialog):
            name = widget.accessibleName() or getattr(widget, "text", lambda: "")()
            assert name, f"{dialog.objectName()}: {type(widget).__name__} has no name"


@pytest.mark.parametrize(
    "make",
    [
        lambda: HelpDialog(None),
        lambda: AboutDialog(None),
        lambda: StatisticsDialog(None, FakeStore()),
    ],
    ids=["help", "about", "stats"],
)
def test_read_only_dialogs_free_themselves_when_closed(
    qtbot: QtBot, make: Callable[[], QDialog]
) -> None:
    shiboken6 = pytest.importorskip("shiboken6")
    dialog = make()
    dialog.show()
    QTimer.singleShot(0, dialog.reject)
    dialog.exec()
    qtbot.waitUntil(lambda: not shiboken6.isValid(dialog), timeout=2000)

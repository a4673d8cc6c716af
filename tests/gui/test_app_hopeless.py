"""Hint on a deal that cannot be won: said plainly, kept up, and the way on offered.

The answers come from the real solver: deal 20 in draw 3 is lost behind its
reserve, proved from its start in a few milliseconds; deal 2 played along
``LOSING_LINE`` is lost but was winnable two actions back.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from app_helpers import child, make_window, modal, tap
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QLineEdit, QToolButton
from pytestqt.qtbot import QtBot

from canfield import Game
from canfield.deal import DealCode
from canfield.gui.i18n_qt import switch_language
from canfield.gui.window import MainWindow
from canfield.pile import Pile
from canfield.storage import Store

HOPELESS = "This deal cannot be won — not even from the start"
SAID = HOPELESS + ". Ctrl+N starts a new game."
LOST_DEAL = DealCode(20, 3)
"""Proved lost from its start by the solver in milliseconds (tests/solver/test_solver.py)."""
LOSING_LINE = "s s s s s s s s s s s TH>f s s s s s s JH>f s s QH>f 9S>f s s TS>f s"
"""Deal 2 (draw 3) along a win until ``TS>f`` throws it away, then one more tap."""


def lost_game(moves: str = "s s") -> Game:
    game = Game.from_code(LOST_DEAL)
    for move in moves.split():
        game.play(move)
    return game


def press_hint(window: MainWindow, qtbot: QtBot) -> None:
    """Press H on the table, as a player does, and wait for the solver's answer."""
    window.activateWindow()
    window.view.setFocus()
    QTest.keyClick(window.view, Qt.Key.Key_H)
    qtbot.waitUntil(lambda: window.solver_idle, timeout=10000)
    QApplication.processEvents()


@pytest.fixture
def lost(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    """A window on the lost deal, two stock taps in."""
    win = make_window(tmp_path, lost_game())
    qtbot.addWidget(win)
    yield win
    win.close()
    win.store.close()


@pytest.mark.parametrize("moves", ["", "s s", "s s s s s"])
def test_hint_says_the_deal_cannot_be_won_and_offers_a_new_game(
    tmp_path: Path, qtbot: QtBot, moves: str
) -> None:
    win = make_window(tmp_path, lost_game(moves))
    qtbot.addWidget(win)
    press_hint(win, qtbot)
    assert win.statusBar().currentMessage() == HOPELESS
    assert win.speaker.history[-1] == SAID
    toast = win.toast
    assert toast.isVisible() and toast.text() == HOPELESS
    assert toast.action_button.isVisible() and toast.action_button.text() == "New game"
    assert toast.close_button.isVisible() and toast.close_button.text() == "Keep playing"
    # Readers landing on a button hear why it is there.
    assert toast.action_button.accessibleDescription() == HOPELESS
    # Not an "undo" answer: no undo, and no restart, helps here.
    assert not win.act_undo_winnable.isEnabled()
    assert "undo" not in win.statusBar().currentMessage().lower()
    assert win.scene.hinted is None
    win.close()
    win.store.close()


def test_the_answer_stays_until_the_player_plays_on(
    lost: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    status = lost.statusBar()
    timeouts: list[int] = []
    real = status.showMessage

    def show(text: str, ms: int = 0) -> None:
        timeouts.append(ms)
        real(text, ms)

    monkeypatch.setattr(status, "showMessage", show)
    press_hint(lost, qtbot)
    assert status.currentMessage() == HOPELESS
    assert timeouts[-1] == 0  # no time limit: it is not a passing note
    # Keys and taps that do not play leave it up (unlike "Read position").
    QTest.keyClick(lost.view, Qt.Key.Key_Right)
    QTest.mouseClick(lost.view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(4, 4))
    assert status.currentMessage() == HOPELESS and lost.toast.isVisible()
    # Playing on (a stock tap) puts it away with its buttons.
    stock = lost.scene.slot_item(Pile("stock")).sceneBoundingRect().center()
    tap(lost, lost.view.mapFromScene(stock))
    assert lost.model.game.moves_made == 3
    assert status.currentMessage() == ""
    assert not lost.toast.isVisible() and not lost.toast.offering


@pytest.fixture
def abandon_asked(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Each "abandon this game?" question the window asks (a lost deal should ask none)."""
    asked: list[object] = []
    monkeypatch.setattr("canfield.gui.dialogs.confirm_abandon", lambda parent: asked.append(1))
    return asked


def test_new_game_from_the_answer_by_keyboard(
    lost: MainWindow, qtbot: QtBot, abandon_asked: list[object]
) -> None:
    # The deal is lost already: dealing another asks no "abandon this game?" on top.
    press_hint(lost, qtbot)
    lost.view.setFocus()
    QTest.keyClick(lost.view, Qt.Key.Key_Tab)
    button = lost.toast.action_button
    assert button.hasFocus()  # one Tab from the table

    def deal_example() -> None:
        dialog = QApplication.activeModalWidget()
        assert dialog is not None
        edit = child(dialog, QLineEdit, "codeEdit")
        QTest.keyClicks(edit, "CF1-D3-AAAAACL")
        QTest.keyClick(edit, Qt.Key.Key_Return)

    QTimer.singleShot(0, deal_example)
    QTest.keyClick(button, Qt.Key.Key_Return)
    game = lost.model.game
    assert game.code == "CF1-D3-AAAAACL" and game.moves_made == 0
    assert abandon_asked == []
    assert lost.statusBar().currentMessage() == ""
    assert not lost.toast.isVisible()
    assert lost.focusWidget() is lost.view  # back on the table (once the window is active again)


def test_ctrl_n_after_the_answer_deals_without_asking_again(
    lost: MainWindow, qtbot: QtBot, abandon_asked: list[object]
) -> None:
    press_hint(lost, qtbot)
    QTimer.singleShot(0, lambda: modal(QDialog).accept())
    QTest.keyClick(lost.view, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert lost.model.game.deck != lost_game().deck and lost.model.game.moves_made == 0
    assert abandon_asked == []


def test_keep_playing_puts_the_answer_away(lost: MainWindow, qtbot: QtBot) -> None:
    press_hint(lost, qtbot)
    lost.view.setFocus()
    QTest.keyClick(lost.view, Qt.Key.Key_Tab)
    QTest.keyClick(lost.focusWidget(), Qt.Key.Key_Tab)
    assert lost.toast.close_button.hasFocus()
    QTest.keyClick(lost.toast.close_button, Qt.Key.Key_Space)
    assert lost.statusBar().currentMessage() == ""
    assert not lost.toast.isVisible()
    assert lost.view.hasFocus()
    assert lost.model.game.moves_made == 2  # nothing played or dealt


def test_the_buttons_take_clicks(lost: MainWindow, qtbot: QtBot) -> None:
    press_hint(lost, qtbot)
    button = lost.toast.close_button
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    assert not lost.toast.isVisible()
    # A plain message lets clicks through to the table again.
    lost.copy_code()
    assert lost.toast.isVisible() and not lost.toast.offering
    assert lost.toast.testAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)


def test_hint_again_on_the_same_deal_answers_at_once(lost: MainWindow, qtbot: QtBot) -> None:
    press_hint(lost, qtbot)
    lost.model.draw()
    assert lost.statusBar().currentMessage() == ""
    # Proved for the deal, so for every position of it: no search, no "Thinking…".
    lost.act_hint.trigger()
    assert lost.solver_idle
    assert lost.statusBar().currentMessage() == HOPELESS
    assert lost.toast.offering


def test_a_lost_position_that_undo_saves_says_undo(tmp_path: Path, qtbot: QtBot) -> None:
    game = Game.from_code(DealCode(2, 3))
    for move in LOSING_LINE.split():
        game.play(move)
    win = make_window(tmp_path, game)
    qtbot.addWidget(win)
    press_hint(win, qtbot)
    message = "No winning line from here — undo 2 moves"
    assert win.statusBar().currentMessage() == message
    assert win.speaker.history[-1] == message
    assert win.act_undo_winnable.isEnabled()
    assert child(win, QToolButton, "undoToWinnableButton").isVisible()
    assert not win.toast.offering
    assert "cannot be won" not in " ".join(win.speaker.history)
    win.close()
    win.store.close()


def test_show_me_at_the_start_of_a_lost_deal_says_it_cannot_be_won(
    tmp_path: Path, qtbot: QtBot
) -> None:
    win = make_window(tmp_path, lost_game(""))
    qtbot.addWidget(win)
    win.act_demo.trigger()
    qtbot.waitUntil(lambda: win.toast.offering, timeout=10000)
    assert win.statusBar().currentMessage() == HOPELESS
    assert not win.demo_running
    win.model.draw()
    win.act_demo.trigger()  # known for the deal now: said at once, nothing searched or played
    assert win.solver_idle and not win.demo_running
    assert win.statusBar().currentMessage() == HOPELESS and win.toast.offering
    win.close()
    win.store.close()


def test_the_winnability_note_holds_for_the_whole_deal(tmp_path: Path, qtbot: QtBot) -> None:
    store = Store(tmp_path / "canfield.sqlite3")
    win = MainWindow(store, lost_game(), background_solver=True)
    win.apply_settings(store.settings.replace(animations=False, show_winnability=True))
    win.resize(1000, 720)
    win.show()
    qtbot.addWidget(win)
    qtbot.waitUntil(lambda: win.solver_label.text() == "No winning line", timeout=10000)
    press_hint(win, qtbot)
    assert win.solver_label.text() == "Unwinnable deal"
    win.model.draw()
    assert win.solver_idle  # known for the deal: no search after the move
    assert win.solver_label.text() == "Unwinnable deal"
    win.close()
    store.close()


@pytest.mark.parametrize("lang", ["en", "pt", "hu", "id"])
@pytest.mark.parametrize("size", [(360, 640), (1280, 800)])
def test_the_answer_fits_in_every_language(
    tmp_path: Path, qtbot: QtBot, lang: str, size: tuple[int, int]
) -> None:
    switch_language(QApplication.instance(), lang)
    try:
        win = make_window(tmp_path, lost_game(), size=size)
        qtbot.addWidget(win)
        press_hint(win, qtbot)
        toast = win.toast
        assert toast.offering
        assert toast.text() and (toast.text() == HOPELESS) == (lang == "en")  # translated
        assert win.rect().contains(toast.geometry())
        # Clear of the status bar: the score and the code stay in sight.
        assert not toast.geometry().intersects(win.statusBar().geometry())
        for button in (toast.action_button, toast.close_button):
            assert button.width() >= button.sizeHint().width(), (lang, button.text())
            parent = button.parentWidget()
            assert parent is not None
            assert toast.rect().contains(button.geometry().translated(parent.pos()))
        label = toast.label  # every wrapped line of the message shows
        assert label.height() >= label.heightForWidth(label.width()), (lang, label.text())
        win.close()
        win.store.close()
    finally:
        switch_language(QApplication.instance(), "en")


def test_the_note_at_the_deal_start_knows_the_deal_is_lost(tmp_path: Path, qtbot: QtBot) -> None:
    store = Store(tmp_path / "canfield.sqlite3")
    win = MainWindow(store, lost_game(""), background_solver=True)
    win.apply_settings(store.settings.replace(animations=False, show_winnability=True))
    win.resize(1000, 720)
    win.show()
    qtbot.addWidget(win)
    # Lost as dealt is the deal's own loss: the note says so, not just "No winning line".
    qtbot.waitUntil(lambda: win.solver_label.text() == "Unwinnable deal", timeout=10000)
    win.act_hint.trigger()  # and Hint needs no second search to say it
    assert win.solver_idle
    assert win.statusBar().currentMessage() == HOPELESS
    win.close()
    store.close()


def test_the_answer_follows_a_change_of_language(lost: MainWindow, qtbot: QtBot) -> None:
    press_hint(lost, qtbot)
    try:
        switch_language(QApplication.instance(), "pt")
        toast = lost.toast
        assert lost.statusBar().currentMessage() == toast.text() != HOPELESS
        assert toast.offering
        assert (toast.action_button.text(), toast.close_button.text()) == (
            "Novo jogo",
            "Continuar a jogar",
        )
        assert lost.speaker.history[-1] == SAID  # not said again: only its words changed
    finally:
        switch_language(QApplication.instance(), "en")
    assert lost.toast.text() == HOPELESS and lost.toast.offering

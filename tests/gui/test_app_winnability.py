"""The winnability note: never unasked (off by default); when on, after every move and restart."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from app_helpers import child
from PySide6.QtCore import QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QCheckBox, QDialog
from pytestqt.qtbot import QtBot

from canfield import Game
from canfield.gui.window import MainWindow
from canfield.presentation.answers import WATCH_DELAY_MS
from canfield.solver import HintResult, Solution
from canfield.state import State
from canfield.storage import Store
from positions import WIN_DECK, WIN_MOVES


def solving_window(tmp_path: Path, qtbot: QtBot) -> MainWindow:
    """A window with the background solver on, on a deal the solver wins at once."""
    store = Store(tmp_path / "canfield.sqlite3")
    game = Game.from_deck(WIN_DECK, draw=1)
    win = MainWindow(store, game, background_solver=True)
    win.apply_settings(store.settings.replace(animations=False), save=False)
    win.resize(1000, 720)
    win.show()
    qtbot.addWidget(win)
    return win


def test_no_note_unless_the_player_asks(
    tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("canfield.gui.dialogs.confirm_restart", lambda parent: True)
    win = solving_window(tmp_path, qtbot)
    assert not win.settings.show_winnability
    for move in WIN_MOVES[:5]:
        win.model.play(move)
    win.restart_game()
    QTest.qWait(1500)  # longer than the solver's start delay
    assert win.solver_label.text() == ""
    assert win.solver_idle  # nor was the solver asked, or is about to be
    win.close()
    win.store.close()


def test_turned_on_in_settings_it_shows_now_and_after_a_restart(
    tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("canfield.gui.dialogs.confirm_restart", lambda parent: True)
    win = solving_window(tmp_path, qtbot)

    def tick_and_accept() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QDialog)
        box = child(dialog, QCheckBox, "showWinnability")
        assert box is not None and not box.isChecked()
        box.click()
        dialog.accept()

    QTimer.singleShot(0, tick_and_accept)
    win.act_settings.trigger()
    assert win.settings.show_winnability
    assert win.store.settings.show_winnability  # kept
    qtbot.waitUntil(lambda: win.solver_label.text() == "Winnable", timeout=8000)
    win.model.play(WIN_MOVES[0])
    win.restart_game()
    assert win.solver_label.text() == ""
    qtbot.waitUntil(lambda: win.solver_label.text() == "Winnable", timeout=8000)
    win.close()
    win.store.close()


@pytest.mark.parametrize("ask", ["hint", "show_me"])
def test_a_request_right_after_a_move_is_answered_though_the_note_searches_too(
    tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, ask: str
) -> None:
    """Hint or Show me asked within the note's start delay: the note's search, starting later
    on the same lane, must not take the player's answer away (it was left at "Thinking…")."""
    import canfield.solver as solver

    slower = 1.5 * WATCH_DELAY_MS / 1000  # a loaded machine: the answer comes after the watch
    real_hint, real_solve = solver.hint, solver.solve

    def slow_hint(game: Game, time_limit: float) -> HintResult:
        time.sleep(slower)
        return real_hint(game, time_limit=time_limit)

    def slow_solve(state: State, time_limit: float) -> Solution:
        time.sleep(slower)
        return real_solve(state, time_limit=time_limit)

    monkeypatch.setattr("canfield.solver.hint", slow_hint)
    monkeypatch.setattr("canfield.solver.solve", slow_solve)
    win = solving_window(tmp_path, qtbot)
    win.apply_settings(win.settings.replace(show_winnability=True), save=False)
    qtbot.waitUntil(lambda: win.solver_idle, timeout=15000)
    assert win.model.play(WIN_MOVES[0])  # the note's watch starts
    if ask == "hint":
        win.act_hint.trigger()
        qtbot.waitUntil(lambda: win.scene.hinted is not None, timeout=15000)
        assert win.statusBar().currentMessage().startswith("Hint: ")
    else:
        win.act_demo.trigger()
        qtbot.waitUntil(lambda: win.coach.demo_running, timeout=15000)
        win.act_demo.trigger()  # stopped: the note is asked for again
    qtbot.waitUntil(lambda: win.solver_idle, timeout=15000)
    assert win.solver_label.text() == "Winnable"
    win.close()
    win.store.close()

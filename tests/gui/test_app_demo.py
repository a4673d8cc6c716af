"""Undo to the winnable point, and Show me: the solver's line played only when asked."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from app_helpers import card_point, child, make_window, tap, window
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QToolButton
from pytestqt.qtbot import QtBot

from canfield import Game
from canfield.gui.window import MainWindow
from canfield.solver import HintResult, Verdict
from positions import WIN_DECK, WIN_MOVES

__all__ = ["window"]


def test_one_click_undoes_to_the_winnable_point(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    for move in ("QC>2", "s", "s"):
        window.model.play(move)
    # The solver's answer for this test: lost here, winnable three actions back.
    monkeypatch.setattr(
        "canfield.solver.hint", lambda game, time_limit: HintResult(Verdict.LOST, None, (), 3)
    )
    button = child(window, QToolButton, "undoToWinnableButton")
    assert not window.act_undo_winnable.isEnabled()
    qtbot.waitUntil(lambda: not button.isVisible(), timeout=1000)
    window.act_hint.trigger()
    qtbot.waitUntil(window.act_undo_winnable.isEnabled, timeout=5000)
    qtbot.waitUntil(button.isVisible, timeout=1000)
    assert window.act_undo_winnable.text() == "Undo 3 moves to the wi&nnable point"
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    assert window.model.game.moves_made == 0
    assert window.model.game.can_redo
    assert not window.act_undo_winnable.isEnabled()
    qtbot.waitUntil(lambda: not button.isVisible(), timeout=1000)


def test_the_offer_goes_when_the_player_moves_on(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.model.play("QC>2")
    monkeypatch.setattr(
        "canfield.solver.hint", lambda game, time_limit: HintResult(Verdict.LOST, None, (), 1)
    )
    window.act_hint.trigger()
    qtbot.waitUntil(window.act_undo_winnable.isEnabled, timeout=5000)
    window.model.draw()
    assert not window.act_undo_winnable.isEnabled()
    window.act_undo_winnable.trigger()
    assert window.model.game.moves_made == 2  # nothing undone: the offer was for another position


def almost_won(tmp_path: Path, qtbot: QtBot, left: int) -> MainWindow:
    game = Game.from_deck(WIN_DECK, draw=1)
    for move in WIN_MOVES[:-left]:
        game.play(move)
    win = make_window(tmp_path, game)
    qtbot.addWidget(win)
    return win


def test_show_me_plays_a_winning_line_step_by_step(tmp_path: Path, qtbot: QtBot) -> None:
    win = almost_won(tmp_path, qtbot, 12)
    win.demo_step_ms = 20
    before = win.model.game.moves_made
    win.act_demo.trigger()
    assert win.act_demo.text() == "Stop &showing"
    qtbot.waitUntil(lambda: win.model.game.moves_made > before, timeout=8000)
    assert win.model.game.moves_made < before + 12  # one step at a time, not all at once
    qtbot.waitUntil(lambda: win.model.game.is_won, timeout=8000)
    assert not win.demo_running
    assert win.win_panel.isVisible()
    win.close()
    win.store.close()


def test_show_me_stops_on_a_click_and_leaves_the_moves(tmp_path: Path, qtbot: QtBot) -> None:
    win = almost_won(tmp_path, qtbot, 30)
    win.demo_step_ms = 150
    before = win.model.game.moves_made
    win.act_demo.trigger()
    qtbot.waitUntil(lambda: win.model.game.moves_made > before, timeout=8000)
    state = win.model.state
    tap(win, card_point(win, win.model.state.waste[-1] if win.model.state.waste else 0))
    assert not win.demo_running
    assert win.model.state == state  # the stopping click played nothing
    QTest.qWait(400)
    assert win.model.state == state  # and nothing plays by itself afterwards
    assert win.act_demo.text() == "&Show me"
    assert win.model.game.can_undo
    win.close()
    win.store.close()


def test_escape_stops_show_me(tmp_path: Path, qtbot: QtBot) -> None:
    win = almost_won(tmp_path, qtbot, 30)
    win.demo_step_ms = 150
    win.act_demo.trigger()
    qtbot.waitUntil(lambda: win.demo_running, timeout=8000)
    QTest.keyClick(win.view, Qt.Key.Key_Escape)
    assert not win.demo_running
    win.close()
    win.store.close()


def test_nothing_plays_unless_asked(window: MainWindow) -> None:
    state = window.model.state
    QTest.qWait(1500)
    assert window.model.state == state and not window.demo_running


def test_escape_stopping_show_me_is_said(tmp_path: Path, qtbot: QtBot) -> None:
    win = almost_won(tmp_path, qtbot, 30)
    win.demo_step_ms = 150
    win.act_demo.trigger()
    qtbot.waitUntil(lambda: win.demo_running, timeout=8000)
    QTest.keyClick(win.view, Qt.Key.Key_Escape)
    assert win.speaker.last == "Winning line stopped."
    assert win.statusBar().currentMessage() == "Winning line stopped."
    win.close()
    win.store.close()


def test_escape_stopping_hint_is_said(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = threading.Event()
    release = threading.Event()

    def slow_hint(game: Game, time_limit: float) -> HintResult:
        asked.set()
        release.wait(5)
        return HintResult(Verdict.LOST, None, (), 1)

    monkeypatch.setattr("canfield.solver.hint", slow_hint)
    window.act_hint.trigger()
    qtbot.waitUntil(asked.is_set, timeout=5000)
    assert window.speaker.last == "Thinking…"
    QTest.keyClick(window.view, Qt.Key.Key_Escape)
    assert window.speaker.last == "Hint stopped."
    release.set()
    qtbot.waitUntil(lambda: window.solver_idle, timeout=5000)
    QTest.qWait(50)
    assert window.speaker.last == "Hint stopped."  # the stopped hint's answer is never said
    assert not window.act_undo_winnable.isEnabled()

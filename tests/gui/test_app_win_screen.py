"""The win screen: this variant's win rate, streak and best; Play again (the same deal),
New game, Copy code; Undo is not active behind it."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import make_window
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from canfield import Game
from canfield.gui.window import MainWindow
from canfield.storage import DATABASE_NAME, Store
from positions import WIN_DECK, WIN_MOVES

CODE = "CF1-SUPERIOR-D1-AAAAACL"


def _won_window(tmp_path: Path, qtbot: QtBot, size: tuple[int, int]) -> MainWindow:
    """A superior draw-1 game (its code) won after a loss of the same mode was recorded."""
    from canfield.solver import Verdict, solve

    with Store(tmp_path / DATABASE_NAME) as store:
        lost = Game.from_code(CODE)
        lost.play("s")
        store.save_game(lost)
        store.abandon_game()
    game = Game.from_code(CODE)
    result = solve(game, time_limit=20)
    assert result.verdict is Verdict.WON
    for move in result.line[:-1]:
        game.play(move)
    win = make_window(tmp_path, game, size=size)
    qtbot.addWidget(win)
    assert win.model.play(result.line[-1]) and win.model.game.is_won
    return win


@pytest.mark.parametrize("size", [(360, 640), (640, 360), (1280, 800)])
def test_the_win_screen_shows_the_record_and_offers_the_ways_on(
    tmp_path: Path, qtbot: QtBot, size: tuple[int, int]
) -> None:
    win = _won_window(tmp_path, qtbot, size)
    panel = win.win_panel
    assert panel.isVisible()
    score = win.model.game.score
    assert panel.record_text() == (
        f"Superior, draw 1: win rate 50% · Streak 1 (best 1) · Best score {score}"
    )
    for button in (panel.button, panel.again_button, panel.copy_button):
        assert button.isVisible() and button.width() >= 60
        assert panel.rect().contains(button.geometry())
    assert panel.copy_button.text() == "Copy code"
    assert panel.geometry().right() <= win.width() and panel.geometry().left() >= 0
    # Undo is not active behind it: neither the action nor its key takes the win back.
    assert not win.act_undo.isEnabled() and not win.act_redo.isEnabled()
    QTest.keyClick(win.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClick(win.view, Qt.Key.Key_Backspace)
    assert win.model.game.is_won and panel.isVisible()
    QTest.mouseClick(panel.copy_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == CODE
    won_id = win.model.game.game_id
    QTest.mouseClick(panel.again_button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    again = win.model.game
    assert again.code == CODE and again.moves_made == 0 and again.game_id != won_id
    assert not panel.isVisible() and win.scene.interactive
    assert win.store.statistics(1, "superior").won == 1  # the win stays, counted once
    win.close()
    win.store.close()


def test_an_assisted_win_says_it_is_not_counted(tmp_path: Path, qtbot: QtBot) -> None:
    game = Game.from_deck(WIN_DECK, draw=1)
    for move in WIN_MOVES[:-1]:
        game.play(move)
    game.assisted = True
    win = make_window(tmp_path, game)
    qtbot.addWidget(win)
    assert win.model.play(WIN_MOVES[-1])
    assert win.win_panel.record_text() == "Won with Show me: not counted in your statistics."
    assert "not counted" in win.speaker.last
    win.close()
    win.store.close()

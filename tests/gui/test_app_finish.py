"""Finish: offered (a button and the A key) once the rules prove the rest is cards going home;
with the setting on it plays by itself, animated; the win is an ordinary one."""

from __future__ import annotations

from pathlib import Path

from app_helpers import child, make_window
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QToolButton
from pytestqt.qtbot import QtBot
from test_finish import near_the_end

from canfield.storage import DATABASE_NAME, Store


def test_finish_is_offered_and_the_a_key_plays_it_home(tmp_path: Path, qtbot: QtBot) -> None:
    game, _line = near_the_end("CF1-D3-AAAAACL")
    game.undo()
    win = make_window(tmp_path, game)
    qtbot.addWidget(win)
    button = child(win, QToolButton, "finishButton")
    assert not win.finish_available and not button.isVisible()
    win.model.redo()  # the action after which only cards going home are left
    qtbot.waitUntil(lambda: win.finish_available, timeout=15000)
    qtbot.waitUntil(button.isVisible, timeout=15000)
    assert button.text() == "Finish"
    # Offered in words too (on a phone held sideways the button is an icon only).
    assert win.statusBar().currentMessage() == "Every card left can go home: Finish (A) plays them."
    QTest.keyClick(win.view, Qt.Key.Key_A)
    qtbot.waitUntil(lambda: win.model.game.is_won, timeout=10000)
    assert win.win_panel.isVisible() and not win.finish_available
    qtbot.waitUntil(lambda: not button.isVisible(), timeout=15000)
    win.close()
    win.store.close()
    with Store(tmp_path / DATABASE_NAME) as store:
        stats = store.statistics(3)
        assert (stats.played, stats.won, stats.current_streak, stats.assisted_games) == (1, 1, 1, 0)
        (recent,) = store.recent_games()
        assert recent.won and not recent.assisted


def test_with_the_setting_it_finishes_by_itself_step_by_step(tmp_path: Path, qtbot: QtBot) -> None:
    game, line = near_the_end("CF1-SUPERIOR-D3-AAAAACL")
    game.undo()
    win = make_window(tmp_path, game)
    qtbot.addWidget(win)
    win.apply_settings(win.settings.replace(auto_finish=True, animations=True))
    played = win.model.game.moves_made
    win.model.redo()
    qtbot.waitUntil(lambda: win.finishing, timeout=15000)
    assert not win.model.game.is_won  # one action at a time, animated, not all at once
    qtbot.waitUntil(lambda: win.model.game.is_won, timeout=20000)
    assert win.model.game.moves_made == played + 1 + len(line)
    assert not win.model.game.assisted
    win.close()
    win.store.close()


def test_a_click_stops_finishing_and_finish_is_offered_again(tmp_path: Path, qtbot: QtBot) -> None:
    game, _line = near_the_end("CF1-D1-AAAAACL")
    win = make_window(tmp_path, game)  # a saved game reopened at that point: offered at once
    qtbot.addWidget(win)
    qtbot.waitUntil(lambda: win.finish_available, timeout=15000)
    win.apply_settings(win.settings.replace(animations=True))
    start = win.model.game.moves_made
    win.act_finish.trigger()
    qtbot.waitUntil(lambda: win.model.game.moves_made > start, timeout=15000)
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton)
    assert not win.finishing and not win.model.game.is_won
    qtbot.waitUntil(lambda: win.finish_available, timeout=15000)
    win.close()
    win.store.close()

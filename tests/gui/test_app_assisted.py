"""A game Show me played in is recorded as assisted; hints are counted (read back from the file)."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import child, make_window
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication, QTableWidget
from pytestqt.qtbot import QtBot

from canfield import Game
from canfield.storage import DATABASE_NAME, Store
from positions import WIN_DECK, WIN_MOVES


def _almost_won(left: int) -> Game:
    game = Game.from_deck(WIN_DECK, draw=1)
    for move in WIN_MOVES[:-left]:
        game.play(move)
    return game


def test_a_show_me_win_is_recorded_as_assisted(tmp_path: Path, qtbot: QtBot) -> None:
    win = make_window(tmp_path, _almost_won(12))
    qtbot.addWidget(win)
    win.demo_step_ms = 10
    for _ in range(2):  # two hints, answered by the real solver
        win.act_hint.trigger()
        qtbot.waitUntil(lambda: win.solver_idle, timeout=8000)
    win.act_demo.trigger()
    qtbot.waitUntil(lambda: win.model.game.is_won, timeout=10000)
    assert win.win_panel.isVisible()
    win.close()
    win.store.close()
    with Store(tmp_path / DATABASE_NAME) as store:
        stats = store.statistics(1)
        assert (stats.played, stats.won, stats.current_streak, stats.best_streak) == (0, 0, 0, 0)
        assert (stats.best_score, stats.fastest_win, stats.fewest_moves) == (None, None, None)
        assert (stats.assisted_games, stats.assisted_wins) == (1, 1)
        (recent,) = store.recent_games()
        assert recent.won and recent.assisted and recent.hints == 2


def test_a_win_by_hand_after_a_hint_is_the_players(tmp_path: Path, qtbot: QtBot) -> None:
    win = make_window(tmp_path, _almost_won(3))
    qtbot.addWidget(win)
    win.act_hint.trigger()
    qtbot.waitUntil(lambda: win.solver_idle, timeout=8000)
    for move in WIN_MOVES[-3:]:
        assert win.model.play(move)
    assert win.model.game.is_won
    win.close()
    win.store.close()
    with Store(tmp_path / DATABASE_NAME) as store:
        stats = store.statistics(1)
        assert (stats.played, stats.won, stats.current_streak, stats.assisted_games) == (1, 1, 1, 0)
        (recent,) = store.recent_games()
        assert recent.won and not recent.assisted and recent.hints == 1


def test_recent_games_show_the_help(tmp_path: Path, qtbot: QtBot) -> None:
    from canfield.gui.dialogs import StatisticsDialog

    db = tmp_path / DATABASE_NAME
    with Store(db) as store:
        game = _almost_won(1)
        game.hints_used, game.assisted = 2, True
        game.play(WIN_MOVES[-1])
        store.save_game(game)
        dialog = StatisticsDialog(None, store, "canfield")
        (text,) = dialog.recent_texts()
        assert "played by Show me · 2 hints" in text
        assert dialog.value_text("assisted", 1) == "1 / 1"
        assert dialog.value_text("won", 1) == "0"
        dialog.close()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)


@pytest.mark.parametrize("lang", ["en", "pt", "hu", "id"])
def test_the_show_me_row_leaves_the_figures_in_sight_on_a_phone(
    tmp_path: Path, qapp: QApplication, lang: str
) -> None:
    """At 360x640 every figure of the table shows (a long row name once pushed them out)."""
    from canfield.gui.dialogs import StatisticsDialog
    from canfield.gui.i18n_qt import switch_language

    switch_language(qapp, lang)
    try:
        with Store(tmp_path / DATABASE_NAME) as store:
            dialog = StatisticsDialog(None, store, "canfield")
            dialog.resize(360, 640)
            dialog.show()
            QApplication.processEvents()
            table = child(dialog, QTableWidget, "statisticsTable")
            port = table.viewport().rect()
            for row in range(table.rowCount()):
                for column in range(table.columnCount()):
                    cell = table.visualRect(table.model().index(row, column))
                    assert port.contains(cell), (lang, row, column, cell, port)
            dialog.close()
            QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    finally:
        switch_language(qapp, "en")

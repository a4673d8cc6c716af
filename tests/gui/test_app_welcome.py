"""First launch: a short screen on how Canfield works (four languages, dismissable, under Help
later), and a new player's first deal is one the solver proved winnable."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from canfield import Game, Move, i18n
from canfield.deal import DealCode
from canfield.gui.i18n_qt import switch_language
from canfield.gui.window import MainWindow
from canfield.presentation.welcome import welcome_lines
from canfield.presentation.winnable_index import known_winnable
from canfield.storage import DATABASE_NAME, Store


def test_a_new_player_is_welcomed_once_with_a_winnable_deal(tmp_path: Path, qtbot: QtBot) -> None:
    store = Store(tmp_path / DATABASE_NAME)
    assert not store.settings.welcomed
    win = MainWindow(store, None, background_solver=False)
    qtbot.addWidget(win)
    win.show()
    game = win.model.game
    assert game.code is not None and (game.variant, game.draw) == ("canfield", 3)
    assert DealCode.parse(game.code).number in known_winnable("canfield", 3)
    assert win.solver_label.text() == "Winnable deal"
    panel = win.welcome
    win.welcome_if_new()
    assert panel.isVisible() and panel.texts() == welcome_lines(first=True)
    assert panel.texts()[-1].endswith("Your first deal can be won.")
    assert store.settings.welcomed
    # The table and the shortcuts still work under it: a draw is played.
    QTest.keyClick(win.view, Qt.Key.Key_D)
    assert win.model.game.moves_made == 1
    QTest.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    assert not panel.isVisible()
    win.welcome_if_new()  # once only
    assert not panel.isVisible()
    win.act_welcome.trigger()  # Help > How Canfield works, any time later
    assert panel.isVisible() and panel.texts() == welcome_lines()
    assert "first deal" not in panel.texts()[-1]  # later deals are not promised winnable
    QTest.keyClick(win.view, Qt.Key.Key_Escape)  # Esc puts it away too
    assert not panel.isVisible()
    win.close()
    store.close()
    with Store(tmp_path / DATABASE_NAME) as again:
        assert again.settings.welcomed
        back = MainWindow(again, None, background_solver=False)
        qtbot.addWidget(back)
        back.welcome_if_new()
        assert not back.welcome.isVisible() and back.solver_label.text() == ""
        back.close()


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("size", [(360, 640), (640, 360), (1280, 800)])
def test_the_welcome_screen_speaks_every_language_and_fits(
    tmp_path: Path, qtbot: QtBot, qapp: QApplication, lang: str, size: tuple[int, int]
) -> None:
    english = welcome_lines(first=True)
    switch_language(qapp, lang)
    try:
        with Store(tmp_path / DATABASE_NAME) as store:
            win = MainWindow(store, None, background_solver=False)
            qtbot.addWidget(win)
            win.resize(*size)
            win.show()
            win.welcome_if_new()
            QApplication.processEvents()
            panel = win.welcome
            texts = panel.texts()
            assert len(texts) == 4 and all(texts) and texts == welcome_lines(first=True)
            assert (texts == english) == (lang == "en")
            assert win.view.rect().contains(panel.geometry()), (panel.geometry(), size)
            layout = panel.layout()
            assert layout is not None
            assert layout.totalHeightForWidth(panel.width()) <= panel.height() + 1  # not cut
            win.close()
    finally:
        switch_language(qapp, "en")


def test_a_player_with_figures_is_not_welcomed(tmp_path: Path, qtbot: QtBot) -> None:
    with Store(tmp_path / DATABASE_NAME) as store:  # from before the welcome existed
        game = Game.from_code("CF1-D3-AAAAACL")
        game.play("s")
        store.save_game(game)
        store.abandon_game()  # one game played: a loss in the figures, nothing saved
    with Store(tmp_path / DATABASE_NAME) as store:
        assert store.load_game() is None and not store.settings.welcomed
        win = MainWindow(store, store.load_game(), background_solver=False)
        qtbot.addWidget(win)
        win.welcome_if_new()
        assert store.settings.welcomed and not win.welcome.isVisible()
        assert win.solver_label.text() == ""
        win.close()


def test_a_saved_game_that_comes_back_is_said_and_a_new_one_is_not(
    tmp_path: Path, qtbot: QtBot
) -> None:
    """A reader lands on the table, which alone does not say that the game was kept."""
    game = Game.from_code(DealCode.parse("CF1-D1-AAAAACL"))
    game.play(Move.DRAW)
    store = Store(tmp_path / DATABASE_NAME)
    win = MainWindow(store, game, background_solver=False)
    qtbot.addWidget(win)
    win.speaker.history.clear()
    win.say_resumed()
    assert list(win.speaker.history) == [
        "Your saved game is back: Canfield, draw 1, 1 move, 1 card on the foundations"
    ]
    new = MainWindow(store, None, background_solver=False)
    qtbot.addWidget(new)
    new.speaker.history.clear()
    new.say_resumed()
    assert not new.speaker.history
    win.close()
    new.close()
    store.close()

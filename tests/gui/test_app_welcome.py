"""First launch: a short screen on how Canfield works (four languages, dismissable, under Help
later), and a new player's first deal is one the solver proved winnable."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialog, QPushButton

from canfield import i18n
from canfield.deal import DealCode
from canfield.gui.dialogs import WelcomeDialog
from canfield.gui.i18n_qt import switch_language
from canfield.gui.window import MainWindow
from canfield.presentation.welcome import welcome_lines
from canfield.presentation.winnable_index import known_winnable
from canfield.storage import DATABASE_NAME, Store


def _close_welcome(seen: list[list[str]]) -> None:
    dialog = QApplication.activeModalWidget()
    assert isinstance(dialog, WelcomeDialog)
    seen.append(dialog.texts())
    dialog.findChild(QPushButton, "welcomeStart").click()


def test_a_new_player_is_welcomed_once_with_a_winnable_deal(tmp_path: Path, qtbot: object) -> None:
    store = Store(tmp_path / DATABASE_NAME)
    assert not store.settings.welcomed
    win = MainWindow(store, None, background_solver=False)
    qtbot.addWidget(win)  # type: ignore[attr-defined]
    win.show()
    game = win.model.game
    assert game.code is not None and (game.variant, game.draw) == ("canfield", 3)
    assert DealCode.parse(game.code).number in known_winnable("canfield", 3)
    assert win.solver_label.text() == "Winnable deal"
    seen: list[list[str]] = []
    QTimer.singleShot(0, lambda: _close_welcome(seen))
    win.welcome_if_new()
    assert seen == [welcome_lines()]
    win.welcome_if_new()  # once only
    assert len(seen) == 1
    QTimer.singleShot(0, lambda: _close_welcome(seen))
    win.act_welcome.trigger()  # Help ▸ How Canfield works, any time later
    assert len(seen) == 2
    win.close()
    store.close()
    with Store(tmp_path / DATABASE_NAME) as again:
        assert again.settings.welcomed
        back = MainWindow(again, None, background_solver=False)
        qtbot.addWidget(back)  # type: ignore[attr-defined]
        back.welcome_if_new()  # no dialog: it would block here
        assert back.solver_label.text() == ""
        back.close()


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_welcome_screen_speaks_every_language_and_fits_a_phone(
    qtbot: object, qapp: QApplication, lang: str
) -> None:
    english = welcome_lines()
    switch_language(qapp, lang)
    try:
        dialog = WelcomeDialog(None)
        qtbot.addWidget(dialog)  # type: ignore[attr-defined]
        texts = dialog.texts()
        assert len(texts) == 4 and all(texts)
        assert texts == welcome_lines()
        assert (texts == english) == (lang == "en")
        dialog.resize(360, 640)
        dialog.show()
        layout = dialog.layout()
        assert layout is not None and layout.totalHeightForWidth(360) <= 640
        assert dialog.minimumSizeHint().width() <= 360
        dialog.reject()  # Esc dismisses it as well
        assert dialog.result() == QDialog.DialogCode.Rejected
    finally:
        switch_language(qapp, "en")


def test_a_player_with_a_saved_game_or_figures_is_not_welcomed(
    tmp_path: Path, qtbot: object
) -> None:
    from canfield import Game

    with Store(tmp_path / DATABASE_NAME) as store:  # from before the welcome existed
        game = Game.from_code("CF1-D3-AAAAACL")
        game.play("s")
        store.save_game(game)
        store.abandon_game()  # one game played: a loss in the figures, nothing saved
    with Store(tmp_path / DATABASE_NAME) as store:
        assert store.load_game() is None and not store.settings.welcomed
        win = MainWindow(store, store.load_game(), background_solver=False)
        qtbot.addWidget(win)  # type: ignore[attr-defined]
        win.welcome_if_new()  # would block on the modal screen if it were shown
        assert store.settings.welcomed and win.solver_label.text() == ""
        win.close()

"""New game from the window, as a person does it: Ctrl+N, type a deck or code, press Enter."""

from __future__ import annotations

import pytest
from app_helpers import child, modal, window
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.qtbot import QtBot

from canfield import Game
from canfield.deal import EXAMPLE_CODE
from canfield.gui.dialogs import NewGameDialog
from canfield.gui.i18n_qt import switch_language
from canfield.gui.window import MainWindow

__all__ = ["window"]


def type_in_new_game(window: MainWindow, text: str, qtbot: QtBot) -> list[str]:
    """Press Ctrl+N, type ``text`` in the code field and press Enter; the errors seen."""
    seen: list[str] = []

    def fill() -> None:
        dialog = modal(NewGameDialog)
        edit = child(dialog, QLineEdit, "codeEdit")
        QTest.keyClicks(edit, text)
        QTest.keyClick(edit, Qt.Key.Key_Return)
        seen.append(dialog.error_text())
        if dialog.isVisible():
            dialog.reject()

    QTimer.singleShot(0, fill)
    window.view.setFocus()
    QTest.keyClick(window.view, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    return seen


def test_a_typed_deck_deals_that_deck(window: MainWindow, qtbot: QtBot) -> None:
    deck = Game.from_code("CF1-D3-AAAAAAB").deck_string
    assert type_in_new_game(window, deck, qtbot) == [""]
    game = window.model.game
    assert game.deck_string == deck and game.code is None
    assert window.code_label.text() == "Own deck"
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.view.setFocus()
    QTest.keyClick(window.view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.clipboard().text() == deck


def test_deck_games_never_read_custom_deal(window: MainWindow, qtbot: QtBot) -> None:
    type_in_new_game(window, Game.from_code(EXAMPLE_CODE).deck_string, qtbot)
    texts = {}
    for lang in ("en", "pt", "hu", "id"):
        switch_language(QApplication.instance(), lang)
        texts[lang] = window.code_label.text()
    switch_language(QApplication.instance(), "en")
    assert texts == {
        "en": "Own deck",
        "pt": "Baralho próprio",
        "hu": "Saját pakli",
        "id": "Dek sendiri",
    }


def test_a_bad_deck_keeps_the_game_and_says_why(window: MainWindow, qtbot: QtBot) -> None:
    before = window.model.game
    seen = type_in_new_game(window, "AS 2S 3S", qtbot)
    assert seen == ["A deck has 52 cards; this one has 3."]
    assert window.model.game is before


def test_ctrl_c_copies_the_code(window: MainWindow) -> None:
    window.view.setFocus()
    QTest.keyClick(window.view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.clipboard().text() == EXAMPLE_CODE


def test_a_recent_game_replays_with_one_click(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QListWidget

    monkeypatch.setattr("canfield.gui.dialogs.confirm_abandon", lambda parent: True)
    window.model.play("QC>2")
    window.start_game(Game.from_code("CF1-D1-AAAAAAB"))  # the first game is settled as lost
    assert window.model.game.code == "CF1-D1-AAAAAAB"

    def click_first() -> None:
        dialog = QApplication.activeModalWidget()
        assert dialog is not None
        dialog.show_recent()  # type: ignore[attr-defined]
        listing = child(dialog, QListWidget, "recentGames")
        assert listing.item(0).text().startswith(f"{EXAMPLE_CODE} · Lost")
        rect = listing.visualItemRect(listing.item(0))
        QTest.mouseClick(listing.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())

    QTimer.singleShot(0, click_first)
    window.act_stats.trigger()
    assert window.model.game.code == EXAMPLE_CODE
    assert window.model.game.moves_made == 0

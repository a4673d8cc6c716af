"""Menus, messages and the win panel as a player meets them (issue 10's audit)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from app_helpers import child, make_window, playable_on_window, window
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QMenu
from pytestqt.qtbot import QtBot

from canfield import Game
from canfield.gui.dialogs.confirm import confirm_restart
from canfield.gui.i18n_qt import switch_language
from canfield.gui.window import MainWindow
from positions import WIN_DECK, WIN_MOVES

__all__ = ["window"]

LANGS = ("en", "pt", "hu", "id")


@pytest.fixture
def lang(request: pytest.FixtureRequest) -> object:
    yield request.param
    switch_language(QApplication.instance(), "en")


def mnemonic(text: str) -> str:
    found = re.search(r"&([^&])", text)
    assert found is not None, f"no Alt-key letter in {text!r}"
    return found.group(1).lower()


@pytest.mark.parametrize("lang", LANGS, indirect=True)
def test_every_menu_item_has_its_own_alt_key_letter(window: MainWindow, lang: str) -> None:
    switch_language(QApplication.instance(), lang)
    menus = [a.menu() for a in window.menuBar().actions()]
    titles = [mnemonic(m.title()) for m in menus if isinstance(m, QMenu)]
    assert len(titles) == 4 and len(set(titles)) == 4, titles
    for menu in menus:
        assert isinstance(menu, QMenu)
        letters = [mnemonic(a.text()) for a in menu.actions() if not a.isSeparator()]
        assert len(letters) == len(set(letters)), (menu.title(), letters)


def test_menus_are_game_move_view_help(window: MainWindow) -> None:
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles == ["&Game", "&Move", "&View", "&Help"]
    move = window.menu_move.actions()
    assert window.act_draw in move and window.act_hint in move and window.act_undo in move
    assert window.act_settings in window.menu_view.actions()
    assert window.act_full_screen in window.menu_view.actions()


def test_draw_shows_its_shortcut_and_d_draws(window: MainWindow) -> None:
    assert window.act_draw.shortcut().toString() == "D"
    window.view.setFocus()
    QTest.keyClick(window.view, Qt.Key.Key_D)
    assert len(window.model.state.waste) == 3


def test_hint_and_restart_are_off_after_a_win(tmp_path: Path, qtbot: QtBot) -> None:
    win = make_window(tmp_path, Game.from_deck(WIN_DECK, draw=1))
    qtbot.addWidget(win)
    for move in WIN_MOVES[:-1]:
        win.model.play(move)
    assert win.act_hint.isEnabled() and win.act_restart.isEnabled()
    win.model.play(WIN_MOVES[-1])
    assert not win.act_hint.isEnabled() and not win.act_restart.isEnabled()
    win.model.undo()
    assert win.act_hint.isEnabled() and win.act_restart.isEnabled()
    win.close()
    win.store.close()


def test_restart_confirmation_says_it_records_a_loss(monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[object] = []

    def ask(*args: object, **kw: object) -> bool:
        shown.append(args[3])  # the question's text
        return False

    monkeypatch.setattr("canfield.gui.dialogs.confirm.ask", ask)
    assert not confirm_restart(None)
    assert isinstance(shown[0], str) and "counts as a loss in your statistics" in shown[0]


@pytest.mark.parametrize("lang", ["id", "pt", "hu"], indirect=True)
def test_qt_own_texts_follow_the_language(qtbot: QtBot, lang: str) -> None:
    switch_language(QApplication.instance(), lang)
    edit = QLineEdit()
    edit.setText("x")
    menu = edit.createStandardContextMenu()
    texts = [a.text().split("\t")[0] for a in menu.actions() if not a.isSeparator()]
    expected = {
        "id": ["&Batalkan", "&Ulangi", "Po&tong", "&Salin", "T&empel", "Hapus", "Pilih semua"],
        "pt": [
            "&Anular",
            "&Refazer",
            "Cor&tar",
            "&Copiar",
            "Co&lar",
            "Eliminar",
            "Selecionar tudo",
        ],
        "hu": [
            "&Visszavonás",
            "Új&ra",
            "&Kivágás",
            "&Másolás",
            "&Beillesztés",
            "Törlés",
            "Összes kijelölése",
        ],
    }
    assert texts == expected[lang]
    # Qt's texts we do not carry still come from Qt's catalogs, not blanked.
    assert all("Ctrl" in a.text() for a in menu.actions()[:2])


@pytest.mark.parametrize(
    "message", ["Hint: queen of clubs to column 2", "No winning line from here — undo 12 moves"]
)
def test_messages_on_a_phone_hide_no_playable_card(
    tmp_path: Path, qtbot: QtBot, message: str
) -> None:
    game = Game.from_code("CF1-D3-AAAAACL")
    for _ in range(10):
        game.play("s")
    win = make_window(tmp_path, game, size=(360, 640))
    qtbot.addWidget(win)
    win.statusBar().showMessage(message)
    toast = win.toast
    assert toast.isVisible() and toast.text() == message
    for rect in playable_on_window(win, foundations=False):
        assert not rect.intersects(toast.geometry()), (rect, toast.geometry())
    win.close()
    win.store.close()


@pytest.mark.parametrize("lang", LANGS, indirect=True)
def test_win_panel_on_a_phone_has_no_dangling_dot(tmp_path: Path, qtbot: QtBot, lang: str) -> None:
    switch_language(QApplication.instance(), lang)
    win = make_window(tmp_path, Game.from_deck(WIN_DECK, draw=1), size=(360, 640))
    qtbot.addWidget(win)
    for move in WIN_MOVES:
        win.model.play(move)
    panel = win.win_panel
    assert panel.isVisible()
    lines = panel.details_text().split("\n")
    assert all(
        not line.strip().startswith("·") and not line.strip().endswith("·") for line in lines
    )
    label = child(panel, QLabel, "winDetails")
    assert label is not None and label.text() == panel.details_text()
    for line in lines:
        assert label.fontMetrics().horizontalAdvance(line) <= label.width()
    # Opaque: the falling cards do not show through the text.
    assert panel.grab().toImage().pixelColor(QPoint(panel.width() // 2, 4)).alpha() == 255
    win.close()
    win.store.close()


def test_a_landscape_phone_window_keeps_its_size(tmp_path: Path, qtbot: QtBot) -> None:
    win = make_window(tmp_path, size=(640, 360))
    qtbot.addWidget(win)
    QApplication.processEvents()
    assert (win.width(), win.height()) == (640, 360)
    assert win.toolBarArea(win.toolbar) == Qt.ToolBarArea.LeftToolBarArea
    lay = win.scene.table_layout
    assert not lay.portrait
    assert lay.card_w >= 50  # big enough to touch
    viewport = win.view.viewport().rect()
    for card in win.model.state.columns[0]:
        rect = win.view.mapFromScene(win.scene.card_item(card).sceneBoundingRect()).boundingRect()
        assert viewport.contains(rect)
    win.resize(1280, 800)
    QApplication.processEvents()
    assert win.toolBarArea(win.toolbar) == Qt.ToolBarArea.TopToolBarArea
    win.close()
    win.store.close()

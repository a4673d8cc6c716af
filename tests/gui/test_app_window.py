"""The window: shortcuts, keyboard play, accessibility text, saving, the win and languages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from app_helpers import card_point, make_window, tap, window
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog
from pytestqt.qtbot import QtBot

from canfield import Card, Game
from canfield.deal import EXAMPLE_CODE
from canfield.describe import card_name
from canfield.gui.window import MainWindow
from canfield.pile import Pile
from canfield.storage import Store
from positions import WIN_DECK, WIN_MOVES

__all__ = ["window"]

QC, KH = Card.parse("QC"), Card.parse("KH")


def key(
    window: MainWindow, k: Qt.Key, mods: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
) -> None:
    QTest.keyClick(window.view, k, mods)


def test_undo_redo_shortcuts(window: MainWindow) -> None:
    window.view.setFocus()
    window.model.play("QC>2")
    after = window.model.state
    key(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.model.game.moves_made == 0
    key(window, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert window.model.state == after
    key(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    key(
        window,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert window.model.state == after


def test_keyboard_play_draw_pick_up_and_put_down(window: MainWindow) -> None:
    view = window.view
    view.setFocus()
    scene = window.scene
    assert scene.focus_pile == Pile("stock")
    key(window, Qt.Key.Key_Space)  # draw
    assert len(window.model.state.waste) == 3
    # Walk to the reserve, pick up the queen of clubs, walk to column 2, put it down.
    while scene.focus_pile != Pile("reserve"):
        key(window, Qt.Key.Key_Right)
    assert scene.focus_ring_rect is not None
    key(window, Qt.Key.Key_Return)
    assert scene.held_cards == [QC]
    while scene.focus_pile != Pile.column(1):
        key(window, Qt.Key.Key_Right)
    key(window, Qt.Key.Key_Return)
    assert window.model.state.columns[1] == (KH, QC)
    # The focus goes back to where the queen came from; the 2 key goes to column 2.
    assert scene.focus_pile == Pile("reserve")
    key(window, Qt.Key.Key_2)
    # It lands on the card that can move there: the king, with the queen on it.
    assert scene.focus_pile == Pile.column(1) and scene.focused_card() == KH
    key(window, Qt.Key.Key_Down)
    assert scene.focused_card() == QC
    # Up picks the deeper card again.
    key(window, Qt.Key.Key_Up)
    assert scene.focused_card() == KH
    key(window, Qt.Key.Key_Return)
    assert scene.held_cards == [KH, QC]
    key(window, Qt.Key.Key_Escape)
    assert scene.held_cards == []
    key(window, Qt.Key.Key_D)
    assert len(window.model.state.waste) == 6


def test_focus_ring_follows_the_focus(window: MainWindow) -> None:
    window.view.setFocus()
    key(window, Qt.Key.Key_Right)
    ring = window.scene.focus_ring_rect
    assert ring is not None
    assert ring.intersects(window.scene.pile_rect(window.scene.focus_pile))


def test_accessible_names_for_cards_and_piles(window: MainWindow) -> None:
    for item in window.scene.card_items():
        assert item.accessible_name()
    assert window.scene.card_item(QC).accessible_name() == card_name(QC, "en") == "queen of clubs"
    stock_top = window.model.state.stock[-1]
    assert window.scene.card_item(stock_top).accessible_name() == "face-down card"
    names = {window.scene.slot_item(p).accessible_name() for p in window.scene.piles()}
    assert {"stock", "waste", "reserve", "column 1", "foundation 4"} <= names


def test_description_follows_every_action(window: MainWindow) -> None:
    assert window.position_label.text() == window.model.game.describe("en")
    tap(window, card_point(window, QC))
    text = window.position_label.text()
    assert text == window.model.game.describe("en")
    assert "column 2: king of hearts, queen of clubs" in text
    # Screen readers hear the move, not the whole position again.
    assert window.speaker.last.startswith("queen of clubs to column 2")


def test_status_shows_score_moves_time_code(window: MainWindow) -> None:
    window.model.play("QC>2")
    assert window.moves_label.text() == "Moves: 1"
    assert window.score_label.text() == "Score: 0"
    assert window.time_label.text().startswith("Time: 0:0")
    assert EXAMPLE_CODE in window.code_label.text()
    window.copy_button.click()
    assert QApplication.clipboard().text() == EXAMPLE_CODE


def test_restart_is_far_from_undo_and_asks(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    actions = window.toolbar.actions()
    assert actions.index(window.act_restart) - actions.index(window.act_undo) >= 3
    window.model.play("QC>2")
    asked: list[object] = []

    def refuse(parent: object) -> bool:
        asked.append(parent)
        return False

    monkeypatch.setattr("canfield.gui.dialogs.confirm_restart", refuse)
    window.act_restart.trigger()
    assert asked and window.model.game.moves_made == 1
    monkeypatch.setattr("canfield.gui.dialogs.confirm_restart", lambda parent: True)
    window.act_restart.trigger()
    assert window.model.game.moves_made == 0


def test_new_game_shortcut_uses_the_dialog(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    from canfield.gui.dialogs import NewGameChoice, NewGameDialog

    monkeypatch.setattr(NewGameDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    monkeypatch.setattr(
        NewGameDialog, "choice", lambda self: NewGameChoice(1, "CF1-D1-AAAAAAB", False)
    )
    window.view.setFocus()
    key(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert window.model.game.code == "CF1-D1-AAAAAAB"
    assert window.settings.draw == 1


def test_game_survives_closing_and_reopening(tmp_path: Path, qtbot: QtBot) -> None:
    win = make_window(tmp_path)
    for move in ("QC>2", "s", "KH>4"):
        win.model.play(move)
    win.model.undo()
    expected = win.model.game.to_dict()
    win.close()
    win.store.close()
    with Store(tmp_path / "canfield.sqlite3") as store:
        loaded = store.load_game()
    assert loaded is not None
    got = loaded.to_dict()
    assert got["line"] == expected["line"] and got["redo"] == expected["redo"]
    again = make_window(tmp_path, loaded)
    assert again.model.game.can_redo
    assert again.model.state == Game.from_dict(expected).state
    again.close()
    again.store.close()


def test_win_celebration_and_statistics(tmp_path: Path, qtbot: QtBot) -> None:
    win = make_window(tmp_path, Game.from_deck(WIN_DECK, draw=1))
    qtbot.addWidget(win)
    for move in WIN_MOVES[:-1]:
        assert win.model.play(move), move
    assert not win.win_panel.isVisible()
    win.model.play(WIN_MOVES[-1])
    assert win.model.game.is_won
    assert win.win_panel.isVisible()
    assert win.win_panel.title_text() == "You won!"
    assert "255" in win.win_panel.details_text()
    win.cascade.advance(60)
    assert win.store.statistics(1).won == 1
    assert not win.scene.interactive
    win.close()
    win.store.close()


def test_language_switch_retranslates_live(window: MainWindow) -> None:
    from canfield.gui.i18n_qt import switch_language

    try:
        switch_language(QApplication.instance(), "pt")
        assert window.position_label.text() == window.model.game.describe("pt")
        assert window.view.accessibleName() == "Mesa de jogo"
        assert window.scene.card_item(QC).accessible_name() == "dama de paus"
        assert window.scene.slot_item(Pile.column(0)).accessible_name() == "coluna 1"
    finally:
        switch_language(QApplication.instance(), "en")
    assert window.scene.card_item(QC).accessible_name() == "queen of clubs"


def test_corrupted_database_is_reported_once(tmp_path: Path, qtbot: QtBot) -> None:
    (tmp_path / "canfield.sqlite3").write_bytes(b"this is not a database" * 100)
    with pytest.warns(Warning):
        win = make_window(tmp_path)
    qtbot.addWidget(win)
    box = win.notify_storage()
    assert box is not None and box.isVisible()
    assert "copy" in box.informativeText()
    box.close()
    assert win.notify_storage() is None  # told once
    win.close()
    win.store.close()
    with Store(tmp_path / "canfield.sqlite3") as store:
        assert store.recovered_from is None  # the next start has nothing to report


def test_hint_points_at_a_move(window: MainWindow, qtbot: QtBot) -> None:
    window.act_hint.trigger()
    qtbot.waitUntil(lambda: window.scene.hint_ring_rect is not None, timeout=8000)
    hinted = window.scene.hinted
    assert hinted is not None and window.model.game.is_legal(hinted)
    # The ring is drawn round the hinted card (or the stock, for a draw).
    ring = window.scene.hint_ring_rect
    assert ring is not None
    if hinted.card is None:
        under = window.scene.pile_rect(Pile("stock"))
    else:
        under = window.scene.card_item(int(hinted.card)).sceneBoundingRect()
    assert ring.contains(under.center())


def test_saved_game_json_is_complete(window: MainWindow) -> None:
    window.model.play("QC>2")
    loaded = window.store.load_game()  # a second Store on the file is refused while it is open
    assert loaded is not None
    assert json.dumps(loaded.to_dict())
    assert loaded.history == window.model.game.history

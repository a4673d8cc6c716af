"""The table's accessible objects and the spoken confirmations, offscreen (they run everywhere).

``tests/a11y`` checks the same under a real AT-SPI stack; these check the
Qt interfaces directly: the tree of piles and cards, their states, the
sentences said for each action, the focus chain and the win panel.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import child, make_window, window
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from canfield import Card, Game
from canfield.gui.window import MainWindow
from positions import WIN_DECK, WIN_MOVES

__all__ = ["window"]

QC, KH, QH, C6 = (Card.parse(c) for c in ("QC", "KH", "QH", "6C"))
NAME = QAccessible.Text.Name
DESCRIPTION = QAccessible.Text.Description


def key(
    window: MainWindow, k: Qt.Key, mods: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
) -> None:
    QTest.keyClick(window.view, k, mods)


def table(window: MainWindow) -> QAccessibleInterface:
    iface = QAccessible.queryAccessibleInterface(window.view)
    assert iface is not None
    return iface


def children(iface: QAccessibleInterface) -> list[QAccessibleInterface]:
    return [iface.child(i) for i in range(iface.childCount())]


def pile(window: MainWindow, name: str) -> QAccessibleInterface:
    return next(
        p
        for p in children(table(window))
        if p.text(NAME) == name or p.text(NAME).startswith(name + ",")
    )


def focus_on(window: MainWindow, where: tuple[str, int]) -> None:
    window.view.setFocus()
    for _ in range(11):
        if window.scene.focus_pile == where:
            return
        key(window, Qt.Key.Key_Right)
    raise AssertionError(f"focus never reached {where}")


def test_table_is_a_named_panel_of_eleven_piles(window: MainWindow) -> None:
    view = table(window)
    assert view.role() == QAccessible.Role.Pane
    assert view.text(NAME) == "Card table"
    piles = children(view)
    assert len(piles) == 11
    assert all(p.role() == QAccessible.Role.List for p in piles)
    assert [p.text(NAME) for p in piles] == [
        "stock, 34 cards",
        "waste, empty",
        "reserve, 13 cards",
        # Every card an item: the list's own size says it ("List with 1 item").
        "foundation 1",
        "foundation 2, empty",
        "foundation 3, empty",
        "foundation 4, empty",
        "column 1",
        "column 2",
        "column 3",
        "column 4",
    ]
    for i, p in enumerate(piles):
        assert view.indexOfChild(p) == i
        assert p.parent().object() is window.view


def test_face_up_cards_are_children_with_names_and_states(window: MainWindow) -> None:
    assert pile(window, "stock").childCount() == 0  # face down: only its size is said
    reserve = pile(window, "reserve")
    (queen,) = children(reserve)
    assert queen.role() == QAccessible.Role.ListItem
    assert queen.text(NAME) == "queen of clubs"
    assert queen.text(DESCRIPTION) == "can go to column 2"  # the rules have QC>2
    assert reserve.indexOfChild(queen) == 0
    assert queen.parent().object() is reserve.object()
    (six,) = children(pile(window, "column 1"))
    assert six.text(NAME) == "6 of clubs"
    assert six.text(DESCRIPTION) == ""  # nowhere to go
    (seven,) = children(pile(window, "foundation 1"))
    assert seven.text(NAME) == "7 of hearts"
    assert not queen.rect().isEmpty()


def test_keyboard_focus_and_held_cards_are_states(window: MainWindow) -> None:
    focus_on(window, ("reserve", 0))
    assert window.view.hasFocus()
    focused = table(window).focusChild()
    assert focused is not None and focused.text(NAME) == "queen of clubs"
    assert focused.state().focused
    key(window, Qt.Key.Key_Return)
    assert focused.state().selected
    assert focused.text(DESCRIPTION) == "held"
    # Where it can go was its description as the focus landed: not said again.
    assert window.speaker.last == "Picked up"
    key(window, Qt.Key.Key_Escape)
    assert not focused.state().selected
    assert window.speaker.last == "queen of clubs put back"
    # An empty pile takes the focus itself.
    focus_on(window, ("waste", 0))
    focused = table(window).focusChild()
    assert focused is not None and focused.text(NAME) == "waste, empty"
    assert focused.state().focused


def test_every_action_is_confirmed_in_a_few_words(window: MainWindow) -> None:
    said = window.speaker.history
    focus_on(window, ("stock", 0))
    key(window, Qt.Key.Key_D)
    assert said[-1] == "3 cards drawn, 2 of spades on top"
    window.model.play("QC>2")
    assert said[-1].startswith("queen of clubs to column 2. reserve: ")
    assert said[-1].endswith(" on top")
    window.model.undo()
    assert said[-1] == "Undone: queen of clubs to column 2"
    window.model.redo()
    assert said[-1] == "Redone: queen of clubs to column 2. reserve: 8 of hearts on top"
    # A refused put-down says why, naming both cards.
    focus_on(window, ("column", 0))
    key(window, Qt.Key.Key_Return)
    assert said[-1] == "Picked up, cannot go anywhere now"
    focus_on(window, ("column", 2))
    key(window, Qt.Key.Key_Return)
    assert said[-1] == "6 of clubs cannot go on queen of hearts"
    assert window.model.state.columns[0] == (C6,)


def test_read_position_speaks_on_every_press(window: MainWindow) -> None:
    position = window.model.game.describe("en")
    window.speaker.history.clear()
    window.act_describe.trigger()
    window.act_describe.trigger()
    assert list(window.speaker.history) == [position, position]


def test_stock_turned_over_and_emptied(window: MainWindow) -> None:
    while window.model.state.stock:
        window.model.draw()
    assert window.speaker.last.endswith("stock: empty")
    window.model.draw()
    assert window.speaker.last == "Stock turned over"


def test_sentences_follow_the_language(window: MainWindow) -> None:
    from canfield.gui.i18n_qt import switch_language

    try:
        switch_language(QApplication.instance(), "pt")
        window.model.play("QC>2")
        assert window.speaker.last.startswith("dama de paus para a coluna 2")
        assert table(window).text(NAME) == "Mesa de jogo"
        assert pile(window, "coluna 2").text(NAME) == "coluna 2"  # 2 items: readers say it
        assert pile(window, "reserva").text(NAME) == "reserva, 12 cartas"
    finally:
        switch_language(QApplication.instance(), "en")


def test_tab_leaves_the_table_for_the_toolbar_and_status_bar(window: MainWindow) -> None:
    window.activateWindow()
    window.view.setFocus()
    QApplication.processEvents()
    assert window.view.hasFocus()
    seen: list[QWidget] = []
    for _ in range(12):
        focused = QApplication.focusWidget()
        assert focused is not None, "the focus left the window"
        QTest.keyClick(focused, Qt.Key.Key_Tab)
        widget = QApplication.focusWidget()
        assert widget is not None, "the focus left the window"
        seen.append(widget)
        if widget is window.view:
            break
    new_game = window.toolbar.widgetForAction(window.act_new)
    assert seen[0] is new_game
    assert window.score_label in seen and window.copy_button in seen
    assert seen[-1] is window.view, "Tab did not come back round to the table"
    for widget in seen:
        iface = QAccessible.queryAccessibleInterface(widget)
        assert iface is not None and iface.text(NAME), widget


def test_toolbar_overflow_is_named_and_the_clock_is_quiet(window: MainWindow) -> None:
    overflow = child(window.toolbar, type(window.copy_button), "qt_toolbar_ext_button")
    assert overflow is not None and overflow.accessibleName() == "More tools"
    # A QLabel with no accessible name announces every text change; the clock has one,
    # and readers still read its current text.
    assert window.time_label.accessibleName()
    window.time_label.setText("Time: 9:59")
    iface = QAccessible.queryAccessibleInterface(window.time_label)
    assert iface.text(NAME) == "Time: 9:59"


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_win_panel_is_in_the_tree_and_takes_focus(tmp_path: Path, qtbot: QtBot, lang: str) -> None:
    from canfield.gui.i18n_qt import switch_language

    game = Game.from_deck(WIN_DECK, draw=1)
    win = make_window(tmp_path, game)
    qtbot.addWidget(win)
    try:
        switch_language(QApplication.instance(), lang)
        for move in WIN_MOVES:
            win.model.play(move)
        QApplication.processEvents()
        panel = QAccessible.queryAccessibleInterface(win.win_panel)
        assert table(win).indexOfChild(panel) == 11
        assert panel.parent().object() is win.view
        assert win.speaker.last.startswith(win.win_panel.title_text())
        assert win.win_panel.button.hasFocus()
    finally:
        switch_language(QApplication.instance(), "en")
        win.close()
        win.store.close()


@pytest.mark.parametrize(
    ("events", "needed"),
    [
        # Orca 43: notifications (showing) but no announcements.
        ([(":1.5", "Object:StateChanged:Showing"), (":1.5", "Object:StateChanged:Focused")], True),
        # Orca 46+: both; a notification would be a second telling.
        ([(":1.5", "Object:StateChanged:"), (":1.5", "Object:Announcement:")], False),
        # A newer reader and an older one side by side: the older one needs it.
        (
            [
                (":1.5", "Object:Announcement:"),
                (":1.5", "Object:StateChanged:Showing"),
                (":1.9", "object:state-changed:showing"),
            ],
            True,
        ),
        ([], False),
        (None, None),
    ],
)
def test_notifications_only_for_readers_without_announcements(
    monkeypatch: pytest.MonkeyPatch, events: list[tuple[str, str]] | None, needed: bool | None
) -> None:
    from canfield.gui import listeners

    monkeypatch.setattr(listeners, "_bus_address", lambda: "unix:path=/nowhere")
    monkeypatch.setattr(listeners, "registered_events", lambda address: events)
    assert listeners.notification_needed() is needed


def test_registry_unreachable_is_unknown() -> None:
    from canfield.gui.listeners import registered_events

    assert registered_events("unix:path=/nonexistent/at-spi-bus") is None

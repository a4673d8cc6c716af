"""Polish a demanding player notices: readable long columns, turning cards, the clock,
hints in words, our own toolbar icons and a status bar that fits a phone in every language."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from app_helpers import (
    card_point,
    drag,
    make_window,
    playable_on_window,
    window,
)
from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QImage, QMouseEvent, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from canfield import Card, Game
from canfield.deal import EXAMPLE_CODE
from canfield.gui import window as window_module
from canfield.gui.i18n_qt import switch_language
from canfield.gui.qtgeom import qpoint, qrect
from canfield.gui.window import MainWindow
from canfield.moves import Move
from canfield.presentation.geometry import TableLayout, index_depth, open_cards
from positions import WIN_DECK, WIN_MOVES

__all__ = ["window"]

LONG_CODE = "CF1-D3-AAAAAAB"
_LONG_LINE = (
    "s 5C>4 s s s s s s JD>3 s s s s s s s s 9C>1 s s s s s s s s s s s s TC>3 9D>3 s s s s s "
    "s s s 8H>1 s s s s 7C>1 s 6S>2 6D>1 2H>4 4D>1 3C>1 5H>2 s 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 "
    "2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 s 2H>4 2H>1 AS>1 2H>4 2H>1 2H>4 2H>1 2H>4 "
    "2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 "
    "2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 s 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 2H>4 2H>1 s 2H>4 "
    "2H>1 s 8S>3 7D>3 2H>4 2H>1 2H>4 2H>1 s 8H>2 8H>1 8H>2 2H>4 8H>1 8H>2 8H>1 2H>1 8H>2 2H>4 "
    "2H>2 2H>4 8H>1 8H>2 2H>2 8H>1 8H>2 2H>4 8H>1 8H>2 2H>2 s KH>2 8H>1 8H>2 8H>1 QS>1 s 7D>3 "
    "s 7D>1 7D>3 7D>1 8H>2 7D>3 7D>2 2H>4 8H>1 7D>3 8H>2 7D>4 8H>1 8H>2 2H>2 7D>3 8H>1 2H>4 "
    "2H>1 8H>2 s s s 7D>2 s 2H>4 7D>3 7D>4 8H>1 2H>1 7D>3 8H>2 8H>1 8H>2 2H>4 8H>1 2H>1 8H>2 "
    "s 4S>3 2H>4 s 2H>2 8H>1 8H>2 2H>4 7D>4 7D>3 8H>1 7D>4 7D>3 8H>2 s 7D>4 2H>2 7D>3 2H>4 "
    "8H>1 2H>1 8H>2 s 7D>2 2H>4 8H>1 s 8H>2 7D>3 2H>2 7D>2 8H>1"
)
LONG_MOVES = _LONG_LINE.split(" ")
"""Random play that builds a 20-card column (10♥ down to the 4♠, through A-K)."""


@pytest.fixture
def clock() -> list[float]:
    """A hand-driven clock (seconds) for the window's elapsed time: add to ``clock[0]``."""
    return [1000.0]


@pytest.fixture
def timed(qtbot: QtBot, tmp_path: Path, clock: list[float]) -> Iterator[MainWindow]:
    """The example deal in a window that reads its time from ``clock``."""
    win = make_window(tmp_path, clock=lambda: clock[0])
    qtbot.addWidget(win)
    yield win
    win.close()
    win.store.close()


# -- long columns -------------------------------------------------------------------------


def test_a_20_card_column_stays_on_the_table_and_tappable(tmp_path: Path, qtbot: QtBot) -> None:
    """Issue 21: the long column compresses the cards nothing can pick up, so its open
    cards keep a finger's strip with their corner showing, and the table does not shrink."""
    game = Game.from_code(LONG_CODE)
    for move in LONG_MOVES:
        game.play(move)
    longest = max(game.state.columns, key=len)
    assert len(longest) >= 20
    win = make_window(tmp_path, game, size=(360, 640))
    qtbot.addWidget(win)
    scene = win.scene
    lay = scene.table_layout
    assert lay.card_w == TableLayout.compute(lay.width, lay.height, 1.4).card_w  # not shrunk
    playable = open_cards(game.state)
    assert any(c in playable for c in longest[:-1])
    rects = [scene.card_item(c).sceneBoundingRect() for c in longest]
    assert rects[-1].bottom() <= lay.height
    for card, a, b in zip(longest, rects, rects[1:], strict=False):
        step = b.top() - a.top()
        if card in playable:
            assert step >= index_depth(lay.card_w) * 0.9  # its corner shows: read and tapped
            assert scene.card_at(a.topLeft() + QPointF(4, 4)) == card
        else:
            assert step >= 2  # compressed to an edge: nothing can pick it up here
    assert scene.card_at(rects[-1].center()) == longest[-1]
    win.close()
    win.store.close()


def test_a_tap_on_a_compressed_part_opens_it_and_plays_nothing(
    tmp_path: Path, qtbot: QtBot
) -> None:
    """Issue 21: a card in a long column's compressed part is too thin to read or aim at;
    a tap there fans the cards around it open (no move is played); a tap on it then plays."""
    game = Game.from_code(LONG_CODE)
    for move in LONG_MOVES:
        game.play(move)
    longest = max(game.state.columns, key=len)
    win = make_window(tmp_path, game, size=(360, 640))
    qtbot.addWidget(win)
    scene = win.scene
    depth = index_depth(scene.table_layout.card_w)
    thin = [c for c in longest[:-1] if scene.is_compressed(c)]
    assert thin
    card = thin[len(thin) // 2]
    below = longest[longest.index(card) + 1]
    strip = scene.card_item(card).sceneBoundingRect()
    point = win.view.mapFromScene(QPointF(strip.center().x(), strip.top() + 1))
    moves = win.model.game.moves_made
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    QApplication.processEvents()
    assert win.model.game.moves_made == moves  # it opened, it played nothing
    assert not scene.is_compressed(card)
    step = scene.card_item(below).scenePos().y() - scene.card_item(card).scenePos().y()
    assert step >= depth * 0.9 - 1  # its corner shows now
    rect = scene.card_item(card).sceneBoundingRect()
    assert scene.card_at(rect.topLeft() + QPointF(4, 4)) == card  # and it can be aimed at
    assert scene.card_item(longest[-1]).sceneBoundingRect().bottom() <= scene.table_layout.height
    win.close()
    win.store.close()


def test_a_long_columns_open_cards_show_their_suit(tmp_path: Path, qtbot: QtBot) -> None:
    """The open cards' strips carry their suit's ink (they are not squeezed to slivers)."""
    game = Game.from_code(LONG_CODE)
    for move in LONG_MOVES:
        game.play(move)
    longest = max(game.state.columns, key=len)
    win = make_window(tmp_path, game, size=(360, 640))
    qtbot.addWidget(win)
    scene = win.scene
    lay = scene.table_layout
    playable = open_cards(game.state)
    items = [scene.card_item(c) for c in longest]
    assert not any(
        item.compact_index for c, item in zip(longest, items, strict=True) if c in playable
    )
    column = qrect(lay.column_area(0, len(longest)))
    image = QImage(
        round(column.width()) * 2, round(column.height()) * 2, QImage.Format.Format_ARGB32
    )
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), column)
    painter.end()
    checked = 0
    for card, item in zip(longest[:-1], items[:-1], strict=True):
        if card not in playable:
            continue
        top = round((item.scenePos().y() - column.top()) * 2)
        inked = 0
        for y in range(top + 2, top + round(index_depth(lay.card_w) * 2) - 1):
            for x in range(4, round(lay.card_w * 2) - 4):
                colour = image.pixelColor(x, y)
                r, g, b = colour.red(), colour.green(), colour.blue()
                if Card(card).red:
                    inked += r > 150 and g < 90 and b < 100
                else:
                    inked += r < 70 and g < 70 and b < 70
        assert inked > 20, f"{Card(card)}: no ink in its strip"
        checked += 1
    assert checked >= 2
    win.close()
    win.store.close()


# -- drawing turns cards over -----------------------------------------------------------------


def test_drawn_cards_turn_over_while_they_slide(window: MainWindow) -> None:
    window.apply_settings(window.settings.replace(animations=True), save=False)
    scene = window.scene
    stock_before = list(window.model.state.stock)
    window.model.draw()
    drawn = window.model.state.waste
    assert len(drawn) == 3
    assert scene.is_animating
    assert all(scene.card_item(c).flip < 0.5 for c in drawn)
    # The stock's new top is on show during the move, not only after it.
    new_top = window.model.state.stock[-1]
    assert new_top == stock_before[-4]
    assert scene.card_item(new_top).isVisible()
    # Watch the frames (however slowly a loaded machine paints them) until the move ends.
    turning: list[bool] = []
    for _frame in range(2000):  # bounded: the move takes well under 10 s even so
        if not scene.is_animating:
            break
        turning.append(any(0.0 < scene.card_item(c).flip < 1.0 for c in drawn))
        QTest.qWait(5)
    assert any(turning)
    assert all(scene.card_item(c).flip == 1.0 and scene.card_item(c).face_up for c in drawn)


def test_no_turn_over_without_animations(window: MainWindow) -> None:
    window.model.draw()
    assert all(window.scene.card_item(c).flip == 1.0 for c in window.model.state.waste)


# -- the clock ------------------------------------------------------------------------------


def test_clock_waits_for_the_first_move(timed: MainWindow, clock: list[float]) -> None:
    timed.activateWindow()
    clock[0] += 30
    timed.update_clock()
    assert timed.model.game.elapsed == 0
    timed.model.play("QC>2")
    clock[0] += 5
    timed.update_clock()
    assert timed.model.game.elapsed == pytest.approx(5)
    assert timed.time_label.text() == "Time: 0:05"


def test_clock_pauses_while_inactive_or_minimised(timed: MainWindow, clock: list[float]) -> None:
    timed.activateWindow()
    timed.model.play("QC>2")
    clock[0] += 4
    other = QWidget()
    other.show()
    other.activateWindow()
    QApplication.processEvents()
    assert not timed.isActiveWindow()
    clock[0] += 60
    timed.update_clock()
    assert timed.model.game.elapsed == pytest.approx(4)
    other.close()
    timed.activateWindow()
    QApplication.processEvents()
    clock[0] += 2
    timed.update_clock()
    assert timed.model.game.elapsed == pytest.approx(6)
    timed.showMinimized()
    QApplication.processEvents()
    clock[0] += 100
    timed.update_clock()
    assert timed.model.game.elapsed == pytest.approx(6)
    timed.showNormal()
    timed.activateWindow()
    QApplication.processEvents()
    clock[0] += 1
    timed.update_clock()
    assert timed.model.game.elapsed == pytest.approx(7)


def test_clock_stops_at_the_win(tmp_path: Path, qtbot: QtBot, clock: list[float]) -> None:
    win = make_window(tmp_path, Game.from_deck(WIN_DECK, draw=1), clock=lambda: clock[0])
    qtbot.addWidget(win)
    win.activateWindow()
    for move in WIN_MOVES:
        clock[0] += 1
        win.model.play(move)
    assert win.model.game.is_won
    at_win = win.model.game.elapsed
    assert at_win == pytest.approx(len(WIN_MOVES) - 1)
    clock[0] += 500
    win.update_clock()
    assert win.model.game.elapsed == at_win
    win.close()
    win.store.close()


# -- hints --------------------------------------------------------------------------------


def _fake_hint(move: Move) -> object:
    def hint(game: object, time_limit: float = 0.0) -> object:
        return SimpleNamespace(move=move, verdict=None, undo=None)

    return hint


def test_hint_is_ringed_nudged_shown_and_announced(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    import canfield.solver

    move = next(m for m in window.model.game.legal_moves() if str(m) == "QC>2")
    monkeypatch.setattr(canfield.solver, "hint", _fake_hint(move))
    window.apply_settings(window.settings.replace(animations=True), save=False)
    qc = window.scene.card_item(Card.parse("QC"))
    home = qc.pos()
    window.act_hint.trigger()
    text = "Hint: queen of clubs to column 2"
    qtbot.waitUntil(lambda: window.speaker.last == text, timeout=3000)
    assert window.statusBar().currentMessage() == text
    assert window.scene.drop_target == ("column", 1)
    QTest.qWait(150)
    assert qc.pos() != home  # leaning towards column 2
    QTest.qWait(900)
    assert qc.pos() == home


def test_hint_text_in_every_language(window: MainWindow) -> None:
    move = next(m for m in window.model.game.legal_moves() if str(m) == "QC>2")
    expected = {
        "pt": "Sugestão: dama de paus para a coluna 2",
        "hu": "Tipp: treff dáma, cél: 2. oszlop",
        "id": "Petunjuk:",
    }
    try:
        for lang, start in expected.items():
            switch_language(QApplication.instance(), lang)
            assert window.scene.hint_text(move).startswith(start)
            assert window.scene.hint_text(Move.DRAW) != "Hint: tap the stock"
    finally:
        switch_language(QApplication.instance(), "en")


# -- toolbar and status bar ---------------------------------------------------------------------


def test_toolbar_icons_are_ours(window: MainWindow) -> None:
    style = window.style()
    for action in (window.act_new, window.act_undo, window.act_redo, window.act_hint):
        icon = action.icon()
        assert not icon.isNull()
        image = icon.pixmap(QSize(24, 24)).toImage()
        assert any(image.pixelColor(x, y).alpha() > 0 for x in range(24) for y in range(24))
    std = style.standardIcon(style.StandardPixmap.SP_FileIcon).pixmap(24).toImage()
    assert window.act_new.icon().pixmap(24).toImage() != std


@pytest.mark.parametrize("lang", ["en", "pt", "hu", "id"])
def test_status_bar_fits_a_phone_in_every_language(tmp_path: Path, qtbot: QtBot, lang: str) -> None:
    game = Game.from_code(EXAMPLE_CODE)
    game.play("QC>2")
    game.elapsed = 3725.0  # 1:02:05, the widest time
    switch_language(QApplication.instance(), lang)
    try:
        win = make_window(tmp_path, game, size=(360, 640))
        qtbot.addWidget(win)
        from canfield.i18n import _

        for note in (_("No winning line"), _("Winnable deal"), _("Winnable"), _("Unwinnable deal")):
            win.solver_label.setText(note)
            QApplication.processEvents()
            bar = win.statusBar()
            for label in (
                win.score_label,
                win.moves_label,
                win.time_label,
                win.solver_label,
                win.code_label,
            ):
                assert label.width() >= label.sizeHint().width(), (lang, label.text())
                right = label.mapTo(bar, label.rect().topRight()).x()
                assert right <= bar.width(), (lang, label.text())
            assert win.copy_button.isVisible()
            assert win.copy_button.mapTo(bar, win.copy_button.rect().topRight()).x() <= bar.width()
        assert EXAMPLE_CODE in win.code_label.text()
        assert win.code_label.accessibleName().endswith(EXAMPLE_CODE)
        win.close()
        win.store.close()
    finally:
        switch_language(QApplication.instance(), "en")


# -- double-click habit and dragging sequences --------------------------------------------------


def _double_click(win: MainWindow, at: QPoint) -> None:
    """What a desktop double-click delivers: press, release, double-click, release."""
    viewport = win.view.viewport()
    left, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QTest.mousePress(viewport, left, none, at)
    QTest.mouseRelease(viewport, left, none, at)
    event = QMouseEvent(
        QEvent.Type.MouseButtonDblClick,
        QPointF(at),
        QPointF(viewport.mapToGlobal(at)),
        left,
        left,
        none,
    )
    QApplication.sendEvent(viewport, event)
    QTest.mouseRelease(viewport, left, none, at)


def test_double_click_moves_one_card_not_the_one_beneath(window: MainWindow) -> None:
    _double_click(window, card_point(window, Card.parse("QC")))
    state = window.model.state
    assert window.model.game.moves_made == 1
    assert state.columns[1][-1] == Card.parse("QC")
    assert len(state.reserve) == 12  # the 8♥ under it stayed put


def test_double_click_on_the_stock_draws_twice(window: MainWindow) -> None:
    at = window.view.mapFromScene(qpoint(window.scene.table_layout.stock.center))
    _double_click(window, at)
    assert window.model.game.moves_made == 2
    assert len(window.model.state.stock) == 28


def test_drag_a_sequence_from_inside_a_column_with_a_sloppy_drop(window: MainWindow) -> None:
    window.model.play("QC>2")  # column 2: K♥ Q♣
    kh, qc, as_ = Card.parse("KH"), Card.parse("QC"), Card.parse("AS")
    # Grab the king (under the queen) and let go well off the ace: the overlap decides.
    start = card_point(window, kh)
    target = card_point(window, as_) + QPoint(round(window.scene.table_layout.card_w * 0.4), 60)
    drag(window, start, target, release=False)
    assert window.scene.drop_target == ("column", 3)
    QTest.mouseRelease(window.view.viewport(), Qt.MouseButton.LeftButton, pos=target)
    state = window.model.state
    assert state.columns[3] == (as_, kh, qc)
    assert len(state.columns[1]) == 1  # refilled from the reserve


def test_status_messages_show_as_a_toast_clear_of_the_cards(window: MainWindow) -> None:
    window.copy_code()
    toast = window.toast
    assert toast.isVisible()
    assert toast.text() == f"Copied {EXAMPLE_CODE}"
    assert window.rect().contains(toast.geometry())
    assert not any(r.intersects(toast.geometry()) for r in playable_on_window(window))
    window.statusBar().clearMessage()
    assert not toast.isVisible()


def test_read_position_toast_is_short_lived(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    status = window.statusBar()
    shown: list[tuple[str, int]] = []
    real = status.showMessage

    def show(text: str, ms: int = 0) -> None:
        shown.append((text, ms))
        real(text, ms)

    monkeypatch.setattr(status, "showMessage", show)
    window.act_describe.trigger()
    text = window.model.game.describe("en")
    assert shown == [(text, window_module.POSITION_MESSAGE_MS)]
    assert window_module.POSITION_MESSAGE_MS <= 8000
    assert window.toast.isVisible() and window.toast.text() == text


def test_read_position_toast_goes_on_the_next_key(window: MainWindow) -> None:
    QTest.keyClick(window.view, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    toast = window.toast
    assert toast.isVisible()  # the shortcut's own key press does not dismiss it
    assert toast.text() == window.model.game.describe("en")
    QTest.keyClick(window.view, Qt.Key.Key_Shift)  # a modifier alone does not count
    assert toast.isVisible()
    QTest.keyClick(window.view, Qt.Key.Key_Right)
    assert not toast.isVisible()
    assert window.statusBar().currentMessage() == ""
    # Once only: a later message stays for its own time.
    window.copy_code()
    QTest.keyClick(window.view, Qt.Key.Key_Left)
    assert toast.isVisible() and toast.text() == f"Copied {EXAMPLE_CODE}"


def test_read_position_toast_goes_on_the_next_tap(window: MainWindow) -> None:
    window.act_describe.trigger()
    assert window.toast.isVisible()
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(4, 4))
    assert not window.toast.isVisible()
    assert window.statusBar().currentMessage() == ""


def test_a_new_message_cancels_the_tap_to_dismiss(window: MainWindow) -> None:
    window.act_describe.trigger()
    window.copy_code()
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(4, 4))
    assert window.toast.isVisible() and window.toast.text() == f"Copied {EXAMPLE_CODE}"

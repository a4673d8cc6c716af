"""The table played like a person plays it: taps, drags, the stock, shakes and resizes."""

from __future__ import annotations

from pathlib import Path

from app_helpers import card_point, drag, make_window, scene_point, tap, window
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from canfield import Card, Game
from canfield.deal import EXAMPLE_CODE
from canfield.gui.qtgeom import qpoint
from canfield.gui.window import MainWindow
from canfield.pile import Pile
from canfield.presentation.geometry import placements

__all__ = ["window"]

QC, KH, QH, AS, C6 = (Card.parse(c) for c in ("QC", "KH", "QH", "AS", "6C"))


def item_at_placement(window: MainWindow, card: int) -> bool:
    """The drawn card sits exactly where the layout puts it for the model's position."""
    item = window.scene.card_item(card)
    shown = len(window.model.game.visible_waste())
    place = placements(window.model.state, window.scene.table_layout, shown)[card]
    return item.pos() == qpoint(place.pos)


def test_tap_reserve_card_goes_to_a_column(window: MainWindow) -> None:
    tap(window, card_point(window, QC))
    state = window.model.state
    assert state.columns[1] == (KH, QC)
    assert state.reserve[-1] != QC
    # Drawn where the model says: just below the king, in column 2.
    assert item_at_placement(window, QC)
    king = window.scene.card_item(KH).pos()
    queen = window.scene.card_item(QC).pos()
    assert queen.x() == king.x() and queen.y() > king.y()


def test_tap_on_stock_draws_three_then_recycles(window: MainWindow) -> None:
    stock = qpoint(window.scene.table_layout.stock.center)
    tap(window, scene_point(window, stock))
    state = window.model.state
    assert len(state.stock) == 31 and len(state.waste) == 3
    fan = [window.scene.card_item(c).pos().x() for c in state.waste]
    assert fan[0] < fan[1] < fan[2], "draw 3 shows the three cards fanned"
    for _ in range(11):
        tap(window, scene_point(window, stock))
    assert window.model.state.stock == ()
    tap(window, scene_point(window, stock))  # empty stock: the waste turns over
    assert len(window.model.state.stock) == 34


def test_drag_king_onto_ace_autofills_from_reserve(window: MainWindow) -> None:
    drag(window, card_point(window, KH), card_point(window, AS, dy=30))
    state = window.model.state
    assert state.columns[3] == (AS, KH)
    assert state.columns[1] == (QC,), "the emptied column is filled from the reserve"
    assert all(item_at_placement(window, c) for c in (KH, QC))


def test_drop_target_is_highlighted_while_dragging(window: MainWindow) -> None:
    start = card_point(window, KH)
    # Aim with the card, not the pointer: grab low and let the card overlap column 4.
    target = card_point(window, AS)
    drag(window, start, target, release=False)
    assert window.scene.drop_target == Pile.column(3)
    ring = window.scene.drop_ring_rect
    assert ring is not None and ring.intersects(window.scene.pile_rect(Pile.column(3)))
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    QTest.mouseRelease(window.view.viewport(), Qt.MouseButton.LeftButton, pos=target)
    assert window.scene.drop_target is None
    assert window.scene.drop_ring_rect is None


def test_illegal_drop_returns_the_card(window: MainWindow) -> None:
    before = window.model.state
    home = window.scene.card_item(C6).pos()
    drag(window, card_point(window, C6), card_point(window, QH))
    assert window.model.state == before
    assert window.scene.card_item(C6).pos() == home


def test_illegal_drop_glides_back_with_animations(window: MainWindow, qtbot: QtBot) -> None:
    window.scene.animations = True
    home = window.scene.card_item(C6).pos()
    drag(window, card_point(window, C6), card_point(window, QH))
    assert window.scene.card_item(C6).pos() != home  # still on its way back
    qtbot.waitUntil(lambda: window.scene.card_item(C6).pos() == home, timeout=2000)


def test_tap_that_moves_nothing_shakes(window: MainWindow, qtbot: QtBot) -> None:
    before = window.model.state
    with qtbot.waitSignal(window.scene.shaken, timeout=500):
        tap(window, card_point(window, C6))
    assert window.model.state == before


def test_double_tap_off_only_sends_to_foundations(window: MainWindow) -> None:
    window.apply_settings(window.settings.replace(double_tap=False, animations=False), save=False)
    before = window.model.state
    tap(window, card_point(window, QC))
    assert window.model.state == before


BACK_LINE = (
    "QC>2 KH>4 8H>f JS>3 s s s s s s s s s 5D>1 s s s s s s s s s 4C>1 s s s s 9H>f "
    + "s " * 21
    + "TH>3 s s s 7S>f TH>f"
)


def test_foundation_card_can_be_dragged_back_to_a_column(tmp_path: Path, qtbot: QtBot) -> None:
    game = Game.from_code(EXAMPLE_CODE)
    for move in BACK_LINE.split():
        game.play(move)
    win = make_window(tmp_path, game)
    qtbot.addWidget(win)
    th = Card.parse("TH")
    assert win.scene.pile_of(th)[0] == "foundation"
    score = win.model.game.score
    target = win.scene.pile_rect(Pile.column(2))
    drag(win, card_point(win, th), scene_point(win, QPointF(target.center().x(), target.bottom())))
    assert win.model.state.columns[2][-1] == th
    assert win.model.game.score == score, "taking a card back costs no points"
    win.close()
    win.store.close()


def _visible_card_rects(window: MainWindow) -> list[tuple[str, QRectF]]:
    out = []
    for item in window.scene.card_items():
        if item.isVisible():
            pile, index = window.scene.pile_of(item.card)
            out.append((f"{pile}{index}", item.sceneBoundingRect()))
    return out


def _check_table_fits(window: MainWindow) -> None:
    view_rect = QRectF(window.view.viewport().rect())
    rects = _visible_card_rects(window)
    for _, rect in rects:
        assert view_rect.contains(rect), f"{rect} outside {view_rect}"
    lay = window.scene.table_layout
    piles = {name for name, _ in rects}
    areas = {}
    for name in piles:
        united = QRectF()
        for other, rect in rects:
            if other == name:
                united = united.united(rect)
        areas[name] = united
    names = sorted(areas)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert not areas[a].intersects(areas[b]), f"{a} overlaps {b}"
    assert lay.reserve_label.bottom <= view_rect.bottom()


def test_phone_portrait_and_full_hd(window: MainWindow) -> None:
    for move in ("QC>2", "KH>4", "s", "s"):
        window.model.play(move)
    for size in ((360, 640), (1920, 1080), (640, 360), (1000, 720)):
        window.resize(*size)
        QApplication.processEvents()
        _check_table_fits(window)
    window.resize(360, 640)
    QApplication.processEvents()
    assert window.scene.table_layout.portrait
    assert window.scene.table_layout.card_w >= 60, "cards stay big enough to touch on a phone"


def test_cards_are_rendered_at_device_size(window: MainWindow) -> None:
    image = window.view.grab().toImage()
    lay = window.scene.table_layout
    centre = window.view.mapFromScene(qpoint(lay.reserve.center))
    # The reserve's queen of clubs is drawn there: a light card face, not felt green.
    colour = image.pixelColor(centre.x() + int(lay.card_w * 0.4), centre.y())
    assert colour.lightness() > 200
    felt = image.pixelColor(2, image.height() - 4)
    assert felt.green() > felt.red()
    assert QPointF(0, 0) == window.scene.sceneRect().topLeft()


def test_animated_move_lands_where_the_model_says(window: MainWindow, qtbot: QtBot) -> None:
    window.scene.animations = True
    with qtbot.waitSignal(window.scene.animation_finished, timeout=2000):
        tap(window, card_point(window, KH))  # onto the ace; the reserve fills column 2 after
    assert window.model.state.columns[1] == (QC,)
    assert all(item_at_placement(window, c) for c in (KH, QC))

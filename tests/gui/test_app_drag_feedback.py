"""Drag feedback: a refused drop says why in one line (as the keyboard's refusal does), the
legal target lights up while the dragged card crosses it at every size, and a right-click
sends a card home."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import card_point, drag, make_window
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from canfield import Card
from canfield.presentation.narration import cannot_put_down

QC, KH, AS, C6, H8 = (Card.parse(c) for c in ("QC", "KH", "AS", "6C", "8H"))
SIZES = [(360, 640), (640, 360), (1280, 800), (1920, 1080)]


@pytest.mark.parametrize("size", SIZES)
def test_the_legal_target_lights_up_as_the_card_crosses_it(
    tmp_path: Path, qtbot: QtBot, size: tuple[int, int]
) -> None:
    win = make_window(tmp_path, size=size)
    qtbot.addWidget(win)
    scene = win.scene
    start, goal = card_point(win, QC), card_point(win, KH)
    # Just picked up, over where it came from: nothing is lit.
    drag(win, start, start + QPoint(0, 14), release=False)
    assert scene.drop_target is None and scene.drop_ring_rect is None
    # Crossing onto the king of hearts' column: it lights up.
    QTest.mouseMove(win.view.viewport(), goal)
    assert scene.drop_target == ("column", 1)
    ring = scene.drop_ring_rect
    assert ring is not None and ring.intersects(scene.pile_rect(("column", 1)))
    QTest.mouseRelease(win.view.viewport(), Qt.MouseButton.LeftButton, pos=goal)
    assert win.model.state.columns[1][-1] == QC and scene.drop_ring_rect is None
    win.close()
    win.store.close()


@pytest.mark.parametrize("size", SIZES[:3])
def test_a_refused_drop_says_why_in_one_line(
    tmp_path: Path, qtbot: QtBot, size: tuple[int, int]
) -> None:
    win = make_window(tmp_path, size=size)
    qtbot.addWidget(win)
    before = win.model.state
    assert not [m for m in win.model.game.legal_moves() if m.card == C6]  # nowhere to go
    drag(win, card_point(win, C6), card_point(win, KH))
    why = cannot_put_down(C6, "column", 1, before, "en")
    assert why == "6 of clubs cannot go on king of hearts"
    assert win.model.state == before
    assert win.statusBar().currentMessage() == why
    assert win.speaker.last == why
    assert win.toast.isVisible() and win.toast.text() == why
    win.close()
    win.store.close()


def test_a_drop_back_where_it_came_from_is_no_refusal(tmp_path: Path, qtbot: QtBot) -> None:
    win = make_window(tmp_path)
    qtbot.addWidget(win)
    start = card_point(win, C6)
    drag(win, start, card_point(win, C6, dy=12))
    assert win.statusBar().currentMessage() == ""
    win.close()
    win.store.close()


def test_right_click_sends_a_card_home_or_says_why_not(tmp_path: Path, qtbot: QtBot) -> None:
    win = make_window(tmp_path)
    qtbot.addWidget(win)
    viewport = win.view.viewport()
    QTest.mouseClick(viewport, Qt.MouseButton.RightButton, pos=card_point(win, C6))
    assert win.model.game.moves_made == 0
    why = "6 of clubs cannot go to foundation 4"  # base 7H: hearts, spades, diamonds, clubs
    assert win.statusBar().currentMessage() == why
    # A foundation is named by its place on the table, not by its suit (spades: the second).
    QTest.mouseClick(viewport, Qt.MouseButton.RightButton, pos=card_point(win, AS))
    assert win.statusBar().currentMessage() == "ace of spades cannot go to foundation 2"
    assert win.model.play("QC>2")  # the 8 of hearts, the base card's rank, is then on top
    assert win.model.state.reserve[-1] == H8
    QTest.mouseClick(viewport, Qt.MouseButton.RightButton, pos=card_point(win, H8))
    assert H8 not in win.model.state.reserve
    assert win.model.game.history[-1].notation() == "8H>f"
    win.close()
    win.store.close()

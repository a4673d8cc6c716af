"""Shared helpers for the app tests: a window on a temporary store, and person-like input.

Imported by the ``test_app_*`` modules (pyproject puts this folder on pytest's ``pythonpath``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest
from PySide6.QtCore import QObject, QPoint, QPointF, QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from canfield import Game
from canfield.deal import EXAMPLE_CODE
from canfield.gui.window import MainWindow
from canfield.storage import Store

"""Base 7H; columns 6C KH QH AS; reserve top QC (docs/notation.md's example deal)."""


_Child = TypeVar("_Child", bound=QObject)


def child(parent: QObject, kind: type[_Child], name: str = "") -> _Child:
    """``parent``'s child of type ``kind`` called ``name`` (or the first of any name): the test
    fails, naming what it looked for, if there is none."""
    found = parent.findChild(kind, name)
    assert found is not None, f"no {kind.__name__} {name!r} in {type(parent).__name__}"
    return found


def modal(kind: type[_Child]) -> _Child:
    """The modal window open now, which the test expects to be a ``kind``."""
    dialog = QApplication.activeModalWidget()
    assert isinstance(dialog, kind), f"{type(dialog).__name__} is open, not a {kind.__name__}"
    return dialog


def make_window(
    path: Path,
    game: Game | None = None,
    size: tuple[int, int] = (1000, 720),
    clock: Callable[[], float] = time.monotonic,
) -> MainWindow:
    store = Store(path / "canfield.sqlite3")
    window = MainWindow(
        store, game or Game.from_code(EXAMPLE_CODE), background_solver=False, clock=clock
    )
    window.apply_settings(store.settings.replace(animations=False), save=False)
    window.resize(*size)
    window.show()
    QApplication.processEvents()
    return window


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    win = make_window(tmp_path)
    qtbot.addWidget(win)
    yield win
    win.close()
    win.store.close()


def card_point(window: MainWindow, card: int, dy: float = 0.0) -> QPoint:
    """Where a person would touch ``card`` on the screen (view viewport coordinates)."""
    item = window.scene.card_item(card)
    rect = item.sceneBoundingRect()
    # Touch the visible part: near the top of a card in a fanned column.
    y = rect.top() + min(rect.height() * 0.5, window.scene.table_layout.card_h * 0.12) + dy
    return window.view.mapFromScene(QPointF(rect.center().x(), y))


def scene_point(window: MainWindow, point: QPointF) -> QPoint:
    return window.view.mapFromScene(point)


def tap(window: MainWindow, at: QPoint) -> None:
    viewport = window.view.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)


def drag(window: MainWindow, start: QPoint, end: QPoint, release: bool = True) -> None:
    """Press, move in a few steps like a hand does, and release."""
    viewport = window.view.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    steps = 6
    for i in range(1, steps + 1):
        x = start.x() + (end.x() - start.x()) * i // steps
        y = start.y() + (end.y() - start.y()) * i // steps
        QTest.mouseMove(viewport, QPoint(x, y))
    if release:
        QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def playable_on_window(window: MainWindow, foundations: bool = True) -> list[QRect]:
    """Where the playable cards are drawn, in window coordinates (what a message must not hide).

    Worked out from the scene and the view here, not asked of the window, so a
    test compares the window's placing of a message with what is on the screen.
    """
    view, port = window.view, window.view.viewport()
    rects = []
    for pile, rect in window.scene.playable_rects():
        if pile[0] == "foundation" and not foundations:
            continue
        on_port = view.mapFromScene(rect).boundingRect()
        rects.append(QRect(port.mapTo(window, on_port.topLeft()), on_port.size()))
    return rects

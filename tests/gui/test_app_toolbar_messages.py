"""The phone's toolbar tells Undo from Undo to the winnable point; messages leave the status bar
(score, moves, time, code) in sight at every size."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import child, make_window
from PySide6.QtCore import QSize
from PySide6.QtWidgets import QApplication, QToolButton
from pytestqt.qtbot import QtBot

from canfield.gui.window import MainWindow
from canfield.solver import HintResult, Verdict

SIZES = [(360, 640), (640, 360), (1280, 800)]


def _image(button: QToolButton) -> bytes:
    return bytes(button.icon().pixmap(QSize(24, 24)).toImage().constBits())


@pytest.mark.parametrize("size", SIZES)
def test_undo_to_the_winnable_point_has_its_own_icon_and_label(
    tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    win = make_window(tmp_path, size=size)
    qtbot.addWidget(win)
    for move in ("QC>2", "s", "s"):
        win.model.play(move)
    monkeypatch.setattr(
        "canfield.solver.hint", lambda game, time_limit: HintResult(Verdict.LOST, None, (), 3)
    )
    win.act_hint.trigger()
    button = child(win, QToolButton, "undoToWinnableButton")
    qtbot.waitUntil(button.isVisible, timeout=15000)
    undo = win.toolbar.widgetForAction(win.act_undo)
    assert isinstance(undo, QToolButton)
    assert _image(button) != _image(undo)
    if size[1] >= 480:  # upright: the label is beside the icon, even on a phone
        assert button.toolButtonStyle().name == "ToolButtonTextBesideIcon"
        assert button.text() == "Undo 3"
    assert button.toolTip() or button.defaultAction().toolTip()
    win.close()
    win.store.close()


def _messages(win: MainWindow) -> list[str]:
    return [
        "Hint: queen of clubs to column 2",
        "No winning line from here — undo 12 moves",
        win.model.game.describe("en"),  # Read position: the longest message there is
    ]


@pytest.mark.parametrize("size", SIZES)
def test_no_message_covers_the_status_bar(
    tmp_path: Path, qtbot: QtBot, size: tuple[int, int]
) -> None:
    win = make_window(tmp_path, size=size)
    qtbot.addWidget(win)
    status = win.statusBar()
    for text in _messages(win):
        status.showMessage(text)
        QApplication.processEvents()
        assert win.toast.isVisible()
        assert not win.toast.geometry().intersects(status.geometry()), (text, size)
        toolbar = win.toolbar.geometry()
        assert not win.toast.geometry().intersects(toolbar), (text, size)
        assert win.toast.geometry().top() >= win.menuBar().geometry().bottom()
    status.showMessage("This deal cannot be won — not even from the start")
    win.toast.offer("New game", lambda: None, "Keep playing", lambda: None)
    QApplication.processEvents()
    assert not win.toast.geometry().intersects(status.geometry())
    win.close()
    win.store.close()

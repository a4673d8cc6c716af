"""Hint where the solver cannot decide: a sensible move, marked as not proved; a draw while it
thinks says the hint was dropped."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from app_helpers import make_window
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from canfield import Game
from canfield.moves import Move
from canfield.solver import HintResult, Verdict

STUCK = "s s s s s s QD>2 KH>4 s s s s 8H>f"
"""CF1-RAINBOW-D1-AAAAACL after these: only the stock tap is legal."""


def test_an_undecided_hint_still_points_at_a_draw(
    tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = Game.from_code("CF1-RAINBOW-D1-AAAAACL")
    for move in STUCK.split():
        game.play(move)
    win = make_window(tmp_path, game)
    qtbot.addWidget(win)
    monkeypatch.setattr(
        "canfield.solver.hint", lambda game, time_limit: HintResult(Verdict.UNKNOWN, None, ())
    )
    win.act_hint.trigger()
    qtbot.waitUntil(lambda: win.solver_idle, timeout=15000)
    message = "Hint: tap the stock (not proved: the solver could not decide in time)"
    assert win.statusBar().currentMessage() == message
    assert win.scene.hinted == Move.DRAW
    assert win.speaker.last == message
    win.close()
    win.store.close()


def test_the_real_solver_on_rainbow_draw_one_never_answers_nothing(
    tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("canfield.presentation.answers.HINT_SECONDS", 0.05)
    monkeypatch.setattr("canfield.gui.coach.HINT_SECONDS", 0.05)
    win = make_window(tmp_path, Game.from_code("CF1-RAINBOW-D1-AAAAACL"))
    qtbot.addWidget(win)
    win.act_hint.trigger()
    qtbot.waitUntil(lambda: win.solver_idle, timeout=10000)
    message = win.statusBar().currentMessage()
    assert message.startswith("Hint: ") and win.scene.hinted is not None, message
    win.close()
    win.store.close()


def test_a_draw_while_hint_thinks_says_the_hint_was_dropped(
    tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()

    def slow_hint(game: Game, time_limit: float) -> HintResult:
        release.wait(10)
        return HintResult(Verdict.WON, Move.parse("QC>2"), (Move.parse("QC>2"),))

    monkeypatch.setattr("canfield.solver.hint", slow_hint)
    win = make_window(tmp_path)
    qtbot.addWidget(win)
    win.act_hint.trigger()
    assert win.statusBar().currentMessage() == "Thinking…"
    assert win.model.draw()
    dropped = "Hint dropped: the position changed while it was thinking."
    assert win.statusBar().currentMessage() == dropped
    release.set()
    qtbot.waitUntil(lambda: win.solver_idle, timeout=15000)
    assert win.scene.hinted is None  # the late answer points at nothing
    assert win.statusBar().currentMessage() == dropped
    win.close()
    win.store.close()


@pytest.mark.parametrize("size", [(360, 640), (640, 360), (1280, 800)])
def test_the_hint_ring_leaves_the_hinted_pile_in_sight(
    tmp_path: Path, qtbot: QtBot, size: tuple[int, int]
) -> None:
    """A hint on the stock rings it; the card back stays visible under the ring (a brush
    left by the stock's count badge once filled the ring's glow and hid the stock)."""
    win = make_window(tmp_path, size=size)
    qtbot.addWidget(win)
    scene = win.scene
    top = scene.card_item(win.model.state.stock[-1]).sceneBoundingRect()
    spot = win.view.mapTo(
        win, win.view.mapFromScene(QPointF(top.center().x(), top.top() + top.height() * 0.3))
    )
    before = win.grab().toImage().pixelColor(spot)
    scene.show_hint(Move.DRAW)
    QApplication.processEvents()
    assert scene.hint_ring_rect is not None
    after = win.grab().toImage().pixelColor(spot)
    assert before.blue() > before.green() + 20  # the blue card back
    assert after.blue() > after.green() + 20, (before.name(), after.name())
    win.close()
    win.store.close()

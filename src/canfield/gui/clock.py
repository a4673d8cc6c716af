"""The play clock: the game's time, from the first move to the win, while the player can play.

A minimised or inactive window (another app in front, a dialog open) pauses it,
so a game left on screen does not count the time away. The window reads it once
a second and whenever it is (de)activated, minimised or restored
(:meth:`PlayClock.update`); :attr:`PlayClock.shown` carries the text to show.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QWidget

from canfield.game import Game
from canfield.gui.model import GameModel
from canfield.i18n import _
from canfield.presentation.clock import format_duration

__all__ = ["PlayClock", "time_text"]


def time_text(game: Game) -> str:
    """The clock's text for ``game``: "Time: 0:05"."""
    return _("Time: %(time)s") % {"time": format_duration(game.elapsed)}


class PlayClock(QObject):
    """Adds the time played to the model's game while :meth:`should_run` holds."""

    shown = Signal(str)
    """The clock's text, after every :meth:`update`."""

    def __init__(self, window: QWidget, model: GameModel, now: Callable[[], float]) -> None:
        """``now`` is read for the time played, in seconds (tests pass a hand-driven one)."""
        super().__init__(window)
        self._window = window
        self._model = model
        self._now = now
        self._last_tick = now()
        self._running = False
        """Whether the game's time is running (see :meth:`should_run`)."""
        self._timer = QTimer(self)
        self._timer.setInterval(1000)
        self._timer.timeout.connect(self.update)
        self._timer.start()

    def should_run(self) -> bool:
        """From the first move to the win, only while the window is shown, active and not
        minimised."""
        game = self._model.game
        window = self._window
        return (
            game.moves_made > 0
            and not game.is_won
            and window.isVisible()
            and window.isActiveWindow()
            and not window.isMinimized()
        )

    def update(self) -> None:
        """Add the time since the last update if the clock was running, show it, look again."""
        now = self._now()
        game = self._model.game
        if self._running:
            game.elapsed += now - self._last_tick
        self._last_tick = now
        self._running = self.should_run()
        self.shown.emit(time_text(game))

    def hand_over(self, old: Game) -> None:
        """The outgoing game keeps the time it ran; the new one starts stopped."""
        if self._running:
            old.elapsed += self._now() - self._last_tick
        self._running = False
        self._last_tick = self._now()

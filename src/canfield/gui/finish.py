"""Finish on the desktop: the rules' proof that the rest is cards going home, offered and played.

A moment after each action (:data:`~canfield.presentation.finish.FINISH_CHECK_MS`, once the
table is drawn) :class:`Finisher` asks :func:`canfield.rules.finishing_line` whether only
cards going home (and draws) are left. If so it offers Finish, once while the offer stands,
or plays the line at once where the player asked for that; it plays one action at a time
with animations on, all at once without. It says what it does by its signals; the window
shows the action, pauses the table and says the sentences.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal

from canfield.gui.model import GameModel
from canfield.moves import Move
from canfield.presentation.finish import FINISH_CHECK_MS, FINISH_STEP_MS, finish_offer
from canfield.presentation.narration import finishing_sentence

__all__ = ["Finisher"]


class Finisher(QObject):
    """Finish for ``model``'s game: looked for after each action, offered, played."""

    changed = Signal()
    """Whether Finish is on offer changed (:attr:`available`): the window shows its action."""
    offered = Signal(str)
    """Finish became possible (said once while it stays on offer): the sentence."""
    started = Signal(str)
    """Finish plays its line: the sentence to say; the table takes no input until it stops."""
    stopped = Signal()
    """Finish stopped (the line played, or stopped by the player): the table is theirs again."""

    def __init__(
        self,
        model: GameModel,
        *,
        automatic: Callable[[], bool],
        animated: Callable[[], bool],
        busy: Callable[[], bool],
        parent: QObject | None = None,
    ) -> None:
        """``automatic``: the player wants the line played without asking (a setting);
        ``animated``: one action at a time; ``busy``: something else plays (Show me)."""
        super().__init__(parent)
        self._model = model
        self._automatic = automatic
        self._animated = animated
        self._busy = busy
        self._line: tuple[Move, ...] | None = None
        """The proved line of moves home and draws from this position (Finish plays it)."""
        self._offered = False
        """Finish's offer was said and it has stayed on offer since."""
        self._playing: list[Move] | None = None
        """What Finish has still to play while it plays (None when it is not playing)."""
        self._check = QTimer(self)
        self._check.setSingleShot(True)
        self._check.setInterval(FINISH_CHECK_MS)
        self._check.timeout.connect(self.look)
        self._timer = QTimer(self)
        self._timer.setInterval(FINISH_STEP_MS)
        self._timer.timeout.connect(self._step)

    @property
    def available(self) -> bool:
        """Finish is on offer: a line is proved and it is not playing."""
        return self._line is not None and self._playing is None

    @property
    def playing(self) -> bool:
        return self._playing is not None

    def look_soon(self) -> None:
        """Look for the line once the table is drawn (after an action, or a game reopened)."""
        self._check.start()

    def position_changed(self) -> None:
        """An action changed the position: a line proved before is of another one."""
        if self._playing is None:
            self._line = None
            self._check.start()

    def look(self) -> None:
        """Ask the rules whether the rest is only cards going home; offer Finish (or play it)."""
        game = self._model.game
        if game.is_won or self._playing is not None or self._busy():
            return
        from canfield.rules import finishing_line

        self._line = finishing_line(game.state)
        self.changed.emit()
        if self._line is None:
            self._offered = False
            return
        if self._automatic():
            self.finish()
        elif not self._offered:
            # Said once while it stays on offer (each move looks again: not at each move).
            self._offered = True
            self.offered.emit(finish_offer())

    def finish(self) -> None:
        """Play the proved line home, one action at a time (all at once without animations)."""
        line = self._line
        if line is None or self._playing is not None:
            return
        self._playing = list(line)
        self.started.emit(finishing_sentence(self._playing))
        if self._animated():
            self._timer.start()
            return
        while self._playing:
            self._step()

    def _step(self) -> None:
        line = self._playing
        if not line:
            self.stop()
            return
        move = line.pop(0)
        if not self._model.play(move) or not line:
            self.stop()

    def stop(self) -> None:
        """Stop playing (the moves played stay); looked for again unless the game is won."""
        self._timer.stop()
        self._playing = None
        self._line = None
        if not self._model.game.is_won:
            self._check.start()
        self.stopped.emit()

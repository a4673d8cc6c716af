"""The game the window shows, as a QObject that announces every change.

The engine's :class:`~canfield.game.Game` knows nothing of Qt; this thin
wrapper is the one place the app changes the game, so the table, the status
bar, storage and accessibility all observe the same signals (napari style)
instead of calling each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from PySide6.QtCore import QObject, Signal

from canfield.errors import IllegalMoveError
from canfield.game import Game
from canfield.moves import Move
from canfield.rules import card_move
from canfield.state import State

__all__ = ["Change", "GameModel"]

ChangeKind = Literal["play", "undo", "redo", "new", "restart"]


@dataclass(frozen=True)
class Change:
    """What just happened: the action's kind, the move (if one) and the position before it.

    For an undo the move is the one taken back, for a redo the one replayed.
    """

    kind: ChangeKind
    move: Move | None
    before: State | None


class GameModel(QObject):
    """Holds the current :class:`Game`; every action goes through here and emits ``changed``."""

    changed = Signal(object)
    """A :class:`Change`, after the game has changed."""
    won = Signal()
    """The last action won the game (emitted after ``changed``)."""
    about_to_replace = Signal(object)
    """The old game, just before a new or restarted game takes its place."""
    passes_used_up = Signal()
    """A stock tap did nothing because the variant allows no more passes through the stock."""

    def __init__(self, game: Game, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._game = game

    @property
    def game(self) -> Game:
        return self._game

    @property
    def state(self) -> State:
        return self._game.state

    def play(self, move: Move | str) -> bool:
        """Make ``move`` if the rules allow it; ``False`` (and no signal) when they do not."""
        before = self._game.state
        was_won = self._game.is_won
        try:
            played = self._game.play(move)
        except IllegalMoveError:
            return False
        self.changed.emit(Change("play", played, before))
        if self._game.is_won and not was_won:
            self.won.emit()
        return True

    def tap(self, card: int, double_tap: bool) -> Move | None:
        """Play what a tap on ``card`` does (docs/rules.md §7); the move, or ``None`` if none."""
        move = self._game.tap_move(card, double_tap)
        if move is None or not self.play(move):
            return None
        return move

    def move_card(self, card: int, target: int) -> bool:
        """Move ``card`` (and the cards on it) to a column 0-3 or its foundation (4)."""
        return self.play(card_move(card, target))

    def draw(self) -> bool:
        """Tap the stock: draw, or turn the waste over when the stock is empty.

        A tap the variant refuses because the passes are used up says so
        (``passes_used_up``), so the player learns why nothing happened.
        """
        if self.play(Move.DRAW):
            return True
        state = self._game.state
        if state.waste and not state.stock and not state.is_won:
            self.passes_used_up.emit()
        return False

    def undo(self, steps: int = 1) -> bool:
        """Take back ``steps`` actions at once (one change, one save); ``False`` if none."""
        before = self._game.state
        undone = 0
        while undone < steps and self._game.undo():
            undone += 1
        if not undone:
            return False
        self.changed.emit(Change("undo", self._game.redo_moves[0], before))
        return True

    def redo(self) -> bool:
        before = self._game.state
        was_won = self._game.is_won
        if not self._game.redo():
            return False
        self.changed.emit(Change("redo", self._game.history[-1], before))
        if self._game.is_won and not was_won:
            self.won.emit()
        return True

    def set_game(self, game: Game, kind: Literal["new", "restart"] = "new") -> None:
        """Replace the game (a new deal, a restart or a loaded save)."""
        self.about_to_replace.emit(self._game)
        self._game = game
        self.changed.emit(Change(kind, None, None))

    def restart(self) -> None:
        self.set_game(self._game.restarted(), "restart")

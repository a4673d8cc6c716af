"""Qt's key events read as the table's keys: a name the toolkit-free keyboard knows, or what
Undo and Redo say when there is nothing to take back.

The table keys themselves (which pile a key focuses, what Enter picks up or puts down, what
is said) are :class:`canfield.presentation.keyboard.Keyboard`'s; the scene
(:class:`canfield.gui.table.TableScene`) hands it the names this module reads.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QKeySequence

from canfield.game import Game
from canfield.presentation.narration import nothing_to_take_back

__all__ = ["KEY_NAMES", "key_name", "modifiers", "nothing_to_take_back_said"]

KEY_NAMES: Final[dict[int, str]] = {
    Qt.Key.Key_1: "1",
    Qt.Key.Key_2: "2",
    Qt.Key.Key_3: "3",
    Qt.Key.Key_4: "4",
    Qt.Key.Key_R: "r",
    Qt.Key.Key_W: "w",
    Qt.Key.Key_F: "f",
    Qt.Key.Key_S: "s",
    Qt.Key.Key_D: "d",
    Qt.Key.Key_P: "p",
    Qt.Key.Key_T: "t",
    Qt.Key.Key_Return: "enter",
    Qt.Key.Key_Enter: "enter",
    Qt.Key.Key_Space: "enter",
    Qt.Key.Key_Escape: "escape",
    Qt.Key.Key_Left: "left",
    Qt.Key.Key_Right: "right",
    Qt.Key.Key_Up: "up",
    Qt.Key.Key_Down: "down",
}
"""Qt's keys by the names :class:`~canfield.presentation.keyboard.Keyboard` knows."""


def modifiers(event: QKeyEvent) -> Qt.KeyboardModifier:
    """The event's modifiers, the keypad's left out (a keypad digit is a digit)."""
    return event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier


def key_name(event: QKeyEvent) -> str | None:
    """The table key ``event`` is (alone or with Shift), else None."""
    name = KEY_NAMES.get(event.key())
    if name is None or modifiers(event) not in (
        Qt.KeyboardModifier.NoModifier,
        Qt.KeyboardModifier.ShiftModifier,
    ):
        return None
    return name


def nothing_to_take_back_said(event: QKeyEvent, game: Game) -> str:
    """What Undo or Redo says with nothing to take back or play again, else "".

    Their actions are greyed out then, so their keys come to the table.
    """
    mods = modifiers(event)
    ctrl = Qt.KeyboardModifier.ControlModifier
    undo = event.matches(QKeySequence.StandardKey.Undo) or (
        event.key() == Qt.Key.Key_Backspace and mods == Qt.KeyboardModifier.NoModifier
    )
    redo = event.matches(QKeySequence.StandardKey.Redo) or (
        event.key() == Qt.Key.Key_Y and mods == ctrl
    )
    if undo and not game.can_undo:
        return nothing_to_take_back(redo=False)
    if redo and not game.can_redo:
        return nothing_to_take_back(redo=True)
    return ""

"""The table's keyboard on the desktop: Qt's key events read as the table's keys, and what
the keys hold shown and done.

What a key means (which pile it focuses, what Enter picks up or puts down, what is said) is
:class:`canfield.presentation.keyboard.Keyboard`'s, shared with the browser build. This
module reads Qt's events as the names it knows (:func:`key_name`), says what Undo and Redo
say with nothing to take back, and :class:`TableKeys` carries its replies out on the scene
(:class:`canfield.gui.table.TableScene`): the focus ring, the held cards lifted, the move
played, the stock drawn or the cards shaken, the sentence said.
"""

from __future__ import annotations

from typing import Final, Protocol

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QKeySequence

from canfield.game import Game
from canfield.gui.items import CardItem, FocusRing
from canfield.gui.model import GameModel
from canfield.gui.qtgeom import qpoint
from canfield.pile import Pile
from canfield.presentation import reading
from canfield.presentation.geometry import Placement, TableLayout
from canfield.presentation.keyboard import Keyboard
from canfield.presentation.narration import nothing_to_take_back
from canfield.presentation.stacking import Z
from canfield.state import State

__all__ = [
    "KEY_NAMES",
    "KeyTable",
    "TableKeys",
    "key_name",
    "modifiers",
    "nothing_to_take_back_said",
]

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


class KeyTable(Protocol):
    """What the keys ask of the table they work on (:class:`canfield.gui.table.TableScene`)."""

    lang: str
    double_tap: bool

    @property
    def model(self) -> GameModel: ...

    @property
    def table_layout(self) -> TableLayout: ...

    def placement(self, card: int) -> Placement | None:
        """Where ``card`` lies now (None before the first layout)."""
        ...

    def card_item(self, card: int) -> CardItem: ...

    def pile_rect(self, pile: Pile) -> QRectF: ...

    def sync(self) -> None:
        """Every card where the position puts it (held cards come down)."""
        ...

    def shake_cards(self, cards: list[int]) -> None: ...

    def draw(self) -> bool: ...


class TableKeys(QObject):
    """The keyboard's focus and held cards on ``table``: shown, and its replies carried out."""

    spoken = Signal(str)
    """A sentence for screen readers: what a key did, or why it did nothing."""
    focus_changed = Signal(str)
    """What the focus is on now, as a screen reader names it."""

    def __init__(self, table: KeyTable, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._table = table
        # A focused card's description is where it can go (full speech): readers say it as
        # the focus lands, so the pick-up leaves it out.
        self.keys = Keyboard(landing_names_places=True)
        """The keyboard's focus and held cards (shared with the browser build)."""
        self.ring = FocusRing(QColor(255, 213, 79), 0.03)
        """The focus ring: the table puts it in the scene, the keys move it."""
        self._ring_on = False
        """The ring shows: a key was pressed since the last mouse press."""
        self._places_cache: tuple[State | None, dict[int, str]] = (None, {})

    def key_press(self, event: QKeyEvent) -> bool:
        """Do what ``event`` means on the table; False if it is no table key."""
        nothing = nothing_to_take_back_said(event, self._table.model.game)
        if nothing:
            self.spoken.emit(nothing)
            return True
        name = key_name(event)
        return name is not None and self.press(name)

    def press(self, name: str) -> bool:
        """Do what the table key ``name`` means (see :mod:`canfield.presentation.keyboard`)."""
        table = self._table
        model = table.model
        self._ring_on = True
        self.keys.double_tap = table.double_tap
        held = self.keys.held
        reply = self.keys.press(name, model.game, table.lang, table.table_layout)
        if not reply.handled:
            return False
        if reply.say:
            self.spoken.emit(reply.say)
        if reply.play is None and self.keys.held is not held:
            table.sync()  # picked up or put back: lift them, or let them down
            self.lift()
        if reply.play is not None:
            if not model.play(reply.play):
                table.sync()
                table.shake_cards(list(reply.shake) or [int(reply.play.card or 0)])
        elif reply.draw:
            table.draw()
        elif reply.shake:
            table.shake_cards(list(reply.shake))
        self.show_ring()
        self.announce()
        return True

    def announce(self) -> None:
        """Say where the focus is (:attr:`focus_changed`)."""
        self.focus_changed.emit(self.landing())

    def put_back(self) -> None:
        """The position changed under held cards (an undo, a new deal): they go back, said."""
        dropped = self.keys.forget_held(self._table.lang)
        if dropped:
            self.spoken.emit(dropped)

    def let_go(self) -> None:
        """The mouse takes over: nothing held, no ring."""
        self.keys.held = None
        self._ring_on = False
        self.show_ring()

    def follow(self, state: State) -> None:
        """After the cards were laid out for ``state``: the focus on a pile it has, ringed."""
        self.keys.clamp(state)
        self.show_ring()

    @property
    def held_cards(self) -> list[int]:
        return list(self.keys.held.cards) if self.keys.held is not None else []

    def focused_card(self) -> int | None:
        """The card the keyboard focus is on (the top card of the pile, or deeper in a column)."""
        return self.keys.focused_card(self._table.model.state)

    def landing(self) -> str:
        """What a screen reader says for the focus: the pile, its card, where it can go."""
        return self.keys.landing(self._table.model.game, self._table.lang)

    def places_text(self, card: int) -> str:
        """Where ``card`` can go now ("can go to column 2"), asked once per position and card."""
        if self.keys.brief:
            return ""  # brief speech: a card is just "playable"
        state = self._table.model.state
        known, cache = self._places_cache
        if known is not state:
            cache = {}
            self._places_cache = (state, cache)
        if card not in cache:
            cache[card] = reading.places_text(state, card, self._table.lang)
        return cache[card]

    def _focus_rect(self) -> QRectF:
        table = self._table
        focus = self.keys.focus
        card = self.focused_card()
        place = None if card is None else table.placement(card)
        if place is None:
            return table.pile_rect(focus)
        lay = table.table_layout
        if focus.kind == "column":
            col = table.model.state.columns[focus.place]
            bottom = table.placement(col[-1])
            assert bottom is not None  # laid out with the focused card above it
            return QRectF(qpoint(place.pos), qpoint(bottom.pos) + QPointF(lay.card_w, lay.card_h))
        if focus.kind == "waste":
            return QRectF(place.pos.x, place.pos.y, lay.card_w, lay.card_h)
        return table.pile_rect(focus)

    def show_ring(self) -> None:
        """The ring round the focus while the keys are in use, else hidden."""
        if self._ring_on:
            self.ring.show_at(self._focus_rect())
        else:
            self.ring.hide()

    def lift(self) -> None:
        """Held cards sit a little raised so the player sees what is picked up."""
        if self.keys.held is None:
            return
        table = self._table
        lift = QPointF(0, -table.table_layout.card_h * 0.08)
        for i, card in enumerate(self.keys.held.cards):
            place = table.placement(card)
            if place is not None:
                item = table.card_item(card)
                item.setPos(qpoint(place.pos) + lift)
                item.setZValue(Z.DRAGGED + i)
        self.show_ring()

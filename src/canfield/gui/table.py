"""The card table: one QGraphicsScene that owns layout, hit-testing, dragging and animation.

As in KPatience's libkcardgame, the scene asks the engine what is legal
(``Game.tap_move``, ``Game.is_legal``, ``rules.pickup``) and never
decides a rule itself; the items only draw. Where cards lie, what piles are
called and what a press picks up come from :mod:`canfield.presentation`, which
the browser page uses too; this module only turns them into Qt items and events.
The scene observes the :class:`~canfield.gui.model.GameModel` and, after any
change, moves every card item to where the new position puts it - animated, so
a move, an undo or the auto-fill from the reserve all look the same.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from PySide6.QtCore import (
    QEasingCurve,
    QObject,
    QParallelAnimationGroup,
    QPointF,
    QPropertyAnimation,
    QRect,
    QRectF,
    QSequentialAnimationGroup,
    Qt,
    QTimer,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import (
    QAccessible,
    QAccessibleEvent,
    QColor,
    QKeyEvent,
    QPainter,
)
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
)

from canfield.describe import rank_letters
from canfield.gui import cardart
from canfield.gui.items import CardItem, CountBadge, DragShadow, FocusRing, SlotItem, TextItem
from canfield.gui.keys import TableKeys
from canfield.gui.model import Change, GameModel
from canfield.gui.qtgeom import point_of, qpoint, qrect, rect_of
from canfield.moves import FOUNDATION, Move
from canfield.pile import Pile
from canfield.presentation import piles
from canfield.presentation.answers import hint_sentence
from canfield.presentation.geometry import (
    CARD_ASPECT,
    Placement,
    Rect,
    TableLayout,
    column_flags,
    column_needs,
    index_depth,
    placements,
)
from canfield.presentation.keyboard import Keyboard
from canfield.presentation.narration import (
    cannot_move,
    cannot_put_down,
    draw_refused,
)
from canfield.presentation.piles import PILES
from canfield.presentation.stacking import Z
from canfield.rules import movable_start
from canfield.state import State

__all__ = ["TableScene"]

MOVE_MS: Final = 210
SHAKE_MS: Final = 280
HINT_MS: Final = 2600
"""How long a hint's rings stay on the table."""
HINT_NUDGE_MS: Final = 900


@dataclass
class _Press:
    """A mouse press that may become a tap or a drag."""

    pos: QPointF
    card: int | None
    pile: Pile | None
    cards: list[int] = field(default_factory=list)
    origins: list[QPointF] = field(default_factory=list)
    dragging: bool = False


class TableScene(QGraphicsScene):
    """The table; call :meth:`set_table_size` when the view resizes."""

    focus_changed = Signal(str)
    """The accessible name of what the keyboard focus is on now."""
    animation_finished = Signal()
    shaken = Signal()
    """A tap or drop did nothing (the cards shook)."""
    spoken = Signal(str)
    """A short sentence for screen readers: a pick-up, a put-back or a refusal and why."""
    refused = Signal(str)
    """A mouse drop or right-click the rules refused, and why, in one line (also spoken)."""

    def __init__(self, model: GameModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self.double_tap = True
        self.animations = True
        self.four_colour = False
        self.felt = "green"
        self.lang = "en"
        self.interactive = True
        self._cards: dict[int, CardItem] = {}
        for card in range(52):
            item = CardItem(card)
            self._cards[card] = item
            self.addItem(item)
        self._slots: dict[Pile, SlotItem] = {}
        for pile in PILES:
            slot = SlotItem(pile)
            self._slots[pile] = slot
            self.addItem(slot)
        self._reserve_label = TextItem()
        self.addItem(self._reserve_label)
        self._passes_label = TextItem()
        self.addItem(self._passes_label)
        self._stock_count = CountBadge()
        self._stock_count.setZValue(Z.STOCK_COUNT)
        self.addItem(self._stock_count)
        self._shadow = DragShadow()
        self._shadow.setZValue(Z.DRAG_SHADOW)
        self.addItem(self._shadow)
        self.table_keys = TableKeys(self, self)
        """The keys' focus, held cards and replies (:mod:`canfield.gui.keys`)."""
        self.table_keys.spoken.connect(self.spoken)
        self.table_keys.focus_changed.connect(self.focus_changed)
        self._drop_ring = FocusRing(QColor(120, 226, 255), 0.028)
        self._drop_ring.set_glow(True)
        self._hint_ring = FocusRing(QColor(255, 255, 255), 0.025)
        self._hint_ring.set_glow(True)
        for ring in (self.table_keys.ring, self._drop_ring, self._hint_ring):
            self.addItem(ring)
        self._size = (800.0, 600.0)
        self._layout = TableLayout.compute(800, 600, CARD_ASPECT)
        self._places: dict[int, Placement] = {}
        self._opened: int | None = None
        """A card of a long column's compressed part the player tapped: fanned open around it."""
        self._anim: QParallelAnimationGroup | None = None
        self._shake: QVariantAnimation | None = None
        self._press: _Press | None = None
        self._last_tap: int | None = None
        """The card the last tap was on (a double-click guard)."""
        self._drop_target: Pile | None = None
        self.hinted: Move | None = None
        self._playable: tuple[State | None, frozenset[int]] = (None, frozenset())
        """The last move the Hint button pointed at."""
        self._hint_timer = QTimer(self)
        self._hint_timer.setSingleShot(True)
        self._hint_timer.timeout.connect(self._clear_hint)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        model.changed.connect(self._on_changed)
        self.set_table_size(800, 600)

    # -- public API -------------------------------------------------------------

    @property
    def table_layout(self) -> TableLayout:
        return self._layout

    @property
    def model(self) -> GameModel:
        return self._model

    def card_item(self, card: int) -> CardItem:
        return self._cards[card]

    def placement(self, card: int) -> Placement | None:
        """Where ``card`` lies now (None before the first layout)."""
        return self._places.get(card)

    def card_items(self) -> list[CardItem]:
        return list(self._cards.values())

    def slot_item(self, pile: Pile) -> SlotItem:
        return self._slots[pile]

    @property
    def reserve_label(self) -> TextItem:
        return self._reserve_label

    @property
    def passes_label(self) -> TextItem:
        """The passes through the stock left, where the variant limits them ('' elsewhere)."""
        return self._passes_label

    @property
    def stock_count(self) -> CountBadge:
        return self._stock_count

    @property
    def drag_shadow(self) -> DragShadow:
        return self._shadow

    @property
    def is_animating(self) -> bool:
        return (self._anim is not None) or (self._shake is not None)

    def set_table_size(self, width: float, height: float) -> None:
        """Lay the table out again for a new size (cards are re-rendered, never scaled)."""
        self._size = (float(width), float(height))
        self.setSceneRect(0, 0, width, height)
        self._relayout(self._model.state, force=True)
        self._finish_animation()
        self.sync(animate=False)

    def _relayout(self, state: State, force: bool = False) -> bool:
        """Fit the layout to the table size and the longest column; ``True`` if it changed."""
        width, height = self._size
        longest = max(len(col) for col in state.columns)
        lay = TableLayout.compute(
            width,
            height,
            CARD_ASPECT,
            longest,
            state.variant.reserve_face_up,
            columns=column_needs(state),  # a long column compresses its closed cards first
        )
        if not force and lay == self._layout:
            return False
        self._layout = lay
        for item in self._cards.values():
            item.set_size(lay.card_w, lay.card_h)
        rects: dict[Pile, Rect] = {
            Pile("stock"): lay.stock,
            Pile("waste"): lay.waste,
            Pile("reserve"): lay.reserve,
        }
        for i in range(4):
            rects[Pile.foundation(i)] = lay.foundations[i]
            rects[Pile.column(i)] = lay.columns[i]
        for key, slot in self._slots.items():
            slot.set_rect(qrect(rects[key]))
        self._reserve_label.set_rect(qrect(lay.reserve_label))
        self._passes_label.set_rect(qrect(lay.stock_label))
        self._stock_count.place(qrect(lay.stock))
        return True

    def set_theme(self, back: str, felt: str) -> None:
        """The card backs' colourway and the table's colour (the view repaints its cache)."""
        for item in self._cards.values():
            if item.back != back:
                item.back = back
                item.update()
        if felt != self.felt:
            self.felt = felt
            self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)

    def set_four_colour(self, on: bool) -> None:
        self.four_colour = on
        for item in self._cards.values():
            item.four_colour = on
            item.update()

    def retranslate(self, lang: str) -> None:
        """Speak ``lang`` in the reserve count and accessible names; write it on the corners."""
        self.lang = lang
        letters = rank_letters(lang)
        for item in self._cards.values():
            if item.rank_letters != letters:
                item.rank_letters = letters
                item.update()
        self._update_labels(self._model.state)
        self.table_keys.announce()

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:  # noqa: N802 - Qt override
        painter.save()
        painter.setClipRect(QRectF(rect))
        cardart.paint_felt(painter, self.sceneRect(), self.felt)
        painter.restore()

    # -- following the model ----------------------------------------------------

    def _on_changed(self, change: Change) -> None:
        self._press = None
        self._opened = None  # a new position compresses its long columns afresh
        self._shadow.hide()
        self._set_drop_target(None)
        self._clear_hint()
        if change.kind != "play":
            self.table_keys.put_back()  # an undo or a new deal under held cards: said
        self.sync(
            animate=self.animations and change.kind in ("play", "undo", "redo"), change=change
        )

    def sync(self, animate: bool = False, change: Change | None = None) -> None:
        """Put every card where the model's position says, moving it there if ``animate``."""
        self._finish_animation(restore=False)
        state = self._model.state
        self._relayout(state)
        places = placements(
            state, self._layout, len(self._model.game.visible_waste()), self._opened
        )
        self._places = places
        delayed = self._autofilled(change, state)
        # A card whose strip is too thin for its corner index draws rank and suit side by side.
        depth = index_depth(self._layout.card_w)
        compact = {
            card
            for col in state.columns
            for card, above in itertools.pairwise(col)
            if places[above].pos.y - places[card].pos.y < depth
        }
        group = QParallelAnimationGroup(self) if animate else None
        for card, place in places.items():
            item = self._cards[card]
            item.set_compact_index(card in compact)
            turned = item.face_up != place.face_up
            item.set_face_up(place.face_up)
            item.set_flip(1.0)
            target = qpoint(place.pos)
            if group is not None and item.pos() != target:
                item.setZValue(Z.FLYING + place.z + (100 if card in delayed else 0))
                item.setVisible(True)
                group.addAnimation(self._move_animation(item, target, card in delayed, turned))
            else:
                item.setPos(target)
                item.setZValue(place.z)
        self._update_visibility(state, moving=group is not None)
        self._update_labels(state)
        self.table_keys.follow(state)
        if group is not None and group.animationCount():
            self._anim = group
            group.finished.connect(self._on_animation_done)
            group.start()
        else:
            if group is not None:
                group.deleteLater()
            self.animation_finished.emit()

    def _move_animation(
        self, item: CardItem, target: QPointF, delayed: bool, turned: bool = False
    ) -> QPropertyAnimation | QSequentialAnimationGroup | QParallelAnimationGroup:
        """Slide ``item`` to ``target``; a card changing sides (a draw, its undo) turns over too."""
        anim = QPropertyAnimation(item, b"pos")
        anim.setStartValue(item.pos())
        anim.setEndValue(target)
        distance = math.hypot(target.x() - item.pos().x(), target.y() - item.pos().y())
        duration = int(min(MOVE_MS + distance * 0.12, 360))
        anim.setDuration(duration)
        anim.setEasingCurve(QEasingCurve.Type.OutCubic)
        if turned:
            both = QParallelAnimationGroup()
            both.addAnimation(anim)
            flip = QVariantAnimation()
            flip.setStartValue(0.0)
            flip.setEndValue(1.0)
            flip.setDuration(duration)
            flip.setEasingCurve(QEasingCurve.Type.InOutSine)
            flip.valueChanged.connect(lambda value: item.set_flip(float(value)))
            item.set_flip(0.0)
            both.addAnimation(flip)
            return both
        if not delayed:
            return anim
        seq = QSequentialAnimationGroup()
        seq.addPause(MOVE_MS)
        seq.addAnimation(anim)
        return seq

    @staticmethod
    def _autofilled(change: Change | None, state: State) -> set[int]:
        """Cards the reserve sent into an emptied column during this move (they go second)."""
        if change is None or change.kind != "play" or change.before is None:
            return set()
        before = change.before
        gone = set(before.reserve) - set(state.reserve)
        if change.move is not None and change.move.card is not None:
            gone.discard(int(change.move.card))
        return gone

    def _finish_animation(self, restore: bool = True) -> None:
        """Stop a running animation; ``restore`` jumps the cards to where they belong.

        A new change passes ``restore=False`` so cards in flight carry on from
        where they are; a drag or a resize wants them in place at once.
        """
        running = self._shake is not None or self._anim is not None
        if self._shake is not None:
            shake = self._shake
            self._shake = None
            shake.stop()
            shake.deleteLater()
        if self._anim is not None:
            anim = self._anim
            self._anim = None
            anim.finished.disconnect(self._on_animation_done)
            anim.stop()
            anim.deleteLater()
        if running and restore:
            self._restore_positions()

    def _restore_positions(self) -> None:
        for card, place in self._places.items():
            item = self._cards[card]
            item.set_flip(1.0)
            item.setPos(qpoint(place.pos))
            item.setZValue(place.z)
        self._update_visibility(self._model.state, moving=False)

    def _on_animation_done(self) -> None:
        anim = self._anim
        self._anim = None
        if anim is not None:
            anim.deleteLater()
        self._restore_positions()
        self.table_keys.lift()
        self.animation_finished.emit()

    def _update_visibility(self, state: State, moving: bool) -> None:
        """Hide cards buried in a stack (they cannot be seen) so a frame paints little.

        While cards are moving nothing is hidden (a moving card may be one), but
        cards a move uncovers - the stock's new top after a draw - show at once.
        """
        hidden: set[int] = set()
        hidden.update(state.stock[:-2])
        if not self._layout.reserve_step:  # a fanned reserve shows every card
            hidden.update(state.reserve[:-2])
        shown = len(self._model.game.visible_waste())
        hidden.update(state.waste[: max(0, len(state.waste) - shown - 1)])
        for suit in range(4):
            hidden.update(state.foundation(suit)[:-2])
        for card, item in self._cards.items():
            if card not in hidden:
                item.setVisible(True)
            elif not moving:
                item.setVisible(False)

    def _update_labels(self, state: State) -> None:
        self._stock_count.set_count(len(state.stock))
        self._reserve_label.set_text(piles.count_text(len(state.reserve), "reserve"))
        for card, item in self._cards.items():
            where = self._places.get(card)
            face_up = where is None or where.face_up
            name = piles.card_label(card, face_up, self.lang)
            if item.accessible_name() != name:
                item.set_accessible_name(name)
                if QAccessible.isActive() and face_up:
                    # Turned face up (a draw) or renamed: a reader must not keep the old name.
                    # One turned face down (the waste back on the stock) leaves the tree: a
                    # reader whose focus was on it would say "face-down card" for nothing.
                    event = QAccessibleEvent(item, QAccessible.Event.NameChanged)
                    QAccessible.updateAccessibility(event)
        for key, slot in self._slots.items():
            kind, index = key
            slot.set_accessible_name(self.pile_label(key))
            if kind == "foundation":
                slot.set_label(piles.foundation_label(state, index, self.lang))
            elif kind == "stock":
                slot.set_label(piles.stock_mark(state))
        self._passes_label.set_text(piles.passes_text(state))

    def pile_label(self, pile: Pile) -> str:
        """The spoken name of a pile in the table's language."""
        return piles.pile_label(pile, self.lang)

    # -- what a screen reader is told ---------------------------------------------

    @staticmethod
    def piles() -> tuple[Pile, ...]:
        """The 11 piles in a fixed order: stock, waste, reserve, foundations, columns."""
        return PILES

    def pile_cards(self, pile: Pile) -> tuple[int, ...]:
        """Every card on ``pile``, bottom first."""
        return piles.pile_cards(self._model.state, pile)

    def visible_cards(self, pile: Pile) -> list[int]:
        """The cards a sighted player sees face up on ``pile``, bottom first."""
        return piles.visible_cards(self._model.game, pile)

    def pile_spoken_name(self, pile: Pile) -> str:
        """A pile's name with its size: "column 4, 3 cards", "waste, empty"."""
        return piles.pile_spoken_name(self._model.state, pile, self.lang)

    def pile_list_name(self, pile: Pile) -> str:
        """A pile's name as a list: "column 4" (its items say its size), "waste, 30 cards"."""
        return piles.pile_list_name(self._model.game, pile, self.lang)

    def is_playable(self, card: int) -> bool:
        """Whether the rules have a move for ``card`` now (asked once per position)."""
        state = self._model.state
        known, cards = self._playable
        if known is not state:
            cards = piles.playable_cards(self._model.game)
            self._playable = (state, cards)
        return card in cards

    # -- geometry questions -------------------------------------------------------

    def card_at(self, pos: QPointF) -> int | None:
        """The topmost visible card under ``pos`` (scene coordinates)."""
        for item in self.items(pos, Qt.ItemSelectionMode.IntersectsItemShape):
            if isinstance(item, CardItem) and item.isVisible():
                return item.card
        return None

    def pile_rect(self, pile: Pile) -> QRectF:
        """The area a pile's cards cover now (its slot when empty)."""
        return qrect(piles.pile_rect(self._layout, self._model.game, pile))

    def playable_rects(self) -> list[tuple[Pile, QRectF]]:
        """Where the player can play now: every pile's top card (a column's movable run).

        Messages over the table keep clear of these (the buried part of a column may be covered).
        """
        state = self._model.state
        rects = [(pile, self.pile_rect(pile)) for pile in PILES if pile[0] != "column"]
        if state.waste:
            rects.append((Pile("waste"), self._cards[state.waste[-1]].sceneBoundingRect()))
        for index, col in enumerate(state.columns):
            run = self.pile_rect(Pile.column(index))
            if col:
                run = QRectF()
                for card in col[movable_start(state, index) :]:
                    run = run.united(self._cards[card].sceneBoundingRect())
            rects.append((Pile.column(index), run))
        return rects

    def is_compressed(self, card: int) -> bool:
        """Whether ``card`` lies in a long column's compressed part (an edge, not its corner)."""
        state = self._model.state
        for index, col in enumerate(state.columns):
            if card in col[:-1]:
                flags = column_flags(state, self._layout, index, self._opened)
                return not flags[col.index(card)] and not self._layout.fits(len(col))
        return False

    def pile_at(self, pos: QPointF) -> Pile | None:
        for pile in PILES:
            if self.pile_rect(pile).contains(pos):
                return pile
        return None

    def card_center(self, card: int) -> QPointF:
        item = self._cards[card]
        return item.mapToScene(item.boundingRect().center())

    def pile_of(self, card: int) -> Pile:
        return piles.pile_of(self._model.state, card)

    def movable_group(self, card: int) -> list[int]:
        """The cards a press on ``card`` picks up (it and those on it), empty if none."""
        return piles.movable_group(self._model.state, card)

    # -- mouse ------------------------------------------------------------------

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802 - Qt override
        if event.button() == Qt.MouseButton.RightButton and self.interactive:
            event.accept()
            self._send_home(self.card_at(event.scenePos()))
            return
        if event.button() != Qt.MouseButton.LeftButton or not self.interactive:
            event.ignore()
            return
        event.accept()
        self._finish_animation()
        self.table_keys.let_go()
        pos = event.scenePos()
        card = self.card_at(pos)
        if card is None:
            self._press = _Press(pos, None, self.pile_at(pos))
            return
        cards = self.movable_group(card)
        origins = [self._cards[c].pos() for c in cards]
        self._press = _Press(pos, card, self.pile_of(card), cards, origins)

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802 - Qt override
        """A quick second tap is just another tap - unless the first one moved that card.

        Players used to "double-click sends it home" double-click out of habit: the
        first click already moved the card, and the second must not play whatever
        card now lies under the pointer. Quick taps on the stock still draw each time.
        """
        tapped = self._last_tap
        if tapped is not None and event.button() == Qt.MouseButton.LeftButton:
            under = self.card_at(event.scenePos())
            on_stock = self.pile_at(event.scenePos()) == Pile("stock") or (
                under is not None and under in self._model.state.stock
            )
            if not on_stock and under != tapped:
                event.accept()
                self._press = None
                return
        self.mousePressEvent(event)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802 - Qt override
        press = self._press
        if press is None or not press.cards:
            return
        delta = event.scenePos() - press.pos
        if not press.dragging:
            if delta.manhattanLength() < QApplication.startDragDistance():
                return
            press.dragging = True
            for i, card in enumerate(press.cards):
                self._cards[card].setZValue(Z.DRAGGED + i)
                self._cards[card].setVisible(True)
        group = QRectF()
        for card, origin in zip(press.cards, press.origins, strict=True):
            item = self._cards[card]
            item.setPos(origin + delta)
            group = group.united(item.sceneBoundingRect())
        self._shadow.show_under(group, self._layout.card_w)
        self._set_drop_target(self._drop_target_for(press, event.scenePos()))

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802 - Qt override
        press = self._press
        self._press = None
        self._shadow.hide()
        if press is None or event.button() != Qt.MouseButton.LeftButton:
            return
        if press.dragging:
            target = self._drop_target_for(press, event.scenePos())
            self._set_drop_target(None)
            if target is None or not self._drop(press.cards[0], target):
                # Illegal drop: glide back to where the cards came from, and say why.
                self.sync(animate=self.animations)
                self._refuse_drop(press, event.scenePos())
            return
        self._tap(press.card, press.pile)

    def _tap(self, card: int | None, pile: Pile | None) -> None:
        self._last_tap = card
        state = self._model.state
        if card is not None and card in state.stock:
            pile = Pile("stock")
        if pile == Pile("stock"):
            if not self._model.draw():
                self._refuse_draw()
            return
        if card is None:
            return
        if self.is_compressed(card):
            # Too thin to read or aim at: the tap opens this part of the column instead.
            self._opened = card
            self.sync(animate=self.animations)
            return
        if self._model.tap(card, self.double_tap) is None:
            self.shake_cards(self.movable_group(card) or [card])
            self.spoken.emit(cannot_move(card, self.lang))

    def _refuse_drop(self, press: _Press, pointer: QPointF) -> None:
        """One short line on why the drop was refused, as the keyboard's refusal says it.

        Dropped back where the cards came from (or on the table's felt) is no refusal
        worth a sentence on the screen: screen readers still hear that nothing moved.
        """
        card = press.cards[0]
        pile = self.pile_at(pointer)
        if pile is None or pile == press.pile or pile[0] not in ("column", "foundation"):
            self.spoken.emit(cannot_move(card, self.lang))
            return
        why = cannot_put_down(card, pile[0], pile[1], self._model.state, self.lang)
        self.spoken.emit(why)
        self.refused.emit(why)

    def _send_home(self, card: int | None) -> None:
        """Right-click: send the card home (as Aisleriot and KPat do), or say why not."""
        if card is None or card in self._model.state.stock:  # a face-down card says nothing
            return
        self._finish_animation()
        if self._model.move_card(card, FOUNDATION):
            return
        self.shake_cards(self.movable_group(card) or [card])
        home = Pile.of_suit(self._model.state, card // 13)  # numbered by its place, as shown
        why = cannot_put_down(card, home.kind, home.place, self._model.state, self.lang)
        self.spoken.emit(why)
        self.refused.emit(why)

    def _drop(self, card: int, target: Pile) -> bool:
        return self._model.play(piles.target_move(card, target))

    def _drop_target_for(self, press: _Press, pointer: QPointF) -> Pile | None:
        """The legal pile the dragged cards overlap most (forgiving: not just the pointer)."""
        lead = press.cards[0]
        dragged = rect_of(self._cards[lead].sceneBoundingRect())
        return piles.drop_target(
            self._layout,
            self._model.game,
            lead,
            dragged=dragged,
            pointer=point_of(pointer),
            source=press.pile,
        )

    def _set_drop_target(self, target: Pile | None) -> None:
        self._drop_target = target
        if target is None:
            self._drop_ring.hide()
            return
        rect = self.pile_rect(target)
        if target[0] == "column":
            col = self._model.state.columns[target[1]]
            if col:
                last = self._places.get(col[-1])
                if last is not None:
                    rect = QRectF(qpoint(last.pos), rect.bottomRight())
        self._drop_ring.show_at(rect)

    @property
    def drop_target(self) -> Pile | None:
        return self._drop_target

    @property
    def drop_ring_rect(self) -> QRectF | None:
        """Where a drag's drop target (or a hint's target) is ringed; ``None`` when hidden."""
        return self._drop_ring.shown_rect()

    @property
    def hint_ring_rect(self) -> QRectF | None:
        """Where the hinted card (or the stock) is ringed; ``None`` when no hint is shown."""
        return self._hint_ring.shown_rect()

    # -- feedback -----------------------------------------------------------------

    def shake_cards(self, cards: list[int]) -> None:
        """A short sideways shake: the tap was understood, but nothing can move."""
        self.shaken.emit()
        if not cards or not self.animations:
            return
        amp = self._layout.card_w * 0.06

        def offset(t: float) -> QPointF:
            return QPointF(math.sin(t * math.pi * 6) * amp * (1 - t), 0)

        self._wiggle(cards, offset, SHAKE_MS)

    def _wiggle(self, cards: list[int], offset: Callable[[float], QPointF], ms: int) -> None:
        """Move ``cards`` by ``offset(t)`` for t from 0 to 1, then put them back in place."""
        self._finish_animation()
        items = [self._cards[c] for c in cards]
        bases = [qpoint(self._places[c].pos) for c in cards]
        anim = QVariantAnimation(self)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)
        anim.setDuration(ms)

        def step(value: object) -> None:
            shift = offset(float(value))  # type: ignore[arg-type]
            for item, base in zip(items, bases, strict=True):
                item.setPos(base + shift)

        def done() -> None:
            if self._shake is anim:
                self._shake = None
                self._restore_positions()
                self.table_keys.lift()
            anim.deleteLater()

        anim.valueChanged.connect(step)
        anim.finished.connect(done)
        self._shake = anim
        anim.start()

    def show_hint(self, move: Move) -> None:
        """Point at a hinted move for a moment: ring the card and its target, nudge it there."""
        self._clear_hint()
        self.hinted = move
        if move.card is None:
            self._hint_ring.show_at(self.pile_rect(Pile("stock")))
            self._hint_timer.start(HINT_MS)
            return
        card = int(move.card)
        group = self.movable_group(card) or [card]
        rect = QRectF()
        for c in group:
            rect = rect.united(self._cards[c].sceneBoundingRect())
        self._hint_ring.show_at(rect)
        target = Pile.of_move(self._model.state, move)
        self._set_drop_target(target)
        self._hint_timer.start(HINT_MS)
        if self.animations:
            # Lean the cards a quarter of the way towards the target and back, twice.
            goal = self._drop_ring.ring_rect().center()
            delta = goal - rect.center()
            length = math.hypot(delta.x(), delta.y()) or 1.0
            reach = min(length, self._layout.card_w * 0.35) / length
            offset = QPointF(delta.x() * reach, delta.y() * reach)
            self._wiggle(group, lambda t: offset * math.sin(t * math.pi * 2) ** 2, HINT_NUDGE_MS)

    def hint_text(self, move: Move) -> str:
        """The hint in words, for the status bar and screen readers."""
        return hint_sentence(self._model.state, move, self.lang)

    def _clear_hint(self) -> None:
        self._hint_ring.hide()
        if self._press is None:
            self._set_drop_target(None)

    # -- keyboard (canfield.gui.keys) -------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        if self.interactive and self.table_keys.key_press(event):
            event.accept()
        else:
            event.ignore()

    @property
    def keys(self) -> Keyboard:
        """The keyboard's focus and held cards (shared with the browser build)."""
        return self.table_keys.keys

    @property
    def focus_pile(self) -> Pile:
        return self.table_keys.keys.focus

    @property
    def held_cards(self) -> list[int]:
        return self.table_keys.held_cards

    def focused_card(self) -> int | None:
        """The card the keyboard focus is on (the top card of the pile, or deeper in a column)."""
        return self.table_keys.focused_card()

    def places_text(self, card: int) -> str:
        """Where ``card`` can go now ("can go to column 2"), asked once per position and card."""
        return self.table_keys.places_text(card)

    @property
    def focus_ring_rect(self) -> QRectF | None:
        """Where the keyboard focus ring is drawn (scene coordinates); ``None`` when hidden."""
        return self.table_keys.ring.shown_rect()

    def draw(self) -> bool:
        """Tap the stock; a tap that does nothing says why (no card left, no pass left)."""
        if self._model.draw():
            return True
        self._refuse_draw()
        return False

    def _refuse_draw(self) -> None:
        self.shake_cards([])
        self.spoken.emit(draw_refused(self._model.state))

"""What a screen reader finds on the card table: the table, its 11 piles, the cards on them.

The table is drawn on a QGraphicsView, which Qt exposes as one blank
object. These :class:`QAccessibleInterface` classes give it structure, so
object navigation and flat review read it like a list of piles:

* the view: a panel named "Card table" whose children are the 11 piles
  (stock, waste, reserve, the four foundations, the four columns) and any
  widget shown over it (the "You won!" panel);
* each pile: a list named with its count ("reserve, 13 cards"; a column, whose
  cards are all items, by its name alone: readers count the items), whose
  children are the cards a sighted player sees face up on it;
* each card: a list item named by the engine ("queen of clubs"), focused when
  the keyboard is on it, selected while held, described as "playable" when
  the rules (:meth:`Game.legal_moves`) have a move for it.

A factory (:func:`install`) hands these out for the view and the scene's
pile and card items; Qt caches one interface per object. Qt's own label
sends a name change every time its text changes: :class:`QuietLabel` is a
label (the clock) whose changes are read on demand instead of announced.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPoint, QRect, QRectF
from PySide6.QtGui import QAccessible, QAccessibleInterface, QAccessibleObject
from PySide6.QtWidgets import QAccessibleWidget, QGraphicsView, QLabel, QWidget

from canfield.gui.items import CardItem, SlotItem
from canfield.i18n import _

if TYPE_CHECKING:
    from canfield.gui.table import TableScene
    from canfield.pile import Pile

__all__ = ["DescriptionLabel", "Notice", "QuietLabel", "focus_target", "install"]

_table_views: list[type[QGraphicsView]] = []


class QuietLabel(QLabel):
    """A label whose text changes are not announced (the clock ticks every second).

    Setting an accessible name stops QLabel's name-change events; the
    interface below still reads the current text when a reader asks.
    """

    def setText(self, text: str) -> None:  # noqa: N802 - Qt override
        if not self.accessibleName():
            self.setAccessibleName(text)
        super().setText(text)


class DescriptionLabel(QLabel):
    """An explanation shown under a control whose accessible description carries the same words.

    Screen readers say the control's description when it takes the focus; this
    label is hidden from them and tells them it describes :attr:`describes`
    (:class:`DescriptionAccessible`), so opening a dialog does not read every
    explanation in it as well: Orca 43 reads a dialog's labels that have no
    relation, however hidden (it goes by the showing events Qt sent as the
    dialog opened), so New game said 66 words and Settings 162.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.describes: QWidget | None = None
        """The control whose description this label's text is."""


def install(table_view: type[QGraphicsView]) -> None:
    """Register the factory (once per process); ``table_view`` is the card table's view class.

    The view passes its own class, so this module never imports the view that imports it.
    """
    if not _table_views:
        QAccessible.installFactory(_factory)
        _table_views.append(table_view)


def _factory(key: str, obj: QObject) -> QAccessibleInterface | None:
    if isinstance(obj, CardItem):
        return CardAccessible(obj)
    if isinstance(obj, SlotItem):
        return PileAccessible(obj)
    if _table_views and isinstance(obj, _table_views[0]):
        return TableAccessible(obj)
    if isinstance(obj, QuietLabel):
        return QuietLabelAccessible(obj)
    if isinstance(obj, Notice):
        return NoticeAccessible(obj)
    if isinstance(obj, DescriptionLabel):
        return DescriptionAccessible(obj)
    return None


def _interface(obj: QObject | None) -> QAccessibleInterface | None:
    return QAccessible.queryAccessibleInterface(obj) if obj is not None else None


def _view_of(scene: TableScene | None) -> QGraphicsView | None:
    if scene is None:
        return None
    views = scene.views()
    return views[0] if views else None


def _screen_rect(scene: TableScene | None, rect: QRectF) -> QRect:
    """A scene rectangle in screen coordinates (where flat review and a magnifier look)."""
    view = _view_of(scene)
    if view is None:
        return QRect()
    local = view.mapFromScene(rect).boundingRect()
    top_left = view.viewport().mapToGlobal(local.topLeft())
    return QRect(top_left, local.size())


def focus_target(scene: TableScene) -> QObject:
    """The item whose interface has the keyboard focus: the focused card, else its pile."""
    pile = scene.focus_pile
    card = scene.focused_card()
    if card is not None and card in scene.visible_cards(pile):
        return scene.card_item(card)
    return scene.slot_item(pile)


def _scene_of(item: CardItem | SlotItem) -> TableScene | None:
    from canfield.gui.table import TableScene

    scene = item.scene()
    return scene if isinstance(scene, TableScene) else None


def _has_focus(scene: TableScene) -> bool:
    view = _view_of(scene)
    return view is not None and view.hasFocus()


class TableAccessible(QAccessibleWidget):
    """The card table: a named panel holding the 11 piles and any panel shown over it."""

    def __init__(self, view: QGraphicsView) -> None:
        super().__init__(view, QAccessible.Role.Pane)
        self._view = view

    def _scene(self) -> TableScene | None:
        from canfield.gui.table import TableScene

        scene = self._view.scene()
        return scene if isinstance(scene, TableScene) else None

    def _piles(self) -> list[SlotItem]:
        scene = self._scene()
        return [] if scene is None else [scene.slot_item(p) for p in scene.piles()]

    def _widgets(self) -> list[QWidget]:
        """Visible widgets over the table (the win panel, a toast); not the viewport."""
        viewport = self._view.viewport()
        return [
            w
            for w in self._view.children()
            if isinstance(w, QWidget) and w is not viewport and w.isVisible() and not w.isWindow()
        ]

    def _children(self) -> list[QObject]:
        return [*self._piles(), *self._widgets()]

    def role(self) -> QAccessible.Role:
        return QAccessible.Role.Pane

    def childCount(self) -> int:  # noqa: N802 - Qt override
        return len(self._children())

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        children = self._children()
        return _interface(children[index]) if 0 <= index < len(children) else None

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: N802 - Qt override
        obj = child.object() if child is not None else None
        children = self._children()
        return children.index(obj) if obj in children else -1

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: N802
        scene = self._scene()
        if scene is None or not self._view.hasFocus():
            return None
        return _interface(focus_target(scene))

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: N802
        for obj in reversed(self._children()):
            iface = _interface(obj)
            if iface is not None and iface.rect().contains(QPoint(x, y)):
                return iface
        return None


class PileAccessible(QAccessibleObject):
    """One pile: a list named with its count (where its items do not say it), holding the cards
    seen face up on it."""

    def __init__(self, slot: SlotItem) -> None:
        super().__init__(slot)
        self._slot = slot

    @property
    def pile(self) -> Pile:
        return self._slot.pile

    def _cards(self, scene: TableScene) -> list[int]:
        return scene.visible_cards(self.pile)

    def role(self) -> QAccessible.Role:
        return QAccessible.Role.List

    def text(self, kind: QAccessible.Text) -> str:
        scene = _scene_of(self._slot)
        if scene is None:
            return ""
        if kind == QAccessible.Text.Name:
            return scene.pile_list_name(self.pile)
        return ""

    def state(self) -> QAccessible.State:
        state = QAccessible.State()
        state.focusable = True
        scene = _scene_of(self._slot)
        if scene is not None and _has_focus(scene) and focus_target(scene) is self._slot:
            state.focused = True
        return state

    def parent(self) -> QAccessibleInterface | None:  # type: ignore[override]
        return _interface(_view_of(_scene_of(self._slot)))

    def childCount(self) -> int:  # noqa: N802 - Qt override
        scene = _scene_of(self._slot)
        return 0 if scene is None else len(self._cards(scene))

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        scene = _scene_of(self._slot)
        if scene is None:
            return None
        cards = self._cards(scene)
        return _interface(scene.card_item(cards[index])) if 0 <= index < len(cards) else None

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: N802 - Qt override
        scene = _scene_of(self._slot)
        obj = child.object() if child is not None else None
        if scene is None or not isinstance(obj, CardItem):
            return -1
        cards = self._cards(scene)
        return cards.index(obj.card) if obj.card in cards else -1

    def rect(self) -> QRect:
        scene = _scene_of(self._slot)
        return QRect() if scene is None else _screen_rect(scene, scene.pile_rect(self.pile))

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: N802
        for i in reversed(range(self.childCount())):
            iface = self.child(i)
            if iface is not None and iface.rect().contains(QPoint(x, y)):
                return iface
        return None


class CardAccessible(QAccessibleObject):
    """One card: its name, and whether it has the focus, is held or can be played."""

    def __init__(self, item: CardItem) -> None:
        super().__init__(item)
        self._item = item

    def role(self) -> QAccessible.Role:
        return QAccessible.Role.ListItem

    def text(self, kind: QAccessible.Text) -> str:
        scene = _scene_of(self._item)
        if scene is None:
            return ""
        if kind == QAccessible.Text.Name:
            return self._item.accessible_name()
        if kind == QAccessible.Text.Description:
            card = self._item.card
            if card in scene.held_cards:
                return _("held")
            if scene.is_playable(card):
                # Where it can go, so landing on it says what can be played from here.
                return scene.places_text(card) or _("playable")
        return ""

    def state(self) -> QAccessible.State:
        state = QAccessible.State()
        state.focusable = True
        state.selectable = True
        scene = _scene_of(self._item)
        if scene is None:
            return state
        if _has_focus(scene) and focus_target(scene) is self._item:
            state.focused = True
        if self._item.card in scene.held_cards:
            state.selected = True
        if not self._item.isVisible():
            state.invisible = True
        return state

    def parent(self) -> QAccessibleInterface | None:  # type: ignore[override]
        scene = _scene_of(self._item)
        if scene is None:
            return None
        return _interface(scene.slot_item(scene.pile_of(self._item.card)))

    def childCount(self) -> int:  # noqa: N802 - Qt override
        return 0

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        return None

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: N802 - Qt override
        return -1

    def rect(self) -> QRect:
        scene = _scene_of(self._item)
        if scene is None:
            return QRect()
        return _screen_rect(scene, self._item.sceneBoundingRect())


class QuietLabelAccessible(QAccessibleWidget):
    """A static text that reads the label's current text (its changes are not announced)."""

    def __init__(self, label: QuietLabel) -> None:
        super().__init__(label, QAccessible.Role.StaticText)
        self._label = label

    def text(self, kind: QAccessible.Text) -> str:
        if kind == QAccessible.Text.Name:
            return self._label.text()
        return str(super().text(kind))


class Notice(QWidget):
    """An invisible notification: the fallback that older readers (Orca 43) speak.

    :class:`~canfield.gui.speech.Speaker` puts a sentence in it and reports it
    shown; readers speak a notification that appears, wherever the focus is.
    """

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("spokenNotice")
        self.text = ""
        self.hide()


class NoticeAccessible(QAccessibleWidget):
    def __init__(self, notice: Notice) -> None:
        super().__init__(notice, QAccessible.Role.Notification)
        self._notice = notice

    def text(self, kind: QAccessible.Text) -> str:
        return self._notice.text if kind == QAccessible.Text.Name else ""


class DescriptionAccessible(QAccessibleWidget):
    """An explanation a control's description already says: readers skip it.

    It is not showing, and it is the description of its control (AT-SPI's
    description-for): Orca reads a dialog's labels that relate to nothing as it
    opens, and goes by the showing events sent as the dialog was shown rather
    than by the state asked afterwards, so only the relation keeps it quiet.
    """

    def __init__(self, label: DescriptionLabel) -> None:
        super().__init__(label, QAccessible.Role.StaticText)
        self._label = label

    def text(self, kind: QAccessible.Text) -> str:
        return self._label.text() if kind == QAccessible.Text.Name else ""

    def state(self) -> QAccessible.State:
        state = super().state()
        state.invisible = True
        return state

    def relations(
        self, match: QAccessible.RelationFlag = QAccessible.RelationFlag.AllRelations
    ) -> list[tuple[QAccessibleInterface, QAccessible.RelationFlag]]:
        found = list(super().relations(match))
        control = self._label.describes
        described = QAccessible.RelationFlag.DescriptionFor
        iface = _interface(control)
        if iface is not None and match & described:
            found.append((iface, described))
        return found

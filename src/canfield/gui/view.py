"""The widget that shows the table: the scene always fills it, laid out for its size.

Instead of scaling a fixed scene (blurry bitmaps, wasted margins), the view
hands its size to the scene, which lays the table out again and re-renders
the cards at the new device size. The view also tells screen readers what
changed on the table: which pile or card has the keyboard focus, and which
piles changed their cards (see :mod:`canfield.gui.accessible` for the
objects they read). Tab leaves the table; the arrow keys walk its piles.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QAccessible, QAccessibleEvent, QFocusEvent, QPainter, QResizeEvent
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from canfield.gui import accessible
from canfield.gui.model import Change
from canfield.gui.table import TableScene
from canfield.i18n import _
from canfield.pile import Pile

__all__ = ["TableView"]


class TableView(QGraphicsView):
    """A frameless, scroll-free view whose scene is exactly its viewport."""

    def __init__(self, scene: TableScene, parent: QWidget | None = None) -> None:
        accessible.install(TableView)
        super().__init__(scene, parent)
        self._table = scene
        self._spoken_piles: dict[Pile, tuple[str, tuple[int, ...]]] = {}
        self._focused: QObject | None = None
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
            | QPainter.RenderHint.TextAntialiasing
        )
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, True)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(240, 320)
        self.setMouseTracking(False)
        scene.focus_changed.connect(self._on_focus_changed)
        scene.model.changed.connect(self._on_changed)
        self.retranslate()
        self._remember_piles()

    @property
    def table(self) -> TableScene:
        return self._table

    def retranslate(self) -> None:
        self.setAccessibleName(_("Card table"))
        self.setAccessibleDescription(
            _("Arrow keys move between piles, Enter picks up and puts down, D draws")
        )
        self.setToolTip("")
        if QAccessible.isActive():
            for pile in self._table.piles():
                self._notify(self._table.slot_item(pile), QAccessible.Event.NameChanged)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        size = self.viewport().size()
        self._table.set_table_size(size.width(), size.height())
        self.resetCachedContent()

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt override
        super().focusInEvent(event)
        self._focused = None
        # After Qt has reported the table itself focused, so readers say "Card table"
        # and then land on the focused pile or card.
        QTimer.singleShot(0, self._announce_focus)

    # -- telling screen readers -----------------------------------------------------

    @staticmethod
    def _notify(obj: QObject, kind: QAccessible.Event) -> None:
        QAccessible.updateAccessibility(QAccessibleEvent(obj, kind))

    def _announce_focus(self) -> None:
        """Move the reader's focus to the focused card or pile (when it changed)."""
        if not (QAccessible.isActive() and self.hasFocus()):
            return
        target = accessible.focus_target(self._table)
        if target is self._focused:
            return
        self._focused = target
        self._notify(target, QAccessible.Event.Focus)

    def _on_focus_changed(self, _name: str) -> None:
        self._announce_focus()

    def _remember_piles(self) -> dict[Pile, tuple[str, tuple[int, ...]]]:
        old = self._spoken_piles
        table = self._table
        self._spoken_piles = {
            pile: (table.pile_list_name(pile), tuple(table.visible_cards(pile)))
            for pile in table.piles()
        }
        return old

    def _on_changed(self, change: Change) -> None:
        """After any change: new pile names and card lists, and where the focus is now."""
        if not QAccessible.isActive():
            return
        old = self._remember_piles()
        was_on = {card: pile for pile, (_name, cards) in old.items() for card in cards}
        for pile, (_name, cards) in self._spoken_piles.items():
            for card in cards:
                if was_on.get(card) != pile:
                    # It moved or came face up: a reader must not name its old pile as its list.
                    self._notify(self._table.card_item(card), QAccessible.Event.ParentChanged)
        for pile, (name, cards) in self._spoken_piles.items():
            before = old.get(pile)
            slot = self._table.slot_item(pile)
            if before is None or before[1] != cards:
                self._notify(slot, QAccessible.Event.ObjectReorder)
            if before is None or before[0] != name:
                self._notify(slot, QAccessible.Event.NameChanged)
        self._announce_focus()

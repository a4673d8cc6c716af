"""The widget that shows the table: the scene always fills it, laid out for its size.

Instead of scaling a fixed scene (blurry bitmaps, wasted margins), the view
hands its size to the scene, which lays the table out again and re-renders
the cards at the new device size. The view also carries the table's
accessibility: its name follows the keyboard focus and its description is the
spoken position, updated (with an accessibility event) after every action.
"""

from __future__ import annotations

from typing import Any

from PySide6 import QtGui
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import (
    QAccessible,
    QAccessibleEvent,
    QKeyEvent,
    QPainter,
    QResizeEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from canfield.gui.table import TableScene
from canfield.i18n import _

__all__ = ["TableView"]

_ANNOUNCEMENT: Any = getattr(QtGui, "QAccessibleAnnouncementEvent", None)
"""Qt 6.8's spoken-notice event; older Qt falls back to a description change."""


class TableView(QGraphicsView):
    """A frameless, scroll-free view whose scene is exactly its viewport."""

    def __init__(self, scene: TableScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self._table = scene
        self.last_announcement = ""
        """The last text handed to screen readers with :meth:`announce` (for tests)."""
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
        self.retranslate()

    @property
    def table(self) -> TableScene:
        return self._table

    def retranslate(self) -> None:
        self.setAccessibleName(_("Card table"))
        self.setToolTip("")

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        size = self.viewport().size()
        self._table.set_table_size(size.width(), size.height())
        self.resetCachedContent()

    def event(self, event: QEvent) -> bool:
        # Tab and Shift+Tab walk the piles instead of leaving the table.
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab)
            and not event.modifiers() & Qt.KeyboardModifier.ControlModifier
        ):
            self._table.keyPressEvent(event)
            return True
        return super().event(event)

    def set_position_description(self, text: str) -> None:
        """Expose the whole position to screen readers and tell them it changed."""
        if text == self.accessibleDescription():
            return
        self.setAccessibleDescription(text)
        if QAccessible.isActive():
            QAccessible.updateAccessibility(
                QAccessibleEvent(self, QAccessible.Event.DescriptionChanged)
            )

    def announce(self, text: str) -> None:
        """Have screen readers say ``text`` now (a hint, a notice), politely."""
        self.last_announcement = text
        if not QAccessible.isActive():
            return
        if _ANNOUNCEMENT is not None:
            QAccessible.updateAccessibility(_ANNOUNCEMENT(self, text))
        else:
            self.set_position_description(text)

    def _on_focus_changed(self, name: str) -> None:
        self.setAccessibleName(name)
        if QAccessible.isActive():
            QAccessible.updateAccessibility(QAccessibleEvent(self, QAccessible.Event.NameChanged))

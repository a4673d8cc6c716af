"""Graphics items that only draw: cards, empty-pile slots, the focus ring, a text label.

No item knows a rule. The table scene decides where they go, what is
highlighted and what a click means; items paint themselves crisply at the
device pixel ratio they are drawn on (card pixmaps are re-rendered at the
device size rather than scaled).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from canfield.gui import cardart
from canfield.pile import Pile
from canfield.presentation.stacking import Z

__all__ = [
    "CardItem",
    "CountBadge",
    "DragShadow",
    "FocusRing",
    "SlotItem",
    "TextItem",
    "device_scale",
]

ACCESSIBLE_NAME = 0
"""``QGraphicsItem.data`` key holding the item's accessible (spoken) name."""


def device_scale(painter: QPainter) -> float:
    """Device pixels per scene unit on ``painter``: the HiDPI ratio times any view zoom."""
    device = painter.device()
    ratio = device.devicePixelRatioF() if device is not None else 1.0
    scale = painter.worldTransform().m11()
    return max(0.25, ratio * abs(scale) if scale else ratio)


class CardItem(QGraphicsObject):
    """One card, face up or down, drawn from :func:`cardart.card_pixmap`."""

    def __init__(self, card: int, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.card = card
        self._face_up = True
        self._width = 60.0
        self._height = 84.0
        self.four_colour = False
        self.rank_letters: tuple[str, ...] = cardart.RANK_LABELS
        """The corner letters, ace to king, in the table's language."""
        self.back = "blue"
        """The back's colourway (the ``card_back`` setting)."""
        self._flip = 1.0
        self._compact_index = False
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.NoCache)

    # -- geometry -------------------------------------------------------------

    @property
    def compact_index(self) -> bool:
        """Whether the face shows the compact corner index of a tightly squeezed column."""
        return self._compact_index

    def set_compact_index(self, on: bool) -> None:
        if on != self._compact_index:
            self._compact_index = on
            self.update()

    def set_size(self, width: float, height: float) -> None:
        if (width, height) != (self._width, self._height):
            self.prepareGeometryChange()
            self._width, self._height = width, height

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt override
        return QRectF(0, 0, self._width, self._height)

    @property
    def face_up(self) -> bool:
        return self._face_up

    def set_face_up(self, face_up: bool) -> None:
        if face_up != self._face_up:
            self._face_up = face_up
            self.update()

    @property
    def flip(self) -> float:
        """Progress of a turn-over: 1 when at rest; below 0.5 the old side still shows."""
        return self._flip

    def set_flip(self, progress: float) -> None:
        """Draw the card part way through turning over (0 → 1), narrowing to an edge midway."""
        progress = min(1.0, max(0.0, progress))
        if progress != self._flip:
            self._flip = progress
            self.update()

    def set_accessible_name(self, name: str) -> None:
        self.setData(ACCESSIBLE_NAME, name)

    def accessible_name(self) -> str:
        value = self.data(ACCESSIBLE_NAME)
        return value if isinstance(value, str) else ""

    # -- drawing ----------------------------------------------------------------

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        scale = device_scale(painter)
        width = round(self._width)
        face_up = self._face_up
        if self._flip < 1.0:
            # A turn-over: the old side narrows to an edge, then the new side widens.
            squeeze = abs(1.0 - 2.0 * self._flip)
            if self._flip < 0.5:
                face_up = not face_up
            painter.translate(self._width / 2, 0)
            painter.scale(max(squeeze, 0.02), 1.0)
            painter.translate(-self._width / 2, 0)
        pixmap = cardart.card_pixmap(
            self.card if face_up else None,
            width,
            scale,
            four_colour=self.four_colour,
            compact_index=self._compact_index,
            ranks=self.rank_letters,
            back=self.back,
        )
        painter.drawPixmap(QPointF(0, 0), pixmap)


class SlotItem(QGraphicsObject):
    """The place of a pile: an outline with a glyph when empty (the scene draws the drop ring)."""

    def __init__(self, pile: Pile, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.pile = pile
        """Which pile this is the place of."""
        self.label = ""
        self._rect = QRectF(0, 0, 60, 84)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(Z.SLOT)

    def set_rect(self, rect: QRectF) -> None:
        self.prepareGeometryChange()
        self.setPos(rect.topLeft())
        self._rect = QRectF(0, 0, rect.width(), rect.height())

    def set_label(self, label: str) -> None:
        if label != self.label:
            self.label = label
            self.update()

    def set_accessible_name(self, name: str) -> None:
        self.setData(ACCESSIBLE_NAME, name)

    def accessible_name(self) -> str:
        value = self.data(ACCESSIBLE_NAME)
        return value if isinstance(value, str) else ""

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt override
        return self._rect.adjusted(-2, -2, 2, 2)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        # A cached picture: a translucent antialiased outline costs a lot to fill on every frame.
        rect = self._rect
        pixmap = cardart.slot_pixmap(
            round(rect.width()), round(rect.height()), self.label, device_scale(painter)
        )
        painter.drawPixmap(rect.topLeft(), pixmap)


class FocusRing(QGraphicsObject):
    """A rounded outline drawn above the cards: keyboard focus or a drop target."""

    def __init__(self, colour: QColor, width_factor: float, parent: QGraphicsItem | None = None):
        super().__init__(parent)
        self._rect = QRectF()
        self._colour = colour
        self._width_factor = width_factor
        self._glow = False
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(Z.FOCUS_RING)
        self.hide()

    def set_glow(self, glow: bool) -> None:
        self._glow = glow
        self.update()

    def show_at(self, rect: QRectF) -> None:
        pad = max(2.0, rect.width() * 0.04)
        target = rect.adjusted(-pad, -pad, pad, pad)
        if target != self._rect:
            self.prepareGeometryChange()
            self._rect = target
        self.show()

    def ring_rect(self) -> QRectF:
        return QRectF(self._rect)

    def shown_rect(self) -> QRectF | None:
        """The outline's rectangle while it is drawn; ``None`` while it is hidden."""
        return QRectF(self._rect) if self.isVisible() else None

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt override
        margin = self._pen_width() * 2 + 2
        return self._rect.adjusted(-margin, -margin, margin, margin)

    def _pen_width(self) -> float:
        return max(2.0, self._rect.width() * self._width_factor)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        if self._rect.isEmpty():
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        # The view does not save the painter's state between items (DontSavePainterState):
        # a brush left by another item (the stock's count badge) would fill the glow's
        # outlines and hide the cards under the ring.
        painter.setBrush(Qt.BrushStyle.NoBrush)
        radius = self._rect.width() * 0.09
        path = QPainterPath()
        path.addRoundedRect(self._rect, radius, radius)
        if self._glow:
            glow = QColor(self._colour)
            for i in range(3, 0, -1):
                glow.setAlpha(40)
                painter.setPen(QPen(glow, self._pen_width() * (1 + i)))
                painter.drawPath(path)
            fill = QColor(self._colour)
            fill.setAlpha(38)
            painter.fillPath(path, fill)
        painter.setPen(QPen(self._colour, self._pen_width()))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)


class TextItem(QGraphicsObject):
    """Centred text in a box (the reserve's card count), sized to the box height."""

    def __init__(self, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self._rect = QRectF()
        self._text = ""
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_rect(self, rect: QRectF) -> None:
        self.prepareGeometryChange()
        self._rect = QRectF(rect)
        self.update()

    def set_text(self, text: str) -> None:
        if text != self._text:
            self._text = text
            self.update()

    def text(self) -> str:
        return self._text

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt override
        return QRectF(self._rect)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        if not self._text:
            return
        font = QFont()
        size = max(8, round(self._rect.height() * 0.78))
        font.setPixelSize(size)
        font.setWeight(QFont.Weight.DemiBold)
        # A long translation gets a smaller font rather than spilling out of its box.
        wide = QFontMetricsF(font).horizontalAdvance(self._text)
        if wide > self._rect.width() > 0:
            font.setPixelSize(max(6, math.floor(size * self._rect.width() / wide)))
        painter.setFont(font)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.setPen(QColor(240, 246, 236, 230))
        painter.drawText(self._rect, int(Qt.AlignmentFlag.AlignCenter), self._text)


class CountBadge(QGraphicsObject):
    """A small pill with a number (the cards left in the stock), drawn over a pile's foot."""

    def __init__(self, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self._rect = QRectF()
        self._count = 0
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def place(self, pile: QRectF) -> None:
        """Sit centred near the bottom of ``pile`` (a card's rectangle)."""
        height = max(12.0, pile.width() * 0.24)
        width = max(height * 1.5, pile.width() * 0.42)
        self.prepareGeometryChange()
        self._rect = QRectF(
            pile.center().x() - width / 2, pile.bottom() - height * 1.35, width, height
        )
        self.update()

    def set_count(self, count: int) -> None:
        if count != self._count:
            self._count = count
            self.update()
        self.setVisible(count > 0)

    def count(self) -> int:
        return self._count

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt override
        return QRectF(self._rect)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        rect = self._rect
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor(255, 255, 255, 170), 1.0))
        painter.setBrush(QColor(10, 24, 16, 200))
        radius = rect.height() / 2
        painter.drawRoundedRect(rect, radius, radius)
        font = QFont()
        font.setPixelSize(max(8, round(rect.height() * 0.7)))
        font.setWeight(QFont.Weight.DemiBold)
        painter.setFont(font)
        painter.setPen(QColor(250, 248, 236))
        painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), str(self._count))
        painter.setBrush(Qt.BrushStyle.NoBrush)  # nothing saves the state for the next item


class DragShadow(QGraphicsItem):
    """A soft shadow under cards being dragged, so they read as lifted off the table."""

    _LAYERS = 5

    def __init__(self, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self._rect = QRectF()
        self._radius = 4.0
        self._spread = 0.0
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.hide()

    def show_under(self, rect: QRectF, card_w: float) -> None:
        """Cast the shadow of ``rect`` (scene coordinates) a little down and to the right."""
        offset = max(2.0, card_w * 0.05)
        spread = max(2.0, card_w * 0.06)
        self.prepareGeometryChange()
        self._rect = rect.translated(offset * 0.6, offset)
        self._spread = spread
        self._radius = card_w * 0.06
        self.show()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt override
        pad = self._spread
        return self._rect.adjusted(-pad, -pad, pad, pad)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        spread = self._spread
        # A few widening translucent layers: a blur without an effect's off-screen pass.
        for i in range(self._LAYERS, 0, -1):
            grow = spread * i / self._LAYERS
            painter.setBrush(QColor(0, 0, 0, 22))
            rect = self._rect.adjusted(-grow, -grow, grow, grow)
            painter.drawRoundedRect(rect, self._radius + grow, self._radius + grow)

"""The toolbar's icons, drawn as simple vector strokes so they match the card art.

Qt's standard icons come from whatever style the platform has (a file sheet for
"New game", grey triangles for Undo/Redo, a browser reload for Restart) and
look out of place next to the cards; these are one consistent line family,
drawn on a 24-unit grid at every size and device pixel ratio the toolbar asks
for, with a paler disabled version.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPainterPath, QPen, QPixmap

__all__ = [
    "copy_icon",
    "finish_icon",
    "hint_icon",
    "new_game_icon",
    "redo_icon",
    "restart_icon",
    "undo_icon",
    "undo_winnable_icon",
]

INK: Final = QColor(38, 50, 56)
ACCENT: Final = QColor(46, 125, 70)
"""The felt's green, for the one part of an icon that says what it is about."""
_SIZES: Final = (16, 20, 24, 32, 48)
_RATIOS: Final = (1.0, 2.0, 3.0)

Draw = Callable[[QPainter, QColor, QColor], None]


def _icon(draw: Draw) -> QIcon:
    icon = QIcon()
    for size in _SIZES:
        for ratio in _RATIOS:
            for mode, alpha in ((QIcon.Mode.Normal, 255), (QIcon.Mode.Disabled, 80)):
                pix = QPixmap(round(size * ratio), round(size * ratio))
                pix.setDevicePixelRatio(ratio)
                pix.fill(Qt.GlobalColor.transparent)
                painter = QPainter(pix)
                painter.setRenderHint(QPainter.RenderHint.Antialiasing)
                painter.scale(size / 24.0, size / 24.0)
                ink, accent = QColor(INK), QColor(ACCENT)
                ink.setAlpha(alpha)
                accent.setAlpha(alpha)
                draw(painter, ink, accent)
                painter.end()
                icon.addPixmap(pix, mode)
    return icon


def _pen(colour: QColor, width: float = 2.0) -> QPen:
    pen = QPen(colour, width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def _arrow_head(painter: QPainter, tip: QPointF, dx: float, dy: float, colour: QColor) -> None:
    """A filled triangle pointing along (dx, dy) with its point at ``tip``."""
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = dx / length, dy / length
    back = QPointF(tip.x() - ux * 6.0, tip.y() - uy * 6.0)
    head = QPainterPath(tip)
    head.lineTo(back.x() - uy * 4.2, back.y() + ux * 4.2)
    head.lineTo(back.x() + uy * 4.2, back.y() - ux * 4.2)
    head.closeSubpath()
    painter.fillPath(head, colour)


def _draw_new(painter: QPainter, ink: QColor, accent: QColor) -> None:
    # Two cards, the front one with a plus: a fresh deal.
    painter.setPen(_pen(ink, 1.6))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.save()
    painter.translate(9.0, 12.5)
    painter.rotate(-14)
    painter.drawRoundedRect(QRectF(-5.5, -8.0, 11.0, 15.5), 2.0, 2.0)
    painter.restore()
    painter.setBrush(QColor(255, 255, 255, ink.alpha()))
    painter.drawRoundedRect(QRectF(10.0, 4.0, 11.0, 15.5), 2.0, 2.0)
    painter.setPen(_pen(accent, 2.0))
    painter.drawLine(QPointF(15.5, 8.5), QPointF(15.5, 15.0))
    painter.drawLine(QPointF(12.25, 11.75), QPointF(18.75, 11.75))


def _draw_turn(painter: QPainter, ink: QColor, mirror: bool) -> None:
    """A hooked arrow going back (undo) or, mirrored, forward (redo)."""
    if mirror:
        painter.translate(24.0, 0.0)
        painter.scale(-1.0, 1.0)
    path = QPainterPath(QPointF(7.0, 9.0))
    path.lineTo(QPointF(14.5, 9.0))
    path.cubicTo(QPointF(22.0, 9.0), QPointF(22.0, 20.0), QPointF(14.5, 20.0))
    path.lineTo(QPointF(9.0, 20.0))
    painter.setPen(_pen(ink, 2.2))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(path)
    _arrow_head(painter, QPointF(2.5, 9.0), -1.0, 0.0, ink)


def _draw_undo(painter: QPainter, ink: QColor, accent: QColor) -> None:
    _draw_turn(painter, ink, mirror=False)


def _draw_redo(painter: QPainter, ink: QColor, accent: QColor) -> None:
    _draw_turn(painter, ink, mirror=True)


def _draw_hint(painter: QPainter, ink: QColor, accent: QColor) -> None:
    # A light bulb: round glass, a neck and two thread lines.
    glass = QPainterPath()
    glass.moveTo(9.2, 15.5)
    glass.cubicTo(QPointF(4.0, 12.0), QPointF(5.5, 3.0), QPointF(12.0, 3.0))
    glass.cubicTo(QPointF(18.5, 3.0), QPointF(20.0, 12.0), QPointF(14.8, 15.5))
    glass.lineTo(14.8, 17.0)
    glass.lineTo(9.2, 17.0)
    glass.closeSubpath()
    fill = QColor(255, 214, 79, ink.alpha())
    painter.setBrush(fill)
    painter.setPen(_pen(ink, 1.6))
    painter.drawPath(glass)
    painter.drawLine(QPointF(9.5, 19.5), QPointF(14.5, 19.5))
    painter.drawLine(QPointF(10.5, 22.0), QPointF(13.5, 22.0))


def _draw_restart(painter: QPainter, ink: QColor, accent: QColor) -> None:
    # An almost closed circle with its arrow: the same deal from the start.
    box = QRectF(4.0, 4.5, 16.0, 16.0)
    arc = QPainterPath()
    arc.arcMoveTo(box, 60.0)
    arc.arcTo(box, 60.0, 290.0)
    painter.setPen(_pen(ink, 2.2))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(arc)
    tip = arc.pointAtPercent(0.0)
    _arrow_head(painter, QPointF(tip.x() + 1.5, tip.y() + 2.6), 1.0, 0.55, ink)


def _draw_copy(painter: QPainter, ink: QColor, accent: QColor) -> None:
    painter.setPen(_pen(ink, 1.6))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(QRectF(4.0, 3.5, 11.0, 13.5), 2.0, 2.0)
    painter.setBrush(QColor(255, 255, 255, ink.alpha()))
    painter.drawRoundedRect(QRectF(9.0, 7.5, 11.0, 13.5), 2.0, 2.0)


def _draw_finish(painter: QPainter, ink: QColor, accent: QColor) -> None:
    # A card on its foundation with two chevrons going up: every card left goes home.
    painter.setPen(_pen(ink, 1.6))
    painter.setBrush(QColor(255, 255, 255, ink.alpha()))
    painter.drawRoundedRect(QRectF(6.0, 13.0, 12.0, 8.5), 2.0, 2.0)
    painter.setPen(_pen(accent, 2.2))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for y in (3.5, 8.0):
        chevron = QPainterPath(QPointF(7.0, y + 4.0))
        chevron.lineTo(QPointF(12.0, y))
        chevron.lineTo(QPointF(17.0, y + 4.0))
        painter.drawPath(chevron)


def _draw_undo_winnable(painter: QPainter, ink: QColor, accent: QColor) -> None:
    # Undo's arrow going back to a green flag: the last position that can still be won.
    painter.setPen(_pen(ink, 2.0))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    path = QPainterPath(QPointF(9.0, 12.0))
    path.lineTo(QPointF(15.0, 12.0))
    path.cubicTo(QPointF(21.5, 12.0), QPointF(21.5, 21.0), QPointF(15.0, 21.0))
    path.lineTo(QPointF(11.0, 21.0))
    painter.drawPath(path)
    _arrow_head(painter, QPointF(8.0, 12.0), -1.0, 0.0, ink)
    painter.setPen(_pen(ink, 1.6))
    painter.drawLine(QPointF(4.0, 3.0), QPointF(4.0, 16.0))
    flag = QPainterPath(QPointF(4.0, 3.0))
    flag.lineTo(QPointF(12.0, 5.5))
    flag.lineTo(QPointF(4.0, 8.5))
    flag.closeSubpath()
    painter.fillPath(flag, accent)


def finish_icon() -> QIcon:
    return _icon(_draw_finish)


def undo_winnable_icon() -> QIcon:
    return _icon(_draw_undo_winnable)


def new_game_icon() -> QIcon:
    return _icon(_draw_new)


def undo_icon() -> QIcon:
    return _icon(_draw_undo)


def redo_icon() -> QIcon:
    return _icon(_draw_redo)


def hint_icon() -> QIcon:
    return _icon(_draw_hint)


def restart_icon() -> QIcon:
    return _icon(_draw_restart)


def copy_icon() -> QIcon:
    return _icon(_draw_copy)

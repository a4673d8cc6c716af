"""The shared table geometry (:mod:`canfield.presentation.geometry`) in Qt's types, and back.

The layout is computed toolkit-free for both front ends; the scene converts at
its edge, here, and nowhere else.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF

from canfield.presentation.geometry import Point, Rect

__all__ = ["point_of", "qpoint", "qrect", "rect_of"]


def qrect(rect: Rect) -> QRectF:
    return QRectF(rect.x, rect.y, rect.width, rect.height)


def qpoint(point: Point) -> QPointF:
    return QPointF(point.x, point.y)


def rect_of(rect: QRectF) -> Rect:
    return Rect(rect.x(), rect.y(), rect.width(), rect.height())


def point_of(point: QPointF) -> Point:
    return Point(point.x(), point.y())

"""Card art drawn as vectors with QPainter, so cards are crisp at any size and on HiDPI.

Nothing here loads image files or relies on font glyphs for suits: suit symbols,
court figures, the back and the felt are paths and gradients scaled to the rect
they are painted in, so they look the same on every platform.  Rank letters use
DejaVu (shipped with the app's dependencies on Linux, with Qt's fallback
elsewhere) turned into paths so they scale like the rest.

Cards narrower than :data:`SMALL_WIDTH` switch to a simpler design (a larger
corner index and one central suit) so they stay readable on a phone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache, lru_cache
from math import cos, pi, sin
from typing import Final

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QRadialGradient,
    QTransform,
)

from canfield.cards import RANK_CHARS, rank_of, suit_of
from canfield.presentation.geometry import CARD_ASPECT, SMALL_WIDTH

__all__ = [
    "CARD_ASPECT",
    "COMPACT_INDEX_DEPTH",
    "SMALL_WIDTH",
    "card_pixmap",
    "clear_cache",
    "paint_back",
    "paint_face",
    "paint_felt",
    "paint_slot",
    "suit_colour",
    "suit_path",
]

COMPACT_INDEX_DEPTH: Final = 0.21
"""How far down a compact corner index reaches, as a fraction of the card width."""

# Palette: a few strong, print-like inks so everything looks of a piece.
RED: Final = QColor(200, 22, 45)
BLACK: Final = QColor(26, 26, 30)
BLUE: Final = QColor(28, 78, 170)
GREEN: Final = QColor(16, 128, 58)
GOLD: Final = QColor(226, 170, 40)
COURT_RED: Final = QColor(196, 32, 44)
COURT_BLUE: Final = QColor(34, 64, 146)
INK: Final = QColor(20, 20, 24)
SKIN: Final = QColor(250, 226, 196)
IVORY: Final = QColor(253, 249, 236)
WHITE: Final = QColor(255, 255, 255)

_TWO_COLOUR: Final = (BLACK, RED, RED, BLACK)
_FOUR_COLOUR: Final = (BLACK, RED, BLUE, GREEN)
_SUIT_SYMBOLS: Final = "♠♥♦♣"
_SLOT_SUITS: Final = _SUIT_SYMBOLS + "♤♡♢♧"
RANK_LABELS: Final = tuple("10" if c == "T" else c for c in RANK_CHARS)
"""English corner letters; other languages pass theirs (:func:`canfield.describe.rank_letters`)."""
_FONT_FAMILY: Final = "DejaVu Sans Condensed"


def suit_colour(suit: int, *, four_colour: bool = False) -> QColor:
    """Ink of a suit: red/black, or black/red/blue/green for the four-colour deck."""
    return QColor((_FOUR_COLOUR if four_colour else _TWO_COLOUR)[suit])


# --- suit shapes -----------------------------------------------------------------------
# Each suit is a path in a unit box centred on the origin (x and y in -0.5..0.5), so one
# scale and translate places it anywhere at any size.


def _spade() -> QPainterPath:
    p = QPainterPath()
    p.moveTo(0.0, -0.5)
    p.cubicTo(0.14, -0.32, 0.48, -0.14, 0.48, 0.1)
    p.cubicTo(0.48, 0.27, 0.36, 0.36, 0.24, 0.36)
    p.cubicTo(0.14, 0.36, 0.06, 0.31, 0.03, 0.24)
    p.cubicTo(0.05, 0.37, 0.1, 0.46, 0.2, 0.5)
    p.lineTo(-0.2, 0.5)
    p.cubicTo(-0.1, 0.46, -0.05, 0.37, -0.03, 0.24)
    p.cubicTo(-0.06, 0.31, -0.14, 0.36, -0.24, 0.36)
    p.cubicTo(-0.36, 0.36, -0.48, 0.27, -0.48, 0.1)
    p.cubicTo(-0.48, -0.14, -0.14, -0.32, 0.0, -0.5)
    p.closeSubpath()
    return p


def _heart() -> QPainterPath:
    p = QPainterPath()
    p.moveTo(0.0, 0.5)
    p.cubicTo(-0.12, 0.33, -0.5, 0.12, -0.5, -0.17)
    p.cubicTo(-0.5, -0.37, -0.37, -0.5, -0.24, -0.5)
    p.cubicTo(-0.11, -0.5, -0.03, -0.42, 0.0, -0.3)
    p.cubicTo(0.03, -0.42, 0.11, -0.5, 0.24, -0.5)
    p.cubicTo(0.37, -0.5, 0.5, -0.37, 0.5, -0.17)
    p.cubicTo(0.5, 0.12, 0.12, 0.33, 0.0, 0.5)
    p.closeSubpath()
    return p


def _diamond() -> QPainterPath:
    p = QPainterPath()
    p.moveTo(0.0, -0.5)
    p.quadTo(0.17, -0.21, 0.4, 0.0)
    p.quadTo(0.17, 0.21, 0.0, 0.5)
    p.quadTo(-0.17, 0.21, -0.4, 0.0)
    p.quadTo(-0.17, -0.21, 0.0, -0.5)
    p.closeSubpath()
    return p


def _club() -> QPainterPath:
    r = 0.225
    p = QPainterPath()
    p.addEllipse(QPointF(0.0, -0.275), r, r)
    p.addEllipse(QPointF(-0.265, 0.07), r, r)
    p.addEllipse(QPointF(0.265, 0.07), r, r)
    p.addEllipse(QPointF(0.0, -0.02), 0.13, 0.13)
    stem = QPainterPath()
    stem.moveTo(-0.05, 0.0)
    stem.lineTo(0.05, 0.0)
    stem.cubicTo(0.06, 0.3, 0.11, 0.44, 0.2, 0.5)
    stem.lineTo(-0.2, 0.5)
    stem.cubicTo(-0.11, 0.44, -0.06, 0.3, -0.05, 0.0)
    stem.closeSubpath()
    out = QPainterPath()
    out.setFillRule(Qt.FillRule.WindingFill)
    for part in (p, stem):
        out = out.united(part)
    return out.simplified()


@cache
def suit_path(suit: int) -> QPainterPath:
    """The outline of a suit in a unit box centred on the origin (y grows downwards)."""
    return (_spade, _heart, _diamond, _club)[suit]()


def _fill_suit(
    painter: QPainter,
    suit: int,
    centre: QPointF,
    size: float,
    colour: QColor,
    *,
    flipped: bool = False,
) -> None:
    """A suit symbol ``size`` high centred on ``centre``; ``flipped`` turns it 180°."""
    painter.save()
    painter.translate(centre)
    painter.scale(size, size)
    if flipped:
        painter.rotate(180.0)
    painter.fillPath(suit_path(suit), colour)
    painter.restore()


# --- rank glyphs -------------------------------------------------------------------------


@cache
def _rank_glyph(label: str) -> tuple[QPainterPath, float]:
    """A rank label as a path of cap height 1 with its ink's top-left at the origin.

    Returns the path and its width.  "10" is squeezed so it is no wider than a
    letter's column allows and the index column stays one width for all ranks.
    """
    font = QFont(_FONT_FAMILY)
    font.setPixelSize(200)
    font.setBold(True)
    cap = QFontMetricsF(font).capHeight() or 140.0
    path = QPainterPath()
    path.addText(0.0, 0.0, font, label)
    ink = path.boundingRect()
    squeeze = 0.78 if len(label) > 1 else 1.0
    path.translate(-ink.left(), cap)  # baseline at y = cap, so the cap top is y = 0
    out = QTransform.fromScale(squeeze / cap, 1.0 / cap).map(path)
    return out, ink.width() * squeeze / cap


def _draw_rank(
    painter: QPainter,
    label: str,
    anchor: QPointF,
    cap: float,
    colour: QColor,
    *,
    max_width: float | None = None,
    align_left: bool = False,
) -> None:
    """Draw a rank label ``cap`` high with its top at ``anchor`` (centred on it, or from it)."""
    path, width = _rank_glyph(label)
    sx = cap
    if max_width is not None and width * cap > max_width:
        sx = max_width / width
    left = anchor.x() if align_left else anchor.x() - width * sx / 2.0
    painter.save()
    painter.translate(left, anchor.y())
    painter.scale(sx, cap)
    painter.fillPath(path, colour)
    painter.restore()


# --- card faces --------------------------------------------------------------------------


def _corner_radius(width: float) -> float:
    return width * 0.065


def _card_body(painter: QPainter, rect: QRectF) -> None:
    """White rounded card with a thin grey edge that reads against felt and shadows."""
    w = rect.width()
    pen_w = max(1.0, w / 110.0)
    body = rect.adjusted(pen_w / 2, pen_w / 2, -pen_w / 2, -pen_w / 2)
    grad = QLinearGradient(body.topLeft(), body.bottomLeft())
    grad.setColorAt(0.0, QColor(255, 255, 255))
    grad.setColorAt(1.0, QColor(246, 245, 240))
    painter.setPen(QPen(QColor(150, 150, 158), pen_w))
    painter.setBrush(QBrush(grad))
    r = _corner_radius(w)
    painter.drawRoundedRect(body, r, r)


def _rotated_copy(painter: QPainter, rect: QRectF, draw: Callable[[], None]) -> None:
    """Run ``draw`` as is and again turned 180° about the card's centre."""
    draw()
    painter.save()
    c = rect.center()
    painter.translate(c)
    painter.rotate(180.0)
    painter.translate(-c)
    draw()
    painter.restore()


def _paint_index(
    painter: QPainter,
    rect: QRectF,
    rank: int,
    suit: int,
    colour: QColor,
    *,
    small: bool,
    compact: bool = False,
    ranks: tuple[str, ...] = RANK_LABELS,
) -> None:
    """Rank and suit in the top-left corner and, turned round, in the bottom-right.

    Both fit in the top 23% of the card, so they read in a fanned column.  Small
    cards put the suit beside the rank instead of under it, to keep them big.
    ``compact`` puts them side by side in the top :data:`COMPACT_INDEX_DEPTH` of the
    width, for cards in a column squeezed so tight that a normal index is covered.
    """
    w = rect.width()
    label = ranks[rank - 1]

    def draw() -> None:
        if compact:
            # J's and Q's tails dip below the baseline: keep them in the strip too.
            cap = w * 0.17 / max(1.0, _rank_glyph(label)[0].boundingRect().bottom())
            top = rect.top() + w * 0.035
            anchor = QPointF(rect.left() + w * 0.07, top)
            _draw_rank(painter, label, anchor, cap, colour, max_width=w * 0.36, align_left=True)
            size = w * 0.19
            centre = QPointF(rect.right() - w * 0.07 - size * 0.45, top + cap / 2)
            _fill_suit(painter, suit, centre, size, colour)
        elif small:
            cap = w * 0.26
            top = rect.top() + w * 0.055
            anchor = QPointF(rect.left() + w * 0.07, top)
            _draw_rank(painter, label, anchor, cap, colour, max_width=w * 0.44, align_left=True)
            size = w * 0.28
            centre = QPointF(rect.right() - w * 0.07 - size * 0.45, top + cap / 2)
            _fill_suit(painter, suit, centre, size, colour)
        else:
            cap = w * 0.145
            cx = rect.left() + w * 0.1
            top = rect.top() + w * 0.05
            _draw_rank(painter, label, QPointF(cx, top), cap, colour, max_width=w * 0.15)
            size = w * 0.11
            _fill_suit(painter, suit, QPointF(cx, top + cap + w * 0.022 + size / 2), size, colour)

    _rotated_copy(painter, rect, draw)


# Pip positions as (column -1/0/1, row 0..1 from top to bottom of the pip field).
_PIPS: Final[dict[int, Sequence[tuple[int, float]]]] = {
    2: ((0, 0.0), (0, 1.0)),
    3: ((0, 0.0), (0, 0.5), (0, 1.0)),
    4: ((-1, 0.0), (1, 0.0), (-1, 1.0), (1, 1.0)),
    5: ((-1, 0.0), (1, 0.0), (0, 0.5), (-1, 1.0), (1, 1.0)),
    6: ((-1, 0.0), (1, 0.0), (-1, 0.5), (1, 0.5), (-1, 1.0), (1, 1.0)),
    7: ((-1, 0.0), (1, 0.0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1.0), (1, 1.0)),
    8: (
        (-1, 0.0),
        (1, 0.0),
        (0, 0.25),
        (-1, 0.5),
        (1, 0.5),
        (0, 0.75),
        (-1, 1.0),
        (1, 1.0),
    ),
    9: (
        (-1, 0.0),
        (1, 0.0),
        (-1, 1 / 3),
        (1, 1 / 3),
        (0, 0.5),
        (-1, 2 / 3),
        (1, 2 / 3),
        (-1, 1.0),
        (1, 1.0),
    ),
    10: (
        (-1, 0.0),
        (1, 0.0),
        (0, 1 / 6),
        (-1, 1 / 3),
        (1, 1 / 3),
        (-1, 2 / 3),
        (1, 2 / 3),
        (0, 5 / 6),
        (-1, 1.0),
        (1, 1.0),
    ),
}


def _paint_pips(painter: QPainter, rect: QRectF, rank: int, suit: int, colour: QColor) -> None:
    """Standard pip layout; pips below the middle are upside down, as on printed cards."""
    w, h = rect.width(), rect.height()
    cx = rect.center().x()
    top = rect.top() + h * 0.195
    span = h * 0.61
    size = w * 0.18
    for col, row in _PIPS[rank]:
        centre = QPointF(cx + col * w * 0.195, top + row * span)
        _fill_suit(painter, suit, centre, size, colour, flipped=row > 0.5)


def _paint_ace(painter: QPainter, rect: QRectF, suit: int, colour: QColor) -> None:
    w = rect.width()
    c = rect.center()
    if suit == 0:  # the ace of spades gets its customary flourish: a fine double ring
        painter.save()
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(colour, max(0.6, w / 160.0)))
        painter.drawEllipse(c, w * 0.34, w * 0.34)
        painter.setPen(QPen(GOLD, max(0.6, w / 100.0)))
        painter.drawEllipse(c, w * 0.315, w * 0.315)
        painter.restore()
        _fill_suit(painter, suit, c, w * 0.46, colour)
    else:
        _fill_suit(painter, suit, c, w * 0.5, colour)


# --- court cards -------------------------------------------------------------------------
# A court figure is drawn once for the top half of its panel in a 100 x 100 design box
# whose bottom edge is the panel's centre line, then again turned 180° for the bottom.

_COURT_COLOURS: Final = (
    # robe, accent, hair
    (COURT_BLUE, COURT_RED, INK),  # spades
    (COURT_RED, COURT_BLUE, GOLD),  # hearts
    (COURT_BLUE, COURT_RED, GOLD),  # diamonds
    (COURT_RED, COURT_BLUE, INK),  # clubs
)


def _poly(*pts: tuple[float, float]) -> QPainterPath:
    p = QPainterPath()
    p.moveTo(*pts[0])
    for pt in pts[1:]:
        p.lineTo(*pt)
    p.closeSubpath()
    return p


class _Ink:
    """Fill-and-outline helper so the figure code reads as a list of shapes."""

    def __init__(self, painter: QPainter) -> None:
        self.p = painter
        self.outline = QPen(INK, 0.9)
        self.outline.setJoinStyle(Qt.PenJoinStyle.RoundJoin)

    def shape(self, path: QPainterPath, fill: QColor, *, line: bool = True) -> None:
        self.p.setBrush(fill)
        self.p.setPen(self.outline if line else Qt.PenStyle.NoPen)
        self.p.drawPath(path)

    def ellipse(self, x: float, y: float, rx: float, ry: float, fill: QColor) -> None:
        p = QPainterPath()
        p.addEllipse(QPointF(x, y), rx, ry)
        self.shape(p, fill)

    def stroke(self, path: QPainterPath, colour: QColor, width: float) -> None:
        pen = QPen(colour, width)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        self.p.setPen(pen)
        self.p.setBrush(Qt.BrushStyle.NoBrush)
        self.p.drawPath(path)


def _robe(ink: _Ink, robe: QColor, accent: QColor, rank: int) -> None:
    body = QPainterPath()
    body.moveTo(2, 101)
    body.lineTo(5, 82)
    body.cubicTo(7, 72, 16, 67, 30, 65)
    body.lineTo(70, 65)
    body.cubicTo(84, 67, 93, 72, 95, 82)
    body.lineTo(98, 101)
    body.closeSubpath()
    ink.shape(body, robe)
    # shoulder bands
    for sign in (-1, 1):
        x = 50 + sign * 30
        band = _poly((x - 5, 66), (x + 5, 66), (x + 8 * sign + 4, 101), (x + 8 * sign - 4, 101))
        ink.shape(band, accent)
        for k in range(4):
            yy = 72 + k * 8
            xx = x + sign * (yy - 66) * 8 / 35
            ink.ellipse(xx, yy, 1.6, 1.6, GOLD)
    # the sleeve of the arm that holds the attribute
    sleeve = QPainterPath()
    sleeve.moveTo(70, 67)
    sleeve.cubicTo(80, 66, 86, 72, 91, 84)
    sleeve.lineTo(82, 89)
    sleeve.cubicTo(78, 82, 74, 80, 68, 80)
    sleeve.closeSubpath()
    ink.shape(sleeve, accent)
    ink.shape(_poly((90.5, 83), (94, 90.5), (84.5, 95), (81.5, 88)), GOLD)
    # central placket with lozenges
    ink.shape(_poly((45, 78), (55, 78), (56, 101), (44, 101)), GOLD)
    for k in range(3):
        ly = 84 + k * 6.5
        ink.shape(_poly((50, ly - 2.6), (52.4, ly), (50, ly + 2.6), (47.6, ly)), accent)
    # collar
    collar = QPainterPath()
    collar.moveTo(25, 65)
    collar.lineTo(75, 65)
    collar.cubicTo(72, 74, 62, 81, 50, 82)
    collar.cubicTo(38, 81, 28, 74, 25, 65)
    collar.closeSubpath()
    if rank == 13:  # ermine
        ink.shape(collar, WHITE)
        for x, y in ((33, 69), (42, 73), (50, 76), (58, 73), (67, 69), (46, 68), (54, 68)):
            ink.shape(_poly((x, y - 2), (x + 1.2, y + 1.5), (x - 1.2, y + 1.5)), INK, line=False)
    elif rank == 12:
        ink.shape(collar, GOLD)
        for k in range(7):
            t = k / 6
            ink.ellipse(30 + 40 * t, 67 + 9 * (1 - (2 * t - 1) ** 2), 1.7, 1.7, accent)
    else:
        ink.shape(collar, accent)
        inner = QPainterPath()
        inner.moveTo(31, 66)
        inner.cubicTo(36, 74, 44, 77, 50, 77)
        inner.cubicTo(56, 77, 64, 74, 69, 66)
        ink.stroke(inner, GOLD, 1.6)


def _face(ink: _Ink, *, beard: QColor | None, lips: bool) -> None:
    ink.shape(_poly((44.5, 55), (55.5, 55), (55.5, 66), (44.5, 66)), SKIN)
    ink.ellipse(50, 46, 11, 13, SKIN)
    p = ink.p
    # eyes and brows
    for x in (45.6, 54.4):
        ink.p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(INK)
        p.drawEllipse(QPointF(x, 44.5), 1.5, 0.95)
    brows = QPainterPath()
    brows.moveTo(42.8, 41.6)
    brows.quadTo(45.6, 40.2, 48.0, 41.4)
    brows.moveTo(52.0, 41.4)
    brows.quadTo(54.4, 40.2, 57.2, 41.6)
    ink.stroke(brows, INK, 0.8)
    nose = QPainterPath()
    nose.moveTo(50.4, 44.5)
    nose.lineTo(48.8, 50.3)
    nose.lineTo(50.9, 50.8)
    ink.stroke(nose, INK, 0.7)
    if beard is not None:
        b = QPainterPath()
        b.moveTo(39.2, 47)
        b.cubicTo(39, 60, 44, 67, 50, 69.5)
        b.cubicTo(56, 67, 61, 60, 60.8, 47)
        b.cubicTo(58, 52, 55.5, 53.5, 50, 53.5)
        b.cubicTo(44.5, 53.5, 42, 52, 39.2, 47)
        b.closeSubpath()
        ink.shape(b, beard)
        m = QPainterPath()
        m.moveTo(50, 52.4)
        m.cubicTo(47, 51, 44, 52, 43, 55)
        m.cubicTo(46, 54, 48, 54.5, 50, 54)
        m.cubicTo(52, 54.5, 54, 54, 57, 55)
        m.cubicTo(56, 52, 53, 51, 50, 52.4)
        m.closeSubpath()
        ink.shape(m, beard)
        mouth = QPainterPath()
        mouth.addEllipse(QPointF(50, 56.6), 2.2, 0.9)
        ink.shape(mouth, RED, line=False)
    elif lips:
        mouth = QPainterPath()
        mouth.moveTo(47, 54.2)
        mouth.quadTo(50, 53, 53, 54.2)
        mouth.quadTo(50, 56.6, 47, 54.2)
        mouth.closeSubpath()
        ink.shape(mouth, RED, line=False)
    else:
        mouth = QPainterPath()
        mouth.moveTo(47.3, 54.2)
        mouth.quadTo(50, 55.6, 52.7, 54.2)
        ink.stroke(mouth, RED, 1.1)


@contextmanager
def _head(painter: QPainter) -> Iterator[None]:
    """Draw the head a size up, pivoting on the neck: a bold head reads at small sizes."""
    painter.save()
    painter.translate(50.0, 66.0)
    painter.scale(1.2, 1.2)
    painter.translate(-50.0, -66.0)
    try:
        yield
    finally:
        painter.restore()


def _king(ink: _Ink, robe: QColor, accent: QColor, hair: QColor) -> None:
    # a sword held upright beside him
    blade = _poly((87.5, 8), (90.3, 14), (90.3, 88), (84.7, 88), (84.7, 14))
    ink.shape(blade, WHITE)
    ink.stroke(_line(87.5, 15, 87.5, 86), QColor(160, 160, 172), 0.8)
    with _head(ink.p):
        locks = QPainterPath()
        locks.moveTo(37, 32)
        locks.cubicTo(33, 44, 33, 58, 36, 66)
        locks.lineTo(64, 66)
        locks.cubicTo(67, 58, 67, 44, 63, 32)
        locks.closeSubpath()
        ink.shape(locks, hair)
    _robe(ink, robe, accent, 13)
    ink.shape(_poly((80, 87.5), (95, 87.5), (95, 91), (80, 91)), GOLD)
    ink.ellipse(87.5, 95.5, 4.6, 4.2, SKIN)
    with _head(ink.p):
        _face(ink, beard=hair, lips=False)
        crown = _poly(
            (36.5, 33),
            (35, 17),
            (42, 24.5),
            (46, 14.5),
            (50, 22),
            (54, 14.5),
            (58, 24.5),
            (65, 17),
            (63.5, 33),
        )
        ink.shape(crown, GOLD)
        ink.shape(_poly((36, 28), (64, 28), (64, 34), (36, 34)), GOLD)
        for x, y in ((35, 17), (46, 14.5), (54, 14.5), (65, 17)):
            ink.ellipse(x, y, 1.8, 1.8, GOLD)
        ink.ellipse(50, 31, 2.2, 2.2, COURT_RED)
        ink.ellipse(42.5, 31, 1.5, 1.5, COURT_BLUE)
        ink.ellipse(57.5, 31, 1.5, 1.5, COURT_BLUE)
        ink.shape(_poly((50, 22), (51.8, 24.8), (50, 27.6), (48.2, 24.8)), COURT_RED)


def _queen(ink: _Ink, robe: QColor, accent: QColor, hair: QColor) -> None:
    with _head(ink.p):
        veil = QPainterPath()
        veil.moveTo(50, 25)
        veil.cubicTo(35, 25, 31, 42, 31, 66)
        veil.lineTo(69, 66)
        veil.cubicTo(69, 42, 65, 25, 50, 25)
        veil.closeSubpath()
        ink.shape(veil, accent)
        locks = QPainterPath()
        locks.moveTo(50, 32)
        locks.cubicTo(39, 32, 36, 42, 36, 62)
        locks.lineTo(64, 62)
        locks.cubicTo(64, 42, 61, 32, 50, 32)
        locks.closeSubpath()
        ink.shape(locks, hair)
    _robe(ink, robe, accent, 12)
    with _head(ink.p):
        _face(ink, beard=None, lips=True)
        fringe = QPainterPath()
        fringe.moveTo(39.2, 42)
        fringe.cubicTo(40, 35, 45, 33, 50, 36)
        fringe.cubicTo(55, 33, 60, 35, 60.8, 42)
        fringe.cubicTo(58, 37, 54, 37, 50, 38.5)
        fringe.cubicTo(46, 37, 42, 37, 39.2, 42)
        fringe.closeSubpath()
        ink.shape(fringe, hair)
        tiara = QPainterPath()
        tiara.moveTo(39, 34)
        tiara.quadTo(40, 25, 44.5, 23)
        tiara.quadTo(47, 28, 50, 19)
        tiara.quadTo(53, 28, 55.5, 23)
        tiara.quadTo(60, 25, 61, 34)
        tiara.quadTo(50, 31, 39, 34)
        tiara.closeSubpath()
        ink.shape(tiara, GOLD)
        ink.ellipse(50, 18.5, 1.8, 1.8, GOLD)
        ink.ellipse(50, 28.5, 1.9, 1.9, COURT_RED)
        ink.ellipse(44.5, 21.8, 1.3, 1.3, GOLD)
        ink.ellipse(55.5, 21.8, 1.3, 1.3, GOLD)
    # a rose held up in her hand
    ink.stroke(_curve((87.5, 94), (92, 72), (85, 50)), INK, 1.4)
    leaf = QPainterPath()
    leaf.moveTo(87.2, 70)
    leaf.quadTo(93, 63, 96, 65)
    leaf.quadTo(92, 72, 87.2, 70)
    leaf.closeSubpath()
    ink.shape(leaf, GOLD)
    for k in range(5):
        a = -pi / 2 + k * 2 * pi / 5
        ink.ellipse(85 + 4.2 * cos(a), 46 + 4.2 * sin(a), 3.2, 3.2, COURT_RED)
    ink.ellipse(85, 46, 2.4, 2.4, GOLD)
    ink.ellipse(87.5, 95.5, 4.6, 4.2, SKIN)


def _jack(ink: _Ink, robe: QColor, accent: QColor, hair: QColor) -> None:
    # a halberd, shaft first so the hand closes over it
    ink.shape(_poly((85.6, 20), (88.4, 20), (88.4, 101), (85.6, 101)), GOLD)
    head = QPainterPath()
    head.moveTo(87, 3)
    head.lineTo(89.5, 13)
    head.lineTo(95, 11)
    head.cubicTo(96.5, 17, 95, 22, 91, 24)
    head.lineTo(88.4, 21)
    head.lineTo(85.6, 21)
    head.lineTo(83, 24)
    head.cubicTo(79, 22, 77.5, 17, 79, 11)
    head.lineTo(84.5, 13)
    head.closeSubpath()
    ink.shape(head, WHITE)
    with _head(ink.p):
        for x, y in ((38.5, 44), (37.5, 51), (39, 58), (61.5, 44), (62.5, 51), (61, 58)):
            ink.ellipse(x, y, 3.6, 3.8, hair)
    _robe(ink, robe, accent, 11)
    ink.ellipse(87.5, 95.5, 4.6, 4.2, SKIN)
    with _head(ink.p):
        _face(ink, beard=None, lips=False)
        # feather, then the cap over its quill
        feather = QPainterPath()
        feather.moveTo(55, 31)
        feather.cubicTo(58, 22, 64, 16, 73, 13)
        feather.cubicTo(70, 20, 65, 27, 59, 32)
        feather.closeSubpath()
        ink.shape(feather, GOLD)
        ink.stroke(_curve((56.5, 31.5), (62, 20), (72, 14)), INK, 0.6)
        dome = QPainterPath()
        dome.moveTo(37, 35)
        dome.cubicTo(36, 23, 46, 20, 52, 21)
        dome.cubicTo(60, 22, 65, 27, 63, 35)
        dome.closeSubpath()
        ink.shape(dome, accent)
        ink.shape(_poly((35, 32), (65, 32), (65, 37), (35, 37)), GOLD)
        for x in (40, 46, 52, 58):
            ink.shape(_poly((x, 32.6), (x + 2, 34.5), (x, 36.4), (x - 2, 34.5)), robe, line=False)


def _line(x1: float, y1: float, x2: float, y2: float) -> QPainterPath:
    p = QPainterPath()
    p.moveTo(x1, y1)
    p.lineTo(x2, y2)
    return p


def _curve(a: tuple[float, float], c: tuple[float, float], b: tuple[float, float]) -> QPainterPath:
    p = QPainterPath()
    p.moveTo(*a)
    p.quadTo(QPointF(*c), QPointF(*b))
    return p


_FIGURES: Final = {11: _jack, 12: _queen, 13: _king}


def _paint_figure(painter: QPainter, half: QRectF, rank: int, suit: int) -> None:
    """The court figure's design box fitted to ``half``, its bottom on the half's bottom."""
    robe, accent, hair = _COURT_COLOURS[suit]
    scale = half.width() / 92.0
    painter.save()
    painter.setClipRect(half)
    painter.translate(half.left() - 4.0 * scale, half.bottom() - 100.0 * scale)
    painter.scale(scale, scale)
    _FIGURES[rank](_Ink(painter), robe, accent, hair)
    painter.restore()


def _paint_court(painter: QPainter, rect: QRectF, rank: int, suit: int, colour: QColor) -> None:
    """Framed court panel: a mirrored figure with the suit beside its head."""
    w = rect.width()
    panel = QRectF(
        rect.left() + w * 0.21, rect.top() + w * 0.075, w * 0.58, rect.height() - w * 0.15
    )
    frame_w = max(0.8, w / 90.0)
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(IVORY)
    painter.drawRect(panel)
    half = QRectF(panel.left(), panel.top(), panel.width(), panel.height() / 2)

    def draw_half() -> None:
        _paint_figure(painter, half, rank, suit)
        pip = w * 0.09
        centre = QPointF(half.left() + pip * 0.75, half.top() + pip * 0.75)
        _fill_suit(painter, suit, centre, pip, colour)

    _rotated_copy(painter, rect, draw_half)
    _frame(painter, panel, frame_w)
    mid = panel.center().y()
    painter.setPen(QPen(INK, frame_w * 0.7))
    painter.drawLine(QPointF(panel.left(), mid), QPointF(panel.right(), mid))
    painter.restore()


def _frame(painter: QPainter, panel: QRectF, frame_w: float) -> None:
    """Gold frame with a fine black keyline, as on printed court cards."""
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(GOLD, frame_w * 1.6))
    painter.drawRect(panel)
    painter.setPen(QPen(INK, frame_w * 0.6))
    painter.drawRect(panel.adjusted(-frame_w, -frame_w, frame_w, frame_w))


def _paint_small_court(painter: QPainter, rect: QRectF, rank: int, suit: int) -> None:
    """Phone-size court card: a framed bust, not mirrored, so the figure stays large."""
    w = rect.width()
    side = w * 0.62
    panel = QRectF(rect.center().x() - side / 2, rect.center().y() - side / 2, side, side)
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(IVORY)
    painter.drawRect(panel)
    _paint_figure(painter, panel, rank, suit)
    _frame(painter, panel, max(0.7, w / 60.0))
    painter.restore()


def _clear_index_band(painter: QPainter, rect: QRectF) -> None:
    """Blank the top and bottom strips of a face so pips and court frames keep out of
    the compact index: in a squeezed column the strip shows the index and nothing else."""
    w = rect.width()
    pen_w = max(1.0, w / 110.0)
    depth = w * (COMPACT_INDEX_DEPTH + 0.03)
    body = QPainterPath()
    inner = rect.adjusted(pen_w, pen_w, -pen_w, -pen_w)
    body.addRoundedRect(inner, _corner_radius(w) - pen_w / 2, _corner_radius(w) - pen_w / 2)
    painter.save()
    painter.setClipPath(body)
    painter.fillRect(QRectF(inner.left(), inner.top(), inner.width(), depth - pen_w), WHITE)
    bottom = QRectF(inner.left(), inner.bottom() - depth + pen_w, inner.width(), depth - pen_w)
    painter.fillRect(bottom, QColor(246, 245, 240))
    painter.restore()


def paint_face(
    painter: QPainter,
    rect: QRectF,
    card: int,
    *,
    four_colour: bool = False,
    compact_index: bool = False,
    ranks: tuple[str, ...] = RANK_LABELS,
) -> None:
    """Paint the face of ``card`` filling ``rect`` (which should have :data:`CARD_ASPECT`).

    ``ranks`` are the corner letters, ace to king, in the table's language.

    ``compact_index`` draws a smaller corner index with rank and suit side by side,
    for a card whose visible strip in a tightly squeezed column is below the normal one.
    """
    rank, suit = rank_of(card), suit_of(card)
    colour = suit_colour(suit, four_colour=four_colour)
    small = rect.width() < SMALL_WIDTH
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    _card_body(painter, rect)
    if small:
        if rank > 10:
            _paint_small_court(painter, rect, rank, suit)
        else:
            _fill_suit(painter, suit, rect.center(), rect.width() * 0.48, colour)
    elif rank == 1:
        _paint_ace(painter, rect, suit, colour)
    elif rank > 10:
        _paint_court(painter, rect, rank, suit, colour)
    else:
        _paint_pips(painter, rect, rank, suit, colour)
    if compact_index:
        _clear_index_band(painter, rect)
    _paint_index(painter, rect, rank, suit, colour, small=small, compact=compact_index, ranks=ranks)
    painter.restore()


# --- back, slot, felt ----------------------------------------------------------------------


_BACKS: Final[dict[str, tuple[QColor, QColor, QColor, QColor]]] = {
    # light end, dark end, lattice, medallion
    "blue": (
        QColor(30, 62, 128),
        QColor(18, 38, 88),
        QColor(120, 156, 222, 150),
        QColor(22, 46, 102),
    ),
    "red": (
        QColor(152, 36, 44),
        QColor(96, 18, 26),
        QColor(238, 150, 150, 150),
        QColor(112, 24, 32),
    ),
    "green": (
        QColor(28, 108, 70),
        QColor(14, 66, 40),
        QColor(140, 214, 166, 150),
        QColor(18, 78, 48),
    ),
}
"""Card back colourways by the names of the setting ``card_back``."""
_FELTS: Final[dict[str, tuple[QColor, QColor, QColor]]] = {
    # centre, middle, edge
    "green": (QColor(46, 128, 74), QColor(30, 100, 56), QColor(14, 60, 33)),
    "blue": (QColor(44, 98, 156), QColor(28, 72, 124), QColor(12, 38, 74)),
    "red": (QColor(142, 44, 48), QColor(110, 28, 34), QColor(60, 12, 16)),
    "grey": (QColor(98, 104, 108), QColor(74, 80, 84), QColor(38, 42, 46)),
}
"""Table colours by the names of the setting ``felt``."""


def back_names() -> tuple[str, ...]:
    return tuple(_BACKS)


def felt_names() -> tuple[str, ...]:
    return tuple(_FELTS)


def paint_back(painter: QPainter, rect: QRectF, back: str = "blue") -> None:
    """A deep-coloured back with a fine double lattice inside a white border."""
    light, dark, lattice, medallion = _BACKS.get(back, _BACKS["blue"])
    w = rect.width()
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    _card_body(painter, rect)
    m = w * 0.065
    inner = rect.adjusted(m, m, -m, -m)
    r = _corner_radius(w) * 0.55
    clip = QPainterPath()
    clip.addRoundedRect(inner, r, r)
    grad = QLinearGradient(inner.topLeft(), inner.bottomRight())
    grad.setColorAt(0.0, light)
    grad.setColorAt(1.0, dark)
    painter.fillPath(clip, QBrush(grad))
    painter.setClipPath(clip)
    step = max(5.0, w / 9.0)
    thin = max(0.5, w / 200.0)
    gap = step * 0.09
    painter.setPen(QPen(lattice, thin))
    span = inner.width() + inner.height()
    n = int(span / step) + 2
    for i in range(-n, n + 1):
        x0 = inner.left() + i * step
        for off in (-gap, gap):
            painter.drawLine(
                QPointF(x0 + off, inner.top()), QPointF(x0 + off + span, inner.top() + span)
            )
            painter.drawLine(
                QPointF(x0 + off, inner.top()), QPointF(x0 + off - span, inner.top() + span)
            )
    # small gold-ish dots where the lattice crosses
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(214, 186, 110, 200))
    dot = max(0.6, w / 90.0)
    cols = int(inner.width() / step) + 2
    rows = int(inner.height() / step) + 2
    for j in range(-rows, rows + 1):
        for i in range(-cols, cols + 1):
            x = inner.center().x() + i * step / 2
            y = inner.center().y() + j * step / 2
            if (i + j) % 2 == 0:
                painter.drawEllipse(QPointF(x, y), dot, dot)
    painter.setClipping(False)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(QColor(255, 255, 255, 140), max(0.6, w / 160.0)))
    fr = inner.adjusted(w * 0.03, w * 0.03, -w * 0.03, -w * 0.03)
    painter.drawRoundedRect(fr, r * 0.6, r * 0.6)
    if w >= SMALL_WIDTH:
        _back_medallion(painter, inner.center(), w, medallion)
    painter.restore()


def _back_medallion(painter: QPainter, c: QPointF, w: float, fill: QColor) -> None:
    """A lozenge in the middle of the back holding the four suits in gold."""
    rx, ry = w * 0.24, w * 0.34
    lozenge = _poly(
        (c.x(), c.y() - ry), (c.x() + rx, c.y()), (c.x(), c.y() + ry), (c.x() - rx, c.y())
    )
    painter.setPen(QPen(QColor(255, 255, 255, 170), max(0.8, w / 110.0)))
    painter.setBrush(fill)
    painter.drawPath(lozenge)
    k = 0.8
    inner = _poly(
        (c.x(), c.y() - ry * k),
        (c.x() + rx * k, c.y()),
        (c.x(), c.y() + ry * k),
        (c.x() - rx * k, c.y()),
    )
    painter.setPen(QPen(QColor(214, 186, 110, 210), max(0.6, w / 180.0)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(inner)
    gold = QColor(226, 190, 100)
    d = w * 0.1
    for suit, (dx, dy) in enumerate(((0, -1.3), (1, 0), (0, 1.3), (-1, 0))):
        _fill_suit(painter, suit, QPointF(c.x() + dx * d, c.y() + dy * d), w * 0.075, gold)


def _paint_recycle(painter: QPainter, centre: QPointF, size: float, colour: QColor) -> None:
    """A clockwise open-circle arrow (↻), drawn rather than taken from a font."""
    radius = size * 0.32
    box = QRectF(-radius, -radius, 2 * radius, 2 * radius)
    arc = QPainterPath()
    arc.arcMoveTo(box, 20.0)
    arc.arcTo(box, 20.0, -290.0)  # negative sweep = clockwise on screen
    tip = arc.pointAtPercent(1.0)
    before = arc.pointAtPercent(0.97)
    painter.save()
    painter.translate(centre)
    pen = QPen(colour, size * 0.085)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(arc)
    direction = tip - before
    length = (direction.x() ** 2 + direction.y() ** 2) ** 0.5 or 1.0
    ux, uy = direction.x() / length, direction.y() / length
    head = size * 0.15
    base = QPointF(tip.x() - ux * head * 0.2, tip.y() - uy * head * 0.2)
    point = QPointF(base.x() + ux * head * 1.2, base.y() + uy * head * 1.2)
    left = QPointF(base.x() - uy * head, base.y() + ux * head)
    right = QPointF(base.x() + uy * head, base.y() - ux * head)
    arrow = QPainterPath()
    arrow.moveTo(point)
    arrow.lineTo(left)
    arrow.lineTo(right)
    arrow.closeSubpath()
    painter.fillPath(arrow, colour)
    painter.restore()


def paint_slot(painter: QPainter, rect: QRectF, label: str = "") -> None:
    """An empty pile: a soft rounded outline, optionally with a suit symbol, ↻ or text."""
    w = rect.width()
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    pen_w = max(1.0, w / 60.0)
    body = rect.adjusted(pen_w / 2, pen_w / 2, -pen_w / 2, -pen_w / 2)
    painter.setPen(QPen(QColor(255, 255, 255, 95), pen_w))
    painter.setBrush(QColor(0, 0, 0, 40))
    r = _corner_radius(w)
    painter.drawRoundedRect(body, r, r)
    mark = QColor(255, 255, 255, 100)
    c = rect.center()
    if len(label) == 1 and label in _SLOT_SUITS:
        suit = _SLOT_SUITS.index(label) % 4
        _fill_suit(painter, suit, c, w * 0.42, mark)
    elif label == "↻":
        _paint_recycle(painter, c, w, mark)
    elif label:
        font = QFont(_FONT_FAMILY)
        font.setBold(True)
        font.setPixelSize(max(6, int(w * (0.32 if len(label) <= 2 else 0.2))))
        painter.setFont(font)
        painter.setPen(mark)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, label)
    painter.restore()


def paint_felt(painter: QPainter, rect: QRectF, felt: str = "green") -> None:
    """Baize with a soft light pool in the middle; cheap to paint every frame."""
    centre, middle, edge = _FELTS.get(felt, _FELTS["green"])
    c = rect.center()
    radius = max(rect.width(), rect.height()) * 0.75
    grad = QRadialGradient(QPointF(c.x(), c.y() - rect.height() * 0.1), radius)
    grad.setColorAt(0.0, centre)
    grad.setColorAt(0.55, middle)
    grad.setColorAt(1.0, edge)
    painter.fillRect(rect, QBrush(grad))


# --- cached pixmaps ------------------------------------------------------------------------


@lru_cache(maxsize=640)
def _render(
    card: int | None,
    width: int,
    dpr: float,
    *,
    four_colour: bool,
    compact_index: bool,
    ranks: tuple[str, ...],
    back: str,
) -> QPixmap:
    height = round(width * CARD_ASPECT)
    pixmap = QPixmap(round(width * dpr), round(height * dpr))
    pixmap.setDevicePixelRatio(dpr)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        rect = QRectF(0.0, 0.0, float(width), float(height))
        if card is None:
            paint_back(painter, rect, back)
        else:
            paint_face(
                painter,
                rect,
                card,
                four_colour=four_colour,
                compact_index=compact_index,
                ranks=ranks,
            )
    finally:
        painter.end()
    return pixmap


def card_pixmap(
    card: int | None,
    width: int,
    dpr: float,
    *,
    four_colour: bool = False,
    compact_index: bool = False,
    ranks: tuple[str, ...] = RANK_LABELS,
    back: str = "blue",
) -> QPixmap:
    """A cached rendering of ``card`` (``None`` for the back, in colourway ``back``).

    ``compact_index`` asks for the squeezed-column corner index (see :func:`paint_face`);
    ``ranks`` are the corner letters in the table's language.

    The pixmap is ``width * dpr`` device pixels wide, ``round(width * CARD_ASPECT)``
    logical px high, and carries ``dpr`` so QPainter draws it 1:1 on HiDPI screens.
    Treat it as read-only: it is shared between callers.
    """
    face = None if card is None else int(card)
    compact = bool(compact_index) and face is not None
    letters = RANK_LABELS if face is None else tuple(ranks)
    colourway = str(back) if face is None else ""
    return _render(
        face,
        int(width),
        float(dpr),
        four_colour=bool(four_colour),
        compact_index=compact,
        ranks=letters,
        back=colourway,
    )


@lru_cache(maxsize=128)
def slot_pixmap(width: int, height: int, label: str, dpr: float) -> QPixmap:
    """A cached rendering of an empty pile's outline (see :func:`paint_slot`), read-only."""
    pixmap = QPixmap(max(1, round(width * dpr)), max(1, round(height * dpr)))
    pixmap.setDevicePixelRatio(dpr)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    try:
        paint_slot(painter, QRectF(0.0, 0.0, float(width), float(height)), label)
    finally:
        painter.end()
    return pixmap


def clear_cache() -> None:
    """Drop cached pixmaps, e.g. before the QApplication goes away or on a theme change."""
    _render.cache_clear()
    slot_pixmap.cache_clear()

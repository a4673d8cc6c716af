"""Render all 52 cards, the back and empty slots on felt to a PNG, to eyeball the card art.

Usage: ``python tools/card_sheet.py OUT.png [CARD_WIDTH] [--dpr N] [--four-colour]``.
Runs offscreen, so it works on a headless machine or in CI.
"""

from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QGuiApplication, QImage, QPainter

from canfield.cards import CARDS
from canfield.gui.cardart import CARD_ASPECT, card_pixmap, paint_felt, paint_slot


def render_sheet(width: int, dpr: float = 1.0, *, four_colour: bool = False) -> QImage:
    """One row per suit (A to K), then a row with the back, a fanned column and slots."""
    height = round(width * CARD_ASPECT)
    gap = max(4, width // 8)
    cols = 13
    fan = round(height * 0.25)
    rows_h = 4 * (height + gap) + (height + 3 * fan) + gap
    size_w = gap + cols * (width + gap)
    size_h = gap + rows_h
    image = QImage(
        round(size_w * dpr), round(size_h * dpr), QImage.Format.Format_ARGB32_Premultiplied
    )
    image.setDevicePixelRatio(dpr)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    paint_felt(painter, QRectF(0, 0, size_w, size_h))
    for card in CARDS:
        x = gap + (card.rank - 1) * (width + gap)
        y = gap + card.suit * (height + gap)
        painter.drawPixmap(QPointF(x, y), card_pixmap(card, width, dpr, four_colour=four_colour))
    y = gap + 4 * (height + gap)
    painter.drawPixmap(QPointF(gap, y), card_pixmap(None, width, dpr))
    # a fanned column, as in play: only the top quarter of each covered card shows
    for i, name in enumerate(("KS", "QH", "JC", "TD")):
        card = CARDS["A23456789TJQK".index(name[0]) + 13 * "SHDC".index(name[1])]
        pix = card_pixmap(card, width, dpr, four_colour=four_colour)
        painter.drawPixmap(QPointF(gap + (width + gap), y + i * fan), pix)
    for i, name in enumerate(("9H", "8S", "7D", "6C")):
        card = CARDS["A23456789TJQK".index(name[0]) + 13 * "SHDC".index(name[1])]
        pix = card_pixmap(card, width, dpr, four_colour=four_colour)
        painter.drawPixmap(QPointF(gap + 2 * (width + gap), y + i * fan), pix)
    for i, label in enumerate(("", "↻", "♠", "♥", "♦", "♣", "12")):
        x = gap + (3 + i) * (width + gap)
        paint_slot(painter, QRectF(x, y, width, height), label)
    painter.end()
    return image


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", help="PNG file to write")
    parser.add_argument("width", nargs="?", type=int, default=100, help="card width in px")
    parser.add_argument("--dpr", type=float, default=1.0, help="device pixel ratio")
    parser.add_argument("--four-colour", action="store_true", help="four-colour deck")
    args = parser.parse_args(argv)
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    image = render_sheet(args.width, args.dpr, four_colour=args.four_colour)
    if not image.save(args.output):
        print(f"could not write {args.output!r}", file=sys.stderr)
        return 1
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())

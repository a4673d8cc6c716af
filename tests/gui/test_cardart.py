"""Card art: every card renders, reads as its colour, and the pixmap cache is HiDPI-correct.

The checks look at real pixels (colour classes, ink in the corner index), not at
calls, so a blank or wrongly coloured card fails here rather than on a player's
screen.
"""

from __future__ import annotations

import ctypes
import sys
from collections import Counter
from collections.abc import Callable

import pytest
import shiboken6
from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QImage, QPainter

from canfield.cards import CARDS, Card, parse_card
from canfield.gui import cardart
from canfield.gui.cardart import (
    CARD_ASPECT,
    card_pixmap,
    paint_back,
    paint_face,
    paint_felt,
    paint_slot,
)

pytestmark = pytest.mark.gui

if sys.version_info < (3, 12) and shiboken6.__version__ == "6.12.0":  # pragma: no cover
    # PySide6 6.12.0 built for Python >= 3.12's immortal None drops one reference to
    # None on every void call; on 3.11 None's count reaches zero after a few thousand
    # paint calls and the interpreter aborts.  Make None immortal here as 3.12 does,
    # until the dependency excludes that release.
    ctypes.c_ssize_t.from_address(id(None)).value += 1 << 40

SIZES = (44, 150)


def _image(
    card: int | None, width: int, *, four_colour: bool = False, compact_index: bool = False
) -> QImage:
    return (
        card_pixmap(card, width, 1.0, four_colour=four_colour, compact_index=compact_index)
        .toImage()
        .convertToFormat(QImage.Format.Format_ARGB32)
    )


def _classes(image: QImage, region: QRectF | None = None) -> Counter[str]:
    """Count opaque pixels by colour class: red, green, blue, dark, light, other."""
    width, height = image.width(), image.height()
    x0, y0, x1, y1 = 0, 0, width, height
    if region is not None:
        x0, y0 = int(region.left()), int(region.top())
        x1, y1 = int(region.right()), int(region.bottom())
    data = bytes(image.constBits())
    stride = image.bytesPerLine()
    counts: Counter[str] = Counter()
    for y in range(y0, y1):
        row = y * stride
        for x in range(x0, x1):
            b, g, r, a = data[row + 4 * x : row + 4 * x + 4]
            if a < 250:
                continue
            if r > 150 and g < 90 and b < 100:
                counts["red"] += 1
            elif g > 50 and g > r + 20 and g > b + 15:
                counts["green"] += 1
            elif b > 80 and b > r + 45 and b > g + 30:
                counts["blue"] += 1
            elif r < 70 and g < 70 and b < 70:
                counts["dark"] += 1
            elif r > 235 and g > 235 and b > 225:
                counts["light"] += 1
            else:
                counts["other"] += 1
    return counts


@pytest.mark.parametrize("width", SIZES)
def test_every_face_renders_in_its_colour(qapp: object, width: int) -> None:
    for card in CARDS:
        image = _image(card, width)
        assert image.size() == QSize(width, round(width * CARD_ASPECT))
        counts = _classes(image)
        assert counts["green"] == 0, f"{card}: green ink on a two-colour card"
        assert counts["light"] > image.width() * image.height() * 0.3, f"{card}: not a white card"
        if card.red:
            assert counts["red"] > 20, f"{card}: red card without red ink"
        else:
            assert counts["dark"] > 20, f"{card}: black card without black ink"
        if card.rank <= 10:  # number cards use only the suit's ink
            other = "dark" if card.red else "red"
            assert counts[other] == 0, f"{card}: {other} ink on a number card"


@pytest.mark.parametrize("width", SIZES)
def test_all_faces_differ_and_differ_from_the_back(qapp: object, width: int) -> None:
    images = {bytes(_image(card, width).constBits()) for card in CARDS}
    assert len(images) == 52
    back = _image(None, width)
    assert bytes(back.constBits()) not in images
    counts = _classes(back)
    assert counts["blue"] > back.width() * back.height() * 0.5, "the back should be mostly blue"


@pytest.mark.parametrize("width", SIZES)
def test_corner_index_is_inked_within_the_fanned_strip(qapp: object, width: int) -> None:
    """In a fanned column only the top quarter shows: rank and suit must both be there."""
    height = round(width * CARD_ASPECT)
    strip = height * 0.24
    for card in CARDS:
        image = _image(card, width)
        ink = "red" if card.red else "dark"
        if width < cardart.SMALL_WIDTH:
            rank_box = QRectF(0, 0, width * 0.5, strip)
            suit_box = QRectF(width * 0.6, 0, width * 0.4, strip)
        else:
            index_w = width * 0.21
            rank_box = QRectF(0, 0, index_w, width * 0.21)
            suit_box = QRectF(0, width * 0.22, index_w, strip - width * 0.22)
        assert _classes(image, rank_box)[ink] > 4, f"{card}: no rank in the corner"
        assert _classes(image, suit_box)[ink] > 4, f"{card}: no suit in the corner"
        bottom = QRectF(width * 0.78, height - width * 0.36, width * 0.22, width * 0.36)
        if width < cardart.SMALL_WIDTH:
            bottom = QRectF(0, height - strip, width, strip)
        assert _classes(image, bottom)[ink] > 8, f"{card}: no index in the bottom corner"


@pytest.mark.parametrize("width", SIZES)
def test_compact_index_shows_rank_and_suit_in_a_squeezed_strip(qapp: object, width: int) -> None:
    """A tightly squeezed column shows only ~22% of the width: rank and suit side by side."""
    strip = width * (cardart.COMPACT_INDEX_DEPTH + 0.01)
    for card in CARDS:
        image = _image(card, width, compact_index=True)
        ink = "red" if card.red else "dark"
        rank_box = QRectF(0, 0, width * 0.45, strip)
        suit_box = QRectF(width * 0.6, 0, width * 0.4, strip)
        assert _classes(image, rank_box)[ink] > 4, f"{card}: no rank in the strip"
        assert _classes(image, suit_box)[ink] > 4, f"{card}: no suit in the strip"
        # Nothing of the index reaches below the strip, where the next card covers
        # it (J's and Q's tails included), and no pip or court frame sits in it.
        for x in (0.0, width * 0.82):
            below = QRectF(x, strip, width * 0.18, width * 0.06)
            assert _classes(image, below)[ink] == 0, f"{card}: index reaches below the strip"
        between = QRectF(width * 0.45, 0, width * 0.15, strip)
        assert _classes(image, between)[ink] == 0, f"{card}: ink between rank and suit"


def test_four_colour_deck(qapp: object) -> None:
    for width in SIZES:
        clubs = _classes(_image(parse_card("7C"), width, four_colour=True))
        diamonds = _classes(_image(parse_card("7D"), width, four_colour=True))
        hearts = _classes(_image(parse_card("7H"), width, four_colour=True))
        spades = _classes(_image(parse_card("7S"), width, four_colour=True))
        assert clubs["green"] > 20 and clubs["dark"] == 0
        assert diamonds["blue"] > 20 and diamonds["red"] == 0
        assert hearts["red"] > 20 and hearts["green"] == 0
        assert spades["dark"] > 20 and spades["green"] == 0
        two = _image(parse_card("7C"), width)
        four = _image(parse_card("7C"), width, four_colour=True)
        assert two != four


@pytest.mark.parametrize("width", [40, 44, 61, 100, 150])
def test_pixmap_is_hidpi_sized(qapp: object, width: int) -> None:
    pixmap = card_pixmap(parse_card("QH"), width, 2.0)
    height = round(width * CARD_ASPECT)
    assert pixmap.devicePixelRatio() == 2.0
    assert pixmap.size() == QSize(2 * width, 2 * height)
    assert pixmap.deviceIndependentSize().toSize() == QSize(width, height)
    back = card_pixmap(None, width, 1.5)
    assert back.size() == QSize(round(width * 1.5), round(height * 1.5))


def test_pixmaps_are_cached_per_key(qapp: object) -> None:
    card = parse_card("TD")
    first = card_pixmap(card, 120, 1.0)
    assert card_pixmap(Card(int(card)), 120, 1.0) is first
    assert card_pixmap(int(card), 120, 1.0) is first
    assert card_pixmap(card, 121, 1.0) is not first
    assert card_pixmap(card, 120, 2.0) is not first
    assert card_pixmap(card, 120, 1.0, four_colour=True) is not first
    compact = card_pixmap(card, 120, 1.0, compact_index=True)
    assert compact is not first
    assert card_pixmap(card, 120, 1.0, compact_index=True) is compact
    # The back has no index: one pixmap whatever is asked.
    assert card_pixmap(None, 120, 1.0, compact_index=True) is card_pixmap(None, 120, 1.0)


def test_rounded_corners_are_transparent(qapp: object) -> None:
    image = _image(parse_card("AS"), 150)
    assert image.pixelColor(0, 0).alpha() == 0
    assert image.pixelColor(image.width() - 1, image.height() - 1).alpha() == 0
    assert image.pixelColor(image.width() // 2, image.height() // 2).alpha() == 255


def _paint(width: int, height: int, draw: Callable[[QPainter, QRectF], object]) -> QImage:
    image = QImage(width, height, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    try:
        draw(painter, QRectF(0, 0, width, height))
    finally:
        painter.end()
    return image


def test_felt_is_green_and_darker_at_the_edges(qapp: object) -> None:
    image = _paint(360, 640, paint_felt)
    counts = _classes(image)
    assert counts["green"] == image.width() * image.height()
    centre = image.pixelColor(180, 260)
    corner = image.pixelColor(2, 2)
    assert centre.green() > corner.green() + 20


def test_slot_labels_are_drawn(qapp: object) -> None:
    def slot(label: str) -> QImage:
        def draw(painter: QPainter, rect: QRectF) -> None:
            paint_felt(painter, rect)
            paint_slot(painter, rect, label)

        return _paint(100, 140, draw)

    empty = slot("")
    marks = {label: slot(label) for label in ("↻", "♠", "♥", "♦", "♣", "A", "12")}
    for label, image in marks.items():
        assert image != empty, f"slot label {label!r} drew nothing"
    assert marks["♥"] != marks["♠"]
    felt = _paint(100, 140, paint_felt)
    assert empty != felt, "the slot outline should show on the felt"


def test_paint_into_any_rect(qapp: object) -> None:
    """paint_face/paint_back honour the rect's position, e.g. when painting a scene item."""

    def draw(painter: QPainter, rect: QRectF) -> None:
        paint_face(painter, QRectF(10, 20, 100, 140), parse_card("KS"))
        paint_back(painter, QRectF(120, 20, 100, 140))

    image = _paint(230, 170, draw)
    assert image.pixelColor(5, 5).alpha() == 0
    assert image.pixelColor(60, 90).alpha() == 255
    assert _classes(image, QRectF(130, 40, 80, 100))["blue"] > 2000


@pytest.mark.parametrize(
    ("lang", "queen", "jack", "king"),
    [("en", "Q", "J", "K"), ("pt", "D", "V", "R"), ("hu", "D", "B", "K"), ("id", "Q", "J", "K")],
)
def test_corner_letters_follow_the_rule_pages(lang: str, queen: str, jack: str, king: str) -> None:
    from canfield.describe import rank_letters

    letters = rank_letters(lang)
    assert (letters[10], letters[11], letters[12]) == (jack, queen, king)
    assert letters[:10] == ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")


def test_portuguese_queen_corner_is_drawn_as_d(qapp: object) -> None:
    from canfield.describe import rank_letters

    qc = Card.parse("QC")
    english = cardart.card_pixmap(qc, 80, 1.0).toImage()
    portuguese = cardart.card_pixmap(qc, 80, 1.0, ranks=rank_letters("pt")).toImage()
    assert english != portuguese
    # Only the corners differ: the middle of the card is the same picture.
    w, h = english.width(), english.height()
    assert english.copy(w // 4, h // 3, w // 2, h // 3) == portuguese.copy(
        w // 4, h // 3, w // 2, h // 3
    )
    # And the table writes it: switching the language repaints the corners.
    assert cardart.card_pixmap(qc, 40, 1.0, ranks=rank_letters("pt")).toImage() != (
        cardart.card_pixmap(qc, 40, 1.0).toImage()
    )

"""Where every pile and card goes for a given table size: pure geometry, no toolkit.

Both front ends (the Qt scene and the browser page) lay the table out with
this module, so a card sits in the same place on either; kept apart from
drawing so the arrangement can be tested (and reasoned about) as numbers: a
landscape table puts stock/waste and the foundations in one row with the
reserve and columns below; a portrait (phone) table stacks
foundations, then stock/waste/reserve, then the columns, so the cards stay
big enough to touch.

Where the reserve lies face up (Superior), it is fanned sideways so every card
shows its corner: on a landscape table along the row under the stock, on a
portrait table in a row of its own above the columns.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from canfield.pile import Pile
from canfield.presentation.stacking import Z
from canfield.state import State

__all__ = [
    "CARD_ASPECT",
    "SMALL_WIDTH",
    "Placement",
    "Point",
    "Rect",
    "TableLayout",
    "index_depth",
    "placements",
    "rank_reach",
]

CARD_ASPECT: Final = 1.4
"""Card height / width: the classic poker-card 3.5 in × 2.5 in."""
SMALL_WIDTH: Final = 72.0
"""Below this width (logical px) cards use the simplified, phone-readable design."""

COLUMN_STEP: Final = 0.26
"""Default downward fan of a column, as a fraction of the card height."""
WASTE_STEP: Final = 0.3
"""Least sideways fan of the draw-3 waste, as a fraction of the card width
(widened to clear the corner rank, :func:`rank_reach`)."""
WASTE_ROOM: Final = 0.42
"""The widest waste fan a landscape table makes room for, as a fraction of the card width."""
LABEL_HEIGHT: Final = 0.2
"""Room under the reserve for its card count, as a fraction of the card height."""
SHRINK_STEPS: Final = (0.9, 0.81, 0.72)
"""Card sizes (of their size for the window) a long column may shrink the table to."""
RESERVE_STEP: Final = 0.25
"""Widest sideways fan of a face-up reserve, as a fraction of the card width."""
FAN_ROOM: Final = 0.45
"""Extra width (in card widths) a landscape table gives a fanned reserve."""
RESERVE_CARDS: Final = 13
MIN_EDGE: Final = 2.0
"""The least a compressed card of a long column shows: an edge, so the count still reads."""


def index_depth(card_w: float) -> float:
    """How far down a card its corner rank and suit reach, in px: the fan step that keeps them read.

    Mirrors the card art's corner index (Qt's ``cardart._paint_index``, the page's
    drawing): below ``SMALL_WIDTH`` the suit sits beside a bigger rank, above it
    under a smaller one.
    """
    return card_w * (0.33 if card_w < SMALL_WIDTH else 0.3)


def rank_reach(card_w: float) -> float:
    """How far across a card its corner rank reaches at its widest ("10"), in px.

    Mirrors both card arts: Qt's ``cardart._paint_index`` (a small card's rank starts at
    7% of the width and is 0.26 of it high, "10" 1.18 times as wide as high: 0.38 in all)
    and the page's ``.index`` (6% in, 0.26 of the width in size, "10" at 0.86 of it: 0.32).
    The waste's fan is at least this, plus a hair, so a fanned 10 shows its 0.
    """
    return card_w * (0.38 if card_w < SMALL_WIDTH else 0.32)


def _waste_step(card_w: float) -> float:
    return max(WASTE_STEP * card_w, rank_reach(card_w) + 0.03 * card_w)


@dataclass(frozen=True, slots=True)
class Point:
    """A point in table coordinates (px from the top-left corner)."""

    x: float
    y: float

    def __add__(self, other: Point) -> Point:
        return Point(self.x + other.x, self.y + other.y)

    def __sub__(self, other: Point) -> Point:
        return Point(self.x - other.x, self.y - other.y)


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle in table coordinates: ``x``, ``y`` its top-left corner."""

    x: float
    y: float
    width: float
    height: float

    @property
    def left(self) -> float:
        return self.x

    @property
    def top(self) -> float:
        return self.y

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    @property
    def top_left(self) -> Point:
        return Point(self.x, self.y)

    @property
    def bottom_right(self) -> Point:
        return Point(self.right, self.bottom)

    @property
    def center(self) -> Point:
        return Point(self.x + self.width / 2, self.y + self.height / 2)

    @property
    def is_empty(self) -> bool:
        return self.width <= 0 or self.height <= 0

    def contains(self, point: Point) -> bool:
        return self.left <= point.x <= self.right and self.top <= point.y <= self.bottom

    def adjusted(self, dx1: float, dy1: float, dx2: float, dy2: float) -> Rect:
        """This rectangle with its left, top, right and bottom edges moved by the four amounts."""
        return Rect(self.x + dx1, self.y + dy1, self.width - dx1 + dx2, self.height - dy1 + dy2)

    def united(self, other: Rect) -> Rect:
        """The smallest rectangle holding both (an empty one counts for nothing)."""
        if self.is_empty:
            return other
        if other.is_empty:
            return self
        left, top = min(self.left, other.left), min(self.top, other.top)
        right, bottom = max(self.right, other.right), max(self.bottom, other.bottom)
        return Rect(left, top, right - left, bottom - top)

    def intersected(self, other: Rect) -> Rect:
        """The overlap of the two (empty, with zero size, where they do not meet)."""
        left, top = max(self.left, other.left), max(self.top, other.top)
        right, bottom = min(self.right, other.right), min(self.bottom, other.bottom)
        return Rect(left, top, max(0.0, right - left), max(0.0, bottom - top))

    def area(self) -> float:
        return 0.0 if self.is_empty else self.width * self.height

    @classmethod
    def spanning(cls, top_left: Point, bottom_right: Point) -> Rect:
        return cls(top_left.x, top_left.y, bottom_right.x - top_left.x, bottom_right.y - top_left.y)


_STOCK, _WASTE, _RESERVE = Pile("stock"), Pile("waste"), Pile("reserve")


class Placement(NamedTuple):
    """Where one card lies: top-left corner, stacking order, which side shows, and its pile
    (a foundation by its place on the table)."""

    pos: Point
    z: float
    face_up: bool
    pile: Pile


@dataclass(frozen=True)
class TableLayout:
    """Pile rectangles (scene coordinates) for a ``width`` × ``height`` table."""

    width: float
    height: float
    card_w: float
    card_h: float
    portrait: bool
    stock: Rect
    waste: Rect
    reserve: Rect
    reserve_label: Rect
    foundations: tuple[Rect, Rect, Rect, Rect]
    columns: tuple[Rect, Rect, Rect, Rect]
    column_bottom: float
    waste_step: float
    column_step: float
    stock_label: Rect
    """Room under the stock for the passes left, where they are limited."""
    reserve_step: float
    """Sideways fan of a face-up reserve (0: the reserve is a stack)."""

    @classmethod
    def compute(
        cls,
        width: float,
        height: float,
        aspect: float,
        longest: int = 1,
        fan_reserve: bool = False,
        *,
        columns: Sequence[tuple[int, int]] = (),
    ) -> TableLayout:
        """The arrangement that gives the biggest cards for this window shape.

        ``longest`` is the longest column's length: when its fan would have to be
        squeezed so far that the corner indices no longer show, the cards get
        smaller (in :data:`SHRINK_STEPS`) rather than becoming
        an unreadable stack. ``columns`` says more: each column's (length, open
        cards), the open ones being those a player can pick up to a legal move
        (:func:`open_cards`). A long column compresses the cards between them
        (:meth:`column_offsets`), so the table shrinks only when even the open
        cards' corners cannot all show.
        """
        width = max(width, 120.0)
        height = max(height, 160.0)
        portrait = width < height * 0.95

        def build(width: float, height: float, aspect: float, cap: float | None) -> TableLayout:
            if portrait:
                return cls._portrait(width, height, aspect, cap, fan_reserve)
            return cls._landscape(width, height, aspect, cap, fan_reserve)

        lay = build(width, height, aspect, None)
        needs = list(columns) if columns else [(longest, longest - 1)]

        def fits_all(layout: TableLayout) -> bool:
            return all(layout.fits_column(count, open_) for count, open_ in needs)

        if fits_all(lay):
            return lay
        # A few fixed sizes rather than one pixel per card, so the table changes
        # size rarely, and visibly on purpose, as a column grows.
        for scale in SHRINK_STEPS:
            smaller = build(width, height, aspect, max(8.0, math.floor(lay.card_w * scale)))
            if fits_all(smaller):
                return smaller
        return smaller

    def fits(self, count: int) -> bool:
        """Whether a column of ``count`` cards fits with every corner index showing."""
        need = min(self.column_step, index_depth(self.card_w) * 0.9)
        return self.column_step_for(count) >= need

    def fits_column(self, count: int, open_: int) -> bool:
        """Whether a column of ``count`` cards, ``open_`` of them (before its last card) open,
        fits with the open cards' corner indices showing (the others compressed)."""
        if count <= 1 or self.fits(count):
            return True
        return self._open_step(count, open_) >= self._need()

    def _tight_step(self, count: int = 0, open_: int = 0) -> float:
        """The step of a compressed (not open) card of a long column: an edge, not a corner.

        A very long column gives its compressed cards what the open ones leave, down to
        2 px, before the table would shrink for it.
        """
        edge = max(MIN_EDGE, round(index_depth(self.card_w) * 0.18, 1))
        closed = count - 1 - open_
        if closed <= 0:
            return edge
        left = self._room() - open_ * self._need()
        return max(MIN_EDGE, min(edge, math.floor(left / closed * 10) / 10))

    def _need(self) -> float:
        """The step that shows a card's corner index (or the fan's own step, if smaller)."""
        return min(self.column_step, index_depth(self.card_w) * 0.9)

    def _room(self) -> float:
        return self.column_bottom - self.columns[0].top - self.card_h

    def _open_step(self, count: int, open_: int) -> float:
        open_ = max(0, min(open_, count - 1))
        closed = count - 1 - open_
        if not open_:
            return 0.0
        left = self._room() - closed * self._tight_step(count, open_)
        return max(0.0, min(self.column_step, left / open_))

    def open_room(self, count: int) -> int:
        """How many cards of a ``count``-card column can be fanned readable, the rest compressed
        (at least one: the last card is always shown whole)."""
        need = self._need()
        if need <= MIN_EDGE:
            return max(1, count - 1)
        room = (self._room() - (count - 1) * MIN_EDGE) / (need - MIN_EDGE)
        return max(1, min(count - 1, math.floor(room)))

    def column_offsets(self, open_flags: Sequence[bool]) -> list[float]:
        """Where each card of a column lies below its slot's top, in px.

        ``open_flags[i]``: whether card ``i`` is open (a player can pick it up to a
        legal move). A column that fits is fanned evenly, as always. A longer one keeps
        its open cards (and the last, shown whole) readable and tappable and compresses
        the cards between them to an edge, rather than squeezing every card alike.
        """
        count = len(open_flags)
        if count <= 1:
            return [0.0] * count
        if self.fits(count):
            step = self.column_step_for(count)
            return [step * i for i in range(count)]
        open_ = sum(1 for flag in open_flags[:-1] if flag)
        wide = self._open_step(count, open_)
        if wide < self._need() or not open_:  # nothing gained: every card squeezed alike
            step = self.column_step_for(count)
            return [step * i for i in range(count)]
        tight = self._tight_step(count, open_)
        offsets, y = [], 0.0
        for flag in open_flags:
            offsets.append(y)
            y += wide if flag else tight
        return offsets

    @classmethod
    def _landscape(
        cls, width: float, height: float, aspect: float, cap: float | None, fan: bool = False
    ) -> TableLayout:
        # Across: margin, stock, gap, waste fan, 2 gaps, four piles with 3 gaps, margin.
        gap_f, margin_f = 0.14, 0.3
        across = 1 + gap_f + (1 + 2 * WASTE_ROOM) + 2 * gap_f + 4 + 3 * gap_f + 2 * margin_f
        across += FAN_ROOM if fan else 0.0
        # Down: margin, top row, gap, a column showing a card plus 5 fanned, margin.
        row_gap_f = 0.16
        down = aspect * (1 + row_gap_f + 1 + 5 * COLUMN_STEP) + 2 * margin_f
        card_w = float(int(min(width / across, height / down, cap or width)))
        card_h = float(round(card_w * aspect))
        gap, margin = gap_f * card_w, margin_f * card_w
        used = across * card_w - 2 * margin
        left = float(round((width - used) / 2))
        top = float(round(margin))
        stock = Rect(left, top, card_w, card_h)
        waste = Rect(round(stock.right + gap), top, card_w, card_h)
        right_x = left + used - 4 * card_w - 3 * gap
        slots = [float(round(right_x + i * (card_w + gap))) for i in range(4)]
        row2 = top + card_h + row_gap_f * card_h
        foundations = tuple(Rect(round(x), round(top), card_w, card_h) for x in slots)
        columns = tuple(Rect(round(x), round(row2), card_w, card_h) for x in slots)
        reserve = Rect(left, round(row2), card_w, card_h)
        label = Rect(left - gap, reserve.bottom + 0.04 * card_h, card_w + 2 * gap, 0.16 * card_h)
        # The passes left sit in the gap between the rows, under the stock and the waste.
        stock_label = Rect(
            left - margin, stock.bottom + 0.015 * card_h, card_w + 2 * margin, 0.13 * card_h
        )
        room = columns[0].left - gap - reserve.left - card_w
        return cls(
            width,
            height,
            card_w,
            card_h,
            False,
            stock,
            waste,
            reserve,
            label,
            _four(foundations),
            _four(columns),
            height - margin * 0.5,
            _waste_step(card_w),
            COLUMN_STEP * card_h,
            stock_label,
            _fan_step(card_w, room) if fan else 0.0,
        )

    @classmethod
    def _portrait(
        cls, width: float, height: float, aspect: float, cap: float | None, fan: bool = False
    ) -> TableLayout:
        gap_f, margin_f = 0.1, 0.12
        across = 4 + 3 * gap_f + 2 * margin_f
        row_gap_f = 0.1
        rows = 4 if fan else 3  # a fanned reserve takes a row of its own
        down = (
            aspect * (rows + (rows - 1) * row_gap_f + LABEL_HEIGHT + 4 * COLUMN_STEP) + 2 * margin_f
        )
        card_w = float(int(min(width / across, height / down, cap or width)))
        card_h = float(round(card_w * aspect))
        gap, margin = gap_f * card_w, margin_f * card_w
        used = 4 * card_w + 3 * gap
        left = float(round((width - used) / 2))
        top = float(round(margin))
        slots = [float(round(left + i * (card_w + gap))) for i in range(4)]
        foundations = tuple(Rect(round(x), round(top), card_w, card_h) for x in slots)
        row2 = top + card_h + row_gap_f * card_h
        stock = Rect(slots[0], round(row2), card_w, card_h)
        waste = Rect(slots[1], round(row2), card_w, card_h)
        stock_label = Rect(
            slots[0] - gap, row2 + card_h + 0.02 * card_h, 2 * card_w + 3 * gap, 0.16 * card_h
        )
        if fan:
            row_r = row2 + card_h + (LABEL_HEIGHT + row_gap_f) * card_h
            reserve = Rect(slots[0], round(row_r), card_w, card_h)
            below = reserve.bottom + 0.02 * card_h
            label = Rect(slots[2] - gap, below, 2 * card_w + 3 * gap, 0.16 * card_h)
            row3 = reserve.bottom + (LABEL_HEIGHT * 0.8 + row_gap_f) * card_h
        else:
            reserve = Rect(slots[3], round(row2), card_w, card_h)
            label = Rect(
                slots[3] - gap, reserve.bottom + 0.02 * card_h, card_w + 2 * gap, 0.16 * card_h
            )
            row3 = reserve.bottom + (LABEL_HEIGHT + row_gap_f) * card_h
        columns = tuple(Rect(round(x), round(row3), card_w, card_h) for x in slots)
        # The fan may not reach the reserve: stop a little short of its slot.
        step = min(_waste_step(card_w), (slots[3] - slots[1] - card_w - gap) / 2)
        return cls(
            width,
            height,
            card_w,
            card_h,
            True,
            stock,
            waste,
            reserve,
            label,
            _four(foundations),
            _four(columns),
            height - margin * 0.5,
            step,
            COLUMN_STEP * card_h,
            stock_label,
            _fan_step(card_w, slots[3] - slots[0]) if fan else 0.0,
        )

    def column_step_for(self, count: int) -> float:
        """The fan of a column of ``count`` cards: the default, squeezed to fit the table."""
        if count <= 1:
            return self.column_step
        room = self.column_bottom - self.columns[0].top - self.card_h
        return max(0.0, min(self.column_step, room / (count - 1)))

    def compact_index(self, count: int, open_: int | None = None) -> bool:
        """Whether a column of ``count`` cards is squeezed so far that the corner index is covered.

        Its cards (but the last, shown whole) then draw the compact index of
        :func:`cardart.paint_face`, rank and suit side by side in the visible strip.
        With ``open_`` (the open cards before the last) the open cards' step decides.
        """
        if count <= 1:
            return False
        step = self.column_step_for(count)
        if open_ is not None and not self.fits(count):
            flags = [True] * open_ + [False] * (count - 1 - open_) + [True]
            offsets = self.column_offsets(flags)
            steps = [b - a for a, b in itertools.pairwise(offsets)]
            step = max(steps) if steps else step
        return step < index_depth(self.card_w)

    def column_area(self, index: int, count: int) -> Rect:
        """The rectangle a column's cards cover (its slot when empty)."""
        slot = self.columns[index]
        step = self.column_step_for(count)
        return Rect(slot.x, slot.y, self.card_w, self.card_h + step * max(count - 1, 0))

    def reserve_area(self, count: int) -> Rect:
        """The rectangle the reserve's cards cover (its slot when empty or stacked)."""
        return Rect(
            self.reserve.x,
            self.reserve.y,
            self.card_w + self.reserve_step * max(count - 1, 0),
            self.card_h,
        )

    def waste_area(self, shown: int) -> Rect:
        return Rect(
            self.waste.x,
            self.waste.y,
            self.card_w + self.waste_step * max(shown - 1, 0),
            self.card_h,
        )


def _fan_step(card_w: float, room: float) -> float:
    """The reserve's fan: 13 cards' corners in ``room`` (px beyond the first card), or less."""
    return float(max(1.0, min(RESERVE_STEP * card_w, room / (RESERVE_CARDS - 1))))


def _four(rects: tuple[Rect, ...]) -> tuple[Rect, Rect, Rect, Rect]:
    return (rects[0], rects[1], rects[2], rects[3])


def placements(
    state: State, layout: TableLayout, shown: int = 1, opened: int | None = None
) -> dict[int, Placement]:
    """Where each of the 52 cards lies in ``state``, with a z order that stacks piles right.

    ``shown`` is how many waste cards are fanned (``Game.visible_waste``). ``opened``
    is a column card the player tapped in a long column's compressed part: the cards
    around it are fanned readable instead (:func:`column_flags`).
    """
    out: dict[int, Placement] = {}
    stock = layout.stock.top_left
    for i, card in enumerate(state.stock):
        out[card] = Placement(stock, Z.STOCK + i, False, _STOCK)
    waste = layout.waste.top_left
    first_fanned = len(state.waste) - shown
    for i, card in enumerate(state.waste):
        j = i - first_fanned
        pos = waste + Point(round(layout.waste_step * j), 0) if j > 0 else waste
        out[card] = Placement(pos, Z.WASTE + i, True, _WASTE)
    reserve = layout.reserve.top_left
    for i, card in enumerate(state.reserve):
        pos = reserve + Point(round(layout.reserve_step * i), 0) if i else reserve
        out[card] = Placement(pos, Z.RESERVE + i, True, _RESERVE)
    for place, suit in enumerate(state.foundation_order):
        corner = layout.foundations[place].top_left
        for i, card in enumerate(state.foundation(suit)):
            out[card] = Placement(corner, Z.FOUNDATION + i, True, Pile.foundation(place))
    for k, col in enumerate(state.columns):
        corner = layout.columns[k].top_left
        offsets = layout.column_offsets(column_flags(state, layout, k, opened))
        for i, card in enumerate(col):
            out[card] = Placement(
                corner + Point(0, round(offsets[i])), Z.COLUMN + i, True, Pile.column(k)
            )
    return out


def open_cards(state: State) -> frozenset[int]:
    """The column cards a player can pick up to a legal move (:func:`canfield.rules.legal_moves`):
    the ones a long column keeps readable."""
    from canfield.rules import legal_moves

    return frozenset(int(m.card) for m in legal_moves(state) if m.card is not None)


def onto_cards(state: State) -> frozenset[int]:
    """The open cards with a move home or onto a card, not only into an empty column.

    In a long run beside an empty column every card is open; these few are the ones
    a long column keeps readable first, so the table need not shrink for it.
    """
    from canfield.moves import FOUNDATION
    from canfield.rules import legal_moves

    return frozenset(
        int(m.card)
        for m in legal_moves(state)
        if m.card is not None and (m.target == FOUNDATION or state.columns[m.target])
    )


def column_flags(
    state: State, layout: TableLayout, index: int, opened: int | None = None
) -> list[bool]:
    """Which cards of column ``index`` are fanned readable (the others compress to an edge).

    Every open card (:func:`open_cards`) when they all fit; else those that go home or
    onto a card (:func:`onto_cards`). When ``opened`` is a card of this column, the cards
    around it instead, as many as fit: a tap on a compressed part opens it to be read.
    """
    col = state.columns[index]
    count = len(col)
    if count <= 1 or layout.fits(count):
        return [True] * count
    if opened in col:
        room = layout.open_room(count)
        at = col.index(opened)
        start = max(0, min(at - room // 2, count - 1 - room))
        return [start <= i < start + room or i == count - 1 for i in range(count)]
    for cards in (open_cards(state), onto_cards(state)):
        flags = [card in cards for card in col]
        if layout.fits_column(count, sum(flags[:-1])):
            return flags
    return flags


def column_needs(state: State) -> list[tuple[int, int]]:
    """Each column's (length, open cards before its last): what :meth:`TableLayout.compute`
    needs to keep the open cards of long columns readable (those going home or onto a card:
    the others may compress, see :func:`column_flags`)."""
    playable = onto_cards(state)
    return [(len(col), sum(1 for card in col[:-1] if card in playable)) for col in state.columns]

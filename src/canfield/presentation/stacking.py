"""The table's stacking order (z values, the scene's and the page's) in one place, bottom to top.

Each pile's cards take ``base + i`` for the i-th card from the bottom (at most
52 of them), so piles never interleave; a card in flight is lifted by
:attr:`Z.FLYING` on top of its resting value.
"""

from __future__ import annotations

from enum import IntEnum

__all__ = ["Z"]


class Z(IntEnum):
    """Base z value of each layer of the table."""

    SLOT = -10
    """Empty-pile outlines, under every card."""
    STOCK = 100
    STOCK_COUNT = 190
    """The card count badge: over the stock's cards, under the waste."""
    WASTE = 200
    RESERVE = 300
    FOUNDATION = 400
    COLUMN = 500
    FLYING = 2000
    """Added to a moving card's resting value; a delayed card flies 100 higher still."""
    DRAG_SHADOW = 2990
    """The soft shadow, just under the dragged cards."""
    DRAGGED = 3000
    CELEBRATION = 4000
    """The win cascade's canvas, over the whole table."""
    FOCUS_RING = 5000

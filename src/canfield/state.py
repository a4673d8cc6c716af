"""A position as an immutable, hashable value.

Everything the rules need lives in :class:`State`, so undo is a stack of
states, saving is cheap and the solver searches the very same values the app
plays on. Piles are tuples of card integers with the playable card *last*.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from canfield.cards import CARDS, Card, rank_of, suit_of

__all__ = [
    "RESERVE_SIZE",
    "STOCK_SIZE",
    "State",
    "foundation_cards",
    "foundation_next_rank",
    "foundation_order",
    "initial_state",
]

RESERVE_SIZE: Final = 13
STOCK_SIZE: Final = 34
_SUIT_ORDER: Final = (0, 1, 2, 3)  # spades, hearts, diamonds, clubs


class State(NamedTuple):
    """One position. Piles list their cards bottom first; the playable card is last.

    ``foundations`` counts the cards on each suit's foundation, indexed by suit
    (0 spades … 3 clubs): a foundation always runs up from the base rank, so
    its count says exactly which cards it holds.
    """

    stock: tuple[int, ...]
    waste: tuple[int, ...]
    reserve: tuple[int, ...]
    foundations: tuple[int, int, int, int]
    columns: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    base: int
    draw: int
    fan: int = 0
    """How many cards of the latest draw are still on the waste (for the fanned display)."""

    @property
    def base_rank(self) -> int:
        return rank_of(self.base)

    @property
    def reserve_top(self) -> Card | None:
        return CARDS[self.reserve[-1]] if self.reserve else None

    @property
    def waste_top(self) -> Card | None:
        return CARDS[self.waste[-1]] if self.waste else None

    @property
    def is_won(self) -> bool:
        return self.foundations == (13, 13, 13, 13)

    @property
    def foundation_order(self) -> tuple[int, int, int, int]:
        """Suits of the four foundation places, left to right."""
        return foundation_order(self.base)

    def foundation_top(self, suit: int) -> Card | None:
        count = self.foundations[suit]
        if count == 0:
            return None
        rank = (self.base_rank - 1 + count - 1) % 13 + 1
        return CARDS[suit * 13 + rank - 1]

    def foundation(self, suit: int) -> tuple[Card, ...]:
        """The cards on ``suit``'s foundation, bottom (base rank) first."""
        return foundation_cards(self.base, suit, self.foundations[suit])

    def visible_waste(self) -> tuple[Card, ...]:
        """The waste cards shown fanned: the rest of the latest draw, or just the top."""
        if not self.waste:
            return ()
        shown = max(1, min(self.fan, len(self.waste)))
        return tuple(CARDS[c] for c in self.waste[-shown:])

    def card_count(self) -> int:
        return (
            len(self.stock)
            + len(self.waste)
            + len(self.reserve)
            + sum(self.foundations)
            + sum(len(c) for c in self.columns)
        )


def foundation_order(base: int) -> tuple[int, int, int, int]:
    """Spades, hearts, diamonds, clubs with the base card's suit moved first."""
    first = suit_of(base)
    rest = tuple(s for s in _SUIT_ORDER if s != first)
    return (first, rest[0], rest[1], rest[2])


def foundation_next_rank(base: int, count: int) -> int:
    """The rank a foundation holding ``count`` cards accepts next."""
    return (rank_of(base) - 1 + count) % 13 + 1


def foundation_cards(base: int, suit: int, count: int) -> tuple[Card, ...]:
    start = rank_of(base) - 1
    return tuple(CARDS[suit * 13 + (start + k) % 13] for k in range(count))


def initial_state(deck: Sequence[int], draw: int) -> State:
    """Deal ``deck`` (52 cards in deal order, already validated) as SPEC section 2 says.

    Cards 1-13 form the reserve (the 13th on top), card 14 is the base card,
    15-18 start the columns and 19-52 are the stock with card 19 drawn first.
    """
    reserve = tuple(deck[:RESERVE_SIZE])
    base = deck[RESERVE_SIZE]
    columns = tuple((c,) for c in deck[RESERVE_SIZE + 1 : RESERVE_SIZE + 5])
    stock = tuple(reversed(deck[RESERVE_SIZE + 5 :]))
    counts = [0, 0, 0, 0]
    counts[suit_of(base)] = 1
    return State(
        stock=stock,
        waste=(),
        reserve=reserve,
        foundations=(counts[0], counts[1], counts[2], counts[3]),
        columns=(columns[0], columns[1], columns[2], columns[3]),
        base=base,
        draw=draw,
        fan=0,
    )

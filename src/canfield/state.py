"""A position as an immutable, hashable value.

Everything the rules need lives in :class:`State`, so undo is a stack of
states, saving is cheap and the solver searches the very same values the app
plays on. Piles are tuples of card integers with the playable card *last*.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from canfield.cards import CARDS, Card, parse_card, rank_of, suit_of
from canfield.variants import CANFIELD, FoundationStart, Variant

__all__ = [
    "RESERVE_SIZE",
    "STOCK_SIZE",
    "State",
    "deal_cards",
    "foundation_cards",
    "foundation_order",
    "initial_state",
]

RESERVE_SIZE: Final = 13
STOCK_SIZE: Final = 34
_SUIT_ORDER: Final = (0, 1, 2, 3)  # spades, hearts, diamonds, clubs


class State(NamedTuple):
    """One position. Piles list their cards bottom first; the playable card is last.

    ``foundations`` counts the cards on each suit's foundation, indexed by suit
    (0 spades … 3 clubs) - the one way foundations are indexed in the engine: a
    foundation always runs up from the base rank, so its count says exactly
    which cards it holds. ``variant`` is the rule set the position is played
    by and ``recycles`` how often the waste has been turned back over, counted
    only where the variant limits it (elsewhere always 0, so taps that come
    round again reach the very same position). ``str(state)`` is its position
    notation (``docs/notation.md``) and :meth:`parse` reads it back.
    """

    stock: tuple[int, ...]
    waste: tuple[int, ...]
    reserve: tuple[int, ...]
    foundations: tuple[int, int, int, int]
    columns: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    base: int
    draw: int
    variant: Variant = CANFIELD
    recycles: int = 0

    @classmethod
    def parse(cls, text: str) -> State:
        """The position written in ``text``; :class:`InvalidPositionError` says what is wrong."""
        from canfield.notation import parse_position

        return parse_position(text)

    def notation(self) -> str:
        """The one-line text form that :meth:`parse` reads back."""
        from canfield.notation import format_position

        return format_position(self)

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"State.parse({self.notation()!r})"

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
    def passes_left(self) -> int | None:
        """Passes through the stock still to come, the current one included (``None``: no limit)."""
        passes = self.variant.passes
        return None if passes is None else passes - self.recycles

    @property
    def foundation_order(self) -> tuple[int, int, int, int]:
        """Suits of the four foundation places, left to right (for display only)."""
        return foundation_order(self.base)

    def foundation_top(self, suit: int) -> Card | None:
        count = self.foundations[suit]
        if count == 0:
            return None
        rank = (self.base_rank - 1 + count - 1) % 13 + 1
        return CARDS[suit * 13 + rank - 1]

    def foundation(self, suit: int) -> tuple[Card, ...]:
        """The cards on ``suit``'s foundation, bottom (start rank) first."""
        return foundation_cards(self.base, suit, self.foundations[suit])

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


def foundation_cards(base: int, suit: int, count: int) -> tuple[Card, ...]:
    start = rank_of(base) - 1
    return tuple(CARDS[suit * 13 + (start + k) % 13] for k in range(count))


_TWO_OF_SPADES: Final = parse_card("2S")


def deal_cards(deck: Sequence[int], variant: Variant = CANFIELD) -> tuple[int, ...]:
    """The cards of ``deck`` that are dealt: all 52, or the 48 that are not 2s in Storehouse."""
    if variant.start is FoundationStart.TWOS:
        return tuple(c for c in deck if rank_of(c) != 2)
    return tuple(deck)


def initial_state(deck: Sequence[int], draw: int, variant: Variant = CANFIELD) -> State:
    """Deal ``deck`` (52 cards in deal order, already validated) by ``variant``'s rules.

    Cards 1-13 form the reserve (the 13th on top), card 14 is the base card,
    15-18 start the columns and the rest is the stock, card 19 drawn first.
    Where the 2s start the foundations, they are taken out wherever they lie
    and the other 48 cards are dealt the same way without a base card.
    """
    cards = deal_cards(deck, variant)
    reserve = tuple(cards[:RESERVE_SIZE])
    if variant.start is FoundationStart.TWOS:
        base: int = _TWO_OF_SPADES
        first = RESERVE_SIZE
        counts = [1, 1, 1, 1]
    else:
        base = cards[RESERVE_SIZE]
        first = RESERVE_SIZE + 1
        counts = [0, 0, 0, 0]
        counts[suit_of(base)] = 1
    columns = tuple((c,) for c in cards[first : first + 4])
    stock = tuple(reversed(cards[first + 4 :]))
    return State(
        stock=stock,
        waste=(),
        reserve=reserve,
        foundations=(counts[0], counts[1], counts[2], counts[3]),
        columns=(columns[0], columns[1], columns[2], columns[3]),
        base=base,
        draw=draw,
        variant=variant,
        recycles=0,
    )

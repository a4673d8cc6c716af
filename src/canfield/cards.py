"""Cards as small integers, so positions are cheap tuples to hash, copy and compare.

A card is ``suit * 13 + rank - 1`` with suits in the order spades, hearts,
diamonds, clubs and ranks 1 (ace) to 13 (king). :class:`Card` is an ``int``
subclass with one interned instance per card, so it prints as ``QC`` while the
hot paths of the rules and the solver see plain integers.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from canfield.errors import DeckProblem, InvalidCardError, InvalidDeckError, quoted

__all__ = [
    "CARDS",
    "RANK_CHARS",
    "SUIT_CHARS",
    "Card",
    "format_cards",
    "is_red",
    "parse_card",
    "parse_cards",
    "rank_of",
    "suit_of",
]

SUIT_CHARS: Final = "SHDC"
"""Suit letters in the engine's order: spades, hearts, diamonds, clubs."""
RANK_CHARS: Final = "A23456789TJQK"
"""Rank letters from ace (rank 1) to king (rank 13)."""
SUIT_SYMBOLS: Final = "♠♥♦♣"

_RED_SUITS: Final = frozenset({1, 2})


def rank_of(card: int) -> int:
    """Rank 1 (ace) to 13 (king)."""
    return card % 13 + 1


def suit_of(card: int) -> int:
    """Suit index: 0 spades, 1 hearts, 2 diamonds, 3 clubs."""
    return card // 13


def is_red(card: int) -> bool:
    return card // 13 in _RED_SUITS


class Card(int):
    """One of the 52 cards; ``str(card)`` is its notation, e.g. ``QC``.

    Use :data:`CARDS` or :meth:`parse` rather than the constructor: the 52
    instances are interned.
    """

    __slots__ = ()

    def __new__(cls, index: int) -> Card:
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < 52:
            raise InvalidCardError(f"card index out of range: {quoted(index)}")
        try:
            return CARDS[index]
        except NameError:  # while CARDS itself is being built
            return super().__new__(cls, index)

    @classmethod
    def parse(cls, text: str) -> Card:
        return parse_card(text)

    @classmethod
    def of(cls, rank: int, suit: int) -> Card:
        """The card of ``rank`` (1-13) and ``suit`` (0-3)."""
        numbers = all(isinstance(n, int) and not isinstance(n, bool) for n in (rank, suit))
        if not (numbers and 1 <= rank <= 13 and 0 <= suit <= 3):
            raise InvalidCardError(f"no card of rank {quoted(rank)} and suit {quoted(suit)}")
        return CARDS[suit * 13 + rank - 1]

    @property
    def rank(self) -> int:
        return rank_of(self)

    @property
    def suit(self) -> int:
        return suit_of(self)

    @property
    def suit_char(self) -> str:
        return SUIT_CHARS[suit_of(self)]

    @property
    def rank_char(self) -> str:
        return RANK_CHARS[rank_of(self) - 1]

    @property
    def red(self) -> bool:
        return is_red(self)

    @property
    def symbol(self) -> str:
        """Display form with a suit symbol, e.g. ``10♥``."""
        rank = "10" if rank_of(self) == 10 else self.rank_char
        return rank + SUIT_SYMBOLS[suit_of(self)]

    def __str__(self) -> str:
        return _NAMES[self]

    def __repr__(self) -> str:
        return f"Card.parse({_NAMES[self]!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


_NAMES: Final = tuple(r + s for s in SUIT_CHARS for r in RANK_CHARS)
CARDS: Final[tuple[Card, ...]] = tuple(Card(i) for i in range(52))
"""The 52 interned cards, indexed by their integer value."""

_RANK_INPUT: Final = {c: i + 1 for i, c in enumerate(RANK_CHARS)} | {"10": 10}
_SUIT_INPUT: Final = (
    {c: i for i, c in enumerate(SUIT_CHARS)}
    | {sym: i for i, sym in enumerate(SUIT_SYMBOLS)}
    | {"♤": 0, "♡": 1, "♢": 2, "♧": 3}
)


def parse_card(text: str) -> Card:
    """Read ``QC``, ``10h``, ``t♠``…; raise :class:`InvalidCardError` naming the problem."""
    if not isinstance(text, str):
        raise InvalidCardError(f"a card must be text, not {type(text).__name__}")
    raw = text.strip()
    token = raw.upper()
    if len(token) < 2:
        raise InvalidCardError(
            f"not a card: {quoted(text)} (expected a rank and a suit, e.g. 'QC')"
        )
    rank_text, suit_text = token[:-1], token[-1]
    rank = _RANK_INPUT.get(rank_text)
    suit = _SUIT_INPUT.get(suit_text)
    if rank is None and suit is None:
        raise InvalidCardError(f"not a card: {quoted(text)}")
    if rank is None:
        raise InvalidCardError(
            f"unknown rank {quoted(rank_text)} in card {quoted(text)} (ranks: A 2-9 T/10 J Q K)"
        )
    if suit is None:
        raise InvalidCardError(
            f"unknown suit {quoted(suit_text)} in card {quoted(text)} (suits: S H D C)"
        )
    return CARDS[suit * 13 + rank - 1]


def parse_cards(text: str) -> list[Card]:
    """Cards separated by spaces and/or commas, in order; no count or duplicate check."""
    tokens = text.replace(",", " ").split()
    cards: list[Card] = []
    for position, token in enumerate(tokens, start=1):
        try:
            cards.append(parse_card(token))
        except InvalidCardError as exc:
            raise InvalidDeckError(
                f"card {position}: {exc}", DeckProblem.CARD, position=position, part=token
            ) from None
    return cards


def format_cards(cards: Iterable[int]) -> str:
    """Space-separated notation of the cards, the inverse of :func:`parse_cards`."""
    return " ".join(_NAMES[c] for c in cards)

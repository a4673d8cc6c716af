"""The shape every position description shares, so the languages only supply words.

The original rule pages (their texts are in tests/describe/test_describe.py) fix the
order and punctuation (stock; waste; reserve. foundations. columns.); each
language subclasses :class:`Language` and fills in its nouns, its count and
"empty" words and the one grammatical hook that differs most between
languages: how "up to <card>" is said on a foundation.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import ClassVar

from canfield.cards import Card, rank_of
from canfield.pile import PILE_KINDS, PileKind
from canfield.state import State

__all__ = ["PILE_KINDS", "Language", "PileKind"]


class Language(ABC):
    """Words and grammar of one language; :meth:`describe` assembles them.

    Subclasses set the class attributes and implement the abstract methods.
    Suit tuples follow the engine's suit order (spades, hearts, diamonds,
    clubs); rank tuples run from ace (index 0) to king (index 12).
    """

    code: ClassVar[str]
    suits: ClassVar[tuple[str, str, str, str]]
    ranks: ClassVar[tuple[str, ...]]
    index_letters: ClassVar[tuple[str, ...]] = (
        *("A", "2", "3", "4", "5", "6", "7", "8", "9", "10"),
        *("J", "Q", "K"),
    )
    """The ranks as the card corners write them, ace to king (Portuguese writes "D♠")."""
    stock_label: ClassVar[str]
    """Label that opens the description, capitalised (it starts the text)."""
    waste_label: ClassVar[str]
    reserve_label: ClassVar[str]
    top_label: ClassVar[str]
    """Introduces the playable card of the waste and the reserve."""
    foundations_label: ClassVar[str]
    """Heading of the foundations part, followed by the start rank's name."""
    under_label: ClassVar[str]
    """Introduces the cards under the top of a reserve that lies face up (Superior)."""

    # -- words ---------------------------------------------------------------

    def rank_name(self, rank: int) -> str:
        return self.ranks[rank - 1]

    def suit_name(self, suit: int) -> str:
        return self.suits[suit]

    @abstractmethod
    def card_name(self, card: Card) -> str:
        """A card's full spoken name, e.g. "queen of clubs"."""

    @abstractmethod
    def count(self, n: int) -> str:
        """A number of cards with the noun agreeing, e.g. "1 card" / "34 cards"."""

    @abstractmethod
    def empty(self, kind: PileKind) -> str:
        """The word for an empty pile of ``kind`` (it may agree in gender)."""

    @abstractmethod
    def numbered(self, kind: PileKind, number: int) -> str:
        """Name of foundation or column ``number`` (1-4), lower case."""

    @abstractmethod
    def passes_left(self, n: int) -> str:
        """Passes through the stock still to come, the current one included: "2 passes left".

        One is the current pass: "last pass", so it is not heard as one more.
        """

    @abstractmethod
    def up_to(self, top: Card) -> str:
        """How a foundation whose top card is ``top`` is said: "up to the 7 of hearts"."""

    def pile_name(self, kind: PileKind, number: int | None) -> str:
        """Name of a pile for accessibility labels, lower case.

        ``number`` (1-4) is given exactly for a foundation or a column; the
        public :func:`canfield.describe.pile_name` checks that.
        """
        if number is not None:
            return self.numbered(kind, number)
        label = {
            "stock": self.stock_label,
            "waste": self.waste_label,
            "reserve": self.reserve_label,
        }[kind]
        return label.lower()

    # -- clauses ---------------------------------------------------------------

    def stock_clause(self, n: int) -> str:
        """The stock is face down: only its size is said."""
        if n == 0:
            return f"{self.stock_label} {self.empty('stock')}"
        return f"{self.stock_label}: {self.count(n)}"

    def open_pile_clause(self, kind: PileKind, label: str, cards: Sequence[int]) -> str:
        """A face-up pile where only the top plays: its size and its top card."""
        if not cards:
            return f"{label} {self.empty(kind)}"
        top = self.card_name(Card(cards[-1]))
        return f"{label}: {self.count(len(cards))}, {self.top_label}: {top}"

    def face_up_reserve_clause(self, cards: Sequence[int]) -> str:
        """A reserve whose every card shows: its top card, then the cards under it, downwards."""
        clause = self.open_pile_clause("reserve", self.reserve_label, cards)
        if len(cards) < 2:
            return clause
        under = ", ".join(self.card_name(Card(c)) for c in reversed(cards[:-1]))
        return f"{clause}, {self.under_label}: {under}"

    def foundation_clause(self, state: State, suit: int) -> str:
        count = state.foundations[suit]
        top = state.foundation_top(suit)
        if top is None:
            return f"{self.suit_name(suit)} {self.empty('foundation')}"
        return f"{self.suit_name(suit)} {self.up_to(top)} ({count})"

    def column_clause(self, number: int, cards: Sequence[int]) -> str:
        """A column lists every card, bottom first, since all of them are visible."""
        label = self.numbered("column", number)
        if not cards:
            return f"{label} {self.empty('column')}"
        return f"{label}: " + ", ".join(self.card_name(Card(c)) for c in cards)

    def describe(self, state: State) -> str:
        """The whole position in the original rule pages' form.

        What a variant adds fits in the same frame: the passes left after the
        stock where they are limited, every reserve card where the reserve
        lies face up; Storehouse's 2s are simply the foundations' first cards.
        """
        stock = self.stock_clause(len(state.stock))
        if state.passes_left is not None:
            stock = f"{stock}, {self.passes_left(state.passes_left)}"
        if state.variant.reserve_face_up:
            reserve = self.face_up_reserve_clause(state.reserve)
        else:
            reserve = self.open_pile_clause("reserve", self.reserve_label, state.reserve)
        piles = "; ".join(
            (stock, self.open_pile_clause("waste", self.waste_label, state.waste), reserve)
        )
        start = self.rank_name(rank_of(state.base))
        foundations = ", ".join(self.foundation_clause(state, s) for s in state.foundation_order)
        columns = "; ".join(
            self.column_clause(i, cards) for i, cards in enumerate(state.columns, start=1)
        )
        return f"{piles}. {self.foundations_label} {start}: {foundations}. {columns}."

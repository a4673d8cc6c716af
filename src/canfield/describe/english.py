"""English: the reference wording the other languages are read against."""

from __future__ import annotations

from canfield.cards import Card, rank_of, suit_of
from canfield.describe._base import Language, PileKind

__all__ = ["English"]


class English(Language):
    """``Stock: 34 cards; waste empty; … hearts up to the 7 of hearts (1) …``."""

    code = "en"
    suits = ("spades", "hearts", "diamonds", "clubs")
    ranks = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
    stock_label = "Stock"
    waste_label = "waste"
    reserve_label = "reserve"
    top_label = "top"
    foundations_label = "Foundations, starting rank"
    under_label = "under it"

    def card_name(self, card: Card) -> str:
        return f"{self.rank_name(rank_of(card))} of {self.suit_name(suit_of(card))}"

    def passes_left(self, n: int) -> str:
        return "last pass" if n == 1 else f"{n} passes left"

    def count(self, n: int) -> str:
        return "1 card" if n == 1 else f"{n} cards"

    def empty(self, kind: PileKind) -> str:
        return "empty"

    def numbered(self, kind: PileKind, number: int) -> str:
        return f"{kind} {number}"

    def up_to(self, top: Card) -> str:
        return f"up to the {self.card_name(top)}"

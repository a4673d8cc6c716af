"""Indonesian, with the vocabulary of ``rules-id.txt``.

Card names put the rank first ("ratu keriting", "7 hati"); nouns do not
inflect for number, so "1 kartu" and "34 kartu" need no rule.
"""

from __future__ import annotations

from typing import Final

from canfield.cards import Card, rank_of, suit_of
from canfield.describe._base import Language, PileKind

__all__ = ["Indonesian"]

_NUMBERED: Final[dict[PileKind, str]] = {"foundation": "fondasi", "column": "kolom"}


class Indonesian(Language):
    """``Tumpukan ambil: 34 kartu; tumpukan buangan kosong; … hati sampai 7 hati (1) …``."""

    code = "id"
    suits = ("sekop", "hati", "wajik", "keriting")
    ranks = ("as", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jek", "ratu", "raja")
    stock_label = "Tumpukan ambil"
    waste_label = "tumpukan buangan"
    reserve_label = "cadangan"
    top_label = "teratas"
    foundations_label = "Fondasi, peringkat awal"
    under_label = "di bawahnya"

    def card_name(self, card: Card) -> str:
        return f"{self.rank_name(rank_of(card))} {self.suit_name(suit_of(card))}"

    def passes_left(self, n: int) -> str:
        return "putaran terakhir" if n == 1 else f"sisa {n} putaran"

    def count(self, n: int) -> str:
        return f"{n} kartu"

    def empty(self, kind: PileKind) -> str:
        return "kosong"

    def numbered(self, kind: PileKind, number: int) -> str:
        return f"{_NUMBERED[kind]} {number}"

    def up_to(self, top: Card) -> str:
        return f"sampai {self.card_name(top)}"

"""Portuguese (European), worded as the original rule page (in tests/describe/test_describe.py).

Two points of grammar: "vazio"/"vazia" agrees with the pile's noun (but the
original says "espadas vazio" for a foundation), and "até ao" contracts with the
article of the rank, which is feminine only for "dama" ("até à dama").
"""

from __future__ import annotations

from typing import Final

from canfield.cards import Card, rank_of, suit_of
from canfield.describe._base import Language, PileKind

__all__ = ["Portuguese"]

_QUEEN: Final = 12
_EMPTY: Final[dict[PileKind, str]] = {
    "stock": "vazio",  # o baralho
    "waste": "vazio",  # o descarte
    "reserve": "vazia",  # a reserva
    "foundation": "vazio",  # as in the seed: "espadas vazio"
    "column": "vazia",  # a coluna
}
_NUMBERED: Final[dict[PileKind, str]] = {"foundation": "fundação", "column": "coluna"}


class Portuguese(Language):
    """``Baralho: 34 cartas; descarte vazio; … copas até ao 7 de copas (1) …``."""

    code = "pt"
    suits = ("espadas", "copas", "ouros", "paus")
    ranks = ("ás", "2", "3", "4", "5", "6", "7", "8", "9", "10", "valete", "dama", "rei")
    index_letters = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R")
    stock_label = "Baralho"
    waste_label = "descarte"
    reserve_label = "reserva"
    top_label = "no topo"
    foundations_label = "Fundações, valor inicial"
    under_label = "por baixo"

    def card_name(self, card: Card) -> str:
        return f"{self.rank_name(rank_of(card))} de {self.suit_name(suit_of(card))}"

    def passes_left(self, n: int) -> str:
        return "última passagem" if n == 1 else f"restam {n} passagens"

    def count(self, n: int) -> str:
        return "1 carta" if n == 1 else f"{n} cartas"

    def empty(self, kind: PileKind) -> str:
        return _EMPTY[kind]

    def numbered(self, kind: PileKind, number: int) -> str:
        return f"{_NUMBERED[kind]} {number}"

    def up_to(self, top: Card) -> str:
        contraction = "à" if rank_of(top) == _QUEEN else "ao"
        return f"até {contraction} {self.card_name(top)}"

"""Hungarian, worded as the original Hungarian rule page (kept in tests/describe/test_describe.py).

Card names put the suit first ("treff dáma"). "Up to" is the terminative
suffix -ig, which has a single form: a final -a/-e lengthens ("dáma" →
"dámáig"), other words just add it ("királyig", "bubiig"), and a rank written
in digits takes it after a hyphen ("7-ig", "10-ig"), as the spelling rules
prescribe for numerals. The definite article is "az" before a vowel, else "a".
"""

from __future__ import annotations

from typing import Final

from canfield.cards import Card, rank_of, suit_of
from canfield.describe._base import Language, PileKind

__all__ = ["Hungarian", "article", "terminative"]

_VOWELS: Final = frozenset("aáeéiíoóöőuúüű")
_LENGTHENED: Final = {"a": "á", "e": "é"}
_NUMBERED: Final[dict[PileKind, str]] = {"foundation": "alap", "column": "oszlop"}


def terminative(word: str) -> str:
    """``word`` with -ig ("up to"): "7-ig", "dámáig", "királyig", "ászig"."""
    if word[-1].isdigit():
        return f"{word}-ig"
    last = word[-1]
    return word[:-1] + _LENGTHENED.get(last, last) + "ig"


def article(word: str) -> str:
    """The definite article for ``word``: "az" before a vowel sound, "a" otherwise."""
    return "az" if word[0].lower() in _VOWELS else "a"


class Hungarian(Language):
    """``Húzópakli: 34 lap; dobópakli üres; … kőr a kőr 7-ig (1) …``."""

    code = "hu"
    suits = ("pikk", "kőr", "káró", "treff")
    ranks = ("ász", "2", "3", "4", "5", "6", "7", "8", "9", "10", "bubi", "dáma", "király")
    index_letters = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "B", "D", "K")
    stock_label = "Húzópakli"
    waste_label = "dobópakli"
    reserve_label = "tartalék"
    top_label = "felül"
    foundations_label = "Alapok, kezdő rang"
    under_label = "alatta"

    def card_name(self, card: Card) -> str:
        return f"{self.suit_name(suit_of(card))} {self.rank_name(rank_of(card))}"

    def passes_left(self, n: int) -> str:
        # "még 3 menet": 3 more passes through the stock ("menet" is a pass; the seed's
        # "átfordítás" is the turning over between two of them; singular after a numeral)
        return "utolsó menet" if n == 1 else f"még {n} menet"

    def count(self, n: int) -> str:
        # A noun after a numeral stays singular in Hungarian: "1 lap", "34 lap".
        return f"{n} lap"

    def empty(self, kind: PileKind) -> str:
        return "üres"

    def numbered(self, kind: PileKind, number: int) -> str:
        return f"{number}. {_NUMBERED[kind]}"

    def up_to(self, top: Card) -> str:
        suit = self.suit_name(suit_of(top))
        return f"{article(suit)} {suit} {terminative(self.rank_name(rank_of(top)))}"

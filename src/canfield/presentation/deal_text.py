"""What the player typed in New game's field: a game code or a 52-card deck (docs/deal-numbers.md).

The engine parses (:meth:`canfield.deal.DealCode.parse`, :func:`canfield.deal.parse_deck`),
so the dialog can never accept what the engine would refuse, and the syntax
lives there alone. The engine's own messages quote the input the way Python
writes strings and are English only; its errors also say which part is wrong
(``problem`` and the fields it names), and this module words that reason in
the app's language, with the input quoted as typed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from canfield.cards import Card
from canfield.deal import CODE_LETTERS, DealCode, parse_deck
from canfield.errors import (
    CodeProblem,
    DeckProblem,
    InvalidCodeError,
    InvalidDeckError,
)
from canfield.i18n import _
from canfield.variants import VARIANTS

__all__ = ["DealText", "DealTextError", "read_deal_text"]

_SHOWN: Final = 24
"""A quoted piece of input is cut to this many characters."""


class DealTextError(ValueError):
    """The text is neither a code nor a deck; ``str()`` is the reason in the app's language."""


@dataclass(frozen=True, slots=True)
class DealText:
    """A valid field: exactly one of ``code`` and ``deck`` is set."""

    code: DealCode | None = None
    deck: tuple[Card, ...] | None = None


def _cut(text: str) -> str:
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


def read_deal_text(text: str) -> DealText:
    """The code or deck in ``text``; :class:`DealTextError` (translated) if it is neither.

    One word is read as a code, several (cards separated by spaces or commas) as a deck.
    """
    if len(text.replace(",", " ").split()) > 1:
        try:
            return DealText(deck=parse_deck(text))
        except InvalidDeckError as exc:
            raise DealTextError(_deck_reason(exc)) from None
    try:
        return DealText(code=DealCode.parse(text))
    except InvalidCodeError as exc:
        raise DealTextError(_code_reason(exc)) from None


def _code_reason(error: InvalidCodeError) -> str:
    part = _cut(error.part)
    match error.problem:
        case CodeProblem.VARIANT:
            return _("Unknown variant “{name}”: a code names one of {names}.").format(
                name=part, names=", ".join(v.upper() for v in VARIANTS if v != "canfield")
            )
        case CodeProblem.VERSION:
            return _("Unknown code version “{version}”: this version reads CF1 codes.").format(
                version=part
            )
        case CodeProblem.DRAW:
            return _("The draw mode must be D1 or D3, not “{draw}”.").format(draw=part)
        case CodeProblem.LENGTH:
            return _("The deal part needs {count} letters; it has {actual}.").format(
                count=CODE_LETTERS, actual=len(error.part)
            )
        case CodeProblem.LETTERS:
            return _("The deal part may hold only the letters A to Z.")
        case CodeProblem.SHAPE:
            return _(
                "A game code has three parts, like CF1-D3-AAAAACL; a deck lists 52 cards, "
                "like AS 2S 3S …"
            )
        case CodeProblem.NUMBER:
            return _("This is not a game code.")


def _deck_reason(error: InvalidDeckError) -> str:
    match error.problem:
        case DeckProblem.CARD:
            return _(
                "Card {position} of the deck, “{text}”, is not a card (write e.g. AS, 10H, QC)."
            ).format(position=error.position, text=_cut(error.part))
        case DeckProblem.COUNT:
            return _("A deck has 52 cards; this one has {count}.").format(count=error.count)
        case DeckProblem.TWICE:
            return _("The deck holds {twice} twice and lacks {missing}.").format(
                twice=" ".join(error.twice), missing=" ".join(error.missing)
            )
        case DeckProblem.NOT_TEXT:
            return _("This is not a deck of 52 cards.")

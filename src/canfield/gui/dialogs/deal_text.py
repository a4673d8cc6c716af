"""What the player typed in New game's field: a game code or a 52-card deck (docs/deal-numbers.md).

The engine parses (:meth:`canfield.deal.DealCode.parse`, :func:`canfield.cards.parse_card`,
:func:`canfield.deal.validate_deck`), so the dialog can never accept what the
engine would refuse. The engine's own messages quote the input the way Python
writes strings and are English only; the player gets the same reason from here,
in the app's language, with the input quoted as typed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from canfield.cards import CARDS, Card, parse_card
from canfield.deal import CODE_LETTERS, DealCode, validate_deck
from canfield.errors import CanfieldError
from canfield.i18n import _
from canfield.variants import VARIANTS

__all__ = ["DealText", "DealTextError", "read_deal_text"]

_SHAPE: Final = re.compile(r"^([^-]*)(?:-([^-]*))?-([^-]*)-([^-]*)$")
"""Version, optional variant, draw mode, letters (docs/deal-numbers.md)."""
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
    words = text.replace(",", " ").split()
    if len(words) > 1:
        return DealText(deck=_read_deck(words))
    try:
        return DealText(code=DealCode.parse(text))
    except CanfieldError:
        raise DealTextError(_code_reason(text)) from None


def _code_reason(text: str) -> str:
    raw = text.strip().upper()
    shape = _SHAPE.match(raw)
    if shape is None:
        return _(
            "A game code has three parts, like CF1-D3-AAAAACL; a deck lists 52 cards, "
            "like AS 2S 3S …"
        )
    version, variant, draw, letters = shape.groups()
    if variant is not None and variant.lower() not in VARIANTS:
        return _("Unknown variant “{name}”: a code names one of {names}.").format(
            name=_cut(variant), names=", ".join(v.upper() for v in VARIANTS if v != "canfield")
        )
    if version != "CF1":
        return _("Unknown code version “{version}”: this version reads CF1 codes.").format(
            version=_cut(version)
        )
    if draw not in ("D1", "D3"):
        return _("The draw mode must be D1 or D3, not “{draw}”.").format(draw=_cut(draw))
    if len(letters) != CODE_LETTERS:
        return _("The deal part needs {count} letters; it has {actual}.").format(
            count=CODE_LETTERS, actual=len(letters)
        )
    if any(not "A" <= c <= "Z" for c in letters):
        return _("The deal part may hold only the letters A to Z.")
    return _("This is not a game code.")


def _read_deck(words: list[str]) -> tuple[Card, ...]:
    cards: list[Card] = []
    for position, word in enumerate(words, start=1):
        try:
            cards.append(parse_card(word))
        except CanfieldError:
            raise DealTextError(
                _(
                    "Card {position} of the deck, “{text}”, is not a card (write e.g. AS, 10H, QC)."
                ).format(position=position, text=_cut(word))
            ) from None
    if len(cards) != 52:
        raise DealTextError(
            _("A deck has 52 cards; this one has {count}.").format(count=len(cards))
        )
    seen: set[int] = set()
    twice: list[str] = []
    for card in cards:
        if card in seen:
            twice.append(str(card))
        seen.add(card)
    if twice:
        missing = " ".join(str(CARDS[c]) for c in range(52) if c not in seen)
        raise DealTextError(
            _("The deck holds {twice} twice and lacks {missing}.").format(
                twice=" ".join(twice), missing=missing
            )
        )
    try:
        return validate_deck(cards)
    except CanfieldError:  # pragma: no cover - the checks above are the engine's
        raise DealTextError(_("This is not a deck of 52 cards.")) from None

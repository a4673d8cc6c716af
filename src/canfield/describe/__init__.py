"""Position descriptions and card/pile names in English, Portuguese, Hungarian, Indonesian.

The text is what a screen reader or the CLI says for a whole position; the
Portuguese and Hungarian forms reproduce the project's original rule pages
character for character (tests/describe/test_describe.py holds those texts).
:func:`card_name` and :func:`pile_name` give the GUI the same words for the
accessible names of single cards and piles.

Pure Python: nothing here imports Qt.
"""

from __future__ import annotations

from typing import Final

from canfield.cards import Card
from canfield.describe._base import PILE_KINDS, Language, PileKind
from canfield.describe.english import English
from canfield.describe.hungarian import Hungarian
from canfield.describe.indonesian import Indonesian
from canfield.describe.portuguese import Portuguese
from canfield.errors import UnknownLanguageError, quoted
from canfield.i18n import LANGUAGES, normalize_language
from canfield.state import State

__all__ = [
    "LANGUAGES",
    "PILE_KINDS",
    "Language",
    "PileKind",
    "UnknownLanguageError",
    "card_name",
    "describe",
    "pile_name",
    "rank_letters",
    "wording",
]

_BY_CODE: Final[dict[str, Language]] = {
    lang.code: lang for lang in (English(), Portuguese(), Hungarian(), Indonesian())
}


def wording(lang: str) -> Language:
    """The wording for ``lang``: a code from :data:`~canfield.i18n.LANGUAGES`.

    Case and a region or encoding suffix are ignored ("pt_BR", "hu-HU",
    "en_US.UTF-8"), so a system locale can be passed as it is.
    """
    if isinstance(lang, str):
        found = _BY_CODE.get(normalize_language(lang) or "")
        if found is not None:
            return found
    raise UnknownLanguageError(
        f"unknown language {quoted(lang)} for position descriptions "
        f"(supported: {', '.join(LANGUAGES)})"
    )


def describe(state: State, lang: str = "en") -> str:
    """The whole position as one text, e.g. ``Stock: 34 cards; waste empty; …``."""
    return wording(lang).describe(state)


def card_name(card: int, lang: str = "en") -> str:
    """A card's spoken name: "queen of clubs", "dama de paus", "treff dáma", "ratu keriting".

    ``card`` is a card value 0-51 (a :class:`~canfield.cards.Card` or plain
    int); anything else raises :class:`~canfield.errors.InvalidCardError`.
    """
    words = wording(lang)
    return words.card_name(Card(card))


def rank_letters(lang: str = "en") -> tuple[str, ...]:
    """The corner letters of the ranks, ace to king: ``D`` for the queen in Portuguese."""
    return wording(lang).index_letters


def pile_name(kind: PileKind, index: int | None = None, lang: str = "en") -> str:
    """Name of a pile: "stock", "waste", "reserve", "foundation 2", "column 3".

    ``index`` is the 1-based place, as shown to the player (columns 1-4 as in
    move notation, foundations 1-4 left to right), given exactly for
    ``"foundation"`` and ``"column"``.
    """
    words = wording(lang)
    if kind not in PILE_KINDS:
        raise ValueError(
            f"unknown pile kind {quoted(kind)} (expected one of {', '.join(PILE_KINDS)})"
        )
    numbered = kind in ("foundation", "column")
    if numbered and (type(index) is not int or not 1 <= index <= 4):
        raise ValueError(f"a {kind} needs an index from 1 to 4, not {quoted(index)}")
    if not numbered and index is not None:
        raise ValueError(f"the {kind} has no index (got {quoted(index)})")
    return words.pile_name(kind, index)

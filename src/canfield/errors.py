"""Every refusal the engine makes is a ``ValueError`` subclass with the bad input quoted.

Callers that only care that input was bad catch ``ValueError``; tools that want
to say *what* was bad catch the specific class.
"""

from __future__ import annotations

import reprlib
from enum import Enum
from typing import Final

__all__ = [
    "CanfieldError",
    "CodeProblem",
    "DeckProblem",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidCodeError",
    "InvalidDeckError",
    "InvalidDrawError",
    "InvalidLimitError",
    "InvalidMoveError",
    "InvalidPositionError",
    "InvalidSaveError",
    "InvalidVariantError",
    "UnknownLanguageError",
    "quoted",
]

QUOTE_LIMIT: Final = 60
"""Characters of the input an error line quotes at most: enough to recognise it, never a file."""
_REPR: Final = reprlib.Repr()
_REPR.maxstring = QUOTE_LIMIT
_REPR.maxother = QUOTE_LIMIT
_REPR.maxlevel = 2


def quoted(value: object) -> str:
    """``repr(value)`` cut to about :data:`QUOTE_LIMIT` characters, for every error line.

    A 4,300-character draw value or a number of 400 digits is named by its
    start and its size, so a message stays one short line whatever it quotes.
    """
    if isinstance(value, str):
        if len(value) <= QUOTE_LIMIT:
            return repr(value)
        return f"{value[: QUOTE_LIMIT - 3]!r}... ({len(value):,} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 160:
        return f"a number of about {int(value.bit_length() * 0.30103) + 1:,} digits"
    try:
        text = _REPR.repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= QUOTE_LIMIT + 3 else text[:QUOTE_LIMIT] + "..."


class CanfieldError(ValueError):
    """Base of the engine's input errors."""


class InvalidCardError(CanfieldError):
    """Text that does not name a card."""


class DeckProblem(Enum):
    """What is wrong with a deck (``InvalidDeckError.problem``), for callers that word it."""

    NOT_TEXT = "not text"
    """The deck was not given as text."""
    CARD = "card"
    """Entry ``position`` (from 1), ``part``, is not a card."""
    COUNT = "count"
    """The deck has ``count`` cards, not 52."""
    TWICE = "twice"
    """The cards ``twice`` are there twice, so the cards ``missing`` are not there."""


class InvalidDeckError(CanfieldError):
    """A deck that is not 52 distinct cards; ``problem`` and the fields it names say why.

    The message is English; the app words the reason from the fields in its own language.
    """

    def __init__(
        self,
        message: str,
        problem: DeckProblem = DeckProblem.NOT_TEXT,
        *,
        position: int = 0,
        part: str = "",
        count: int = 0,
        twice: tuple[str, ...] = (),
        missing: tuple[str, ...] = (),
    ) -> None:
        super().__init__(message)
        self.problem = problem
        self.position = position
        self.part = part
        self.count = count
        self.twice = twice
        self.missing = missing


class InvalidDrawError(CanfieldError):
    """A draw mode that is not the whole number 1 or 3."""


class InvalidLimitError(CanfieldError):
    """A solver budget (seconds, positions, tries) that is not a number within its bounds."""


class UnknownLanguageError(CanfieldError):
    """A language code the app does not speak; the message lists the ones it does."""


class CodeProblem(Enum):
    """Which part of a game code is wrong (``InvalidCodeError.problem``).

    The code's syntax lives in :meth:`canfield.deal.DealCode.parse` alone; this
    lets a caller (the app, in four languages) word the reason itself.
    """

    SHAPE = "shape"
    """Not ``VERSION-[VARIANT-]DRAW-LETTERS``: empty, not text, or parts missing."""
    VARIANT = "variant"
    """``part`` names no variant."""
    VERSION = "version"
    """``part`` is not a code version this program reads."""
    DRAW = "draw"
    """``part`` is not ``D1`` or ``D3``."""
    LENGTH = "length"
    """The deal part, ``part``, has the wrong number of letters."""
    LETTERS = "letters"
    """The deal part, ``part``, holds more than the letters A-Z."""
    NUMBER = "number"
    """A deal number or draw mode given as a number is out of range."""


class InvalidCodeError(CanfieldError):
    """Text that is not a valid game code; ``problem`` says which part, ``part`` is that part.

    ``part`` is the part as read (upper case), or empty where there is none.
    """

    def __init__(
        self, message: str, problem: CodeProblem = CodeProblem.SHAPE, part: str = ""
    ) -> None:
        super().__init__(message)
        self.problem = problem
        self.part = part


class InvalidMoveError(CanfieldError):
    """Text that is not move notation at all."""


class IllegalMoveError(CanfieldError):
    """A well-formed move that the rules do not allow in this position."""


class InvalidSaveError(CanfieldError):
    """Saved data that is damaged, tampered with or from an unknown format."""


class InvalidVariantError(CanfieldError):
    """A variant name the engine does not know; the message lists the known ones."""


class InvalidPositionError(CanfieldError):
    """Position notation that is malformed or does not describe a possible position."""

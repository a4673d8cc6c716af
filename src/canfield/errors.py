"""Every refusal the engine makes is a ``ValueError`` subclass with the bad input quoted.

Callers that only care that input was bad catch ``ValueError``; tools that want
to say *what* was bad catch the specific class.
"""

from __future__ import annotations

__all__ = [
    "CanfieldError",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidCodeError",
    "InvalidDeckError",
    "InvalidDrawError",
    "InvalidMoveError",
    "InvalidPositionError",
    "InvalidSaveError",
    "InvalidVariantError",
    "UnknownLanguageError",
    "UnsupportedVariantError",
]


class CanfieldError(ValueError):
    """Base of the engine's input errors."""


class InvalidCardError(CanfieldError):
    """Text that does not name a card."""


class InvalidDeckError(CanfieldError):
    """A deck string that is not 52 distinct cards."""


class InvalidDrawError(CanfieldError):
    """A draw mode that is not the whole number 1 or 3."""


class UnknownLanguageError(CanfieldError):
    """A language code the app does not speak; the message lists the ones it does."""


class InvalidCodeError(CanfieldError):
    """Text that is not a valid game code."""


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


class UnsupportedVariantError(CanfieldError):
    """A variant a tool (such as the solver) does not handle yet: refused, not answered wrongly."""

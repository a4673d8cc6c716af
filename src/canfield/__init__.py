"""Canfield (Demon) solitaire: the engine, solver and app.

The engine (everything importable from here) is pure Python and never imports
Qt; the app lives in :mod:`canfield.gui`.
"""

from __future__ import annotations

from canfield.cards import CARDS, Card, parse_card
from canfield.deal import DealCode
from canfield.errors import (
    CanfieldError,
    IllegalMoveError,
    InvalidCardError,
    InvalidCodeError,
    InvalidDeckError,
    InvalidDrawError,
    InvalidLimitError,
    InvalidMoveError,
    InvalidPositionError,
    InvalidSaveError,
    InvalidVariantError,
    UnknownLanguageError,
)
from canfield.game import Game
from canfield.moves import FOUNDATION, STOCK, Move
from canfield.state import State
from canfield.variants import VARIANTS, Variant

__all__ = [
    "CARDS",
    "FOUNDATION",
    "STOCK",
    "VARIANTS",
    "CanfieldError",
    "Card",
    "DealCode",
    "Game",
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
    "Move",
    "State",
    "UnknownLanguageError",
    "Variant",
    "parse_card",
]

__version__ = "0.1.0"

"""Casino scoring as the player reads it: the game's result and the bank, in dollars.

The rule (a deal costs $52, each card home pays $5, docs/rules.md §6) is kept by
:mod:`canfield.storage.statistics` (``DEAL_COST``) and the score (5 a card);
this module only says what a game stands at and writes amounts.
"""

from __future__ import annotations

from canfield.game import Game
from canfield.gui.i18n_qt import qt_locale
from canfield.presentation import money
from canfield.storage import DEAL_COST

__all__ = ["casino_result", "format_money"]


def casino_result(game: Game) -> int:
    """What the game stands at in casino scoring: what its cards home paid less the deal's cost."""
    return game.score - DEAL_COST


def format_money(amount: int) -> str:
    """``+$13``, ``−$52``, ``$0``, with the language's digit grouping."""
    return money.format_money(amount, qt_locale().toString)

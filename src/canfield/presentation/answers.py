"""What the front ends make of the solver's answers: time limits, notes and messages, once.

The solver is imported only when a question is asked (it is the slowest import
of the app), so the types here are for the type checker alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from canfield.describe import card_name
from canfield.i18n import _, ngettext
from canfield.presentation.piles import pile_label, target_pile

if TYPE_CHECKING:
    from canfield.moves import Move
    from canfield.solver import Verdict
    from canfield.state import State

__all__ = [
    "ANSWER_MESSAGE_MS",
    "DEMO_SOLVE_SECONDS",
    "HINT_SECONDS",
    "NO_ANSWER_MESSAGE_MS",
    "WATCH_DELAY_MS",
    "WATCH_SECONDS",
    "hint_sentence",
    "hopeless_message",
    "hopeless_note",
    "hopeless_spoken",
    "lost_message",
    "new_game_key_sentence",
    "verdict_note",
]

HINT_SECONDS: Final = 3.0
"""How long Hint may think: long enough for most positions, short enough to wait for."""
DEMO_SOLVE_SECONDS: Final = 5.0
"""How long Show me may look for a winning line before it says none was found."""
WATCH_SECONDS: Final = 2.0
"""How long the background winnability note may think about one position."""
WATCH_DELAY_MS: Final = 600
"""The note waits this long after a move, so quick play does not start a search each time."""
ANSWER_MESSAGE_MS: Final = 6000
"""How long a hint or a "no winning line" answer stays in the status bar."""
NO_ANSWER_MESSAGE_MS: Final = 4000
"""How long "not found in time" stays: it says less, so it goes sooner."""


def hint_sentence(state: State, move: Move, lang: str) -> str:
    """The hint in words, for the status bar and screen readers."""
    if move.card is None:
        return _("Hint: tap the stock")
    return _("Hint: %(card)s to %(target)s") % {
        "card": card_name(int(move.card), lang),
        "target": pile_label(target_pile(state, move), lang),
    }


def verdict_note(verdict: Verdict) -> str:
    """The winnability note for a verdict: empty when the solver ran out of time."""
    from canfield.solver import Verdict

    if verdict is Verdict.WON:
        return _("Winnable")
    if verdict is Verdict.LOST:
        return _("No winning line")
    return ""


def lost_message(undo: int | None) -> str:
    """What Hint says in a lost position; ``undo``: how many undos make it winnable again."""
    if undo:
        return ngettext(
            "No winning line from here — undo %(n)d move",
            "No winning line from here — undo %(n)d moves",
            undo,
        ) % {"n": undo}
    return _("No winning line from here")


def hopeless_message() -> str:
    """What Hint says when every position back to the deal is proved lost.

    Not "undo": no undo, and no restart, helps; the way on is another deal.
    """
    return _("This deal cannot be won — not even from the start")


def hopeless_note() -> str:
    """The winnability note once the deal itself is proved lost (it holds for the whole deal)."""
    return _("Unwinnable deal")


def new_game_key_sentence() -> str:
    """Said after the hopeless answer, so a keyboard player hears the way on too."""
    return _("Ctrl+N starts a new game.")


def hopeless_spoken() -> str:
    """The hopeless answer as a reader says it: the verdict, a full stop, the way on."""
    return hopeless_message() + ". " + new_game_key_sentence()

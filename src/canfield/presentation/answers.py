"""What the front ends make of the solver's answers: time limits, notes and messages, once.

The solver is imported only when a question is asked (it is the slowest import
of the app), so the types here are for the type checker alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal

from canfield.describe import card_name
from canfield.i18n import _, ngettext
from canfield.pile import Pile
from canfield.presentation.piles import pile_label

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
    "fallback_hint",
    "hint_dropped_message",
    "hint_sentence",
    "hopeless_message",
    "hopeless_note",
    "hopeless_spoken",
    "lost_message",
    "new_game_key_sentence",
    "stopped_message",
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


def hint_sentence(state: State, move: Move, lang: str, proved: bool = True) -> str:
    """The hint in words, for the status bar and screen readers; ``proved=False``: a sensible
    move (:func:`fallback_hint`), said to be not proved to win."""
    if move.card is None:
        text = _("Hint: tap the stock")
    else:
        text = _("Hint: %(card)s to %(target)s") % {
            "card": card_name(int(move.card), lang),
            "target": pile_label(Pile.of_move(state, move), lang),
        }
    if proved:
        return text
    return _("%(hint)s (not proved: the solver could not decide in time)") % {"hint": text}


def fallback_hint(state: State) -> Move | None:
    """A sensible move where the solver could not decide in time (not proved to win).

    In this order: a safe move home (a reserve card, or a card no card of the other
    colour could still need to lie on), a move that frees the reserve's top card onto a
    column, another move home, else a stock tap (else, the stock spent, any legal move).
    ``None`` when nothing is legal.
    Every candidate comes from :func:`canfield.rules.legal_moves`.
    """
    from canfield.moves import FOUNDATION, Move
    from canfield.rules import legal_moves

    moves = legal_moves(state)
    reserve_top = state.reserve[-1] if state.reserve else None
    home = [m for m in moves if m.card is not None and m.target == FOUNDATION]
    for move in home:
        card = int(move.card)  # type: ignore[arg-type]  # home holds card moves only
        if card == reserve_top or _safe_home(state, card):
            return move
    for move in moves:
        if move.card is not None and int(move.card) == reserve_top and move.target < FOUNDATION:
            return move
    if home:
        return home[0]
    if Move.DRAW in moves:
        return Move.DRAW
    return moves[0] if moves else None  # the stock is spent: any legal move is the way on


def _safe_home(state: State, card: int) -> bool:
    """Whether ``card`` can go home without a card of the other colour, one place above it
    on the foundations, ever wanting to lie on it in a column (both of those are home)."""
    from canfield.cards import is_red

    place = (card % 13 - state.base) % 13
    others = [suit for suit in range(4) if is_red(suit * 13) != is_red(card)]
    return all(state.foundations[suit] >= place for suit in others)


def hint_dropped_message() -> str:
    """Said when the position changed while Hint was thinking: its answer is no longer of use."""
    return _("Hint dropped: the position changed while it was thinking.")


def stopped_message(search: Literal["hint", "looking", "showing"]) -> str:
    """Said when the player stops a search (Esc, or its button again), so a reader hears it:
    Hint thinking, Show me looking for its line, or Show me playing it."""
    if search == "hint":
        return _("Hint stopped.")
    if search == "looking":
        return _("Stopped looking for a winning line.")
    return _("Winning line stopped.")


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


def new_game_key_sentence(browser: bool = False) -> str:
    """Said after the hopeless answer, so a keyboard player hears the way on too.

    ``browser``: the page's key. A browser keeps Ctrl+N for a new window and the page never
    sees it (under Orca in chromium it opened one, and the game said nothing), so N opens New
    game there.
    """
    if browser:
        return _("N starts a new game.")
    return _("Ctrl+N starts a new game.")


def hopeless_spoken(browser: bool = False) -> str:
    """The hopeless answer as a reader says it: the verdict, a full stop, the way on."""
    return hopeless_message() + ". " + new_game_key_sentence(browser)

"""What a player asks to hear instead of looking: where a card can go, one pile, the table.

A sighted player sees at a glance where a card fits and what each pile shows;
a screen-reader user asks. These are the short answers both front ends speak
(the Qt app on its keys, the browser page on the same keys), built from the
rules' legal moves (:func:`canfield.rules.legal_moves`) and the engine's names,
so they never claim a move the rules refuse. Each is far shorter than the
whole reading (:meth:`canfield.game.Game.describe`), which stays for when it is wanted.
"""

from __future__ import annotations

from canfield.describe import card_name
from canfield.game import Game
from canfield.i18n import _
from canfield.pile import Pile
from canfield.presentation.piles import (
    PILES,
    count_text,
    passes_text,
    pile_cards,
    pile_label,
    pile_spoken_name,
    visible_cards,
)
from canfield.state import State

__all__ = ["or_list", "pile_reading", "places", "places_text", "table_summary"]


def places(state: State, card: int) -> list[Pile]:
    """The piles ``card`` (with the cards on it) may legally go to now, foundation first."""
    from canfield.rules import legal_moves

    found: list[Pile] = []
    for move in legal_moves(state):
        if move.card is not None and int(move.card) == card:
            pile = Pile.of_move(state, move)
            if pile not in found:
                found.append(pile)
    found.sort(key=lambda p: (p[0] != "foundation", p[1]))
    return found


def or_list(items: list[str]) -> str:
    """ "a", "a or b", "a, b or c" in the current language."""
    if len(items) <= 1:
        return "".join(items)
    return _("%(first)s or %(last)s") % {"first": ", ".join(items[:-1]), "last": items[-1]}


def places_text(state: State, card: int, lang: str) -> str:
    """Where ``card`` can go, in words: "can go to column 2 or its foundation" (empty if nowhere).

    The foundation is "its foundation": there is one per suit, and the F key puts it there.
    """
    names = [
        _("its foundation") if pile[0] == "foundation" else pile_label(pile, lang)
        for pile in places(state, card)
    ]
    if not names:
        return ""
    return _("can go to %(places)s") % {"places": or_list(names)}


def pile_reading(game: Game, pile: Pile, lang: str) -> str:
    """One pile, every card a sighted player sees on it, top last: "column 1, 3 cards: …".

    The stock's cards lie face down (only their number is said, with the passes left);
    a face-down reserve shows its top card only, as on the table.
    """
    text = pile_spoken_name(game.state, pile, lang)
    if pile[0] == "stock":
        passes = passes_text(game.state)
        return text + (", " + passes if passes else "")
    shown = visible_cards(game, pile)
    if not shown:
        return text
    return text + ": " + ", ".join(card_name(c, lang) for c in shown)


def _top(state: State, pile: Pile, lang: str) -> str:
    cards = pile_cards(state, pile)
    if pile[0] == "stock":
        return count_text(len(cards), pile[0])
    name = card_name(cards[-1], lang)
    if pile[0] == "foundation" or len(cards) == 1:
        return name  # a foundation's rank says how many lie there; one card is just its name
    return _("%(card)s, %(count)s") % {"card": name, "count": count_text(len(cards), pile[0])}


def table_summary(game: Game, lang: str, notes: tuple[str, ...] = ()) -> str:
    """Each pile's top card and size, the empty ones named together, then ``notes``.

    ``notes`` are the game code and the winnability note, heard without looking for them.
    """
    state = game.state
    parts: list[str] = []
    empty: list[str] = []
    for pile in PILES:
        if pile_cards(state, pile):
            parts.append(pile_label(pile, lang) + ": " + _top(state, pile, lang))
        else:
            empty.append(pile_label(pile, lang))
    passes = passes_text(state)
    if passes:
        parts.insert(0, passes)
    if empty:
        parts.append(_("%(pile)s: empty") % {"pile": ", ".join(empty)})
    parts.extend(note for note in notes if note)
    return ". ".join(parts)

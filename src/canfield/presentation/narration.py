"""Short spoken sentences for what just happened on the table: a move, a draw, a refusal.

A screen-reader user cannot see a card slide; they hear one short sentence
per action ("queen of clubs to column 4", "3 cards drawn, 9 of clubs on
top") instead of the whole position again. The sentences are built from the
engine's own card and pile names (:mod:`canfield.describe`) and compare the
position before and after; no rule is decided here. Pure Python (no Qt), so
the wording is tested directly.

Sentences put a name after a colon or a preposition that never changes its
form, so that languages with case endings (Hungarian) need no inflection.
"""

from __future__ import annotations

from canfield.describe import card_name, pile_name
from canfield.game import Game
from canfield.i18n import _, ngettext
from canfield.moves import FOUNDATION, Move
from canfield.pile import Pile
from canfield.presentation.piles import pile_cards, pile_label, pile_of
from canfield.state import State

__all__ = [
    "cannot_move",
    "cannot_put_down",
    "change_sentence",
    "deal_sentence",
    "draw_refused",
    "finishing_sentence",
    "move_sentence",
    "nothing_to_take_back",
    "picked_up",
    "picked_up_here",
    "put_back",
    "resumed_sentence",
    "welcome_sentence",
]


def _card(card: int, lang: str) -> str:
    return card_name(int(card), lang)


def _foundation(state: State, card: int, lang: str) -> str:
    """The foundation ``card`` goes to, numbered as the table shows it (left to right)."""
    return pile_label(Pile.of_suit(state, int(card) // 13), lang)


def _column(index: int, lang: str) -> str:
    return pile_label(Pile.column(index), lang)


def move_sentence(
    before: State,
    after: State,
    move: Move,
    lang: str,
    news: bool = True,
    *,
    uncovered: bool = True,
) -> str:
    """What ``move`` (played from ``before``, giving ``after``) did, in a few words.

    ``news`` adds what the move uncovered (not said for an undo); ``uncovered=False``
    leaves out the new top of the pile it left (for a draw: the waste's), when the
    keyboard's focus is there and the reader says it anyway.
    """
    if move.card is None:
        return _draw_sentence(before, after, lang, top=uncovered)
    card = int(move.card)
    name = _card(card, lang)
    if move.target == FOUNDATION:
        where = _foundation(before, card, lang)
        moved = 1
    else:
        where = _column(move.target, lang)
        moved = len(after.columns[move.target]) - len(before.columns[move.target])
    if moved > 1:
        parts = [
            ngettext(
                "%(card)s and %(n)d card on it to %(pile)s",
                "%(card)s and %(n)d cards on it to %(pile)s",
                moved - 1,
            )
            % {"card": name, "n": moved - 1, "pile": where}
        ]
    else:
        parts = [_("%(card)s to %(pile)s") % {"card": name, "pile": where}]
    if news:
        source = pile_of(before, card)[0]
        if uncovered:
            parts.extend(_left_news(before, after, card, lang))
        parts.extend(_reserve_news(before, after, card, lang, top=uncovered or source != "reserve"))
    return ". ".join(parts)


def _left_news(before: State, after: State, card: int, lang: str) -> list[str]:
    """What the move uncovered where it left: the waste's next card, a column's new end.

    The reserve's own news (and a column it refilled) is :func:`_reserve_news`'s.
    """
    source = pile_of(before, card)
    if source[0] not in ("waste", "column", "foundation"):
        return []
    left = pile_cards(after, source)
    if source[0] == "column" and left and left[0] in before.reserve:
        return []  # emptied and refilled from the reserve: said as the reserve's news
    name = pile_label(source, lang)
    if not left:
        return [_("%(pile)s: empty") % {"pile": name}]
    return [_("%(pile)s: %(card)s on top") % {"pile": name, "card": _card(left[-1], lang)}]


def _reserve_news(
    before: State, after: State, card: int, lang: str, *, top: bool = True
) -> list[str]:
    """A column the reserve refilled, and (``top``) the reserve's new top card."""
    refills = [
        (k, new[0])
        for k, (old, new) in enumerate(zip(before.columns, after.columns, strict=True))
        if new and not old.count(new[0]) and new[0] != card and new[0] in before.reserve
    ]
    reserve = pile_name("reserve", None, lang)
    if top and len(refills) == 1 and before.reserve != after.reserve:
        # One sentence names the reserve once: "reserve: 5 of clubs to column 2, 9 of ...".
        k, refill = refills[0]
        names = {"reserve": reserve, "card": _card(refill, lang), "pile": _column(k, lang)}
        if after.reserve:
            names["top"] = _card(after.reserve[-1], lang)
            return [_("%(reserve)s: %(card)s to %(pile)s, %(top)s on top") % names]
        return [_("%(reserve)s: %(card)s to %(pile)s, now empty") % names]
    news = [
        _("%(card)s from the reserve to %(pile)s")
        % {"card": _card(refill, lang), "pile": _column(k, lang)}
        for k, refill in refills
    ]
    if top and before.reserve != after.reserve:
        if after.reserve:
            news.append(
                _("%(pile)s: %(card)s on top")
                % {"pile": reserve, "card": _card(after.reserve[-1], lang)}
            )
        else:
            news.append(_("%(pile)s: empty") % {"pile": reserve})
    return news


def _draw_sentence(before: State, after: State, lang: str, *, top: bool = True) -> str:
    """A draw: how many and the waste's new top (``top=False``: not that, the focus is on it).

    Without the top, only a stock the draw emptied is said ('' otherwise).
    """
    if before.stock:
        drawn = len(before.stock) - len(after.stock)
        parts = []
        if top:
            parts.append(
                ngettext(
                    "%(n)d card drawn, %(card)s on top",
                    "%(n)d cards drawn, %(card)s on top",
                    drawn,
                )
                % {"n": drawn, "card": _card(after.waste[-1], lang)}
            )
        if not after.stock:
            parts.append(_("%(pile)s: empty") % {"pile": pile_name("stock", None, lang)})
        return ". ".join(parts)
    passes = after.variant.passes
    if passes is None:
        return _("Stock turned over")
    text = _("Stock turned over, pass %(n)d of %(total)d") % {
        "n": after.recycles + 1,
        "total": passes,
    }
    if after.recycles + 1 >= passes:
        text += ". " + _("Last pass")
    return text


def _undone_draw(before: State, after: State, lang: str) -> str:
    """An undone draw: the cards went back, and what the waste shows now (not what it showed)."""
    if after.stock != before.stock and len(after.stock) > len(before.stock):
        back = len(after.stock) - len(before.stock)
        text = ngettext("%(n)d card back on the stock", "%(n)d cards back on the stock", back) % {
            "n": back
        }
    else:
        text = _("Stock turned over")
    waste = pile_name("waste", None, lang)
    if after.waste:
        top = _("%(pile)s: %(card)s on top") % {"pile": waste, "card": _card(after.waste[-1], lang)}
    else:
        top = _("%(pile)s: empty") % {"pile": waste}
    return text + ". " + top


def draw_refused(state: State) -> str:
    """Why the stock tap did nothing: nothing left, or no pass left (limited variants)."""
    if state.waste and not state.stock:
        return _("No more passes through the stock")
    return _("Stock and waste are both empty")


def change_sentence(
    kind: str,
    before: State | None,
    after: State,
    move: Move | None,
    lang: str,
    *,
    code: str | None = None,
    uncovered: bool = True,
    brief: bool = False,
    focused: Pile | None = None,
) -> str:
    """The sentence for one model change: a play, an undo or redo, a new or restarted deal.

    A new deal says what was dealt: the variant, the draw and ``code`` (the game code);
    ``uncovered`` is :func:`move_sentence`'s; ``brief`` says a move alone, not its news.
    ``focused`` is the pile the reader's focus is on after the change: its new top
    is not said again (the reader says it as the focus lands on that card), so a draw
    with the focus on the waste says nothing unless it emptied the stock.
    """
    if kind == "play" and before is not None and move is not None:
        if focused is not None:
            left = Pile("waste") if move.card is None else pile_of(before, int(move.card))
            uncovered = uncovered and left != focused
        return move_sentence(before, after, move, lang, not brief, uncovered=uncovered)
    if kind in ("undo", "redo") and before is not None and move is not None:
        # Undo goes from ``before`` back to ``after``: describe the move it takes back.
        if kind == "undo":
            if move.card is None:
                undone = _undone_draw(before, after, lang)
            else:
                undone = move_sentence(after, before, move, lang, news=False)
            return _("Undone: %(move)s") % {"move": undone}
        return _("Redone: %(move)s") % {"move": move_sentence(before, after, move, lang)}
    if kind == "restart":
        return _("Game restarted")
    if kind == "new":
        return deal_sentence(after, code)
    return ""


def deal_sentence(state: State, code: str | None) -> str:
    """After Deal: "New game: Superior, draw 3, CF1-SUPERIOR-D3-…", so the choice is heard."""
    from canfield.presentation.variant_text import variant_title

    text = _("New game: %(variant)s, draw %(n)d") % {
        "variant": variant_title(state.variant.name),
        "n": state.draw,
    }
    return text + (", " + code if code else "")


def resumed_sentence(game: Game) -> str:
    """At start over a saved game: which game and how far it went, since a reader lands on the
    stock and the table alone does not say that the game was kept (the app and the page)."""
    from canfield.presentation.variant_text import variant_title

    state, moves = game.state, game.moves_made
    home = sum(state.foundations)
    return ", ".join(
        (
            _("Your saved game is back: %(variant)s, draw %(n)d")
            % {"variant": variant_title(state.variant.name), "n": state.draw},
            ngettext("%(n)d move", "%(n)d moves", moves) % {"n": moves},
            ngettext("%(n)d card on the foundations", "%(n)d cards on the foundations", home)
            % {"n": home},
        )
    )


def picked_up(cards: list[int], lang: str) -> str:
    """Keyboard pick-up: the card (and how many lie on it)."""
    name = _card(cards[0], lang)
    if len(cards) == 1:
        return _("%(card)s picked up") % {"card": name}
    return ngettext(
        "%(card)s and %(n)d card on it picked up",
        "%(card)s and %(n)d cards on it picked up",
        len(cards) - 1,
    ) % {"card": name, "n": len(cards) - 1}


def picked_up_here(cards: list[int]) -> str:
    """Keyboard pick-up of the card the focus has just named: "Picked up", "2 cards picked up"."""
    if len(cards) == 1:
        return _("Picked up")
    return ngettext("%(n)d card picked up", "%(n)d cards picked up", len(cards)) % {"n": len(cards)}


def put_back(card: int, lang: str) -> str:
    return _("%(card)s put back") % {"card": _card(card, lang)}


def nothing_to_take_back(redo: bool = False) -> str:
    """Undo (or redo) pressed with nothing to take back (or to play again).

    Its button is greyed out for a sighted player; a blind one heard nothing.
    """
    return _("Nothing to redo") if redo else _("Nothing to undo")


def cannot_move(card: int, lang: str) -> str:
    """A tap or pick-up on a card that has nowhere to go."""
    return _("%(card)s cannot move") % {"card": _card(card, lang)}


def cannot_put_down(card: int, kind: str, index: int, state: State, lang: str) -> str:
    """A refused drop: on a column's card, on a foundation, or on a pile that takes none."""
    name = _card(card, lang)
    if kind == "column" and state.columns[index]:
        return _("%(card)s cannot go on %(target)s") % {
            "card": name,
            "target": _card(state.columns[index][-1], lang),
        }
    if kind in ("column", "foundation"):
        return _("%(card)s cannot go to %(pile)s") % {
            "card": name,
            "pile": pile_label(Pile.of((kind, index)), lang),
        }
    return _("%(card)s cannot be put down here") % {"card": name}


def finishing_sentence(moves: list[Move]) -> str:
    """Finish pressed: how many cards now go home (each move is not said again, the win is)."""
    cards = sum(move.card is not None for move in moves)
    return ngettext("%(n)d card goes home", "%(n)d cards go home", cards) % {"n": cards}


def welcome_sentence(first: bool = False) -> str:
    """The first-run screen as a reader hears it when it opens: its title, its lines, the way on.

    The screen leaves the keyboard focus on the table, so nothing else would say it; ``first``
    as for ``welcome_lines`` (the very first start, over a deal proved winnable).
    """
    from canfield.presentation.welcome import welcome_lines, welcome_title

    return " ".join([welcome_title() + ".", *welcome_lines(first), _("Escape puts it away.")])

"""The table's piles as a player meets them: their names, their cards, what can be picked up.

Both front ends ask these questions (the Qt scene and its accessibility tree,
the browser page and its ARIA lists), so they are answered once here, from
the rules (:mod:`canfield.rules`) and the engine's names (:mod:`canfield.describe`);
nothing here decides a rule of its own.

A pile is a :class:`~canfield.pile.Pile`: ``Pile.column(1)`` is the second column,
``Pile.foundation(0)`` the leftmost foundation *place* (whose suit is
``Pile.foundation(0).suit(state)``), and stock, waste and reserve have place 0.
"""

from __future__ import annotations

from typing import Final

from canfield.cards import CARDS
from canfield.describe import card_name, pile_name, rank_letters
from canfield.game import Game
from canfield.i18n import _, ngettext, pgettext
from canfield.moves import Move
from canfield.pile import PILES as _PILES
from canfield.pile import Pile
from canfield.presentation.geometry import Point, Rect, TableLayout
from canfield.rules import card_move, locate, movable_start, pickup, stock_tap_allowed
from canfield.state import State

__all__ = [
    "PILES",
    "card_label",
    "count_text",
    "drop_area",
    "drop_target",
    "drop_targets",
    "focus_depth_limit",
    "focus_sentence",
    "focused_card",
    "foundation_label",
    "movable_group",
    "passes_text",
    "pile_cards",
    "pile_label",
    "pile_list_name",
    "pile_of",
    "pile_rect",
    "pile_spoken_name",
    "playable_cards",
    "stock_mark",
    "target_move",
    "visible_cards",
]

PILES: Final[tuple[Pile, ...]] = _PILES
"""The 11 piles in a fixed order: stock, waste, reserve, foundations, columns."""


def empty_text(kind: str) -> str:
    """The word for an empty pile of ``kind``, said after its name.

    It agrees with the pile's noun where a language has genders (Portuguese:
    "reserva, vazia", "coluna 2, vazia", but "baralho, vazio").
    """
    # One literal call per kind, so that each context reaches the catalogs.
    if kind == "stock":
        # TRANSLATORS: after the stock's name ("stock, empty"); agree with its noun.
        return pgettext("stock", "empty")
    if kind == "waste":
        # TRANSLATORS: after the waste's name ("waste, empty"); agree with its noun.
        return pgettext("waste", "empty")
    if kind == "reserve":
        # TRANSLATORS: after the reserve's name ("reserve, empty"); agree with its noun.
        return pgettext("reserve", "empty")
    if kind == "foundation":
        # TRANSLATORS: after the foundation's name ("foundation, empty"); agree with its noun.
        return pgettext("foundation", "empty")
    if kind == "column":
        # TRANSLATORS: after the column's name ("column, empty"); agree with its noun.
        return pgettext("column", "empty")
    raise ValueError(f"no pile of kind {kind!r}")


def count_text(n: int, kind: str) -> str:
    """A pile's size as said after its name: "3 cards", "1 card", "empty"."""
    return ngettext("%(n)d card", "%(n)d cards", n) % {"n": n} if n else empty_text(kind)


def pile_label(pile: Pile, lang: str) -> str:
    """The spoken name of a pile: "column 2", "foundation 1", "waste"."""
    named = Pile.of(pile)
    return pile_name(named.kind, named.number, lang)


def pile_cards(state: State, pile: Pile) -> tuple[int, ...]:
    """Every card on ``pile``, bottom first."""
    kind, index = pile
    if kind == "column":
        return tuple(state.columns[index])
    if kind == "foundation":
        return tuple(state.foundation(Pile.of(pile).suit(state)))
    return tuple({"stock": state.stock, "waste": state.waste, "reserve": state.reserve}[kind])


def visible_cards(game: Game, pile: Pile) -> list[int]:
    """The cards a sighted player sees face up on ``pile``, bottom first."""
    state = game.state
    kind, index = pile
    if kind == "column":
        return list(state.columns[index])
    if kind == "waste":
        return [int(c) for c in game.visible_waste()]
    if kind == "stock":
        return []
    if kind == "reserve" and state.variant.reserve_face_up:
        return list(state.reserve)  # Superior: the whole reserve lies face up
    cards = pile_cards(state, pile)
    return [cards[-1]] if cards else []


def pile_spoken_name(state: State, pile: Pile, lang: str) -> str:
    """A pile's name with its size: "column 4, 3 cards", "stock, 9 cards, Last pass".

    The stock's name carries the passes left where the variant limits them.
    """
    text = pile_label(pile, lang) + ", " + count_text(len(pile_cards(state, pile)), pile[0])
    if pile[0] == "stock" and passes_text(state):
        text += ", " + passes_text(state)
    return text


def pile_list_name(game: Game, pile: Pile, lang: str) -> str:
    """A pile's name as the list of its face-up cards a screen reader explores.

    Its size is left out where every card on it is an item of the list (a column,
    Superior's reserve): readers count a list's items as the focus enters it (Orca:
    "column 2. List with 3 items"), so "column 2, 3 cards" said the size twice, some
    110 words in the won game by ear. Elsewhere ("reserve, 13 cards", one item) and
    for an empty pile ("column 3, empty") it is :func:`pile_spoken_name`.
    """
    cards = pile_cards(game.state, pile)
    if cards and pile[0] != "stock" and len(visible_cards(game, pile)) == len(cards):
        return pile_label(pile, lang)
    return pile_spoken_name(game.state, pile, lang)


def card_label(card: int, face_up: bool, lang: str) -> str:
    """What a card is called on the table: its name, or "face-down card"."""
    return card_name(card, lang) if face_up else _("face-down card")


def foundation_label(state: State, place: int, lang: str) -> str:
    """The mark an empty foundation place shows: the rank it starts with and its suit ("7♥")."""
    start = Pile.foundation(place).suit(state) * 13 + state.base % 13
    return rank_letters(lang)[start % 13] + CARDS[start].symbol[-1]


def stock_mark(state: State) -> str:
    """The empty stock's mark: ↻ where a tap turns the waste over, ✕ where no pass is left."""
    if not state.waste:
        return ""
    return "↻" if stock_tap_allowed(state) else "✕"


def passes_text(state: State) -> str:
    """The passes through the stock left where the variant limits them, as the description says.

    Like :meth:`canfield.describe` (``passes_left``), the pass under way counts:
    "3 passes left" at the start of Storehouse, "Last pass" on the final one, and
    "No passes left" once its stock is empty (a tap then does nothing).
    """
    left = state.passes_left
    if left is None:
        return ""
    if left <= 1 and not state.stock:
        return _("No passes left")
    if left == 1:
        return _("Last pass")
    return _("%(n)d passes left") % {"n": left}


def playable_cards(game: Game) -> frozenset[int]:
    """The cards the rules have a move for now (a screen reader calls them "playable")."""
    return frozenset(int(m.card) for m in game.legal_moves() if m.card is not None)


def pile_of(state: State, card: int) -> Pile:
    """The pile ``card`` lies on (a foundation by its place on the table, not its suit)."""
    return locate(state, card).on_table(state)


def movable_group(state: State, card: int) -> list[int]:
    """The cards a press on ``card`` picks up (it and those on it), empty if none."""
    return list(pickup(state, card))


def target_move(card: int, target: Pile) -> Move:
    """The move that puts ``card`` (with the cards on it) on ``target`` (:attr:`Pile.target`)."""
    return card_move(card, Pile.of(target).target)


def drop_targets(state: State, card: int) -> list[Pile]:
    """The piles a card could be put on: its suit's foundation and the four columns."""
    return [Pile.of_suit(state, card // 13), *(Pile.column(k) for k in range(4))]


def pile_rect(layout: TableLayout, game: Game, pile: Pile) -> Rect:
    """The area a pile's cards cover now (its slot when empty)."""
    state = game.state
    kind, index = pile
    if kind == "column":
        return layout.column_area(index, len(state.columns[index]))
    if kind == "waste":
        return layout.waste_area(len(game.visible_waste()))
    if kind == "foundation":
        return layout.foundations[index]
    if kind == "reserve":
        return layout.reserve_area(len(state.reserve))
    return layout.stock


def drop_area(layout: TableLayout, game: Game, pile: Pile) -> Rect:
    """A pile's area for drops: its cards plus a margin, and half a card below a column."""
    rect = pile_rect(layout, game, pile)
    if pile[0] == "column":
        rect = rect.adjusted(0, 0, 0, layout.card_h * 0.5)
    pad = layout.card_w * 0.12
    return rect.adjusted(-pad, -pad, pad, pad)


def drop_target(
    layout: TableLayout,
    game: Game,
    card: int,
    *,
    dragged: Rect,
    pointer: Point,
    source: Pile | None,
) -> Pile | None:
    """The legal pile that dragged cards (``dragged``: where the lead card is now) overlap most.

    Forgiving, not just the pointer: a pile under the pointer wins outright.
    """
    best: Pile | None = None
    best_area = 0.0
    for target in drop_targets(game.state, card):
        if target == source or not game.is_legal(target_move(card, target)):
            continue
        area_rect = drop_area(layout, game, target)
        area = area_rect.intersected(dragged).area()
        if area_rect.contains(pointer):
            area += dragged.area()
        if area > best_area:
            best, best_area = target, area
    return best


def focus_sentence(state: State, pile: Pile, card: int | None, held: int | None, lang: str) -> str:
    """What a screen reader says for the keyboard focus: the pile, its card, what is held."""
    name = pile_label(pile, lang)
    suffix = ""
    if held is not None:
        suffix = " — " + _("holding %(card)s") % {"card": card_name(held, lang)}
    if card is None:
        return name + ", " + empty_text(pile[0]) + suffix
    if pile[0] == "stock":
        return name + ", " + count_text(len(state.stock), "stock") + suffix
    return name + ", " + card_name(card, lang) + suffix


def focused_card(state: State, pile: Pile, depth: int = 0) -> int | None:
    """The card the keyboard focus is on: a pile's top card, or ``depth`` cards up a column."""
    kind, index = pile
    if kind == "column":
        col = state.columns[index]
        return col[max(0, len(col) - 1 - depth)] if col else None
    if kind == "foundation":
        return state.foundation_top(Pile.of(pile).suit(state))
    cards = pile_cards(state, pile)
    return cards[-1] if cards else None


def focus_depth_limit(state: State, pile: Pile) -> int:
    """How many cards above a column's end the keyboard may reach: its movable run's length - 1."""
    kind, index = pile
    if kind != "column":
        return 0
    return max(0, len(state.columns[index]) - 1 - movable_start(state, index))

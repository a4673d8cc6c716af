"""``canfield show`` and ``canfield moves``: a position in the terminal."""

from __future__ import annotations

import argparse
from typing import Any

from canfield.cards import CARDS, Card, format_cards
from canfield.cli.common import CliError, add_position_arguments, state_from_arguments
from canfield.describe import LANGUAGES, describe, wording
from canfield.errors import quoted
from canfield.game import Game
from canfield.i18n import N_, translations
from canfield.rules import legal_moves
from canfield.state import State

__all__ = ["register", "render_table"]

# The table's headings, translated when it is printed (``--lang``).
_SCORE = N_("score %(score)d")
_MOVES = N_("moves %(moves)d")
_DRAW = N_("draw %(draw)d")
_WON = N_("WON")
_STOCK = N_("Stock")
_WASTE = N_("Waste")
_RESERVE = N_("Reserve")
_TOP_LAST = N_("top last")
_FOUNDATIONS = N_("Foundations (base %(card)s)")
_PASSES_LEFT = N_("passes left %(n)d")
_POSITION = N_("Position")
_A_POSITION = N_("position")
_DECK = N_("deck")


def register(sub: Any) -> None:
    show = sub.add_parser("show", help="print a position as a table and its description")
    add_position_arguments(show, notation=True)
    show.add_argument("--lang", default="en", help=f"description language: {', '.join(LANGUAGES)}")
    show.set_defaults(func=_show)
    moves = sub.add_parser("moves", help="list the legal moves of a position")
    add_position_arguments(moves, notation=True)
    moves.set_defaults(func=_moves)


def _show(args: argparse.Namespace) -> int:
    if args.lang not in LANGUAGES:
        raise CliError(f"unknown language {quoted(args.lang)} (choose from {', '.join(LANGUAGES)})")
    state, game = state_from_arguments(args)
    print(render_table(state, game, args.lang))
    print()
    print(describe(state, args.lang))
    return 0


def _moves(args: argparse.Namespace) -> int:
    state, _ = state_from_arguments(args)
    print(" ".join(m.notation() for m in legal_moves(state)))
    return 0


def render_table(state: State, game: Game | None = None, lang: str = "en") -> str:
    """The table as fixed-width text in ``lang``: piles on top, the columns fanned below.

    With the ``game`` the position belongs to, the header has its code, score
    and moves and the waste shows the fanned cards of the latest draw.
    """
    st = state
    rules = st.variant
    tr = translations(lang).gettext
    draw = tr(_DRAW) % {"draw": st.draw}
    if game is not None:
        title = game.code or tr(_DECK) + " " + game.deck_string
        score = tr(_SCORE) % {"score": game.score}
        moves = tr(_MOVES) % {"moves": game.moves_made}
        header = f"{title}   {draw}   {score}   {moves}"
        shown: tuple[Card, ...] = game.visible_waste()
    else:
        header = f"{tr(_A_POSITION)}   {draw}"
        shown = (CARDS[st.waste[-1]],) if st.waste else ()
    if rules.name != "canfield":
        header += f"   {rules.name}"
    lines = [header + (f"   {tr(_WON)}" if st.is_won else "")]
    waste = format_cards(shown) or "--"
    passes = ""
    if st.passes_left is not None:
        passes = "   " + tr(_PASSES_LEFT) % {"n": st.passes_left}
    lines.append(
        f"{tr(_STOCK)}  {len(st.stock):>2}    {tr(_WASTE)}  {waste} ({len(st.waste)}){passes}"
    )
    if rules.reserve_face_up and st.reserve:
        reserve = f"{format_cards(st.reserve)} ({len(st.reserve)}, {tr(_TOP_LAST)})"
    else:
        top = st.reserve_top
        reserve = f"{top if top is not None else '--'} ({len(st.reserve)})"
    lines.append(f"{tr(_RESERVE)} {reserve}")
    words = wording(lang)
    found = []
    for suit in st.foundation_order:
        card = st.foundation_top(suit)
        found.append(f"{words.suit_name(suit)} {card if card is not None else '--'}")
    lines.append(tr(_FOUNDATIONS) % {"card": CARDS[st.base]} + ": " + ", ".join(found))
    lines.append("")
    lines.append("  ".join(f" {k + 1} " for k in range(4)).rstrip())
    depth = max(1, *(len(c) for c in st.columns))
    for row in range(depth):
        cells = []
        for col in st.columns:
            if row < len(col):
                cells.append(f" {CARDS[col[row]]}")
            else:
                cells.append(" --" if row == 0 else "   ")
        lines.append("  ".join(cells).rstrip())
    lines.append("")
    lines.append(f"{tr(_POSITION)}: {st}")
    return "\n".join(lines)

"""``canfield show`` and ``canfield moves``: a position in the terminal."""

from __future__ import annotations

import argparse
from typing import Any

from canfield.cards import CARDS, Card, format_cards
from canfield.cli.common import CliError, add_position_arguments, state_from_arguments
from canfield.describe import LANGUAGES, describe
from canfield.game import Game
from canfield.rules import legal_moves
from canfield.state import State

__all__ = ["register", "render_table"]

_SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")


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
        raise CliError(f"unknown language {args.lang!r} (choose from {', '.join(LANGUAGES)})")
    state, game = state_from_arguments(args)
    print(render_table(state, game))
    print()
    print(describe(state, args.lang))
    return 0


def _moves(args: argparse.Namespace) -> int:
    state, _ = state_from_arguments(args)
    print(" ".join(m.notation() for m in legal_moves(state)))
    return 0


def render_table(state: State, game: Game | None = None) -> str:
    """The table as fixed-width text: piles on top, the columns fanned below.

    With the ``game`` the position belongs to, the header has its code, score
    and moves and the waste shows the fanned cards of the latest draw.
    """
    st = state
    rules = st.variant
    if game is not None:
        title = game.code or "deck " + game.deck_string
        header = f"{title}   draw {st.draw}   score {game.score}   moves {game.moves_made}"
        shown: tuple[Card, ...] = game.visible_waste()
    else:
        header = f"position   draw {st.draw}"
        shown = (CARDS[st.waste[-1]],) if st.waste else ()
    if rules.name != "canfield":
        header += f"   {rules.name}"
    lines = [header + ("   WON" if st.is_won else "")]
    waste = format_cards(shown) or "--"
    passes = "" if st.passes_left is None else f"   passes left {st.passes_left}"
    lines.append(f"Stock  {len(st.stock):>2}    Waste  {waste} ({len(st.waste)}){passes}")
    if rules.reserve_face_up and st.reserve:
        lines.append(f"Reserve {format_cards(st.reserve)} ({len(st.reserve)}, top last)")
    else:
        top = st.reserve_top
        lines.append(f"Reserve {top if top is not None else '--'} ({len(st.reserve)})")
    found = []
    for suit in st.foundation_order:
        card = st.foundation_top(suit)
        found.append(f"{_SUIT_NAMES[suit]} {card if card is not None else '--'}")
    lines.append(f"Foundations (base {CARDS[st.base]}): " + ", ".join(found))
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
    lines.append(f"Position: {st}")
    return "\n".join(lines)

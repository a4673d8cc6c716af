"""``canfield show`` and ``canfield moves``: a position in the terminal."""

from __future__ import annotations

import argparse
from typing import Any

from canfield.cards import CARDS, format_cards
from canfield.cli.common import CliError, add_position_arguments, game_from_arguments
from canfield.describe import LANGUAGES
from canfield.game import Game

__all__ = ["register", "render_table"]

_SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")


def register(sub: Any) -> None:
    show = sub.add_parser("show", help="print a position as a table and its description")
    add_position_arguments(show)
    show.add_argument("--lang", default="en", help=f"description language: {', '.join(LANGUAGES)}")
    show.set_defaults(func=_show)
    moves = sub.add_parser("moves", help="list the legal moves of a position")
    add_position_arguments(moves)
    moves.set_defaults(func=_moves)


def _show(args: argparse.Namespace) -> int:
    if args.lang not in LANGUAGES:
        raise CliError(f"unknown language {args.lang!r} (choose from {', '.join(LANGUAGES)})")
    game = game_from_arguments(args)
    print(render_table(game))
    print()
    print(game.describe(args.lang))
    return 0


def _moves(args: argparse.Namespace) -> int:
    game = game_from_arguments(args)
    print(" ".join(m.notation() for m in game.legal_moves()))
    return 0


def render_table(game: Game) -> str:
    """The table as fixed-width text: piles on top, the columns fanned below."""
    st = game.state
    title = game.code or "deck " + game.deck_string
    lines = [
        f"{title}   draw {game.draw}   score {game.score}   moves {game.moves_made}"
        + ("   WON" if st.is_won else "")
    ]
    waste = format_cards(game.visible_waste()) or "--"
    lines.append(f"Stock  {len(st.stock):>2}    Waste  {waste} ({len(st.waste)})")
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
    return "\n".join(lines)

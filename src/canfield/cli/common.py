"""Arguments shared by the commands that take a position: a deal and moves played on it."""

from __future__ import annotations

import argparse

from canfield.errors import CanfieldError
from canfield.game import Game

__all__ = ["CliError", "add_position_arguments", "game_from_arguments"]


class CliError(Exception):
    """A problem with the command's arguments; printed as one line, exit status 2."""


def add_position_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("code", nargs="?", help="game code, e.g. CF1-D3-AAAAACL")
    parser.add_argument("--deck", help="52 cards in deal order instead of a code")
    parser.add_argument(
        "--draw",
        type=int,
        choices=(1, 3),
        help="draw mode for --deck (default 3; a code carries its own)",
    )
    parser.add_argument(
        "--moves", default="", help='moves played from the deal, e.g. "QC>2 8H>f KH>4 s"'
    )


def game_from_arguments(args: argparse.Namespace) -> Game:
    """The game the arguments name, with their moves played; :class:`CliError` if not."""
    if (args.code is None) == (args.deck is None):
        raise CliError("give either a game code or --deck (one of them)")
    try:
        if args.code is not None:
            if args.draw is not None:
                raise CliError("--draw goes with --deck; a code carries its own draw mode")
            game = Game.from_code(args.code)
        else:
            game = Game.from_deck(args.deck, args.draw or 3)
    except CanfieldError as exc:
        raise CliError(str(exc)) from None
    moves = args.moves.replace(",", " ").split()
    for number, text in enumerate(moves, start=1):
        try:
            game.play(text)
        except CanfieldError as exc:
            raise CliError(f"move {number}: {exc}") from None
    return game

"""Arguments shared by the commands that take a position: a deal and moves played on it."""

from __future__ import annotations

import argparse

from canfield.deal import EXAMPLE_CODE
from canfield.errors import CanfieldError, quoted
from canfield.game import Game
from canfield.moves import Move
from canfield.rules import apply_move
from canfield.state import State
from canfield.variants import DRAWS, VARIANTS

__all__ = [
    "CliError",
    "add_position_arguments",
    "add_variant_argument",
    "game_from_arguments",
    "state_from_arguments",
    "table_limit",
]


class CliError(Exception):
    """A problem with the command's arguments; printed as one line, exit status 2."""


def table_limit(text: str) -> int:
    """``--table-limit N`` (solve, survey): positions a search's transposition table keeps."""
    from canfield.solver.api import MAX_TABLE_LIMIT  # only when asked: a solver import is slow

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {quoted(text)}") from None
    if not 1 <= value <= MAX_TABLE_LIMIT:
        raise argparse.ArgumentTypeError(f"must be 1 to {MAX_TABLE_LIMIT}, not {quoted(text)}")
    return value


def add_variant_argument(parser: argparse.ArgumentParser, help_text: str) -> None:
    """``--variant NAME``: an unknown name is refused with the known ones (argparse, exit 2)."""
    parser.add_argument(
        "--variant", type=str.lower, choices=VARIANTS, metavar="NAME", help=help_text
    )


def add_position_arguments(parser: argparse.ArgumentParser, *, notation: bool = False) -> None:
    """A code or a deck (with its draw mode and variant) and moves; ``notation``: or a position."""
    parser.add_argument("code", nargs="?", help=f"game code, e.g. {EXAMPLE_CODE}")
    parser.add_argument("--deck", help="52 cards in deal order instead of a code")
    parser.add_argument(
        "--draw",
        type=int,
        choices=DRAWS,
        help="draw mode for --deck (default: the variant's; a code carries its own)",
    )
    add_variant_argument(
        parser,
        f"rules for --deck: {', '.join(VARIANTS)} (default canfield; a code carries its own)",
    )
    if notation:
        parser.add_argument(
            "--position", help="a position in notation (docs/notation.md) instead of a deal"
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
            if args.variant is not None and args.variant != game.variant:
                raise CliError(
                    f"--variant goes with --deck; the code {game.code} is {game.variant} "
                    f"(a {args.variant} code reads like CF1-{args.variant.upper()}-D3-AAAAACL)"
                )
        else:
            game = Game.from_deck(args.deck, args.draw, args.variant or "canfield")
    except CanfieldError as exc:
        raise CliError(str(exc)) from None
    for number, text in enumerate(_move_texts(args), start=1):
        try:
            game.play(text)
        except CanfieldError as exc:
            raise CliError(f"move {number}: {exc}") from None
    return game


def state_from_arguments(args: argparse.Namespace) -> tuple[State, Game | None]:
    """The position the arguments name: from ``--position`` (no game) or from a deal's game."""
    if getattr(args, "position", None) is None:
        game = game_from_arguments(args)
        return game.state, game
    given = [
        name
        for name, value in (
            ("a game code", args.code),
            ("--deck", args.deck),
            ("--draw", args.draw),
            ("--variant", args.variant),
        )
        if value is not None
    ]
    if given:
        raise CliError(f"--position carries its own deal, draw and variant: drop {given[0]}")
    try:
        state = State.parse(args.position)
    except CanfieldError as exc:
        raise CliError(str(exc)) from None
    for number, text in enumerate(_move_texts(args), start=1):
        try:
            state, _ = apply_move(state, Move.parse(text))
        except CanfieldError as exc:
            raise CliError(f"move {number}: {exc}") from None
    return state, None


def _move_texts(args: argparse.Namespace) -> list[str]:
    text: str = args.moves
    return text.replace(",", " ").split()

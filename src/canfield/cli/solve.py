"""``canfield solve``: is a position winnable, and how."""

from __future__ import annotations

import argparse
import json
from typing import Any

from canfield.cli.common import CliError, add_position_arguments, state_from_arguments
from canfield.errors import UnsupportedVariantError
from canfield.solver import DEFAULT_TABLE_LIMIT, DEFAULT_TIME_LIMIT, solve

__all__ = ["register"]


def register(sub: Any) -> None:
    parser = sub.add_parser("solve", help="decide whether a position can be won, with a line")
    add_position_arguments(parser, notation=True)
    parser.add_argument(
        "--time-limit",
        type=float,
        default=DEFAULT_TIME_LIMIT,
        metavar="S",
        help=f"seconds to search before answering 'unknown' (default {DEFAULT_TIME_LIMIT:g})",
    )
    parser.add_argument(
        "--table-limit",
        type=int,
        default=DEFAULT_TABLE_LIMIT,
        metavar="N",
        help=f"positions the transposition table keeps (default {DEFAULT_TABLE_LIMIT})",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=_solve)


def _solve(args: argparse.Namespace) -> int:
    if not args.time_limit > 0:
        raise CliError(f"--time-limit must be a positive number of seconds, not {args.time_limit}")
    if args.table_limit < 1:
        raise CliError(f"--table-limit must be at least 1, not {args.table_limit}")
    state, game = state_from_arguments(args)
    try:
        result = solve(
            state if game is None else game,
            time_limit=args.time_limit,
            table_limit=args.table_limit,
        )
    except UnsupportedVariantError as exc:
        raise CliError(str(exc)) from None
    line = [m.notation() for m in result.line]
    if args.json:
        print(
            json.dumps(
                {
                    "verdict": result.verdict.value,
                    "line": line,
                    "nodes": result.nodes,
                    "seconds": round(result.seconds, 4),
                }
            )
        )
        return 0
    print(f"verdict: {result.verdict.value}")
    if line:
        print(f"line ({len(line)} actions): {' '.join(line)}")
    print(f"nodes: {result.nodes}")
    print(f"seconds: {result.seconds:.3f}")
    return 0

"""``canfield solve``: is a position winnable, and how."""

from __future__ import annotations

import argparse
import json
import math
import time
from typing import Any

from canfield.cli.common import add_position_arguments, state_from_arguments, table_limit
from canfield.errors import quoted
from canfield.solver import DEFAULT_TABLE_LIMIT, DEFAULT_TIME_LIMIT, solve
from canfield.solver.api import MAX_TABLE_LIMIT, MAX_TIME_LIMIT

__all__ = ["MAX_TABLE_LIMIT", "MAX_TIME_LIMIT", "register"]


def _time_limit(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {quoted(text)}") from None
    if not (math.isfinite(value) and 0 < value <= MAX_TIME_LIMIT):
        raise argparse.ArgumentTypeError(
            f"must be more than 0 and at most {MAX_TIME_LIMIT:g} seconds, not {quoted(text)}"
        )
    return value


def register(sub: Any) -> None:
    parser = sub.add_parser("solve", help="decide whether a position can be won, with a line")
    add_position_arguments(parser, notation=True)
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument(
        "--time-limit",
        type=_time_limit,
        default=DEFAULT_TIME_LIMIT,
        metavar="S",
        help=f"seconds to search before answering 'unknown' (default {DEFAULT_TIME_LIMIT:g},"
        f" at most {MAX_TIME_LIMIT:g})",
    )
    budget.add_argument(
        "--cpu-time-limit",
        type=_time_limit,
        metavar="S",
        help="the same limit in seconds of this process's CPU time, as the survey counts it:"
        " a busy machine makes the answer slower, never less definite",
    )
    parser.add_argument(
        "--table-limit",
        type=table_limit,
        default=DEFAULT_TABLE_LIMIT,
        metavar="N",
        help=f"positions the transposition table keeps (default {DEFAULT_TABLE_LIMIT})",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=_solve)


def _solve(args: argparse.Namespace) -> int:
    state, game = state_from_arguments(args)
    cpu = args.cpu_time_limit is not None
    result = solve(
        state if game is None else game,
        time_limit=args.cpu_time_limit if cpu else args.time_limit,
        table_limit=args.table_limit,
        clock=time.process_time if cpu else time.perf_counter,
    )
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

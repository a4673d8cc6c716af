"""``canfield survey``: solve a range of deals on all cores and estimate the win rate."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from canfield.cli.common import CliError
from canfield.deal import DEAL_COUNT
from canfield.solver import DEFAULT_TIME_LIMIT
from canfield.solver.survey import Row, SurveyFileError, load_rows, run_survey, summarize

__all__ = ["register"]


def register(sub: Any) -> None:
    parser = sub.add_parser("survey", help="solve many deals and estimate the win rate")
    parser.add_argument("--draw", type=int, choices=(1, 3), default=3, help="draw mode")
    parser.add_argument("--first", type=int, default=0, metavar="N", help="first deal number")
    parser.add_argument("--count", type=int, default=100, metavar="K", help="how many deals")
    parser.add_argument("--jobs", type=int, default=None, metavar="J", help="worker processes")
    parser.add_argument(
        "--time-limit", type=float, default=DEFAULT_TIME_LIMIT, metavar="S", help="per deal"
    )
    parser.add_argument("--out", type=Path, default=None, help="CSV of results (resumed)")
    parser.set_defaults(func=_survey)


def _survey(args: argparse.Namespace) -> int:
    if not 0 <= args.first < DEAL_COUNT:
        raise CliError(f"--first must be a deal number from 0 to {DEAL_COUNT - 1}")
    if args.count < 1 or args.first + args.count > DEAL_COUNT:
        raise CliError(f"--count must be at least 1 and stay below deal {DEAL_COUNT}")
    if args.jobs is not None and args.jobs < 1:
        raise CliError(f"--jobs must be at least 1, not {args.jobs}")
    if not args.time_limit > 0:
        raise CliError(f"--time-limit must be a positive number of seconds, not {args.time_limit}")
    if args.out is not None:
        if args.out.is_dir():
            raise CliError(f"--out {args.out} is a directory")
        try:
            already = len(load_rows(args.out))
        except (SurveyFileError, OSError) as exc:
            raise CliError(str(exc)) from None
    else:
        already = 0

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    jobs = args.jobs or os.cpu_count() or 1
    counts = {"won": 0, "lost": 0, "unknown": 0}
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        transient=False,
    ) as progress:
        task = progress.add_task(f"draw {args.draw}", total=args.count)

        def on_row(row: Row) -> None:
            counts[row.verdict] += 1
            progress.update(
                task,
                advance=1,
                description=(
                    f"draw {args.draw}: won {counts['won']} lost {counts['lost']} "
                    f"unknown {counts['unknown']}"
                ),
            )

        progress.update(task, completed=min(already, args.count))
        try:
            rows = run_survey(
                args.draw,
                args.first,
                args.count,
                jobs=jobs,
                time_limit=args.time_limit,
                out=args.out,
                on_row=on_row,
            )
        except KeyboardInterrupt:
            progress.stop()
            if args.out is not None:
                print(f"interrupted; {args.out} holds every finished deal (run again to resume)")
            raise
    for line in summarize(rows).lines():
        print(line)
    return 0

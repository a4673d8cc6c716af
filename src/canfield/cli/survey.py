"""``canfield survey``: solve a range of deals on a Dask cluster, report and plot win rates.

Three forms::

    canfield survey --variant V --draw D --first N --count M --time-limit T --out FILE
                    [--jobs J | --scheduler ADDRESS]
                    [--retry-unknown [--won-in FILE] | --resolve-lost [retried]]
    canfield survey --report FILE|FOLDER [--json]
    canfield survey --plot OUT.png FILE [FILE ...]

Every argument is checked before the file is touched or a worker started; a new
``--out`` file is created only once the scheduler is reached (within
``CONNECT_TIMEOUT``, 5 s), and a second Ctrl-C ends the command at once.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final, TypeVar

from canfield.cli.common import CliError, table_limit
from canfield.deal import DEAL_COUNT
from canfield.errors import quoted
from canfield.solver import DEFAULT_TABLE_LIMIT, DEFAULT_TIME_LIMIT
from canfield.solver.restricted import wins_carry
from canfield.solver.survey import (
    MAX_COUNT,
    MAX_TIME_LIMIT,
    Row,
    RunStoppedError,
    SurveyError,
    SurveyFile,
    check_new_file,
    read_survey,
    read_wins,
    resolve_deals,
    retry_deals,
    unsolved_deals,
)
from canfield.solver.survey_stats import Summary
from canfield.variants import DRAWS, VARIANTS, variant_named

__all__ = ["register"]

T = TypeVar("T")

JOBS_PER_CORE: Final = 4
RESOLVE_CHOICES: Final = ("all", "retried")
"""``--resolve-lost``'s choice: every lost deal, or the losses a retry found (first: the
likeliest to rest on a flaw, as a retry runs the newest code on the hardest deals)."""
MAX_ADDRESS: Final = 255
MAX_REPORT_FILES: Final = 200
"""A folder's survey files ``--report`` reads (the atlas has 16)."""
EXIT_FAILED: Final = 1


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "survey",
        help="solve many deals on a Dask cluster and estimate the win rate",
        description="Solve deals FIRST … FIRST+COUNT-1 and append one row per deal to --out; "
        "the same command resumes an interrupted survey.",
    )
    parser.add_argument("--variant", choices=VARIANTS, default="canfield", help="rules")
    parser.add_argument(
        "--draw", type=int, choices=DRAWS, help="draw mode (default: the variant's own)"
    )
    parser.add_argument("--first", type=int, default=0, metavar="N", help="first deal number")
    parser.add_argument("--count", type=int, default=100, metavar="M", help="how many deals")
    parser.add_argument(
        "--time-limit",
        type=float,
        default=DEFAULT_TIME_LIMIT,
        metavar="T",
        help="seconds of CPU time per deal before it counts as unknown "
        f"(default {DEFAULT_TIME_LIMIT:g})",
    )
    parser.add_argument(
        "--table-limit",
        type=table_limit,
        default=DEFAULT_TABLE_LIMIT,
        metavar="N",
        help=f"positions each deal's transposition table keeps (default {DEFAULT_TABLE_LIMIT}; "
        "about 100 bytes each: a long retry decides more deals with more)",
    )
    again = parser.add_mutually_exclusive_group()
    again.add_argument(
        "--retry-unknown",
        action="store_true",
        help="solve again, with this --time-limit, the deals of the range that a shorter "
        "attempt left unknown (their new rows stand for them)",
    )
    again.add_argument(
        "--resolve-lost",
        nargs="?",
        const="all",
        choices=RESOLVE_CHOICES,
        metavar="retried",
        help="solve once again, with this --time-limit, the deals of the range recorded lost "
        "(after a fix to the solver: their new rows stand for them, won, lost or unknown); "
        "'retried': only the losses a retry found",
    )
    parser.add_argument(
        "--won-in",
        type=Path,
        metavar="FILE",
        help="with --retry-unknown: only the deals the survey FILE records won, each solved in "
        "FILE's game (this variant's draw 3, or a variant whose every move is one of this "
        "one's) and its winning line replayed here",
    )
    parser.add_argument("--out", type=Path, help="the survey file (CSV): created or resumed")
    place = parser.add_mutually_exclusive_group()
    place.add_argument(
        "--jobs",
        type=int,
        metavar="J",
        help="worker processes of the local cluster (default: cores)",
    )
    place.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run on an existing Dask cluster, tcp://HOST:PORT (e.g. tcp://host:8786); "
        "it must answer within 5 s",
    )
    parser.add_argument(
        "--report",
        type=Path,
        metavar="FILE|FOLDER",
        help="print a survey file's figures, or those of every *.csv in a folder and their sum",
    )
    parser.add_argument(
        "--json", action="store_true", help="--report as one JSON object a file, one a line"
    )
    parser.add_argument("--plot", type=Path, metavar="OUT.png", help="draw the FILEs' intervals")
    parser.add_argument("files", nargs="*", type=Path, metavar="FILE", help="survey files to plot")
    parser.set_defaults(func=_survey)


def _survey(args: argparse.Namespace) -> int:
    for flag, given in (
        ("--retry-unknown", args.retry_unknown),
        ("--resolve-lost", args.resolve_lost),
    ):
        if given and (args.report is not None or args.plot is not None):
            raise CliError(f"{flag} is part of a survey run, not of --report or --plot")
    if args.won_in is not None and not args.retry_unknown:
        raise CliError("--won-in FILE goes with --retry-unknown")
    try:
        if args.report is not None:
            return _report(args)
        if args.plot is not None:
            return _plot(args)
        return _run(args)
    except SurveyError as exc:
        raise CliError(str(exc)) from None


def _report(args: argparse.Namespace) -> int:
    if args.plot is not None or args.out is not None or args.files:
        raise CliError("--report FILE takes no --plot, --out or other files")
    folder = os.path.isdir(args.report)
    paths = _report_paths(args.report) if folder else [args.report]
    summaries = [Summary.of(read_survey(path)) for path in paths]  # all read before a word
    if args.json:
        for path, summary in zip(paths, summaries, strict=True):
            print(json.dumps({"file": str(path), **summary.as_dict()}))
        return 0
    for number, summary in enumerate(summaries):
        if number:
            print()
        for line in summary.lines():
            print(line)
    if folder:
        print()
        for line in _sum_lines(summaries):
            print(line)
    return 0


def _report_paths(path: Path) -> list[Path]:
    """The survey files (``*.csv``) in the folder ``path``, by name; a link inside the folder
    is not followed (one named on the command line is)."""
    try:
        with os.scandir(path) as entries:
            found = sorted(
                Path(entry.path)
                for entry in entries
                if entry.name.endswith(".csv") and entry.is_file(follow_symlinks=False)
            )
    except OSError as exc:
        raise CliError(f"{path}: {exc.strerror or exc}") from None
    if not found:
        raise CliError(f"{path} holds no survey files (*.csv)")
    if len(found) > MAX_REPORT_FILES:
        raise CliError(
            f"{path} holds {len(found):,} survey files; --report reads at most "
            f"{MAX_REPORT_FILES} from a folder"
        )
    return found


def _sum_lines(summaries: list[Summary]) -> list[str]:
    """A folder's sum, and which of its files leave more than 1% of their deals unknown."""
    n = sum(s.n for s in summaries)
    won, lost = sum(s.won for s in summaries), sum(s.lost for s in summaries)
    unknown = sum(s.unknown for s in summaries)
    above = [s for s in summaries if s.unknown * 100 > s.n]
    return [
        f"{len(summaries)} files: {n:,} deals, won {won:,}, lost {lost:,}, unknown {unknown:,}",
        "more than 1% unknown: "
        + ", ".join(f"{s.label()} ({s.unknown:,} of {s.n:,})" for s in above)
        if above
        else "every file has at most 1% of its deals unknown",
    ]


def _plot(args: argparse.Namespace) -> int:
    from canfield.solver.survey_plot import MAX_FILES, check_plot_path, plot_intervals

    if args.out is not None or args.json:
        raise CliError("--plot OUT.png FILE … takes no --out or --json")
    if not args.files:
        raise CliError("--plot OUT.png needs at least one survey file after it")
    if len(args.files) > MAX_FILES:
        raise CliError(f"--plot draws at most {MAX_FILES} files, not {len(args.files)}")
    check_plot_path(args.plot)
    if any(_same_path(path, args.plot) for path in args.files):
        raise CliError(f"--plot {args.plot} is also one of the survey files")
    plot_intervals([Summary.of(read_survey(path)) for path in args.files], args.plot)
    print(f"wrote {args.plot}")
    return 0


def _check_run(args: argparse.Namespace) -> None:
    if args.files or args.json:
        raise CliError("a survey run takes no FILE arguments or --json (see --report, --plot)")
    if args.out is None:
        raise CliError("a survey run needs --out FILE: the results file it creates or resumes")
    if not 0 <= args.first < DEAL_COUNT:
        raise CliError(
            f"--first must be a deal number from 0 to {DEAL_COUNT - 1}, not {quoted(args.first)}"
        )
    if not 1 <= args.count <= MAX_COUNT:
        raise CliError(f"--count must be from 1 to {MAX_COUNT:,}, not {quoted(args.count)}")
    if args.first + args.count > DEAL_COUNT:
        raise CliError(f"--first + --count must stay within the {DEAL_COUNT:,} deals")
    if not (math.isfinite(args.time_limit) and 0 < args.time_limit <= MAX_TIME_LIMIT):
        raise CliError(
            f"--time-limit must be more than 0 and at most {MAX_TIME_LIMIT:g} seconds, "
            f"not {quoted(args.time_limit)}"
        )
    if args.jobs is not None:
        from canfield.solver.survey_dask import machine_cores

        most = min(JOBS_PER_CORE * machine_cores(), args.count)
        if not 1 <= args.jobs <= most:
            raise CliError(
                f"--jobs must be from 1 to {most} ({JOBS_PER_CORE} per core, no more than "
                f"--count), not {quoted(args.jobs)}"
            )
    if args.scheduler is not None:
        if not 0 < len(args.scheduler) <= MAX_ADDRESS:
            raise CliError(f"--scheduler must be an address of 1 to {MAX_ADDRESS} characters")
        from canfield.solver.survey_dask import scheduler_address

        scheduler_address(args.scheduler)  # a SurveyError in one line, before anything runs
    if args.draw is None:
        args.draw = variant_named(args.variant).draw
    args.won = None
    if args.won_in is not None:
        if _same_path(args.won_in, args.out):
            raise CliError(f"--won-in {args.won_in} is the --out file itself")
        tally, won = read_wins(args.won_in)
        if tally.variant is None or tally.draw is None:
            raise CliError(f"--won-in {args.won_in} records no deals")
        if not wins_carry(
            variant_named(tally.variant), tally.draw, variant_named(args.variant), args.draw
        ):
            raise CliError(
                f"--won-in {args.won_in}: a win of {tally.variant} draw {tally.draw} is not "
                f"one of {args.variant} draw {args.draw} (docs/solver.md)"
            )
        args.won = ((tally.variant, tally.draw), won)


def _run(args: argparse.Namespace) -> int:
    _check_run(args)
    from canfield.solver.survey_dask import (
        dask_client,
        exit_at_a_second_interrupt,
        machine_cores,
        require_distributed,
        solve_on_dask,
    )

    require_distributed()
    stop = args.first + args.count
    again = args.retry_unknown or args.resolve_lost
    with contextlib.ExitStack() as stack:
        client = None
        if check_new_file(args.out) and not again:
            # a new survey: the file is made only once the scheduler is reached
            workers = args.jobs or min(machine_cores(), args.count)
            client = stack.enter_context(_interruptible(dask_client(args.scheduler, workers)))
        survey = stack.enter_context(SurveyFile(args.out, args.variant, args.draw))
        retry = frozenset[int]()
        if again:
            retry = frozenset(
                _carried(retry_deals(args.first, args.count, survey.unknown, args.time_limit), args)
                if args.retry_unknown
                else resolve_deals(
                    args.first,
                    args.count,
                    survey.retried_lost if args.resolve_lost == "retried" else survey.unsettled,
                )
            )
            deals = iter(sorted(retry))
            already, todo, total = 0, len(retry), len(retry)
        else:
            deals = unsolved_deals(args.first, args.count, survey.done)
            already = survey.done.count_between(args.first, stop)
            todo, total = args.count - already, args.count
        started = time.monotonic()
        if todo:
            workers = args.jobs or min(machine_cores(), todo)
            try:
                if client is None:
                    client = stack.enter_context(
                        _interruptible(dask_client(args.scheduler, workers))
                    )
                with _Bar(args, already, total) as bar:

                    def record(rows: list[Row]) -> None:
                        survey.append(rows, retry=retry)
                        bar.advance(len(rows), Summary.of(survey.tally))

                    solve_on_dask(
                        client,
                        deals,
                        variant=args.variant,
                        draw=args.draw,
                        time_limit=args.time_limit,
                        won_in=None if args.won is None else args.won[0],
                        table_limit=args.table_limit,
                        on_rows=record,
                    )
            except KeyboardInterrupt:
                exit_at_a_second_interrupt()
                print(_resume_hint(args, survey), file=sys.stderr)
                raise
            except RunStoppedError as exc:
                print(f"canfield survey: {exc}", file=sys.stderr)
                print(_resume_hint(args, survey), file=sys.stderr)
                return EXIT_FAILED
        summary = Summary.of(survey.tally)
        still = len(retry & survey.unknown.keys())
        unsettled = sum(1 for deal in retry if deal in survey.unsettled)
    if args.resolve_lost:
        print(
            f"{args.out}: {len(retry)} lost deals to solve again, {len(retry) - unsettled} "
            f"solved now, {still} of them unknown now ({time.monotonic() - started:.1f} s)"
        )
    elif args.retry_unknown:
        print(
            f"{args.out}: {len(retry)} unknown deals solved again, {len(retry) - still} "
            f"resolved now ({time.monotonic() - started:.1f} s)"
        )
    else:
        solved = survey.done.count_between(args.first, stop) - already
        print(
            f"{args.out}: {solved} deals solved now, {already} were already there "
            f"({time.monotonic() - started:.1f} s)"
        )
    for line in summary.lines():
        print(line)
    return 0


def _carried(deals: list[int], args: argparse.Namespace) -> list[int]:
    """With ``--won-in``, only the deals its file records won."""
    if args.won is None:
        return deals
    won = args.won[1]
    return [deal for deal in deals if deal in won]


def _same_path(a: Path, b: Path) -> bool:
    """Whether two paths name one file; a symbolic-link loop is not an error here."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


@contextlib.contextmanager
def _interruptible(inner: contextlib.AbstractContextManager[T]) -> Iterator[T]:
    """``inner``, where a Ctrl-C while it closes (a second one) ends the command at once."""
    from canfield.solver.survey_dask import exit_at_a_second_interrupt

    with inner as value:
        try:
            yield value
        except KeyboardInterrupt:
            exit_at_a_second_interrupt()
            raise


def _resume_hint(args: argparse.Namespace, survey: SurveyFile) -> str:
    return f"{args.out} holds {survey.tally.n} finished deals; the same command resumes the survey"


class _Bar:
    """The rich progress bar: deals done, deals per second, win rate with interval, time left."""

    def __init__(self, args: argparse.Namespace, already: int, total: int) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        self._progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[speed]}"),
            TextColumn("won {task.fields[rate]}"),
            TimeRemainingColumn(),
            console=Console(stderr=True),
        )
        self._task = self._progress.add_task(
            f"{args.variant} d{args.draw}"
            + (" retry" if args.retry_unknown else " lost again" if args.resolve_lost else ""),
            total=total,
            completed=already,
            speed="– deals/s",
            rate="–",
        )
        self._started = time.monotonic()
        self._solved = 0

    def advance(self, rows: int, summary: Summary) -> None:
        self._solved += rows
        speed = self._solved / max(time.monotonic() - self._started, 1e-9)
        self._progress.update(
            self._task, advance=rows, speed=f"{speed:.1f} deals/s", rate=summary.rate_text()
        )

    def __enter__(self) -> _Bar:
        self._progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._progress.stop()

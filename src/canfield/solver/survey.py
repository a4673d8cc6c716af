"""Many deals solved in parallel, their results kept in a resumable CSV, and the statistics.

The CSV gets one complete line per deal, written and flushed in one call, so
a run killed at any moment leaves at most one torn last line; resuming drops
it and solves only the deals not yet recorded, so no row is lost or doubled.
"""

from __future__ import annotations

import csv
import io
import math
import os
import signal
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path
from typing import Final

from canfield.deal import DealCode, deck_for_deal
from canfield.solver.api import solve
from canfield.state import initial_state

__all__ = [
    "HEADER",
    "Row",
    "Summary",
    "load_rows",
    "percentile",
    "run_survey",
    "solve_deal",
    "summarize",
    "wilson_interval",
]

HEADER: Final = ("code", "verdict", "seconds", "nodes", "line_length")
_VERDICTS: Final = frozenset({"won", "lost", "unknown"})


@dataclass(frozen=True, slots=True)
class Row:
    """One solved deal, as stored in the CSV."""

    code: str
    verdict: str
    seconds: float
    nodes: int
    line_length: int

    def csv_line(self) -> str:
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerow(
            (self.code, self.verdict, f"{self.seconds:.4f}", self.nodes, self.line_length)
        )
        return out.getvalue()


def solve_deal(job: tuple[int, int, float]) -> Row:
    """Solve deal ``number`` in ``draw`` mode within ``time_limit`` (runs in a worker)."""
    number, draw, time_limit = job
    state = initial_state(deck_for_deal(number), draw)
    result = solve(state, time_limit=time_limit)
    return Row(
        str(DealCode(number, draw)),
        result.verdict.value,
        result.seconds,
        result.nodes,
        len(result.line),
    )


class SurveyFileError(ValueError):
    """The output file exists but is not a survey CSV this run can resume."""


def load_rows(path: Path) -> dict[str, Row]:
    """The rows already in ``path``; a torn last line (killed mid-write) is cut off the file."""
    if not path.exists():
        return {}
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        cut = data.rfind(b"\n") + 1
        with path.open("r+b") as handle:
            handle.truncate(cut)
        data = data[:cut]
    text = data.decode("utf-8", errors="replace")
    lines = text.splitlines()
    if not lines:
        return {}
    if tuple(lines[0].split(",")) != HEADER:
        raise SurveyFileError(f"{path} is not a survey file (its header is {lines[0][:60]!r})")
    rows: dict[str, Row] = {}
    for number, fields in enumerate(csv.reader(lines[1:]), start=2):
        try:
            code, verdict, seconds, nodes, length = fields
            if verdict not in _VERDICTS:
                raise ValueError(verdict)
            row = Row(str(DealCode.parse(code)), verdict, float(seconds), int(nodes), int(length))
        except ValueError:
            raise SurveyFileError(f"{path}, line {number}: not a survey row: {fields!r}") from None
        rows[row.code] = row
    return rows


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_survey(
    draw: int,
    first: int,
    count: int,
    *,
    jobs: int | None = None,
    time_limit: float = 10.0,
    out: Path | None = None,
    on_row: Callable[[Row], None] | None = None,
) -> list[Row]:
    """Solve deals ``first … first + count - 1``; rows already in ``out`` are kept, not redone.

    Returns every row of the range (old and new). A KeyboardInterrupt stops the
    workers and propagates; the file holds every finished row.
    """
    codes = [DealCode(n, draw) for n in range(first, first + count)]
    done = load_rows(out) if out is not None else {}
    wanted = {str(c) for c in codes}
    rows = [done[str(c)] for c in codes if str(c) in done]
    todo = [(c.number, draw, time_limit) for c in codes if str(c) not in done]
    handle = None
    if out is not None:
        fresh = not out.exists() or out.stat().st_size == 0
        handle = out.open("a", encoding="utf-8")
        if fresh:
            handle.write(",".join(HEADER) + "\n")
            handle.flush()
    try:
        for row in _results(todo, jobs or os.cpu_count() or 1):
            if handle is not None:
                handle.write(row.csv_line())
                handle.flush()
            if row.code in wanted:
                rows.append(row)
            if on_row is not None:
                on_row(row)
    finally:
        if handle is not None:
            handle.close()
    return rows


def _results(todo: list[tuple[int, int, float]], jobs: int) -> Iterator[Row]:
    if jobs <= 1 or len(todo) <= 1:
        for job in todo:
            yield solve_deal(job)
        return
    pool = get_context("spawn").Pool(jobs, initializer=_ignore_sigint)
    try:
        yield from pool.imap_unordered(solve_deal, todo)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def wilson_interval(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% by default)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(sorted_values: list[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0-100) of already sorted values."""
    if not sorted_values:
        return math.nan
    rank = max(1, math.ceil(q / 100 * len(sorted_values)))
    return sorted_values[min(rank, len(sorted_values)) - 1]


@dataclass(frozen=True, slots=True)
class Summary:
    """The survey's figures; ``low``/``high`` bound the win rate with unknowns lost/won."""

    total: int
    won: int
    lost: int
    unknown: int
    low: float
    high: float
    median: float
    p90: float
    p99: float
    slowest: float

    @property
    def win_rate(self) -> float:
        """Wins among resolved deals."""
        resolved = self.won + self.lost
        return self.won / resolved if resolved else math.nan

    @property
    def resolved(self) -> float:
        return (self.won + self.lost) / self.total if self.total else math.nan

    def lines(self) -> list[str]:
        return [
            f"deals: {self.total}  won {self.won}  lost {self.lost}  unknown {self.unknown}",
            f"resolved: {100 * self.resolved:.1f}%",
            f"win rate: {100 * self.win_rate:.1f}% of resolved; 95% Wilson interval "
            f"{100 * self.low:.1f}%-{100 * self.high:.1f}% (unknowns counted both ways)",
            f"time: median {self.median:.3f}s  p90 {self.p90:.3f}s  p99 {self.p99:.3f}s  "
            f"max {self.slowest:.3f}s",
        ]


def summarize(rows: Iterable[Row]) -> Summary:
    rows = list(rows)
    won = sum(r.verdict == "won" for r in rows)
    lost = sum(r.verdict == "lost" for r in rows)
    unknown = len(rows) - won - lost
    low, _ = wilson_interval(won, len(rows))
    _, high = wilson_interval(won + unknown, len(rows))
    times = sorted(r.seconds for r in rows)
    return Summary(
        len(rows),
        won,
        lost,
        unknown,
        low,
        high,
        percentile(times, 50),
        percentile(times, 90),
        percentile(times, 99),
        times[-1] if times else math.nan,
    )

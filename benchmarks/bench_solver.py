"""Solver speed on one core: the first deals at draw 3 and draw 1, a time limit per deal.

Prints resolved %, win rate and the time median / p90 / p99 per draw mode;
asserts nothing (the targets are in docs/solver.md).
"""

from __future__ import annotations

import argparse
import time

from canfield.solver.survey import Row, Tally, solve_deal
from canfield.solver.survey_stats import Summary, percentile


def bench(draw: int, count: int, time_limit: float) -> None:
    rows: list[Row] = []
    started = time.perf_counter()
    for number in range(count):
        rows.append(solve_deal("canfield", draw, number, time_limit))
    wall = time.perf_counter() - started
    tally = Tally()
    for row in rows:
        tally.count(row)
    summary = Summary.of(tally)
    times = sorted(r.seconds for r in rows)
    resolved = (summary.won + summary.lost) / summary.n
    print(f"draw {draw}: first {count} deals, {time_limit:g} s limit, {wall:.1f} s in all")
    print(
        f"  resolved {100 * resolved:.1f}%: won {summary.won}, lost {summary.lost}, "
        f"unknown {summary.unknown}"
    )
    for line in summary.lines()[1:2]:
        print("  " + line)
    print(
        f"  time: median {percentile(times, 50):.3f}s  p90 {percentile(times, 90):.3f}s  "
        f"p99 {percentile(times, 99):.3f}s  max {times[-1]:.3f}s"
    )
    slow = [str(r.deal) for r in rows if r.verdict == "unknown"]
    if slow:
        print("  unknown: deals " + " ".join(slow))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--draw", type=int, choices=(1, 3), action="append")
    args = parser.parse_args()
    for draw in args.draw or [3, 1]:
        bench(draw, args.count, args.time_limit)


if __name__ == "__main__":
    main()

"""Solver speed on one core: the first deals at draw 3 and draw 1, a time limit per deal.

Prints resolved %, win rate and the time median / p90 / p99 per draw mode;
asserts nothing (the targets are in docs/solver.md).
"""

from __future__ import annotations

import argparse
import time

from canfield.solver.survey import Row, solve_deal, summarize


def bench(draw: int, count: int, time_limit: float) -> None:
    rows: list[Row] = []
    started = time.perf_counter()
    for number in range(count):
        rows.append(solve_deal((number, draw, time_limit)))
    wall = time.perf_counter() - started
    summary = summarize(rows)
    print(f"draw {draw}: first {count} deals, {time_limit:g} s limit, {wall:.1f} s in all")
    for line in summary.lines():
        print("  " + line)
    slow = [r.code for r in rows if r.verdict == "unknown"]
    if slow:
        print("  unknown: " + " ".join(slow))


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

"""Solver strength on one core: deals solved within a time limit each, per draw mode.

Prints the share resolved (won or proved lost), the verdict counts and the
CPU time per deal (median, p90, p99, total), and lists the deals left
unknown; asserts nothing (the targets are in docs/solver.md). The limit is
CPU time (``time.process_time``): the machine is shared, and wall time
would measure the neighbours. ``--first`` picks another range of deals (a
held-out set). ``CANFIELD_PURE_PYTHON=1`` measures the pure-Python search.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from canfield.deal import deck_for_deal
from canfield.solver import Verdict, solve
from canfield.solver.search import COMPILED
from canfield.state import initial_state
from canfield.variants import VARIANTS, variant_named


def _quantile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def bench(variant: str, draw: int, first: int, count: int, time_limit: float) -> None:
    rules = variant_named(variant)
    counts = dict.fromkeys(Verdict, 0)
    times: list[float] = []
    nodes = 0
    unknown: list[int] = []
    for number in range(first, first + count):
        state = initial_state(deck_for_deal(number), draw, rules)
        started = time.process_time()
        result = solve(state, time_limit=time_limit, clock=time.process_time)
        times.append(time.process_time() - started)
        nodes += result.nodes
        counts[result.verdict] += 1
        if result.verdict is Verdict.UNKNOWN:
            unknown.append(number)
    resolved = count - counts[Verdict.UNKNOWN]
    print(
        f"{variant} draw {draw}: deals {first}-{first + count - 1}, {time_limit:g} s CPU limit each"
    )
    print(
        f"  resolved {resolved}/{count} ({100 * resolved / count:.1f}%):"
        f" won {counts[Verdict.WON]}, lost {counts[Verdict.LOST]},"
        f" unknown {counts[Verdict.UNKNOWN]}"
    )
    print(
        f"  CPU per deal: median {statistics.median(times):.3f} s,"
        f" p90 {_quantile(times, 0.9):.2f} s, p99 {_quantile(times, 0.99):.2f} s,"
        f" total {sum(times):.0f} s"
    )
    engine = "Python" if os.environ.get("CANFIELD_PURE_PYTHON", "") not in ("", "0") else "compiled"
    if not COMPILED:
        engine = "Python (the compiled core is not built)"
    rate = nodes / max(sum(times), 1e-9)
    print(f"  positions: {nodes:,} in all, {rate:,.0f} a second ({engine})")
    if unknown:
        print("  unknown: " + " ".join(map(str, unknown)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", choices=VARIANTS, default="canfield")
    parser.add_argument("--first", type=int, default=0, help="first deal number")
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--time-limit", type=float, default=10.0, help="CPU seconds per deal")
    parser.add_argument("--draw", type=int, choices=(1, 3), action="append")
    args = parser.parse_args()
    for draw in args.draw or [3, 1]:
        bench(args.variant, draw, args.first, args.count, args.time_limit)


if __name__ == "__main__":
    main()

"""Solver strength on one core: deals solved within a time limit each, per draw mode.

Prints the share resolved (won or proved lost), the verdict counts, the
CPU time per deal (median, p90, p99, total) and the length of the winning
lines (actions, taps included: what "Show me" plays), and lists the deals left
unknown; asserts nothing (the targets are in docs/solver.md). The limit is
CPU time (``time.process_time``): the machine is shared, and wall time
would measure the neighbours. ``--first`` picks another range of deals (a
held-out set), ``--unknown-in FILE`` the deals a survey file left unknown
(an atlas row: ``docs/win-rates/V-dD.csv``). ``--probe 0,2000`` compares
P7's probe sizes in the same run, deal by deal, one after the other, and
``--short 500,1000000000`` the length above which a won line is cut
(``solver/shorten.py``; a billion: no line is), ``--tracked 0,1`` the tracked game's
``k`` (P11; 0: not run).
``CANFIELD_PURE_PYTHON=1`` measures the pure-Python search.
"""

from __future__ import annotations

import argparse
import csv
import os
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from canfield.deal import deck_for_deal
from canfield.solver import Verdict, api, solve
from canfield.solver import shorten as shorten_module
from canfield.solver.search import COMPILED
from canfield.state import initial_state
from canfield.variants import VARIANTS, variant_named


def _quantile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@dataclass(slots=True)
class Tally:
    """One setting's results over the deals."""

    counts: dict[Verdict, int] = field(default_factory=lambda: dict.fromkeys(Verdict, 0))
    times: list[float] = field(default_factory=list)
    nodes: int = 0
    unknown: list[int] = field(default_factory=list)
    lines: list[tuple[int, int]] = field(default_factory=list)
    """(actions, deal) of each won line."""


Setting = tuple[str, Callable[[], None]]
"""A label and what to set before each solve (one setting: no label, nothing set)."""


def bench(
    variant: str, draw: int, deals: Sequence[int], time_limit: float, settings: Sequence[Setting]
) -> None:
    rules = variant_named(variant)
    tallies = [Tally() for _ in settings]
    for number in deals:
        state = initial_state(deck_for_deal(number), draw, rules)
        for (_, setting), tally in zip(settings, tallies, strict=True):
            setting()
            started = time.process_time()
            result = solve(state, time_limit=time_limit, clock=time.process_time)
            tally.times.append(time.process_time() - started)
            tally.nodes += result.nodes
            tally.counts[result.verdict] += 1
            if result.verdict is Verdict.UNKNOWN:
                tally.unknown.append(number)
            if result.verdict is Verdict.WON:
                tally.lines.append((len(result.line), number))
    count = len(deals)
    span = f"deals {deals[0]}-{deals[-1]}" if count else "no deals"
    if count and deals[-1] - deals[0] + 1 != count:
        span = f"{count} deals from {deals[0]} to {deals[-1]}"
    print(f"{variant} draw {draw}: {span}, {time_limit:g} s CPU limit each")
    engine = "Python" if os.environ.get("CANFIELD_PURE_PYTHON", "") not in ("", "0") else "compiled"
    if not COMPILED:
        engine = "Python (the compiled core is not built)"
    for (name, _), tally in zip(settings, tallies, strict=True):
        if not count:
            break
        times, counts = tally.times, tally.counts
        label = f"  {name}:" if name else ""
        resolved = count - counts[Verdict.UNKNOWN]
        print(
            f"{label}  resolved {resolved}/{count} ({100 * resolved / count:.1f}%):"
            f" won {counts[Verdict.WON]}, lost {counts[Verdict.LOST]},"
            f" unknown {counts[Verdict.UNKNOWN]}"
        )
        print(
            f"  CPU per deal: median {statistics.median(times):.3f} s,"
            f" p90 {_quantile(times, 0.9):.2f} s, p99 {_quantile(times, 0.99):.2f} s,"
            f" total {sum(times):.0f} s"
        )
        rate = tally.nodes / max(sum(times), 1e-9)
        print(f"  positions: {tally.nodes:,} in all, {rate:,.0f} a second ({engine})")
        if tally.lines:
            longest, deal = max(tally.lines)
            lengths = [float(n) for n, _ in tally.lines]
            print(
                f"  won lines: median {statistics.median(lengths):.0f} actions,"
                f" p99 {_quantile(lengths, 0.99):.0f}, longest {longest:,} (deal {deal})"
            )
        if tally.unknown:
            print("  unknown: " + " ".join(map(str, tally.unknown)))


def _unknown_deals(path: Path, first: int, count: int) -> list[int]:
    """The deals a survey file's latest rows leave unknown, the ``count`` from ``first`` on."""
    latest: dict[int, str] = {}
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            latest[int(row["deal"])] = row["verdict"]  # a retry's row stands for its deal
    return sorted(d for d, verdict in latest.items() if verdict == "unknown" and d >= first)[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", choices=VARIANTS, default="canfield")
    parser.add_argument("--first", type=int, default=0, help="first deal number")
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--time-limit", type=float, default=10.0, help="CPU seconds per deal")
    parser.add_argument("--draw", type=int, choices=(1, 3), action="append")
    parser.add_argument("--unknown-in", type=Path, help="a survey file: the deals it left unknown")
    compare = parser.add_mutually_exclusive_group()
    compare.add_argument("--probe", help="P7 probe sizes to compare, e.g. 0,2000")
    compare.add_argument("--short", help="won lines cut above these lengths, e.g. 500,1000000000")
    compare.add_argument("--tracked", help="the tracked game's cards a suit to compare, e.g. 0,1")
    args = parser.parse_args()
    settings: list[Setting] = [("", lambda: None)]
    if args.probe:
        settings = [
            (f"probe {n}", partial(setattr, api, "PROBE", int(n))) for n in args.probe.split(",")
        ]
    if args.short:
        settings = [
            (f"short {n}", partial(setattr, shorten_module, "SHORT", int(n)))
            for n in args.short.split(",")
        ]
    if args.tracked:
        settings = [
            (f"tracked {n}", partial(setattr, api, "TRACKED", int(n)))
            for n in args.tracked.split(",")
        ]
    for draw in args.draw or [3, 1]:
        if args.unknown_in:
            deals: Sequence[int] = _unknown_deals(args.unknown_in, args.first, args.count)
        else:
            deals = range(args.first, args.first + args.count)
        bench(args.variant, draw, deals, args.time_limit, settings)


if __name__ == "__main__":
    main()

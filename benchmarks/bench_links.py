"""The links search (P9, ``solver/links.py``) alone, compiled and in Python, deal by deal.

Prints for each deal the verdict, the nodes and the CPU time of each build
run, and their nodes a second; asserts nothing (figures in docs/solver.md).
The two builds search the same nodes in the same order, so a node limit
gives both the same work; the Python run is skipped past ``--python-most``
nodes (it is about fifty times slower). CPU time (``time.process_time``):
the machine is shared.

    .venv/bin/python benchmarks/bench_links.py --variant rainbow --draw 1 114 3 4
    .venv/bin/python benchmarks/bench_links.py --variant strict --draw 1 \\
        --unknown-in docs/win-rates/strict-d1.csv --nodes 50000000
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path

from canfield.deal import deck_for_deal
from canfield.solver.links import LinksSearch, core_links
from canfield.state import initial_state
from canfield.variants import variant_named


def _unknown(path: Path) -> list[int]:
    """The deals a survey file leaves unknown (its last row for each deal counts)."""
    verdicts: dict[int, str] = {}
    with path.open(newline="") as f:
        for row in csv.DictReader(f):
            verdicts[int(row["deal"])] = row["verdict"]
    return sorted(deal for deal, verdict in verdicts.items() if verdict == "unknown")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", nargs="*", type=int)
    parser.add_argument("--variant", default="rainbow")
    parser.add_argument("--draw", type=int, default=1)
    parser.add_argument("--nodes", type=int, default=40_000_000, help="node limit a deal")
    parser.add_argument("--table", type=int, default=60_000_000, help="table limit a deal")
    parser.add_argument("--python-most", type=int, default=400_000)
    parser.add_argument("--unknown-in", type=Path, help="the deals this survey file leaves open")
    parser.add_argument("--every", type=int, default=1, help="every n-th of those deals")
    args = parser.parse_args()
    deals = list(args.deals)
    if args.unknown_in:
        deals += _unknown(args.unknown_in)[:: args.every]
    variant = variant_named(args.variant)
    builds = [True, False] if core_links() else [False]
    totals = {build: [0, 0.0] for build in builds}
    for deal in deals:
        state = initial_state(deck_for_deal(deal), args.draw, variant)
        cells = []
        for compiled in builds:
            if not compiled and args.nodes > args.python_most:
                cells.append("python: skipped")
                continue
            started = time.process_time()
            search = LinksSearch(state, args.table, compiled=compiled)
            result = search.run(node_limit=args.nodes)
            spent = time.process_time() - started
            totals[compiled][0] += result.nodes
            totals[compiled][1] += spent
            full = ", table full" if search.full else ""
            cells.append(
                f"{'core' if compiled else 'python'}: {result.verdict.value} "
                f"{result.nodes:,} nodes {spent:.2f} s{full}"
            )
        print(deal, " | ".join(cells), flush=True)
    for compiled, (nodes, spent) in totals.items():
        if spent:
            name = "core" if compiled else "python"
            print(f"{name}: {nodes:,} nodes in {spent:.1f} s, {nodes / spent:,.0f} a second")


if __name__ == "__main__":
    main()

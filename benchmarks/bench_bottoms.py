"""The links game with the bottoms kept (P12 and R2, ``solver/bottoms.py``) alone, deal by deal;
with ``--layered``, P13 (``solver/layered.py``): no bottoms once the reserve is empty, by layers.

Prints for each deal the verdict (WON only with a line that replays), the
nodes, how many won nodes R2 tried to follow, and the CPU time; asserts
nothing (figures in docs/solver.md). CPU time (``time.process_time``): the
machine is shared.

    .venv/bin/python benchmarks/bench_bottoms.py --variant rainbow --draw 3 1000033 1000379
    .venv/bin/python benchmarks/bench_bottoms.py --draw 3 \\
        --unknown-in docs/win-rates/rainbow-d3.csv --seconds 150
    .venv/bin/python benchmarks/bench_bottoms.py --layered --draw 3 1000242 1000449
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from bench_links import _unknown

from canfield.deal import deck_for_deal
from canfield.rules import apply_move
from canfield.solver.bottoms import BottomsSearch
from canfield.solver.layered import LayeredSearch
from canfield.solver.line import realize
from canfield.solver.search import Verdict
from canfield.state import initial_state
from canfield.variants import variant_named


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", nargs="*", type=int)
    parser.add_argument("--variant", default="rainbow")
    parser.add_argument("--draw", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=150.0, help="CPU seconds a deal")
    parser.add_argument("--table", type=int, default=40_000_000, help="table limit a deal")
    parser.add_argument("--unknown-in", type=Path, help="the deals this survey file leaves open")
    parser.add_argument("--every", type=int, default=1, help="every n-th of those deals")
    parser.add_argument("--layered", action="store_true", help="P13's layered search instead")
    args = parser.parse_args()
    deals = list(args.deals)
    if args.unknown_in:
        deals += _unknown(args.unknown_in)[:: args.every]
    variant = variant_named(args.variant)
    for deal in deals:
        state = initial_state(deck_for_deal(deal), args.draw, variant)
        started = time.process_time()
        if args.layered:
            layered = LayeredSearch(state, args.table)
            found = layered.run(args.seconds, None, time.process_time)
            print(
                f"{deal} {found.verdict.value} {found.nodes:,} nodes, at most {layered.widest:,}"
                f" held, layer {layered.layer}, {time.process_time() - started:.1f} s"
                + (", table full" if layered.full else ""),
                flush=True,
            )
            continue
        search = BottomsSearch(state, args.table)
        result = search.run(args.seconds, None, time.process_time)
        spent = time.process_time() - started
        line = ""
        if result.verdict is Verdict.WON:
            end = state
            for move in realize(state, result.moves):
                end, _ = apply_move(end, move)
            assert end.is_won, deal
            line = f", a line of {len(result.moves)} card moves that replays"
        full = ", table full" if search.full else ""
        print(
            f"{deal} {result.verdict.value} {result.nodes:,} nodes, {search.followed} followed, "
            f"{spent:.1f} s{line}{full}",
            flush=True,
        )


if __name__ == "__main__":
    main()

"""R1, the search keyed by the links game's node, on deals the atlas leaves open: ``solve``
with it, ``solve`` without it (nor the links search, whose share passes to it), and R1 alone.

Prints each run's verdict and CPU time (``time.process_time``: the machine is shared), and
checks that every win replays through the rules; asserts nothing else (figures in
docs/solver.md, R1). The three runs of a deal follow one another in one process, so the
anchor (``solve`` without R1) meets the same load.

    .venv/bin/python benchmarks/bench_realize.py --variant rainbow --draw 1 \\
        --unknown-in docs/win-rates/rainbow-d1.csv --every 24 --seconds 30
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from bench_links import _unknown

from canfield.deal import deck_for_deal
from canfield.moves import Move
from canfield.rules import apply_move
from canfield.solver import Verdict, solve
from canfield.solver import api as solver_api
from canfield.solver.line import realize
from canfield.solver.search import Options, Search
from canfield.state import State, initial_state
from canfield.variants import variant_named


def _replays(state: State, line: Sequence[Move]) -> bool:
    for move in line:
        state, _ = apply_move(state, move)
    return state.is_won


def _solve(state: State, seconds: float, table: int) -> tuple[Verdict, bool]:
    found = solve(state, time_limit=seconds, table_limit=table, clock=time.process_time)
    return found.verdict, found.verdict is not Verdict.WON or _replays(state, found.line)


def _without(state: State, seconds: float, table: int) -> tuple[Verdict, bool]:
    """``solve`` without R1 (its slices of no positions) nor the links search, whose share
    would pass to it."""
    held = getattr(solver_api, "links_apply"), solver_api.REALIZE_PART  # noqa: B009
    setattr(solver_api, "links_apply", lambda state: False)  # noqa: B010
    solver_api.REALIZE_PART = 0.0
    try:
        return _solve(state, seconds, table)
    finally:
        setattr(solver_api, "links_apply", held[0])  # noqa: B010
        solver_api.REALIZE_PART = held[1]


def _alone(state: State, seconds: float, table: int) -> tuple[Verdict, bool]:
    result = Search(state, Options(links=True), table).run(seconds, clock=time.process_time)
    won = result.verdict is Verdict.WON
    return result.verdict, not won or _replays(state, realize(state, result.moves))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", nargs="*", type=int)
    parser.add_argument("--variant", default="rainbow")
    parser.add_argument("--draw", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=30.0, help="CPU seconds a run")
    parser.add_argument("--table", type=int, default=24_000_000, help="table limit a run")
    parser.add_argument("--unknown-in", type=Path, help="the deals this survey file leaves open")
    parser.add_argument("--every", type=int, default=1, help="every n-th of those deals")
    args = parser.parse_args()
    deals = list(args.deals)
    if args.unknown_in:
        deals += _unknown(args.unknown_in)[:: args.every]
    variant = variant_named(args.variant)
    runs: dict[str, Callable[[State, float, int], tuple[Verdict, bool]]] = {
        "solve": _solve,
        "without R1 or P9": _without,
        "R1 alone": _alone,
    }
    won = dict.fromkeys(runs, 0)
    for deal in deals:
        state = initial_state(deck_for_deal(deal), args.draw, variant)
        cells = []
        for name, run in runs.items():
            started = time.process_time()
            verdict, replays = run(state, args.seconds, args.table)
            spent = time.process_time() - started
            won[name] += verdict is Verdict.WON
            bad = "" if replays else " (its line does not replay)"
            cells.append(f"{name}: {verdict.value} {spent:.1f} s{bad}")
        print(deal, " | ".join(cells), flush=True)
    print(f"of {len(deals)} deals won: " + ", ".join(f"{n} {k}" for n, k in won.items()))


if __name__ == "__main__":
    main()

"""A second external check: Solvitaire's ``canfield-strict`` preset against ``solvitaire_strict``.

Usage::

    python benchmarks/check_canfield_strict.py PATH/TO/solvitaire --first 0 --count 200

``canfield-strict`` moves whole piles only, fills a space from the reserve,
then from the waste, and has no take-backs: our ``classic``, except that its
ranks are counted from the base (a card one rank below the base never goes
on a base card, where ``classic`` lets a king go on an ace). That is exactly
how ``solvitaire`` differs from ``canfield``, and it is our research variant
``solvitaire_strict`` (docs/rules.md §9). Each deal is solved three times: by
Solvitaire, by our ``solvitaire_strict`` and by our ``classic``.
Solvitaire is stopped at ``--time-limit`` seconds of its own CPU clock (see
``bench_vs_solvitaire.py``); ours get the same budget of CPU time. Prints
every deal where two decided verdicts differ; exit status 1 if Solvitaire
and ``solvitaire_strict`` ever disagree (one of the two rule sets would be wrong).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from bench_vs_solvitaire import deal_json, theirs

from canfield.deal import deck_for_deal
from canfield.solver import solve
from canfield.state import initial_state
from canfield.variants import CLASSIC, SOLVITAIRE_STRICT, Variant


def ours(number: int, variant: Variant, limit: float) -> tuple[str, float]:
    state = initial_state(deck_for_deal(number), 3, variant)
    started = time.process_time()
    found = solve(state, time_limit=limit, clock=time.process_time)
    return found.verdict.value, time.process_time() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("solvitaire", nargs="?", default=os.environ.get("SOLVITAIRE"))
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--time-limit", type=float, default=5.0, help="CPU seconds, each")
    parser.add_argument("--cpu", type=int, default=0, help="the one core all run on")
    args = parser.parse_args()
    binary = args.solvitaire and shutil.which(args.solvitaire)
    if not binary:
        print("no Solvitaire binary given (argument or SOLVITAIRE): nothing to compare, skipped")
        return 0
    os.sched_setaffinity(0, {args.cpu})
    rows: list[tuple[int, str, str, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for number in range(args.first, args.first + args.count):
            state = initial_state(deck_for_deal(number), 3, SOLVITAIRE_STRICT)
            path = Path(tmp) / f"deal-{number}.json"
            path.write_text(json.dumps(deal_json(state)), encoding="utf-8")
            them = theirs(binary, "canfield-strict", path, args.time_limit, None)
            strict, strict_cpu = ours(number, SOLVITAIRE_STRICT, args.time_limit)
            plain, plain_cpu = ours(number, CLASSIC, args.time_limit)
            rows.append((number, them.verdict, strict, plain))
            print(
                f"deal {number}: Solvitaire {them.verdict} {them.process:.2f} s,"
                f" solvitaire_strict {strict} {strict_cpu:.2f} s,"
                f" classic {plain} {plain_cpu:.2f} s",
                flush=True,
            )

    def decided(a: str, b: str) -> bool:
        return "unknown" not in (a, b)

    pairs = {
        "Solvitaire / solvitaire_strict": [(r[0], r[1], r[2]) for r in rows],
        "Solvitaire / classic": [(r[0], r[1], r[3]) for r in rows],
        "solvitaire_strict / classic": [(r[0], r[2], r[3]) for r in rows],
    }
    print(f"deals {args.first}-{args.first + args.count - 1}, draw 3, {args.time_limit:g} s CPU")
    for name, runs in pairs.items():
        both = [(n, a, b) for n, a, b in runs if decided(a, b)]
        differ = [f"{n} ({a}/{b})" for n, a, b in both if a != b]
        print(f"{name}: {len(both)} decided by both, {len(differ)} differ: {' '.join(differ)}")
    for label, index in (("Solvitaire", 1), ("solvitaire_strict", 2), ("classic", 3)):
        won = sum(r[index] == "won" for r in rows)
        lost = sum(r[index] == "lost" for r in rows)
        print(f"{label}: won {won}, lost {lost}, unknown {len(rows) - won - lost}")
    checked = pairs["Solvitaire / solvitaire_strict"]
    return 1 if any(a != b for _, a, b in checked if decided(a, b)) else 0


if __name__ == "__main__":
    sys.exit(main())

"""Our solver against Solvitaire, the published C++ solver, on its own rules, deal by deal.

Usage::

    python benchmarks/bench_vs_solvitaire.py PATH/TO/solvitaire --first 0 --count 100

Solvitaire (github.com/thecharlieblake/Solvitaire) is not part of this
project: build it yourself and pass the binary's path (or set SOLVITAIRE);
without one the benchmark says so and exits 0. Its ``canfield`` preset is our
``solvitaire`` variant, draw 3. For each deal our solver (``--time-limit``,
10 s of CPU) and Solvitaire (``--their-time-limit``, 60 s by its own clock,
its default search: no streamliners) run one after the other on the same single core, alternating
who goes first, so both see the same machine load. Times are CPU seconds of
each solver's own process (this machine is shared; wall time would measure
the neighbours). Any deal both resolve with different verdicts is printed
and makes the exit status 1: one of the two rule sets would be wrong.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import canfield
from canfield.cards import SUIT_CHARS
from canfield.deal import deck_for_deal
from canfield.game import Game
from canfield.solver import solve
from canfield.state import State

_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_THEIR_VERDICTS = {"solved": "won", "unsolvable": "lost"}


def card_name(card: int) -> str:
    """Solvitaire's spelling of a card: rank (A, 2-10, J, Q, K) then suit letter."""
    return _RANKS[card % 13] + SUIT_CHARS[card // 13]


def deal_json(state: State) -> dict[str, list[object]]:
    """A fresh deal in Solvitaire's deal format: every pile bottom first, last = top."""
    return {
        "foundations": [card_name(state.base)],
        "tableau piles": [[card_name(c) for c in col] for col in state.columns],
        "reserve": [card_name(c) for c in state.reserve],
        "stock": [card_name(c) for c in state.stock],
    }


@dataclass(slots=True)
class Run:
    """One solver's answer on one deal."""

    verdict: str
    cpu: float


def ours(state: State, time_limit: float) -> Run:
    started = time.process_time()
    result = solve(state, time_limit=time_limit, clock=time.process_time)
    return Run(result.verdict.value, time.process_time() - started)


def theirs(binary: str, path: Path, time_limit: float, cache: int | None) -> Run:
    command = [binary, "--type", "canfield", "--classify", "--timeout", str(int(time_limit * 1000))]
    if cache is not None:
        command += ["--cache-capacity", str(cache)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [*command, str(path)],
        check=False,
        capture_output=True,
        text=True,
        timeout=time_limit * 2 + 30,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    # the line is ", TYPE, ms, states, …, TYPE"
    fields = [f.strip() for f in done.stdout.strip().splitlines()[-1].split(",")]
    if len(fields) < 3 or done.returncode != 0:
        raise RuntimeError(f"Solvitaire said: {done.stdout!r} {done.stderr!r}")
    return Run(_THEIR_VERDICTS.get(fields[1], "unknown"), cpu)


def summary(name: str, runs: list[Run], limit: float) -> float:
    counts = {v: sum(r.verdict == v for r in runs) for v in ("won", "lost", "unknown")}
    total = sum(r.cpu for r in runs)
    resolved = counts["won"] + counts["lost"]
    print(
        f"{name:<11} {limit:4g} s limit: resolved {resolved}/{len(runs)}"
        f" ({100 * resolved / len(runs):.1f}%), won {counts['won']}, lost {counts['lost']},"
        f" unknown {counts['unknown']}; CPU total {total:.1f} s,"
        f" median {statistics.median(r.cpu for r in runs):.3f} s"
    )
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("solvitaire", nargs="?", default=os.environ.get("SOLVITAIRE"))
    parser.add_argument("--first", type=int, default=0, help="first deal number")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--time-limit", type=float, default=10.0, help="ours, per deal")
    parser.add_argument("--their-time-limit", type=float, default=60.0, help="Solvitaire's")
    parser.add_argument("--cache-capacity", type=int, help="Solvitaire's state cache bound")
    parser.add_argument("--cpu", type=int, default=0, help="the one core both run on")
    args = parser.parse_args()
    binary = args.solvitaire and shutil.which(args.solvitaire)
    if not binary:
        print("no Solvitaire binary given (argument or SOLVITAIRE): nothing to compare, skipped")
        return 0
    if "solvitaire" not in getattr(canfield, "VARIANTS", ()):
        print("this build has no `solvitaire` variant yet: nothing to compare, skipped")
        return 0
    os.sched_setaffinity(0, {args.cpu})  # Solvitaire inherits the same single core
    mine: list[Run] = []
    other: list[Run] = []
    disagree: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        for number in range(args.first, args.first + args.count):
            deck = deck_for_deal(number)
            state = Game.from_deck(deck, draw=3, variant="solvitaire").state
            path = Path(tmp) / f"deal-{number}.json"
            path.write_text(json.dumps(deal_json(state)), encoding="utf-8")
            if number % 2:
                b = theirs(binary, path, args.their_time_limit, args.cache_capacity)
                a = ours(state, args.time_limit)
            else:
                a = ours(state, args.time_limit)
                b = theirs(binary, path, args.their_time_limit, args.cache_capacity)
            mine.append(a)
            other.append(b)
            line = (
                f"deal {number}: ours {a.verdict} {a.cpu:.3f} s,"
                f" Solvitaire {b.verdict} {b.cpu:.3f} s"
            )
            if "unknown" not in (a.verdict, b.verdict) and a.verdict != b.verdict:
                disagree.append(line)
                line += "  <-- DISAGREE"
            print(line, flush=True)
    print(f"deals {args.first}-{args.first + args.count - 1}, one core (cpu {args.cpu}), CPU time")
    total_ours = summary("ours", mine, args.time_limit)
    total_theirs = summary("Solvitaire", other, args.their_time_limit)
    if total_ours > 0:
        print(f"CPU ratio Solvitaire / ours: {total_theirs / total_ours:.2f}")
    for line in disagree:
        print("DISAGREE " + line)
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())

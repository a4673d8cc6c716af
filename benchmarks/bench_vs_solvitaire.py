"""Our solver against Solvitaire, the published C++ solver, on its own rules, deal by deal.

Usage::

    python benchmarks/bench_vs_solvitaire.py PATH/TO/solvitaire --first 0 --count 100

Solvitaire (github.com/thecharlieblake/Solvitaire) is not part of this
project: build it yourself and pass the binary's path (or set SOLVITAIRE);
without one the benchmark says so and exits 0. Its ``canfield`` preset is our
``solvitaire`` variant, draw 3 (``--preset``/``--variant`` pick another pair).

Measured fairly, on a shared machine:

* Both solvers run as child processes, one after the other on the same
  single core, alternating who goes first from deal to deal.
* Both get the same CPU budget, ``--time-limit`` seconds. Ours counts it
  itself (``canfield solve --cpu-time-limit``, the solve's own CPU clock).
  Solvitaire's ``--timeout`` is wall clock, which on a loaded machine gives
  it only part of its limit, so it gets a long wall limit instead and is
  killed when its process CPU clock (read with ``clock_gettime`` on the
  child's CPU-time clock, polled, not ``RLIMIT_CPU``, which fires early on
  this VM) reaches exactly the budget.
* A verdict counts only within the budget: an answer given after more CPU
  than the budget is counted as unknown, for both.
* Both start-ups are counted the same way: each child's whole CPU time from
  ``wait4`` (its start-up included). Ours is reported twice, solve time
  (what the budget limits) and process time; the ratios are given both ways.

Any deal both resolve with different verdicts is printed and makes the exit
status 1: one of the two rule sets would be wrong.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
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
from canfield.state import State

_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_THEIR_VERDICTS = {"solved": "won", "unsolvable": "lost"}
_POLL_MOST = 0.05
"""Longest sleep between two reads of a child's CPU clock (it cannot run faster than wall)."""
_POLL_LEAST = 0.0005


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
class Child:
    """A finished child process: its output, whole CPU time (start-up included), how it ended."""

    out: str
    cpu: float
    killed: bool
    status: int


def cpu_of(pid: int) -> float:
    """The CPU time a running process has used so far (its own CPU-time clock, ns precision)."""
    clock = ((~pid) << 3) | 2  # Linux: MAKE_PROCESS_CPUCLOCK(pid, CPUCLOCK_SCHED)
    return time.clock_gettime(clock)


def run_child(command: list[str], cpu_limit: float, wall_limit: float) -> Child:
    """Run ``command``; kill it once its CPU clock reaches ``cpu_limit`` (or the wall limit)."""
    with tempfile.TemporaryFile("w+") as out:
        child = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, text=True)
        started = time.monotonic()
        killed = False
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            try:
                used = cpu_of(child.pid)
            except OSError:  # it has just ended: wait4 reaps it next
                continue
            if used >= cpu_limit or time.monotonic() - started > wall_limit:
                os.kill(child.pid, signal.SIGKILL)
                killed = True
                pid, status, usage = os.wait4(child.pid, 0)
                break
            time.sleep(min(_POLL_MOST, max(_POLL_LEAST, cpu_limit - used)))
        child.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        out.seek(0)
        text = out.read()
    return Child(text, usage.ru_utime + usage.ru_stime, killed, child.returncode)


@dataclass(slots=True)
class Run:
    """One solver's answer on one deal: verdict, CPU it was limited on, its process's CPU."""

    verdict: str
    solve: float
    process: float
    killed: bool = False


def ours(deck: str, variant: str, limit: float) -> Run:
    command = [
        sys.executable,
        "-m",
        "canfield",
        "solve",
        "--deck",
        deck,
        "--variant",
        variant,
        "--draw",
        "3",
        "--cpu-time-limit",
        str(limit),
        "--json",
    ]
    done = run_child(command, limit + 60, limit * 10 + 120)  # only a safety net: it counts itself
    if done.killed or done.status != 0:  # once, on a loaded machine, a child ended silently
        print(f"  canfield solve ended with status {done.status}: {done.out!r}; once more")
        done = run_child(command, limit + 60, limit * 10 + 120)
    if done.killed or done.status != 0:
        raise RuntimeError(f"canfield solve failed (status {done.status}): {done.out!r}")
    data = json.loads(done.out.strip().splitlines()[-1])
    verdict = data["verdict"] if data["seconds"] <= limit else "unknown"
    return Run(verdict, float(data["seconds"]), done.cpu)


def theirs(binary: str, preset: str, path: Path, limit: float, cache: int | None) -> Run:
    wall = max(600.0, limit * 20)  # long: the CPU clock is what stops it
    command = [binary, "--type", preset, "--classify", "--timeout", str(int(wall * 1000))]
    if cache is not None:
        command += ["--cache-capacity", str(cache)]
    done = run_child([*command, str(path)], limit, wall + 60)
    if done.killed:
        return Run("unknown", done.cpu, done.cpu, killed=True)
    # the line is ", TYPE, ms, states, …, TYPE"
    lines = done.out.strip().splitlines()
    fields = [f.strip() for f in lines[-1].split(",")] if lines else []
    if len(fields) < 3 or done.status != 0:
        raise RuntimeError(f"Solvitaire said: {done.out!r}")
    verdict = _THEIR_VERDICTS.get(fields[1], "unknown") if done.cpu <= limit else "unknown"
    return Run(verdict, done.cpu, done.cpu)


def summary(name: str, runs: list[Run], limit: float) -> tuple[float, float]:
    counts = {v: sum(r.verdict == v for r in runs) for v in ("won", "lost", "unknown")}
    solve = sum(r.solve for r in runs)
    process = sum(r.process for r in runs)
    resolved = counts["won"] + counts["lost"]
    killed = sum(r.killed for r in runs)
    print(
        f"{name:<11} {limit:4g} s CPU: resolved {resolved}/{len(runs)}"
        f" ({100 * resolved / len(runs):.1f}%), won {counts['won']}, lost {counts['lost']},"
        f" unknown {counts['unknown']}; solve CPU {solve:.1f} s"
        f" (median {statistics.median(r.solve for r in runs):.3f} s),"
        f" process CPU {process:.1f} s (start-up included)"
        + (f"; stopped at the limit {killed}" if killed else "")
    )
    return solve, process


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("solvitaire", nargs="?", default=os.environ.get("SOLVITAIRE"))
    parser.add_argument("--first", type=int, default=0, help="first deal number")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--time-limit", type=float, default=10.0, help="CPU seconds, both")
    parser.add_argument("--their-time-limit", type=float, help="Solvitaire's, if not the same")
    parser.add_argument("--variant", default="solvitaire", help="our rules")
    parser.add_argument("--preset", default="canfield", help="Solvitaire's --type")
    parser.add_argument("--cache-capacity", type=int, help="Solvitaire's state cache bound")
    parser.add_argument("--cpu", type=int, default=0, help="the one core both run on")
    args = parser.parse_args()
    binary = args.solvitaire and shutil.which(args.solvitaire)
    if not binary:
        print("no Solvitaire binary given (argument or SOLVITAIRE): nothing to compare, skipped")
        return 0
    if args.variant not in getattr(canfield, "VARIANTS", ()):
        print(f"this build has no `{args.variant}` variant: nothing to compare, skipped")
        return 0
    their_limit = args.their_time_limit or args.time_limit
    os.sched_setaffinity(0, {args.cpu})  # both children inherit the same single core
    mine: list[Run] = []
    other: list[Run] = []
    disagree: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        for number in range(args.first, args.first + args.count):
            game = Game.from_deck(deck_for_deal(number), 3, args.variant)
            state = game.state
            path = Path(tmp) / f"deal-{number}.json"
            path.write_text(json.dumps(deal_json(state)), encoding="utf-8")
            if number % 2:
                b = theirs(binary, args.preset, path, their_limit, args.cache_capacity)
                a = ours(game.deck_string, args.variant, args.time_limit)
            else:
                a = ours(game.deck_string, args.variant, args.time_limit)
                b = theirs(binary, args.preset, path, their_limit, args.cache_capacity)
            mine.append(a)
            other.append(b)
            line = (
                f"deal {number}: ours {a.verdict} {a.solve:.3f} s ({a.process:.3f} s process),"
                f" Solvitaire {b.verdict} {b.process:.3f} s"
            )
            if "unknown" not in (a.verdict, b.verdict) and a.verdict != b.verdict:
                disagree.append(line)
                line += "  <-- DISAGREE"
            print(line, flush=True)
    print(
        f"deals {args.first}-{args.first + args.count - 1}, ours `{args.variant}` against"
        f" Solvitaire `{args.preset}`, draw 3, one core (cpu {args.cpu}), CPU time,"
        f" interleaved, who goes first alternating"
    )
    solve, process = summary("ours", mine, args.time_limit)
    _, theirs_total = summary("Solvitaire", other, their_limit)
    print(f"start-up: ours {process - solve:.1f} s in all ({len(mine)} processes)")
    if solve > 0 and process > 0:
        print(
            f"CPU ratio Solvitaire / ours: {theirs_total / solve:.2f} (our solve time),"
            f" {theirs_total / process:.2f} (our whole processes)"
        )
    for line in disagree:
        print("DISAGREE " + line)
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())

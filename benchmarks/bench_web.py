"""The browser build's figures, in headless chromium (``make bench-web`` builds and runs it).

* cold and warm start: time from navigation to a painted table (the frame after the
  page's ``performance.mark`` "table-painted"), first visits (``--cold``, each in a fresh
  context) and reloads served by the service worker (``--warm``; a returning player's,
  which restore the memory snapshot of Python the first visit's solver worker kept), the
  medians of each as a ratio to a bare Pyodide start (import + ``loadPyodide`` on a
  blank page of the same origin, served next to the site, nothing else) measured in the
  same run, turn about, so the machine's load falls on both: in wall time and in the
  browser's CPU time (its processes' /proc times, read as each start ends and counted
  from before its navigation, for the game and the bare page alike), with
  where the game's start spent it (the worker's steps and the first requests, timed in
  the worker; the page's marks);
* the splash: first contentful paint;
* tap → repaint: a stock tap to the frame after Python's answer is drawn, p50 / p99;
* download: every file of ``dist/web``, raw and gzipped;
* memory: the worker's WebAssembly heap, the page's JS heap, and the growth of the
  browser's resident memory over the run;
* Hint: the share of definite answers at 3 s on ``bench_hint``'s positions (same seed),
  in the browser next to CPython's pure-Python search and the C core, in the same run.
  The browser's budget is wall time (Pyodide has no CPU clock); CPython's is CPU time.

    .venv/bin/python benchmarks/bench_web.py [--hints 20] [--taps 100] [--warm 3] [--cold 3]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import build_web  # noqa: E402
from bench_hint import position  # noqa: E402

from canfield.game import Game  # noqa: E402
from canfield.solver import Verdict, hint  # noqa: E402

BARE_PAGE = "__bare.html"
"""The anchor's blank page, served next to the site like any of its files: no request of the
bare start is intercepted (Playwright's routing would turn the context's HTTP cache off and
pass every request through Node)."""


@contextlib.contextmanager
def served(site: Path) -> Iterator[str]:
    """A copy of ``site`` with the bare page added, served by ``canfield web``; yields its URL."""
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / "web"
        shutil.copytree(site, copy)
        (copy / BARE_PAGE).write_text("<!doctype html><title>bare</title>\n", encoding="utf-8")
        server = subprocess.Popen(
            [sys.executable, "-m", "canfield", "web", "--port", "0", "--dir", str(copy)],
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert server.stdout is not None
            yield server.stdout.readline().split(" at ", 1)[1].split(" ", 1)[0]
        finally:
            server.terminate()
            server.wait()


def rss_kib(root_pid: int) -> int:
    """Resident memory of a process's descendants (Linux /proc), KiB: the browser under Node."""
    children: dict[int, list[int]] = {}
    sizes: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            status = (entry / "status").read_text()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry.name))
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                sizes[int(entry.name)] = int(line.split()[1])
    total, todo = -sizes.get(root_pid, 0), [root_pid]
    while todo:
        pid = todo.pop()
        total += sizes.get(pid, 0)
        todo.extend(children.get(pid, []))
    return total


def cpython_share(games: list[Game], seconds: float, pure: bool) -> tuple[int, float]:
    if pure:
        os.environ["CANFIELD_PURE_PYTHON"] = "1"
    try:
        definite, started = 0, time.process_time()
        for game in games:
            found = hint(game, time_limit=seconds, clock=time.process_time)
            if found.verdict is not Verdict.UNKNOWN and (
                found.move is not None or found.undo is not None or found.hopeless
            ):
                definite += 1
        return definite, time.process_time() - started
    finally:
        os.environ.pop("CANFIELD_PURE_PYTHON", None)


def report_starts(out: dict[str, Any]) -> None:
    """Cold and warm starts against the bare Pyodide start, wall and CPU, and the steps."""
    bare_warm, warm = out["bareWarm"], out["warm"]
    bare_cold, cold = out["bareColds"], out["colds"]
    rows = [
        (
            name,
            {k: statistics.median(b[k] for b in bares) for k in ("wall", "cpu")},
            statistics.median(g["table"] for g in games),
            statistics.median(g["cpu"] for g in games),
        )
        for name, bares, games in (("cold", bare_cold, cold), ("warm", bare_warm, warm))
    ]
    print(
        f"  start to a painted table, ms (medians: cold of {len(cold)}, warm of {len(warm)}), "
        "against bare Pyodide:"
    )
    for name, bare, wall, cpu in rows:
        print(
            f"    {name}: wall {wall:.0f} vs bare {bare['wall']:.0f} = "
            f"{wall / bare['wall']:.2f}x; browser CPU {cpu:.0f} vs bare {bare['cpu']:.0f} = "
            f"{cpu / max(bare['cpu'], 1):.2f}x"
        )
    for name, games, bares in (("cold", cold, bare_cold), ("warm", warm, bare_warm)):
        pairs = list(zip(games, bares, strict=True))
        print(
            f"    each {name} start, game / bare: wall "
            + ", ".join(f"{g['table']:.0f}/{b['wall']:.0f}" for g, b in pairs)
            + "; CPU "
            + ", ".join(f"{g['cpu']:.0f}/{b['cpu']:.0f}" for g, b in pairs)
        )
    restored = sum(
        any(p["name"] == "worker: loadPyodide from the snapshot" for p in w["phases"]) for w in warm
    )
    kept = "kept" if out.get("snapshotKept") else "not kept"
    print(f"    snapshot {kept} by the cold page's solver; warm starts restoring it: {restored}")
    for name, start in (("cold", out["cold"]), ("last warm", warm[-1])):
        steps = ", ".join(
            f"{p['name'].removeprefix('worker: ')} {p['ms']:.0f}"
            if p["ms"]
            else f"{p['name']} @{p['start']:.0f}"
            for p in start["phases"]
        )
        print(f"    {name} steps (ms): {steps}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "dist" / "web")
    parser.add_argument("--taps", type=int, default=100)
    parser.add_argument("--hints", type=int, default=20, help="bench_hint positions (0: none)")
    parser.add_argument("--hint-seconds", type=float, default=3.0)
    parser.add_argument("--warm", type=int, default=3, help="warm starts of each (median)")
    parser.add_argument(
        "--cold", type=int, default=3, help="cold starts of each, fresh contexts (median)"
    )
    args = parser.parse_args()
    if not (args.site / "sw.js").is_file():
        sys.exit(f"no built site at {args.site}: run `make web` first")
    rng = random.Random(1)  # bench_hint's seed, so the positions are its first ones
    games = [position(rng, 3, 80) for _ in range(args.hints)]
    raw, zipped = build_web.sizes(args.site)  # now: a build during the run would not count
    with served(args.site) as url:
        options = {"taps": args.taps, "hints": [g.to_dict() for g in games]}
        options["hintSeconds"] = args.hint_seconds
        options["warm"] = max(1, args.warm)
        options["cold"] = max(1, args.cold)
        bench = subprocess.Popen(
            ["node", str(ROOT / "benchmarks" / "bench_web.mjs"), url, json.dumps(options)],
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        assert bench.stdout is not None
        json.loads(bench.stdout.readline())
        pid = bench.pid
        time.sleep(0.5)
        rss_before = rss_kib(pid) if pid else 0
        peak = [rss_before]

        def sample() -> None:
            while bench.poll() is None:
                peak[0] = max(peak[0], rss_kib(pid) if pid else 0)
                time.sleep(0.5)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        lines = list(bench.stdout)
        if bench.wait() != 0:
            sys.exit("the browser benchmark failed")
        out = json.loads(lines[-1])
    taps = sorted(out["taps"])
    p99 = taps[min(len(taps) - 1, int(len(taps) * 0.99))]
    print(f"browser build, headless chromium; load average {os.getloadavg()[0]:.1f} at the end")
    report_starts(out)
    splash = [statistics.median(s["splash"] for s in out[k]) for k in ("colds", "warm")]
    print(f"  splash painted (medians): cold {splash[0]:.0f} ms, warm {splash[1]:.0f} ms")
    print(
        f"  tap -> repaint over {len(taps)} taps: p50 {statistics.median(taps):.1f} ms, "
        f"p99 {p99:.1f} ms"
    )
    print(
        f"  download: {raw / 2**20:.1f} MiB, {zipped / 2**20:.2f} MiB gzipped ({zipped:,} bytes; "
        f"aim {5 * 2**20:,})"
    )
    print(
        f"  memory: wasm heap {out['heap'] / 2**20:.0f} MiB, page JS heap "
        f"{(out['jsHeap'] or 0) / 2**20:.0f} MiB, browser RSS {rss_before / 1024:.0f} MiB "
        f"empty, peak {peak[0] / 1024:.0f} MiB (+{(peak[0] - rss_before) / 1024:.0f} MiB)"
    )
    if args.hints:
        browser = sum(1 for h in out["hints"] if h["definite"])
        pure, pure_s = cpython_share(games, args.hint_seconds, pure=True)
        core, core_s = cpython_share(games, args.hint_seconds, pure=False)
        print(f"  Hint at {args.hint_seconds:g} s on bench_hint's first {args.hints} positions:")
        print(f"    browser (Pyodide, wall clock): {browser}/{args.hints} definite")
        print(f"    CPython pure-Python search:    {pure}/{args.hints} ({pure_s:.0f} CPU-s)")
        print(f"    CPython with the C core:       {core}/{args.hints} ({core_s:.0f} CPU-s)")


if __name__ == "__main__":
    main()

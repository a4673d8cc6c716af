"""Where a warm start of the browser build spends its CPU, next to a bare Pyodide start.

Traces (Chromium tracing, every process, V8's sampled CPU profile of every thread) one warm
start of the game (a reload served by the service worker) and one of the bare page
(``bench_web.py``'s anchor), or their first visits, then prints for each: CPU time by
process and thread (the thread time of its top-level tasks), the trace events that took
it, and the JavaScript functions (with their file) the profiler found running on each
thread. Tracing costs CPU of its own (the profiler's start, tens of ms a thread): compare
the two starts, not the figures with ``bench_web.py``'s.

    nice -n 19 .venv/bin/python benchmarks/profile_web.py [--keep DIR] [--top 12] [MODE ...]

MODE: ``bare`` and ``game`` (the default: warm starts, a reload), ``bare-cold`` and
``game-cold`` (a fresh context's first visit).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_web import served  # noqa: E402

Thread = tuple[int, int]


def _names(events: list[dict[str, Any]]) -> tuple[dict[int, str], dict[Thread, str]]:
    processes: dict[int, str] = {}
    threads: dict[Thread, str] = {}
    for e in events:
        if e.get("ph") != "M":
            continue
        if e["name"] == "process_name":
            processes[e["pid"]] = e["args"]["name"]
        elif e["name"] == "thread_name":
            threads[(e["pid"], e["tid"])] = e["args"]["name"]
    return processes, threads


def thread_cpu(events: list[dict[str, Any]]) -> dict[Thread, tuple[float, Counter[str]]]:
    """Per thread: the thread time (ms) of its top-level complete events, and of their
    children by name (a child's own time, without its children's)."""
    by_thread: dict[Thread, list[dict[str, Any]]] = defaultdict(list)
    for e in events:
        if e.get("ph") == "X" and "tdur" in e and "tts" in e:
            by_thread[(e["pid"], e["tid"])].append(e)
    out: dict[Thread, tuple[float, Counter[str]]] = {}
    for key, items in by_thread.items():
        items.sort(key=lambda e: (e["tts"], -e["tdur"]))
        total = 0.0
        own: Counter[str] = Counter()
        stack: list[tuple[float, dict[str, Any]]] = []
        for e in items:
            while stack and e["tts"] >= stack[-1][0]:
                stack.pop()
            if stack:
                parent = stack[-1][1]
                own[parent["name"]] -= e["tdur"] / 1000
            else:
                total += e["tdur"] / 1000
            own[e["name"]] += e["tdur"] / 1000
            stack.append((e["tts"] + e["tdur"], e))
        out[key] = (total, own)
    return out


def js_profile(events: list[dict[str, Any]]) -> dict[Thread, Counter[str]]:
    """Per thread: ms of V8's samples by the function running (self time) and its file."""
    profile_thread: dict[str, Thread] = {}
    for e in events:
        if e.get("name") == "Profile" and e.get("ph") == "P":
            profile_thread[e["id"]] = (e["pid"], e["tid"])
    nodes: dict[str, dict[int, str]] = defaultdict(dict)
    out: dict[Thread, Counter[str]] = defaultdict(Counter)
    for e in events:
        if e.get("name") != "ProfileChunk":
            continue
        data = e["args"]["data"]
        profile = data.get("cpuProfile", {})
        for node in profile.get("nodes", []):
            frame = node["callFrame"]
            where = Path(frame.get("url", "")).name
            name = frame.get("functionName") or "(anonymous)"
            nodes[e["id"]][node["id"]] = f"{name} {where}".strip()
        thread = profile_thread.get(e["id"], (e["pid"], e["tid"]))
        deltas = data.get("timeDeltas", [])
        for sample, delta in zip(profile.get("samples", []), deltas, strict=False):
            out[thread][nodes[e["id"]].get(sample, "?")] += max(delta, 0) / 1000
    return out


def report(name: str, trace: Path, top: int) -> float:
    events = json.loads(trace.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    processes, threads = _names(events)
    cpu = thread_cpu(events)
    js = js_profile(events)
    grand = sum(total for total, _ in cpu.values())
    print(f"{name}: {grand:.0f} ms of thread time in the trace's top-level tasks")
    ranked = sorted(cpu.items(), key=lambda kv: -kv[1][0])
    for (pid, tid), (total, own) in ranked:
        if total < 15:
            continue
        label = f"{processes.get(pid, pid)} / {threads.get((pid, tid), tid)}"
        print(f"  {total:7.0f} ms  {label}")
        for event, ms in own.most_common(top):
            if ms >= 3:
                print(f"           {ms:6.0f}  {event}")
        samples = js.get((pid, tid))
        if samples:
            print("           JS samples (self, ms):")
            for function, ms in samples.most_common(top):
                if ms >= 3:
                    print(f"           {ms:6.0f}  {function}")
    return grand


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "dist" / "web")
    parser.add_argument("--keep", type=Path, help="keep the traces in this folder")
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument(
        "modes",
        nargs="*",
        default=["bare", "game"],
        help="bare, game (warm: a reload), bare-cold, game-cold (a first visit)",
    )
    args = parser.parse_args()
    if not (args.site / "sw.js").is_file():
        sys.exit(f"no built site at {args.site}: run `make web` first")
    with tempfile.TemporaryDirectory() as scratch, served(args.site) as url:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        totals = {}
        for mode in args.modes:
            trace = folder / f"{mode}.json"
            command = ["node", str(ROOT / "benchmarks" / "profile_web.mjs"), url, mode, str(trace)]
            subprocess.run(command, check=True, cwd=ROOT)
            totals[mode] = report(f"{mode} start", trace, args.top)
        for kind in ("", "-cold"):
            if f"game{kind}" in totals and f"bare{kind}" in totals:
                ratio = totals[f"game{kind}"] / max(totals[f"bare{kind}"], 1)
                print(f"game{kind} / bare{kind} thread time: {ratio:.2f}x")


if __name__ == "__main__":
    main()

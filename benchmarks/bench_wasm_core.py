"""The search core built as plain WebAssembly (``web/wasm/core.c``) against the search the
browser runs today, the pure-Python one under Pyodide, on the same positions.

For each of ``bench_hint``'s positions (same seed) the main search of a solve (its options,
P7's probes, its table limit) runs to the same bound on positions three ways: the C core in
CPython (native), the WebAssembly core and the pure-Python search, the last two in one Node
process under Pyodide's and V8's clocks alike (Node's CPU time). Verdicts and positions
must agree: the same search visits the same positions. Prints positions per CPU second.

    .venv/bin/python benchmarks/bench_wasm_core.py [--count 10] [--nodes 20000]
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import build_web  # noqa: E402
from bench_hint import position  # noqa: E402

from canfield.solver import api, search  # noqa: E402
from canfield.solver.search import Options, Search  # noqa: E402
from canfield.state import State  # noqa: E402
from canfield.web.wasm_core import pack  # noqa: E402


def core_arguments(state: State) -> dict[str, Any]:
    """What a solve's main search passes to ``_core.Search`` for ``state``, by name."""
    captured: list[dict[str, Any]] = []

    class Recorder:
        def __init__(self, **arguments: Any) -> None:
            captured.append(arguments)

    from canfield.solver import _core  # built: main() looked (search.COMPILED)

    with mock.patch.object(_core, "Search", Recorder):
        Search(state, Options(probe=api.PROBE), compiled=True)
    return captured[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10, help="bench_hint positions")
    parser.add_argument("--nodes", type=int, default=20000, help="positions per search, at most")
    parser.add_argument("--repeat", type=int, default=10, help="WebAssembly runs of each")
    args = parser.parse_args()
    if not search.COMPILED:
        sys.exit("the C core is not built here (make .venv/.core)")
    rng = random.Random(1)
    games = [position(rng, 3, 80) for _ in range(args.count)]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        core = build_web.build_search_core(folder)
        core_size = core.stat().st_size
        wheel = build_web.build_wheel(folder)
        jobs, native = [], []
        for game in games:
            arguments = core_arguments(game.state)
            spec = base64.b64encode(pack(arguments)).decode()
            # the core stops at its positions so far (1, the root) + the bound, as _run_core does
            jobs.append({"saved": game.to_dict(), "spec": spec, "stop": args.nodes + 1})
            started = time.process_time()
            found = Search(game.state, Options(probe=api.PROBE), compiled=True).run(
                None, args.nodes
            )
            native.append((found.verdict.name, found.nodes, time.process_time() - started))
        jobs_file = folder / "jobs.json"
        jobs_file.write_text(json.dumps({"jobs": jobs, "repeat": args.repeat}))
        result = subprocess.run(
            [
                "node",
                str(ROOT / "benchmarks" / "bench_wasm_core.mjs"),
                str(wheel),
                str(core),
                str(jobs_file),
            ],
            capture_output=True,
            text=True,
            check=False,
            cwd=ROOT,
        )
        if result.returncode != 0:
            sys.exit(f"the Node run failed:\n{result.stderr[-3000:]}")
        out = json.loads(result.stdout.strip().splitlines()[-1])
    print(
        f"search core as WebAssembly ({core_size // 1024} KiB), {args.count} positions "
        f"of bench_hint, at most {args.nodes} positions each; load average "
        f"{os.getloadavg()[0]:.1f}"
    )
    agree = 0
    totals = {"native": [0, 0.0], "wasm": [0, 0.0], "pure": [0, 0.0]}
    for (verdict, nodes, seconds), answer in zip(native, out, strict=True):
        same = (
            (verdict, nodes)
            == (answer["wasm"]["verdict"], answer["wasm"]["nodes"])
            == (answer["pure"]["verdict"], answer["pure"]["nodes"])
        )
        agree += same
        totals["native"][0] += nodes
        totals["native"][1] += seconds
        for engine in ("wasm", "pure"):
            totals[engine][0] += answer[engine]["nodes"]
            totals[engine][1] += answer[engine]["ms"] / 1000
        print(
            f"  {verdict:7} {nodes:6} positions: C {seconds * 1000:7.1f} ms, "
            f"WebAssembly {answer['wasm']['ms']:7.1f} ms, Pyodide Python "
            f"{answer['pure']['ms']:8.0f} ms{'' if same else '  DISAGREE'}"
        )
    rate = {k: n / max(s, 1e-9) for k, (n, s) in totals.items()}
    print(f"  same verdict and positions in all three: {agree} of {len(out)}")
    print(
        f"  positions per CPU second: C core (CPython) {rate['native']:,.0f}; "
        f"WebAssembly core (Node) {rate['wasm']:,.0f}; pure Python in Pyodide "
        f"{rate['pure']:,.0f} (WebAssembly / Pyodide = {rate['wasm'] / rate['pure']:.0f}x)"
    )


if __name__ == "__main__":
    main()

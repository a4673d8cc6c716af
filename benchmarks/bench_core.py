"""Positions per CPU second of the compiled search core, on a fixed budget of positions.

Each deal's main search (``Search(state, Options(), compiled=True)``, no P7 probe:
the ``solvitaire`` rules have no blind search) runs for ``--nodes`` positions, or to its
verdict, timed by ``time.process_time``; the figure is positions per CPU second. With
``--core A.so --core B.so`` each build runs in its own child process, alternating which
goes first, ``--repeat`` times, and the medians and spreads are printed side by side
(two builds measured in the same run, on a loaded machine). Each child also prints a
digest of what its searches did (positions, verdict, table size per deal): two builds
that visit the same positions print the same digest.

``nice -n 19 python benchmarks/bench_core.py --deals 6000103,6000187,4000010``
``nice -n 19 python benchmarks/bench_core.py --core /tmp/old.so --core src/.../_core...so``
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.machinery
import importlib.util
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

HARD = (6000103, 6000187, 4000010, 4000022, 3000042, 3000100)
"""Deals of the ``solvitaire`` rules, draw 3, whose searches run millions of positions."""


def _load_core(path: str) -> None:
    """Make ``canfield.solver._core`` the extension built at ``path`` (before the solver loads)."""
    name = "canfield.solver._core"
    loader = importlib.machinery.ExtensionFileLoader(name, path)
    spec = importlib.util.spec_from_file_location(name, path, loader=loader)
    if spec is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    sys.modules[name] = module


def _measure(deals: list[int], nodes: int, variant: str) -> dict[str, object]:
    from canfield.deal import deck_for_deal
    from canfield.solver.search import Options, Search
    from canfield.state import initial_state
    from canfield.variants import variant_named

    rules = variant_named(variant)
    digest = hashlib.sha256()
    seconds: list[float] = []
    positions: list[int] = []
    for deal in deals:
        state = initial_state(deck_for_deal(deal), 3, rules)
        search = Search(state, Options(), compiled=True)
        started = time.process_time()
        result = search.run(node_limit=nodes)
        seconds.append(time.process_time() - started)
        positions.append(result.nodes)
        table = len(search.lost_keys())
        digest.update(f"{deal} {result.nodes} {result.verdict} {table};".encode())
    return {"seconds": seconds, "positions": positions, "digest": digest.hexdigest()[:16]}


def _child(args: argparse.Namespace) -> None:
    if args.core:
        _load_core(args.core[0])
    print(json.dumps(_measure(args.deal_list, args.nodes, args.variant)))


def _run_child(core: str, args: argparse.Namespace) -> dict[str, object]:
    command = [
        sys.executable,
        __file__,
        "--child",
        "--core",
        core,
        "--deals",
        ",".join(map(str, args.deal_list)),
        "--nodes",
        str(args.nodes),
        "--variant",
        args.variant,
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def _rate(result: dict[str, object]) -> float:
    positions = result["positions"]
    seconds = result["seconds"]
    assert isinstance(positions, list) and isinstance(seconds, list)
    return sum(positions) / sum(seconds)


def _spread(values: list[float]) -> str:
    return (
        f"median {statistics.median(values) / 1e6:.3f} M/s "
        f"(min {min(values) / 1e6:.3f}, max {max(values) / 1e6:.3f}, n={len(values)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", default=",".join(map(str, HARD)))
    parser.add_argument("--nodes", type=int, default=2_000_000, help="positions per deal")
    parser.add_argument("--variant", default="solvitaire")
    parser.add_argument("--core", action="append", default=[], help="a build of _core to load")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.deal_list = [int(d) for d in args.deals.split(",")]
    if args.child:
        _child(args)
        return
    if len(args.core) < 2:
        for _ in range(args.repeat):
            if args.core:
                _load_core(args.core[0])
            result = _measure(args.deal_list, args.nodes, args.variant)
            print(f"{_rate(result) / 1e6:.3f} M positions/CPU s, digest {result['digest']}")
        return
    rates: dict[str, list[float]] = {core: [] for core in args.core}
    per_deal: dict[str, list[list[float]]] = {core: [] for core in args.core}
    digests: dict[str, set[str]] = {core: set() for core in args.core}
    for round_ in range(args.repeat):
        order = args.core if round_ % 2 == 0 else list(reversed(args.core))
        for core in order:
            result = _run_child(core, args)
            rates[core].append(_rate(result))
            positions, seconds = result["positions"], result["seconds"]
            assert isinstance(positions, list) and isinstance(seconds, list)
            per_deal[core].append([p / s for p, s in zip(positions, seconds, strict=True)])
            digests[core].add(str(result["digest"]))
            print(
                f"round {round_ + 1} {Path(core).name}: {rates[core][-1] / 1e6:.3f} M/s", flush=True
            )
    for core in args.core:
        print(f"{core}: {_spread(rates[core])}, digest {' '.join(sorted(digests[core]))}")
        for i, deal in enumerate(args.deal_list):
            deal_rates = [run[i] for run in per_deal[core]]
            print(f"  deal {deal}: {statistics.median(deal_rates) / 1e6:.3f} M/s")
    first, *others = args.core
    for core in others:
        ratio = statistics.median(rates[core]) / statistics.median(rates[first])
        print(f"{Path(core).name} / {Path(first).name}: {ratio:.3f} (medians)")
    same = len({d for core in args.core for d in digests[core]}) == 1
    print("the same positions in every run" if same else "THE BUILDS SEARCH DIFFERENTLY")


if __name__ == "__main__":
    main()

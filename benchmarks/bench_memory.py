"""Memory of the compiled main search: its peak resident size after a fixed number of positions.

A long search's memory bounds the atlas's retries (docs/win-rates.md): in the one-pass games
the depth-first stack holds most of the positions seen, so it is measured as ``solve`` runs the
main search (``Options(probe=PROBE)``), one fresh child process per deal and build (the peak
is the process's own ``ru_maxrss``), with each build's digest of what it searched: two builds
that print the same digest searched the same positions. ``--talon-last`` measures the one-pass
win-finder instead (``Options(talon_last=True)``, as ``solve`` runs it up to
``api.TALON_LAST_NODES``).

``nice -n 19 python benchmarks/bench_memory.py --variant rainbow --draw 3 --deals 1000180``
``... --core /tmp/old.so --core src/canfield/solver/_core.cpython-311-x86_64-linux-gnu.so``
"""

from __future__ import annotations

import argparse
import hashlib
import json
import resource
import subprocess
import sys
import time

from bench_core import _load_core


def _measure(
    deal: int, draw: int, variant: str, nodes: int, table: int, talon_last: bool
) -> dict[str, object]:
    from canfield.deal import deck_for_deal
    from canfield.solver import api
    from canfield.solver.search import Options, Search
    from canfield.state import initial_state
    from canfield.variants import variant_named

    state = initial_state(deck_for_deal(deal), draw, variant_named(variant))
    options = Options(talon_last=True) if talon_last else Options(probe=api.PROBE)
    search = Search(state, options, table, compiled=True)
    started = time.process_time()
    result = search.run(node_limit=nodes, clock=time.process_time)
    seconds = time.process_time() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # kB on Linux
    digest = hashlib.sha256(f"{deal} {result.nodes} {result.verdict}".encode()).hexdigest()[:16]
    return {"positions": result.nodes, "seconds": seconds, "peak": peak, "digest": digest}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", default="1000180")
    parser.add_argument("--variant", default="rainbow")
    parser.add_argument("--draw", type=int, default=3)
    parser.add_argument("--nodes", type=int, default=9_000_000, help="positions per deal")
    parser.add_argument("--table", type=int, default=40_000_000, help="the table's limit")
    parser.add_argument("--core", action="append", default=[], help="a build of _core to load")
    parser.add_argument("--talon-last", action="store_true", help="the one-pass win-finder")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        if args.core:
            _load_core(args.core[0])
        measured = _measure(
            args.child, args.draw, args.variant, args.nodes, args.table, args.talon_last
        )
        print(json.dumps(measured))
        return
    for deal in (int(d) for d in args.deals.split(",")):
        for core in args.core or [""]:
            command = [sys.executable, __file__, "--child", str(deal), "--variant", args.variant]
            command += ["--draw", str(args.draw), "--nodes", str(args.nodes)]
            command += ["--table", str(args.table)] + (["--core", core] if core else [])
            command += ["--talon-last"] if args.talon_last else []
            done = subprocess.run(command, capture_output=True, text=True, check=True)
            m = json.loads(done.stdout)
            print(
                f"{args.variant} d{args.draw} {deal}{' talon last' if args.talon_last else ''} "
                f"{core.rsplit('/', 1)[-1] or 'this build'}: "
                f"{m['positions']:,} positions in {m['seconds']:.1f} s CPU, peak "
                f"{m['peak'] / 2**30:.2f} GiB ({m['peak'] / m['positions']:.0f} bytes a "
                f"position), digest {m['digest']}",
                flush=True,
            )


if __name__ == "__main__":
    main()

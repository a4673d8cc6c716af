"""The tracked game (P11, ``Options(tracked=k)``) against the main search, deal by deal.

For each deal, the anchor first, the main search as ``solve`` runs it (``Options(probe=PROBE)``),
then the tracked game for each ``--k`` (with ``--probe``, P7's probes inside it), each for at most
``--seconds`` of CPU time in the compiled core: verdict (a won node that rests on a placing says
``won node``: it proves nothing), positions, seconds. ``--regions N`` measures instead what the
tracked game would merge: the positions the main search expands in N, and how many tracked nodes
(k = 0, the blind key, to 3) they fall into.

``.venv/bin/python benchmarks/bench_tracked.py --variant rainbow --draw 3 --k 1,2 1000918 1000668``
``.venv/bin/python benchmarks/bench_tracked.py --variant rainbow --draw 1 --regions 200000 1000591``
"""

from __future__ import annotations

import argparse
import time

from canfield.deal import deck_for_deal
from canfield.solver import search as s
from canfield.solver.api import PROBE
from canfield.state import State, initial_state
from canfield.variants import variant_named


def run(root: State, options: s.Options, seconds: float) -> str:
    started = time.process_time()
    result = s.Search(root, options, 40_000_000, compiled=True).run(
        seconds, None, time.process_time
    )
    verdict = result.verdict.name
    if result.verdict is s.Verdict.WON and not result.moves:
        verdict = "won node"
    return f"{verdict} {result.nodes:,} {time.process_time() - started:.1f} s"


def regions(root: State, nodes: int) -> tuple[str, int, dict[int, int]]:
    """The Python main search's verdict after at most ``nodes`` positions, the positions it
    expanded, and the tracked-game nodes they fall into for k = 0 (blind key) to 3."""
    alias = s.view_of(root).alias
    found: dict[int, set[tuple[object, ...]]] = {k: set() for k in range(4)}
    expanded: set[tuple[object, ...]] = set()
    original = s._moves

    def counted(
        child: State, cards: tuple[int, ...], pointer: int, *args: object, **kw: object
    ) -> object:
        expanded.add(s._key(child, pointer, False))
        for k, keys in found.items():  # k = 0: the blind key
            keys.add(s._key(child, pointer, True, alias, k))
        return original(child, cards, pointer, *args, **kw)  # type: ignore[arg-type]

    search = s.Search(root, s.Options(probe=PROBE), 40_000_000, compiled=False)
    s._moves = counted  # type: ignore[assignment]
    try:
        verdict = search.run(None, nodes).verdict
    finally:
        s._moves = original
    return verdict.name, len(expanded), {k: len(v) for k, v in found.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", nargs="+", type=int)
    parser.add_argument("--variant", default="rainbow")
    parser.add_argument("--draw", type=int, default=1)
    parser.add_argument("--k", default="1", help="cards tracked a suit, e.g. 1,2,3")
    parser.add_argument("--probe", type=int, default=0, help="P7's probes inside (positions)")
    parser.add_argument("--seconds", type=float, default=60.0, help="CPU seconds a search")
    parser.add_argument("--no-anchor", action="store_true", help="skip the main search")
    parser.add_argument("--regions", type=int, default=0, help="positions of the main search")
    args = parser.parse_args()
    variant = variant_named(args.variant)
    for deal in args.deals:
        root = initial_state(deck_for_deal(deal), args.draw, variant)
        label = f"{args.variant} draw {args.draw}, deal {deal:,}"
        if args.regions:
            started = time.process_time()
            verdict, real, nodes = regions(root, args.regions)
            merged = ", ".join(f"k={k} {n:,} ({real / n:.1f})" for k, n in nodes.items())
            print(
                f"{label}: main search {verdict}, {real:,} positions expanded in"
                f" {time.process_time() - started:.0f} s; tracked nodes {merged}",
                flush=True,
            )
            continue
        parts = []
        if not args.no_anchor:
            parts.append(f"main {run(root, s.Options(probe=PROBE), args.seconds)}")
        probe = f" probe {args.probe}" if args.probe else ""
        for k in map(int, args.k.split(",")):
            found = run(root, s.Options(tracked=k, probe=args.probe), args.seconds)
            parts.append(f"k={k}{probe} {found}")
        print(f"{label}: " + " | ".join(parts), flush=True)


if __name__ == "__main__":
    main()

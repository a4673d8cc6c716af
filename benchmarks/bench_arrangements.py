"""Two levers for the one-pass rows, measured before they are built (docs/solver.md).

For each deal, the main search as ``solve`` runs it (P7's probes of ``api.PROBE``), in
Python, for at most ``--nodes`` positions, and what it would have saved:

* ``--links-probe N``: beside P7, a links search (P9, compiled) of at most N nodes at each
  stack play, whose loss prunes the position, its node remembered as lost (P10, not built):
  positions searched with it against without it, and the links nodes it spent;
* the *arrangement closures* of the positions the search expands: positions alike but for
  which card of a class lies on which card of the class below it, where that class has a
  free end (tail moves between ends are reversible, so the search could expand one of
  them): how many positions the search expands for each closure.

``.venv/bin/python benchmarks/bench_arrangements.py --variant rainbow --nodes 300000 1000025``
"""

from __future__ import annotations

import argparse
import time

from canfield.deal import deck_for_deal
from canfield.rules.kernel import talon
from canfield.solver import search as s
from canfield.solver.api import PROBE
from canfield.solver.links import LinksSearch, _classes, links_apply
from canfield.state import State, initial_state
from canfield.variants import variant_named


class _Closures:
    """The closure key of a position (where the rules make every column one run)."""

    def __init__(self, root: State, cycles_checked: bool) -> None:
        self.cycles_checked = cycles_checked
        classes = _classes(root)
        assert classes is not None
        self.classes = classes
        cycles: list[list[int]] = []
        placed: set[int] = set()
        for first in range(len(classes.size)):
            cycle = []
            k = first
            while k not in placed:
                placed.add(k)
                cycle.append(k)
                k = classes.parent[k]
            if cycle:
                cycles.append(cycle)
        self.cycles = cycles

    def key(self, state: State) -> tuple[object, ...]:
        of, parent = self.classes.of, self.classes.parent
        count = [0] * len(self.classes.size)
        linked = [0] * len(self.classes.size)
        on: dict[int, int] = {}
        for col in state.columns:
            for i, card in enumerate(col):
                count[of[card]] += 1
                if i:
                    on[card] = col[i - 1]
                    linked[of[card]] += 1
        # with every class of a cycle linked, a run could close on itself: no merging there
        acyclic = not self.cycles_checked or all(
            any(linked[k] == 0 for k in cycle) for cycle in self.cycles
        )
        lies = tuple(
            (card, -1 if acyclic and count[parent[of[card]]] > linked[of[card]] else under)
            for card, under in sorted(on.items())
        )
        cards, pointer = talon(state)
        bottoms = tuple(sorted(col[0] for col in state.columns if col))
        return (frozenset(cards), pointer, len(state.reserve), state.foundations, bottoms, lies)


class _Measured(s.Search):
    """The Python search, with links probes at stack plays where ``links_probe`` is set."""

    links_probe = 0
    links_nodes = 0
    links_lost: set[tuple[object, ...]]
    stack_plays = 0
    """New positions a stack card was just played to..."""
    pruned = 0
    """...and those a probe (or a remembered loss) proved lost."""

    def _probe_lost(self, child: State, pointer: int, stack: bool, budget: int) -> tuple[int, bool]:
        spent, lost = self._probed(child, pointer, stack, budget)
        self.stack_plays += stack
        self.pruned += stack and lost
        return spent, lost

    def _probed(self, child: State, pointer: int, stack: bool, budget: int) -> tuple[int, bool]:
        if stack and self.links_probe:
            node = s._links_key(child, pointer, self._view.alias)
            if node in self.links_lost:
                return 0, True
            probe = LinksSearch(child, self.links_probe + 2, compiled=True)
            result = probe.run(None, self.links_probe)
            self.links_nodes += result.nodes
            if result.verdict is s.Verdict.LOST:
                self.links_lost.add(node)
                return 0, True
        return super()._probe_lost(child, pointer, stack, budget)


def _run(state: State, nodes: int, links_probe: int) -> tuple[_Measured, float, int, int, int]:
    """The search, its CPU time, the positions it expanded, and their closures (sound; and
    with every placement merged, an upper bound: a run of a whole cycle of classes can block
    a tail move)."""
    closures = _Closures(state, True)
    unchecked = _Closures(state, False)
    expanded: set[tuple[object, ...]] = set()
    keys: set[tuple[object, ...]] = set()
    bound: set[tuple[object, ...]] = set()
    original = s._moves

    def counted(child: State, *args: object, **kwargs: object) -> object:
        expanded.add(
            (child.columns, child.foundations, len(child.reserve), child.stock, child.waste)
        )
        keys.add(closures.key(child))
        bound.add(unchecked.key(child))
        return original(child, *args, **kwargs)  # type: ignore[arg-type]

    search = _Measured(state, s.Options(probe=PROBE), 40_000_000, compiled=False)
    search.links_probe = links_probe
    search.links_lost = set()
    s._moves = counted  # type: ignore[assignment]
    started = time.process_time()
    try:
        search.run(None, nodes)
    finally:
        s._moves = original
    return search, time.process_time() - started, len(expanded), len(keys), len(bound)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", nargs="+", type=int)
    parser.add_argument("--variant", default="rainbow")
    parser.add_argument("--draw", type=int, default=1)
    parser.add_argument("--nodes", type=int, default=300_000, help="positions a deal at most")
    parser.add_argument("--links-probe", type=int, default=2000, help="links nodes a probe")
    args = parser.parse_args()
    variant = variant_named(args.variant)
    for deal in args.deals:
        state = initial_state(deck_for_deal(deal), args.draw, variant)
        if not links_apply(state):
            raise SystemExit(f"{args.variant} draw {args.draw}: the columns are not runs of links")
        plain, seconds, expanded, closures, bound = _run(state, args.nodes, 0)
        probed, *_ = _run(state, args.nodes, args.links_probe)
        print(
            f"{deal}: {plain.verdict.name.lower()} in {plain.nodes:,} positions ({seconds:.1f} s);"
            f" {expanded:,} expanded in {closures:,} closures ({expanded / closures:.1f} each;"
            f" {expanded / bound:.1f} with every placement merged);"
            f" P7 proved {plain.pruned:,} of {plain.stack_plays:,} stack plays lost;"
            f" with links probes of {args.links_probe:,}: {probed.verdict.name.lower()} in"
            f" {probed.nodes:,} positions and {probed.links_nodes:,} links nodes,"
            f" {probed.pruned:,} of {probed.stack_plays:,} stack plays lost"
        )


if __name__ == "__main__":
    main()

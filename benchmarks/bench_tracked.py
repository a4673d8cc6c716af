"""The tracked game (P11, not built): the blind game keeping the next cards of each suit.

Between the blind game (P6: a column card written as its class) and the real game: a
position's node is its blind key with the next ``k`` cards of each suit written as
themselves, and when a card goes up, the card that becomes tracked is placed, in one child
each, at every place of the columns that holds an untracked card of its class (the proof is
in docs/solver.md). Its losses are losses; ``k`` = 13 is the real game. Two measurements:

* ``--regions N``: the Python main search as ``solve`` runs it (P7's probes), for at most N
  positions, and how many nodes of the tracked game (k = 0, the blind key, to 3) the
  positions it expands fall into: what the tracked game would merge there;
* ``--exhaust N``: the tracked game itself, a depth-first search of at most N nodes (moves
  from the compiled core's ``expand``; with ``--probe``, P7's blind probes at stack plays),
  to a loss, a won node (which proves nothing) or the bound.

``.venv/bin/python benchmarks/bench_tracked.py --variant rainbow --draw 1 --regions 200000 1000591``
``.venv/bin/python benchmarks/bench_tracked.py --variant rainbow --draw 3 --exhaust 300000 --k 1 \
--probe 2000 1000918``
"""

from __future__ import annotations

import argparse
import time

from canfield.cards import rank_of
from canfield.deal import deck_for_deal
from canfield.moves import FOUNDATION
from canfield.solver import search as s
from canfield.solver.api import PROBE
from canfield.state import State, initial_state
from canfield.variants import variant_named

Node = tuple[object, ...]


class Tracked:
    """The tracked game's nodes for one root's rules."""

    def __init__(self, root: State, k: int) -> None:
        self.k = k
        self.alias = s.view_of(root).alias
        self.start = rank_of(root.base) - 1

    def tracked(self, state: State) -> set[int]:
        """The next ``k`` cards of each suit (the foundations say which)."""
        return {
            suit * 13 + (self.start + n) % 13
            for suit in range(4)
            for n in range(state.foundations[suit], min(13, state.foundations[suit] + self.k))
        }

    def key(self, state: State) -> Node:
        keep = self.tracked(state)
        columns = tuple(
            sorted(
                tuple(c + 64 if c in keep else self.alias[c] for c in col) for col in state.columns
            )
        )
        return (state.stock, state.waste, len(state.reserve), state.foundations, columns)

    def placed(self, child: State, suit: int) -> list[State]:
        """``child`` of a card of ``suit`` going up, with the card that becomes tracked at
        each place of its class in the columns (one child each; itself where it lies)."""
        n = child.foundations[suit] + self.k - 1
        if n >= 13:
            return [child]
        card = suit * 13 + (self.start + n) % 13
        where = next(
            ((i, j) for i, col in enumerate(child.columns) for j, c in enumerate(col) if c == card),
            None,
        )
        if where is None:
            return [child]
        keep = self.tracked(child)
        out = []
        for i, col in enumerate(child.columns):
            for j, other in enumerate(col):
                if other == card:
                    out.append(child)
                elif self.alias[other] == self.alias[card] and other not in keep:
                    cols = [list(c) for c in child.columns]
                    cols[i][j], cols[where[0]][where[1]] = card, other
                    columns = (tuple(cols[0]), tuple(cols[1]), tuple(cols[2]), tuple(cols[3]))
                    out.append(child._replace(columns=columns))
        return out


def exhaust(root: State, k: int, nodes: int, probe: int) -> tuple[str, int, int, int]:
    """The tracked game from ``root``: its verdict (LOST, won, open), the nodes expanded,
    and the probes run and those that proved a node lost."""
    game = Tracked(root, k)
    if root.is_won:
        return "won", 0, 0, 0
    seen = {game.key(root)}
    stack = [root]
    expanded = probes = pruned = 0
    while stack:
        here = stack.pop()
        expanded += 1
        if expanded > nodes:
            return "open", expanded - 1, probes, pruned
        stacks = set(here.stock) | set(here.waste) | set(here.reserve)
        # pushed last first, so the search tries the core's best move first
        for move, child in reversed(s.expand(here, s.Options(safe_up=False), compiled=True)):
            if child.is_won:
                return "won", expanded, probes, pruned
            assert move.card is not None
            card = int(move.card)
            kids = game.placed(child, card // 13) if move.target == FOUNDATION else [child]
            for kid in kids:
                node = game.key(kid)
                if node in seen:
                    continue
                seen.add(node)
                if probe and card in stacks:
                    probes += 1
                    blind = s.Search(kid, s.Options(blind=True), probe + 2, compiled=True)
                    if blind.run(None, probe).verdict is s.Verdict.LOST:
                        pruned += 1
                        continue
                stack.append(kid)
    return "LOST", expanded, probes, pruned


def regions(root: State, nodes: int) -> tuple[str, int, dict[int, int]]:
    """The Python main search's verdict after at most ``nodes`` positions, the positions it
    expanded, and the tracked-game nodes they fall into for k = 0 (blind key) to 3."""
    games = {k: Tracked(root, k) for k in (0, 1, 2, 3)}
    found: dict[int, set[Node]] = {k: set() for k in games}
    expanded: set[Node] = set()
    original = s._moves

    def counted(child: State, *args: object, **kwargs: object) -> object:
        expanded.add(
            (child.stock, child.waste, len(child.reserve), child.foundations, child.columns)
        )
        for k, game in games.items():
            found[k].add(game.key(child))
        return original(child, *args, **kwargs)  # type: ignore[arg-type]

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
    parser.add_argument("--regions", type=int, default=0, help="positions of the main search")
    parser.add_argument("--exhaust", type=int, default=0, help="nodes of the tracked game")
    parser.add_argument("--k", type=int, default=1, help="cards of each suit tracked")
    parser.add_argument("--probe", type=int, default=0, help="P7's blind probes (positions)")
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
        if args.exhaust:
            started = time.process_time()
            verdict, nodes_, probes, pruned = exhaust(root, args.k, args.exhaust, args.probe)
            print(
                f"{label}: tracked game k={args.k} {verdict} after {nodes_:,} nodes,"
                f" {time.process_time() - started:.1f} s; probes {probes:,}, {pruned:,} lost",
                flush=True,
            )


if __name__ == "__main__":
    main()

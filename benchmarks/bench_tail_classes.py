"""A search over tail-move classes, measured against the plain search (docs/solver.md,
"Measured, not built: links probes (P10) and arrangement closures").

In ``rainbow`` every column is one built run, and a tail moves onto any free end but its own
column's: positions alike but for which card of a rank lies on which card of the rank above,
where that level has a free end, differ by tail moves. This prototype (pure Python over the
core's candidates, no pruning but the column symmetry; merging every placement, which is
not proved where runs wrap past thirteen cards) searches one node a class, gathering a class's
exits from its position and the positions that differ from it in one level, and prints the
classes and the positions it expanded beside the plain depth-first search's positions.

``.venv/bin/python benchmarks/bench_tail_classes.py 1000956 1000359``
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator

from canfield.deal import deck_for_deal
from canfield.moves import FOUNDATION
from canfield.solver.search import Options, expand
from canfield.state import State, initial_state
from canfield.variants import variant_named

OPTIONS = Options(safe_up=False)
Key = tuple[object, ...]


def _rank(card: int) -> int:
    return card % 13


def exact_key(s: State) -> Key:
    return (s.stock, s.waste, len(s.reserve), s.foundations, tuple(sorted(s.columns)))


def class_key(s: State) -> Key:
    """Per rank: the cards lying on a card, and where no end of the rank above is free, on which."""
    attached: list[list[tuple[int, int]]] = [[] for _ in range(13)]
    in_columns = [0] * 13
    for column in s.columns:
        for i, card in enumerate(column):
            in_columns[_rank(card)] += 1
            if i:
                attached[_rank(card)].append((card, column[i - 1]))
    levels: list[object] = []
    for r in range(13):
        if len(attached[r]) == in_columns[(r + 1) % 13]:  # no free end: the placement stays
            levels.append(tuple(sorted(attached[r])))
        else:
            levels.append(frozenset(card for card, _ in attached[r]))
    bottoms = tuple(sorted(column[0] for column in s.columns if column))
    return (s.stock, s.waste, len(s.reserve), s.foundations, bottoms, tuple(levels))


def _children(s: State) -> list[tuple[int | None, int, State]]:
    return [(move.card, move.target, child) for move, child in expand(s, OPTIONS, compiled=True)]


def _members(x: State, key: Key) -> list[State]:
    """x and the positions its tail moves of one level's cards reach, level by level."""
    found = {exact_key(x): x}
    levels: object = key[5]
    assert isinstance(levels, tuple)
    for level, placed in enumerate(levels):
        if isinstance(placed, tuple):
            continue  # no free end there: no tail move of that level
        frontier, local = [x], {exact_key(x)}
        while frontier:
            for card, target, child in _children(frontier.pop()):
                if card is None or target >= FOUNDATION or _rank(card) != level:
                    continue
                k = exact_key(child)
                if k in local or class_key(child) != key:
                    continue
                local.add(k)
                found.setdefault(k, child)
                frontier.append(child)
    return list(found.values())


def _exits(x: State) -> tuple[list[State] | None, int]:
    """The children of x's class in other classes (None: a member's child is won), and how
    many positions were expanded to find them."""
    key = class_key(x)
    out: dict[Key, State] = {}
    members = _members(x, key)
    for member in members:
        for _, _, child in _children(member):
            if child.is_won:
                return None, len(members)
            out.setdefault(class_key(child), child)
    out.pop(key, None)
    return list(out.values()), len(members)


def class_search(state: State, budget: int) -> tuple[str, int, int]:
    """Verdict, classes and positions expanded."""
    seen = {class_key(state)}
    first, expanded = _exits(state)
    if first is None:
        return "won", 1, expanded
    stack: list[Iterator[State]] = [iter(first)]
    while stack:
        if len(seen) >= budget:
            return "unknown", len(seen), expanded
        for child in stack[-1]:
            k = class_key(child)
            if k in seen:
                continue
            seen.add(k)
            exits, n = _exits(child)
            expanded += n
            if exits is None:
                return "won", len(seen), expanded
            stack.append(iter(exits))
            break
        else:
            stack.pop()
    return "lost", len(seen), expanded


def plain_search(state: State, budget: int) -> tuple[str, int]:
    seen = {exact_key(state)}
    stack: list[Iterator[tuple[int | None, int, State]]] = [iter(_children(state))]
    while stack:
        if len(seen) >= budget:
            return "unknown", len(seen)
        for _, _, child in stack[-1]:
            if child.is_won:
                return "won", len(seen)
            k = exact_key(child)
            if k in seen:
                continue
            seen.add(k)
            stack.append(iter(_children(child)))
            break
        else:
            stack.pop()
    return "lost", len(seen)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("deals", nargs="+", type=int)
    parser.add_argument("--draw", type=int, default=1)
    parser.add_argument("--classes", type=int, default=200_000, help="classes at most")
    parser.add_argument("--positions", type=int, default=2_000_000, help="plain positions at most")
    args = parser.parse_args()
    for deal in args.deals:
        state = initial_state(deck_for_deal(deal), args.draw, variant_named("rainbow"))
        started = time.process_time()
        verdict, classes, expanded = class_search(state, args.classes)
        spent = time.process_time() - started
        started = time.process_time()
        plain, positions = plain_search(state, args.positions)
        print(
            f"rainbow d{args.draw} {deal}: classes {verdict} in {classes:,} classes, "
            f"{expanded:,} positions expanded ({spent:.1f} s); plain {plain} in "
            f"{positions:,} positions ({time.process_time() - started:.1f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()

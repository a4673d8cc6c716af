"""Where a search spends its positions: a profile of the first N positions of a deal's search.

For a deal that stays open, this says *why*: how far through the reserve and
the stock the positions are, which kind of move made them, whether the
split of the talon is what multiplies them, and how many positions one
"class" holds — the positions that column and foundation moves alone reach
from a position (with take-backs and any built tail moving, those moves can
all be undone, so a class is won or lost as a whole, and a lost one must be
searched through). It walks the positions in the order of the Python search
(``canfield.solver.search``: the same candidates, children and keys, with
the same transposition rule), which is slow (about 30 000 positions a
second): the compiled core visits the very same ones.
``python benchmarks/profile_search.py --variant rainbow 1000000``.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterator

from canfield.deal import deck_for_deal
from canfield.moves import FOUNDATION
from canfield.rules.kernel import FROM_FOUNDATION, FROM_RESERVE, play_known
from canfield.solver import search as s
from canfield.state import State, initial_state
from canfield.variants import VARIANTS, variant_named


def _kind(source: int, target: int) -> str:
    if source == s.FROM_TALON:
        return "talon card"
    if source == FROM_RESERVE:
        return "reserve card"
    if source == FROM_FOUNDATION:
        return "take-back"
    return "column card up" if target == FOUNDATION else "column tail"


def _children(
    state: State, cards: tuple[int, ...], pointer: int, options: s.Options
) -> Iterator[tuple[str, State, tuple[int, ...], int]]:
    merge = s.view_of(state).recycles is None
    for move, card, source, index in s.successors(state, cards, pointer, options):
        if source == s.FROM_TALON:
            child, rest, split = s._play_talon(state, cards, index, move.target, merge)
            yield _kind(source, move.target), child, rest, split
        else:
            child = play_known(state, card, move.target, source)
            yield _kind(source, move.target), child, cards, pointer


def class_size(state: State, cards: tuple[int, ...], pointer: int, most: int) -> int:
    """Positions column and foundation moves alone reach (talon and reserve untouched)."""
    options = s.Options()
    seen = {s._key(state, pointer, True)}
    stack = [state]
    while stack and len(seen) < most:
        here = stack.pop()
        for kind, child, _, _ in _children(here, cards, pointer, options):
            if kind in ("talon card", "reserve card") or len(child.reserve) != len(here.reserve):
                continue
            key = s._key(child, pointer, True)
            if key not in seen:
                seen.add(key)
                stack.append(child)
    return len(seen)


def profile(state: State, limit: int) -> None:
    options = s.Options()
    root, cards, pointer = s._normalize(state)
    seen = {s._key(root, pointer, True)}
    frames = [(root, cards, pointer, _children(root, cards, pointer, options))]
    kinds: Counter[str] = Counter()
    where: Counter[tuple[int, int, int]] = Counter()
    unsplit: set[tuple[object, ...]] = set()
    nodes, home = 1, 0
    while frames and nodes < limit:
        _, _, _, children = frames[-1]
        found = next(children, None)
        if found is None:
            frames.pop()
            continue
        kind, child, rest, split = found
        if child.is_won:
            print(f"won after {nodes:,} positions")
            return
        key = s._key(child, split, True)
        if key in seen:
            continue
        seen.add(key)
        unsplit.add(key[1:])
        nodes += 1
        kinds[kind] += 1
        where[(len(child.reserve), len(rest) - split, split)] += 1
        home = max(home, sum(child.foundations))
        frames.append((child, rest, split, _children(child, rest, split, options)))
    deepest, deep_cards, deep_pointer, _ = frames[-1] if frames else (root, cards, pointer, None)
    print(f"{nodes:,} positions searched, {len(frames)} on the stack, at most {home} cards home")
    print("  made by: " + ", ".join(f"{k} {v:,}" for k, v in kinds.most_common()))
    print(f"  distinct without the talon's split: {len(unsplit):,}")
    print(f"  (reserve, stock, waste) cards: {len(where):,} different, the most common:")
    for (reserve, stock, waste), count in where.most_common(6):
        print(f"    reserve {reserve:2}, stock {stock:2}, waste {waste:2}: {count:,}")
    size = class_size(deepest, deep_cards, deep_pointer, 1_000_000)
    print(f"  class of the deepest position: {size:,} positions (column and foundation moves)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("deal", type=int, nargs="+")
    parser.add_argument("--variant", choices=VARIANTS, default="canfield")
    parser.add_argument("--draw", type=int, choices=(1, 3))
    parser.add_argument("--positions", type=int, default=300_000)
    args = parser.parse_args()
    variant = variant_named(args.variant)
    for number in args.deal:
        draw = variant.draw if args.draw is None else args.draw
        print(f"{variant.name} draw {draw}, deal {number}:")
        profile(initial_state(deck_for_deal(number), draw, variant), args.positions)


if __name__ == "__main__":
    main()

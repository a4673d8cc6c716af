"""The deals the atlas proved won, per variant and draw mode: "Winnable deals only" at once.

``winnable_deals.txt`` beside this module is built from ``docs/win-rates/*.csv``
by ``tools/build_winnable_index.py``: one line per (variant, draw), the deal
numbers sorted and written as the first number and then the gaps between
neighbours in base 36, so some twelve thousand proofs fit in a few kilobytes.
A (variant, draw) with no line has no deal known to be winnable.
"""

from __future__ import annotations

import csv
import functools
import itertools
import random
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Final

from canfield.deal import DEAL_COUNT, DealCode
from canfield.variants import VARIANTS, check_draw, variant_named

__all__ = [
    "INDEX_PATH",
    "draw_known_winnable",
    "encode_index",
    "index_from_surveys",
    "known_winnable",
    "parse_index",
]

INDEX_PATH: Final = Path(__file__).with_name("winnable_deals.txt")
_HEADER: Final = "# canfield winnable deals 1: variant draw first +gap... (base 36)"
_MAX_LINES: Final = 64
"""Bound of the index's lines: seven variants times two draw modes, with room to spare."""

Index = Mapping[tuple[str, int], tuple[int, ...]]


def index_from_surveys(paths: Iterable[Path]) -> dict[tuple[str, int], tuple[int, ...]]:
    """The deals with a ``won`` row in the survey CSVs, per (variant, draw)."""
    won: dict[tuple[str, int], set[int]] = {}
    for path in paths:
        with path.open(newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                if row["verdict"] == "won":
                    key = (row["variant"], int(row["draw"]))
                    won.setdefault(key, set()).add(int(row["deal"]))
    return {key: tuple(sorted(deals)) for key, deals in sorted(won.items())}


def encode_index(index: Index) -> str:
    """The index as the text of ``winnable_deals.txt``."""
    lines = [_HEADER]
    for (variant, draw), deals in sorted(index.items()):
        if not deals:
            continue
        gaps = [deals[0]] + [b - a for a, b in itertools.pairwise(deals)]
        lines.append(f"{variant} {draw} " + " ".join(_base36(n) for n in gaps))
    return "\n".join(lines) + "\n"


def parse_index(text: str) -> dict[tuple[str, int], tuple[int, ...]]:
    """Read the index; anything unexpected raises ``ValueError`` (it ships with the app)."""
    lines = text.splitlines()
    if not lines or lines[0] != _HEADER or len(lines) > _MAX_LINES:
        raise ValueError("not a winnable-deal index of this version")
    index: dict[tuple[str, int], tuple[int, ...]] = {}
    for line in lines[1:]:
        variant, draw_text, *numbers = line.split()
        draw = check_draw(int(draw_text))
        if variant not in VARIANTS or (variant, draw) in index or not numbers:
            raise ValueError(f"bad index line for {variant!r} draw {draw_text!r}")
        deals, total = [], 0
        for i, number in enumerate(numbers):
            step = int(number, 36)
            if step < (0 if i == 0 else 1):
                raise ValueError(f"deal numbers of {variant} draw {draw} are not sorted")
            total += step
            deals.append(total)
        if total >= DEAL_COUNT:
            raise ValueError(f"deal number {total} of {variant} draw {draw} is out of range")
        index[variant, draw] = tuple(deals)
    return index


@functools.cache
def _shipped() -> dict[tuple[str, int], tuple[int, ...]]:
    return parse_index(INDEX_PATH.read_text(encoding="utf-8"))


def known_winnable(variant: str, draw: int) -> tuple[int, ...]:
    """The deal numbers of ``variant`` in draw ``draw`` proved won (empty: none known)."""
    return _shipped().get((variant_named(variant).name, check_draw(draw)), ())


def draw_known_winnable(
    draw: int, variant: str, rng: random.Random | None = None
) -> DealCode | None:
    """A random deal of the index for ``variant`` and ``draw``, or None when none is known."""
    deals = known_winnable(variant, draw)
    if not deals:
        return None
    number = (rng or random.SystemRandom()).choice(deals)
    return DealCode(number, draw, variant_named(variant))


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        n, rest = divmod(n, 36)
        text = digits[rest] + text
        if not n:
            return text

"""How fast "Winnable deals only" answers, per variant and draw (``make bench-winnable``).

Prints, for every variant and draw mode: how many deals the shipped index holds,
the median time to deal one from it (what the app does first), and for the search
(used only where the index holds none, and timed here on every mode) the median
time from Cancel to the search returning, over deals the atlas proved lost so
that only the cancel ends it. CPU time where it is the search's own work.
"""

from __future__ import annotations

import argparse
import csv
import itertools
import statistics
import threading
import time
from pathlib import Path
from unittest import mock

from canfield.presentation import winnable
from canfield.presentation.winnable import WinnableSearch, winnable_deal
from canfield.presentation.winnable_index import known_winnable
from canfield.variants import VARIANTS

SURVEYS = Path(__file__).resolve().parent.parent / "docs" / "win-rates"


def lost_deals(variant: str, draw: int) -> list[int]:
    path = SURVEYS / f"{variant}-d{draw}.csv"
    with path.open(newline="", encoding="utf-8") as f:
        return [int(r["deal"]) for r in csv.DictReader(f) if r["verdict"] == "lost"]


def draw_ms(variant: str, draw: int, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        winnable_deal(draw, variant)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def cancel_ms(variant: str, draw: int, after: float, repeats: int) -> float:
    """Median wall milliseconds from cancel() to run() returning, cancelled ``after`` s in."""
    deals = itertools.cycle(lost_deals(variant, draw) or [0])
    with mock.patch.object(winnable, "random_deal_number", lambda: next(deals)):
        times = []
        for _ in range(repeats):
            search = WinnableSearch(draw, variant, tries=100_000, seconds=30.0)
            worker = threading.Thread(target=search.run)
            worker.start()
            time.sleep(after)
            start = time.perf_counter()
            search.cancel()
            worker.join(30)
            times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--after", type=float, default=0.3, help="seconds before the cancel")
    args = parser.parse_args()
    print(f"{'variant':<11} draw  known  deal from index  cancel to return")
    for variant in VARIANTS:
        for draw in (1, 3):
            known = len(known_winnable(variant, draw))
            dealt = draw_ms(variant, draw, 200)
            cancel = cancel_ms(variant, draw, args.after, args.repeats)
            print(f"{variant:<11} {draw:>4}  {known:>5}  {dealt:>12.3f} ms  {cancel:>13.1f} ms")


if __name__ == "__main__":
    main()

"""How long one save takes as the history grows (``make bench-storage``).

A save writes the game's header and only the actions that changed since the
last save (at most the undo window plus what is new), so its cost must not
grow with the length of the history. This prints the median save time after
one more action, at several history lengths, with the rows each save wrote.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from canfield import Game
from canfield.storage import Store

CODE = "CF1-D3-AAAAACL"


def grown(length: int) -> Game:
    """A game with ``length`` actions: stock taps, which cycle forever in this deal."""
    game = Game.from_code(CODE)
    for _ in range(length):
        game.play("s")
    return game


def measure(folder: Path, length: int, saves: int) -> tuple[float, float, int]:
    """(median ms, max ms, rows written per save) of ``saves`` saves after one more action."""
    game = grown(length)
    with Store(folder / f"bench-{length}.sqlite3") as store:
        store.save_game(game)  # the first save of a game writes its whole history once
        conn = store._conn  # counting rows is the point of the benchmark
        before = conn.total_changes
        times = []
        for _ in range(saves):
            game.play("s")
            start = time.perf_counter()
            store.save_game(game)
            times.append(time.perf_counter() - start)
        rows = (conn.total_changes - before) // saves
    return statistics.median(times) * 1000, max(times) * 1000, rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", default="1000,10000,200000", help="history lengths")
    parser.add_argument("--saves", type=int, default=300, help="saves measured at each length")
    parser.add_argument(
        "--folder",
        default=None,
        help="where to write (default: the temp folder; /dev/shm"
        " leaves out the disk's fsync and shows the CPU cost)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.folder) as folder:
        print(f"{'actions':>8}  {'median ms':>9}  {'max ms':>7}  rows/save")
        for length in (int(n) for n in args.lengths.split(",")):
            median, worst, rows = measure(Path(folder), length, args.saves)
            print(f"{length:>8}  {median:>9.3f}  {worst:>7.2f}  {rows:>9}")


if __name__ == "__main__":
    main()

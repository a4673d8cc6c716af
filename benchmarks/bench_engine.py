"""Engine throughput on one core: random playouts (for every variant) and undo/redo.

Prints figures; asserts nothing (speed is measured here, not in tests). Times are
the process's CPU time, so a machine shared with other work still gives the
engine's own speed.
"""

from __future__ import annotations

import random
import time

from canfield import VARIANTS, Game
from canfield.deal import DealCode
from canfield.variants import variant_named

PLAYOUT_SECONDS = 3.0
VARIANT_SECONDS = 1.5


def bench_playouts(name: str = "canfield", seconds: float = PLAYOUT_SECONDS) -> tuple[int, float]:
    """``legal_moves()`` then ``play()`` of a random legal move, over many deals."""
    rng = random.Random(1)
    variant = variant_named(name)
    steps = 0
    number = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = Game.from_code(DealCode(number, 3 if number % 2 else 1, variant))
        number += 1
        for _ in range(500):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
            steps += 1
    return steps, time.process_time() - start


def bench_undo_redo() -> tuple[int, float]:
    rng = random.Random(2)
    game = Game.from_code("CF1-D3-AAAAACL")
    for _ in range(100):
        moves = game.legal_moves()
        game.play(rng.choice(moves))
    ops = 0
    start = time.process_time()
    while time.process_time() - start < PLAYOUT_SECONDS:
        while game.undo():
            ops += 1
        while game.redo():
            ops += 1
    return ops, time.process_time() - start


def bench_legal_moves_only() -> tuple[int, float]:
    rng = random.Random(3)
    game = Game.from_code("CF1-D3-AAAAAAB")
    for _ in range(40):
        game.play(rng.choice(game.legal_moves()))
    calls = 0
    start = time.process_time()
    while time.process_time() - start < 1.0:
        for _ in range(1000):
            game.legal_moves()
        calls += 1000
    return calls, time.process_time() - start


def main() -> None:
    steps, secs = bench_playouts()
    print(f"random playout (legal_moves + play): {steps / secs:,.0f} per second ({steps:,} steps)")
    ops, secs = bench_undo_redo()
    print(f"undo/redo:                           {ops / secs:,.0f} per second ({ops:,} operations)")
    calls, secs = bench_legal_moves_only()
    print(f"legal_moves() alone:                 {calls / secs:,.0f} per second")
    print("random playout per variant (legal_moves + play, draw 1 and 3 alternating):")
    for name in VARIANTS:
        steps, secs = bench_playouts(name, VARIANT_SECONDS)
        print(f"  {name:<11} {steps / secs:>9,.0f} per second ({steps:,} steps)")


if __name__ == "__main__":
    main()

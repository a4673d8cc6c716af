"""The Hint on mid-game positions: how often it gives a definite answer within the app's budget.

Plays random deals forward a random number of random legal actions (a seeded
generator, so runs compare), then asks :func:`canfield.solver.hint` with the
app's budget. A definite answer is a move on a winning line, or "lost" with
the number of undos back to a winnable position, or "lost" with every
position back to the deal proved lost. Prints the share of definite answers
and the CPU time per hint (this machine is shared; CPU time is the fair
measure). Run it on one core: ``taskset -c 0 python benchmarks/bench_hint.py``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from canfield.deal import DealCode
from canfield.game import Game
from canfield.solver import Verdict, hint


def position(rng: random.Random, draw: int, most: int) -> Game:
    game = Game.from_code(DealCode(rng.randrange(10**9), draw))
    for _ in range(rng.randint(1, most)):
        moves = game.legal_moves()
        if not moves or game.is_won:
            break
        game.play(rng.choice(moves))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--draw", type=int, choices=(1, 3), default=3)
    parser.add_argument("--most", type=int, default=80, help="most random actions played")
    parser.add_argument("--time-limit", type=float, default=3.0, help="the app's hint budget")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    kinds = {"move": 0, "undo": 0, "lost from the deal": 0, "no answer": 0}
    times: list[float] = []
    open_ones: list[str] = []
    for number in range(args.count):
        game = position(rng, args.draw, args.most)
        started = time.process_time()
        found = hint(game, time_limit=args.time_limit, clock=time.process_time)
        times.append(time.process_time() - started)
        if found.verdict is Verdict.WON:
            kinds["move"] += 1
        elif found.verdict is Verdict.LOST and found.undo is not None:
            kinds["undo"] += 1
        elif found.verdict is Verdict.LOST and found.hopeless:
            kinds["lost from the deal"] += 1
        else:
            kinds["no answer"] += 1
            open_ones.append(f"{number} ({game.code}, {len(game.history)} actions in)")
    definite = args.count - kinds["no answer"]
    print(
        f"draw {args.draw}: {args.count} positions (1-{args.most} random actions in),"
        f" {args.time_limit:g} s budget"
    )
    print(f"  definite: {definite}/{args.count} ({100 * definite / args.count:.1f}%)")
    print("  " + ", ".join(f"{k} {v}" for k, v in kinds.items()))
    print(
        f"  CPU per hint: median {statistics.median(times):.3f} s,"
        f" max {max(times):.2f} s, total {sum(times):.1f} s"
    )
    if open_ones:
        print("  no answer (position number, deal): " + ", ".join(open_ones))


if __name__ == "__main__":
    main()

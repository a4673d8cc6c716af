"""Child process of the storage kill test: plays a game, saving after every action.

Run as ``python storage_kill_child.py DB MODE SEED``. After each committed save
it prints the number of actions so far, so the parent knows what must survive
a SIGKILL. The parent imports this file too, to replay exactly the same actions.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Iterator

from canfield import Game
from canfield.deal import EXAMPLE_CODE

CODE = EXAMPLE_CODE
WIN_DECK = "5H 5S 4C 4D 4H 4S 3C 3D 3H 3S 2C 2D 2H AS AH AD AC 2S 5D 5C " + " ".join(
    rank + suit for rank in "6789TJQK" for suit in "SHDC"
)
"""A draw-1 deal won by playing every card to its foundation as soon as it shows (85 actions)."""
MAX_ACTIONS = 4000
SECONDS_PER_ACTION = 0.25
"""The child sets ``elapsed`` from the action count, so a replay can match it exactly."""


def start(mode: str) -> Game:
    return Game.from_deck(WIN_DECK, draw=1) if mode == "win" else Game.from_code(CODE)


def actions(game: Game, mode: str, seed: int) -> Iterator[int]:
    """Make one action at a time on ``game`` (yielding the count), the same way for a seed."""
    rng = random.Random(seed)
    for n in range(1, MAX_ACTIONS + 1):
        if mode == "win":
            if game.is_won:
                return
            ups = [m for m in game.legal_moves() if m.notation().endswith(">f")]
            game.play(ups[0] if ups else "s")
        else:
            roll = rng.random()
            moves = game.legal_moves()
            if (roll < 0.08 or not moves) and game.can_undo:
                game.undo()
            elif roll < 0.12 and game.can_redo:
                game.redo()
            elif moves:
                game.play(rng.choice(moves))
            else:
                return
        game.elapsed = n * SECONDS_PER_ACTION
        yield n


def replay(mode: str, seed: int, count: int) -> Game:
    """The game after exactly ``count`` actions, as the child played it."""
    game = start(mode)
    if count:
        for n in actions(game, mode, seed):
            if n == count:
                break
        else:
            raise AssertionError(f"the child never made {count} actions")
    return game


def main() -> None:
    from canfield.storage import Store

    db, mode, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
    delay = 0.003 if mode == "win" else 0.0
    store = Store(db)
    game = start(mode)
    store.save_game(game)
    print(0, flush=True)
    for n in actions(game, mode, seed):
        store.save_game(game)
        print(n, flush=True)
        if delay:
            time.sleep(delay)
    print("done", flush=True)
    time.sleep(60)  # wait for the parent's kill


if __name__ == "__main__":
    main()

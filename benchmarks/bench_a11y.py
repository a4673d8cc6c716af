"""A whole won game by ear: keys pressed and words heard, through the real screen-reader stack.

Plays CF1-D3-AAAAACL (the solver's winning line, 240 actions) in the real app
on Xvfb with AT-SPI, a pyatspi reader and xdotool (``tests/a11y``), choosing
each key from what the reader says: a pile key, Up until the card is named,
Enter, the target's pile key; D for each draw. Prints the keys per card move,
the words heard, and the readings of the whole table asked for (none).
Asserts nothing; ``tests/a11y`` checks the game is won by keys.

With ``--orca`` Debian's Orca (43 on Debian 12) runs beside the reader and
the words are also counted from what Orca itself spoke (its debug log), key
echo apart: Orca 43 takes the app's sentences as notifications (in a status
bar, so it says them without "notification" before each), and names a list it
enters with its size ("List with 3 items").

    .venv/bin/python benchmarks/bench_a11y.py [--lang en] [--orca] [--transcript FILE]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "a11y"))

from by_ear import play_line  # noqa: E402
from stack import Stack, missing  # noqa: E402
from words import WORDS  # noqa: E402

from canfield import Game  # noqa: E402
from canfield.deal import EXAMPLE_CODE  # noqa: E402
from canfield.solver import solve  # noqa: E402
from canfield.storage import Settings, Store  # noqa: E402

BEFORE = {"keys": 625, "per_card_move": 5.9, "readings": 47, "words": 4300}
"""Issue 22's measure of the same game with Orca 43, before the pile keys."""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="en", choices=("en", "pt", "hu", "id"))
    parser.add_argument("--transcript", type=Path, help="write every sentence heard to this file")
    parser.add_argument("--orca", action="store_true", help="also count what the real Orca speaks")
    args = parser.parse_args()
    reason = missing()
    if reason:
        print(reason)
        return 1
    line = list(solve(Game.from_code(EXAMPLE_CODE), time_limit=30).line)
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "canfield.sqlite3")
        store.save_settings(Settings(language=args.lang, animations=False))
        game = Game.from_code(EXAMPLE_CODE)
        store.save_game(game)
        store.close()
        # Beside Orca 43 the reader hears what Orca hears: notifications, no announcements.
        stack = Stack(Path(tmp), announcements=not args.orca, orca=args.orca)
        try:
            stack.start()
            mark = stack.orca_mark()
            began = time.monotonic()
            figures = play_line(stack, game, line, args.lang)
            seconds = time.monotonic() - began
            # The win's last words, as Orca says them (the reader model heard them).
            deadline = time.monotonic() + 20
            won = WORDS[args.lang]["won"]
            while args.orca and time.monotonic() < deadline:
                if any(won in u for u in stack.orca_said(mark)):
                    break
                time.sleep(0.1)
            stack.orca_quiet()
            orca = stack.orca_said(mark)
        finally:
            stack.close()
    echo = [u for u in orca if u.endswith(" ")]
    orca = [u for u in orca if not u.endswith(" ")]
    if args.transcript is not None:
        args.transcript.write_text("\n".join(figures.heard) + "\n", encoding="utf-8")
        if args.orca:
            orca_file = args.transcript.with_suffix(".orca" + args.transcript.suffix)
            orca_file.write_text("\n".join(orca) + "\n", encoding="utf-8")
    print(f"game {EXAMPLE_CODE}, language {args.lang}: {len(line)} actions, won={game.is_won}")
    print(
        f"keys at the table: {figures.keys} ({figures.draws} draws with D, "
        f"{sum(figures.card_keys)} for {figures.card_moves} card moves)"
    )
    print(
        f"keys per card move: mean {figures.per_card_move:.2f}, "
        f"median {statistics.median(figures.card_keys):.0f}, max {max(figures.card_keys)} "
        f"(before: {BEFORE['per_card_move']}, up to 12)"
    )
    print(
        f"words heard: {figures.words} in {figures.sentences} sentences "
        f"({figures.words / len(line):.1f} a move; before: about {BEFORE['words']})"
    )
    if args.orca:
        words = sum(len(u.split()) for u in orca)
        print(
            f"words Orca spoke: {words} in {len(orca)} utterances "
            f"({words / len(line):.1f} a move), "
            f"besides echoing {len(echo)} keys"
        )
    print(f"whole-table readings (Ctrl+D): {figures.readings} (before: {BEFORE['readings']})")
    print(f"wall time through the stack: {seconds:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

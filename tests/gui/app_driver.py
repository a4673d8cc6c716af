"""Run the real app in a child process for the kill and single-instance tests.

``python app_driver.py MOVES…`` opens the app and plays the moves one per
event-loop turn, printing ``played N`` once each is saved and ``script done``
at the end; ``python app_driver.py --report`` prints, as JSON, the game a
fresh start of the app would load, and opens no window.
"""

from __future__ import annotations

import json
import sys

from PySide6.QtCore import QTimer

from canfield.gui.app import main
from canfield.gui.window import MainWindow
from canfield.storage import Store


def play(moves: list[str]) -> None:
    def play_on(window: MainWindow) -> None:
        played = [0]

        def report() -> None:
            played[0] += 1
            print(f"played {played[0]}", flush=True)

        window.saved.connect(report)

        def next_move() -> None:
            if not moves:
                print("script done", flush=True)
                return
            window.model.play(moves.pop(0))
            QTimer.singleShot(30, next_move)

        QTimer.singleShot(50, next_move)

    raise SystemExit(main([], on_shown=play_on))


def report() -> None:
    with Store() as store:
        game = store.load_game()
    print(json.dumps(None if game is None else game.to_dict()), flush=True)


if __name__ == "__main__":
    if sys.argv[1:] == ["--report"]:
        report()
    else:
        play(sys.argv[1:])

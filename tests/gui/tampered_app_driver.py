"""Start the real app on whatever data folder ``CANFIELD_DATA_DIR`` names and report what it shows.

``python tampered_app_driver.py`` opens the app (offscreen), waits for the storage
notices to be shown, prints one JSON line (the notices' texts and the game on the
table) and quits the event loop, so the test sees a start that did not crash.
"""

from __future__ import annotations

import json

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from canfield.gui.app import main
from canfield.gui.window import MainWindow


def on_shown(window: MainWindow) -> None:
    def look() -> None:
        boxes = [b for b in window.findChildren(QMessageBox) if b.objectName() == "storageNotice"]
        game = window.model.game
        report = {
            "notices": [f"{b.text()} {b.informativeText()}" for b in boxes],
            "moves": len(game.history),
            "elapsed": game.elapsed,
        }
        print(json.dumps(report), flush=True)
        QApplication.quit()

    QTimer.singleShot(400, look)


if __name__ == "__main__":
    raise SystemExit(main([], on_shown=on_shown))

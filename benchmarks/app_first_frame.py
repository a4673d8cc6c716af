"""Open the real app, print the wall-clock time of its first painted table frame, quit.

Run as a child process by bench_app.py, so start-up is measured on a fresh process.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication

from canfield.gui.app import main
from canfield.gui.window import MainWindow


def quit_after_first_frame(window: MainWindow) -> None:
    done: list[bool] = []

    def report() -> None:
        print(f"first-frame {time.time():.6f}", flush=True)
        QApplication.quit()

    class _Watch(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
            if event.type() == QEvent.Type.Paint and not done:
                done.append(True)
                QTimer.singleShot(0, report)
            return False

    window.view.viewport().installEventFilter(_Watch(window))


if __name__ == "__main__":
    raise SystemExit(main([], on_shown=quit_after_first_frame))

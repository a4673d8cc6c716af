"""Start the app: QApplication, language, settings and the saved game, then the window.

``CANFIELD_DATA_DIR`` points storage at another folder (tests, portable use).
Two more environment variables exist for the crash-safety test, which drives
a real process and kills it: ``CANFIELD_TEST_MOVES`` plays moves one by one
(printing ``played N`` once each is saved) and ``CANFIELD_TEST_REPORT``
prints the loaded game as JSON and quits; ``CANFIELD_BENCH_FIRST_FRAME`` prints
when the first table frame is painted and quits (``make bench-app``).
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Sequence

from PySide6.QtCore import QByteArray, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QApplication, QWidget

from canfield.game import Game

__all__ = ["app_icon", "bring_to_front", "create_application", "main"]


def create_application(argv: Sequence[str] = ()) -> QApplication:
    """The QApplication (created once), named and iconed, with crisp HiDPI rounding."""
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    QGuiApplication.setHighDpiScaleFactorRoundingPolicy(
        Qt.HighDpiScaleFactorRoundingPolicy.PassThrough
    )
    app = QApplication(["canfield", *argv])
    app.setApplicationName("Canfield")
    app.setApplicationDisplayName("Canfield")
    app.setOrganizationName("canfield")
    app.setDesktopFileName("canfield")
    app.setWindowIcon(app_icon())
    return app


def app_icon() -> QIcon:
    """Two fanned cards drawn with the app's own card art, at a few sizes."""
    from canfield.cards import Card
    from canfield.gui import cardart

    icon = QIcon()
    for size in (16, 32, 64, 128, 256):
        pix = QPixmap(size, size)
        pix.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pix)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        width = size * 0.56
        behind = cardart.card_pixmap(Card.parse("KH"), max(8, round(width)), 1.0)
        front = cardart.card_pixmap(Card.parse("AS"), max(8, round(width)), 1.0)
        painter.translate(size * 0.5, size * 0.55)
        painter.rotate(-12)
        painter.drawPixmap(round(-width * 0.85), round(-behind.height() / 2), behind)
        painter.rotate(22)
        painter.drawPixmap(round(-width * 0.2), round(-front.height() / 2), front)
        painter.end()
        icon.addPixmap(pix)
    return icon


def no_display_reason() -> str | None:
    """Why a window cannot open here, or ``None`` when it can.

    Without this, Qt aborts the process with a core dump on a Linux machine
    that has no display server; a one-line explanation is kinder.
    """
    if not sys.platform.startswith("linux") or os.environ.get("QT_QPA_PLATFORM"):
        return None
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return None
    return (
        "no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set); "
        "in a terminal try 'canfield show CODE' or 'canfield screenshot OUT.png'"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Open the app; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    reason = no_display_reason()
    if reason is not None:
        print(f"canfield: {reason}", file=sys.stderr)
        return 1
    app = create_application(args)
    from canfield.gui.i18n_qt import switch_language
    from canfield.gui.single_instance import SingleInstance
    from canfield.gui.window import MainWindow
    from canfield.storage import StorageInUseError, Store, data_dir

    instance = SingleInstance(data_dir())
    if instance.bring_forward():
        print("canfield: already running; brought its window forward", file=sys.stderr)
        return 0
    instance.listen()
    try:
        store = Store()
    except StorageInUseError as exc:
        print(f"canfield: {exc}", file=sys.stderr)
        return 1
    settings = store.settings
    switch_language(app, settings.language)
    game = store.load_game()
    if os.environ.get("CANFIELD_TEST_REPORT"):
        print(json.dumps(None if game is None else game.to_dict()), flush=True)
        store.close()
        return 0
    window = MainWindow(store, game or Game.new(settings.draw, settings.last_variant))
    if settings.window_geometry:
        window.restoreGeometry(QByteArray(settings.window_geometry))
    window.show()
    instance.activated.connect(lambda: bring_to_front(window))
    QTimer.singleShot(0, window.notify_storage)
    if os.environ.get("CANFIELD_BENCH_FIRST_FRAME"):
        _quit_after_first_frame(window)
    script = os.environ.get("CANFIELD_TEST_MOVES")
    if script:
        _play_script(window, script.split())
    status = app.exec()
    from canfield.gui import cardart

    cardart.clear_cache()
    store.close()
    return int(status)


def bring_to_front(window: QWidget) -> None:
    """Show ``window`` above the others (un-minimised), for a second start of the app."""
    window.setWindowState(window.windowState() & ~Qt.WindowState.WindowMinimized)
    window.show()
    window.raise_()
    window.activateWindow()


def _quit_after_first_frame(window: object) -> None:
    """Benchmark hook: print the wall-clock time of the first painted table frame, then quit."""
    from PySide6.QtCore import QEvent, QObject

    from canfield.gui.window import MainWindow

    assert isinstance(window, MainWindow)

    class _Watch(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
            if event.type() == QEvent.Type.Paint and not done:
                done.append(True)
                QTimer.singleShot(0, report)
            return False

    done: list[bool] = []

    def report() -> None:
        print(f"first-frame {time.time():.6f}", flush=True)
        QApplication.quit()

    watch = _Watch(window)
    window.view.viewport().installEventFilter(watch)


def _play_script(window: object, moves: list[str]) -> None:
    """Test hook: play ``moves`` one per event-loop turn, reporting each once it is saved."""
    from canfield.gui.window import MainWindow

    assert isinstance(window, MainWindow)
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

"""Start the app: QApplication, language, settings and the saved game, then the window.

``CANFIELD_DATA_DIR`` points storage at another folder (tests, portable use).
Tests and benchmarks that drive a real app process pass ``main`` an
``on_shown`` callback (tests/gui/app_driver.py, benchmarks/app_first_frame.py);
the app itself carries no test hooks.
One app runs per data folder: a second start brings the running window
forward and exits (:mod:`canfield.gui.single_instance`); one that races past
that is refused by the store's lock and says so on stderr.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QApplication, QWidget

if TYPE_CHECKING:
    from canfield.gui.window import MainWindow

__all__ = ["APP_ID", "app_icon", "bring_to_front", "create_application", "main"]

APP_ID = "io.github.canfield.Canfield"
"""The desktop entry's name (data/APP_ID.desktop): the Wayland app id, so a dock ties the
window to its launcher and icon; on X11 the entry's StartupWMClass names the window's class."""


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
    app.setDesktopFileName(APP_ID)
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


def main(
    argv: Sequence[str] | None = None, *, on_shown: Callable[[MainWindow], None] | None = None
) -> int:
    """Open the app; returns the exit status.

    ``on_shown`` gets the window once it is on screen: the seam tests and
    benchmarks use to drive a real app process.
    """
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
    window = MainWindow(store, game)  # no saved game: a new one (a winnable one, the first time)
    if settings.window_geometry:
        window.restoreGeometry(QByteArray(settings.window_geometry))
    window.show()
    instance.activated.connect(lambda: bring_to_front(window))
    QTimer.singleShot(0, window.notify_storage)
    QTimer.singleShot(0, window.welcome_if_new)
    QTimer.singleShot(0, window.say_resumed)
    if on_shown is not None:
        on_shown(window)
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

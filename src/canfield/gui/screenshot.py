"""Render the app's window for a game to a PNG, offscreen (``canfield screenshot``).

The same window, table and card art the app shows, with a throwaway store so
a screenshot never touches the player's saved game or statistics.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from PySide6.QtWidgets import QApplication

from canfield.game import Game
from canfield.gui import cardart
from canfield.gui.app import create_application
from canfield.gui.i18n_qt import switch_language
from canfield.gui.window import MainWindow
from canfield.outfile import replace_with
from canfield.presentation.answers import HINT_SECONDS
from canfield.storage import Store

__all__ = ["render_window"]


def render_window(
    game: Game,
    out: Path,
    *,
    size: tuple[int, int],
    lang: str,
    four_colour: bool = False,
    frames: int = 110,
    hint: bool = False,
    welcome: bool = False,
) -> tuple[int, int]:
    """Write the window showing ``game`` to ``out``; returns the PNG's pixel size.

    Raises :class:`OSError` when the file cannot be written. A won game shows
    the win cascade advanced by ``frames`` frames. ``hint`` presses Hint first
    and shows the solver's answer (it waits at most the hint's own time). ``welcome``
    shows the first-run screen over the table. Finish shows when the rules offer it.
    """
    app = create_application()
    switch_language(app, lang)
    with tempfile.TemporaryDirectory(prefix="canfield-shot-") as folder:
        store = Store(Path(folder) / "shot.sqlite3")
        window = MainWindow(store, game, background_solver=False)
        window.apply_settings(
            store.settings.replace(animations=False, four_colour=four_colour), save=False
        )
        window.resize(*size)
        window.show()
        QApplication.processEvents()
        window.look_for_finish()  # what the app does just after a table is drawn
        if welcome:
            window.welcome.open(first=True)
        if hint:
            window.hint()
            deadline = time.monotonic() + HINT_SECONDS + 2.0
            while not window.solver_idle and time.monotonic() < deadline:
                QApplication.processEvents()
                time.sleep(0.01)
            QApplication.processEvents()
        if game.is_won:
            window.save()  # the win is recorded (in the throwaway store) before it shows
            window.celebrate(animate=False)
            window.cascade.advance(frames)
        QApplication.processEvents()
        pixmap = window.grab()
        window.close()
        store.close()
    cardart.clear_cache()

    def save(name: Path) -> None:
        if not pixmap.save(str(name), "PNG"):
            raise OSError(f"cannot write {out}")

    out.parent.mkdir(parents=True, exist_ok=True)
    replace_with(out, save)  # never opens what is at ``out`` (a FIFO would block)
    return pixmap.width(), pixmap.height()

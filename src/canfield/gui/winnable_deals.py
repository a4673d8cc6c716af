"""Winnable deals only, on the desktop: a deal proved winnable, at once or by a search.

A deal comes from the atlas's index at once where one is known
(:func:`canfield.presentation.winnable.winnable_deal`); elsewhere
:class:`~canfield.presentation.winnable.WinnableSearch` tries random deals in
the solver's lane while a progress window pauses the table. The game in play
is never replaced or counted as lost unasked: Cancel keeps everything, and
when the search finds nothing the window offers the way on. What happened is
said by the signals; the window shows it, says it and deals.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QProgressDialog, QWidget

from canfield.deal import DealCode
from canfield.gui.coach import Coach
from canfield.i18n import _
from canfield.presentation.answers import ANSWER_MESSAGE_MS

__all__ = ["WinnableDeals"]


class WinnableDeals(QObject):
    """Finds a deal proved winnable for the window ``parent``; :meth:`deal` asks for one."""

    found = Signal(object)
    """A deal proved winnable (a :class:`~canfield.deal.DealCode`): deal it."""
    answered = Signal(str, int)
    """A sentence to show for so many milliseconds and to say (the search was cancelled)."""
    said = Signal(str)
    """A sentence for readers only (the search starts: its window shows the same)."""
    fruitless = Signal(int, int, str)
    """The search proved no deal: how many it tried, and the draw and variant it looked for."""
    ended = Signal()
    """A search ended without a deal (cancelled or fruitless): the solver's lane is free."""

    def __init__(self, coach: Coach, parent: QWidget) -> None:
        super().__init__(parent)
        self._coach = coach
        self._parent = parent
        self._window: QProgressDialog | None = None

    @property
    def search_window(self) -> QProgressDialog | None:
        """The search's progress window while a search runs (None otherwise)."""
        return self._window

    def deal(self, draw: int, variant: str = "canfield") -> None:
        """A deal from the atlas's index at once, else a search behind a progress window."""
        from canfield.presentation.winnable import winnable_deal

        code = winnable_deal(draw, variant)
        if code is not None:
            self.found.emit(code)
            return
        self._search(draw, variant)

    def _search(self, draw: int, variant: str) -> None:
        """No deal of this variant and draw is known winnable: try random ones, table paused."""
        from canfield.presentation.winnable import (
            WinnableSearch,
            search_cancelled_message,
            search_progress_text,
        )

        search = WinnableSearch(draw, variant)
        self._coach.stop_watching()  # the search has the solver's lane to itself
        worker = self._coach.worker
        dialog = QProgressDialog(self._parent)
        dialog.setObjectName("winnableSearch")
        dialog.setWindowTitle(_("Winnable deals only"))
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setAutoClose(False)
        dialog.setAutoReset(False)
        dialog.setMinimumDuration(0)
        dialog.setRange(0, search.tries)
        dialog.setCancelButtonText(_("Cancel"))
        # The line wraps and the window stays inside the app's, even on a phone.
        label = QLabel(dialog)
        label.setWordWrap(True)
        dialog.setLabel(label)
        dialog.setMaximumWidth(max(200, self._parent.width() - 16))
        dialog.setLabelText(search_progress_text(0, search.tries))
        self._window = dialog
        progress = QTimer(dialog)
        progress.setInterval(100)

        def show_progress() -> None:
            dialog.setValue(search.tried)
            dialog.setLabelText(search_progress_text(search.tried, search.tries))

        progress.timeout.connect(show_progress)

        def finish() -> None:
            progress.stop()
            self._window = None
            dialog.hide()
            dialog.deleteLater()

        def cancelled() -> None:
            if self._window is not dialog:
                return
            search.cancel()
            worker.cancel()
            finish()
            self.answered.emit(search_cancelled_message(), ANSWER_MESSAGE_MS)
            self.ended.emit()

        def done(result: DealCode | None) -> None:
            if self._window is not dialog:
                return
            finish()
            if result is not None:
                self.found.emit(result)
                return
            self.fruitless.emit(search.tries, draw, variant)
            self.ended.emit()

        dialog.canceled.connect(cancelled)
        self.said.emit(search_progress_text(0, search.tries))
        worker.submit(search.run, done, failed=lambda _exc: done(None))
        dialog.show()
        progress.start()

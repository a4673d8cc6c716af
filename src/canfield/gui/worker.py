"""Run slow pure-Python work (the solver) off the GUI thread and hand the result back.

The result arrives through a queued signal on the GUI thread; every job
carries a ticket, so an answer that arrives after the position changed is
simply dropped instead of pointing at cards that moved.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

__all__ = ["Worker"]

T = TypeVar("T")


class _Relay(QObject):
    done = Signal(int, object)


class _Job(QRunnable):
    def __init__(self, ticket: int, func: Callable[[], object], relay: _Relay) -> None:
        super().__init__()
        self._ticket = ticket
        self._func = func
        self._relay = relay

    def run(self) -> None:
        try:
            result = self._func()
        except Exception as exc:  # the worker must never take the app down
            result = exc
        self._relay.done.emit(self._ticket, result)


def _ignore(_: Exception) -> None:
    """A failed job's default: no answer is given."""


class Worker(QObject):
    """One background lane: :meth:`submit` a callable, get ``done(result)`` later.

    Only the latest job matters: submitting drops earlier jobs not yet started
    and forgets their answers.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.done.connect(self._deliver)
        self._ticket = 0
        self._callbacks: dict[int, Callable[[object], None]] = {}

    def submit(
        self,
        func: Callable[[], T],
        done: Callable[[T], None],
        failed: Callable[[Exception], None] = _ignore,
    ) -> int:
        """Queue ``func``; ``done`` gets what it returns, ``failed`` what it raised."""

        def deliver(result: object) -> None:
            if isinstance(result, Exception):
                failed(result)
            else:
                done(cast(T, result))  # what func returned: the signal carries it as object

        self._ticket += 1
        self._pool.clear()
        self._callbacks = {self._ticket: deliver}
        self._pool.start(_Job(self._ticket, func, self._relay))
        return self._ticket

    def cancel(self) -> None:
        """Forget pending answers (a running search still ends at its time limit)."""
        self._ticket += 1
        self._pool.clear()
        self._callbacks.clear()

    @property
    def pending(self) -> bool:
        """Whether an answer is still to come (its job is queued, running or not yet delivered)."""
        return bool(self._callbacks)

    def wait(self, msecs: int = -1) -> bool:
        return self._pool.waitForDone(msecs)

    def _deliver(self, ticket: int, result: object) -> None:
        callback = self._callbacks.pop(ticket, None)
        if callback is not None:
            callback(result)

"""A survey's deals solved on Dask: an embedded local cluster, or an existing one.

Dask (``dask.distributed``) does the hard parts of a long run on many
machines: it places deals on workers, and when a worker dies it gives that
worker's deals to another (each deal may take down at most
``distributed.scheduler.allowed-failures`` workers before the survey stops).
This module only keeps a bounded window of deals in flight, so a survey of
10⁸ deals never holds more than a few dozen of them, and hands finished rows
back in batches. It is imported only by ``canfield survey``: the app and the
library never need Dask.
"""

from __future__ import annotations

import logging
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Final

from canfield.solver.survey import Row, RunStoppedError, SurveyError, solve_deal

if TYPE_CHECKING:
    from distributed import Client

__all__ = [
    "CONNECT_TIMEOUT",
    "dask_client",
    "machine_cores",
    "require_distributed",
    "solve_on_dask",
]

CONNECT_TIMEOUT: Final = 20.0
"""Seconds to reach an existing scheduler before giving up."""
MISSING: Final = (
    "canfield survey runs on Dask, which is not installed: pip install 'canfield[research]'"
)
_WINDOW_REFRESH: Final = 2.0


def machine_cores() -> int:
    """The cores this process may run on (the local cluster's default size)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def require_distributed() -> None:
    """Refuse at once, in one line, when Dask is not installed (before any file is touched)."""
    _distributed()


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise SurveyError(MISSING) from None
    return distributed


@contextmanager
def dask_client(scheduler: str | None, workers: int) -> Iterator[Client]:
    """A client of ``scheduler``, or of a local cluster of ``workers`` one-thread processes.

    The local cluster listens on 127.0.0.1 only, on a free port, without a
    public dashboard, and its worker processes end with this process (however it ends).
    """
    distributed = _distributed()
    if scheduler is None:
        with _sigint_ignored():  # the workers inherit it: Ctrl-C stops the survey, not them
            cluster = distributed.LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",
                dashboard_address="127.0.0.1:0",  # its health page: loopback, a free port
                silence_logs=logging.CRITICAL,
            )
        with cluster, distributed.Client(cluster) as client:
            yield client
        return
    loggers = [logging.getLogger(name) for name in _distributed_loggers()]
    levels = [logger.level for logger in loggers]
    for logger in loggers:  # a lost scheduler is said in one line, not in tracebacks
        logger.setLevel(logging.CRITICAL)
    try:
        try:
            client = distributed.Client(scheduler, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:
            detail = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise SurveyError(f"cannot reach the Dask scheduler at {scheduler}: {detail}") from None
        with client:
            yield client
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


def _distributed_loggers() -> list[str]:
    """Dask's loggers and tornado's (its event loop reports closed connections there)."""
    names = logging.root.manager.loggerDict
    return [
        "distributed",
        "tornado",
        *(name for name in names if name.startswith(("distributed.", "tornado."))),
    ]


@contextmanager
def _sigint_ignored() -> Iterator[None]:
    """Ignore SIGINT while worker processes start, so that they ignore it for good.

    Ctrl-C reaches every process of the terminal's group; the survey alone
    should handle it (record what is done, then close the cluster), without a
    traceback from each worker.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def solve_on_dask(
    client: Client,
    deals: Iterator[int],
    *,
    variant: str,
    draw: int,
    time_limit: float,
    on_rows: Callable[[list[Row]], None],
) -> None:
    """Solve every deal of ``deals`` on the cluster; ``on_rows`` gets each batch as it lands.

    At most about two deals per worker thread are in flight. A deal that fails
    (an error in the solver, or a deal that killed too many workers) stops the
    survey with :class:`RunStoppedError`; nothing is recorded for it.
    """
    distributed = _distributed()
    pending = distributed.as_completed(with_results=True, raise_errors=False)
    in_flight: dict[str, int] = {}

    def fill(window: int) -> None:
        while len(in_flight) < window:
            deal = next(deals, None)
            if deal is None:
                return
            key = f"canfield-survey-{variant}-d{draw}-{deal}-t{time_limit!r}"
            future = client.submit(solve_deal, variant, draw, deal, time_limit, key=key)
            in_flight[key] = deal
            pending.add(future)

    _solve_all(client, pending, in_flight, fill, on_rows)


def _solve_all(
    client: Client,
    pending: Any,
    in_flight: dict[str, int],
    fill: Callable[[int], None],
    on_rows: Callable[[list[Row]], None],
) -> None:
    window = _window(client)
    refreshed = time.monotonic()
    fill(window)
    while not pending.is_empty():
        rows = []
        for future, result in pending.next_batch(block=True):
            deal = in_flight.pop(future.key)
            if future.status != "finished":
                raise RunStoppedError(_failure(deal, future.status, result))
            rows.append(result)
            future.release()
        on_rows(rows)
        if time.monotonic() - refreshed > _WINDOW_REFRESH:
            window, refreshed = _window(client), time.monotonic()
        fill(window)


def _window(client: Client) -> int:
    """Deals to keep in flight: two per worker thread, so no worker waits for the next."""
    try:
        nthreads: dict[str, int] = client.nthreads()  # type: ignore[no-untyped-call]
    except OSError as exc:  # the connection closed under the call
        detail = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise RunStoppedError(f"the Dask scheduler was lost: {detail}") from None
    threads = sum(nthreads.values())
    return max(2, 2 * threads)


def _failure(deal: int, status: str, result: object) -> str:
    if status == "cancelled":
        return f"the Dask scheduler was lost or restarted (deal {deal} was cancelled)"
    exc = result[1] if isinstance(result, tuple) and len(result) == 3 else result
    text = str(exc).splitlines()[0] if str(exc) else ""
    return f"deal {deal} failed on a worker: {type(exc).__name__}: {text}"

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

import contextlib
import logging
import os
import re
import signal
import socket
import struct
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from typing import TYPE_CHECKING, Any, Final

from canfield.errors import quoted
from canfield.solver.search import DEFAULT_TABLE_LIMIT
from canfield.solver.survey import Row, RunStoppedError, SurveyError, solve_deal

if TYPE_CHECKING:
    from distributed import Client

__all__ = [
    "CONNECT_TIMEOUT",
    "dask_client",
    "exit_at_a_second_interrupt",
    "machine_cores",
    "probe_scheduler",
    "require_distributed",
    "scheduler_address",
    "solve_on_dask",
]

CONNECT_TIMEOUT: Final = 5.0
"""Seconds, all told, to reach an existing scheduler: the name looked up, the connection
made, the scheduler's greeting read and Dask's own handshake; then the survey gives up."""
_ADDRESS: Final = re.compile(r"(?:tcp://)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):([0-9]{1,5})")
_GREETING_MOST: Final = 64 * 1024
"""Bytes of a scheduler's greeting at most (Dask's is under 100): a longer one is not Dask's."""
_FRAMES_MOST: Final = 64
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
    host, port = scheduler_address(scheduler)
    deadline = time.monotonic() + CONNECT_TIMEOUT
    probe_scheduler(host, port, deadline)
    loggers = [logging.getLogger(name) for name in _distributed_loggers()]
    levels = [logger.level for logger in loggers]
    for logger in loggers:  # a lost scheduler is said in one line, not in tracebacks
        logger.setLevel(logging.CRITICAL)
    try:
        try:
            client = distributed.Client(
                _tcp(host, port), timeout=max(0.5, deadline - time.monotonic())
            )
        except Exception as exc:
            raise SurveyError(_unreachable(host, port, _first_line(exc))) from None
        with client:
            yield client
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


def scheduler_address(text: str) -> tuple[str, int]:
    """The host and port of ``tcp://HOST:PORT`` (or ``HOST:PORT``); :class:`SurveyError` if not.

    Only plain TCP: a ``tls://`` scheduler needs certificates this command does not take.
    """
    found = _ADDRESS.fullmatch(text)
    if found is None or not 1 <= int(found.group(2)) <= 65535:
        scheme = text.split("://", 1)[0] + "://" if "://" in text else ""
        why = " (TLS needs certificates this command does not take)" if scheme == "tls://" else ""
        raise SurveyError(
            f"--scheduler takes tcp://HOST:PORT, e.g. tcp://127.0.0.1:8786, not {quoted(text)}{why}"
        )
    return found.group(1).strip("[]"), int(found.group(2))


def probe_scheduler(host: str, port: int, deadline: float) -> None:
    """Check that a Dask scheduler answers at ``host:port`` before Dask's client connects.

    Dask's client takes the first 8 bytes it reads as a length: a server that
    answers garbage made it allocate exabytes, and one that never speaks first
    (a plain HTTP server) made it wait past its own timeout. A scheduler greets
    every connection at once with a small framed message naming its Python;
    anything else, or nothing by ``deadline`` (``time.monotonic()``), is
    refused with :class:`SurveyError` in one line.
    """
    where = _lookup(host, port, deadline)
    try:
        with closing(socket.socket(where[0], where[1], where[2])) as sock:
            sock.settimeout(_left(deadline, host, port))
            sock.connect(where[4])
            length = struct.unpack("<Q", _read(sock, 8, deadline, host, port))[0]
            if not 16 <= length <= _GREETING_MOST:
                raise SurveyError(_not_dask(host, port))
            body = _read(sock, length, deadline, host, port)
    except TimeoutError:
        raise SurveyError(
            _unreachable(host, port, f"no Dask greeting within {CONNECT_TIMEOUT:g} s")
        ) from None
    except OSError as exc:
        raise SurveyError(_unreachable(host, port, exc.strerror or str(exc))) from None
    frames = struct.unpack_from("<Q", body)[0]
    if not 1 <= frames <= _FRAMES_MOST or 8 + 8 * frames > length:
        raise SurveyError(_not_dask(host, port))
    sizes = struct.unpack_from(f"<{frames}Q", body, 8)
    if 8 + 8 * frames + sum(sizes) != length or b"python" not in body:
        raise SurveyError(_not_dask(host, port))


def _lookup(host: str, port: int, deadline: float) -> tuple[Any, ...]:
    """The first address of ``host`` (the lookup itself bounded by ``deadline``)."""
    found: list[Any] = []

    def look() -> None:
        try:
            found.append(socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0])
        except (OSError, UnicodeError) as exc:
            found.append(exc)

    thread = threading.Thread(target=look, name="canfield-lookup", daemon=True)
    thread.start()
    thread.join(_left(deadline, host, port))
    if not found:
        raise SurveyError(_unreachable(host, port, f"looking up {host} took over the deadline"))
    if isinstance(found[0], BaseException):
        raise SurveyError(_unreachable(host, port, f"unknown host ({_first_line(found[0])})"))
    address: tuple[Any, ...] = found[0]
    return address


def _read(sock: socket.socket, count: int, deadline: float, host: str, port: int) -> bytes:
    data = bytearray()
    while len(data) < count:
        sock.settimeout(_left(deadline, host, port))
        chunk = sock.recv(min(count - len(data), 65536))
        if not chunk:
            raise SurveyError(_unreachable(host, port, "it closed the connection unasked"))
        data += chunk
    return bytes(data)


def _left(deadline: float, host: str, port: int) -> float:
    left = deadline - time.monotonic()
    if left <= 0:
        raise SurveyError(
            _unreachable(host, port, f"no Dask greeting within {CONNECT_TIMEOUT:g} s")
        )
    return left


def _tcp(host: str, port: int) -> str:
    return f"tcp://[{host}]:{port}" if ":" in host else f"tcp://{host}:{port}"


def _unreachable(host: str, port: int, why: str) -> str:
    return f"cannot reach the Dask scheduler at {_tcp(host, port)}: {why}"


def _not_dask(host: str, port: int) -> str:
    return _unreachable(host, port, "something answers there, but not a Dask scheduler")


def _first_line(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:200]


def exit_at_a_second_interrupt() -> None:
    """After a first Ctrl-C, let a second one end the process at once (exit status 130).

    Every finished deal is already synced to the survey file, so nothing is lost
    by not waiting for Dask to close its cluster; the workers end with this process.
    """
    if threading.current_thread() is not threading.main_thread():
        return

    def now(signum: int, frame: object) -> None:
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.write("canfield survey: stopped at once\n")
            sys.stderr.flush()
        os._exit(130)

    signal.signal(signal.SIGINT, now)


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
    won_in: tuple[str, int] | None = None,
    table_limit: int = DEFAULT_TABLE_LIMIT,
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
            options: dict[str, Any] = {}  # only those asked for: a plain run asks no more
            if won_in is not None:  # of a worker than the ones before these options did
                key += f"-from-{won_in[0]}-d{won_in[1]}"
                options["won_in"] = won_in
            if table_limit != DEFAULT_TABLE_LIMIT:
                key += f"-table{table_limit}"
                options["table_limit"] = table_limit
            future = client.submit(solve_deal, variant, draw, deal, time_limit, key=key, **options)
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
        nthreads: dict[str, int] = client.nthreads()
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

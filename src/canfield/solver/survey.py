"""A survey file: one CSV row per solved deal, appended as results arrive, resumed exactly.

The file is the survey's only state. Each row is written whole in one
``write`` and synced to disk, so a run stopped at any moment (Ctrl-C, a
killed client, a lost machine) leaves every finished deal recorded and at
most one torn last line. Opening the file again checks that it is a survey of
the same variant and draw mode *before* changing a byte, cuts off only a torn
last line, and the run then solves exactly the deals not yet in it. A lock
keeps a second survey from writing the same file. A deal is recorded once,
except that a deal left unknown may be solved again with a longer time limit
(``--retry-unknown``), and a deal recorded lost may be solved once again
(``--resolve-lost``, after a soundness fix to the solver): the new row,
appended, stands for the deal from then on.
Dask and the solver run elsewhere (:mod:`canfield.solver.survey_dask`); this
module is the file.
"""

from __future__ import annotations

import errno
import fcntl
import math
import os
import stat
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, Final

from canfield.deal import DEAL_COUNT, deck_for_deal
from canfield.errors import quoted
from canfield.rules import apply_move
from canfield.solver.api import Verdict, solve
from canfield.solver.restricted import carry_line
from canfield.solver.search import DEFAULT_TABLE_LIMIT
from canfield.state import initial_state
from canfield.variants import VARIANTS, variant_named

__all__ = [
    "HEADER",
    "MAX_COUNT",
    "MAX_TIME_LIMIT",
    "VERDICTS",
    "DealSet",
    "Row",
    "RunStoppedError",
    "SurveyError",
    "SurveyFile",
    "SurveyFileError",
    "check_new_file",
    "read_survey",
    "read_wins",
    "resolve_deals",
    "retry_deals",
    "solve_deal",
    "unsolved_deals",
]

HEADER: Final = ("deal", "variant", "draw", "verdict", "seconds", "nodes")
HEADER_LINE: Final = (",".join(HEADER) + "\n").encode()
VERDICTS: Final = ("won", "lost", "unknown")
MAX_COUNT: Final = 100_000_000
"""Deals in one survey command (10⁸: ten times the published study)."""
MAX_TIME_LIMIT: Final = 3600.0
"""Seconds per deal at most: an hour is far past where the solver still resolves deals."""
MAX_ROW_BYTES: Final = 120
"""No row this module writes is longer; a longer line is not a survey row."""


class SurveyError(ValueError):
    """A survey that cannot run as asked (bad range, foreign file, no Dask)."""


class RunStoppedError(SurveyError):
    """A run that cannot go on: a deal failed on a worker, the scheduler was lost, the disk
    is full. The file holds every deal finished before; the same command resumes."""


class SurveyFileError(SurveyError):
    """A file that is not a survey this run may read or extend; it is left untouched."""


@dataclass(frozen=True, slots=True)
class Row:
    """One solved deal as the file stores it."""

    deal: int
    variant: str
    draw: int
    verdict: str
    seconds: float
    nodes: int

    def line(self) -> bytes:
        fields = (
            self.deal,
            self.variant,
            self.draw,
            self.verdict,
            f"{self.seconds:.4f}",
            self.nodes,
        )
        return (",".join(map(str, fields)) + "\n").encode()


def solve_deal(
    variant: str,
    draw: int,
    deal: int,
    time_limit: float,
    *,
    won_in: tuple[str, int] | None = None,
    table_limit: int = DEFAULT_TABLE_LIMIT,
) -> Row:
    """Solve one deal within ``time_limit`` seconds of CPU time (a Dask task: runs on a worker).

    CPU time of the solving thread, not wall time: a machine busy with other
    work makes a survey slower, never its verdicts different. ``won_in`` (``--won-in``): a
    variant and draw whose wins are this game's (:func:`restricted.wins_carry`); the deal is
    solved there, and only a win counts, as its line replayed here (a loss there proves
    nothing here, so the row says unknown). ``table_limit``: the solve's table
    (``--table-limit``); a search past it forgets the positions it leaves, so a long retry
    decides more deals with a larger one.
    """
    deck = deck_for_deal(deal)
    state = initial_state(deck, draw, variant_named(variant))
    if won_in is None:
        result = solve(
            state, time_limit=time_limit, table_limit=table_limit, clock=time.thread_time
        )
        return Row(deal, variant, draw, result.verdict.value, result.seconds, result.nodes)
    source = initial_state(deck, won_in[1], variant_named(won_in[0]))
    result = solve(source, time_limit=time_limit, table_limit=table_limit, clock=time.thread_time)
    verdict = "unknown"
    if result.verdict is Verdict.WON:
        end = state
        for action in carry_line(state, source, result.line):
            end, _ = apply_move(end, action)
        if not end.is_won:
            raise AssertionError(f"deal {deal}: the line carried from {won_in} does not win")
        verdict = "won"
    return Row(deal, variant, draw, verdict, result.seconds, result.nodes)


class DealSet:
    """A set of deal numbers as a sparse bitmap: 10⁷ deals in about 1.3 MB, not 500 MB."""

    _CHUNK_BITS: Final = 16

    def __init__(self) -> None:
        self._chunks: dict[int, bytearray] = {}
        self._size = 0

    def add(self, deal: int) -> bool:
        """Add ``deal``; False if it was already there."""
        chunk = self._chunks.get(deal >> self._CHUNK_BITS)
        if chunk is None:
            chunk = self._chunks[deal >> self._CHUNK_BITS] = bytearray(1 << (self._CHUNK_BITS - 3))
        low = deal & ((1 << self._CHUNK_BITS) - 1)
        bit = 1 << (low & 7)
        if chunk[low >> 3] & bit:
            return False
        chunk[low >> 3] |= bit
        self._size += 1
        return True

    def __contains__(self, deal: object) -> bool:
        if not isinstance(deal, int):
            return False
        chunk = self._chunks.get(deal >> self._CHUNK_BITS)
        if chunk is None:
            return False
        low = deal & ((1 << self._CHUNK_BITS) - 1)
        return bool(chunk[low >> 3] & (1 << (low & 7)))

    def discard(self, deal: int) -> None:
        """Remove ``deal`` if it is there."""
        chunk = self._chunks.get(deal >> self._CHUNK_BITS)
        if chunk is None:
            return
        low = deal & ((1 << self._CHUNK_BITS) - 1)
        bit = 1 << (low & 7)
        if chunk[low >> 3] & bit:
            chunk[low >> 3] &= ~bit & 0xFF
            self._size -= 1

    def between(self, start: int, stop: int) -> Iterator[int]:
        """The deals of ``start … stop - 1`` in the set, in order (chunk by chunk, lazily)."""
        size = 1 << self._CHUNK_BITS
        for index in sorted(self._chunks):
            base = index * size
            if base + size <= start or base >= stop:
                continue
            bits = int.from_bytes(self._chunks[index], "little")
            while bits:
                low = (bits & -bits).bit_length() - 1
                bits &= bits - 1
                if start <= base + low < stop:
                    yield base + low

    def __len__(self) -> int:
        return self._size

    def count_between(self, start: int, stop: int) -> int:
        """How many deals of ``start … stop - 1`` are in the set (without walking the range)."""
        found = 0
        size = 1 << self._CHUNK_BITS
        for index, chunk in self._chunks.items():
            low = max(start, index * size) - index * size
            high = min(stop, (index + 1) * size) - index * size
            if low < high:
                bits = int.from_bytes(chunk, "little") >> low
                found += (bits & ((1 << (high - low)) - 1)).bit_count()
        return found


def unsolved_deals(first: int, count: int, done: DealSet) -> Iterator[int]:
    """The deals of ``first … first + count - 1`` not in ``done``, lazily (never a list)."""
    return (deal for deal in range(first, first + count) if deal not in done)


def retry_deals(first: int, count: int, unknown: dict[int, float], time_limit: float) -> list[int]:
    """The deals of the range left unknown by an attempt shorter than ``time_limit`` seconds.

    An unknown row's seconds are the budget it used up, so a retry at the
    same limit is never made twice: an interrupted retry resumes where it stopped.
    """
    stop = first + count
    return sorted(d for d, spent in unknown.items() if first <= d < stop and spent < time_limit)


def resolve_deals(first: int, count: int, unsettled: DealSet) -> list[int]:
    """The deals of the range recorded lost and not yet solved again (``--resolve-lost``).

    A deal is solved again once: its new row is appended after the lost one,
    so an interrupted run resumes with the deals it has not reached.
    """
    return list(unsettled.between(first, first + count))


def _parse_row(line: bytes) -> Row | None:
    """The row a complete line holds, or None if it is not one."""
    try:
        text = line.decode("ascii")
    except UnicodeDecodeError:
        return None
    fields = text.rstrip("\n").split(",")
    if len(fields) != len(HEADER):
        return None
    deal, variant, draw, verdict, seconds, nodes = fields
    if not (deal.isdigit() and draw in ("1", "3") and nodes.isdigit()):
        return None
    if variant not in VARIANTS or verdict not in VERDICTS:
        return None
    try:
        time = float(seconds)
    except ValueError:
        return None
    if not (math.isfinite(time) and time >= 0) or int(deal) >= DEAL_COUNT:
        return None
    return Row(int(deal), variant, int(draw), verdict, time, int(nodes))


def _torn_row(fragment: bytes) -> bool:
    """Whether ``fragment`` (a last line without its newline) can be the start of a row."""
    if len(fragment) >= MAX_ROW_BYTES:
        return False
    allowed = set(b"0123456789abcdefghijklmnopqrstuvwxyz,.")
    return all(byte in allowed for byte in fragment) and fragment.count(b",") < len(HEADER)


@dataclass(slots=True)
class Tally:
    """What a survey file holds: its variant and draw (None while empty) and its rows' counts."""

    variant: str | None = None
    draw: int | None = None
    won: int = 0
    lost: int = 0
    unknown: int = 0
    seconds: float = 0.0
    slowest: float = 0.0
    resolved: dict[str, int] = field(default_factory=dict)
    """Deals recorded lost and solved again (``--resolve-lost``), by their new verdict."""

    @property
    def n(self) -> int:
        return self.won + self.lost + self.unknown

    def count(self, row: Row, *, replaces: str | None = None) -> None:
        """Count ``row``; ``replaces``: the verdict it stands for from now on (a deal counted
        unknown, or lost and solved again), None for a deal counted for the first time.

        ``seconds`` stays the time of every attempt (the CPU the survey took).
        """
        if replaces == "unknown":
            self.unknown -= 1
        elif replaces == "lost":
            self.lost -= 1
            self.resolved[row.verdict] = self.resolved.get(row.verdict, 0) + 1
        if row.verdict == "won":
            self.won += 1
        elif row.verdict == "lost":
            self.lost += 1
        else:
            self.unknown += 1
        self.seconds += row.seconds
        self.slowest = max(self.slowest, row.seconds)


def _open_regular(path: Path, flags: int) -> int:
    """Open ``path`` only if it is a regular file: never block on a FIFO or read a device."""
    try:
        fd = os.open(path, flags | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        raise SurveyFileError(_os_message(path, exc)) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise SurveyFileError(f"{path} is not a regular file")
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _os_message(path: Path, exc: OSError) -> str:
    if exc.errno == errno.ENOENT and not path.parent.is_dir():
        return f"{path}: the folder {path.parent} does not exist"
    return f"{path}: {exc.strerror or exc}"


@dataclass(slots=True)
class _Contents:
    """What a scan found: the tally, the deals, where the last whole line ends, and the deals
    a new row may still be appended for."""

    tally: Tally
    done: DealSet = field(default_factory=DealSet)
    unknown: dict[int, float] = field(default_factory=dict)
    """The deals whose latest row is unknown, with that attempt's seconds."""
    won: DealSet = field(default_factory=DealSet)
    """The deals recorded won (a won row is never followed by another)."""
    unsettled: DealSet = field(default_factory=DealSet)
    """The deals whose latest row is lost and that were never solved again after a loss."""
    settled: DealSet = field(default_factory=DealSet)
    """The deals that have a row after a lost one (solved again once: never again)."""
    retried: DealSet = field(default_factory=DealSet)
    """The unsettled deals whose loss was found by a retry (their lost row follows an
    unknown one): after a fix, the likeliest to rest on it, as retries run the newest code
    on the deals the older one could not decide."""
    end: int = 0

    def again(self, row: Row) -> str | None:
        """The verdict ``row`` replaces when it is a new row for a recorded deal that may take
        one (its latest row unknown, or lost and not solved again), else None."""
        if row.deal in self.unknown:
            return "unknown"
        if row.deal in self.unsettled:
            return "lost"
        return None

    def note(self, row: Row, replaces: str | None) -> None:
        """Count ``row`` and keep the sets of deals that may take another row."""
        self.tally.count(row, replaces=replaces)
        if replaces == "lost":
            self.unsettled.discard(row.deal)
            self.retried.discard(row.deal)
            self.settled.add(row.deal)
        if row.verdict == "unknown":
            self.unknown[row.deal] = row.seconds
        else:
            self.unknown.pop(row.deal, None)
        if row.verdict == "won":
            self.won.add(row.deal)
        if row.verdict == "lost" and row.deal not in self.settled:
            self.unsettled.add(row.deal)
            if replaces == "unknown":
                self.retried.add(row.deal)


def _scan(handle: BinaryIO, path: Path, variant: str | None, draw: int | None) -> _Contents:
    """Check and count every row: the tally, the deals, the unknown ones and where lines end.

    The header is checked before anything else is read, so a foreign file of
    any size is refused at once. Only the last line may be incomplete (torn by
    a kill): it must look like the start of a row, and is not counted.
    """
    head = handle.read(len(HEADER_LINE))
    if not head:
        return _Contents(Tally(variant, draw))
    if head != HEADER_LINE:
        shown = head.split(b"\n")[0].decode("utf-8", errors="replace")
        raise SurveyFileError(f"{path} is not a survey file (it starts {quoted(shown)})")
    contents = _Contents(Tally(), end=len(HEADER_LINE))
    tally = contents.tally
    number = 1
    while True:
        line = handle.readline(MAX_ROW_BYTES)
        if not line:
            break
        number += 1
        if not line.endswith(b"\n"):
            if handle.read(1) or not _torn_row(line):
                raise SurveyFileError(f"{path}, line {number}: not a survey row")
            break  # a torn last line: not counted, and cut off before appending
        row = _parse_row(line)
        if row is None:
            raise SurveyFileError(f"{path}, line {number}: not a survey row")
        if tally.variant is None:
            tally.variant, tally.draw = row.variant, row.draw
        if (row.variant, row.draw) != (tally.variant, tally.draw):
            raise SurveyFileError(
                f"{path}, line {number}: a {row.variant} draw {row.draw} row in a survey of "
                f"{tally.variant} draw {tally.draw}"
            )
        first = contents.done.add(row.deal)
        replaces = None if first else contents.again(row)
        if not first and replaces is None:
            raise SurveyFileError(f"{path}, line {number}: deal {row.deal} is already recorded")
        contents.note(row, replaces)
        contents.end += len(line)
    if variant is not None and tally.variant is not None and tally.variant != variant:
        raise SurveyFileError(f"{path} is a survey of {tally.variant}, not {variant}")
    if draw is not None and tally.draw is not None and tally.draw != draw:
        raise SurveyFileError(f"{path} is a survey of draw {tally.draw}, not draw {draw}")
    return contents


def read_survey(path: Path) -> Tally:
    """The tally of a survey file, read only (a torn last line is ignored, not cut)."""
    return _read(path).tally


def read_wins(path: Path) -> tuple[Tally, DealSet]:
    """A survey file's tally and the deals it records won, read only (``--won-in``)."""
    contents = _read(path)
    return contents.tally, contents.won


def _read(path: Path) -> _Contents:
    fd = _open_regular(path, os.O_RDONLY)
    with os.fdopen(fd, "rb") as handle:
        try:
            return _scan(handle, path, None, None)
        except OSError as exc:  # e.g. /proc/self/mem: a regular file that cannot be read
            raise SurveyFileError(_os_message(path, exc)) from None


def check_new_file(path: Path) -> bool:
    """Whether ``path`` is free for a new survey file (False: something is there already).

    Refuses, without creating anything, a path whose folder is missing or cannot
    be written, or whose name is too long, so that a run can say so before it
    starts workers or reaches a scheduler.
    """
    try:
        os.lstat(path)
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise SurveyFileError(_os_message(path, exc)) from None
    else:
        return False
    if not path.parent.is_dir():
        raise SurveyFileError(f"{path}: the folder {path.parent} does not exist")
    if not os.access(path.parent, os.W_OK | os.X_OK):
        raise SurveyFileError(f"{path}: the folder {path.parent} cannot be written")
    return True


class SurveyFile:
    """A survey file opened for appending: checked, locked, a torn last line cut off.

    Use as a context manager; :meth:`append` writes and syncs a batch of rows.
    """

    def __init__(self, path: Path, variant: str, draw: int) -> None:
        self.path = path
        self.variant = variant
        self.draw = draw
        self._retried: set[int] = set()
        self._fd = self._open(path)
        try:
            self._lock()
            with os.fdopen(os.dup(self._fd), "rb") as handle:
                self._contents = _scan(handle, path, variant, draw)
            self.tally.variant, self.tally.draw = variant, draw
            end = self._contents.end
            size = os.fstat(self._fd).st_size
            if end == 0:
                self._write(HEADER_LINE)  # a new or empty file
            elif end < size:
                os.ftruncate(self._fd, end)  # only the torn last line, after every check
                os.fsync(self._fd)
            os.lseek(self._fd, 0, os.SEEK_END)
        except OSError as exc:  # a file that cannot be read or written (EIO, a full disk)
            os.close(self._fd)
            raise SurveyFileError(_os_message(path, exc)) from None
        except BaseException:
            os.close(self._fd)
            raise

    @property
    def tally(self) -> Tally:
        return self._contents.tally

    @property
    def done(self) -> DealSet:
        """Every deal the file records."""
        return self._contents.done

    @property
    def unknown(self) -> dict[int, float]:
        """The deals whose latest row is unknown, with that attempt's seconds."""
        return self._contents.unknown

    @property
    def unsettled(self) -> DealSet:
        """The deals recorded lost and not yet solved again (what ``--resolve-lost`` solves)."""
        return self._contents.unsettled

    @property
    def retried_lost(self) -> DealSet:
        """The unsettled deals whose loss a retry found (``--resolve-lost retried``)."""
        return self._contents.retried

    @staticmethod
    def _open(path: Path) -> int:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o644)
        except FileExistsError:
            return _open_regular(path, os.O_RDWR)
        except OSError as exc:
            raise SurveyFileError(_os_message(path, exc)) from None
        _sync_directory(path.parent)
        return fd

    def _lock(self) -> None:
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise SurveyFileError(f"{self.path} is being written by another survey") from None

    def _write(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            written = os.write(self._fd, view)
            view = view[written:]
        os.fsync(self._fd)

    def append(self, rows: Iterable[Row], *, retry: frozenset[int] = frozenset()) -> None:
        """Record finished deals: one write, then fsync (they survive any kill from here on).

        ``retry``: deals this run solves again (unknown, or lost and not solved again
        before); the first new row of each stands for it.
        """
        data = bytearray()
        for row in rows:
            if (row.variant, row.draw) != (self.variant, self.draw):
                raise SurveyError(f"a {row.variant} draw {row.draw} row for {self.path}")
            first = self.done.add(row.deal)
            replaces = None if first else self._contents.again(row)
            if not first and not (
                replaces is not None and row.deal in retry and row.deal not in self._retried
            ):
                continue  # already recorded (a task Dask ran twice)
            if not first:
                self._retried.add(row.deal)
            self._contents.note(row, replaces)
            data += row.line()
        if data:
            try:
                self._write(bytes(data))
            except OSError as exc:
                raise RunStoppedError(f"cannot write {self.path}: {exc.strerror or exc}") from None

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def __enter__(self) -> SurveyFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _sync_directory(folder: Path) -> None:
    """Make a new file's name durable too (a crash right after creating it keeps it)."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)

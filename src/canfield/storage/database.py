"""The fault-tolerant connection under the store: opening, setting a damaged file aside,
the in-memory fallback and writing back. The tables are :mod:`canfield.storage.store`'s.

How faults are met (each has a test that makes it happen for real):

* **Damaged or foreign file** (not SQLite, failing its integrity check, not
  ours, an unknown object such as a planted trigger): renamed aside with a
  timestamp and the app starts afresh (:attr:`Database.recovered_from`).
* **Cannot write now** (disk full, I/O error, read-only, permission): the file is
  *never* set aside for that. The store copies what it could read into
  memory and goes on there, so play continues; :attr:`Database.saving` turns
  False and the player is told once. Every write after that (at most once a
  :attr:`Database.retry_interval`) tries the file again and, when it works, writes
  everything kept in memory in one transaction.
* **Damaged parts** are the tables' to find (:mod:`canfield.storage.store`): a copy
  of the whole database is kept first (:attr:`Database.kept_copies`).
* **A second writer**: refused with :class:`StorageInUseError` (a lock file
  beside the database, released by the kernel when the holder dies).
* **A planted link**: a symbolic link at the database, its ``-wal``/``-shm``/
  ``-journal`` or its lock file is never followed (nothing is read, chmodded
  or written through it): the link itself is renamed aside and the player is
  told its name. A data folder owned by another user is used, with a warning.
  A file larger than any Canfield database (:data:`MAX_DATABASE_BYTES`) is not ours.

What the player must be told is queued as :class:`Notice` values
(:meth:`Database.take_notice`); the app words them.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import math
import os
import sqlite3
import stat
import time
import warnings
from collections.abc import Callable
from contextlib import closing
from enum import Enum
from pathlib import Path
from types import TracebackType
from typing import IO, Final, Self, TypeVar

from canfield.storage.errors import StorageError, StorageInUseError, StorageWarning
from canfield.storage.lock import NOT_A_LOCK, hold_lock
from canfield.storage.notices import Notice, NoticeKind
from canfield.storage.paths import default_database_path
from canfield.storage.recovery import SIDECARS, keep_copy, move_aside, set_link_aside
from canfield.storage.schema import (
    BrokenDatabaseError,
    check,
    check_header,
    connect,
    connect_readonly,
    prepare,
)

__all__ = ["MAX_DATABASE_BYTES", "Database"]

log = logging.getLogger(__name__)

T = TypeVar("T")

_DAMAGED: Final = (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)
"""Error codes that say the file itself is bad: only these (and our own checks) set it aside."""
_IN_USE: Final = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
_UNWRITABLE: Final = (
    sqlite3.SQLITE_READONLY,
    sqlite3.SQLITE_CANTOPEN,
    sqlite3.SQLITE_PERM,
    sqlite3.SQLITE_AUTH,
)
_FULL_ERRNOS: Final = (errno.ENOSPC, errno.EDQUOT, errno.EIO)
MAX_DATABASE_BYTES: Final = 64 * 1024 * 1024
"""Bytes of a database (or of its -wal) at most: a real one, with a game of MAX_ACTIONS
actions, is a few MB; a larger file is set aside before SQLite spends a start checking it."""
_NOFOLLOW: Final = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


class Database:
    """A Canfield database that always takes the write: on the file while it can, in memory
    (seeded from the file) while it cannot, and on the file again once it can.

    ``Database()`` opens ``$CANFIELD_DATA_DIR/canfield.sqlite3`` or the file in
    the user's data folder (made private: folder 0700, files 0600);
    ``Database(path)`` opens that file. Opening raises only
    :class:`StorageInUseError` (another process has the file); every other
    fault is met as the module docstring says, so play always goes on.
    Writes raise :class:`StorageError` only once it is closed.
    """

    retry_interval: float = 1.0
    """Seconds between attempts to write to the file again after it failed."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path: Path = Path(path) if path is not None else default_database_path()
        self.recovered_from: Path | None = None
        """Backup of a broken database moved aside by this open, for a one-time notice."""
        self.kept_copies: list[Path] = []
        """Copies of the database kept because a part of it was damaged and dropped."""
        self.warnings: list[str] = []
        """Damaged stored data ignored or repaired, and write failures (also issued as warnings)."""
        self.persistent = True
        """False when nothing of this session can be kept (no usable file, now or later)."""
        self._notices: list[Notice] = []
        self._saving = True
        self._problem: str | None = None
        self._closed = False
        self._file: sqlite3.Connection | None = None
        """The connection to the file, also while working in memory (to write back later)."""
        self._may_create = False
        """Working in memory with no file open: a file may be created later (none existed)."""
        self._seed_stamp: tuple[int, int] | None = None
        """Working in memory seeded by a read-only look at the file: its (mtime, size) then."""
        self._last_retry = 0.0
        self._on_commit: list[Callable[[], None]] = []
        self._lock: IO[bytes] | None = None
        self._prepare_folder(private=path is None)
        self._lock = self._take_lock()
        self._conn = self._open()

    # -- opening ------------------------------------------------------------

    def _prepare_folder(self, *, private: bool) -> None:
        folder = self.path.parent
        with contextlib.suppress(OSError):  # an unusable folder is found (and told) by the open
            if not folder.exists():
                folder.mkdir(parents=True, mode=0o700)
                folder.chmod(0o700)
                return
            owner = folder.stat().st_uid
            if hasattr(os, "getuid") and owner != os.getuid():
                self._warn(
                    f"the data folder {folder} belongs to another user (uid {owner}), "
                    "who can read and change these games"
                )
                self._notices.append(Notice(NoticeKind.FOREIGN_FOLDER, folder, str(owner)))
            elif private and folder.stat().st_mode & 0o077:
                folder.chmod(0o700)

    def _lock_path(self) -> Path:
        return self.path.with_name(f"{self.path.name}.lock")

    def _take_lock(self) -> IO[bytes] | None:
        """Hold the lock file; a link (anything but a plain file) there is renamed aside first."""
        path = self._lock_path()
        for _ in range(2):
            try:
                return hold_lock(path)
            except OSError as exc:  # an unusable folder: the open says so
                if exc.errno != NOT_A_LOCK or not self._set_link_aside(path, plain_only=True):
                    log.info("no lock file for %s: %s", self.path, exc)
                    return None
        return None

    def _set_link_aside(self, path: Path, *, plain_only: bool = False) -> bool:
        """Rename a link planted at ``path`` (see :func:`set_link_aside`); tell the player."""
        try:
            moved = set_link_aside(path, plain_only=plain_only)
        except OSError as exc:
            log.warning("cannot rename %s aside: %s", path, exc)
            return False
        if moved is None:
            return False
        aside, what = moved
        self._warn(f"{path} was {what}, not a plain file: renamed it to {aside} unopened")
        self._notices.append(Notice(NoticeKind.LINK_SET_ASIDE, aside, f"{path.name} was {what}"))
        return True

    def _refuse_links(self) -> None:
        """No link at the database or its companions is followed: each is renamed aside, and
        one that cannot be is refused (the store then works in memory).

        A companion that is not a plain file of one name (a FIFO, on which SQLite's read
        would block for ever, a folder, a hard link) is renamed aside the same way.
        """
        for name in (self.path, *(Path(f"{self.path}{s}") for s in SIDECARS)):
            self._set_link_aside(name, plain_only=name != self.path)
            if os.path.islink(name) or (name != self.path and _odd(name)):
                raise OSError(errno.ELOOP, "not a plain file, never opened", str(name))

    def _open(self) -> sqlite3.Connection:
        existed = os.path.lexists(self.path)
        try:
            conn, version = self._connect_checked()
        except (BrokenDatabaseError, sqlite3.Error, OSError) as exc:
            fault = _classify(exc)
            if fault is _Fault.DAMAGED:
                return self._set_aside(exc)
            if fault is _Fault.IN_USE:
                raise StorageInUseError(f"{self.path} is in use by another program: {exc}") from exc
            self._may_create = not existed
            return self._to_memory(exc, fault)
        try:
            prepare(conn, version)
        except (sqlite3.Error, OSError) as exc:
            fault = _classify(exc)
            if fault is _Fault.DAMAGED:
                conn.close()
                return self._set_aside(exc)
            if fault is _Fault.IN_USE:
                conn.close()
                raise StorageInUseError(f"{self.path} is in use by another program: {exc}") from exc
            self._file = conn
            self._may_create = not existed
            return self._to_memory(exc, fault)
        self._file = conn
        return conn

    def _set_aside(self, problem: BaseException) -> sqlite3.Connection:
        try:
            backup = move_aside(self.path)
        except OSError as exc:
            return self._to_memory(exc, _Fault.UNWRITABLE)
        if backup is None:
            return self._to_memory(problem, _Fault.UNWRITABLE)
        self.recovered_from = backup
        message = f"database {self.path} was unusable ({problem}); moved it to {backup}"
        self._warn(message)
        self._notices.append(Notice(NoticeKind.SET_ASIDE, backup, str(problem)))
        try:
            conn, version = self._connect_checked()
            prepare(conn, version)
        except (BrokenDatabaseError, sqlite3.Error, OSError) as exc:
            self._may_create = True
            return self._to_memory(exc, _classify(exc))
        self._file = conn
        return conn

    def _connect_checked(self) -> tuple[sqlite3.Connection, int]:
        """A connection to a file that passed every check, and its schema version."""
        self._refuse_links()
        if not os.path.lexists(self.path) and any(
            os.path.lexists(f"{self.path}{suffix}") for suffix in SIDECARS
        ):
            # SQLite could replay a stale -wal into the new file; keep it with a backup instead.
            raise BrokenDatabaseError("-wal/-shm files are left without their database")
        if os.path.lexists(self.path) and not self.path.is_file():
            raise BrokenDatabaseError(f"{self.path} is not a file")
        for name in (self.path, Path(f"{self.path}-wal")):
            if os.path.lexists(name) and name.stat().st_size > MAX_DATABASE_BYTES:
                raise BrokenDatabaseError(
                    f"{name} is larger than any Canfield database ({MAX_DATABASE_BYTES:,} bytes)"
                )
        version: int | None = None
        if self.path.exists():
            check_header(self.path)
            try:
                with closing(connect_readonly(self.path)) as ro:
                    version = check(ro)
            except sqlite3.Error as exc:
                if _classify(exc) is _Fault.DAMAGED:
                    raise
                # e.g. a full disk: a read-only look needs a -shm file; the exclusive one not.
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            os.close(os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600))
        _make_private(self.path)
        conn = connect(self.path)
        try:
            if version is None:
                version = check(conn)
        except BaseException:
            conn.close()
            raise
        return conn, version

    def _to_memory(self, problem: BaseException, fault: _Fault) -> sqlite3.Connection:
        """Go on in memory: seeded from the file when it can be read, else empty.

        Only a seeded copy (or one made where no file existed) is ever written
        back, so a file that could not be read is never overwritten.
        """
        mem = sqlite3.connect(":memory:", isolation_level=None)
        if self._file is not None:
            try:
                if self._file.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                    self._file.backup(mem)
            except sqlite3.Error as exc:
                log.warning("cannot read %s into memory: %s", self.path, exc)
                self._file.close()
                self._file = None
                mem.close()
                mem = sqlite3.connect(":memory:", isolation_level=None)
        if self._file is None and not self._may_create:
            self._seed_stamp = self._seed_read_only(mem)
        version = _version(mem)
        prepare(mem, version)
        kind = NoticeKind.CANNOT_SAVE if fault is _Fault.FULL else NoticeKind.UNWRITABLE
        if self._file is None and not self._may_create and self._seed_stamp is None:
            kind = NoticeKind.UNWRITABLE
        if kind is NoticeKind.UNWRITABLE:
            self.persistent = False
        self._saving = False
        self._problem = str(problem)
        if kind is NoticeKind.UNWRITABLE:
            self._warn(f"cannot use {self.path} ({problem}); this session will not be kept")
        else:
            self._warn(f"cannot write {self.path} now ({problem}); will try again")
        self._notices.append(Notice(kind, self.path, str(problem)))
        self._last_retry = time.monotonic()
        return mem

    def _seed_read_only(self, mem: sqlite3.Connection) -> tuple[int, int] | None:
        """Read a file that cannot be opened for writing (read-only folder or mount) into
        ``mem``; return its (mtime, size) so it is written back only if nothing changed it.

        Only a file without write-ahead content qualifies: the read ignores ``-wal``.
        """
        wal = Path(f"{self.path}-wal")
        try:
            if any(os.path.islink(name) for name in (self.path, wal)):
                return None  # never read through a link
            if not self.path.is_file() or (wal.exists() and wal.stat().st_size > 0):
                return None
            stamp = _stamp(self.path)
            uri = f"{self.path.absolute().as_uri()}?immutable=1"
            with closing(sqlite3.connect(uri, uri=True, isolation_level=None)) as ro:
                if check(ro) == 0:
                    return None
                ro.backup(mem)
        except (BrokenDatabaseError, sqlite3.Error, OSError) as exc:
            log.warning("cannot read %s at all: %s", self.path, exc)
            return None
        return stamp

    def _write_back(self) -> None:
        """Working in memory after a failure: try the file again, at most once a retry_interval."""
        if self._saving or self._conn is self._file:
            return
        now = time.monotonic()
        if now - self._last_retry < self.retry_interval:
            return
        self._last_retry = now
        try:
            if self._file is None:
                fresh = not os.path.lexists(self.path) or self.path.stat().st_size == 0
                unchanged = self._seed_stamp is not None and self._seed_stamp == _stamp(self.path)
                if not (self._may_create and fresh) and not unchanged:
                    return
                if self._lock is None:
                    self._lock = self._take_lock()
                conn, version = self._connect_checked()
                try:
                    prepare(conn, version)
                except BaseException:
                    conn.close()
                    raise
                self._file = conn
            self._conn.backup(self._file)  # one transaction: all of it or nothing
        except (BrokenDatabaseError, sqlite3.Error, OSError, StorageInUseError) as exc:
            log.info("still cannot write %s: %s", self.path, exc)
            return
        self._conn.close()
        self._conn = self._file
        self._saving = True
        self._problem = None
        self.persistent = True
        log.warning("writing %s again", self.path)
        self._notices.append(Notice(NoticeKind.SAVING_AGAIN, self.path, ""))

    def _keep_copy(self) -> Path | None:
        try:
            copy = keep_copy(self._conn, self.path)
        except (sqlite3.Error, OSError) as exc:
            log.warning("could not keep a copy of %s: %s", self.path, exc)
            return None
        self.kept_copies.append(copy)
        return copy

    def _warn(self, message: str) -> None:
        self.warnings.append(message)
        log.warning("%s", message)
        warnings.warn(message, StorageWarning, stacklevel=3)

    # -- state the app shows -------------------------------------------------

    @property
    def saving(self) -> bool:
        """True while writes reach the file; False while the store works in memory."""
        return self._saving

    @property
    def problem(self) -> str | None:
        """Why writes do not reach the file (technical, English), or None."""
        return self._problem

    def take_notice(self) -> Notice | None:
        """The oldest thing the player has not been told yet, or None; each is given once."""
        return self._notices.pop(0) if self._notices else None

    def close(self) -> None:
        """Close the file (and the memory copy) and release the lock; safe to call twice.

        Working in memory, the file is tried once more first (whatever the retry
        interval), so what was played while the disk was full is kept if it can be.
        """
        if self._closed:
            return
        self._last_retry = -math.inf
        self._write_back()
        self._closed = True
        if self._conn is not self._file:
            self._conn.close()
        if self._file is not None:
            self._file.close()
        if self._lock is not None:
            with contextlib.suppress(OSError):
                self._lock.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def _write(self, change: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``change`` in one atomic, durable transaction.

        If the file cannot take it now, the store moves to memory (seeded from
        the file) and runs ``change`` there: the caller never loses the write.
        """
        if self._closed:
            raise StorageError(f"{self.path} is closed")
        self._write_back()
        try:
            return self._attempt(change)
        except sqlite3.Error as exc:
            if self._conn is not self._file:
                raise StorageError(f"cannot write {self.path}: {exc}") from exc
            fault = _classify(exc)
            self._conn = self._to_memory(exc, _Fault.FULL if fault is _Fault.IN_USE else fault)
        try:
            return self._attempt(change)
        except sqlite3.Error as exc:
            raise StorageError(f"cannot write {self.path}: {exc}") from exc

    def _attempt(self, change: Callable[[sqlite3.Connection], T]) -> T:
        conn = self._conn
        self._on_commit.clear()
        try:
            conn.execute("BEGIN IMMEDIATE")
            result = change(conn)
            conn.execute("COMMIT")
        except BaseException:
            self._on_commit.clear()
            if conn.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
            raise
        for action in self._on_commit:
            action()
        self._on_commit.clear()
        return result


class _Fault(Enum):
    DAMAGED = "the file is damaged or not ours: set it aside"
    IN_USE = "another process has it"
    FULL = "cannot write now (disk full, I/O error): try again later"
    UNWRITABLE = "cannot be used (permissions, read-only, not a folder)"


def _classify(exc: BaseException) -> _Fault:
    """What a failure says about the file; anything unknown never sets a file aside."""
    if isinstance(exc, BrokenDatabaseError):
        return _Fault.DAMAGED
    if isinstance(exc, sqlite3.Error):
        code = getattr(exc, "sqlite_errorcode", None)
        primary = None if code is None else int(code) & 0xFF
        if primary in _DAMAGED:
            return _Fault.DAMAGED
        if primary in _IN_USE:
            return _Fault.IN_USE
        if primary in _UNWRITABLE:
            return _Fault.UNWRITABLE
        return _Fault.FULL
    if isinstance(exc, OSError) and exc.errno in _FULL_ERRNOS:
        return _Fault.FULL
    return _Fault.UNWRITABLE


def _version(conn: sqlite3.Connection) -> int:
    """The schema version of a checked (or empty) database."""
    if not conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
        return 0
    return int(conn.execute("SELECT version FROM schema_version").fetchone()[0])


def _stamp(path: Path) -> tuple[int, int]:
    st = path.stat()
    return st.st_mtime_ns, st.st_size


def _odd(path: Path) -> bool:
    """Whether something other than a plain file of one name is at ``path``."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return False
    return not (stat.S_ISREG(st.st_mode) and st.st_nlink == 1)


def _make_private(path: Path) -> None:
    """The database and its companions are the player's alone (0600); a link is not followed."""
    for name in (str(path), *(f"{path}{s}" for s in SIDECARS)):
        with contextlib.suppress(OSError):
            fd = os.open(name, os.O_RDONLY | _NOFOLLOW)
            try:
                st = os.fstat(fd)
                if stat.S_ISREG(st.st_mode) and st.st_mode & 0o077:
                    os.fchmod(fd, 0o600)
            finally:
                os.close(fd)

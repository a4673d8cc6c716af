"""The store: one SQLite file holding settings, statistics, recent games and the game in progress.

How faults are met (each has a test that makes it happen for real):

* **Damaged or foreign file** (not SQLite, failing its integrity check, not
  ours, an unknown object such as a planted trigger): renamed aside with a
  timestamp and the app starts afresh (:attr:`Store.recovered_from`).
* **Cannot write now** (disk full, I/O error, read-only, permission): the file is
  *never* set aside for that. The store copies what it could read into
  memory and goes on there, so play continues; :attr:`Store.saving` turns
  False and the player is told once. Every write after that (at most once a
  :attr:`Store.retry_interval`) tries the file again and, when it works, writes
  everything kept in memory in one transaction.
* **Damaged parts** (a saved game that does not replay, impossible
  statistics): a copy of the whole database is kept beside it
  (:attr:`Store.kept_copies`), that part is dropped, and the player is told.
  A damaged clock is reset to 0 and a damaged setting falls back to its
  default, with a warning.
* **A second writer**: refused with :class:`StorageInUseError` (a lock file
  beside the database, released by the kernel when the holder dies).
* **A planted link**: a symbolic link at the database, its ``-wal``/``-shm``/
  ``-journal`` or its lock file is never followed (nothing is read, chmodded
  or written through it): the link itself is renamed aside and the player is
  told its name. A data folder owned by another user is used, with a warning.
  A file larger than any Canfield database (:data:`MAX_DATABASE_BYTES`) is not ours.

What the player must be told is queued as :class:`Notice` values
(:meth:`Store.take_notice`); the app words them.
"""

from __future__ import annotations

import contextlib
import errno
import json
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
from typing import IO, Any, Final, TypeVar

from canfield.deal import DealCode, parse_deck
from canfield.errors import quoted
from canfield.game import MAX_ACTIONS, Game, is_elapsed
from canfield.moves import Move
from canfield.storage.errors import StorageError, StorageInUseError, StorageWarning
from canfield.storage.lock import NOT_A_LOCK, hold_lock
from canfield.storage.notices import Notice, NoticeKind
from canfield.storage.paths import default_database_path
from canfield.storage.recent import RECENT_LIMIT, RecentGame
from canfield.storage.recovery import SIDECARS, keep_copy, move_aside, set_link_aside
from canfield.storage.schema import (
    BrokenDatabaseError,
    check,
    check_header,
    connect,
    connect_readonly,
    prepare,
)
from canfield.storage.settings import (
    Settings,
    check_setting,
    check_variant_name,
    decode_setting,
    encode_setting,
)
from canfield.storage.statistics import MAX_COUNT, Statistics
from canfield.variants import check_draw, is_draw

__all__ = ["MAX_DATABASE_BYTES", "Store"]

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
_MAX_HEADER: Final = 64 * 1024
"""Characters of a saved game's header at most (a real one is under 2,000): longer is refused
before it is parsed."""
_SHOWN_PROBLEMS: Final = 3
"""Damaged statistics rows named in a warning; the rest are counted."""
_STATISTICS_COLUMNS: Final = (
    "played, won, best_score, fastest_win, fewest_moves, current_streak, best_streak, bank,"
    " timed_games, games_seconds, games_moves, timed_wins, wins_seconds, wins_moves,"
    " assisted_games, assisted_wins"
)


class Store:
    """Settings, statistics, recent games and the game in progress, kept in SQLite.

    ``Store()`` opens ``$CANFIELD_DATA_DIR/canfield.sqlite3`` or the file in
    the user's data folder (made private: folder 0700, files 0600);
    ``Store(path)`` opens that file. Opening raises only
    :class:`StorageInUseError` (another process has the file); every other
    fault is met as the module docstring says, so play always goes on.
    Writes raise :class:`StorageError` only once the store is closed.
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
        self._line_owner: Game | None = None
        """The game object whose history rows were last written; how many of them could not
        change any more then (:attr:`Game.settled`), and the rows after those as written.
        Only an optimisation: another object (even an equal copy) is rewritten whole."""
        self._line_mark = 0
        self._line_tail: tuple[Move, ...] = ()
        self._settled_ids: set[str] = set()
        """Games recorded (or abandoned) by this store: saving one again does not count it again."""
        self._lock: IO[bytes] | None = None
        self._settings = Settings()
        self._prepare_folder(private=path is None)
        self._lock = self._take_lock()
        self._conn = self._open()
        self._check_statistics()
        self._settings = self._read_settings()

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

    def _check_statistics(self) -> None:
        """Impossible statistics are kept in a copy and reset, never silently zeroed later."""
        damaged = []
        for row in self._conn.execute(
            f"SELECT variant, draw, {_STATISTICS_COLUMNS} FROM statistics"
        ):
            try:
                _statistics_from_row(row)
            except (ValueError, TypeError, ArithmeticError) as exc:
                damaged.append((row[0], row[1], str(exc)))
        self._conn.execute("SELECT * FROM recent_games").fetchall()  # read every page once
        if not damaged:
            return
        copy = self._keep_copy()
        what = "; ".join(detail for _, _, detail in damaged[:_SHOWN_PROBLEMS])
        if len(damaged) > _SHOWN_PROBLEMS:
            what += f"; and {len(damaged) - _SHOWN_PROBLEMS:,} more"
        self._warn(
            f"reset damaged statistics ({what}); "
            + (f"a copy of the database was kept at {copy}" if copy else "no copy could be kept")
        )
        self._notices.append(Notice(NoticeKind.STATISTICS_DAMAGED, copy, what))

        def drop(conn: sqlite3.Connection) -> None:
            conn.executemany(
                "DELETE FROM statistics WHERE variant IS ? AND draw IS ?",
                [(variant, draw) for variant, draw, _ in damaged],
            )

        self._write(drop)

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

    def __enter__(self) -> Store:
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

    # -- settings -------------------------------------------------------------

    @property
    def settings(self) -> Settings:
        return self._settings

    def _read_settings(self) -> Settings:
        rows = dict(self._conn.execute("SELECT name, value FROM settings").fetchall())
        values: dict[str, Any] = {}
        for name in Settings.names():
            if name not in rows:
                continue
            try:
                values[name] = decode_setting(name, rows[name])
            except ValueError as exc:
                self._warn(f"ignored stored setting, using the default: {exc}")
        return Settings(**values)

    def update_settings(self, **changes: Any) -> Settings:
        """Change some settings; an unknown name or bad value raises
        :class:`InvalidSettingError` before anything is written."""
        new = self._settings.replace(**changes)
        self._write_settings(new, changes)
        return new

    def save_settings(self, settings: Settings) -> None:
        """Store every setting of ``settings``."""
        values = {name: getattr(settings, name) for name in Settings.names()}
        for name, value in values.items():
            check_setting(name, value)  # a Settings built with object.__setattr__ tricks
        self._write_settings(settings, values)

    def _write_settings(self, settings: Settings, values: dict[str, Any]) -> None:
        rows = [(name, encode_setting(name, value)) for name, value in values.items()]

        def write(conn: sqlite3.Connection) -> None:
            conn.executemany("INSERT OR REPLACE INTO settings (name, value) VALUES (?, ?)", rows)

        self._write(write)
        self._settings = settings

    # -- statistics -------------------------------------------------------------

    def statistics(self, draw: int, variant: str = "canfield") -> Statistics:
        """Totals of one draw mode (1 or 3) of one variant."""
        _check_mode(draw, variant)
        return self._read_statistics(self._conn, variant, draw)

    def all_statistics(self) -> list[Statistics]:
        """Every (variant, draw) that has a recorded game, sorted by variant then draw."""
        rows = self._conn.execute(
            f"SELECT variant, draw, {_STATISTICS_COLUMNS} FROM statistics ORDER BY variant, draw"
        ).fetchall()
        return [_statistics_from_row(row) for row in rows]

    def bank_total(self) -> int:
        """The casino bank summed over every variant and draw mode (dollars, may be negative)."""
        return sum(s.bank for s in self.all_statistics())

    def reset_statistics(self, draw: int | None = None, variant: str | None = None) -> None:
        """Forget statistics (the bank included): of one draw mode and/or one variant.

        ``None`` means "all": ``reset_statistics()`` forgets everything,
        ``reset_statistics(3, "canfield")`` only that mode. Recent games stay.
        """
        if draw is not None:
            _check_mode(draw, "canfield")
        if variant is not None:
            _check_mode(1, variant)

        def reset(conn: sqlite3.Connection) -> None:
            conn.execute(
                "DELETE FROM statistics"
                " WHERE (? IS NULL OR draw = ?) AND (? IS NULL OR variant = ?)",
                (draw, draw, variant, variant),
            )

        self._write(reset)

    def recent_games(self, limit: int = RECENT_LIMIT) -> list[RecentGame]:
        """The last finished games, newest first (at most ``limit``, at most RECENT_LIMIT)."""
        if type(limit) is not int or limit < 0:
            raise ValueError(f"limit must be a count, not {limit!r}")
        rows = self._conn.execute(
            "SELECT code, deck, variant, draw, won, score, seconds, moves, finished_at, hints,"
            " assisted FROM recent_games ORDER BY id DESC LIMIT ?",
            (min(limit, RECENT_LIMIT),),
        ).fetchall()
        games = []
        for row in rows:
            code, deck, variant, draw, won, *rest, hints, assisted = row
            flag, helped = (_flag(value) for value in (won, assisted))
            try:
                games.append(_recent_game(code, deck, variant, draw, flag, *rest, hints, helped))
            except (ValueError, TypeError, ArithmeticError) as exc:
                self._warn(f"left out a damaged recent game: {exc}")
        return games

    def _read_statistics(self, conn: sqlite3.Connection, variant: str, draw: int) -> Statistics:
        row = conn.execute(
            f"SELECT variant, draw, {_STATISTICS_COLUMNS} FROM statistics"
            " WHERE variant = ? AND draw = ?",
            (variant, draw),
        ).fetchone()
        if row is None:
            return Statistics(draw, variant=variant)
        return _statistics_from_row(row)  # checked at open; only this store writes since

    def _record(
        self,
        conn: sqlite3.Connection,
        *,
        game_id: str,
        header: object,
        variant: str,
        draw: int,
        won: bool,
        score: int,
        moves: int,
        elapsed: float,
    ) -> None:
        hints, assisted = _help_of(header)
        s = self._read_statistics(conn, variant, draw).after(
            won=won,
            score=score,
            moves=moves,
            elapsed=elapsed,
            casino=self._settings.casino_scoring,
            assisted=assisted,
        )
        conn.execute(
            f"INSERT OR REPLACE INTO statistics (variant, draw, {_STATISTICS_COLUMNS})"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            _statistics_row(s),
        )
        if not isinstance(header, dict) or not isinstance(header.get("deck"), str):
            self._warn("did not list a finished game among recent games: its deal is damaged")
            return
        code = header.get("code")
        conn.execute(
            "INSERT INTO recent_games (game_id, code, deck, variant, draw, won, score, seconds,"
            " moves, finished_at, hints, assisted) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                code if isinstance(code, str) else None,
                header["deck"],
                variant,
                draw,
                int(won),
                score,
                float(elapsed),
                moves,
                time.time(),
                hints,
                int(assisted),
            ),
        )
        conn.execute(
            "DELETE FROM recent_games WHERE id <= (SELECT max(id) FROM recent_games) - ?",
            (RECENT_LIMIT,),
        )

    # -- the game in progress ------------------------------------------------

    def save_game(self, game: Game) -> bool:
        """Save ``game`` as the game in progress; call it after every action.

        Games are told apart by :attr:`Game.game_id`, which a copy
        (``Game.from_dict(g.to_dict())``) keeps. Saving a different game (a
        new game, a restart, another code) first settles the previous one: it
        is recorded as a loss if it was acted on and not yet recorded. A game
        that is won is recorded as a win in the same transaction. Only the
        actions that changed since the last save are written, so a save costs
        the same at any length of history. Returns True when this call
        recorded the win.
        """
        return self._write(lambda conn: self._save(conn, game))

    def finish_game(self, game: Game, won: bool) -> bool:
        """Record ``game``'s result now: a win (it must be won) or an abandoned game.

        Abandoning also forgets the saved game. Returns True when a result was
        recorded, False when it already was (or the game was never acted on).
        """
        if won and not game.is_won:
            raise ValueError("finish_game(won=True) needs a won game")

        def finish(conn: sqlite3.Connection) -> bool:
            recorded = self._save(conn, game)
            if not won:
                recorded = self._abandon(conn)
            return recorded

        return self._write(finish)

    def abandon_game(self) -> bool:
        """Settle and forget the saved game (a loss if it counts); True if a loss was recorded."""
        return self._write(self._abandon)

    def load_game(self) -> Game | None:
        """The saved game in progress, or None.

        A saved game that cannot be restored is dropped after a copy of the
        database is kept (a notice tells the player); a damaged clock is reset.
        """
        row = self._conn.execute("SELECT game_id, header, line_length FROM current_game").fetchone()
        if row is None:
            return None
        game_id, header, length = row
        try:
            if not _count_ok(length) or length > MAX_ACTIONS:
                raise ValueError(
                    f"the history has {quoted(length)} actions, at most {MAX_ACTIONS:,} are kept"
                )
            if not isinstance(header, str) or len(header) > _MAX_HEADER:
                raise ValueError(
                    f"the stored game is not text of at most {_MAX_HEADER:,} characters"
                )
            line = self._conn.execute(
                "SELECT idx, move FROM game_line ORDER BY idx LIMIT ?", (MAX_ACTIONS + 1,)
            ).fetchall()
            if [idx for idx, _ in line] != list(range(len(line))) or length != len(line):
                raise ValueError(f"the history has {len(line)} of {length} actions")
            data = json.loads(header)
            if not isinstance(data, dict):
                raise ValueError("stored game is not an object")
            data["line"] = [move for _, move in line]
            clock = data.get("elapsed")
            if not is_elapsed(clock):
                data["elapsed"] = 0.0
            game = Game.from_dict(data)
            if game.game_id != game_id:
                raise ValueError(f"the game's id {game.game_id} is not the saved {quoted(game_id)}")
        except (ValueError, TypeError, RecursionError, ArithmeticError, MemoryError) as exc:
            # whatever the save holds, the app starts: a copy is kept and the player is told
            self._game_damaged(exc)
            return None
        self._line_owner = game
        self._line_mark = game.settled
        self._line_tail = game.history_from(game.settled)
        if not is_elapsed(clock):
            self._clock_damaged(game, clock)
        return game

    def _clock_damaged(self, game: Game, clock: object) -> None:
        """Keep a copy, tell the player, and save the game with its clock at 0 (told once)."""
        copy = self._keep_copy()
        self._warn(
            f"reset the saved game's damaged clock ({quoted(clock)}); "
            + (f"a copy of the database was kept at {copy}" if copy else "no copy could be kept")
        )
        self._notices.append(Notice(NoticeKind.CLOCK_RESET, copy, f"clock {quoted(clock)}"))
        self._write(lambda conn: self._save(conn, game))

    def _game_damaged(self, problem: BaseException) -> None:
        copy = self._keep_copy()
        self._warn(
            f"dropped the saved game, it is damaged ({problem}); "
            + (f"a copy of the database was kept at {copy}" if copy else "no copy could be kept")
        )
        self._notices.append(Notice(NoticeKind.GAME_DAMAGED, copy, str(problem)))

        def drop(conn: sqlite3.Connection) -> None:
            conn.execute("DELETE FROM current_game")
            conn.execute("DELETE FROM game_line")

        self._write(drop)

    def _save(self, conn: sqlite3.Connection, game: Game) -> bool:
        row = conn.execute(
            "SELECT game_id, line_length, acted, recorded FROM current_game"
        ).fetchone()
        if row is not None and row[0] == game.game_id:
            acted, recorded = bool(row[2]), bool(row[3])
            stored = row[1] if _count_ok(row[1]) else 0
            keep = min(stored, self._unchanged_rows(game))
        else:
            if row is not None:
                self._abandon(conn)
            acted, recorded, keep = False, game.game_id in self._settled_ids, 0
        acted = acted or game.moves_made > 0 or game.can_redo
        elapsed = game.elapsed if is_elapsed(game.elapsed) else 0.0
        variant = game.variant
        header = game.to_dict(line=False)
        header["elapsed"] = elapsed  # a broken clock must not make the save unloadable
        won_now = game.is_won and not recorded
        if won_now:
            self._record(
                conn,
                game_id=game.game_id,
                header=header,
                variant=variant,
                draw=game.draw,
                won=True,
                score=game.score,
                moves=game.moves_made,
                elapsed=elapsed,
            )
        conn.execute("DELETE FROM game_line WHERE idx >= ?", (keep,))
        tail = game.history_from(keep)
        conn.executemany(
            "INSERT INTO game_line (idx, move) VALUES (?, ?)",
            [(i, m.notation()) for i, m in enumerate(tail, start=keep)],
        )
        length = keep + len(tail)
        conn.execute(
            "INSERT OR REPLACE INTO current_game (slot, game_id, variant, draw, header,"
            " line_length, score, moves, elapsed, acted, recorded)"
            " VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game.game_id,
                variant,
                game.draw,
                json.dumps(header, separators=(",", ":"), allow_nan=False),
                length,
                game.score,
                game.moves_made,
                elapsed,
                acted,
                recorded or won_now,
            ),
        )
        mark = game.settled
        written = game.history_from(mark)

        def remember() -> None:
            self._line_owner, self._line_mark, self._line_tail = game, mark, written

        self._on_commit.append(remember)
        return won_now

    def _unchanged_rows(self, game: Game) -> int:
        """How many leading history rows already hold ``game``'s actions (0: rewrite all).

        Rows before the last save's settled mark cannot have changed; after it,
        the rows as written are compared with the game's actions now (at most the
        undo window plus the new actions), so a save writes only what is new.
        """
        if self._line_owner is not game:
            return 0
        mark, before = self._line_mark, self._line_tail
        now = game.history_from(mark)
        same = 0
        for old, new in zip(before, now, strict=False):
            if old != new:
                break
            same += 1
        return mark + same

    def _abandon(self, conn: sqlite3.Connection) -> bool:
        row = conn.execute(
            "SELECT game_id, variant, draw, header, score, moves, elapsed, acted, recorded"
            " FROM current_game"
        ).fetchone()
        conn.execute("DELETE FROM current_game")
        conn.execute("DELETE FROM game_line")
        if row is None:
            return False
        game_id, variant, draw, header, score, moves, elapsed, acted, recorded = row
        self._on_commit.append(lambda: self._settled_ids.add(str(game_id)))
        if not acted or recorded:
            return False
        if not is_elapsed(elapsed):
            elapsed = 0.0
        if not (
            _count_ok(score)
            and _count_ok(moves)
            and check_variant_name(variant) is None
            and is_draw(draw)
        ):
            self._warn(
                f"did not record the abandoned game, its totals are damaged: {quoted(row[1:3])}"
            )
            return False
        try:
            parsed: object = json.loads(header) if isinstance(header, str) else None
        except (ValueError, RecursionError):
            parsed = None
        self._record(
            conn,
            game_id=str(game_id),
            header=parsed,
            variant=variant,
            draw=draw,
            won=False,
            score=score,
            moves=moves,
            elapsed=float(elapsed),
        )
        return True


def _check_mode(draw: int, variant: str) -> None:
    check_draw(draw)
    reason = check_variant_name(variant)
    if reason is not None:
        raise ValueError(f"variant {variant!r} {reason}")


def _statistics_from_row(row: tuple[Any, ...]) -> Statistics:
    variant, draw, played, won, best_score, fastest_win, fewest_moves, cur, best, *rest = row
    reason = check_variant_name(variant)
    if reason is not None:
        raise ValueError(f"statistics of a variant {quoted(variant)}: the variant {reason}")
    return Statistics(
        draw, played, won, best_score, fastest_win, fewest_moves, cur, best, variant, *rest
    )


def _statistics_row(s: Statistics) -> tuple[object, ...]:
    return (
        s.variant,
        s.draw,
        s.played,
        s.won,
        s.best_score,
        s.fastest_win,
        s.fewest_moves,
        s.current_streak,
        s.best_streak,
        s.bank,
        s.timed_games,
        s.games_seconds,
        s.games_moves,
        s.timed_wins,
        s.wins_seconds,
        s.wins_moves,
        s.assisted_games,
        s.assisted_wins,
    )


def _flag(value: object) -> Any:
    """A stored 0/1 as a bool; anything else as it is, for RecentGame to refuse."""
    return bool(value) if type(value) is int and value in (0, 1) else value


def _help_of(header: object) -> tuple[int, bool]:
    """(hints used, assisted) of a saved game's header; a damaged one counts as no help."""
    if not isinstance(header, dict):
        return 0, False
    hints, assisted = header.get("hints", 0), header.get("assisted", False)
    return (hints if _count_ok(hints) else 0), assisted is True


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


def _recent_game(
    code: object, deck: object, variant: object, draw: object, *rest: object
) -> RecentGame:
    """A recent game row that can be dealt again (its code or deck and variant are valid)."""
    game = RecentGame(code, deck, variant, draw, *rest)  # type: ignore[arg-type]
    reason = check_variant_name(game.variant)
    if reason is not None:
        raise ValueError(f"the variant {quoted(game.variant)} {reason}")
    deck = parse_deck(game.deck)
    if game.code is not None and DealCode.parse(game.code).deck() != deck:
        raise ValueError(f"the code {quoted(game.code)} does not deal the deck")
    return game


def _count_ok(value: object) -> bool:
    return type(value) is int and 0 <= value <= MAX_COUNT

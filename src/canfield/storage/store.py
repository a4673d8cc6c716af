"""The store: settings, statistics and the game in progress in one SQLite file.

Every write is one transaction, so a kill at any moment leaves the last
committed action. Saving a game and recording its result happen in the same
transaction, which is what makes a win count exactly once.
"""

from __future__ import annotations

import json
import logging
import math
import os
import sqlite3
import warnings
import weakref
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from types import TracebackType
from typing import Any, Final

from canfield.game import Game
from canfield.storage.errors import StorageError, StorageWarning
from canfield.storage.paths import default_database_path
from canfield.storage.recovery import SIDECARS, move_aside
from canfield.storage.schema import (
    BrokenDatabaseError,
    check,
    check_header,
    connect,
    connect_readonly,
    prepare,
)
from canfield.storage.settings import Settings, check_setting, decode_setting, encode_setting
from canfield.storage.statistics import Statistics

__all__ = ["Store"]

log = logging.getLogger(__name__)

_BUSY: Final = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
_NOT_THE_FILE: Final = (sqlite3.SQLITE_FULL, sqlite3.SQLITE_NOMEM, sqlite3.SQLITE_INTERRUPT)
"""Error codes that say nothing about the file itself: never move it aside for them."""


class Store:
    """Settings, statistics and the game in progress, kept in SQLite.

    ``Store()`` opens ``$CANFIELD_DATA_DIR/canfield.sqlite3`` or the file in
    the user's data folder; ``Store(path)`` opens that file. Opening never
    fails: a damaged file is moved aside (see :attr:`recovered_from`), and if
    no file can be used at all the store runs in memory (:attr:`persistent`
    is then False). Writes raise :class:`StorageError` if the disk fails later.
    """

    def __init__(self, path: Path | str | None = None) -> None:
        self.path: Path = Path(path) if path is not None else default_database_path()
        self.recovered_from: Path | None = None
        """Backup of a broken database moved aside by this open, for a one-time notice."""
        self.warnings: list[str] = []
        """Damaged stored data ignored while opening or loading (also issued as warnings)."""
        self.persistent = True
        self._current: weakref.ref[Game] | None = None
        self._current_id: int | None = None
        self._finished: weakref.ref[Game] | None = None
        """The game object last abandoned: saving it again must not count it again."""
        self._conn = self._open()
        self._settings = self._read_settings()

    # -- opening ------------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        try:
            return self._try_open()
        except (BrokenDatabaseError, sqlite3.Error, OSError) as exc:
            if isinstance(exc, sqlite3.Error) and _error_code(exc) in (*_BUSY, *_NOT_THE_FILE):
                return self._in_memory(f"database {self.path} cannot be used now ({exc})")
            problem = exc
        try:
            backup = move_aside(self.path)
        except OSError as exc:
            return self._in_memory(f"database {self.path} is unusable ({problem}): {exc}")
        if backup is None:
            return self._in_memory(f"cannot create a database at {self.path} ({problem})")
        self.recovered_from = backup
        self._warn(f"database {self.path} was unusable ({problem}); moved it to {backup}")
        try:
            return self._try_open()
        except (BrokenDatabaseError, sqlite3.Error, OSError) as exc:
            return self._in_memory(f"cannot create a new database at {self.path}: {exc}")

    def _try_open(self) -> sqlite3.Connection:
        if not os.path.lexists(self.path) and any(
            os.path.lexists(f"{self.path}{suffix}") for suffix in SIDECARS
        ):
            # SQLite could replay a stale -wal into the new file; keep it with a backup instead.
            raise BrokenDatabaseError("-wal/-shm files are left without their database")
        if self.path.exists() and not self.path.is_file():
            raise BrokenDatabaseError(f"{self.path} is not a file")
        if self.path.exists():
            check_header(self.path)
            with closing(connect_readonly(self.path)) as ro:
                if not check(ro):
                    self._check_rows(ro)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = connect(self.path)
        try:
            prepare(conn)
        except BaseException:
            conn.close()
            raise
        return conn

    @staticmethod
    def _check_rows(conn: sqlite3.Connection) -> None:
        """Read everything once, so a page that is damaged shows up now rather than mid-game."""
        for table in ("settings", "statistics", "counters", "current_game"):
            conn.execute(f"SELECT * FROM {table}").fetchall()

    def _in_memory(self, reason: str) -> sqlite3.Connection:
        self._warn(f"{reason}; settings and statistics will not be kept")
        self.persistent = False
        conn = sqlite3.connect(":memory:", isolation_level=None)
        prepare(conn)
        return conn

    def _warn(self, message: str) -> None:
        self.warnings.append(message)
        log.warning("%s", message)
        warnings.warn(message, StorageWarning, stacklevel=3)

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One atomic, durable write; sqlite errors become :class:`StorageError`."""
        conn = self._conn
        tracked = self._current, self._current_id, self._finished
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                self._current, self._current_id, self._finished = tracked
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise StorageError(f"cannot write {self.path}: {exc}") from exc

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
        """Change some settings; an unknown name or bad value raises before anything is written."""
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
        with self._transaction() as conn:
            conn.executemany("INSERT OR REPLACE INTO settings (name, value) VALUES (?, ?)", rows)
        self._settings = settings

    # -- statistics -------------------------------------------------------------

    def statistics(self, draw: int) -> Statistics:
        """Totals of draw mode ``draw`` (1 or 3)."""
        _check_draw(draw)
        return self._read_statistics(self._conn, draw)

    def reset_statistics(self, draw: int | None = None) -> None:
        """Forget the statistics of one draw mode, or of both when ``draw`` is None."""
        if draw is not None:
            _check_draw(draw)
        with self._transaction() as conn:
            if draw is None:
                conn.execute("DELETE FROM statistics")
            else:
                conn.execute("DELETE FROM statistics WHERE draw = ?", (draw,))

    def _read_statistics(self, conn: sqlite3.Connection, draw: int) -> Statistics:
        row = conn.execute(
            "SELECT played, won, best_score, fastest_win, fewest_moves, current_streak,"
            " best_streak FROM statistics WHERE draw = ?",
            (draw,),
        ).fetchone()
        if row is None:
            return Statistics(draw)
        try:
            return Statistics(draw, *row)
        except ValueError as exc:
            self._warn(f"ignored damaged statistics of draw {draw}: {exc}")
            return Statistics(draw)

    def _record(
        self,
        conn: sqlite3.Connection,
        draw: int,
        *,
        won: bool,
        score: int,
        moves: int,
        elapsed: float,
    ) -> None:
        s = self._read_statistics(conn, draw).after(
            won=won, score=score, moves=moves, elapsed=elapsed
        )
        conn.execute(
            "INSERT OR REPLACE INTO statistics (draw, played, won, best_score, fastest_win,"
            " fewest_moves, current_streak, best_streak) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                draw,
                s.played,
                s.won,
                s.best_score,
                s.fastest_win,
                s.fewest_moves,
                s.current_streak,
                s.best_streak,
            ),
        )

    # -- the game in progress ------------------------------------------------

    def save_game(self, game: Game) -> bool:
        """Save ``game`` as the game in progress; call it after every action.

        The store follows one game object at a time. Saving a different object
        (a new game, a restart, another code) first settles the previous game:
        it is recorded as a loss if it was acted on and not yet recorded. A
        game that is won is recorded as a win in the same transaction. Returns
        True when this call recorded the win.
        """
        with self._transaction() as conn:
            return self._save(conn, game)

    def finish_game(self, game: Game, won: bool) -> bool:
        """Record ``game``'s result now: a win (it must be won) or an abandoned game.

        Abandoning also forgets the saved game. Returns True when a result was
        recorded, False when it already was (or the game was never acted on).
        """
        if won and not game.is_won:
            raise ValueError("finish_game(won=True) needs a won game")
        with self._transaction() as conn:
            recorded = self._save(conn, game)
            if not won:
                recorded = self._abandon(conn)
        return recorded

    def abandon_game(self) -> bool:
        """Settle and forget the saved game (a loss if it counts); True if a loss was recorded."""
        with self._transaction() as conn:
            return self._abandon(conn)

    def load_game(self) -> Game | None:
        """The saved game in progress, or None; a damaged save is discarded with a warning."""
        row = self._conn.execute("SELECT game_id, data FROM current_game").fetchone()
        if row is None:
            return None
        game_id, data = row
        try:
            if not isinstance(data, str):
                raise ValueError(f"stored game is {type(data).__name__}, not text")
            game = Game.from_dict(json.loads(data))
        except (ValueError, TypeError, RecursionError) as exc:
            self._warn(f"discarded the saved game, it is damaged: {exc}")
            with self._transaction() as conn:
                conn.execute("DELETE FROM current_game")
            return None
        self._current = weakref.ref(game)
        self._current_id = game_id
        return game

    def _save(self, conn: sqlite3.Connection, game: Game) -> bool:
        saved = game.to_dict()
        elapsed = game.elapsed
        if type(elapsed) not in (int, float) or not 0 <= elapsed < math.inf:
            elapsed = saved["elapsed"] = 0.0  # a broken clock must not make the save unloadable
        data = json.dumps(saved, separators=(",", ":"), allow_nan=False)
        row = conn.execute("SELECT game_id, acted, recorded FROM current_game").fetchone()
        current = self._current() if self._current is not None else None
        if row is not None and current is game and row[0] == self._current_id:
            game_id, acted, recorded = row[0], bool(row[1]), bool(row[2])
        else:
            if row is not None:
                self._abandon(conn)
            finished = self._finished() if self._finished is not None else None
            game_id, acted, recorded = self._next_game_id(conn), False, finished is game
        acted = acted or game.moves_made > 0 or game.can_redo
        won_now = game.is_won and not recorded
        if won_now:
            self._record(
                conn, game.draw, won=True, score=game.score, moves=game.moves_made, elapsed=elapsed
            )
        conn.execute(
            "INSERT OR REPLACE INTO current_game (slot, game_id, data, draw, score, moves,"
            " elapsed, acted, recorded) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                data,
                game.draw,
                game.score,
                game.moves_made,
                elapsed,
                acted,
                recorded or won_now,
            ),
        )
        self._current = weakref.ref(game)
        self._current_id = game_id
        return won_now

    def _abandon(self, conn: sqlite3.Connection) -> bool:
        row = conn.execute(
            "SELECT draw, score, moves, elapsed, acted, recorded FROM current_game"
        ).fetchone()
        conn.execute("DELETE FROM current_game")
        if row is not None and self._current is not None:
            self._finished = self._current
        self._current = None
        self._current_id = None
        if row is None:
            return False
        draw, score, moves, elapsed, acted, recorded = row
        if not acted or recorded:
            return False
        if not (_count(score) and _count(moves) and type(elapsed) is float and elapsed >= 0):
            self._warn(f"did not record the abandoned game, its totals are damaged: {row!r}")
            return False
        self._record(conn, draw, won=False, score=score, moves=moves, elapsed=elapsed)
        return True

    @staticmethod
    def _next_game_id(conn: sqlite3.Connection) -> int:
        row = conn.execute("SELECT value FROM counters WHERE name = 'game_id'").fetchone()
        game_id = 1 if row is None else int(row[0]) + 1
        conn.execute(
            "INSERT OR REPLACE INTO counters (name, value) VALUES ('game_id', ?)", (game_id,)
        )
        return game_id


def _check_draw(draw: int) -> None:
    if type(draw) is not int or draw not in (1, 3):
        raise ValueError(f"draw must be 1 or 3, not {draw!r}")


def _error_code(exc: sqlite3.Error) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else int(code) & 0xFF


def _count(value: object) -> bool:
    return type(value) is int and value >= 0

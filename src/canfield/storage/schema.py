"""The database layout, and the checks that tell a healthy Canfield database from anything else.

WAL with ``synchronous=FULL`` makes every committed transaction survive a kill
(and a power cut) while a commit stays well under a millisecond on an SSD.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Final

__all__ = [
    "APPLICATION_ID",
    "SCHEMA_VERSION",
    "BrokenDatabaseError",
    "check",
    "check_header",
    "connect",
    "connect_readonly",
    "prepare",
]

APPLICATION_ID: Final = 0x43464C44  # "CFLD": marks the file as ours
SCHEMA_VERSION: Final = 1
_MAGIC: Final = b"SQLite format 3\x00"

_TABLES: Final = {
    "schema_version": """
        CREATE TABLE schema_version (
            version INTEGER NOT NULL
        )""",
    "settings": """
        CREATE TABLE settings (
            name  TEXT PRIMARY KEY,
            value TEXT NOT NULL
        )""",
    "statistics": """
        CREATE TABLE statistics (
            draw           INTEGER PRIMARY KEY CHECK (draw IN (1, 3)),
            played         INTEGER NOT NULL CHECK (played >= 0),
            won            INTEGER NOT NULL CHECK (won BETWEEN 0 AND played),
            best_score     INTEGER CHECK (best_score >= 0),
            fastest_win    REAL CHECK (fastest_win >= 0),
            fewest_moves   INTEGER CHECK (fewest_moves >= 0),
            current_streak INTEGER NOT NULL CHECK (current_streak >= 0),
            best_streak    INTEGER NOT NULL CHECK (best_streak >= current_streak)
        )""",
    "current_game": """
        CREATE TABLE current_game (
            slot     INTEGER PRIMARY KEY CHECK (slot = 1),
            game_id  INTEGER NOT NULL,
            data     TEXT NOT NULL,
            draw     INTEGER NOT NULL CHECK (draw IN (1, 3)),
            score    INTEGER NOT NULL,
            moves    INTEGER NOT NULL,
            elapsed  REAL NOT NULL,
            acted    INTEGER NOT NULL CHECK (acted IN (0, 1)),
            recorded INTEGER NOT NULL CHECK (recorded IN (0, 1))
        )""",
    "counters": """
        CREATE TABLE counters (
            name  TEXT PRIMARY KEY,
            value INTEGER NOT NULL
        )""",
}
"""``current_game`` holds at most one row: the game in progress, with its id and
whether its result is already in ``statistics`` (so a win is counted once)."""

_COLUMNS: Final = {
    "schema_version": ["version"],
    "settings": ["name", "value"],
    "statistics": [
        "draw",
        "played",
        "won",
        "best_score",
        "fastest_win",
        "fewest_moves",
        "current_streak",
        "best_streak",
    ],
    "current_game": [
        "slot",
        "game_id",
        "data",
        "draw",
        "score",
        "moves",
        "elapsed",
        "acted",
        "recorded",
    ],
    "counters": ["name", "value"],
}


class BrokenDatabaseError(Exception):
    """The file is not a usable Canfield database; the reason says why."""


def connect(path: Path | str) -> sqlite3.Connection:
    """A connection in autocommit mode: every write goes through an explicit transaction."""
    return sqlite3.connect(path, timeout=5.0, isolation_level=None)


def connect_readonly(path: Path) -> sqlite3.Connection:
    """A connection that cannot change the file, to inspect it before trusting it.

    Unlike a read-write one it never checkpoints or deletes a ``-wal`` file on
    close, so a file found broken is moved aside exactly as it was.
    """
    uri = f"{path.absolute().as_uri()}?mode=ro"
    return sqlite3.connect(uri, uri=True, timeout=5.0, isolation_level=None)


def check_header(path: Path) -> None:
    """Refuse a file that is not SQLite at all, without letting SQLite touch it."""
    with path.open("rb") as f:
        head = f.read(len(_MAGIC))
    if head and head != _MAGIC:
        raise BrokenDatabaseError("not an SQLite database")


def check(conn: sqlite3.Connection) -> bool:
    """Check a database without writing to it; True when it is empty (to be created).

    Raises :class:`BrokenDatabaseError` (or ``sqlite3.DatabaseError``) when the
    file is damaged, someone else's, or from an unknown schema version.
    """
    result = conn.execute("PRAGMA integrity_check").fetchall()
    if result != [("ok",)]:
        detail = "; ".join(str(row[0]) for row in result[:3])
        raise BrokenDatabaseError(f"integrity check failed: {detail}")
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    tables = _tables(conn)
    if not tables and app_id == 0:
        return True
    if app_id != APPLICATION_ID:
        raise BrokenDatabaseError(f"not a Canfield database (application id {app_id:#x})")
    if "schema_version" not in tables:
        raise BrokenDatabaseError("no schema version")
    rows = conn.execute("SELECT version FROM schema_version").fetchall()
    if len(rows) != 1:
        raise BrokenDatabaseError(f"{len(rows)} schema version rows")
    version = rows[0][0]
    if version != SCHEMA_VERSION:
        # No older versions exist yet; a newer one we cannot read safely.
        raise BrokenDatabaseError(f"unknown schema version {version!r}")
    for table, columns in _COLUMNS.items():
        found = [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]
        if found != columns:
            raise BrokenDatabaseError(f"table {table} has columns {found}, expected {columns}")
    return False


def prepare(conn: sqlite3.Connection) -> None:
    """Make a checked connection durable, and create the schema if the file is empty.

    Ends with a write, so a read-only file is found now rather than on the first move.
    """
    conn.execute("PRAGMA journal_mode = WAL")  # commits without rewriting the file
    conn.execute("PRAGMA synchronous = FULL")  # each commit reaches the disk
    conn.execute("BEGIN IMMEDIATE")
    try:
        if not _tables(conn) and conn.execute("PRAGMA application_id").fetchone()[0] == 0:
            for ddl in _TABLES.values():
                conn.execute(ddl)
            conn.execute("INSERT INTO schema_version (version) VALUES (?)", (SCHEMA_VERSION,))
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def _tables(conn: sqlite3.Connection) -> set[str]:
    return {
        str(row[0])
        for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        if not str(row[0]).startswith("sqlite_")
    }

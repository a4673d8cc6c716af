"""The database layout, its migrations, and the checks that tell a healthy Canfield database.

WAL with ``synchronous=FULL`` makes every committed transaction survive a kill
(and a power cut) while a commit stays well under a millisecond on an SSD.
The connection holds SQLite's lock exclusively (``locking_mode=EXCLUSIVE``):
the write-ahead index then lives in the process's memory instead of a ``-shm``
file, so a full disk still lets the app *read* its data, and no other program
can write the file behind the app's back.

Only the objects below may exist in the file. Anything else (a view, an index,
a trigger someone planted to run on our writes) makes the file "not ours".
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import Final

from canfield.storage.statistics import CREATE_TABLE as STATISTICS_TABLE

__all__ = [
    "APPLICATION_ID",
    "SCHEMA_VERSION",
    "TABLES",
    "BrokenDatabaseError",
    "check",
    "check_header",
    "connect",
    "connect_readonly",
    "prepare",
]

APPLICATION_ID: Final = 0x43464C44  # "CFLD": marks the file as ours
SCHEMA_VERSION: Final = 3
_MAGIC: Final = b"SQLite format 3\x00"

_V1_TABLES: Final = {
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
"""Version 1 (the first release), kept to recognise and migrate old files."""

_V2_TABLES: Final = {
    "schema_version": _V1_TABLES["schema_version"],
    "settings": _V1_TABLES["settings"],
    "statistics": """
        CREATE TABLE statistics (
            variant        TEXT NOT NULL,
            draw           INTEGER NOT NULL CHECK (draw IN (1, 3)),
            played         INTEGER NOT NULL CHECK (played >= 0),
            won            INTEGER NOT NULL CHECK (won BETWEEN 0 AND played),
            best_score     INTEGER CHECK (best_score >= 0),
            fastest_win    REAL CHECK (fastest_win >= 0),
            fewest_moves   INTEGER CHECK (fewest_moves >= 0),
            current_streak INTEGER NOT NULL CHECK (current_streak >= 0),
            best_streak    INTEGER NOT NULL CHECK (best_streak >= current_streak),
            bank           INTEGER NOT NULL,
            timed_games    INTEGER NOT NULL CHECK (timed_games BETWEEN 0 AND played),
            games_seconds  REAL NOT NULL CHECK (games_seconds >= 0),
            games_moves    INTEGER NOT NULL CHECK (games_moves >= 0),
            timed_wins     INTEGER NOT NULL CHECK (timed_wins BETWEEN 0 AND won),
            wins_seconds   REAL NOT NULL CHECK (wins_seconds >= 0),
            wins_moves     INTEGER NOT NULL CHECK (wins_moves >= 0),
            PRIMARY KEY (variant, draw)
        )""",
    "current_game": """
        CREATE TABLE current_game (
            slot        INTEGER PRIMARY KEY CHECK (slot = 1),
            game_id     TEXT NOT NULL,
            variant     TEXT NOT NULL,
            draw        INTEGER NOT NULL CHECK (draw IN (1, 3)),
            header      TEXT NOT NULL,
            line_length INTEGER NOT NULL CHECK (line_length >= 0),
            score       INTEGER NOT NULL,
            moves       INTEGER NOT NULL,
            elapsed     REAL NOT NULL,
            acted       INTEGER NOT NULL CHECK (acted IN (0, 1)),
            recorded    INTEGER NOT NULL CHECK (recorded IN (0, 1))
        )""",
    "game_line": """
        CREATE TABLE game_line (
            idx  INTEGER PRIMARY KEY CHECK (idx >= 0),
            move TEXT NOT NULL
        )""",
    "recent_games": """
        CREATE TABLE recent_games (
            id          INTEGER PRIMARY KEY,
            game_id     TEXT NOT NULL,
            code        TEXT,
            deck        TEXT NOT NULL,
            variant     TEXT NOT NULL,
            draw        INTEGER NOT NULL,
            won         INTEGER NOT NULL,
            score       INTEGER NOT NULL,
            seconds     REAL NOT NULL,
            moves       INTEGER NOT NULL,
            finished_at REAL NOT NULL
        )""",
}
"""Version 2. ``current_game`` holds at most one row: the game in progress (its
``Game.to_dict(line=False)`` as ``header``, whether its result is already in
``statistics`` so a win counts once); its history is ``game_line``, one row per
action, so a save writes only what changed. ``statistics`` is keyed by
(variant, draw); ``recent_games`` keeps the last finished games."""

TABLES: Final = {
    **_V2_TABLES,
    "statistics": STATISTICS_TABLE,
    "recent_games": """
        CREATE TABLE recent_games (
            id          INTEGER PRIMARY KEY,
            game_id     TEXT NOT NULL,
            code        TEXT,
            deck        TEXT NOT NULL,
            variant     TEXT NOT NULL,
            draw        INTEGER NOT NULL,
            won         INTEGER NOT NULL,
            score       INTEGER NOT NULL,
            seconds     REAL NOT NULL,
            moves       INTEGER NOT NULL,
            finished_at REAL NOT NULL,
            hints       INTEGER NOT NULL,
            assisted    INTEGER NOT NULL
        )""",
}
"""Version 3, the current one: games where Show me played moves (*assisted*) are counted
apart in ``statistics`` (``assisted_games``, ``assisted_wins``) and change none of the other
figures; ``recent_games`` says of each game how many hints it used and whether it was
assisted. Its ``statistics`` is derived from the dataclass (:mod:`canfield.storage.statistics`)."""


class BrokenDatabaseError(Exception):
    """The file is not a usable Canfield database; the reason says why."""


def connect(path: Path | str) -> sqlite3.Connection:
    """A read-write connection in autocommit mode, holding the file exclusively.

    Every write goes through an explicit transaction. The exclusive locking
    mode is set before the first read, so no ``-shm`` file is ever needed.
    """
    conn = sqlite3.connect(path, timeout=1.0, isolation_level=None)
    try:
        conn.execute("PRAGMA locking_mode = EXCLUSIVE")
    except BaseException:
        conn.close()
        raise
    return conn


def connect_readonly(path: Path) -> sqlite3.Connection:
    """A connection that cannot change the file, to inspect it before trusting it.

    Unlike a read-write one it never checkpoints or deletes a ``-wal`` file on
    close, so a file found broken is moved aside exactly as it was.
    """
    uri = f"{path.absolute().as_uri()}?mode=ro"
    return sqlite3.connect(uri, uri=True, timeout=1.0, isolation_level=None)


def check_header(path: Path) -> None:
    """Refuse a file that is not SQLite at all, without letting SQLite touch it."""
    with path.open("rb") as f:
        head = f.read(len(_MAGIC))
    if head and head != _MAGIC:
        raise BrokenDatabaseError("not an SQLite database")


def check(conn: sqlite3.Connection) -> int:
    """Check a database without writing to it; return its schema version (0: empty file).

    Raises :class:`BrokenDatabaseError` (or ``sqlite3.DatabaseError``) when the
    file is damaged, someone else's, of an unknown version, or holds any object
    that is not ours.
    """
    result = conn.execute("PRAGMA integrity_check").fetchall()
    if result != [("ok",)]:
        detail = "; ".join(str(row[0]) for row in result[:3])
        raise BrokenDatabaseError(f"integrity check failed: {detail}")
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    objects = conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall()
    if not objects and app_id == 0:
        return 0
    if app_id != APPLICATION_ID:
        raise BrokenDatabaseError(f"not a Canfield database (application id {app_id:#x})")
    if "schema_version" not in {row[1] for row in objects if row[0] == "table"}:
        raise BrokenDatabaseError("no schema version")
    rows = conn.execute("SELECT version FROM schema_version").fetchall()
    if len(rows) != 1:
        raise BrokenDatabaseError(f"{len(rows)} schema version rows")
    version = rows[0][0]
    layouts = {1: _V1_TABLES, 2: _V2_TABLES, SCHEMA_VERSION: TABLES}
    if type(version) is not int or version not in layouts:
        raise BrokenDatabaseError(f"unknown schema version {version!r}")
    _check_objects(objects, layouts[version])
    return version


def _check_objects(objects: list[tuple[object, ...]], tables: Mapping[str, str]) -> None:
    """Exactly our tables with exactly our definitions, plus SQLite's own primary-key indexes."""
    found: dict[str, str] = {}
    for kind, name, table, sql in objects:
        autoindex = kind == "index" and sql is None and str(name).startswith("sqlite_autoindex_")
        if autoindex and table in tables:
            continue
        if kind != "table" or not isinstance(name, str) or name not in tables:
            raise BrokenDatabaseError(f"unknown {kind} {name!r} in the database")
        found[name] = _normal(sql)
    for name, ddl in tables.items():
        if name not in found:
            raise BrokenDatabaseError(f"table {name} is missing")
        if found[name] != _normal(ddl):
            raise BrokenDatabaseError(f"table {name} is not as this version of Canfield made it")


def _normal(sql: object) -> str:
    return " ".join(str(sql).split())


def prepare(conn: sqlite3.Connection, version: int) -> None:
    """Make a checked connection durable; create the schema (or migrate an old one).

    ``version`` is what :func:`check` returned.
    """
    if conn.execute("PRAGMA journal_mode").fetchone()[0] != "memory":
        conn.execute("PRAGMA journal_mode = WAL")  # commits without rewriting the file
    conn.execute("PRAGMA synchronous = FULL")  # each commit reaches the disk
    conn.execute("BEGIN IMMEDIATE")
    try:
        if version == 0:
            for ddl in TABLES.values():
                conn.execute(ddl)
            conn.execute("INSERT INTO schema_version (version) VALUES (?)", (SCHEMA_VERSION,))
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        elif version in (1, 2):
            if version == 1:
                _migrate_1_to_2(conn)
            _migrate_2_to_3(conn)
        else:  # a real write (a page changes): a full disk shows now, not at the first move
            conn.execute("UPDATE schema_version SET version = -version")
            conn.execute("UPDATE schema_version SET version = -version")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _migrate_1_to_2(conn: sqlite3.Connection) -> None:
    """Statistics become per (variant, draw), all old ones ``canfield``; the saved game
    gets an id and its history one row per action; the game counter goes."""
    conn.execute("ALTER TABLE statistics RENAME TO old_statistics")
    conn.execute("ALTER TABLE current_game RENAME TO old_current_game")
    for name in ("statistics", "current_game", "game_line", "recent_games"):
        conn.execute(_V2_TABLES[name])
    conn.execute(
        "INSERT INTO statistics SELECT 'canfield', draw, played, won, best_score, fastest_win,"
        " fewest_moves, current_streak, best_streak, 0, 0, 0.0, 0, 0, 0.0, 0 FROM old_statistics"
    )
    row = conn.execute(
        "SELECT data, draw, score, moves, elapsed, acted, recorded FROM old_current_game"
    ).fetchone()
    if row is not None:
        data, *totals = row
        header, line = _split_old_save(data)
        game_id = str(header.get("id", "")) if isinstance(header, dict) else ""
        conn.execute(
            "INSERT INTO current_game (slot, game_id, variant, draw, header, line_length, score,"
            " moves, elapsed, acted, recorded) VALUES (1, ?, 'canfield', ?, ?, ?, ?, ?, ?, ?, ?)",
            (game_id, totals[0], json.dumps(header), len(line), *totals[1:]),
        )
        conn.executemany("INSERT INTO game_line (idx, move) VALUES (?, ?)", list(enumerate(line)))
    for name in ("old_statistics", "old_current_game", "counters"):
        conn.execute(f"DROP TABLE {name}")
    conn.execute("UPDATE schema_version SET version = 2")


def _migrate_2_to_3(conn: sqlite3.Connection) -> None:
    """Every game recorded before is the player's own (no assisted games, no hints known)."""
    for name in ("statistics", "recent_games"):
        conn.execute(f"ALTER TABLE {name} RENAME TO old_{name}")
        conn.execute(TABLES[name])
        conn.execute(f"INSERT INTO {name} SELECT *, 0, 0 FROM old_{name}")
        conn.execute(f"DROP TABLE old_{name}")
    conn.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION,))


def _split_old_save(data: object) -> tuple[object, list[str]]:
    """A version-1 save as (header with a new id, history); damaged text is kept as it is,
    for loading to report (and keep a copy of) later."""
    try:
        value = json.loads(data) if isinstance(data, str) else None
    except (ValueError, RecursionError):
        value = None
    if not isinstance(value, dict):
        return (data if isinstance(data, str) else repr(data)), []
    line = value.pop("line", [])
    if not isinstance(line, list) or not all(isinstance(m, str) for m in line):
        value["line"] = line  # leave it for the load to refuse
        line = []
    value.setdefault("id", uuid.uuid4().hex)
    return value, line

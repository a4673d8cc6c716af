"""Moving a broken database aside, so the app can start fresh without destroying anything."""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path
from typing import Final

__all__ = ["SIDECARS", "keep_copy", "move_aside"]

SIDECARS: Final = ("-wal", "-shm", "-journal")
"""SQLite's companion files; they belong to the database and move with it."""


def move_aside(path: Path) -> Path | None:
    """Rename ``path`` (and its sidecars) to a timestamped backup next to it; return the backup.

    Returns None when there was nothing to move.

    The sidecars keep their suffix on the backup name, so the backup can still
    be opened by SQLite (WAL contents included) for inspection or rescue.
    """
    if not any(os.path.lexists(f"{path}{s}") for s in ("", *SIDECARS)):
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    backup = path.with_name(f"{path.name}.broken-{stamp}")
    n = 1
    while any(os.path.lexists(f"{backup}{s}") for s in ("", *SIDECARS)):
        backup = path.with_name(f"{path.name}.broken-{stamp}-{n}")
        n += 1
    if os.path.lexists(path):
        os.replace(path, backup)
    for suffix in SIDECARS:
        side = Path(f"{path}{suffix}")
        if os.path.lexists(side):
            os.replace(side, Path(f"{backup}{suffix}"))
    return backup


def keep_copy(conn: sqlite3.Connection, path: Path) -> Path:
    """Write a copy of the database behind ``conn`` beside ``path`` (0600); return it.

    Used before dropping a damaged part (a saved game that does not replay),
    so the player's data is never only in the file that is about to change.
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    copy = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while os.path.lexists(copy):
        copy = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
        n += 1
    os.close(os.open(copy, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    try:
        conn.execute("VACUUM INTO ?", (str(copy),))
    except BaseException:
        copy.unlink()
        raise
    return copy

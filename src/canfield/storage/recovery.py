"""Moving a broken database aside, so the app can start fresh without destroying anything."""

from __future__ import annotations

import os
import sqlite3
import stat
import time
from pathlib import Path
from typing import Final

__all__ = ["SIDECARS", "keep_copy", "move_aside", "set_link_aside"]

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


def set_link_aside(path: Path, *, plain_only: bool = False) -> tuple[Path, str] | None:
    """Rename a symbolic link at ``path`` aside, never following it; return (new name, what).

    ``what`` says what was there (the link's target). Returns None when there
    is no link (``plain_only``: when there is a plain file of one name, or
    nothing; anything else, a FIFO or a hard link, is renamed too). The thing
    renamed is the link itself: the file it points to is not opened or changed.
    """
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    if not stat.S_ISLNK(st.st_mode) and not (
        plain_only and not (stat.S_ISREG(st.st_mode) and st.st_nlink == 1)
    ):
        return None
    what = "something that is not a file"
    if stat.S_ISFIFO(st.st_mode):
        what = "a FIFO"
    elif stat.S_ISDIR(st.st_mode):
        what = "a folder"
    elif stat.S_ISREG(st.st_mode):
        what = f"one of {st.st_nlink} names of a file (a hard link)"
    if stat.S_ISLNK(st.st_mode):
        try:
            what = f"a link to {os.readlink(path)}"
        except OSError:
            what = "a link"
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.link-{stamp}")
    n = 1
    while os.path.lexists(aside):
        aside = path.with_name(f"{path.name}.link-{stamp}-{n}")
        n += 1
    os.rename(path, aside)
    return aside, what


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

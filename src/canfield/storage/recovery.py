"""Moving a broken database aside, so the app can start fresh without destroying anything."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Final

__all__ = ["SIDECARS", "move_aside"]

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

"""One writer per database: an exclusive lock on a file beside it, held while the store is open.

The kernel drops the lock when the process ends, even by SIGKILL, so a crash
never leaves a stale lock behind.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import IO

from canfield.storage.errors import StorageInUseError

__all__ = ["hold_lock"]


def hold_lock(path: Path) -> IO[bytes]:
    """Lock ``path`` (created 0600 if missing) and write our pid in it; keep the file open.

    Raises :class:`StorageInUseError` when another process holds it, ``OSError``
    when the file cannot be made (the caller then runs without a file at all).
    """
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    f = os.fdopen(fd, "r+b", buffering=0)
    try:
        _lock(f)
    except (BlockingIOError, PermissionError):
        holder = f.read(32).decode("ascii", "replace").strip()
        f.close()
        who = f" (process {holder})" if holder.isdigit() else ""
        raise StorageInUseError(
            f"{path.parent} is in use by another Canfield{who}; close it first"
        ) from None
    except BaseException:
        f.close()
        raise
    with contextlib.suppress(OSError):  # only informative; a full disk may refuse it
        f.truncate(0)
        f.write(str(os.getpid()).encode("ascii"))
    return f


if sys.platform == "win32":
    import msvcrt

    def _lock(f: IO[bytes]) -> None:
        try:
            msvcrt.locking(f.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            raise BlockingIOError from None

else:
    import fcntl

    def _lock(f: IO[bytes]) -> None:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)

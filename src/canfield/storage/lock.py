"""One writer per database: an exclusive lock on a file beside it, held while the store is open.

The kernel drops the lock when the process ends, even by SIGKILL, so a crash
never leaves a stale lock behind. The file is opened without following a link
(``O_NOFOLLOW``) and used only if it is a plain file of one name: a link or a
hard link planted there is never truncated or written through.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
from pathlib import Path
from typing import IO, Final

from canfield.storage.errors import StorageInUseError

__all__ = ["NOT_A_LOCK", "hold_lock"]

NOT_A_LOCK: Final = errno.ELOOP
"""The ``errno`` of the ``OSError`` raised when something else than our lock file is there."""
_NOFOLLOW: Final = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


def hold_lock(path: Path) -> IO[bytes]:
    """Lock ``path`` (created 0600 if missing) and write our pid in it; keep the file open.

    Raises :class:`StorageInUseError` when another process holds it, ``OSError``
    with errno :data:`NOT_A_LOCK` when a link, a hard link or anything but a plain
    file is there (it is left untouched), another ``OSError`` when the file
    cannot be made (the caller then runs without a file at all).
    """
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | _NOFOLLOW, 0o600)
    except IsADirectoryError:
        raise OSError(NOT_A_LOCK, "a folder, not a lock file", str(path)) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_nlink != 1:
            raise OSError(NOT_A_LOCK, "not a plain file of its own", str(path))
    except BaseException:
        os.close(fd)
        raise
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

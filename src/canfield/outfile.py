"""Output files a command writes (a plot, a screenshot): checked first, then replaced atomically.

Opening a path to write can block for ever (a FIFO with no reader) or write
into a device; the checks here only look (``lstat``), and the bytes go to a
new temporary file beside the target that then replaces it, so a command never
opens what is at the path it was given.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path

__all__ = ["output_problem", "replace_with"]


def output_problem(out: Path, suffix: str) -> str | None:
    """Why ``out`` cannot be written as a ``suffix`` file (one line), or None when it can.

    Refused: another suffix, a missing folder, and anything at the path that is
    not a regular file (a FIFO, a device, a folder, a link that loops or
    dangles is followed by ``stat`` and refused when it leads nowhere regular).
    """
    if out.suffix.lower() != suffix:
        return f"{out} must end in {suffix}"
    try:
        if not out.parent.is_dir():
            return f"{out}: the folder {out.parent} does not exist"
        mode = out.stat().st_mode
    except FileNotFoundError:
        if os.path.islink(out):
            return f"{out} is a link to nowhere"
        return None
    except OSError as exc:
        if exc.errno == errno.ENOENT:
            return None
        return f"{out}: {exc.strerror or exc}"
    if not stat.S_ISREG(mode):
        return f"{out} is not a regular file"
    return None


def replace_with(out: Path, write: Callable[[Path], None]) -> None:
    """Write a new file beside ``out`` with ``write(path)``, then rename it over ``out``.

    ``write`` gets the temporary file's path (a plain file this function made).
    """
    handle, name = tempfile.mkstemp(prefix=f".{out.stem[:40]}-", suffix=out.suffix, dir=out.parent)
    try:
        mask = os.umask(0o022)
        os.umask(mask)
        os.fchmod(handle, 0o666 & ~mask)  # as an ordinary new file, not mkstemp's 0600
    finally:
        os.close(handle)
    try:
        write(Path(name))
        os.replace(name, out)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise

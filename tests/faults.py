"""Real faults for tests: a small tmpfs (root only; always unmounted) filled to the last byte."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


@contextlib.contextmanager
def mounted_tmpfs(where: Path, size: str = "4m") -> Iterator[Path]:
    """Mount a tmpfs at ``where`` for the block; skip the test unless root can mount."""
    if not ROOT or shutil.which("mount") is None:
        pytest.skip("mounting a tmpfs needs root")
    where.mkdir()
    result = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(where)],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {result.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(folder: Path) -> Path:
    """Fill the file system to the last byte; return the filler (delete it to free space)."""
    filler = folder / "filler"
    with filler.open("wb", buffering=0) as f:
        for chunk in (1 << 16, 4096, 1):
            with contextlib.suppress(OSError):
                while True:
                    f.write(b"\0" * chunk)
    assert shutil.disk_usage(folder).free == 0
    return filler

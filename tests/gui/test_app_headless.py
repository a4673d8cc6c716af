"""Starting the app where no window can open gives one clear line, not a Qt core dump."""

from __future__ import annotations

import os
import subprocess
import sys


def test_no_display_is_explained() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)
    run = subprocess.run(
        [sys.executable, "-m", "canfield"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    if not sys.platform.startswith("linux"):
        return
    assert run.returncode == 1
    assert run.stderr.startswith("canfield: no display")
    assert run.stderr.count("\n") == 1

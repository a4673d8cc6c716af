"""The real app on an X server under GNOME's setting: the window's identity, and F11.

A dock ties a window to its launcher by the window's class (X11 WM_CLASS, and the
_GTK_APPLICATION_ID / _KDE_NET_WM_DESKTOP_FILE hints) or its Wayland app id, which Qt
takes from ``QGuiApplication.desktopFileName``. Under ``XDG_CURRENT_DESKTOP=GNOME`` Qt's
GNOME theme binds F11 as the full-screen key, so a second, literal F11 made the key
ambiguous and it did nothing. Keys are pressed with xdotool, as a person presses them.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import pytest
from app_helpers import window
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from canfield.gui.app import APP_ID
from canfield.gui.window import MainWindow

__all__ = ["window"]

ROOT = Path(__file__).resolve().parents[2]
DESKTOP = ROOT / "data" / f"{APP_ID}.desktop"
TOOLS = ("Xvfb", "xdotool", "xprop")
XVFB_ARGS = ("-screen", "0", "1280x800x24", "-nolisten", "tcp")
CHILD = """
import json, sys
from canfield.gui.app import main

def on_shown(window):
    handle = window.windowHandle()
    handle.windowStateChanged.connect(
        lambda state: print("full" if window.isFullScreen() else "normal", flush=True)
    )
    print(json.dumps({"window": int(window.winId())}), flush=True)

sys.exit(main([], on_shown=on_shown))
"""


def entry_value(key: str) -> str:
    for line in DESKTOP.read_text(encoding="utf-8").splitlines():
        if line.startswith(f"{key}="):
            return line.split("=", 1)[1]
    raise AssertionError(f"{DESKTOP.name} has no {key}")


def test_wayland_app_id_is_the_desktop_entry_name() -> None:
    # A child of its own: the app names itself when it creates the QApplication.
    code = (
        "from canfield.gui.app import create_application; app = create_application(); "
        "print(app.desktopFileName()); print(app.applicationName())"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == [DESKTOP.name.removesuffix(".desktop"), entry_value("StartupWMClass")]


@pytest.fixture
def display(tmp_path: Path) -> Iterator[str]:
    """An Xvfb server of this test's own (a random number, so parallel tests keep apart)."""
    gone = [tool for tool in TOOLS if shutil.which(tool) is None]
    if gone:
        pytest.skip(f"not installed: {', '.join(gone)} (Debian: xvfb xdotool x11-utils)")
    rng = random.Random(os.getpid() ^ time.monotonic_ns())
    for _ in range(10):
        number = rng.randrange(30000, 60000)
        if Path(f"/tmp/.X{number}-lock").exists():
            continue
        read, write = os.pipe()
        server = subprocess.Popen(
            [*("Xvfb", f":{number}", "-displayfd", str(write)), *XVFB_ARGS],
            pass_fds=(write,),
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read, "rb") as pipe:
            ready = pipe.readline().strip()
        if ready:
            try:
                yield f":{ready.decode()}"
            finally:
                server.terminate()
                server.wait(timeout=10)
            return
        server.wait(timeout=10)
    pytest.fail("Xvfb did not start")


def read_line(stream: IO[str], proc: subprocess.Popen[str], timeout: float = 30.0) -> str:
    """The child's next line, or a failure naming its stderr once it died or ``timeout`` passed."""
    os.set_blocking(stream.fileno(), False)
    deadline = time.monotonic() + timeout
    buffer = ""
    while time.monotonic() < deadline:
        chunk = stream.readline()
        buffer += chunk or ""
        if buffer.endswith("\n"):
            return buffer.strip()
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    proc.kill()
    _, err = proc.communicate(timeout=10)
    raise AssertionError(f"the app printed {buffer!r}, then nothing; stderr:\n{err}")


def test_window_class_matches_the_entry_and_f11_toggles_full_screen(
    display: str, tmp_path: Path
) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("QT_", "WAYLAND"))}
    env.update(
        DISPLAY=display,
        QT_QPA_PLATFORM="xcb",
        XDG_CURRENT_DESKTOP="GNOME",
        CANFIELD_DATA_DIR=str(tmp_path / "data"),
    )
    app = subprocess.Popen(
        [sys.executable, "-c", CHILD],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert app.stdout is not None
        window = str(json.loads(read_line(app.stdout, app))["window"])

        def prop(name: str) -> str:
            out = subprocess.run(
                ["xprop", "-display", display, "-id", window, name],
                capture_output=True,
                text=True,
                check=True,
                timeout=10,
            ).stdout
            return out.split("=", 1)[1].strip()

        instance, klass = (part.strip().strip('"') for part in prop("WM_CLASS").split(","))
        assert klass == entry_value("StartupWMClass"), (instance, klass)
        assert prop("_GTK_APPLICATION_ID") == f'"{APP_ID}"'
        assert prop("_KDE_NET_WM_DESKTOP_FILE") == f'"{APP_ID}"'

        def key(name: str) -> None:
            subprocess.run(
                ["xdotool", "windowfocus", "--sync", window, "key", name],
                env=env,
                check=True,
                timeout=10,
            )

        key("F11")
        assert read_line(app.stdout, app, timeout=10) == "full"
        key("F11")
        assert read_line(app.stdout, app, timeout=10) == "normal"
        key("ctrl+q")
        _, err = app.communicate(timeout=30)
        assert app.returncode == 0, err
        assert "Ambiguous shortcut" not in err, err
    finally:
        if app.poll() is None:
            app.kill()
            app.communicate(timeout=10)


def test_no_key_is_bound_twice_and_f11_toggles_full_screen(
    window: MainWindow, qtbot: QtBot
) -> None:
    # Offscreen Qt's own theme also binds F11 (and Alt+Enter) as the full-screen key.
    bound = [key.toString() for action in window.actions() for key in action.shortcuts()]
    assert "F11" in bound
    assert len(bound) == len(set(bound)), sorted(k for k in bound if bound.count(k) > 1)
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_F11)
    assert window.isFullScreen()
    qtbot.keyClick(window, Qt.Key.Key_F11)
    assert not window.isFullScreen()

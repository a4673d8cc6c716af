"""The browser build as a blind player meets it: Debian's chromium (not headless) under Xvfb,
on the AT-SPI bus, with Debian's Orca reading it and its speech taken from its debug log.

:class:`WebStack` is :class:`stack.Stack` (its X server, session bus, accessibility bus and
Orca) with chromium in place of the Qt app: ``chromium --force-renderer-accessibility`` on a
page served by ``canfield web``, keys pressed with xdotool into its window. Run as a script it
plays a few keys and prints what Orca said after each::

    nice .venv/bin/python tests/a11y/web_stack.py --lang en [--url http://127.0.0.1:8790/]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Final

from stack import Stack, StackError

CHROMIUM: Final = os.environ.get("CANFIELD_CHROMIUM", "/usr/bin/chromium")
LOCALES: Final = {"en": "en_GB", "pt": "pt_PT", "hu": "hu_HU", "id": "id_ID"}
ORCA_ON_PAGE: Final = "Changing locusOfFocus from"
"""Orca's log as its focus goes anywhere (the page's document, then the focused element)."""


def missing() -> str | None:
    """What the Orca-in-chromium stack lacks here, or ``None``."""
    from stack import missing as stack_missing

    gone = stack_missing()
    if gone is not None:
        return gone
    if shutil.which("orca") is None:
        return "orca is not installed (apt-get install orca)"
    if not os.access(CHROMIUM, os.X_OK):
        return f"no chromium at {CHROMIUM} (apt-get install chromium)"
    return None


class WebStack(Stack):
    """Xvfb, D-Bus, AT-SPI, chromium on ``url`` and Orca; :meth:`close` ends them all."""

    def __init__(self, data_dir: Path, url: str, lang: str = "en", size: str = "1280x800") -> None:
        super().__init__(data_dir, size=size, announcements=False, orca=True)
        self.url = url
        self.lang = lang
        self.window = ""

    def start(self, app_args: tuple[str, ...] = ()) -> None:
        # chromium on Linux takes its languages (navigator.languages) from the locale, not --lang
        locale = LOCALES.get(self.lang, "en_GB") + ".UTF-8"
        self._start_session(
            LANGUAGE=self.lang,
            LANG=locale,
            LC_ALL=locale,
            ACCESSIBILITY_ENABLED="1",  # chromium joins the AT-SPI bus at its start
        )
        width, height = self.size.split("x")
        self.app = self._spawn(
            [
                CHROMIUM,
                "--no-sandbox",
                "--test-type",  # no infobar about --no-sandbox for Orca to read
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--force-renderer-accessibility",
                f"--lang={self.lang}",
                f"--accept-lang={self.lang}",
                f"--user-data-dir={self.data_dir / 'chromium'}",
                "--window-position=0,0",
                f"--window-size={width},{height}",
                *app_args,  # chromium's own flags, as Stack.start passes the app's
                f"--app={self.url}",
            ],
            stdout=subprocess.DEVNULL,
        )
        self.window = self._wait_window()
        self.focus_window()
        assert self.orca_log is not None
        self._start_orca(self.orca_log)

    def _wait_window(self) -> str:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            found = subprocess.run(
                ["xdotool", "search", "--onlyvisible", "--class", "chromium"],
                env=self.env,
                capture_output=True,
                text=True,
                check=False,
            )
            ids = found.stdout.split()
            if ids:
                return ids[-1]
            time.sleep(0.3)
        raise StackError(f"chromium showed no window (see {self.log})")

    def focus_window(self) -> None:
        """No window manager: give chromium's window the X focus, as a click would."""
        subprocess.run(
            ["xdotool", "windowfocus", "--sync", self.window],
            env=self.env,
            capture_output=True,
            check=False,
            timeout=10,
        )

    @staticmethod
    def _orca_on_app(log: Path) -> bool:
        if not log.exists():
            return False
        text = log.read_text(encoding="utf-8", errors="replace")
        return "ORCA: Starting ATSPI registry." in text and ORCA_ON_PAGE in text

    def press(self, *keys: str, wait: float = 0.4) -> list[str]:
        """Press ``keys`` (xdotool names) one by one; what Orca said after them all."""
        mark = self.orca_mark()
        for key in keys:
            subprocess.run(
                ["xdotool", "key", "--clearmodifiers", key],
                env=self.env,
                capture_output=True,
                check=False,
                timeout=10,
            )
            time.sleep(wait)
            self.orca_quiet(quiet=0.8, limit=15.0)
        return self.orca_said(mark)

    def quiet_said(self, quiet: float = 1.5, limit: float = 60.0) -> list[str]:
        """What Orca says from now until it has been quiet ``quiet`` seconds."""
        mark = self.orca_mark()
        self.orca_quiet(quiet=quiet, limit=limit)
        return self.orca_said(mark)


def serve(site: Path) -> tuple[subprocess.Popen[str], str]:
    """``canfield web`` on a free port serving ``site``; its process and URL."""
    process = subprocess.Popen(
        [sys.executable, "-m", "canfield", "web", "--port", "0", "--dir", str(site)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    if " at http://" not in line:
        process.kill()
        raise StackError(f"canfield web did not start: {line}")
    return process, line.split(" at ", 1)[1].split(" ", 1)[0]


STEPS: Final = (
    ("first load", ()),
    ("Escape (put the welcome away)", ("Escape",)),
    ("Tab", ("Tab",)),
    ("Tab", ("Tab",)),
    ("Tab", ("Tab",)),
    ("Tab", ("Tab",)),
    ("Tab", ("Tab",)),
    ("Tab", ("Tab",)),
    ("r (reserve)", ("r",)),
    ("1 (column 1)", ("1",)),
    ("Right", ("Right",)),
    ("Down", ("Down",)),
    ("r, Enter (pick up)", ("r", "Return")),
    ("2 (put down)", ("2",)),
    ("Ctrl+Z (undo)", ("ctrl+z",)),
    ("d (draw)", ("d",)),
    ("w, Enter", ("w", "Return")),
    ("3 (refused)", ("3",)),
    ("Escape", ("Escape",)),
    ("p (read pile)", ("p",)),
    ("t (table)", ("t",)),
    ("N (New game)", ("n",)),
    ("Tab", ("Tab",)),
    ("Tab", ("Tab",)),
    ("Escape", ("Escape",)),
    ("Ctrl+comma (Settings)", ("ctrl+comma",)),
    ("Tab", ("Tab",)),
    ("Escape", ("Escape",)),
    ("r", ("r",)),
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", default="en")
    parser.add_argument("--url", help="a served site (default: serve dist/web/)")
    parser.add_argument("--code", default="CF1-D3-AAAAACL")
    parser.add_argument("--keep", action="store_true", help="keep the data folder")
    args = parser.parse_args()
    reason = missing()
    if reason:
        print(reason)
        return 0
    server = None
    url = args.url
    if url is None:
        site = Path(__file__).resolve().parents[2] / "dist" / "web"
        server, url = serve(site)
    data = Path(tempfile.mkdtemp(prefix="webear-"))
    stack = WebStack(data, f"{url}?code={args.code}", lang=args.lang)
    try:
        stack.start()
        for title, keys in STEPS:
            said = stack.quiet_said(quiet=3.0, limit=90.0) if not keys else stack.press(*keys)
            print(f"## {title}: " + " | ".join(said), flush=True)
    finally:
        stack.close()
        if server is not None:
            server.terminate()
        if not args.keep:
            shutil.rmtree(data, ignore_errors=True)
        else:
            print(f"kept {data}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

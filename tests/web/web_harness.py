"""The browser tests' harness: one build of the site per test session, ``canfield web`` serving
it, and Playwright (npm ``playwright-core``) driving Debian's headless chromium.

Each browser test runs scenarios of ``tests/web/scenarios.mjs`` in Node, which find controls
by their accessible names (looked up here in the catalogs, so a test in any language finds the
same controls) and print what the page showed and said as JSON; the assertions are in Python,
where the engine can say what the page should have shown. Without chromium, Node or ``npm ci``
the tests skip with one line saying which.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import warnings
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from canfield import Game, i18n
from canfield.i18n import _

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "tests" / "web" / "scenarios.mjs"
BUILD = ROOT / "build" / "web-test"
CHROMIUM = os.environ.get("CANFIELD_CHROMIUM", "/usr/bin/chromium")
_INPUTS = ("src/canfield", "web", "tools/build_web.py", "package-lock.json", "data")
SCENARIO_SECONDS = 600
"""Seconds one run of scenarios may take before it is killed (a hung browser fails, not hangs)."""
WIN_DECK = "5H 5S 4C 4D 4H 4S 3C 3D 3H 3S 2C 2D 2H AS AH AD AC 2S 5D 5C " + " ".join(
    rank + suit for rank in "6789TJQK" for suit in "SHDC"
)
"""A draw-1 deal won by playing every card home as soon as it shows (storage_kill_child.py)."""


def missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if shutil.which("node") is None:
        return "node is not installed (apt-get install nodejs)"
    if not (ROOT / "node_modules" / "playwright-core").is_dir():
        return "node_modules is missing (run `npm ci`)"
    if not os.access(CHROMIUM, os.X_OK):
        return f"no chromium at {CHROMIUM} (apt-get install chromium)"
    return None


def _inputs_digest() -> str:
    digest = hashlib.sha256()
    for name in _INPUTS:
        base = ROOT / name
        paths = [base] if base.is_file() else sorted(base.rglob("*"))
        for path in paths:
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".so":
                digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
                digest.update(path.read_bytes())
    return digest.hexdigest()


def build_site() -> Path:
    """The site built from this tree, once for every test process (a lock and a stamp)."""
    BUILD.parent.mkdir(exist_ok=True)
    site, stamp = BUILD / "site", BUILD / "stamp"
    with open(BUILD.parent / "web-test.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        digest = _inputs_digest()
        if stamp.is_file() and stamp.read_text() == digest and (site / "sw.js").is_file():
            return site
        BUILD.mkdir(exist_ok=True)
        result = subprocess.run(
            [sys.executable, str(ROOT / "tools" / "build_web.py"), "--out", str(site)],
            capture_output=True,
            text=True,
            check=False,
        )
        if result.returncode != 0:
            pytest.fail(f"the site does not build:\n{result.stderr}")
        stamp.write_text(digest)
    return site


@dataclass
class Server:
    """``canfield web`` serving the site in a child process."""

    process: subprocess.Popen[str]
    url: str

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        for pipe in (self.process.stdout, self.process.stderr):
            if pipe is not None:
                pipe.close()


def run_module(
    runner: str, stdin: str = "", timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """``runner``, an ES module, run by Node from the repository (``stdin`` on its input)."""
    return subprocess.run(
        ["node", "--input-type=module", "-e", runner],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        cwd=ROOT,
    )


def start_server(site: Path) -> Server:
    process = subprocess.Popen(
        [sys.executable, "-m", "canfield", "web", "--port", "0", "--dir", str(site)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    if " at http://" not in line:
        process.kill()
        pytest.fail(
            f"canfield web did not start: {line}{process.stderr.read() if process.stderr else ''}"
        )
    url = line.split(" at ", 1)[1].split(" ", 1)[0]
    return Server(process, url)


def _plain(text: str) -> str:
    return text.replace("&", "")


@cache
def texts(lang: str) -> dict[str, str]:
    """The names the scenarios find controls by, in ``lang``, from the catalogs."""
    before = i18n.language()
    i18n.set_language(lang)
    try:
        return {
            "menu": _("Menu"),
            "new_game": _plain(_("&New game")),
            "statistics": _plain(_("&Statistics")),
            "settings": _plain(_("&Settings…")).rstrip("…"),
            "rules": _plain(_("&Rules")),
            "about": _plain(_("&About")),
            "variant": _plain(_("&Variant")),
            "code": _plain(_("&Game code or deck (optional)")),
            "deal": _("Deal"),
            "draw3": _("3 cards"),
            "draw1": _("1 card"),
            "winnable": _("Winnable deals only"),
            "looking": _("Looking for a winnable deal…"),
            "abandon": _("Abandon"),
            "close": _("Close"),
            "cancel": _("Cancel"),
            "language": _("Language"),
            "double_tap": _("Double tap"),
            "animations": _("Animations"),
            "four_colour": _("Four-colour deck"),
            "show_winnability": _("Show whether the deal can still be won"),
            "table_colour": _("Table colour"),
            "blue": _("Blue"),
            "you_won": _("You won!"),
            "play_again": _("Play again"),
            "restart": _plain(_("&Restart")),
            "copy_deck": _plain(_("&Copy deck")),
            "copied_deck": _("Copied the deck"),
            "reset_all": _("Reset all statistics"),
            "start_playing": _("Start playing"),
            "how_it_works": _plain(_("How Canfield &works")),
            "finish": _plain(_("&Finish")),
            "hint": _plain(_("&Hint")),
            "show_me": _plain(_("&Show me")),
            "keep_playing": _("Keep playing"),
            "random_deal": _("Deal a random one"),
        }
    finally:
        i18n.set_language(before)


@cache
def winning_moves() -> list[str]:
    """The line that wins :data:`WIN_DECK`: every card home when it can go, else the stock."""
    game = Game.from_deck(WIN_DECK, draw=1)
    line = []
    while not game.is_won:
        ups = [m for m in game.legal_moves() if m.notation().endswith(">f")]
        line.append(game.play(ups[0] if ups else "s").notation())
    return line


def _command(names: str, url: str, options: dict[str, Any]) -> list[str]:
    options = {**options, "texts": {lang: texts(lang) for lang in i18n.LANGUAGES}}
    return ["node", str(SCENARIOS), names, url, json.dumps(options)]


def _env() -> dict[str, str]:
    """The scenarios' environment: chromium's own output joins their stderr (Playwright's
    ``pw:browser`` log), seen only when one fails, where it says why a renderer died."""
    return {**os.environ, "CANFIELD_CHROMIUM": CHROMIUM, "DEBUG": "pw:browser"}


class RendererCrash(UserWarning):
    """Chromium's renderer died under a scenario, which was run once more."""


def crashed_once(names: str, stderr: str, attempt: int) -> bool:
    """Whether a failed run is worth one more: its renderer died ("Target crashed": a fault of
    the browser process, which no page script can cause but by memory, and the renderers here
    stay under 400 MB), and only the first time. The crash is a warning with chromium's last
    words, so a recurring one is seen; a second crash, or any other failure, fails the test."""
    if attempt > 1 or not any(s in stderr for s in ("Target crashed", "Page crashed")):
        return False
    said = [line for line in stderr.splitlines() if "pw:browser" in line and "dbus" not in line]
    warnings.warn(
        RendererCrash(
            f"{names}: chromium's renderer crashed, run again; its last "
            f"lines:\n" + "\n".join(said[-12:])
        ),
        stacklevel=2,
    )
    return True


def run_scenario(
    names: str, url: str, *, seconds: float = SCENARIO_SECONDS, **options: Any
) -> dict[str, Any]:
    """Run scenarios of scenarios.mjs (``a,b``: one browser) against ``url``; what they saw."""
    for attempt in (1, 2):
        result = subprocess.run(
            _command(names, url, options),
            capture_output=True,
            text=True,
            timeout=seconds,
            check=False,
            cwd=ROOT,
            env=_env(),
        )
        if result.returncode == 0 or not crashed_once(names, result.stderr, attempt):
            break
    if result.returncode != 0:
        pytest.fail(f"scenario {names} failed:\n{result.stderr[-4000:]}")
    answer: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    return answer


def scenario_process(names: str, url: str, **options: Any) -> subprocess.Popen[str]:
    """Scenarios that talk while they run (the offline step waits for the server to stop)."""
    return subprocess.Popen(
        _command(names, url, options),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=_env(),
    )

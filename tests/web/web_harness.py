"""The browser tests' harness: one build of the site per test session, ``canfield web`` serving
it, and Playwright (npm ``playwright-core``) driving Debian's headless chromium.

Each browser test runs a scenario of ``tests/web/scenarios.mjs`` in Node, which prints what
the page showed and said as JSON; the assertions are here, in Python, where the engine
can say what the page should have shown. Without chromium, Node or ``npm ci`` the tests
skip with one line saying which.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "tests" / "web" / "scenarios.mjs"
BUILD = ROOT / "build" / "web-test"
CHROMIUM = os.environ.get("CANFIELD_CHROMIUM", "/usr/bin/chromium")
_INPUTS = ("src/canfield", "web", "tools/build_web.py", "package-lock.json", "data")


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


def run_scenario(name: str, url: str, **options: Any) -> dict[str, Any]:
    """Run one scenario of scenarios.mjs against ``url``; what the page showed, as JSON."""
    result = subprocess.run(
        ["node", str(SCENARIOS), name, url, json.dumps(options)],
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
        cwd=ROOT,
        env={**os.environ, "CANFIELD_CHROMIUM": CHROMIUM},
    )
    if result.returncode != 0:
        pytest.fail(f"scenario {name} failed:\n{result.stderr[-4000:]}")
    lines = result.stdout.strip().splitlines()
    answer: dict[str, Any] = json.loads(lines[-1])
    return answer


def scenario_process(name: str, url: str, **options: Any) -> subprocess.Popen[str]:
    """A scenario that talks while it runs (the offline one waits for the server to stop)."""
    return subprocess.Popen(
        ["node", str(SCENARIOS), name, url, json.dumps(options)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, "CANFIELD_CHROMIUM": CHROMIUM},
    )

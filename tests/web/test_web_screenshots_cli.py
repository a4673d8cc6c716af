"""tools/web_screenshots.py's command line: --help prints it and builds nothing; a bad
argument is refused in one line before anything starts (a run builds the site and opens
chromium for minutes)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "web_screenshots.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(TOOL), *args], capture_output=True, text=True, timeout=60, check=False
    )


def test_help_prints_the_options_and_starts_nothing() -> None:
    done = run("--help")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: web_screenshots.py [-h] [--only KINDS]")
    for option in ("--only KINDS", "--size SIZES", "--lang LANGS", "tables, screens, looks, aids"):
        assert option in done.stdout
    assert "wrote" not in done.stdout and done.stderr == ""  # no build, no browser


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--only", "pictures"], "argument --only: 'pictures' is not a comma-separated list"),
        (["--size", "tall,huge"], "argument --size: 'tall,huge' is not a comma-separated list"),
        (["--lang", "fr"], "argument --lang: 'fr' is not a comma-separated list of en, pt, hu"),
        (["--only", ","], "argument --only: ',' is not a comma-separated list"),
        (["--bogus"], "unrecognized arguments: --bogus"),
        (["screens"], "unrecognized arguments: screens"),
    ],
)
def test_a_bad_argument_is_refused_in_one_line(args: list[str], said: str) -> None:
    done = run(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("web_screenshots.py: error: "), done.stderr
    assert said in lines[0]

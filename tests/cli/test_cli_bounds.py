"""Hostile numbers and encodings on the command line: one line on stderr, exit 2, never a hang."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from canfield.cli import main
from canfield.cli.screenshot import MAX_FRAMES
from canfield.cli.solve import MAX_TABLE_LIMIT, MAX_TIME_LIMIT
from canfield.deal import EXAMPLE_CODE

CODE = EXAMPLE_CODE


@pytest.mark.parametrize("value", ["inf", "1e308", "nan", "-1", "0", "86401", "ten"])
def test_solve_time_limit_is_bounded(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["solve", CODE, "--time-limit", value])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--time-limit" in err
    assert f"{MAX_TIME_LIMIT:g}" in err or "not a number" in err


@pytest.mark.parametrize("value", ["0", str(MAX_TABLE_LIMIT + 1), "1e9"])
def test_solve_table_limit_is_bounded(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["solve", CODE, "--table-limit", value])
    assert info.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1


@pytest.mark.parametrize("value", ["100000000", "-1", str(MAX_FRAMES + 1), "many"])
def test_screenshot_frames_are_bounded(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["screenshot", "out.png", CODE, "--frames", value])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--frames" in err


def test_largest_time_limit_is_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", CODE, "--moves", "QC>2 8H>f KH>4", "--time-limit", "86400"]) == 0
    assert capsys.readouterr().out.startswith("verdict: won")


def test_output_in_a_narrow_encoding_does_not_die() -> None:
    """Windows with output sent to a file: cp1252 has no 'ő'; the text is escaped, not lost."""
    env = dict(os.environ, PYTHONIOENCODING="cp1252")
    result = subprocess.run(
        [sys.executable, "-m", "canfield", "show", CODE, "--lang", "hu"],
        env=env,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr.decode("cp1252", "replace")
    out = result.stdout.decode("cp1252")
    assert "k\\u0151r" in out  # kőr (hearts), escaped
    assert "Alapok" in out


@pytest.mark.parametrize(
    "args",
    [["show", CODE], ["moves", CODE], ["survey", "--report", "SURVEY"]],
    ids=["show", "moves", "survey-report"],
)
def test_a_reader_that_has_gone_stops_the_command_quietly(args: list[str], tmp_path: Path) -> None:
    survey = tmp_path / "s.csv"
    survey.write_text("deal,variant,draw,verdict,seconds,nodes\n1,canfield,3,won,0.1,10\n")
    args = [str(survey) if a == "SURVEY" else a for a in args]
    read_end, write_end = os.pipe()
    os.close(read_end)  # like `| head` that has already quit: every write fails with EPIPE
    try:
        done = subprocess.run(
            [sys.executable, "-m", "canfield", *args],
            check=False,
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    finally:
        os.close(write_end)
    assert done.stderr == ""
    assert done.returncode == 141

"""tools/win_rates_retry.sh, the atlas's retry runner: each plan line is one resumable survey."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STRICT_D3 = ROOT / "docs" / "win-rates" / "strict-d3.csv"


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs a POSIX shell")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_plan_line_retries_the_rows_unknowns_and_keeps_every_row(
    tmp_path: Path, jobs: str
) -> None:
    # the row as it was before its last retry: deal 1,000,994 unknown after 10 s
    rows = STRICT_D3.read_text(encoding="utf-8").splitlines(keepends=True)
    before = [line for line in rows if not line.startswith("1000994,strict,3,lost,")]
    assert len(before) == 1001  # a header and the 1,000 deals
    (tmp_path / "strict-d3.csv").write_text("".join(before), encoding="utf-8")
    (tmp_path / "plan").write_text("# one row\n\nstrict 3 11\n", encoding="utf-8")
    canfield = tmp_path / "canfield"
    canfield.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m canfield "$@"\n', encoding="utf-8")
    canfield.chmod(0o755)
    done = subprocess.run(
        ["sh", str(ROOT / "tools" / "win_rates_retry.sh"), str(tmp_path), str(tmp_path / "plan")],
        env={**os.environ, "CANFIELD": str(canfield), "TABLE": "200000", "JOBS": jobs},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert f"strict draw 3, unknowns at 11 s, {jobs} worker(s)" in done.stdout
    after = (tmp_path / "strict-d3.csv").read_text(encoding="utf-8").splitlines(keepends=True)
    assert after[: len(before)] == before  # append-only
    assert [line.split(",")[:4] for line in after[len(before) :]] == [
        ["1000994", "strict", "3", "lost"]
    ]


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs a POSIX shell")
@pytest.mark.parametrize("jobs", ["0", "two", "-1", "1.5"])
def test_a_worker_count_that_is_not_one_or_more_is_refused_before_any_survey(
    tmp_path: Path, jobs: str
) -> None:
    (tmp_path / "plan").write_text("strict 3 11\n", encoding="utf-8")
    done = subprocess.run(
        ["sh", str(ROOT / "tools" / "win_rates_retry.sh"), str(tmp_path), str(tmp_path / "plan")],
        env={**os.environ, "CANFIELD": "/nonexistent/canfield", "JOBS": jobs},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.strip() == f"JOBS must be a whole number of workers, 1 or more: {jobs}"
    assert done.stdout == ""
    assert list(tmp_path.iterdir()) == [tmp_path / "plan"]

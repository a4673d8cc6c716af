"""``make test`` runs on two workers with ``--dist loadgroup``: tests of one ``xdist_group``
must share a worker (a module-wide browser, a brute force's cache, one app per language).

pytest-xdist names a test's group by rewriting its node id; pytest 9.2 keeps the id
elsewhere, so with xdist 3.8 (the latest) every group was silently ignored. The test extra
pins pytest below 9.2 for that; this runs a small suite the way ``make test`` does and
checks that each group stayed on one worker, so an upgrade that breaks it again fails here.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("xdist")

SUITE = """
import os
from pathlib import Path

import pytest

RAN = Path(__file__).parent / "ran"


def _note(name: str) -> None:
    with (RAN / f"{name}-{os.environ['PYTEST_XDIST_WORKER']}").open("a") as out:
        out.write("x")


@pytest.mark.xdist_group("first")
@pytest.mark.parametrize("n", range(12))
def test_first(n: int) -> None:
    _note("first")


@pytest.mark.parametrize(
    "n", [pytest.param(n, marks=pytest.mark.xdist_group("second")) for n in range(12)]
)
def test_second(n: int) -> None:
    _note("second")


@pytest.mark.parametrize("n", range(24))
def test_free(n: int) -> None:
    _note("free")
"""


def test_each_xdist_group_runs_on_one_worker(tmp_path: Path) -> None:
    (tmp_path / "ran").mkdir()
    (tmp_path / "test_grouped.py").write_text(SUITE)
    command = [sys.executable, "-m", "pytest", "-q", "-n", "2", "--dist", "loadgroup"]
    run = subprocess.run(
        [*command, "-p", "no:cacheprovider", "test_grouped.py"],
        check=False,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    workers: dict[str, dict[str, int]] = {}
    for note in (tmp_path / "ran").iterdir():
        group, worker = note.name.split("-")
        workers.setdefault(group, {})[worker] = len(note.read_text())
    assert sum(workers["first"].values()) == sum(workers["second"].values()) == 12
    assert len(workers["first"]) == 1, workers  # all twelve on one worker
    assert len(workers["second"]) == 1, workers
    assert len(workers["free"]) == 2, workers  # the rest spread: two workers did run

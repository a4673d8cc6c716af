"""``canfield survey``: arguments, ``--report``, ``--plot``; the app never needs the research extra.

Runs on clusters (local and real schedulers, killed clients and workers) are
in test_survey_dask.py.
"""

from __future__ import annotations

import json
import os
import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from canfield.cli import main
from canfield.solver.survey import HEADER

HEAD = ",".join(HEADER) + "\n"


def run(args: list[str], timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``canfield ARGS`` in a real process (a hang fails the test instead of stalling it)."""
    return subprocess.run(
        [sys.executable, "-m", "canfield", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def exit_code(args: list[str]) -> int:
    try:
        return main(args)
    except SystemExit as exc:  # argparse refusals
        return int(exc.code or 0)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--count", "0"], "--count"),
        (["--count", "8031810170"], "--count"),
        (["--first", "-3"], "--first"),
        (["--first", "8031810170"], "--first"),
        (["--jobs", "0"], "--jobs"),
        (["--jobs", "100000"], "--jobs"),
        (["--count", "2", "--jobs", "3"], "--jobs"),
        (["--draw", "2"], "--draw"),
        (["--time-limit", "inf"], "--time-limit"),
        (["--time-limit", "nan"], "--time-limit"),
        (["--time-limit", "0"], "--time-limit"),
        (["--time-limit", "1e308"], "--time-limit"),
        (["--variant", "nope"], "canfield"),
        (["--jobs", "1", "--scheduler", "tcp://127.0.0.1:8786"], "not allowed"),
        (["--scheduler", "x" * 300], "--scheduler"),
        (["--json"], "--json"),
        (["--table-limit", "0"], "--table-limit"),
        (["--table-limit", "100000001"], "--table-limit"),
        (["--table-limit", "1e6"], "--table-limit"),
    ],
)
def test_bad_run_arguments_exit_2_and_touch_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    out = tmp_path / "s.csv"
    assert exit_code(["survey", *args, "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert message in err
    assert not out.exists()


@pytest.mark.parametrize("flag", ["--retry-unknown", "--resolve-lost"])
def test_solving_again_belongs_to_a_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], flag: str
) -> None:
    out = tmp_path / "s.csv"
    out.write_text(HEAD)
    assert exit_code(["survey", "--report", str(out), flag]) == 2
    assert f"{flag} is part of a survey run" in capsys.readouterr().err
    assert out.read_text() == HEAD


def test_retry_unknown_and_resolve_lost_are_one_or_the_other(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "s.csv"
    out.write_text(HEAD)
    args = ["survey", "--out", str(out), "--retry-unknown", "--resolve-lost"]
    assert exit_code(args) == 2
    assert "not allowed with argument" in capsys.readouterr().err
    assert out.read_text() == HEAD


@pytest.mark.parametrize(
    ("source", "retry", "message"),
    [
        ("3,storehouse,3,won,0.0200,99\n", False, "--won-in FILE goes with --retry-unknown"),
        ("3,storehouse,1,won,0.0200,99\n", True, "a win of storehouse draw 1 is not one of"),
        ("3,canfield,3,won,0.0200,99\n", True, "a win of canfield draw 3 is not one of"),
        ("", True, "records no deals"),
        (None, True, "is the --out file itself"),
        ("not,a,survey\n", True, "is not a survey file"),
    ],
)
def test_won_in_takes_only_a_game_whose_wins_are_this_ones(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    source: str | None,
    retry: bool,
    message: str,
) -> None:
    """A draw-1 win is no draw-3 win, nor is a win with other cards dealt: refused in one
    line before anything runs, both files as they were."""
    out = tmp_path / "storehouse-d3.csv"
    out.write_text(HEAD + "3,storehouse,3,unknown,0.0010,9\n")
    won_in = tmp_path / "source.csv"
    if source is None:
        won_in = out
    else:
        won_in.write_text(source if source.startswith("not") else HEAD + source)
    before = won_in.read_text()
    args = ["survey", "--variant", "storehouse", "--draw", "3", "--first", "3", "--count", "1"]
    args += ["--out", str(out), "--won-in", str(won_in), *(["--retry-unknown"] * retry)]
    assert exit_code(args) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message in err
    assert won_in.read_text() == before
    assert out.read_text() == HEAD + "3,storehouse,3,unknown,0.0010,9\n"


def test_a_run_needs_out(capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_code(["survey", "--count", "3"]) == 2
    assert "--out" in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_a_fifo_or_device_is_refused_at_once(tmp_path: Path, kind: str) -> None:
    out = tmp_path / "fifo" if kind == "fifo" else Path("/dev/zero")
    if kind == "fifo":
        os.mkfifo(out)
    for args in (["survey", "--count", "2", "--out", str(out)], ["survey", "--report", str(out)]):
        done = run(args, timeout=60)  # a real process: blocking or reading forever fails here
        assert done.returncode == 2
        assert done.stderr.strip() == f"canfield survey: error: {out} is not a regular file"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("nowhere/s.csv", "does not exist"),
        ("n" * 300 + ".csv", "too long"),
        (".", "Is a directory|not a regular file|holds no survey files"),
    ],
)
def test_bad_out_paths_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, message: str
) -> None:
    out = tmp_path / name
    for args in (["survey", "--count", "2", "--out", str(out)], ["survey", "--report", str(out)]):
        assert main(args) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1
        assert re.search(message, err)
    assert sorted(tmp_path.iterdir()) == []


def test_report_text_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "s.csv"
    rows = [(1, "won"), (2, "won"), (3, "won"), (4, "lost"), (5, "unknown")]
    out.write_text(HEAD + "".join(f"{d},canfield,1,{v},0.5000,10\n" for d, v in rows))
    assert main(["survey", "--report", str(out), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["variant"], data["draw"]) == ("canfield", 1)
    assert (data["n"], data["won"], data["lost"], data["unknown"]) == (5, 3, 1, 1)
    assert data["rate"] == pytest.approx(0.75)
    assert data["low"] == pytest.approx(0.2307, abs=1e-4)  # Wilson low of 3 of 5
    assert data["high"] == pytest.approx(0.9638, abs=1e-4)  # Wilson high of 4 of 5
    assert main(["survey", "--report", str(out)]) == 0
    text = capsys.readouterr().out
    assert "won 3, lost 1, unknown 1" in text
    assert "75.000% of resolved" in text
    assert "23.07" in text


def test_report_of_a_folder_reads_every_survey_file_in_it_and_sums_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    atlas = tmp_path / "atlas"
    atlas.mkdir()
    (atlas / "a.csv").write_text(HEAD + "".join(f"{d},canfield,3,won,0.1,1\n" for d in range(99)))
    (atlas / "b.csv").write_text(
        HEAD + "".join(f"{d},rainbow,1,{'unknown' if d < 2 else 'lost'},0.1,1\n" for d in range(99))
    )
    (atlas / "notes.txt").write_text("not a survey\n")
    elsewhere = tmp_path / "c.csv"  # a link in the folder is not followed
    elsewhere.write_text(HEAD + "1,strict,1,lost,0.1,1\n")
    (atlas / "c.csv").symlink_to(elsewhere)
    assert main(["survey", "--report", str(atlas)]) == 0
    text = capsys.readouterr().out
    assert text.index("canfield draw 3: 99 deals") < text.index("rainbow draw 1: 99 deals")
    assert "strict" not in text
    assert "2 files: 198 deals, won 99, lost 97, unknown 2" in text
    assert "more than 1% unknown: rainbow draw 1 (2 of 99)" in text
    assert main(["survey", "--report", str(atlas), "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [json.loads(line)["file"] for line in lines] == [
        str(atlas / "a.csv"),
        str(atlas / "b.csv"),
    ]


def test_report_of_a_folder_refuses_a_damaged_file_before_printing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a.csv").write_text(HEAD + "1,canfield,3,won,0.1,1\n")
    (tmp_path / "b.csv").write_text("shopping list\n")
    assert main(["survey", "--report", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "b.csv" in err and "not a survey file" in err


def test_report_refuses_a_foreign_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "notes.txt"
    out.write_text("shopping list\n")
    assert main(["survey", "--report", str(out)]) == 2
    assert "not a survey file" in capsys.readouterr().err
    assert out.read_text() == "shopping list\n"


def test_plot_draws_a_png(tmp_path: Path) -> None:
    files = []
    for name, variant, draw in [("a", "canfield", 3), ("b", "solvitaire", 3)]:
        path = tmp_path / f"{name}.csv"
        path.write_text(HEAD + "".join(f"{d},{variant},{draw},won,0.1,1\n" for d in range(9)))
        files.append(str(path))
    png = tmp_path / "plot.png"
    assert main(["survey", "--plot", str(png), *files]) == 0
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert width > 600
    assert height > 150


@pytest.mark.parametrize(
    "args",
    [
        ["--plot", "{tmp}/plot.csv", "{tmp}/a.csv"],  # would overwrite a survey with a PNG
        ["--plot", "{tmp}/plot.png"],
        ["--plot", "{tmp}/nowhere/plot.png", "{tmp}/a.csv"],
        ["--plot", "{tmp}/a.png", "{tmp}/missing.csv"],
    ],
)
def test_bad_plot_arguments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    (tmp_path / "a.csv").write_text(HEAD + "1,canfield,3,won,0.1,1\n")
    before = sorted(tmp_path.iterdir())
    assert exit_code(["survey", *(a.format(tmp=tmp_path) for a in args)]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    assert sorted(tmp_path.iterdir()) == before


@pytest.mark.parametrize(
    ("missing", "args"),
    [
        ("distributed", ["survey", "--count", "2", "--out", "{tmp}/s.csv"]),
        ("matplotlib", ["survey", "--plot", "{tmp}/p.png", "{tmp}/a.csv"]),
    ],
)
def test_without_the_research_extra_a_one_line_error(
    tmp_path: Path, missing: str, args: list[str]
) -> None:
    (tmp_path / "a.csv").write_text(HEAD + "1,canfield,3,won,0.1,1\n")
    code = (
        f"import sys; sys.modules[{missing!r}] = None; from canfield.cli import main; "
        f"sys.exit(main({[a.format(tmp=tmp_path) for a in args]!r}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert "pip install 'canfield[research]'" in done.stderr
    assert not (tmp_path / "s.csv").exists()


def test_the_app_and_library_never_import_dask_or_matplotlib() -> None:
    code = (
        "import sys, canfield, canfield.solver, canfield.solver.survey, canfield.cli.survey\n"
        "from canfield.cli import main\n"
        "main(['show', 'CF1-D3-AAAAACL']); main(['solve', 'CF1-D3-AAAAACL', '--json'])\n"
        "bad = [m for m in ('distributed', 'dask', 'matplotlib') if m in sys.modules]\n"
        "sys.exit(1 if bad else 0)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr

"""The survey's file handling (resume, torn lines) and its statistics."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from canfield.solver.survey import (
    HEADER,
    Row,
    load_rows,
    percentile,
    run_survey,
    summarize,
    wilson_interval,
)


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(72, 100)
    assert low == pytest.approx(0.6251, abs=1e-4)
    assert high == pytest.approx(0.7986, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_summary_counts_unknowns_both_ways() -> None:
    rows = [
        Row(f"CF1-D3-AAAAAA{c}", v, t, 1, 0)
        for c, v, t in zip(
            "ABCD", ["won", "won", "lost", "unknown"], [0.1, 0.2, 0.3, 10.0], strict=True
        )
    ]
    summary = summarize(rows)
    assert (summary.won, summary.lost, summary.unknown) == (2, 1, 1)
    assert summary.low == pytest.approx(wilson_interval(2, 4)[0])
    assert summary.high == pytest.approx(wilson_interval(3, 4)[1])
    assert summary.resolved == 0.75
    assert summary.win_rate == pytest.approx(2 / 3)
    assert summary.median == 0.2
    assert summary.slowest == 10.0


def test_percentile_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50
    assert percentile(values, 90) == 90
    assert percentile(values, 99) == 99
    assert percentile(values, 100) == 100
    assert math.isnan(percentile([], 50))


def test_resume_after_a_torn_line(tmp_path: Path) -> None:
    out = tmp_path / "s.csv"
    first = run_survey(3, 0, 3, jobs=1, time_limit=0.5, out=out)
    assert len(first) == 3
    text = out.read_text()
    # a SIGKILL in the middle of writing the next row leaves half a line
    out.write_text(text + "CF1-D3-AAAAAAD,wo")
    assert set(load_rows(out)) == {r.code for r in first}
    assert out.read_text() == text
    out.write_text(text + "CF1-D3-AAAAAAD,wo")
    seen: list[str] = []
    rows = run_survey(
        3, 0, 5, jobs=1, time_limit=0.5, out=out, on_row=lambda r: seen.append(r.code)
    )
    assert seen == ["CF1-D3-AAAAAAD", "CF1-D3-AAAAAAE"]  # only the missing deals are solved
    lines = out.read_text().splitlines()
    assert lines[0] == ",".join(HEADER)
    codes = [line.split(",")[0] for line in lines[1:]]
    assert sorted(codes) == [f"CF1-D3-AAAAAA{c}" for c in "ABCDE"]
    assert len(rows) == 5


def test_parallel_run(tmp_path: Path) -> None:
    out = tmp_path / "p.csv"
    rows = run_survey(1, 10, 4, jobs=2, time_limit=0.5, out=out)
    assert sorted(r.code for r in rows) == [f"CF1-D1-AAAAAA{c}" for c in "KLMN"]
    assert len(load_rows(out)) == 4

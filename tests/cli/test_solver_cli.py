"""``canfield solve`` from the command line (``canfield survey``: test_survey_cli.py)."""

from __future__ import annotations

import json
import time

import pytest

from canfield import Game
from canfield.cli import main


def test_solve_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["solve", "CF1-D3-AAAAACL", "--moves", "QC>2 8H>f KH>4", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"verdict", "line", "nodes", "seconds"}
    assert data["verdict"] == "won"
    assert isinstance(data["nodes"], int)
    assert isinstance(data["seconds"], float)
    game = Game.from_code("CF1-D3-AAAAACL")
    for move in ["QC>2", "8H>f", "KH>4", *data["line"]]:
        game.play(move)
    assert game.is_won


def test_solve_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "CF1-D3-AAAAAAU", "--time-limit", "5"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("verdict: lost")
    assert "nodes:" in out
    assert "seconds:" in out


def test_solve_deck(capsys: pytest.CaptureFixture[str]) -> None:
    deck = Game.from_code("CF1-D1-AAAAAAB").deck_string
    assert main(["solve", "--deck", deck, "--draw", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["verdict"] == "won"


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "CF9-D3-AAAAAAA"],
        ["solve", "CF1-D3-AAAAAAA", "--moves", "ZZ>9"],
        ["solve", "CF1-D3-AAAAAAA", "--time-limit", "-1"],
        ["solve"],
    ],
)
def test_bad_input_exits_2(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(args)
    except SystemExit as exc:  # argparse refusals
        code = int(exc.code or 0)
    assert code == 2
    err = capsys.readouterr().err.strip()
    assert err and len(err.splitlines()) == 1


def _open_rainbow_deck() -> str:
    """Rainbow draw 1, deal 1,000,000: open after minutes of search (docs/solver.md)."""
    from canfield.deal import deck_for_deal

    return Game.from_deck(deck_for_deal(1_000_000), 1, "rainbow").deck_string


def test_cpu_time_limit_is_counted_on_the_process_cpu_clock(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The budget is read off ``time.process_time``: a fake CPU clock that runs fast ends it."""
    ticks = iter(range(10**9))
    monkeypatch.setattr(time, "process_time", lambda: next(ticks) * 0.05)
    args = ["solve", "--deck", _open_rainbow_deck(), "--variant", "rainbow", "--draw", "1"]
    assert main([*args, "--cpu-time-limit", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "unknown"
    # 3 s of the fake clock is 60 of its reads: a few slices, far from a real search's reach
    assert 3.0 <= data["seconds"] < 6.0
    assert next(ticks) < 400


def test_cpu_time_limit_spends_that_much_cpu(capsys: pytest.CaptureFixture[str]) -> None:
    """Unknown after the limit, and the process really spent that much CPU time on it."""
    import time

    args = ["solve", "--deck", _open_rainbow_deck(), "--variant", "rainbow", "--draw", "1"]
    started = time.process_time()
    assert main([*args, "--cpu-time-limit", "0.4", "--json"]) == 0
    spent = time.process_time() - started
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "unknown"
    assert 0.4 <= data["seconds"] <= spent


def test_time_limits_are_one_or_the_other(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["solve", "CF1-D3-AAAAACL", "--time-limit", "1", "--cpu-time-limit", "1"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--cpu-time-limit" in err

"""``canfield solve`` from the command line (``canfield survey``: test_survey_cli.py)."""

from __future__ import annotations

import json

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

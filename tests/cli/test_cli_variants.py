"""``--variant`` and ``--position`` on the command line, and their one-line refusals."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from canfield import VARIANTS, Game
from canfield.cli import main

DECK = Game.from_code("CF1-D3-AAAAACL").deck_string


def test_show_a_variant_deck(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--deck", DECK, "--variant", "Rainbow", "--moves", "s"]) == 0
    out = capsys.readouterr().out
    assert "draw 1" in out and "rainbow" in out and "passes left 1" in out
    assert "Position: rainbow D1 7H " in out


def test_show_a_variant_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "cf1-superior-d3-aaaaacl"]) == 0
    out = capsys.readouterr().out
    assert "CF1-SUPERIOR-D3-AAAAACL" in out
    assert "Reserve 2C JC 2D 3D 6D 5S JD AH 2H JS QS 8H QC (13, top last)" in out


def test_moves_and_show_of_a_position(capsys: pytest.CaptureFixture[str]) -> None:
    position = str(Game.from_code("CF1-D3-AAAAACL").state)
    assert main(["moves", "--position", position]) == 0
    assert capsys.readouterr().out.split() == ["QC>2", "KH>4", "s"]
    assert main(["show", "--position", position, "--moves", "QC>2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("position   draw 3") and "Reserve 8H (12)" in out


def test_solve_a_position(capsys: pytest.CaptureFixture[str]) -> None:
    game = Game.from_code("CF1-D3-AAAAACL")
    assert main(["solve", "--position", str(game.state), "--json", "--time-limit", "20"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["verdict"] == "won"
    for move in result["line"]:
        game.play(move)
    assert game.is_won


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["show", "--variant", "klondike", "--deck", DECK], "invalid choice: 'klondike'"),
        (["show", "CF1-D3-AAAAACL", "--variant", "rainbow"], "--variant goes with --deck"),
        (["show", "--position", "nonsense"], "expected 9 fields"),
        (["show", "CF1-D3-AAAAACL", "--position", "x"], "drop a game code"),
        (["moves", "--position", "x y", "--variant", "strict"], "drop --variant"),
    ],
)
def test_bad_variant_arguments_give_one_line_and_status_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = main(args)
    except SystemExit as exc:  # argparse refuses a choice itself
        code = exc.code  # type: ignore[assignment]
    assert code == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("command", ["show", "moves", "solve", "survey", "screenshot"])
def test_an_unknown_variant_lists_the_known_ones_in_a_real_process(command: str) -> None:
    args = [command, "--variant", "klondike"]
    if command == "screenshot":
        args.insert(1, "out.png")
    run = subprocess.run(
        [sys.executable, "-m", "canfield", *args], capture_output=True, text=True, check=False
    )
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "klondike" in run.stderr
    assert all(name in run.stderr for name in VARIANTS)

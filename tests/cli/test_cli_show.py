"""``canfield show`` and ``canfield moves``, and the command line's error contract."""

from __future__ import annotations

import subprocess
import sys

import pytest

from canfield.cli import main

PT_AFTER_THREE = (
    "Baralho: 34 cartas; descarte vazio; reserva: 10 cartas, no topo: valete de espadas. "
    "Fundações, valor inicial 7: copas até ao 8 de copas (2), espadas vazio, ouros vazio, "
    "paus vazio. coluna 1: 6 de paus; coluna 2: dama de espadas; coluna 3: dama de copas; "
    "coluna 4: ás de espadas, rei de copas, dama de paus."
)


def test_show_prints_the_table_and_the_description(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "cf1-d3-aaaaacl", "--moves", "QC>2 8H>f KH>4", "--lang", "pt"]) == 0
    out = capsys.readouterr().out
    # the headings in Portuguese too, not only the description
    assert "CF1-D3-AAAAACL" in out and "pontuação 5" in out and "jogadas 3" in out
    assert "Reserva JS (10)" in out and "Fundações (carta de base 7H): copas 8H, espadas --" in out
    assert " 6C   QS   QH   AS" in out
    assert out.rstrip().endswith(PT_AFTER_THREE)
    assert main(["show", "cf1-d3-aaaaacl", "--moves", "QC>2 8H>f KH>4"]) == 0
    english = capsys.readouterr().out
    assert "score 5" in english and "moves 3" in english and "Reserve JS (10)" in english


def test_show_from_a_deck(capsys: pytest.CaptureFixture[str]) -> None:
    from canfield import Game

    deck = Game.from_code("CF1-D3-AAAAACL").deck_string
    assert main(["show", "--deck", deck, "--draw", "1", "--moves", "s"]) == 0
    out = capsys.readouterr().out
    assert "draw 1" in out and "Waste  KS (1)" in out


def test_moves_lists_the_legal_moves(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "CF1-D3-AAAAACL"]) == 0
    assert capsys.readouterr().out.split() == ["QC>2", "KH>4", "s"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["show"], "give either a game code or --deck"),
        (["show", "XX"], "not a game code: 'XX'"),
        (["show", "CF1-D3-AAAAACL", "--deck", "AS"], "give either a game code or --deck"),
        (["show", "CF1-D3-AAAAACL", "--draw", "1"], "--draw goes with --deck"),
        (["show", "CF1-D3-AAAAACL", "--moves", "QC>2 AS>f"], "move 2: illegal move 'AS>f'"),
        (["show", "CF1-D3-AAAAACL", "--moves", "QC>9"], "move 1: unknown target '9'"),
        (["show", "--deck", "AS 2S"], "a deck has 52 cards, this one has 2"),
        (["show", "CF1-D3-AAAAACL", "--lang", "xx"], "unknown language 'xx'"),
        (["moves", "CF1-D9-AAAAACL"], "unknown draw mode 'D9'"),
    ],
)
def test_bad_arguments_give_one_line_and_status_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_usage_errors_in_a_real_process_are_one_line() -> None:
    for args in (["bogus"], ["show", "--draw", "2", "--deck", "x"]):
        run = subprocess.run(
            [sys.executable, "-m", "canfield", *args], capture_output=True, text=True, check=False
        )
        assert run.returncode == 2
        assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
        assert run.stderr.startswith("canfield")

""" "Winnable deals only": the shipped index is the atlas's proofs, its deals replay to a win,
and the search for a variant without known deals reports progress and stops when cancelled."""

from __future__ import annotations

import csv
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from canfield import Game
from canfield.deal import DealCode
from canfield.presentation import winnable
from canfield.presentation.winnable import WinnableSearch, winnable_deal, winnable_note
from canfield.presentation.winnable_index import (
    INDEX_PATH,
    encode_index,
    index_from_surveys,
    known_winnable,
    parse_index,
)
from canfield.solver import Verdict, solve
from canfield.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[2]
SURVEYS = sorted((ROOT / "docs" / "win-rates").glob("*.csv"))
MODES = [(variant, draw) for variant in VARIANTS for draw in (1, 3)]


def _rows() -> dict[tuple[str, int], dict[int, list[dict[str, str]]]]:
    rows: dict[tuple[str, int], dict[int, list[dict[str, str]]]] = {}
    for path in SURVEYS:
        with path.open(newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                mode = rows.setdefault((row["variant"], int(row["draw"])), {})
                mode.setdefault(int(row["deal"]), []).append(row)
    return rows


def test_the_shipped_index_is_what_the_atlas_proved() -> None:
    assert len(SURVEYS) == len(MODES)  # a survey for every variant and draw
    shipped = parse_index(INDEX_PATH.read_text(encoding="utf-8"))
    assert INDEX_PATH.read_text(encoding="utf-8") == encode_index(index_from_surveys(SURVEYS)), (
        "the index is out of date: run tools/build_winnable_index.py"
    )
    for mode, deals in _rows().items():
        won = sorted(n for n, rows in deals.items() if any(r["verdict"] == "won" for r in rows))
        assert list(shipped.get(mode, ())) == won, mode
    assert sum(len(d) for d in shipped.values()) > 10_000
    tool = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_winnable_index.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert tool.returncode == 0, tool.stdout


def test_where_no_deal_is_known_it_is_said_before_asking() -> None:
    assert known_winnable("strict", 3) == ()
    assert winnable_deal(3, "strict") is None
    assert "No winnable deal of Strict with draw 3 is known" in winnable_note(3, "strict")
    note = winnable_note(1, "rainbow")
    assert f"{len(known_winnable('rainbow', 1))} deals the solver proved winnable" in note


@pytest.mark.parametrize(("variant", "draw"), [m for m in MODES if m != ("strict", 3)])
def test_a_drawn_deal_replays_its_won_line(variant: str, draw: int) -> None:
    rows = _rows()[variant, draw]
    rng = random.Random(f"{variant}{draw}")
    for _try in range(500):  # a deal the atlas proved quickly, so the test stays short
        code = winnable_deal(draw, variant, rng)
        assert code is not None and code.variant.name == variant and code.draw == draw
        won = [r for r in rows[code.number] if r["verdict"] == "won"]
        if float(won[0]["seconds"]) < 0.5:
            break
    assert code is not None
    game = Game.from_code(code)
    result = solve(game, time_limit=30)
    assert result.verdict is Verdict.WON
    for move in result.line:
        game.play(move)
    assert game.is_won


def test_the_index_refuses_damage() -> None:
    good = INDEX_PATH.read_text(encoding="utf-8")
    header, first, *_ = good.splitlines()
    for bad in (
        "",
        "hello\n",
        f"{header}\nhearts 1 1 1\n",
        f"{header}\ncanfield 2 1 1\n",
        f"{header}\ncanfield 1 5 0\n",
        f"{header}\ncanfield 1 zzzzzzzzzz\n",
        f"{header}\n{first}\n{first}\n",
    ):
        with pytest.raises(ValueError):
            parse_index(bad)


@pytest.mark.parametrize(("variant", "draw"), MODES)
def test_the_search_shows_progress_and_stops_when_cancelled(variant: str, draw: int) -> None:
    search = WinnableSearch(draw, variant, tries=100_000, seconds=30.0)
    found: list[DealCode | None] = []
    worker = threading.Thread(target=lambda: found.append(search.run()))
    worker.start()
    while search.tried < 1 and worker.is_alive():
        worker.join(0.005)
    search.cancel()
    worker.join(60)  # a bound, not a timing: 100,000 tries (even of 0.01 s) end only by the cancel
    assert not worker.is_alive() and search.cancelled
    (code,) = found
    if code is not None:  # proved won before the cancel arrived: it must really be won
        assert solve(Game.from_code(code), time_limit=30).verdict is Verdict.WON
    else:
        assert 1 <= search.tried < 100_000


def test_a_cancel_landing_just_before_a_solve_starts_stops_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The race CI met: the cancel arrives after the deal is drawn, before the solve reads its
    clock; the solve must still stop at once, not run its deal to the end."""
    search = WinnableSearch(1, "rainbow", tries=100_000, seconds=30.0)

    def drawn_then_cancelled() -> int:
        search.cancel()
        return 1_000_004  # about a million positions to decide: seconds, were it not stopped

    monkeypatch.setattr(winnable, "random_deal_number", drawn_then_cancelled)
    started = time.process_time()
    assert search.run() is None
    assert search.tried == 1
    assert time.process_time() - started < 2  # a bound on a stop, far from the deal's seconds

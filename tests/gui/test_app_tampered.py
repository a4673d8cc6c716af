"""The real app on tampered data (issue 25): it starts, says what it kept, and starts again.

Each case is a real database changed behind the app's back, or a real link
planted in its data folder; the app runs in its own process (offscreen), twice:
the first start shows the notice, the second is clean (no crash loop).
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from canfield import Game
from canfield.storage import DATABASE_NAME, Store

DRIVER = str(Path(__file__).with_name("tampered_app_driver.py"))
CODE = "CF1-D3-AAAAACL"


def _start(data: Path) -> dict[str, object]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", CANFIELD_DATA_DIR=str(data), LANGUAGE="en")
    run = subprocess.run(
        [sys.executable, DRIVER], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert "Traceback" not in run.stderr, run.stderr[-2000:]
    report: dict[str, object] = json.loads(run.stdout.strip().splitlines()[-1])
    return report


def _saved(data: Path) -> Path:
    data.mkdir(mode=0o700, exist_ok=True)
    db = data / DATABASE_NAME
    game = Game.from_code(CODE)
    for move in ("QC>2", "s", "KH>4"):
        game.play(move)
    with Store(db) as store:
        store.save_game(game)
    return db


def _tamper(db: Path, statement: str, *args: object) -> None:
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA ignore_check_constraints = ON")
    with conn:
        conn.execute(statement, args)
    conn.close()


def test_a_clock_of_401_digits_starts_the_app_with_the_game_and_a_notice(tmp_path: Path) -> None:
    db = _saved(tmp_path / "data")
    conn = sqlite3.connect(db)
    (header,) = conn.execute("SELECT header FROM current_game").fetchone()
    conn.close()
    _tamper(
        db,
        "UPDATE current_game SET header = ?",
        header.replace('"elapsed":0.0', '"elapsed":1' + "0" * 400),
    )
    first = _start(tmp_path / "data")
    assert first["moves"] == 3 and isinstance(first["elapsed"], float) and first["elapsed"] < 60
    notices = first["notices"]
    assert isinstance(notices, list) and len(notices) == 1 and "clock" in notices[0]
    assert "damaged-" in notices[0]  # where the copy is
    second = _start(tmp_path / "data")
    assert second["moves"] == 3 and second["notices"] == []


def test_a_history_of_a_million_draws_starts_the_app_on_a_new_game(tmp_path: Path) -> None:
    db = _saved(tmp_path / "data")
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("DELETE FROM game_line")
        conn.executemany(
            "INSERT INTO game_line (idx, move) VALUES (?, 's')", ((i,) for i in range(1_000_001))
        )
        conn.execute("UPDATE current_game SET line_length = 1000001")
    conn.close()
    first = _start(tmp_path / "data")
    assert first["moves"] == 0
    notices = first["notices"]
    assert isinstance(notices, list) and len(notices) == 1 and "could not be restored" in notices[0]
    assert _start(tmp_path / "data")["notices"] == []


@pytest.mark.parametrize("name", [DATABASE_NAME, f"{DATABASE_NAME}.lock", f"{DATABASE_NAME}-wal"])
def test_a_planted_link_is_named_and_nothing_outside_is_touched(tmp_path: Path, name: str) -> None:
    data = tmp_path / "data"
    db = _saved(data)
    victim = tmp_path / "victim.txt"
    victim.write_text("mine\n")
    victim.chmod(0o644)
    link = data / name
    if link.exists():
        link.unlink()
    link.symlink_to(victim)
    first = _start(data)
    notices = first["notices"]
    assert isinstance(notices, list) and len(notices) == 1
    assert "link" in notices[0] and f"{name}.link-" in notices[0]
    assert victim.read_text() == "mine\n" and victim.stat().st_mode & 0o777 == 0o644
    assert _start(data)["notices"] == []
    assert db.is_file() and not db.is_symlink()


def test_every_notice_is_worded_and_a_full_disk_says_what_quitting_loses() -> None:
    from canfield.gui.storage_notice import notice_texts
    from canfield.storage import Notice, NoticeKind

    for kind in NoticeKind:
        text, _ = notice_texts(Notice(kind, Path("/data/canfield.sqlite3"), "detail"))
        assert text
    _, detail = notice_texts(Notice(NoticeKind.CANNOT_SAVE, Path("/d/canfield.sqlite3"), ""))
    assert "kept in memory" in detail and "quit" in detail

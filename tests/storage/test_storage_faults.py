"""Storage under faults as a machine makes them: a real full disk (tmpfs), a read-only mount,
a folder without permissions, a file where the folder should be, a second process, tampered
values. Tests that need root to mount skip cleanly without it; CI runs as root."""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from canfield import Game
from canfield.storage import (
    DATABASE_NAME,
    NoticeKind,
    StorageInUseError,
    StorageWarning,
    Store,
)
from faults import ROOT, fill, mounted_tmpfs

CODE = "CF1-D3-AAAAACL"
HELPER = Path(__file__).with_name("storage_kill_child.py")


@pytest.fixture
def tmpfs(tmp_path: Path) -> Iterator[Path]:
    """A real, small tmpfs (unmounted even when the test fails); skipped unless root."""
    with mounted_tmpfs(tmp_path / "mnt") as where:
        yield where


def kinds(store: Store) -> list[NoticeKind]:
    found = []
    while (notice := store.take_notice()) is not None:
        found.append(notice.kind)
    return found


def play(game: Game, moves: int) -> None:
    for _ in range(moves):
        legal = [m for m in game.legal_moves() if m.notation() != "s"] or game.legal_moves()
        game.play(legal[0])


# -- 1. a full disk ---------------------------------------------------------------------


def test_full_disk_at_start_keeps_the_data_and_saves_once_there_is_room(tmpfs: Path) -> None:
    db = tmpfs / DATABASE_NAME
    game = Game.from_code(CODE)
    with Store(db) as s:
        s.update_settings(language="hu")
        s.save_game(game)
        play(game, 3)
        s.save_game(game)
        s.finish_game(game, won=False)
        game = Game.from_code(CODE)
        play(game, 2)
        s.save_game(game)
    filler = fill(tmpfs)
    with pytest.warns(StorageWarning, match="cannot write"), Store(db) as s:
        s.retry_interval = 0.0
        assert s.recovered_from is None  # never set aside for a full disk
        assert kinds(s) == [NoticeKind.CANNOT_SAVE]
        assert s.settings.language == "hu" and s.statistics(3).played == 1
        loaded = s.load_game()
        assert loaded == game and not s.saving
        play(loaded, 2)
        s.save_game(loaded)  # in memory; the disk is still full
        s.save_game(loaded.restarted())  # the abandoned game counts, in memory for now
        assert s.statistics(3).played == 2 and not s.saving
        assert kinds(s) == []  # told once
        filler.unlink()
        after = s.load_game()
        assert after is not None
        play(after, 1)
        s.save_game(after)
        assert s.saving and kinds(s) == [NoticeKind.SAVING_AGAIN]
    names = {p.name for p in tmpfs.iterdir()}  # nothing set aside, no copies
    assert names <= {DATABASE_NAME, f"{DATABASE_NAME}.lock", f"{DATABASE_NAME}-shm"}
    with Store(db) as s:
        assert s.warnings == [] and kinds(s) == []
        assert s.statistics(3).played == 2 and s.settings.language == "hu"
        assert s.load_game() == after


def test_disk_filling_during_play_loses_nothing_that_was_written(tmpfs: Path) -> None:
    db = tmpfs / DATABASE_NAME
    game = Game.from_code(CODE)
    with Store(db) as s:
        s.retry_interval = 0.0
        s.save_game(game)
        play(game, 2)
        s.save_game(game)
        written = Game.from_dict(game.to_dict())
        filler = fill(tmpfs)
        with pytest.warns(StorageWarning, match="cannot write"):
            for _ in range(5):  # the disk refuses: play goes on, told once
                play(game, 1)
                s.save_game(game)
        assert not s.saving and kinds(s) == [NoticeKind.CANNOT_SAVE]
    # closed while full: what was written before is intact, the rest could not be
    with pytest.warns(StorageWarning, match="cannot write"), Store(db) as s:
        assert s.recovered_from is None
        assert s.load_game() == written
    filler.unlink()
    with Store(db) as s:
        assert s.warnings == [] and s.load_game() == written


def test_a_full_disk_with_no_database_yet_creates_it_later(tmpfs: Path) -> None:
    filler = fill(tmpfs)
    db = tmpfs / "sub" / DATABASE_NAME
    with pytest.warns(StorageWarning), Store(db) as s:
        s.retry_interval = 0.0
        assert kinds(s) == [NoticeKind.CANNOT_SAVE] and not s.saving
        game = Game.from_code(CODE)
        play(game, 2)
        s.save_game(game)
        filler.unlink()
        s.update_settings(draw=1)
        assert s.saving
    with Store(db) as s:
        assert s.load_game() == game and s.settings.draw == 1


# -- 4. storage that cannot be written -------------------------------------------------------


def test_read_only_mount_is_said_once_and_play_goes_on(tmpfs: Path) -> None:
    db = tmpfs / DATABASE_NAME
    game = Game.from_code(CODE)
    play(game, 2)
    with Store(db) as s:
        s.save_game(game)
    subprocess.run(["mount", "-o", "remount,ro", str(tmpfs)], check=True)
    with pytest.warns(StorageWarning), Store(db) as s:
        assert s.recovered_from is None
        notices = kinds(s)
        assert notices in ([NoticeKind.UNWRITABLE], [NoticeKind.CANNOT_SAVE])
        assert s.load_game() == game  # the data is shown
        play(game, 1)
        s.save_game(game)
        assert not s.saving and kinds(s) == []
    subprocess.run(["mount", "-o", "remount,rw", str(tmpfs)], check=True)
    with Store(db) as s:
        assert s.load_game() is not None and s.take_notice() is None


def test_a_file_where_the_folder_should_be(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("not a folder")
    with (
        pytest.warns(StorageWarning, match="will not be kept"),
        Store(tmp_path / "data" / DATABASE_NAME) as s,
    ):
        notice = s.take_notice()
        assert notice is not None and notice.kind is NoticeKind.UNWRITABLE
        assert not s.persistent and not s.saving
        game = Game.from_code(CODE)
        play(game, 1)
        s.save_game(game)
        assert s.load_game() == game and s.take_notice() is None
    assert (tmp_path / "data").read_text() == "not a folder"


def _unprivileged() -> list[str]:
    """Run a child without root's power to ignore file modes (a real permission check)."""
    if not ROOT:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("needs setpriv to drop root's file-permission override")
    return [setpriv, "--bounding-set=-dac_override,-dac_read_search"]


_REPORT = textwrap.dedent(
    """
    import json, sys, warnings
    warnings.simplefilter("ignore")
    from canfield import Game
    from canfield.storage import Store
    s = Store(sys.argv[1])
    kinds = []
    while (n := s.take_notice()) is not None:
        kinds.append(n.kind.name)
    game = s.load_game()
    fresh = Game.from_code("CF1-D3-AAAAACL")
    fresh.play("s")
    s.save_game(fresh)
    print(json.dumps({"kinds": kinds, "loaded": game is not None, "saving": s.saving,
                      "persistent": s.persistent, "set_aside": str(s.recovered_from)}))
    """
)


def _report(db: Path) -> dict[str, object]:
    out = subprocess.run(
        [*_unprivileged(), sys.executable, "-c", _REPORT, str(db)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    result: dict[str, object] = json.loads(out.stdout)
    return result


@pytest.mark.parametrize("mode", [0o000, 0o500])
def test_folder_without_permission_is_said_and_nothing_moved(tmp_path: Path, mode: int) -> None:
    folder = tmp_path / "data"
    with Store(folder / DATABASE_NAME) as s:
        game = Game.from_code(CODE)
        play(game, 2)
        s.save_game(game)
    before = sorted(p.name for p in folder.iterdir())
    tmp_path.chmod(0o755)
    folder.chmod(mode)
    try:
        report = _report(folder / DATABASE_NAME)
    finally:
        folder.chmod(0o700)
    assert report["kinds"] == ["UNWRITABLE"], report
    assert report["set_aside"] == "None" and report["saving"] is False
    assert report["loaded"] is (mode == 0o500)  # a readable folder still shows the game
    assert sorted(p.name for p in folder.iterdir()) == before
    with Store(folder / DATABASE_NAME) as s:
        assert s.load_game() == game


def test_an_unreadable_database_is_said_and_left_as_it_is(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    with Store(folder / DATABASE_NAME) as s:
        game = Game.from_code(CODE)
        play(game, 2)
        s.save_game(game)
    db = folder / DATABASE_NAME
    before = db.read_bytes()
    tmp_path.chmod(0o755)
    folder.chmod(0o755)
    db.chmod(0)
    try:
        report = _report(db)
    finally:
        db.chmod(0o600)
    assert report["kinds"] == ["UNWRITABLE"] and report["set_aside"] == "None", report
    assert db.read_bytes() == before
    with Store(db) as s:
        assert s.load_game() == game


# -- 2. a second process on the same data ----------------------------------------------------


def test_a_second_writer_is_refused_while_the_first_lives(tmp_path: Path) -> None:
    db = tmp_path / DATABASE_NAME
    proc = subprocess.Popen(
        [sys.executable, str(HELPER), str(db), "random", "5"],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    try:
        assert proc.stdout.readline() == "0\n"
        with pytest.raises(StorageInUseError, match=f"process {proc.pid}"):
            Store(db)
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=10)
    with Store(db) as s:  # the kernel released the lock with the killed process
        assert s.recovered_from is None and s.load_game() is not None


# -- 3. tampered values -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("statement", "value"),
    [
        ("UPDATE current_game SET score = ?", "lots"),
        ("UPDATE current_game SET moves = ?", 2**63 - 1),
        ("UPDATE current_game SET elapsed = ?", float("inf")),
        ("UPDATE current_game SET variant = ?", "NOT A VARIANT"),
        ("UPDATE current_game SET acted = 1, draw = ?", 3),
    ],
)
def test_tampered_totals_never_stop_saving(tmp_path: Path, statement: str, value: object) -> None:
    db = tmp_path / DATABASE_NAME
    game = Game.from_code(CODE)
    play(game, 2)
    with Store(db) as s:
        s.save_game(game)
    conn = sqlite3.connect(db)
    with conn:
        conn.execute(statement, (value,))
    conn.close()
    with Store(db) as s, warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loaded = s.load_game()
        assert loaded == game
        s.save_game(Game.from_code(CODE))  # settles the tampered game
        s.save_game(Game.from_code(CODE))
        assert s.saving
        recorded = s.statistics(3).played
    said = [str(w.message) for w in caught if issubclass(w.category, StorageWarning)]
    assert (recorded, len(said)) in ((1, 0), (0, 1)), said  # recorded, or said why not


@pytest.mark.parametrize("counter", ["'text'", "9223372036854775807", "-1", "1e999"])
def test_a_tampered_first_release_counter_is_harmless(tmp_path: Path, counter: str) -> None:
    db = tmp_path / DATABASE_NAME
    db.write_bytes((Path(__file__).with_name("data") / "v1.sqlite3").read_bytes())
    conn = sqlite3.connect(db)
    with conn:
        conn.execute(f"UPDATE counters SET value = {counter}")
    conn.close()
    with Store(db) as s:
        game = s.load_game()
        assert game is not None
        game.play("s")
        s.save_game(game)
        s.save_game(Game.from_code(CODE))
        assert s.saving and s.statistics(3).played == 2

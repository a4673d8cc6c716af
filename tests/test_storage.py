"""The storage layer: settings, statistics, the saved game, durability and recovery."""

from __future__ import annotations

import importlib.util
import json
import os
import random
import signal
import sqlite3
import statistics as stats_module
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest

from canfield import Game
from canfield.storage import (
    DATABASE_NAME,
    ENV_DATA_DIR,
    InvalidSettingError,
    Settings,
    Statistics,
    StorageError,
    StorageWarning,
    Store,
    default_database_path,
)

CODE = "CF1-D3-AAAAACL"
OPENING = ("QC>2", "8H>f", "KH>4", "s")
HELPER = Path(__file__).with_name("storage_kill_child.py")


def _load_helper() -> ModuleType:
    spec = importlib.util.spec_from_file_location("storage_kill_child", HELPER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


child = _load_helper()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / DATABASE_NAME


@pytest.fixture
def store(db: Path) -> Iterator[Store]:
    with Store(db) as s:
        yield s


def opening_game() -> Game:
    game = Game.from_code(CODE)
    for move in OPENING:
        game.play(move)
    return game


def won_game(elapsed: float = 100.0) -> Game:
    game: Game = child.start("win")
    for _ in child.actions(game, "win", 0):
        pass
    assert game.is_won
    game.elapsed = elapsed
    return game


def sql(path: Path, statement: str, *args: object) -> None:
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(statement, args)
    conn.close()


# -- where the database lives ----------------------------------------------------


def test_env_var_chooses_the_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_DATA_DIR, str(tmp_path / "data"))
    assert default_database_path() == tmp_path / "data" / DATABASE_NAME
    with Store() as s:
        assert s.path == tmp_path / "data" / DATABASE_NAME
        assert s.persistent
    assert (tmp_path / "data" / DATABASE_NAME).is_file()


def test_explicit_path_wins_over_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_DATA_DIR, str(tmp_path / "env"))
    with Store(tmp_path / "nested" / "x.db") as s:
        assert s.path == tmp_path / "nested" / "x.db"
    assert (tmp_path / "nested" / "x.db").is_file()
    assert not (tmp_path / "env").exists()


def test_durable_journal(store: Store, db: Path) -> None:
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    conn.close()
    assert store._conn.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
    assert store._conn.execute("SELECT version FROM schema_version").fetchall() == [(1,)]


# -- settings ----------------------------------------------------------------------


def test_settings_defaults(store: Store) -> None:
    assert store.settings == Settings()
    s = store.settings
    assert (s.double_tap, s.animations, s.language, s.draw) == (True, True, None, 3)
    assert (s.four_colour, s.winnable_only, s.window_geometry) == (False, False, None)


def test_settings_round_trip(db: Path) -> None:
    with Store(db) as s:
        new = s.update_settings(language="hu", draw=1, double_tap=False, window_geometry=b"\0\xff")
        assert s.settings == new
        s.update_settings(four_colour=True)
    with Store(db) as s:
        assert s.settings == Settings(
            double_tap=False, language="hu", draw=1, four_colour=True, window_geometry=b"\0\xff"
        )
        s.save_settings(Settings(winnable_only=True, animations=False))
    with Store(db) as s:
        assert s.settings == Settings(winnable_only=True, animations=False)
        assert s.warnings == []


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("double_tap", 1),
        ("animations", "yes"),
        ("language", "fr"),
        ("language", "EN"),
        ("draw", 2),
        ("draw", True),
        ("draw", "3"),
        ("four_colour", None),
        ("window_geometry", "abc"),
        ("colour", True),
    ],
)
def test_invalid_setting_is_refused_and_nothing_written(db: Path, name: str, value: object) -> None:
    with Store(db) as s:
        s.update_settings(language="id")
        with pytest.raises(InvalidSettingError) as info:
            s.update_settings(**{name: value})
        assert isinstance(info.value, ValueError)
        assert name in str(info.value) and repr(value) in str(info.value)
        assert (info.value.name, info.value.value) == (name, value)
        assert s.settings == Settings(language="id")
    with Store(db) as s:
        assert s.settings == Settings(language="id")


def test_settings_value_validates_itself() -> None:
    with pytest.raises(InvalidSettingError, match="draw"):
        Settings(draw=4)
    with pytest.raises(InvalidSettingError, match="language"):
        Settings().replace(language="de")
    assert Settings().replace(language="pt").language == "pt"


@pytest.mark.parametrize(
    ("name", "stored"),
    [
        ("double_tap", '"maybe"'),
        ("draw", "7"),
        ("language", "not json"),
        ("window_geometry", '"***"'),
    ],
)
def test_invalid_stored_setting_falls_back_with_warning(db: Path, name: str, stored: str) -> None:
    with Store(db) as s:
        s.update_settings(language="pt", draw=1)
    sql(db, "INSERT OR REPLACE INTO settings (name, value) VALUES (?, ?)", name, stored)
    sql(db, "INSERT INTO settings (name, value) VALUES ('from_the_future', '1')")
    with pytest.warns(StorageWarning, match=name), Store(db) as s:
        expected = Settings(language="pt", draw=1).replace(**{name: getattr(Settings(), name)})
        assert s.settings == expected
        assert len(s.warnings) == 1


# -- the saved game -------------------------------------------------------------


def test_no_saved_game(store: Store) -> None:
    assert store.load_game() is None


def test_game_round_trip(db: Path) -> None:
    game = opening_game()
    game.undo()
    game.elapsed = 12.5
    with Store(db) as s:
        s.save_game(game)
        assert s.load_game() == game
    with Store(db) as s:
        loaded = s.load_game()
    assert loaded == game
    assert loaded is not None
    assert loaded.code == CODE and loaded.score == 5 and loaded.moves_made == 3
    assert loaded.redo() and loaded.history == opening_game().history


def test_from_deck_game_round_trip(store: Store) -> None:
    game = Game.from_deck(child.WIN_DECK, draw=1)
    game.play("s")
    store.save_game(game)
    assert store.load_game() == game


@pytest.mark.parametrize(
    "damage",
    [
        "not json {",
        "[1, 2]",
        '{"format": "canfield-game", "version": 99}',
        "ILLEGAL",
    ],
)
def test_damaged_saved_game_is_discarded(db: Path, damage: str) -> None:
    with Store(db) as s:
        s.save_game(opening_game())
    if damage == "ILLEGAL":
        data = opening_game().to_dict()
        data["line"] = ["KH>f"]
        damage = json.dumps(data)
    sql(db, "UPDATE current_game SET data = ?", damage)
    with Store(db) as s, pytest.warns(StorageWarning, match="saved game"):
        assert s.load_game() is None
    with Store(db) as s:
        assert s.load_game() is None
        assert s.statistics(3) == Statistics(3)


def test_broken_clock_does_not_spoil_the_save(store: Store) -> None:
    game = opening_game()
    game.elapsed = float("nan")
    store.save_game(game)
    loaded = store.load_game()
    assert loaded is not None and loaded.elapsed == 0.0 and loaded.history == game.history


def test_save_latency(store: Store) -> None:
    game = child.start("random")
    times = []
    for n in child.actions(game, "random", 7):
        start = time.perf_counter()
        store.save_game(game)
        times.append(time.perf_counter() - start)
        if n == 300:
            break
    median = stats_module.median(times)
    print(f"save_game median {median * 1000:.2f} ms, max {max(times) * 1000:.2f} ms")
    assert median < 0.010


# -- statistics -----------------------------------------------------------------


def test_fresh_statistics(store: Store) -> None:
    for draw in (1, 3):
        s = store.statistics(draw)
        assert s == Statistics(draw)
        assert s.win_rate == 0.0 and s.lost == 0
    with pytest.raises(ValueError, match="draw"):
        store.statistics(2)


def test_a_win_counts_once(db: Path) -> None:
    game = won_game(elapsed=100.0)
    with Store(db) as s:
        assert s.save_game(game) is True
        assert s.save_game(game) is False
        game.undo()
        s.save_game(game)
        game.redo()
        assert s.save_game(game) is False
        assert s.finish_game(game, won=True) is False
    with Store(db) as s:
        loaded = s.load_game()
        assert loaded == game
        assert loaded is not None
        assert s.save_game(loaded) is False
        assert s.abandon_game() is False
        st = s.statistics(1)
    assert st == Statistics(1, 1, 1, 255, 100.0, 85, 1, 1)
    assert st.win_rate == 1.0


def test_abandoned_game_is_a_loss(store: Store) -> None:
    store.save_game(won_game(elapsed=90.0))
    first = Game.from_deck(child.WIN_DECK, draw=1)
    store.save_game(first)  # a new game: the won one is settled already
    first.play("AH>f")
    first.elapsed = 5.0
    store.save_game(first)
    assert store.statistics(1) == Statistics(1, 1, 1, 255, 90.0, 85, 1, 1)
    restart = first.restarted()
    store.save_game(restart)  # restart: the first game is abandoned
    st = store.statistics(1)
    assert st == Statistics(1, 2, 1, 255, 90.0, 85, 0, 1)
    assert (st.lost, st.win_rate) == (1, 0.5)
    store.save_game(Game.from_code(CODE))  # restart never acted on: not played
    assert store.statistics(1) == st
    assert store.statistics(3) == Statistics(3)


def test_undone_actions_still_count(store: Store) -> None:
    game = opening_game()
    store.save_game(game)
    while game.undo():
        store.save_game(game)
    assert game.moves_made == 0
    assert store.abandon_game() is True
    assert store.statistics(3) == Statistics(3, 1, 0, 0, None, None, 0, 0)
    assert store.load_game() is None


def test_finish_game(store: Store) -> None:
    game = opening_game()
    with pytest.raises(ValueError, match="won"):
        store.finish_game(game, won=True)
    assert store.finish_game(game, won=False) is True
    assert store.finish_game(game, won=False) is False
    assert store.load_game() is None
    assert store.statistics(3) == Statistics(3, 1, 0, 5, None, None, 0, 0)
    assert store.finish_game(won_game(), won=True) is True
    assert store.statistics(1).won == 1


def test_streaks_best_and_fastest(store: Store) -> None:
    for elapsed in (300.0, 120.0, 200.0):
        store.save_game(won_game(elapsed))
    store.save_game(Game.from_code("CF1-D1-AAAAAAB"))
    st = store.statistics(1)
    assert (st.played, st.won, st.current_streak, st.best_streak) == (3, 3, 3, 3)
    assert (st.fastest_win, st.fewest_moves, st.best_score) == (120.0, 85, 255)
    lost = opening_game()  # draw 3: does not touch draw-1 streaks
    store.save_game(lost)
    store.abandon_game()
    assert store.statistics(1) == st
    lost1 = Game.from_code("CF1-D1-AAAAAAB")
    lost1.play("s")
    store.save_game(lost1)
    store.save_game(won_game(500.0))
    st = store.statistics(1)
    assert (st.played, st.won, st.current_streak, st.best_streak) == (5, 4, 1, 3)
    assert st.fastest_win == 120.0


def test_statistics_arithmetic() -> None:
    s = Statistics(3)
    s = s.after(won=True, score=255, moves=120, elapsed=300.0)
    s = s.after(won=True, score=260, moves=100, elapsed=400.0)
    s = s.after(won=False, score=40, moves=10, elapsed=10.0)
    s = s.after(won=True, score=255, moves=110, elapsed=200.0)
    assert s == Statistics(3, 4, 3, 260, 200.0, 100, 1, 2)
    assert s.win_rate == 0.75
    with pytest.raises(ValueError):
        Statistics(3, played=1, won=2)


def test_reset_statistics(db: Path) -> None:
    with Store(db) as s:
        s.save_game(won_game())
        lost = opening_game()
        s.save_game(lost)
        s.abandon_game()
        s.reset_statistics(1)
        assert s.statistics(1) == Statistics(1)
        assert s.statistics(3).played == 1
        s.save_game(won_game())
        s.reset_statistics()
    with Store(db) as s:
        assert s.statistics(1) == Statistics(1)
        assert s.statistics(3) == Statistics(3)


def test_damaged_statistics_row_is_ignored(db: Path) -> None:
    with Store(db) as s:
        s.save_game(won_game())
    sql(db, "UPDATE statistics SET played = 'lots'")
    with Store(db) as s, pytest.warns(StorageWarning, match="statistics"):
        assert s.statistics(1) == Statistics(1)


# -- damaged databases -------------------------------------------------------------


def _garbage(path: Path) -> None:
    path.write_bytes(bytes(random.Random(1).randrange(256) for _ in range(8192)))


def _text(path: Path) -> None:
    path.write_text("these are my notes, not a database\n" * 50)


def _truncated(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])


def _zeroed_pages(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[4096:] = bytes(len(data) - 4096)
    path.write_bytes(bytes(data))


def _foreign_schema(path: Path) -> None:
    path.unlink()
    sql(path, "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    sql(path, "INSERT INTO notes (text) VALUES ('hello')")


def _newer_schema(path: Path) -> None:
    sql(path, "UPDATE schema_version SET version = 99")


def _missing_column(path: Path) -> None:
    sql(path, "DROP TABLE settings")
    sql(path, "CREATE TABLE settings (name TEXT PRIMARY KEY)")


def _directory(path: Path) -> None:
    path.unlink()
    path.mkdir()
    (path / "inside").write_text("x")


DAMAGE: dict[str, Callable[[Path], None]] = {
    "garbage": _garbage,
    "text": _text,
    "truncated": _truncated,
    "zeroed pages": _zeroed_pages,
    "foreign schema": _foreign_schema,
    "newer schema": _newer_schema,
    "missing column": _missing_column,
    "directory": _directory,
}


def _filled_database(db: Path) -> None:
    with Store(db) as s:
        s.update_settings(language="pt", window_geometry=b"g" * 3000)
        s.save_game(won_game())
        s.save_game(opening_game())
        for i in range(40):  # a few pages, so truncation cuts real data
            s.update_settings(window_geometry=bytes([i]) * 3000)


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_damaged_database_is_moved_aside(db: Path, kind: str) -> None:
    _filled_database(db)
    DAMAGE[kind](db)
    (db.parent / f"{db.name}-wal").write_bytes(b"stale wal")
    before = db.read_bytes() if db.is_file() else None
    with pytest.warns(StorageWarning, match="moved it to"), Store(db) as s:
        backup = s.recovered_from
        assert backup is not None and backup.parent == db.parent
        assert backup.name.startswith(f"{db.name}.broken-")
        if before is not None:
            assert backup.read_bytes() == before
        assert Path(f"{backup}-wal").read_bytes() == b"stale wal"
        assert not Path(f"{db}-wal").exists() or Path(f"{db}-wal").read_bytes() != b"stale wal"
        assert s.persistent
        assert s.settings == Settings()
        assert s.load_game() is None
        s.save_game(opening_game())
        s.update_settings(draw=1)
    with Store(db) as s:
        assert s.recovered_from is None
        assert s.warnings == []
        assert s.load_game() == opening_game()
        assert s.settings.draw == 1


def test_two_recoveries_keep_both_backups(db: Path) -> None:
    backups = []
    for _ in range(2):
        _text(db)
        with pytest.warns(StorageWarning), Store(db) as s:
            backups.append(s.recovered_from)
    assert backups[0] != backups[1]
    assert all(b is not None and b.is_file() for b in backups)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads any file")
def test_unreadable_database_is_moved_aside(db: Path) -> None:
    _filled_database(db)
    db.chmod(0)
    try:
        with pytest.warns(StorageWarning), Store(db) as s:
            assert s.recovered_from is not None
            assert s.settings == Settings()
    finally:
        for p in db.parent.iterdir():
            p.chmod(0o600)


def test_cannot_open_error_moves_the_file_aside(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a permission error looks like when running as root (who reads any file)."""
    from canfield.storage import schema

    _filled_database(db)
    real = schema.connect_readonly
    calls = []

    def refuse_once(path: Path) -> sqlite3.Connection:
        calls.append(path)
        if len(calls) == 1:
            raise sqlite3.OperationalError("unable to open database file")
        return real(path)

    monkeypatch.setattr("canfield.storage.store.connect_readonly", refuse_once)
    with pytest.warns(StorageWarning, match="unable to open"), Store(db) as s:
        assert s.recovered_from is not None and s.recovered_from.is_file()
        assert s.persistent and s.settings == Settings()


def test_leftover_wal_without_its_database_is_moved_aside(db: Path) -> None:
    _filled_database(db)
    db.unlink()  # e.g. the player deleted the file to start over
    Path(f"{db}-wal").write_bytes(b"old frames")
    with pytest.warns(StorageWarning, match="without their database"), Store(db) as s:
        assert s.recovered_from is not None
        assert Path(f"{s.recovered_from}-wal").read_bytes() == b"old frames"
        assert s.settings == Settings() and s.load_game() is None


def test_garbage_wal_beside_a_good_database_is_ignored(db: Path) -> None:
    with Store(db) as s:
        s.update_settings(language="hu")
    (db.parent / f"{db.name}-wal").write_bytes(b"\x37\x7f\x06\x82" + b"\xaa" * 5000)
    with Store(db) as s:
        assert s.recovered_from is None
        assert s.settings.language == "hu"


def test_unusable_folder_falls_back_to_memory(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.warns(StorageWarning), Store(tmp_path / "file" / DATABASE_NAME) as s:
        assert not s.persistent
        assert s.recovered_from is None
        s.update_settings(draw=1)
        s.save_game(opening_game())
        assert s.load_game() == opening_game()


def test_write_failure_is_a_storage_error(db: Path) -> None:
    s = Store(db)
    s.close()
    with pytest.raises(StorageError):
        s.save_game(opening_game())
    with pytest.raises(StorageError):
        s.update_settings(draw=1)


# -- a real kill ------------------------------------------------------------------


def _run_and_kill(db: Path, mode: str, seed: int, wait: float, until: str | None = None) -> int:
    """Start the child, SIGKILL it after ``wait`` seconds of play (or on line ``until``)."""
    proc = subprocess.Popen(
        [sys.executable, str(HELPER), str(db), mode, str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    lines = []
    try:
        first = proc.stdout.readline()
        assert first == "0\n", proc.stderr.read() if proc.stderr else first
        lines.append(first)
        if until is None:
            time.sleep(wait)
        else:
            deadline = time.monotonic() + 10
            while lines[-1] != until and time.monotonic() < deadline:
                lines.append(proc.stdout.readline())
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        out, err = proc.communicate(timeout=10)
    assert proc.returncode == -signal.SIGKILL
    assert err == "", err
    lines += out.splitlines(keepends=True)
    counts = [int(line) for line in lines if line.endswith("\n") and line.strip().isdigit()]
    return max(counts)


def _check_after_kill(db: Path, mode: str, seed: int, printed: int) -> Game:
    with Store(db) as s:
        assert s.recovered_from is None and s.warnings == []
        loaded = s.load_game()
        assert loaded is not None
        if loaded == child.replay(mode, seed, printed):
            committed = printed
        else:
            committed = printed + 1
            assert loaded == child.replay(mode, seed, committed), (
                f"printed {printed}, saved game has {loaded.moves_made} moves"
            )
        assert committed <= child.MAX_ACTIONS
        st = s.statistics(loaded.draw)
        assert (st.played, st.won) == ((1, 1) if loaded.is_won else (0, 0))
        s.save_game(loaded)  # the reopened database takes writes
    return loaded


def test_sigkill_keeps_the_last_committed_action(tmp_path: Path) -> None:
    rng = random.Random(2024)
    for round_no in range(4):
        db = tmp_path / f"kill{round_no}" / DATABASE_NAME
        seed = rng.randrange(10**6)
        printed = _run_and_kill(db, "random", seed, wait=rng.uniform(0.02, 0.4))
        assert printed > 0
        _check_after_kill(db, "random", seed, printed)


def test_sigkill_during_and_right_after_a_win(tmp_path: Path) -> None:
    rng = random.Random(7)
    for round_no in range(2):
        db = tmp_path / f"win{round_no}" / DATABASE_NAME
        printed = _run_and_kill(db, "win", 0, wait=rng.uniform(0.01, 0.2))
        _check_after_kill(db, "win", 0, printed)
    db = tmp_path / "won" / DATABASE_NAME
    printed = _run_and_kill(db, "win", 0, wait=0, until="85\n")
    loaded = _check_after_kill(db, "win", 0, printed)
    assert loaded.is_won
    with Store(db) as s:
        s.abandon_game()
        s.save_game(Game.from_code(CODE))
        assert s.statistics(1) == Statistics(1, 1, 1, 255, 85 * 0.25, 85, 1, 1)

"""The storage layer: settings, statistics, the saved game, durability and recovery."""

from __future__ import annotations

import dataclasses
import importlib.util
import os
import random
import signal
import sqlite3
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
    NoticeKind,
    Settings,
    Statistics,
    StorageError,
    StorageWarning,
    Store,
    default_database_path,
)
from canfield.storage.schema import SCHEMA_VERSION

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


def totals(s: Statistics) -> tuple[object, ...]:
    """The figures of the first release (without the averages and the bank): the first eight
    fields, draw to best_streak."""
    return tuple(getattr(s, field.name) for field in dataclasses.fields(s)[:8])


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
    assert store._conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert store._conn.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
    assert store._conn.execute("SELECT version FROM schema_version").fetchall() == [
        (SCHEMA_VERSION,)
    ]
    store.close()
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    conn.close()


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
    ("column", "damage"),
    [
        ("header", "not json {"),
        ("header", "[1, 2]"),
        ("header", '{"format": "canfield-game", "version": 99}'),
        ("header", "ILLEGAL"),
        ("header", "OTHER ID"),
        ("line_length", 99),
        ("game_id", 7),
    ],
)
def test_damaged_saved_game_is_kept_in_a_copy_and_told(
    db: Path, column: str, damage: object
) -> None:
    with Store(db) as s:
        s.save_game(won_game())
        s.save_game(opening_game())
    if damage == "ILLEGAL":
        sql(db, "UPDATE game_line SET move = 'KH>f' WHERE idx = 0")
    elif damage == "OTHER ID":
        sql(db, "UPDATE current_game SET game_id = ?", "0" * 32)
    else:
        sql(db, f"UPDATE current_game SET {column} = ?", damage)
    before = db.read_bytes()
    with pytest.warns(StorageWarning, match="saved game"), Store(db) as s:
        assert s.load_game() is None
        notice = s.take_notice()
        assert notice is not None and notice.kind is NoticeKind.GAME_DAMAGED
        assert notice.path is not None and notice.path == s.kept_copies[-1]
        assert s.take_notice() is None  # told once
        assert s.statistics(1).won == 1  # nothing else is touched
    with Store(notice.path) as copy:  # the copy still holds the damaged game, for rescue
        assert copy._conn.execute("SELECT count(*) FROM current_game").fetchone() == (1,)
        assert copy.statistics(1).won == 1
    assert notice.path.stat().st_mode & 0o777 == 0o600
    assert before  # the file itself was not moved aside
    with Store(db) as s:
        assert s.load_game() is None and s.take_notice() is None
        assert s.statistics(1).won == 1


@pytest.mark.parametrize("elapsed", ["1e400", "NaN", "-5", '"soon"', "1e300"])
def test_damaged_clock_is_reset_and_the_game_kept(db: Path, elapsed: str) -> None:
    game = opening_game()
    with Store(db) as s:
        s.save_game(game)
    conn = sqlite3.connect(db)
    (header,) = conn.execute("SELECT header FROM current_game").fetchone()
    header = header.replace('"elapsed":0.0', f'"elapsed":{elapsed}')
    with conn:
        conn.execute("UPDATE current_game SET header = ?, elapsed = ?", (header, 1e308 * 10))
    conn.close()
    with pytest.warns(StorageWarning, match="clock"), Store(db) as s:
        loaded = s.load_game()
        assert loaded is not None and loaded.history == game.history and loaded.elapsed == 0.0
        s.save_game(Game.from_code(CODE))  # the damaged totals do not stop the settling
        assert s.statistics(3).played == 1


def test_broken_clock_does_not_spoil_the_save(store: Store) -> None:
    game = opening_game()
    game.elapsed = float("nan")
    store.save_game(game)
    loaded = store.load_game()
    assert loaded is not None and loaded.elapsed == 0.0 and loaded.history == game.history


def _rows_per_save(store: Store, game: Game, saves: int) -> int:
    before = store._conn.total_changes
    for _ in range(saves):
        game.play("s")
        store.save_game(game)
    return (store._conn.total_changes - before) // saves


@pytest.mark.parametrize("length", [0, 150, 20_000])
def test_a_save_writes_the_same_at_any_history_length(db: Path, length: int) -> None:
    """Only what changed is written (the header and the new action), so a save costs the same
    at any length; ``make bench-storage`` measures the time."""
    game = Game.from_code(CODE)
    for _ in range(length):
        game.play("s")
    with Store(db) as s:
        s.save_game(game)
        assert _rows_per_save(s, game, 20) == 2
        for _ in range(30):  # undo into the window, then a different action
            game.undo()
        game.play("QC>2")
        before = s._conn.total_changes
        s.save_game(game)
        assert s._conn.total_changes - before <= 30 + 2
    with Store(db) as s:
        assert s.load_game() == game


def test_an_equal_copy_is_rewritten_whole_and_stays_exact(store: Store) -> None:
    game = opening_game()
    store.save_game(game)
    copy = Game.from_dict(game.to_dict())
    game.undo()
    game.undo()
    game.play("s")
    store.save_game(copy)  # the copy's history, not the original's, is what must be stored
    assert store.load_game() == copy


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
    assert totals(st) == (1, 1, 1, 255, 100.0, 85, 1, 1)
    assert st.win_rate == 1.0


def test_abandoned_game_is_a_loss(store: Store) -> None:
    store.save_game(won_game(elapsed=90.0))
    first = Game.from_deck(child.WIN_DECK, draw=1)
    store.save_game(first)  # a new game: the won one is settled already
    first.play("AH>f")
    first.elapsed = 5.0
    store.save_game(first)
    assert totals(store.statistics(1)) == (1, 1, 1, 255, 90.0, 85, 1, 1)
    restart = first.restarted()
    store.save_game(restart)  # restart: the first game is abandoned
    st = store.statistics(1)
    assert totals(st) == (1, 2, 1, 255, 90.0, 85, 0, 1)
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
    assert totals(store.statistics(3)) == (3, 1, 0, 0, None, None, 0, 0)
    assert store.load_game() is None


def test_finish_game(store: Store) -> None:
    game = opening_game()
    with pytest.raises(ValueError, match="won"):
        store.finish_game(game, won=True)
    assert store.finish_game(game, won=False) is True
    assert store.finish_game(game, won=False) is False
    assert store.load_game() is None
    assert totals(store.statistics(3)) == (3, 1, 0, 5, None, None, 0, 0)
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
    assert totals(s) == (3, 4, 3, 260, 200.0, 100, 1, 2)
    assert (s.average_seconds, s.average_moves) == (910.0 / 4, 340 / 4)
    assert (s.average_win_seconds, s.average_win_moves) == (300.0, 110.0)
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


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("played", "'lots'"),
        ("won", "played + 5"),
        ("fastest_win", "1e999"),
        ("bank", "9223372036854775807"),
        ("games_moves", "-1"),
        ("best_streak", "current_streak + 1000"),
    ],
)
def test_damaged_statistics_are_kept_in_a_copy_and_reset(db: Path, column: str, value: str) -> None:
    with Store(db) as s:
        s.save_game(won_game())
        lost = opening_game()
        s.save_game(lost)
        s.abandon_game()
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("PRAGMA ignore_check_constraints = 1")
        conn.execute(f"UPDATE statistics SET {column} = {value} WHERE draw = 1")
    conn.close()
    with pytest.warns(StorageWarning, match="statistics"), Store(db) as s:
        notice = s.take_notice()
        assert notice is not None and notice.kind is NoticeKind.STATISTICS_DAMAGED
        assert s.statistics(1) == Statistics(1)
        assert s.statistics(3).played == 1  # the healthy mode is untouched
        s.save_game(won_game())
        assert s.statistics(1).won == 1
    assert notice.path is not None
    copy = sqlite3.connect(notice.path)
    assert copy.execute(f"SELECT {column} FROM statistics WHERE draw = 1").fetchone() != (None,)
    copy.close()


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
        assert totals(s.statistics(1)) == (1, 1, 1, 255, 85 * 0.25, 85, 1, 1)


# -- version 2: migration, per-variant figures, recent games, bank -------------------

V1_DATABASE = Path(__file__).with_name("data") / "v1.sqlite3"
"""Made by the first release's store: settings, a draw-1 win, a draw-3 loss, a game in progress."""


def test_a_first_release_database_keeps_everything(tmp_path: Path) -> None:
    db = tmp_path / DATABASE_NAME
    db.write_bytes(V1_DATABASE.read_bytes())
    with Store(db) as s:
        assert s.warnings == [] and s.recovered_from is None and s.take_notice() is None
        assert s.settings == Settings(language="hu", draw=1, four_colour=True)
        assert totals(s.statistics(1)) == (1, 1, 1, 255, 100.0, 85, 1, 1)
        assert totals(s.statistics(3)) == (3, 1, 0, 0, None, None, 0, 0)
        assert s.statistics(1).variant == "canfield" and s.statistics(1).timed_games == 0
        assert s.statistics(1).average_seconds is None  # not known for games before averages
        game = s.load_game()
        expected = opening_game()
        expected.undo()
        assert game is not None and game.history == expected.history
        assert [m.notation() for m in game.redo_moves] == ["s"]
        assert game.elapsed == 12.5
        s.save_game(game)
        game.play("s")
        s.save_game(game)
    with Store(db) as s:
        loaded = s.load_game()
        assert loaded is not None and loaded.game_id == game.game_id and loaded == game
        assert s._conn.execute("SELECT version FROM schema_version").fetchone() == (SCHEMA_VERSION,)
        s.save_game(Game.from_code(CODE))  # the migrated game settles as a loss
        assert totals(s.statistics(3))[:3] == (3, 2, 0)


def test_statistics_per_variant_and_draw(store: Store) -> None:
    game = Game.from_deck(child.WIN_DECK, draw=3, variant="rainbow")
    game.play("s")
    store.save_game(game)
    store.abandon_game()
    assert store.statistics(3, "rainbow").played == 1
    assert store.statistics(3).played == 0
    store.save_game(won_game())
    keys = [st.key for st in store.all_statistics()]
    assert keys == [("canfield", 1), ("rainbow", 3)]
    (_, recent) = store.recent_games()  # newest first: the win, then the rainbow game
    assert recent.code is None and recent.variant == "rainbow"
    again = Game.from_deck(recent.deck, recent.draw, recent.variant)
    assert again.deck_string == game.deck_string and again.variant == "rainbow"
    store.reset_statistics(3, "rainbow")
    assert [st.key for st in store.all_statistics()] == [("canfield", 1)]
    with pytest.raises(ValueError, match="variant"):
        store.statistics(3, "hearts")
    with pytest.raises(ValueError, match="draw"):
        store.statistics(2, "rainbow")


def test_recent_games_list_the_last_finished_games(store: Store) -> None:
    store.save_game(won_game(elapsed=40.0))
    for n in range(55):
        game = Game.from_code(CODE)
        game.play("QC>2")
        game.elapsed = float(n)
        store.save_game(game)
    store.abandon_game()
    recent = store.recent_games()
    assert len(recent) == 50
    newest = recent[0]
    assert (newest.code, newest.variant, newest.draw, newest.won) == (CODE, "canfield", 3, False)
    assert (newest.score, newest.moves, newest.seconds) == (0, 1, 54.0)
    assert newest.finished_at <= time.time() and newest.finished_at > time.time() - 60
    assert Game.from_code(CODE).deck_string == newest.deck  # newest.code is CODE
    assert store.recent_games(3) == recent[:3]
    assert all(not g.won for g in recent)  # the win was the oldest, pushed out
    store.reset_statistics()
    assert len(store.recent_games()) == 50


def test_recent_game_dealt_from_a_deck_has_no_code(store: Store) -> None:
    store.save_game(won_game(elapsed=40.0))
    (recent,) = store.recent_games()
    assert recent.code is None and recent.won and recent.draw == 1
    assert Game.from_deck(recent.deck, recent.draw).deck_string == child.WIN_DECK


def test_averages_say_which_games_they_cover(store: Store) -> None:
    store.save_game(won_game(elapsed=100.0))
    lost = opening_game()
    lost.elapsed = 20.0
    store.save_game(lost)
    store.abandon_game()
    st1, st3 = store.statistics(1), store.statistics(3)
    assert (st1.average_win_seconds, st1.average_win_moves) == (100.0, 85.0)
    assert (st3.average_seconds, st3.average_moves, st3.average_win_seconds) == (20.0, 4.0, None)


def test_casino_bank_counts_only_while_the_setting_is_on(store: Store) -> None:
    store.save_game(won_game())  # setting off: the bank stays 0
    assert store.statistics(1).bank == 0
    store.update_settings(casino_scoring=True)
    store.save_game(won_game())  # 255 - 52
    lost = opening_game()  # score 5 after the opening
    store.save_game(lost)
    store.abandon_game()  # 5 - 52
    assert store.statistics(1).bank == 255 - 52
    assert store.statistics(3).bank == 5 - 52
    assert store.bank_total() == 255 - 52 + 5 - 52
    store.reset_statistics(1)
    assert store.bank_total() == 5 - 52


def test_new_settings_defaults_and_round_trip(db: Path) -> None:
    with Store(db) as s:
        st = s.settings
        assert (st.show_winnability, st.casino_scoring) == (False, False)
        assert (st.card_back, st.felt, st.last_variant) == ("blue", "green", "canfield")
        s.update_settings(
            show_winnability=True,
            casino_scoring=True,
            card_back="red",
            felt="grey",
            last_variant="storehouse",
        )
    with Store(db) as s:
        st = s.settings
        assert (st.show_winnability, st.casino_scoring, st.card_back, st.felt) == (
            True,
            True,
            "red",
            "grey",
        )
        assert st.last_variant == "storehouse"


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("show_winnability", "yes"),
        ("casino_scoring", 1),
        ("card_back", "purple"),
        ("felt", "Green"),
        ("last_variant", ""),
        ("last_variant", "hearts"),
        ("last_variant", 3),
    ],
)
def test_bad_new_settings_are_refused_in_one_line(store: Store, name: str, value: object) -> None:
    with pytest.raises(InvalidSettingError) as info:
        store.update_settings(**{name: value})
    assert "\n" not in str(info.value) and name in str(info.value)
    assert store.settings == Settings()


# -- identity (issue 12 item 1) -------------------------------------------------------


def test_an_equal_copy_is_the_same_game(store: Store) -> None:
    game = opening_game()
    store.save_game(game)
    copy = Game.from_dict(game.to_dict())  # as the window makes for the solver
    copy.play("s")
    store.save_game(copy)
    store.save_game(game)
    assert store.statistics(3) == Statistics(3)  # nothing recorded: it is one game
    assert store.load_game() == game
    won = won_game()
    store.save_game(won)
    assert store.save_game(Game.from_dict(won.to_dict())) is False  # the win counts once
    assert store.statistics(1).won == 1


def test_a_restart_is_another_game(store: Store) -> None:
    game = opening_game()
    store.save_game(game)
    store.save_game(game.restarted())
    assert store.statistics(3).played == 1


# -- unknown objects in the file -------------------------------------------------------


@pytest.mark.parametrize(
    "plant",
    [
        "CREATE TRIGGER spy AFTER INSERT ON game_line BEGIN DELETE FROM statistics; END",
        "CREATE VIEW v AS SELECT * FROM settings",
        "CREATE TABLE extra (x)",
        "CREATE INDEX i ON settings (value)",
        "DROP TABLE recent_games; CREATE TABLE recent_games (id INTEGER PRIMARY KEY)",
    ],
)
def test_planted_schema_objects_set_the_file_aside(db: Path, plant: str) -> None:
    with Store(db) as s:
        s.save_game(won_game())
    conn = sqlite3.connect(db)
    conn.executescript(plant)
    conn.close()
    with pytest.warns(StorageWarning, match="moved it to"), Store(db) as s:
        assert s.recovered_from is not None
        notice = s.take_notice()
        assert notice is not None and notice.kind is NoticeKind.SET_ASIDE
        s.save_game(opening_game())
        s.abandon_game()  # a planted trigger would wipe the statistics here
        assert s.statistics(3).played == 1
    backup = sqlite3.connect(s.recovered_from)
    assert backup.execute("SELECT played FROM statistics WHERE draw = 1").fetchone() == (1,)
    backup.close()


# -- privacy ------------------------------------------------------------------------------


def test_data_folder_and_files_are_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_DATA_DIR, str(tmp_path / "data"))
    with Store() as s:
        s.save_game(opening_game())
        folder = tmp_path / "data"
        assert folder.stat().st_mode & 0o777 == 0o700
        for f in folder.iterdir():
            assert f.stat().st_mode & 0o777 == 0o600, f
    folder.chmod(0o755)  # a folder made by an older version
    (folder / DATABASE_NAME).chmod(0o644)
    with Store():
        assert folder.stat().st_mode & 0o777 == 0o700
        assert (folder / DATABASE_NAME).stat().st_mode & 0o777 == 0o600

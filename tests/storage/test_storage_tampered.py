"""Tampered saves and planted links, made the way a machine makes them (issue 25).

Every case is a real SQLite file changed behind the store's back, or a real
symbolic link, FIFO or hard link in the data folder. Whatever is there, the
store opens, keeps a copy of what it could not read, queues a notice, and a
second start is clean (no crash loop); nothing outside the data folder is read
through a link, written, truncated or chmodded.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
import sys
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from canfield import Game
from canfield.game import MAX_ACTIONS
from canfield.storage import DATABASE_NAME, NoticeKind, StorageWarning, Store
from canfield.storage.store import MAX_DATABASE_BYTES
from faults import ROOT, fill, mounted_tmpfs

CODE = "CF1-D3-AAAAACL"


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", StorageWarning)
        yield


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    return data


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder beside the data folder: nothing may be written here through a link."""
    there = tmp_path / "outside"
    there.mkdir()
    return there


def _opening() -> Game:
    game = Game.from_code(CODE)
    for move in ("QC>2", "s", "KH>4", "s"):
        game.play(move)
    return game


def _saved(folder: Path, game: Game | None = None) -> Path:
    db = folder / DATABASE_NAME
    with Store(db) as store:
        store.save_game(game or _opening())
        store.take_notice()
    return db


def _sql(db: Path, statement: str, *args: object) -> None:
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA ignore_check_constraints = ON")  # as a hand with the sqlite3 shell can
    with conn:
        conn.execute(statement, args)
    conn.close()


def _kinds(store: Store) -> list[NoticeKind]:
    found = []
    while (notice := store.take_notice()) is not None:
        found.append(notice.kind)
    return found


def _header(db: Path) -> str:
    conn = sqlite3.connect(db)
    (header,) = conn.execute("SELECT header FROM current_game").fetchone()
    conn.close()
    text: str = header
    return text


def _snapshot(where: Path) -> dict[str, tuple[bytes, int, int]]:
    """Every file below ``where`` with its bytes, mode and mtime (to prove nothing changed)."""
    found = {}
    for path in sorted(where.rglob("*")):
        if path.is_file() and not path.is_symlink():
            st = path.stat()
            found[str(path)] = (path.read_bytes(), st.st_mode, st.st_mtime_ns)
    return found


# -- item 1: whatever the saved game's header holds, the store opens ------------------------

_CLOCKS = ["1" + "0" * 400, "-" + "1" * 400, "1e400", "-1e400", "NaN", "-1", "1e10", '"12"']
_CLOCKS += ["true", "null", "[]", "{}", "1" * 4000]


@pytest.mark.parametrize("clock", _CLOCKS)
def test_a_damaged_clock_keeps_the_game_a_copy_and_tells_once(folder: Path, clock: str) -> None:
    game = _opening()
    db = _saved(folder, game)
    _sql(
        db,
        "UPDATE current_game SET header = ?",
        _header(db).replace('"elapsed":0.0', f'"elapsed":{clock}', 1),
    )
    assert f'"elapsed":{clock}' in _header(db)
    with Store(db) as store:
        loaded = store.load_game()
        assert loaded is not None and loaded.history == game.history and loaded.elapsed == 0
        notice = store.take_notice()
        assert notice is not None and notice.kind is NoticeKind.CLOCK_RESET
        assert notice.path is not None and notice.path.is_file()
        assert len(str(notice.detail)) < 100
    with Store(db) as store:  # repaired for good: no notice, no second copy
        again = store.load_game()
        assert again is not None and again.history == game.history
        assert _kinds(store) == []
    assert len(list(folder.glob("*.damaged-*"))) == 1


_HEADERS: dict[str, Callable[[str], str]] = {
    "a clock of 5,000 digits": lambda h: h.replace('"elapsed":0.0', '"elapsed":' + "9" * 5000, 1),
    "not JSON": lambda h: h[:-3],
    "JSON nested 100,000 deep": lambda h: "[" * 100_000 + "]" * 100_000,
    "one megabyte of header": lambda h: h[:-1] + ',"pad":"' + "x" * 1_000_000 + '"}',
    "a draw of 400 digits": lambda h: h.replace('"draw":3', '"draw":1' + "0" * 400, 1),
    "a code of 5,000 letters": lambda h: h.replace(
        '"code":"CF1-D3-AAAAACL"', '"code":"' + "Q" * 5000 + '"', 1
    ),
    "an undo depth of 400 digits": lambda h: h.replace(
        '"undo_depth":4', '"undo_depth":' + "4" * 400, 1
    ),
    "101 moves to redo": lambda h: h.replace(
        '"redo":[]', '"redo":[' + ",".join(['"s"'] * 101) + "]", 1
    ),
    "a text where the header is": lambda h: '"just text"',
    "an id of 4,000 characters": lambda h: h.replace('"id":"', '"id":"' + "f" * 4000, 1),
}


@pytest.mark.parametrize("damage", sorted(_HEADERS))
def test_a_tampered_header_is_kept_in_a_copy_and_the_store_starts(
    folder: Path, damage: str
) -> None:
    db = _saved(folder)
    tampered = _HEADERS[damage](_header(db))
    assert tampered != _header(db)
    _sql(db, "UPDATE current_game SET header = ?", tampered)
    with Store(db) as store:
        assert store.load_game() is None
        notice = store.take_notice()
        assert notice is not None and notice.kind is NoticeKind.GAME_DAMAGED
        assert notice.path is not None and notice.path.is_file()
        assert all(len(line) < 600 for line in store.warnings)
    with Store(db) as store:  # no crash loop, nothing to tell again
        assert store.load_game() is None and _kinds(store) == []


@pytest.mark.parametrize("rows", [MAX_ACTIONS + 1, 1_000_001])
def test_a_history_longer_than_a_game_keeps_is_refused_at_load(folder: Path, rows: int) -> None:
    db = _saved(folder)
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("DELETE FROM game_line")
        conn.executemany(
            "INSERT INTO game_line (idx, move) VALUES (?, 's')", ((i,) for i in range(rows))
        )
        conn.execute(
            "UPDATE current_game SET line_length = ?, header = ?",
            (rows, _header(db).replace('"undo_depth":4', '"undo_depth":0')),
        )
    conn.close()
    with Store(db) as store:
        assert store.load_game() is None
        assert _kinds(store) == [NoticeKind.GAME_DAMAGED]
        assert any(f"{MAX_ACTIONS:,}" in line for line in store.warnings)


@pytest.mark.parametrize("length", [2**62, -1, 7, "many", 1.5])
def test_a_tampered_history_length_is_refused(folder: Path, length: object) -> None:
    db = _saved(folder)
    _sql(db, "UPDATE current_game SET line_length = ?", length)
    with Store(db) as store:
        assert store.load_game() is None
        assert _kinds(store) == [NoticeKind.GAME_DAMAGED]


@pytest.mark.parametrize(
    ("statement", "value"),
    [
        ("UPDATE statistics SET variant = ?", "no-such-variant"),
        ("UPDATE statistics SET variant = ?", "v" * 100_000),
        ("UPDATE statistics SET games_seconds = ?", float("inf")),
        ("UPDATE statistics SET fastest_win = ?", "soon"),
        ("UPDATE statistics SET bank = ?", 2**62),
    ],
)
def test_tampered_statistics_are_reset_with_a_copy(
    folder: Path, statement: str, value: object
) -> None:
    db = folder / DATABASE_NAME
    with Store(db) as store:
        store.save_game(_opening())
        store.abandon_game()
    _sql(db, statement, value)
    with Store(db) as store:
        assert _kinds(store) == [NoticeKind.STATISTICS_DAMAGED]
        assert store.all_statistics() == []
        assert all(len(line) < 600 for line in store.warnings)
    with Store(db) as store:
        assert _kinds(store) == []


def test_a_thousand_junk_statistics_rows_are_named_in_one_short_warning(folder: Path) -> None:
    db = _saved(folder)
    conn = sqlite3.connect(db)
    # A row of this schema's columns, whatever its version: played once, all else 0 or NULL.
    columns = [
        (name, notnull)
        for _cid, name, _type, notnull, *_ in conn.execute("PRAGMA table_info(statistics)")
    ]
    fixed = {"draw": 3, "played": 1}
    values = [fixed.get(name, 0 if notnull else None) for name, notnull in columns[1:]]
    assert columns[0][0] == "variant"
    marks = ", ".join("?" * len(columns))
    with conn:
        conn.executemany(
            f"INSERT INTO statistics VALUES ({marks})",
            ((f"junk{i}", *values) for i in range(1000)),
        )
    conn.close()
    with Store(db) as store:
        assert _kinds(store) == [NoticeKind.STATISTICS_DAMAGED]
        warning = store.warnings[-1]
        assert "variants 'junk0', 'junk1', 'junk2': the variant must be one of" in warning
        assert warning.count("must be one of") == 1  # the long reason said once for all three
        assert "997 more" in warning and len(warning) < 600
        assert store.load_game() is not None


@pytest.mark.parametrize(
    ("column", "value"),
    [("deck", "AS " * 2000), ("variant", "nope"), ("code", "CF1-D3-" + "Z" * 40), ("seconds", "x")],
)
def test_a_recent_game_that_cannot_be_dealt_again_is_left_out(
    folder: Path, column: str, value: object
) -> None:
    db = folder / DATABASE_NAME
    with Store(db) as store:
        store.save_game(_opening())
        store.abandon_game()
        assert len(store.recent_games()) == 1
    _sql(db, f"UPDATE recent_games SET {column} = ?", value)
    with Store(db) as store:
        assert store.recent_games() == []
        assert any("recent game" in line and len(line) < 400 for line in store.warnings)


@pytest.mark.parametrize("value", ['"' + "x" * 1_000_000 + '"', "1" + "0" * 400, "[" * 50_000])
def test_a_tampered_setting_falls_back_to_its_default(folder: Path, value: str) -> None:
    db = _saved(folder)
    _sql(db, "INSERT OR REPLACE INTO settings (name, value) VALUES ('draw', ?)", value)
    with Store(db) as store:
        assert store.settings.draw == 3
        assert all(len(line) < 400 for line in store.warnings)


def test_a_database_larger_than_any_canfield_one_is_set_aside(folder: Path) -> None:
    db = _saved(folder)
    with db.open("r+b") as f:  # sparse: costs no disk
        f.truncate(MAX_DATABASE_BYTES + 4096)
    with Store(db) as store:
        assert _kinds(store) == [NoticeKind.SET_ASIDE]
        assert store.recovered_from is not None
        assert store.recovered_from.stat().st_size == MAX_DATABASE_BYTES + 4096


# -- item 2: planted links are never followed -----------------------------------------------


def test_a_link_at_the_lock_file_is_never_truncated_or_written_through(
    folder: Path, outside: Path
) -> None:
    db = _saved(folder)
    victim = outside / "precious.txt"
    victim.write_text("keep me\n")
    victim.chmod(0o644)
    before = _snapshot(outside)
    lock = folder / f"{DATABASE_NAME}.lock"
    lock.unlink()
    lock.symlink_to(victim)
    with Store(db) as store:
        assert store.load_game() == _opening() or store.load_game() is not None
        kinds = _kinds(store)
        assert NoticeKind.LINK_SET_ASIDE in kinds
        assert not lock.is_symlink() and lock.is_file()
        assert any(str(lock) in line for line in store.warnings)
    assert _snapshot(outside) == before
    (aside,) = folder.glob(f"{DATABASE_NAME}.lock.link-*")
    assert aside.is_symlink() and os.readlink(aside) == str(victim)


def test_a_fifo_or_hard_link_at_the_lock_file_is_set_aside(folder: Path, outside: Path) -> None:
    db = _saved(folder)
    lock = folder / f"{DATABASE_NAME}.lock"
    lock.unlink()
    os.mkfifo(lock)
    with Store(db) as store:
        assert NoticeKind.LINK_SET_ASIDE in _kinds(store)
    assert stat.S_ISREG(lock.lstat().st_mode)
    victim = folder / "other.txt"
    victim.write_text("mine")
    lock.unlink()
    os.link(victim, lock)
    with Store(db) as store:
        assert NoticeKind.LINK_SET_ASIDE in _kinds(store)
    assert victim.read_text() == "mine"


@pytest.mark.parametrize("target", ["a Canfield database", "a text file", "nothing", "itself"])
def test_a_link_at_the_database_is_refused_by_name_and_nothing_outside_changes(
    folder: Path, outside: Path, target: str
) -> None:
    db = folder / DATABASE_NAME
    victim = outside / "elsewhere.sqlite3"
    if target == "a Canfield database":
        _saved(outside)
        (outside / DATABASE_NAME).rename(victim)
        (outside / f"{DATABASE_NAME}.lock").unlink()
        victim.chmod(0o644)
    elif target == "a text file":
        victim.write_text("not yours\n")
        victim.chmod(0o644)
    before = _snapshot(outside)
    db.symlink_to(db if target == "itself" else victim)
    with Store(db) as store:
        notices = []
        while (notice := store.take_notice()) is not None:
            notices.append(notice)
        assert [n.kind for n in notices] == [NoticeKind.LINK_SET_ASIDE]
        assert DATABASE_NAME in notices[0].detail
        assert store.saving and store.load_game() is None
        store.save_game(_opening())
    assert _snapshot(outside) == before
    assert sorted(p.name for p in outside.iterdir()) == sorted(Path(p).name for p in before)
    assert db.is_file() and not db.is_symlink()
    (aside,) = folder.glob(f"{DATABASE_NAME}.link-*")
    assert aside.is_symlink()
    with Store(db) as store:
        assert store.load_game() == _opening() and _kinds(store) == []


@pytest.mark.parametrize("suffix", ["-wal", "-shm", "-journal"])
def test_a_link_at_a_companion_is_not_chmodded_or_written_through(
    folder: Path, outside: Path, suffix: str
) -> None:
    db = _saved(folder)
    victim = outside / f"victim{suffix}"
    victim.write_bytes(b"\0" * 100)
    victim.chmod(0o644)
    before = _snapshot(outside)
    Path(f"{db}{suffix}").symlink_to(victim)
    with Store(db) as store:
        assert NoticeKind.LINK_SET_ASIDE in _kinds(store)
        assert store.load_game() == _opening()
        game = _opening()
        game.play("s")
        store.save_game(game)
    assert _snapshot(outside) == before
    assert victim.stat().st_mode & 0o777 == 0o644


@pytest.mark.skipif(not ROOT, reason="giving a folder to another user needs root")
def test_a_data_folder_of_another_user_is_used_with_a_warning(folder: Path) -> None:
    os.chown(folder, 65534, 65534)
    with Store(folder / DATABASE_NAME) as store:
        notices = []
        while (notice := store.take_notice()) is not None:
            notices.append(notice)
        assert [n.kind for n in notices] == [NoticeKind.FOREIGN_FOLDER]
        assert notices[0].path == folder
        store.save_game(_opening())
        assert store.saving


# -- item 6: a full disk until quit ---------------------------------------------------------


def test_what_is_played_on_a_full_disk_is_written_at_quit_once_there_is_room(
    tmp_path: Path,
) -> None:
    with mounted_tmpfs(tmp_path / "mnt") as where:
        db = where / DATABASE_NAME
        game = _opening()
        with Store(db) as store:
            store.save_game(game)
        store = Store(db)
        store.retry_interval = 3600.0  # only the quit itself may try again
        filler = fill(where)
        game.play("s")
        store.save_game(game)
        assert not store.saving
        assert NoticeKind.CANNOT_SAVE in _kinds(store)
        game.play("s")
        store.save_game(game)  # still full: kept in memory
        filler.unlink()
        store.close()  # quitting tries the file once more
        with Store(db) as again:
            loaded = again.load_game()
            assert loaded is not None and loaded.history == game.history
            data = json.loads(json.dumps(loaded.to_dict()))
            assert data["line"][-2:] == ["s", "s"]


_OPEN_AND_SAVE = """
import sys, warnings
warnings.simplefilter("ignore")
from canfield import Game
from canfield.storage import Store
with Store(sys.argv[1]) as store:
    kinds = [n.kind.name for n in iter(store.take_notice, None)]
    game = store.load_game()
    store.save_game(Game.from_code("CF1-D3-AAAAACL"))
    print(" ".join(kinds), game is not None, store.saving)
"""


@pytest.mark.parametrize("suffix", ["-wal", "-shm", "-journal", ".lock"])
@pytest.mark.parametrize("kind", ["fifo", "folder", "hard link"])
def test_a_fifo_folder_or_hard_link_beside_the_database_is_set_aside_without_a_hang(
    folder: Path, suffix: str, kind: str
) -> None:
    db = _saved(folder)
    odd = Path(f"{db}{suffix}")
    odd.unlink(missing_ok=True)
    if kind == "fifo":
        os.mkfifo(odd)  # SQLite reading a -journal FIFO blocked for ever
    elif kind == "folder":
        odd.mkdir()
    else:
        other = folder / "mine.txt"
        other.write_text("mine")
        os.link(other, odd)
    done = subprocess.run(
        [sys.executable, "-c", _OPEN_AND_SAVE, str(db)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["LINK_SET_ASIDE", "True", "True"]
    assert len(list(folder.glob(f"{DATABASE_NAME}{suffix}.link-*"))) == 1
    if kind == "hard link":
        assert (folder / "mine.txt").read_text() == "mine"

"""Assisted games (Show me played in them) are kept apart; hints are counted; version 3 migrates."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from canfield import Game
from canfield.storage import DATABASE_NAME, Settings, Store
from canfield.storage.schema import SCHEMA_VERSION

CODE = "CF1-D3-AAAAACL"
V2_DATABASE = Path(__file__).with_name("data") / "v2.sqlite3"
"""Made by the version-2 store: Portuguese, casino on; a draw-1 win (255, 90 s, 85 moves),
a draw-3 loss and a rainbow draw-1 loss (both one action); CF1-D3-AAAAACL in progress after "s"."""


def _load_child() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "storage_kill_child", Path(__file__).with_name("storage_kill_child.py")
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


child = _load_child()


def won_game(*, assisted: bool = False, hints: int = 0, elapsed: float = 50.0) -> Game:
    game: Game = child.start("win")
    for _ in child.actions(game, "win", 0):
        pass
    assert game.is_won
    game.elapsed = elapsed
    game.assisted = assisted
    game.hints_used = hints
    return game


def test_an_assisted_win_is_counted_apart_and_changes_no_other_figure(tmp_path: Path) -> None:
    db = tmp_path / DATABASE_NAME
    with Store(db) as store:
        assert store.save_game(won_game(assisted=True, hints=2))
    with Store(db) as store:  # read back from the file
        stats = store.statistics(1)
        assert (stats.played, stats.won, stats.current_streak, stats.best_streak) == (0, 0, 0, 0)
        assert (stats.best_score, stats.fastest_win, stats.fewest_moves) == (None, None, None)
        assert (stats.timed_games, stats.bank, stats.win_rate) == (0, 0, 0.0)
        assert (stats.assisted_games, stats.assisted_wins) == (1, 1)
        (recent,) = store.recent_games()
        assert recent.won and recent.assisted and recent.hints == 2 and recent.score == 255


def test_an_assisted_game_left_unfinished_breaks_no_streak(tmp_path: Path) -> None:
    db = tmp_path / DATABASE_NAME
    with Store(db) as store:
        store.save_game(won_game(elapsed=80.0))
        helped = Game.from_code(CODE)
        helped.assisted = True
        helped.play("QC>2")
        store.save_game(helped)
        store.abandon_game()
    with Store(db) as store:
        mine = store.statistics(1)
        assert (mine.played, mine.won, mine.current_streak, mine.fastest_win) == (1, 1, 1, 80.0)
        assisted = store.statistics(3)
        assert (assisted.played, assisted.assisted_games, assisted.assisted_wins) == (0, 1, 0)
        newest, oldest = store.recent_games()
        assert newest.assisted and not newest.won and not oldest.assisted


def test_hints_are_counted_in_recent_games_and_leave_a_win_the_players(tmp_path: Path) -> None:
    db = tmp_path / DATABASE_NAME
    with Store(db) as store:
        store.save_game(won_game(hints=3))
    with Store(db) as store:
        stats = store.statistics(1)
        assert (stats.played, stats.won, stats.assisted_games) == (1, 1, 0)
        (recent,) = store.recent_games()
        assert (recent.hints, recent.assisted) == (3, False)


def test_the_help_survives_a_save_and_load(tmp_path: Path) -> None:
    db = tmp_path / DATABASE_NAME
    game = Game.from_code(CODE)
    game.play("s")
    game.hints_used, game.assisted = 4, True
    with Store(db) as store:
        store.save_game(game)
    with Store(db) as store:
        loaded = store.load_game()
        assert loaded is not None and (loaded.hints_used, loaded.assisted) == (4, True)
        assert loaded == game


def test_a_version_2_database_keeps_everything(tmp_path: Path) -> None:
    db = tmp_path / DATABASE_NAME
    db.write_bytes(V2_DATABASE.read_bytes())
    with Store(db) as store:
        assert store.warnings == [] and store.recovered_from is None
        assert store.take_notice() is None
        version = store._conn.execute("SELECT version FROM schema_version").fetchone()
        assert version == (SCHEMA_VERSION,) == (3,)
    with Store(db) as store:
        assert store.settings == Settings(language="pt", draw=1, casino_scoring=True)
        win = store.statistics(1)
        assert (win.played, win.won, win.best_score, win.fastest_win, win.fewest_moves) == (
            1,
            1,
            255,
            90.0,
            85,
        )
        assert (win.current_streak, win.bank, win.timed_games, win.wins_seconds) == (1, 203, 1, 90)
        assert (win.assisted_games, win.assisted_wins) == (0, 0)
        assert (store.statistics(3).played, store.statistics(3).bank) == (1, -52)
        assert store.statistics(1, "rainbow").played == 1
        recent = store.recent_games()
        assert [(g.variant, g.draw, g.won) for g in recent] == [
            ("rainbow", 1, False),
            ("canfield", 3, False),
            ("canfield", 1, True),
        ]
        assert all(g.hints == 0 and not g.assisted for g in recent)
        game = store.load_game()
        assert (
            game is not None and game.code == CODE and [m.notation() for m in game.history] == ["s"]
        )
        assert (game.elapsed, game.hints_used, game.assisted) == (7.5, 0, False)


V3_DATABASE = Path(__file__).with_name("data") / "v3.sqlite3"
"""Made by the version-3 store before its statistics table was derived from the dataclass:
Hungarian, draw 1, casino on; a draw-1 win with 2 hints (60 s) and an assisted draw-1 win
(80 s), a draw-3 loss (one action); CF1-D3-AAAAACL in progress after "s", "s" (9.5 s)."""


def test_a_version_3_database_written_before_opens_as_it_was(tmp_path: Path) -> None:
    db = tmp_path / DATABASE_NAME
    db.write_bytes(V3_DATABASE.read_bytes())
    with Store(db) as store:
        assert store.warnings == [] and store.recovered_from is None
        assert store.take_notice() is None
        assert store.settings == Settings(language="hu", draw=1, casino_scoring=True)
        win = store.statistics(1)
        assert (win.played, win.won, win.fastest_win, win.bank) == (1, 1, 60.0, 203)
        assert (win.assisted_games, win.assisted_wins) == (1, 1)
        assert (store.statistics(3).played, store.statistics(3).bank) == (1, -52)
        recent = store.recent_games()
        assert [(g.draw, g.won, g.hints, g.assisted) for g in recent] == [
            (3, False, 0, False),
            (1, True, 0, True),
            (1, True, 2, False),
        ]
        game = store.load_game()
        assert game is not None and [m.notation() for m in game.history] == ["s", "s"]
        assert game.elapsed == 9.5
        store.save_game(won_game())
    with Store(db) as store:
        assert store.statistics(1).won == 2 and store.warnings == []


def test_the_browsers_ledger_counts_help_as_the_store_does(tmp_path: Path) -> None:
    from canfield.records.ledger import Ledger

    ledger = Ledger(clock=lambda: 1.0)
    with Store(tmp_path / DATABASE_NAME) as store:
        for game in (won_game(assisted=True, hints=2), won_game(hints=1)):
            assert store.save_game(game) and ledger.save(game)
        helped = Game.from_code(CODE)
        helped.assisted = True
        helped.play("s")
        store.save_game(helped)
        ledger.save(helped)
        store.abandon_game()
        ledger.abandon()
        assert store.all_statistics() == ledger.all_statistics()
        mine = [(g.won, g.hints, g.assisted) for g in store.recent_games()]
        assert mine == [(g.won, g.hints, g.assisted) for g in ledger.recent_games()]
        assert mine == [(False, 0, True), (True, 1, False), (True, 2, True)]
    again = Ledger.from_dict(ledger.to_dict())
    assert again.all_statistics() == ledger.all_statistics()
    assert again.recent_games() == ledger.recent_games()

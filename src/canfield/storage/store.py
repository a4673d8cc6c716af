"""The store: settings, statistics, recent games and the game in progress, as tables of one
SQLite file.

The file itself (opening it, setting a damaged one aside, going on in memory while it cannot
be written, writing back) is :class:`canfield.storage.database.Database`'s; this module
reads and writes the tables through it. A part that is damaged (a saved game that does not
replay, impossible statistics) is dropped after a copy of the whole database is kept
(:attr:`Store.kept_copies`), and the player is told; a damaged clock is reset to 0 and a
damaged setting falls back to its default, with a warning.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any, Final

import canfield.storage.statistics as table
from canfield.deal import DealCode, parse_deck
from canfield.errors import quoted
from canfield.game import MAX_ACTIONS, Game, is_elapsed
from canfield.moves import Move
from canfield.storage.database import MAX_DATABASE_BYTES, Database
from canfield.storage.notices import Notice, NoticeKind
from canfield.storage.recent import RECENT_LIMIT, RecentGame
from canfield.storage.settings import (
    Settings,
    check_setting,
    check_variant_name,
    decode_setting,
    encode_setting,
)
from canfield.storage.statistics import MAX_COUNT, Statistics
from canfield.variants import check_draw, is_draw

__all__ = ["MAX_DATABASE_BYTES", "Store"]

_MAX_HEADER: Final = 64 * 1024
"""Characters of a saved game's header at most (a real one is under 2,000): longer is refused
before it is parsed."""
_SHOWN_PROBLEMS: Final = 3
"""Damaged statistics rows named in a warning; the rest are counted."""


class Store(Database):
    """Settings, statistics, recent games and the game in progress, kept in SQLite.

    ``Store()`` opens ``$CANFIELD_DATA_DIR/canfield.sqlite3`` or the file in
    the user's data folder; ``Store(path)`` opens that file. Opening raises only
    :class:`StorageInUseError` (another process has the file); every other
    fault is met as :mod:`canfield.storage.database` says, so play always goes on.
    Writes raise :class:`StorageError` only once the store is closed.
    """

    def __init__(self, path: Path | str | None = None) -> None:
        self._line_owner: Game | None = None
        """The game object whose history rows were last written; how many of them could not
        change any more then (:attr:`Game.settled`), and the rows after those as written.
        Only an optimisation: another object (even an equal copy) is rewritten whole."""
        self._line_mark = 0
        self._line_tail: tuple[Move, ...] = ()
        self._settled_ids: set[str] = set()
        """Games recorded (or abandoned) by this store: saving one again does not count it again."""
        self._settings = Settings()
        super().__init__(path)
        self._check_statistics()
        self._settings = self._read_settings()

    def _check_statistics(self) -> None:
        """Impossible statistics are kept in a copy and reset, never silently zeroed later."""
        damaged: list[tuple[object, object]] = []
        unknown: dict[str, list[object]] = {}  # why a variant is refused: the rows' variants
        problems: list[str] = []
        for row in self._conn.execute(table.SELECT):
            reason = check_variant_name(row[0])
            if reason is not None:
                unknown.setdefault(reason, []).append(row[0])
            else:
                try:
                    table.from_row(row)
                    continue
                except (ValueError, TypeError, ArithmeticError) as exc:
                    problems.append(str(exc))
            damaged.append((row[0], row[1]))
        self._conn.execute("SELECT * FROM recent_games").fetchall()  # read every page once
        if not damaged:
            return
        copy = self._keep_copy()
        what = _damage_summary(unknown, problems)
        self._warn(
            f"reset damaged statistics ({what}); "
            + (f"a copy of the database was kept at {copy}" if copy else "no copy could be kept")
        )
        self._notices.append(Notice(NoticeKind.STATISTICS_DAMAGED, copy, what))

        def drop(conn: sqlite3.Connection) -> None:
            conn.executemany(
                "DELETE FROM statistics WHERE variant IS ? AND draw IS ?",
                damaged,
            )

        self._write(drop)

    # -- settings -------------------------------------------------------------

    @property
    def settings(self) -> Settings:
        return self._settings

    def _read_settings(self) -> Settings:
        rows = dict(self._conn.execute("SELECT name, value FROM settings").fetchall())
        values: dict[str, Any] = {}
        for name in Settings.names():
            if name not in rows:
                continue
            try:
                values[name] = decode_setting(name, rows[name])
            except ValueError as exc:
                self._warn(f"ignored stored setting, using the default: {exc}")
        return Settings(**values)

    def update_settings(self, **changes: Any) -> Settings:
        """Change some settings; an unknown name or bad value raises
        :class:`InvalidSettingError` before anything is written."""
        new = self._settings.replace(**changes)
        self._write_settings(new, changes)
        return new

    def save_settings(self, settings: Settings) -> None:
        """Store every setting of ``settings``."""
        values = {name: getattr(settings, name) for name in Settings.names()}
        for name, value in values.items():
            check_setting(name, value)  # a Settings built with object.__setattr__ tricks
        self._write_settings(settings, values)

    def _write_settings(self, settings: Settings, values: dict[str, Any]) -> None:
        rows = [(name, encode_setting(name, value)) for name, value in values.items()]

        def write(conn: sqlite3.Connection) -> None:
            conn.executemany("INSERT OR REPLACE INTO settings (name, value) VALUES (?, ?)", rows)

        self._write(write)
        self._settings = settings

    # -- statistics -------------------------------------------------------------

    def statistics(self, draw: int, variant: str = "canfield") -> Statistics:
        """Totals of one draw mode (1 or 3) of one variant."""
        _check_mode(draw, variant)
        return self._read_statistics(self._conn, variant, draw)

    def all_statistics(self) -> list[Statistics]:
        """Every (variant, draw) that has a recorded game, sorted by variant then draw."""
        rows = self._conn.execute(f"{table.SELECT} ORDER BY variant, draw").fetchall()
        return [table.from_row(row) for row in rows]

    def bank_total(self) -> int:
        """The casino bank summed over every variant and draw mode (dollars, may be negative)."""
        return sum(s.bank for s in self.all_statistics())

    def reset_statistics(self, draw: int | None = None, variant: str | None = None) -> None:
        """Forget statistics (the bank included): of one draw mode and/or one variant.

        ``None`` means "all": ``reset_statistics()`` forgets everything,
        ``reset_statistics(3, "canfield")`` only that mode. Recent games stay.
        """
        if draw is not None:
            _check_mode(draw, "canfield")
        if variant is not None:
            _check_mode(1, variant)

        def reset(conn: sqlite3.Connection) -> None:
            conn.execute(
                "DELETE FROM statistics"
                " WHERE (? IS NULL OR draw = ?) AND (? IS NULL OR variant = ?)",
                (draw, draw, variant, variant),
            )

        self._write(reset)

    def recent_games(self, limit: int = RECENT_LIMIT) -> list[RecentGame]:
        """The last finished games, newest first (at most ``limit``, at most RECENT_LIMIT)."""
        if type(limit) is not int or limit < 0:
            raise ValueError(f"limit must be a count, not {limit!r}")
        rows = self._conn.execute(
            "SELECT code, deck, variant, draw, won, score, seconds, moves, finished_at, hints,"
            " assisted FROM recent_games ORDER BY id DESC LIMIT ?",
            (min(limit, RECENT_LIMIT),),
        ).fetchall()
        games = []
        for row in rows:
            code, deck, variant, draw, won, *rest, hints, assisted = row
            flag, helped = (_flag(value) for value in (won, assisted))
            try:
                games.append(_recent_game(code, deck, variant, draw, flag, *rest, hints, helped))
            except (ValueError, TypeError, ArithmeticError) as exc:
                self._warn(f"left out a damaged recent game: {exc}")
        return games

    def _read_statistics(self, conn: sqlite3.Connection, variant: str, draw: int) -> Statistics:
        row = conn.execute(
            f"{table.SELECT} WHERE variant = ? AND draw = ?",
            (variant, draw),
        ).fetchone()
        if row is None:
            return Statistics(draw, variant=variant)
        return table.from_row(row)  # checked at open; only this store writes since

    def _record(
        self,
        conn: sqlite3.Connection,
        *,
        game_id: str,
        header: object,
        variant: str,
        draw: int,
        won: bool,
        score: int,
        moves: int,
        elapsed: float,
    ) -> None:
        hints, assisted = _help_of(header)
        s = self._read_statistics(conn, variant, draw).after(
            won=won,
            score=score,
            moves=moves,
            elapsed=elapsed,
            casino=self._settings.casino_scoring,
            assisted=assisted,
        )
        conn.execute(table.INSERT, table.to_row(s))
        if not isinstance(header, dict) or not isinstance(header.get("deck"), str):
            self._warn("did not list a finished game among recent games: its deal is damaged")
            return
        code = header.get("code")
        conn.execute(
            "INSERT INTO recent_games (game_id, code, deck, variant, draw, won, score, seconds,"
            " moves, finished_at, hints, assisted) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                code if isinstance(code, str) else None,
                header["deck"],
                variant,
                draw,
                int(won),
                score,
                float(elapsed),
                moves,
                time.time(),
                hints,
                int(assisted),
            ),
        )
        conn.execute(
            "DELETE FROM recent_games WHERE id <= (SELECT max(id) FROM recent_games) - ?",
            (RECENT_LIMIT,),
        )

    # -- the game in progress ------------------------------------------------

    def save_game(self, game: Game) -> bool:
        """Save ``game`` as the game in progress; call it after every action.

        Games are told apart by :attr:`Game.game_id`, which a copy
        (``Game.from_dict(g.to_dict())``) keeps. Saving a different game (a
        new game, a restart, another code) first settles the previous one: it
        is recorded as a loss if it was acted on and not yet recorded. A game
        that is won is recorded as a win in the same transaction. Only the
        actions that changed since the last save are written, so a save costs
        the same at any length of history. Returns True when this call
        recorded the win.
        """
        return self._write(lambda conn: self._save(conn, game))

    def finish_game(self, game: Game, won: bool) -> bool:
        """Record ``game``'s result now: a win (it must be won) or an abandoned game.

        Abandoning also forgets the saved game. Returns True when a result was
        recorded, False when it already was (or the game was never acted on).
        """
        if won and not game.is_won:
            raise ValueError("finish_game(won=True) needs a won game")

        def finish(conn: sqlite3.Connection) -> bool:
            recorded = self._save(conn, game)
            if not won:
                recorded = self._abandon(conn)
            return recorded

        return self._write(finish)

    def abandon_game(self) -> bool:
        """Settle and forget the saved game (a loss if it counts); True if a loss was recorded."""
        return self._write(self._abandon)

    def load_game(self) -> Game | None:
        """The saved game in progress, or None.

        A saved game that cannot be restored is dropped after a copy of the
        database is kept (a notice tells the player); a damaged clock is reset.
        """
        row = self._conn.execute("SELECT game_id, header, line_length FROM current_game").fetchone()
        if row is None:
            return None
        game_id, header, length = row
        try:
            if not _count_ok(length) or length > MAX_ACTIONS:
                raise ValueError(
                    f"the history has {quoted(length)} actions, at most {MAX_ACTIONS:,} are kept"
                )
            if not isinstance(header, str) or len(header) > _MAX_HEADER:
                raise ValueError(
                    f"the stored game is not text of at most {_MAX_HEADER:,} characters"
                )
            line = self._conn.execute(
                "SELECT idx, move FROM game_line ORDER BY idx LIMIT ?", (MAX_ACTIONS + 1,)
            ).fetchall()
            if [idx for idx, _ in line] != list(range(len(line))) or length != len(line):
                raise ValueError(f"the history has {len(line)} of {length} actions")
            data = json.loads(header)
            if not isinstance(data, dict):
                raise ValueError("stored game is not an object")
            data["line"] = [move for _, move in line]
            clock = data.get("elapsed")
            if not is_elapsed(clock):
                data["elapsed"] = 0.0
            game = Game.from_dict(data)
            if game.game_id != game_id:
                raise ValueError(f"the game's id {game.game_id} is not the saved {quoted(game_id)}")
        except (ValueError, TypeError, RecursionError, ArithmeticError, MemoryError) as exc:
            # whatever the save holds, the app starts: a copy is kept and the player is told
            self._game_damaged(exc)
            return None
        self._line_owner = game
        self._line_mark = game.settled
        self._line_tail = game.history_from(game.settled)
        if not is_elapsed(clock):
            self._clock_damaged(game, clock)
        return game

    def _clock_damaged(self, game: Game, clock: object) -> None:
        """Keep a copy, tell the player, and save the game with its clock at 0 (told once)."""
        copy = self._keep_copy()
        self._warn(
            f"reset the saved game's damaged clock ({quoted(clock)}); "
            + (f"a copy of the database was kept at {copy}" if copy else "no copy could be kept")
        )
        self._notices.append(Notice(NoticeKind.CLOCK_RESET, copy, f"clock {quoted(clock)}"))
        self._write(lambda conn: self._save(conn, game))

    def _game_damaged(self, problem: BaseException) -> None:
        copy = self._keep_copy()
        self._warn(
            f"dropped the saved game, it is damaged ({problem}); "
            + (f"a copy of the database was kept at {copy}" if copy else "no copy could be kept")
        )
        self._notices.append(Notice(NoticeKind.GAME_DAMAGED, copy, str(problem)))

        def drop(conn: sqlite3.Connection) -> None:
            conn.execute("DELETE FROM current_game")
            conn.execute("DELETE FROM game_line")

        self._write(drop)

    def _save(self, conn: sqlite3.Connection, game: Game) -> bool:
        row = conn.execute(
            "SELECT game_id, line_length, acted, recorded FROM current_game"
        ).fetchone()
        if row is not None and row[0] == game.game_id:
            acted, recorded = bool(row[2]), bool(row[3])
            stored = row[1] if _count_ok(row[1]) else 0
            keep = min(stored, self._unchanged_rows(game))
        else:
            if row is not None:
                self._abandon(conn)
            acted, recorded, keep = False, game.game_id in self._settled_ids, 0
        acted = acted or game.moves_made > 0 or game.can_redo
        elapsed = game.elapsed if is_elapsed(game.elapsed) else 0.0
        variant = game.variant
        header = game.to_dict(line=False)
        header["elapsed"] = elapsed  # a broken clock must not make the save unloadable
        won_now = game.is_won and not recorded
        if won_now:
            self._record(
                conn,
                game_id=game.game_id,
                header=header,
                variant=variant,
                draw=game.draw,
                won=True,
                score=game.score,
                moves=game.moves_made,
                elapsed=elapsed,
            )
        conn.execute("DELETE FROM game_line WHERE idx >= ?", (keep,))
        tail = game.history_from(keep)
        conn.executemany(
            "INSERT INTO game_line (idx, move) VALUES (?, ?)",
            [(i, m.notation()) for i, m in enumerate(tail, start=keep)],
        )
        length = keep + len(tail)
        conn.execute(
            "INSERT OR REPLACE INTO current_game (slot, game_id, variant, draw, header,"
            " line_length, score, moves, elapsed, acted, recorded)"
            " VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game.game_id,
                variant,
                game.draw,
                json.dumps(header, separators=(",", ":"), allow_nan=False),
                length,
                game.score,
                game.moves_made,
                elapsed,
                acted,
                recorded or won_now,
            ),
        )
        mark = game.settled
        written = game.history_from(mark)

        def remember() -> None:
            self._line_owner, self._line_mark, self._line_tail = game, mark, written

        self._on_commit.append(remember)
        return won_now

    def _unchanged_rows(self, game: Game) -> int:
        """How many leading history rows already hold ``game``'s actions (0: rewrite all).

        Rows before the last save's settled mark cannot have changed; after it,
        the rows as written are compared with the game's actions now (at most the
        undo window plus the new actions), so a save writes only what is new.
        """
        if self._line_owner is not game:
            return 0
        mark, before = self._line_mark, self._line_tail
        now = game.history_from(mark)
        same = 0
        for old, new in zip(before, now, strict=False):
            if old != new:
                break
            same += 1
        return mark + same

    def _abandon(self, conn: sqlite3.Connection) -> bool:
        row = conn.execute(
            "SELECT game_id, variant, draw, header, score, moves, elapsed, acted, recorded"
            " FROM current_game"
        ).fetchone()
        conn.execute("DELETE FROM current_game")
        conn.execute("DELETE FROM game_line")
        if row is None:
            return False
        game_id, variant, draw, header, score, moves, elapsed, acted, recorded = row
        self._on_commit.append(lambda: self._settled_ids.add(str(game_id)))
        if not acted or recorded:
            return False
        if not is_elapsed(elapsed):
            elapsed = 0.0
        if not (
            _count_ok(score)
            and _count_ok(moves)
            and check_variant_name(variant) is None
            and is_draw(draw)
        ):
            self._warn(
                f"did not record the abandoned game, its totals are damaged: {quoted(row[1:3])}"
            )
            return False
        try:
            parsed: object = json.loads(header) if isinstance(header, str) else None
        except (ValueError, RecursionError):
            parsed = None
        self._record(
            conn,
            game_id=str(game_id),
            header=parsed,
            variant=variant,
            draw=draw,
            won=False,
            score=score,
            moves=moves,
            elapsed=float(elapsed),
        )
        return True


def _damage_summary(unknown: dict[str, list[object]], problems: list[str]) -> str:
    """At most :data:`_SHOWN_PROBLEMS` rows named, the rest counted: rows of unknown variants
    share their reason (the list of variants is long), so it is said once for them all."""
    parts: list[str] = []
    named = 0
    for reason, variants in unknown.items():
        shown = variants[: _SHOWN_PROBLEMS - named]
        if not shown:
            break
        names = ", ".join(quoted(v) for v in shown)
        subject = "a variant" if len(shown) == 1 else "variants"
        parts.append(f"statistics of {subject} {names}: the variant {reason}")
        named += len(shown)
    for problem in problems[: _SHOWN_PROBLEMS - named]:
        parts.append(problem)
        named += 1
    total = sum(len(variants) for variants in unknown.values()) + len(problems)
    if total > named:
        parts.append(f"and {total - named:,} more")
    return "; ".join(parts)


def _check_mode(draw: int, variant: str) -> None:
    check_draw(draw)
    reason = check_variant_name(variant)
    if reason is not None:
        raise ValueError(f"variant {variant!r} {reason}")


def _flag(value: object) -> Any:
    """A stored 0/1 as a bool; anything else as it is, for RecentGame to refuse."""
    return bool(value) if type(value) is int and value in (0, 1) else value


def _help_of(header: object) -> tuple[int, bool]:
    """(hints used, assisted) of a saved game's header; a damaged one counts as no help."""
    if not isinstance(header, dict):
        return 0, False
    hints, assisted = header.get("hints", 0), header.get("assisted", False)
    return (hints if _count_ok(hints) else 0), assisted is True


def _recent_game(
    code: object, deck: object, variant: object, draw: object, *rest: object
) -> RecentGame:
    """A recent game row that can be dealt again (its code or deck and variant are valid)."""
    game = RecentGame(code, deck, variant, draw, *rest)  # type: ignore[arg-type]
    reason = check_variant_name(game.variant)
    if reason is not None:
        raise ValueError(f"the variant {quoted(game.variant)} {reason}")
    deck = parse_deck(game.deck)
    if game.code is not None and DealCode.parse(game.code).deck() != deck:
        raise ValueError(f"the code {quoted(game.code)} does not deal the deck")
    return game


def _count_ok(value: object) -> bool:
    return type(value) is int and 0 <= value <= MAX_COUNT

"""The browser's ledger counts games exactly as the SQLite store does, and survives JSON."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from storage_kill_child import WIN_DECK

from canfield import Game
from canfield.records.ledger import Ledger
from canfield.records.statistics import Statistics
from canfield.storage import Store

CODE = "CF1-D3-AAAAACL"


def won_game() -> Game:
    game = Game.from_deck(WIN_DECK, draw=1)
    while not game.is_won:
        ups = [m for m in game.legal_moves() if m.notation().endswith(">f")]
        game.play(ups[0] if ups else "s")
    game.elapsed = 42.0
    return game


def played(code: str, moves: int) -> Game:
    game = Game.from_code(code)
    for _ in range(moves):
        game.play(game.legal_moves()[0])
    game.elapsed = 3.5 * moves
    return game


def figures(s: Statistics) -> dict[str, object]:
    return s.to_dict()


def _scenario(book: Ledger | Store, casino: bool) -> None:
    """A player's evening: one left mid-game, a win saved twice, one never touched, one undone."""
    save: Callable[[Game], bool]
    abandon: Callable[[], object]
    if isinstance(book, Ledger):

        def save(game: Game) -> bool:
            return book.save(game, casino=casino)

        abandon = lambda: book.abandon(casino=casino)  # noqa: E731
    else:
        book.update_settings(casino_scoring=casino)
        save, abandon = book.save_game, book.abandon_game
    first = played(CODE, 3)
    save(first)
    win = won_game()
    assert save(win) is True  # the first one is left: a loss; this one is won
    assert save(win) is False  # saved again: not counted twice
    untouched = Game.from_code("CF1-D1-AAAAACM")
    save(untouched)
    undone = played("CF1-RAINBOW-D1-AAAAACN", 1)
    undone.undo()
    save(undone)  # acted on, then taken back: still played
    abandon()
    save(Game.from_dict(win.to_dict()))  # the won game again, after it was settled


@pytest.mark.parametrize("casino", [False, True])
def test_the_ledger_records_what_the_store_records(tmp_path: Path, casino: bool) -> None:
    ledger = Ledger()
    _scenario(ledger, casino)
    with Store(tmp_path / "canfield.sqlite") as store:
        _scenario(store, casino)
        expected = [figures(s) for s in store.all_statistics()]
        recent = [
            (g.code, g.deck, g.variant, g.draw, g.won, g.score, g.moves)
            for g in store.recent_games()
        ]
    assert [figures(s) for s in ledger.all_statistics()] == expected
    assert [
        (g.code, g.deck, g.variant, g.draw, g.won, g.score, g.moves) for g in ledger.recent_games()
    ] == recent
    assert ledger.statistics(1).won == 1 and ledger.statistics(3).played == 1


def test_the_ledger_comes_back_from_its_json_text() -> None:
    ledger = Ledger(clock=lambda: 1_700_000_000.0)
    ledger.save(played(CODE, 2))
    ledger.save(won_game(), casino=True)
    ledger.save(played("CF1-D3-AAAAACM", 1))
    text = json.dumps(ledger.to_dict())
    back = Ledger.from_dict(json.loads(text))
    assert back.to_dict() == ledger.to_dict()
    # the game in progress is still known: leaving it after the reload counts it as lost
    assert back.abandon() is True
    assert back.statistics(3).played == 2


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.update(version=2),
        lambda d: d["statistics"][0].update(won=10**6),
        lambda d: d["statistics"][0].update(played="3"),
        lambda d: d["statistics"][0].update(colour="red"),
        lambda d: d["statistics"].append(d["statistics"][0]),
        lambda d: d["recent"][0].update(seconds=float("inf")),
        lambda d: d["recent"][0].pop("deck"),
        lambda d: d.update(standing={"game_id": "x"}),
        lambda d: d.update(settled=[1, 2]),
        lambda d: d.update(recent=[{}] * 1000),
    ],
)
def test_a_damaged_ledger_is_refused_with_a_value_error(
    damage: Callable[[dict[str, Any]], None],
) -> None:
    ledger = Ledger()
    ledger.save(won_game())
    ledger.save(played(CODE, 1))
    data = json.loads(json.dumps(ledger.to_dict()))
    damage(data)
    with pytest.raises(ValueError):
        Ledger.from_dict(data)


def test_reset_forgets_one_mode_of_one_variant_or_everything() -> None:
    ledger = Ledger()
    ledger.save(won_game())
    ledger.save(played(CODE, 1))
    ledger.abandon()
    ledger.reset(1, "canfield")
    assert ledger.statistics(1).played == 0 and ledger.statistics(3).played == 1
    assert len(ledger.recent_games()) == 2  # recent games stay, as in the store
    ledger.reset()
    assert ledger.all_statistics() == []


def test_whole_seconds_written_without_a_point_still_load() -> None:
    """JavaScript writes 12.0 as 12: the browser hands the ledger back as it stored it."""
    ledger = Ledger(clock=lambda: 1_700_000_000.0)
    game = played(CODE, 2)
    game.elapsed = 12.0
    ledger.save(game)
    ledger.abandon()
    ledger.save(played(CODE, 1))
    text = json.dumps(ledger.to_dict()).replace("12.0", "12").replace("1700000000.0", "1700000000")
    back = Ledger.from_dict(json.loads(text))
    assert back.recent_games()[0].seconds == 12.0
    assert back.to_dict() == ledger.to_dict()

"""The game session: score, counters, undo/redo and saving."""

from __future__ import annotations

import json

import pytest

from canfield import Game, IllegalMoveError, InvalidMoveError, InvalidSaveError, Move
from canfield.cards import CARDS, parse_card, parse_cards
from canfield.game import UNDO_LIMIT

# The example deal's opening (docs/notation.md): reserve to column 2, 8H home, a king to column 4.
EXAMPLE_MOVES = ("QC>2", "8H>f", "KH>4")


def test_api_of_the_spec(example: Game) -> None:
    assert example.code == "CF1-D3-AAAAACL"
    assert all(isinstance(m, Move) for m in example.legal_moves())
    played = example.play("QC>2")
    assert played == Move.parse("QC>2") and str(played) == "QC>2"
    assert example.play(Move.parse("8H>f")).notation() == "8H>f"
    assert (example.score, example.is_won, example.moves_made) == (5, False, 2)
    assert example.undo() and example.score == 0 and example.moves_made == 1
    assert example.redo() and example.score == 5
    assert not example.redo()


def test_illegal_moves_raise_and_change_nothing(example: Game) -> None:
    before = (example.state, example.score, example.moves_made, example.history)
    with pytest.raises(IllegalMoveError):
        example.play("6C>2")
    with pytest.raises(InvalidMoveError, match="unknown target '9'"):
        example.play("6C>9")
    with pytest.raises(InvalidMoveError, match="not a move"):
        example.play("hello")
    with pytest.raises(ValueError):
        example.play("ZZ>1")
    assert (example.state, example.score, example.moves_made, example.history) == before
    assert not example.is_legal("6C>2") and not example.is_legal("nonsense")
    assert example.is_legal("QC>2")


def test_a_new_action_clears_redo(example: Game) -> None:
    example.play("QC>2")
    example.undo()
    assert example.can_redo and example.redo_moves == (Move.parse("QC>2"),)
    example.play("s")
    assert not example.can_redo and example.redo_moves == ()


def test_undo_reaches_back_one_hundred_actions() -> None:
    game = Game.from_code("CF1-D1-AAAAAAB")
    for _ in range(130):
        game.play("s")
    assert game.undo_depth == UNDO_LIMIT
    undone = 0
    while game.undo():
        undone += 1
    assert undone == UNDO_LIMIT
    assert game.moves_made == 30
    assert len(game.redo_moves) == UNDO_LIMIT


def test_undo_restores_points_of_a_take_back_sequence() -> None:
    # Base 7H, columns 9S 8H 2C 3C: 8H goes up, is taken back off the foundation
    # onto 9S (its points kept, docs/rules.md §5) and goes up again (five more).
    first = parse_cards("7H 9S 8H 2C 3C")
    rest = [c for c in CARDS if c not in first]
    game = Game.from_deck([*rest[:13], *first, *rest[13:]])
    hearts, nine, eight = 1, parse_card("9S"), parse_card("8H")
    seen = [(game.score, game.state)]
    for move in ("8H>f", "8H>1", "8H>f"):
        game.play(move)
        seen.append((game.score, game.state))
    assert [score for score, _ in seen] == [0, 5, 5, 10]
    up, taken_back, up_again = (state for _, state in seen[1:])
    assert up.foundations[hearts] == 2
    assert taken_back.foundations[hearts] == 1 and taken_back.columns[0] == (nine, eight)
    assert up_again.foundations[hearts] == 2 and up_again.columns[0] == (nine,)
    # Each undo gives back the position and the score before that action.
    for score, state in reversed(seen[:-1]):
        assert game.undo()
        assert (game.score, game.state) == (score, state)
    assert game.columns[1] == (eight,) and not game.can_undo


def test_restart_deals_the_same_cards_fresh(example: Game) -> None:
    for move in EXAMPLE_MOVES:
        example.play(move)
    again = example.restarted()
    assert again.deck == example.deck and again.code == example.code
    assert again.moves_made == 0 and again.state == Game.from_code(example.code or "").state


def test_views_are_read_only_snapshots(example: Game) -> None:
    columns = example.columns
    assert isinstance(columns, tuple) and all(isinstance(c, tuple) for c in columns)
    assert [len(f) for f in example.foundations] == [0, 1, 0, 0]  # by suit: the base 7H
    assert len(example.stock) == 34 and example.waste == () and len(example.reserve) == 13


def test_tap_move_through_the_game(example: Game) -> None:
    assert example.tap_move("QC") == Move.parse("QC>2")
    assert example.tap_move("6C") is None
    assert example.tap_move("QC", double_tap=False) is None


# -- saving ---------------------------------------------------------------------------


def _played_game() -> Game:
    game = Game.from_code("CF1-D3-AAAAACL")
    for move in [*EXAMPLE_MOVES, "s", "s"]:
        game.play(move)
    game.undo()
    game.elapsed = 42.5
    return game


def test_save_and_load_give_an_equal_game() -> None:
    game = _played_game()
    data = json.loads(json.dumps(game.to_dict()))
    loaded = Game.from_dict(data)
    assert loaded == game
    assert loaded.redo_moves == game.redo_moves and loaded.undo_depth == game.undo_depth
    assert loaded.redo() and game.redo() and loaded == game


def test_save_of_a_deck_game() -> None:
    deck = Game.from_code("CF1-D3-AAAAAAB").deck_string
    game = Game.from_deck(deck, draw=1)
    game.play("s")
    assert Game.from_dict(game.to_dict()) == game


def test_save_keeps_the_undo_depth_limit() -> None:
    game = Game.from_code("CF1-D1-AAAAAAB")
    for _ in range(150):
        game.play("s")
    for _ in range(UNDO_LIMIT):
        game.undo()
    loaded = Game.from_dict(game.to_dict())
    assert loaded == game and not loaded.can_undo and len(loaded.redo_moves) == UNDO_LIMIT


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda d: d.update(format="other"), "not a saved Canfield game"),
        (lambda d: d.update(version=99), "unknown save version 99"),
        (lambda d: d.pop("line"), "lacks line"),
        (lambda d: d.update(extra=1), "unknown field"),
        (lambda d: d.update(draw=2), "bad draw mode 2"),
        (lambda d: d.update(draw=1), "does not match draw 1"),
        (lambda d: d.update(code="CF1-D3-AAAAAAB"), "deck does not match code"),
        (lambda d: d.update(code="XX"), "bad deal in saved game"),
        (lambda d: d.update(deck="AS 2S"), "does not match code"),
        (lambda d: d.update(line=["QC>2", "8H>f", "KH>4", "6C>f"]), "do not replay"),
        (lambda d: d.update(line=["QC>2", 7]), "line entry 2"),
        (lambda d: d.update(line="QC>2"), "must be a list"),
        (lambda d: d.update(redo=["6C>f"]), "do not replay"),
        (lambda d: d.update(undo_depth=99), "bad undo depth 99"),
        (lambda d: d.update(undo_depth=True), "bad undo depth"),
        (lambda d: d.update(elapsed=-1), "bad elapsed time"),
        (lambda d: d.update(elapsed=float("nan")), "bad elapsed time"),
        (lambda d: d.update(elapsed="12"), "bad elapsed time"),
    ],
)
def test_tampered_saves_are_refused(change: object, fragment: str) -> None:
    data = _played_game().to_dict()
    assert callable(change)
    change(data)
    with pytest.raises(InvalidSaveError, match=fragment):
        Game.from_dict(data)


def test_a_save_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(InvalidSaveError):
        Game.from_dict([])  # type: ignore[arg-type]


def test_game_id_is_kept_by_a_copy_and_new_for_another_deal() -> None:
    game = Game.from_code("CF1-D3-AAAAACL")
    game.play("s")
    copy = Game.from_dict(game.to_dict())
    assert copy.game_id == game.game_id and len(game.game_id) == 32
    assert game.restarted().game_id != game.game_id
    assert Game.from_code("CF1-D3-AAAAACL").game_id != game.game_id
    old_save = game.to_dict()
    del old_save["id"]  # saved before games had ids: gets a new one
    assert Game.from_dict(old_save).game_id not in (game.game_id, "")


@pytest.mark.parametrize("bad", [None, 7, "", "XYZ", "0" * 31, "0" * 33, "A" * 32])
def test_bad_game_id_is_a_save_error(bad: object) -> None:
    data = Game.from_code("CF1-D3-AAAAACL").to_dict()
    data["id"] = bad
    with pytest.raises(InvalidSaveError, match="game id"):
        Game.from_dict(data)


def test_settled_actions_never_change_and_history_from_reads_the_tail() -> None:
    game = Game.from_code("CF1-D3-AAAAACL")
    for _ in range(150):
        game.play("s")
    assert game.settled == 150 - 100
    before = game.history[: game.settled]
    while game.undo():
        pass
    game.play("QC>2")
    assert game.history[: len(before)] == before
    assert game.history_from(game.settled) == game.history[game.settled :]
    data = game.to_dict(line=False)
    assert "line" not in data
    assert Game.from_dict({**data, "line": game.to_dict()["line"]}) == game

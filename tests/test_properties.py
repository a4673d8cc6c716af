"""Property tests: random deals, random legal play.

Whatever the player does, no card is lost or duplicated, the rules agree with
themselves, and undo/redo/save restore everything exactly.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canfield import Game, IllegalMoveError, Move
from canfield.cards import CARDS
from canfield.deal import DEAL_COUNT, DealCode
from canfield.moves import FOUNDATION
from canfield.rules import apply_move, legal_moves
from canfield.state import State

deal_numbers = st.integers(min_value=0, max_value=DEAL_COUNT - 1)
draws = st.sampled_from((1, 3))
choices = st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=120)

_SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _all_cards(state: State) -> list[int]:
    cards = [*state.stock, *state.waste, *state.reserve]
    for col in state.columns:
        cards.extend(col)
    for suit in range(4):
        cards.extend(state.foundation(suit))
    return sorted(cards)


def _play_randomly(game: Game, picks: list[int]) -> list[Move]:
    played = []
    for pick in picks:
        moves = game.legal_moves()
        if not moves:
            break
        played.append(game.play(moves[pick % len(moves)]))
    return played


@_SETTINGS
@given(deal_numbers, draws, choices)
def test_no_card_is_ever_lost_or_duplicated(number: int, draw: int, picks: list[int]) -> None:
    game = Game.from_code(DealCode(number, draw))
    for pick in picks:
        state = game.state
        assert _all_cards(state) == list(range(52))
        assert state.card_count() == 52
        # An empty column only ever exists once the reserve is empty.
        assert state.reserve == () or all(state.columns)
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[pick % len(moves)])
    assert _all_cards(game.state) == list(range(52))


@_SETTINGS
@given(deal_numbers, draws, choices)
def test_legal_moves_are_exactly_the_moves_play_accepts(
    number: int, draw: int, picks: list[int]
) -> None:
    game = Game.from_code(DealCode(number, draw))
    every_move = [Move.DRAW] + [Move(c, t) for c in CARDS for t in range(FOUNDATION + 1)]
    for pick in picks[:25]:
        state = game.state
        legal = set(legal_moves(state))
        assert len(legal) == len(legal_moves(state))  # distinct
        for move in every_move:
            try:
                apply_move(state, move)
            except IllegalMoveError:
                assert move not in legal, move
            else:
                assert move in legal, move
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[pick % len(moves)])


@_SETTINGS
@given(deal_numbers, draws, choices, st.integers(min_value=0, max_value=300))
def test_an_illegal_move_changes_nothing(
    number: int, draw: int, picks: list[int], wrong: int
) -> None:
    game = Game.from_code(DealCode(number, draw))
    _play_randomly(game, picks)
    legal = set(game.legal_moves())
    candidates = [Move(c, t) for c in CARDS for t in range(FOUNDATION + 1)]
    illegal = [m for m in candidates if m not in legal]
    move = illegal[wrong % len(illegal)]
    before = (game.state, game.score, game.moves_made, game.history, game.redo_moves)
    try:
        game.play(move)
    except IllegalMoveError:
        pass
    else:  # pragma: no cover - a failure of the property
        raise AssertionError(f"{move} was accepted but not listed")
    assert (game.state, game.score, game.moves_made, game.history, game.redo_moves) == before


@_SETTINGS
@given(deal_numbers, draws, choices)
def test_undo_restores_everything_and_redo_reapplies(
    number: int, draw: int, picks: list[int]
) -> None:
    game = Game.from_code(DealCode(number, draw))
    snapshots = [(game.state, game.score, game.moves_made)]
    for pick in picks:
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[pick % len(moves)])
        snapshots.append((game.state, game.score, game.moves_made))
    depth = min(len(snapshots) - 1, 100)
    for expected in reversed(snapshots[-depth - 1 : -1]):
        assert game.undo()
        assert (game.state, game.score, game.moves_made) == expected
    for expected in snapshots[len(snapshots) - depth :]:
        assert game.redo()
        assert (game.state, game.score, game.moves_made) == expected
    assert not game.redo()


@_SETTINGS
@given(deal_numbers, draws, choices, st.integers(min_value=0, max_value=30))
def test_save_then_load_gives_an_equal_game(
    number: int, draw: int, picks: list[int], undos: int
) -> None:
    game = Game.from_code(DealCode(number, draw))
    _play_randomly(game, picks)
    for _ in range(undos):
        game.undo()
    game.elapsed = float(len(picks))
    assert Game.from_dict(game.to_dict()) == game


@_SETTINGS
@given(deal_numbers, draws, choices)
def test_score_is_five_per_card_sent_up_and_never_negative(
    number: int, draw: int, picks: list[int]
) -> None:
    game = Game.from_code(DealCode(number, draw))
    sent_up = 0
    for pick in picks:
        moves = game.legal_moves()
        if not moves:
            break
        move = game.play(moves[pick % len(moves)])
        sent_up += move.target == FOUNDATION
        assert game.score == 5 * sent_up >= 0

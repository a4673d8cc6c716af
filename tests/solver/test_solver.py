"""The solver's verdicts: won lines replay to a win, losses are real, budgets are honoured."""

from __future__ import annotations

import math

import pytest

from canfield import Game
from canfield.deal import DealCode
from canfield.moves import Move
from canfield.solver import HintResult, Verdict, hint, is_winnable_deal, solve
from canfield.state import State
from canfield.variants import variant_named


def _replays_to_win(game: Game, line: tuple[Move, ...]) -> bool:
    for move in line:
        game.play(move)
    return game.is_won


def test_rule_pages_position_after_three_moves_is_won() -> None:
    game = Game.from_code("CF1-D3-AAAAACL")
    for move in ("QC>2", "8H>f", "KH>4"):
        game.play(move)
    result = solve(game, time_limit=30)
    assert result.verdict is Verdict.WON
    assert _replays_to_win(game, result.line)


@pytest.mark.parametrize("draw", [1, 3])
def test_won_lines_replay_on_many_deals(draw: int) -> None:
    won = 0
    for number in range(20):
        game = Game.from_code(DealCode(number, draw))
        result = solve(game, time_limit=0.3)
        if result.verdict is Verdict.WON:
            won += 1
            assert _replays_to_win(game, result.line), number
        else:
            assert not result.line
    assert won >= 15


def test_game_in_progress() -> None:
    game = Game.from_code("CF1-D1-AAAAAAB")
    first = solve(game, time_limit=5)
    assert first.verdict is Verdict.WON
    for move in first.line[:25]:
        game.play(move)
    for tap in ("s", "s"):
        game.play(tap)  # a few taps off the line change nothing
    later = solve(game, time_limit=5)
    assert later.verdict is Verdict.WON
    assert _replays_to_win(game, later.line)


def test_state_accepted_and_won_position() -> None:
    game = Game.from_code("CF1-D3-AAAAAAD")
    assert solve(game.state, time_limit=5).verdict is Verdict.WON
    result = solve(game, time_limit=5)
    _replays_to_win(game, result.line)
    done = solve(game)
    assert done.verdict is Verdict.WON
    assert done.line == ()


def locked_position(draw: int = 3) -> State:
    """Each queen under its own king: kings need a red/black ace (buried), queens wait."""
    return State.parse(f"canfield D{draw} AS JS/JH/JD/JC - QSKS/QHKH/QDKD/QCKC - - 0")


def test_locked_position_is_lost() -> None:
    assert solve(locked_position(), time_limit=5).verdict is Verdict.LOST


def test_deal_lost_behind_its_reserve() -> None:
    # The crafted deck: the reserve's top is 7C over everything it needs; the
    # search must exhaust every line to say so.
    game = Game.from_code(DealCode(20, 3))
    result = solve(game, time_limit=20)
    assert result.verdict is Verdict.LOST
    assert result.line == ()


def test_tiny_budget_is_unknown() -> None:
    game = Game.from_code(DealCode(20, 3))
    result = solve(game, node_limit=10)
    assert result.verdict is Verdict.UNKNOWN
    assert result.nodes <= 10


def test_a_clock_at_infinity_from_the_start_is_a_spent_budget() -> None:
    """The app cancels a search by moving its clock to infinity; where that lands before the
    solve first reads it, elapsed time is inf - inf (NaN), which must still mean spent."""
    # rainbow draw 1, deal 1,000,004: about a million positions to decide
    game = Game.from_code(DealCode(1_000_004, 1, variant_named("rainbow")))
    result = solve(game, time_limit=30, node_limit=3_000_000, clock=lambda: math.inf)
    assert result.verdict is Verdict.UNKNOWN
    assert result.nodes <= 1  # the root, nothing searched


def test_hint_on_winnable_game() -> None:
    game = Game.from_code("CF1-D3-AAAAACL")
    result = hint(game, time_limit=5)
    assert isinstance(result, HintResult)
    assert result.verdict is Verdict.WON
    assert result.move is not None
    game.play(result.move)
    assert result.line[0] == result.move


LOSING_LINE = "s s s s s s s s s s s TH>f s s s s s s JH>f s s QH>f 9S>f s s TS>f"
"""Deal 2 (draw 3) played along a win until ``TS>f``, the move that throws it away."""


def test_hint_counts_undos_back_to_a_winnable_position() -> None:
    game = Game.from_code(DealCode(2, 3))
    for move in LOSING_LINE.split():
        game.play(move)
    assert solve(game, time_limit=5).verdict is Verdict.LOST
    game.play("s")
    result = hint(game, time_limit=10)
    assert result.verdict is Verdict.LOST
    assert result.move is None
    assert result.undo == 2


def test_hint_on_a_lost_state_has_no_undo() -> None:
    result = hint(locked_position(), time_limit=1)
    assert result.verdict is Verdict.LOST
    assert result.undo is None
    assert not result.line


def test_is_winnable_deal() -> None:
    assert is_winnable_deal("CF1-D3-AAAAACL", time_limit=5)
    assert is_winnable_deal(DealCode(63, 3), draw=1, time_limit=5)
    assert not is_winnable_deal(DealCode(20, 3), time_limit=5)
    deck = Game.from_code("CF1-D3-AAAAACL").deck
    assert is_winnable_deal(deck, draw=3, time_limit=5)
    assert is_winnable_deal(" ".join(map(str, deck)), draw=3, time_limit=5)
    with pytest.raises(ValueError, match=r"neither a game code .* nor a deck"):
        is_winnable_deal("CF1-D3-AAAAACX 2S", time_limit=5)


def test_the_one_pass_win_finder_is_bounded_and_starts_afresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the talon last the depth-first stack holds nearly every position searched, so
    ``solve`` stops its one-pass win-finder at ``TALON_LAST_NODES`` and starts a new one (a new
    shuffle), even as the slices double; a win it finds replays (rainbow draw 1, deal 18)."""
    from canfield.deal import deck_for_deal
    from canfield.solver import api
    from canfield.solver.search import Search

    made: list[Search] = []

    class Kept(Search):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            made.append(self)

    monkeypatch.setattr(api, "Search", Kept)
    monkeypatch.setattr(api, "TALON_LAST_NODES", 1000)
    state = Game.from_deck(deck_for_deal(18), 1, "rainbow").state
    result = solve(state, time_limit=None, node_limit=100_000)
    assert result.verdict is not Verdict.LOST
    ordered = [s for s in made if s.options.talon_last]
    assert len(ordered) >= 3
    assert [s.options.seed for s in ordered] == list(range(len(ordered)))
    assert all(s.nodes <= 1000 for s in ordered)
    monkeypatch.setattr(api, "TALON_LAST_NODES", 1_000_000)
    found = solve(state, time_limit=None, node_limit=100_000)
    assert found.verdict is Verdict.WON
    assert _replays_to_win(Game.from_deck(deck_for_deal(18), 1, "rainbow"), found.line)

"""Restricted games: a smaller game's lines replay in the larger one, and ``solve`` uses that.

docs/solver.md, "Restricted games as win-finders": every action of a restricted
game is an action of the larger one from the same position (an auto-fill being
the move it makes), so its wins are wins there.
"""

from __future__ import annotations

import itertools
import random

import pytest

from canfield.deal import deck_for_deal
from canfield.game import Game
from canfield.moves import Move
from canfield.rules import apply_move, legal_moves
from canfield.solver import Verdict, solve
from canfield.solver.restricted import (
    WIN_FINDERS,
    carry_line,
    realize_in,
    restricts,
    win_finder,
    wins_carry,
)
from canfield.solver.search import Options, Search
from canfield.state import State, initial_state
from canfield.variants import VARIANTS, Variant, variant_named

ALL = [variant_named(name) for name in VARIANTS]
PAIRS = [(a, b) for a, b in itertools.permutations(ALL, 2) if restricts(a, b)]


def test_restricts_reads_each_field_in_its_direction() -> None:
    named = {v.name: v for v in ALL}
    held = {(a.name, b.name) for a, b in PAIRS}
    assert {
        ("canfield", "superior"),  # the reserve fills the columns for the player
        ("classic", "canfield"),  # whole columns, no take-backs, only the waste into a space
        ("classic", "superior"),
        ("strict", "canfield"),  # one pass of the same game
        ("strict", "rainbow"),  # alternate colours are one way to build regardless of suit
        ("solvitaire", "canfield"),  # ranks from the base, fewer part moves, no take-backs
    } <= held
    for smaller, larger in (
        ("superior", "canfield"),  # its columns take cards Canfield's do not
        ("canfield", "strict"),  # more passes
        ("rainbow", "strict"),  # any suit
        ("canfield", "solvitaire"),  # K on A whatever the base
        ("canfield", "classic"),
    ):
        assert (smaller, larger) not in held
    assert not any("storehouse" in pair for pair in held)  # its deals hold 48 cards
    assert not any(restricts(v, v) for v in named.values())
    for game, finder in WIN_FINDERS.items():
        assert restricts(finder, game)


def _random_line(state: State, steps: int, rng: random.Random) -> tuple[list[Move], State]:
    line = []
    for _ in range(steps):
        moves = legal_moves(state)
        if not moves:
            break
        ups = [m for m in moves if m.target == 4]
        move = rng.choice(ups) if ups and rng.random() < 0.5 else rng.choice(moves)
        state, _ = apply_move(state, move)
        line.append(move)
    return line, state


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: f"{p[0]}-in-{p[1]}")
def test_a_restricted_games_random_lines_replay_in_the_larger_game(
    pair: tuple[Variant, Variant],
) -> None:
    """Every action of the smaller game is legal in the larger (by its own rules) and makes
    the same position there, once the smaller game's auto-fills are made explicit."""
    smaller, larger = pair
    rng = random.Random(7)
    fills = 0
    for number in range(12):
        played = initial_state(deck_for_deal(number), rng.choice((1, 3)), smaller)
        line, end = _random_line(played, rng.randint(20, 160), rng)
        state = played._replace(variant=larger)
        replayed = realize_in(state, played, line)
        fills += len(replayed) - len(line)
        for action in replayed:
            state, _ = apply_move(state, action)
        assert state == end._replace(variant=larger)
    if larger.empty_columns is not smaller.empty_columns and not larger.auto_fill:
        assert fills > 0  # the lines did empty columns, so the fills were tested


def test_superior_deal_the_restricted_game_wins_is_won_by_a_superior_line() -> None:
    """Deal 1 000 172, draw 1: Superior's own search has no win in 200 000 positions; under
    Canfield's rules it is won at once, and the line ``solve`` returns plays in Superior."""
    state = initial_state(deck_for_deal(1_000_172), 1, variant_named("superior"))
    own = Search(state, Options()).run(None, 200_000)
    assert own.verdict is Verdict.UNKNOWN
    found = solve(state, time_limit=None, node_limit=200_000, restarts=False)
    assert found.verdict is Verdict.WON
    game = Game.from_deck(deck_for_deal(1_000_172), draw=1, variant="superior")
    filled = 0
    for move in found.line:
        before = game.state
        game.play(move)
        filled += (
            move.target < 4 and before.reserve_top == move.card and not before.columns[move.target]
        )
    assert game.is_won
    assert filled > 0  # columns were filled by hand, as Canfield's rules would have done


def test_no_restricted_game_where_a_space_lies_beside_the_reserve() -> None:
    """Canfield never has an empty column while its reserve holds cards, so a Superior
    position that has one is no position of Canfield's and gets no restricted search."""
    start = initial_state(deck_for_deal(3), 1, variant_named("superior"))
    assert win_finder(start) is not None
    column = start.columns[0]
    emptied = start._replace(
        columns=((), *start.columns[1:]), stock=start.stock + column
    )  # the same cards, one column empty
    assert emptied.reserve and win_finder(emptied) is None
    assert win_finder(start._replace(variant=variant_named("canfield"))) is None


def test_wins_carry_from_a_restricted_game_and_from_draw_3_only() -> None:
    v = {rules.name: rules for rules in ALL}
    assert wins_carry(v["storehouse"], 3, v["storehouse"], 1)  # P2: draw 3 relaxes to draw 1
    assert wins_carry(v["canfield"], 3, v["superior"], 3)
    assert wins_carry(v["canfield"], 3, v["superior"], 1)  # both at once
    assert wins_carry(v["strict"], 1, v["rainbow"], 1)
    assert not wins_carry(v["storehouse"], 1, v["storehouse"], 3)  # draw 1 wins more
    assert not wins_carry(v["superior"], 3, v["canfield"], 3)  # the larger game wins more
    assert not wins_carry(v["canfield"], 1, v["canfield"], 1)  # a game is not its own source
    assert not wins_carry(v["canfield"], 3, v["storehouse"], 3)  # other cards are dealt
    for source, target in itertools.permutations(ALL, 2):
        assert wins_carry(source, 3, target, 3) == restricts(source, target)


# deals whose source game wins in well under a second: (target, draw), (source, draw), deal
CARRIED = [
    (("storehouse", 1), ("storehouse", 3), 3),
    (("superior", 3), ("canfield", 3), 0),  # the fills made by hand
    (("superior", 1), ("classic", 1), 1),
    (("canfield", 3), ("solvitaire", 3), 1),  # ranks from the base, no take-backs
    (("rainbow", 1), ("strict", 1), 202),
    (("rainbow", 1), ("rainbow", 3), 6),
    (("superior", 1), ("canfield", 3), 0),  # another game and another draw
]


@pytest.mark.parametrize(("target", "source", "deal"), CARRIED, ids=str)
def test_a_win_of_a_game_whose_wins_are_these_carries_over_as_a_line_of_this_one(
    target: tuple[str, int], source: tuple[str, int], deal: int
) -> None:
    deck = deck_for_deal(deal)
    won = initial_state(deck, source[1], variant_named(source[0]))
    found = solve(won, time_limit=None, node_limit=2_000_000)
    assert found.verdict is Verdict.WON
    game = Game.from_deck(deck, draw=target[1], variant=target[0])
    for action in carry_line(game.state, won, found.line):
        game.play(action)  # each action checked by this game's own rules
    assert game.is_won


def test_a_line_is_carried_only_one_way_and_only_within_a_deal() -> None:
    deck = deck_for_deal(0)
    canfield = initial_state(deck, 3, variant_named("canfield"))
    found = solve(canfield, time_limit=None, node_limit=100_000)
    superior = initial_state(deck, 3, variant_named("superior"))
    with pytest.raises(ValueError, match="a win of superior draw 3 is not one of canfield"):
        carry_line(canfield, superior, found.line)
    other = initial_state(deck_for_deal(1), 3, variant_named("superior"))
    with pytest.raises(ValueError, match="not the same deal"):
        carry_line(other, canfield, found.line)

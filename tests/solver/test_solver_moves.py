"""The solver's move generation and prunings against the plain rules.

Each pruning is checked two ways: the moves it drops lead only to positions
the kept moves also reach (up to a column permutation), and verdicts with
the pruning on and off agree on positions where exhaustive search is cheap.
"""

from __future__ import annotations

import random

import pytest
from solver_oracle import brute_force, legal_card_moves, small_positions, taps
from test_solver import locked_position

from canfield.deal import DealCode
from canfield.game import Game
from canfield.moves import Move
from canfield.rules import apply_move
from canfield.rules.kernel import (
    play_from_talon,
    play_known,
    talon,
    talon_on_cycle,
    talon_reachable,
)
from canfield.solver import Verdict, solve
from canfield.solver.api import luby
from canfield.solver.line import realize
from canfield.solver.search import (
    FROM_TALON,
    Limits,
    Options,
    Search,
    _key,
    _normalize,
    search,
    successors,
)
from canfield.state import State
from positions import exact_position, random_play


def _returns(state: State) -> bool:
    here = state
    for _ in range(2 * len(state.stock + state.waste) + 2):
        if not (here.stock or here.waste):
            return False
        here, _ = apply_move(here, Move.DRAW)
        if here.stock == state.stock and here.waste == state.waste:
            return True
    return False


@pytest.mark.parametrize("draw", [1, 3])
def test_talon_reachable_matches_tapping(draw: int) -> None:
    deck = Game.from_code(DealCode(7, draw)).state
    for size in range(13):
        cards = deck.stock[:size]
        for pointer in range(size + 1):
            state = deck._replace(stock=cards[pointer:][::-1], waste=cards[:pointer])
            tops = {s.waste[-1] for s in taps(state) if s.waste}
            assert {cards[i] for i in talon_reachable(size, pointer, draw)} == tops
            # on-cycle splits are exactly those taps come back to
            back = _returns(state)
            assert talon_on_cycle(size, pointer, draw) == (back or size == 0), (size, pointer)


def _positions(count: int, seed: int) -> list[State]:
    """Positions reached by random play from real deals, both draw modes."""
    rng = random.Random(seed)
    out = []
    for number in range(count):
        state = Game.from_code(DealCode(number, 1 + 2 * (number % 2))).state
        out.append(random_play(state, rng.randint(0, 120), rng, home=0.7))
    return out + small_positions(count, seed)


def _expanded(state: State, options: Options) -> set[tuple[int, int]]:
    cards, pointer = talon(state)
    return {
        (int(m.card), m.target)  # type: ignore[arg-type]
        for m, _, _, _ in successors(state, cards, pointer, options)
    }


def test_unpruned_successors_are_the_legal_moves_over_all_taps() -> None:
    for state in _positions(40, 1):
        assert _expanded(state, Options(symmetry=False)) == legal_card_moves(state)


def _long_tail_position(draw: int) -> State:
    """Column 1 holds a 27-card tail KS … KC: QH, a child of its own end, lies inside it."""
    tail = []
    for step in range(27):
        rank = (12 - step) % 13  # 0-based, K first, wrapping A -> K
        suit = (0 if step < 26 else 3) if step % 2 == 0 else 1
        tail.append(suit * 13 + rank)
    rest = [c for c in range(52) if c not in tail]
    return exact_position(
        base=rest[4],
        foundations=(0, 0, 0, 0),
        reserve=(),
        columns=(tail, rest[:1], rest[1:3], rest[3:4]),
        stock=rest[4:],
        draw=draw,
    )


@pytest.mark.parametrize("draw", [1, 3])
def test_a_tail_never_moves_onto_itself(draw: int) -> None:
    state = _long_tail_position(draw)
    assert _expanded(state, Options(symmetry=False)) == legal_card_moves(state)


def test_unchecked_plays_match_apply_move() -> None:
    """The search's unchecked primitives make exactly the positions ``apply_move`` makes."""
    for state in _positions(60, 6):
        cards, pointer = talon(state)
        for move, card, source, index in successors(state, cards, pointer, Options(symmetry=False)):
            if source == FROM_TALON:
                tapped = state._replace(stock=cards[index + 1 :][::-1], waste=cards[: index + 1])
                expected, _ = apply_move(tapped, move)
                rest = cards[:index] + cards[index + 1 :]
                got = play_from_talon(state, card, rest, index, move.target)
            else:
                expected, _ = apply_move(state, move)
                got = play_known(state, card, move.target, source)
            assert got == expected, (state, move)


def _key_after(state: State, card: int, target: int) -> tuple[object, ...]:
    from canfield.rules.kernel import card_move

    cards, _ = talon(state)
    if card in cards:
        index = cards.index(card)
        state = state._replace(stock=cards[index + 1 :][::-1], waste=cards[: index + 1])
    child, _ = apply_move(state, card_move(card, target))
    normal, _, pointer = _normalize(child)
    return _key(normal, pointer, True)


def test_symmetry_drops_only_moves_to_isomorphic_positions() -> None:
    for state in _positions(40, 2):
        full = _expanded(state, Options(symmetry=False))
        kept = _expanded(state, Options(symmetry=True))
        assert kept <= full
        normal, _, pointer = _normalize(state)
        reached = {_key_after(state, c, t) for c, t in kept}
        reached.add(_key(normal, pointer, True))
        for card, target in full - kept:
            assert _key_after(state, card, target) in reached


def test_tap_equivalent_positions_share_a_key() -> None:
    for state in _positions(20, 3):
        closure = taps(state)
        keys = set()
        for s in closure:
            cards, pointer = talon(s)
            if talon_on_cycle(len(cards), pointer, s.draw):
                normal, cards, pointer = _normalize(s)
                keys.add(_key(normal, pointer, True))
        assert len(keys) <= 1


def test_symmetry_keeps_verdicts() -> None:
    states = [*small_positions(25, 4), locked_position(1), locked_position(3)]
    states += [small_positions(1, seed, (6, 12))[0] for seed in LOST_SEEDS]
    states += [Game.from_code(DealCode(n, 3)).state for n in (20, 46, 57, 62, 91, 93)]
    for state in states:
        on = search(state, Limits(time_limit=10))
        off = search(state, Limits(time_limit=10), Options(symmetry=False))
        assert on.verdict is off.verdict is not Verdict.UNKNOWN


# Seeds of ``small_positions(1, seed, (6, 12))`` that are lost (found by search,
# proved by brute force).
LOST_SEEDS = (139, 140, 154, 227, 254, 322)


def test_small_lost_positions_are_proved_lost_both_ways() -> None:
    for seed in LOST_SEEDS:
        (state,) = small_positions(1, seed, (6, 12))
        assert brute_force(state, 30_000) is False
        assert search(state, Limits(time_limit=5)).verdict is Verdict.LOST
        assert search(state, Limits(time_limit=5), Options(symmetry=False)).verdict is Verdict.LOST


def test_brute_force_agrees_where_it_can_finish() -> None:
    checked = 0
    for state in [locked_position(1), locked_position(3), *small_positions(40, 5, (2, 6))]:
        truth = brute_force(state, 5000)
        if truth is None:
            continue
        checked += 1
        verdict = search(state, Limits(time_limit=5)).verdict
        assert verdict is (Verdict.WON if truth else Verdict.LOST)
    assert checked >= 5


def test_draw_one_relaxation_keeps_verdicts() -> None:
    for number in (2, 20, 46, 57, 62, 91, 93, 35):
        state = Game.from_code(DealCode(number, 3)).state
        plain = solve(state, time_limit=10)
        relaxed = solve(state, time_limit=10, relaxation=True)
        assert plain.verdict is relaxed.verdict is not Verdict.UNKNOWN
        # and draw 1 never loses what draw 3 wins
        if plain.verdict is Verdict.WON:
            assert solve(state._replace(draw=1), time_limit=10).verdict is Verdict.WON


def test_game_without_take_backs_only_ever_wins() -> None:
    """The quick phase plays a restricted game: its wins replay, its losses are not trusted."""
    for number in (2, 20, 46, 57, 62):
        state = Game.from_code(DealCode(number, 3)).state
        quick = solve(state, time_limit=10)
        full = solve(state, time_limit=10, quick_first=False)
        assert quick.verdict is full.verdict is not Verdict.UNKNOWN
    game = Game.from_code(DealCode(37, 3))  # hard for the full search, quick without take-backs
    found = solve(game, time_limit=5)
    assert found.verdict is Verdict.WON
    for move in found.line:
        game.play(move)
    assert game.is_won
    for state in [small_positions(1, seed, (6, 12))[0] for seed in LOST_SEEDS]:
        assert solve(state, time_limit=5).verdict is Verdict.LOST


def _verdict_states() -> list[State]:
    """Small random positions, brute-force-proved lost ones, locked ones and lost deals."""
    states = [*small_positions(25, 4), locked_position(1), locked_position(3)]
    states += [small_positions(1, seed, (6, 12))[0] for seed in LOST_SEEDS]
    states += [Game.from_code(DealCode(n, 3)).state for n in (20, 46, 57, 62, 91, 93)]
    return states


RULES = {
    "P3": Options(take_back_rule=True),
    "P4": Options(tail_rule=True),
    "P3+P4": Options(take_back_rule=True, tail_rule=True),
}


@pytest.mark.parametrize("rule", sorted(RULES))
def test_deferral_rules_keep_verdicts(rule: str) -> None:
    """P3 and P4 (a move is followed by its use) against the plain search and brute force."""
    for state in _verdict_states():
        plain = search(state, Limits(time_limit=10))
        ruled = search(state, Limits(time_limit=10), RULES[rule])
        assert plain.verdict is ruled.verdict is not Verdict.UNKNOWN
    checked = 0
    for state in small_positions(40, 5, (2, 6)):
        truth = brute_force(state, 5000)
        if truth is not None:
            checked += 1
            verdict = search(state, Limits(time_limit=5), RULES[rule]).verdict
            assert verdict is (Verdict.WON if truth else Verdict.LOST)
    assert checked >= 5


def test_take_back_rule_only_keeps_uses() -> None:
    """After a take-back, every candidate P3 keeps is a take-back or touches a taken-back card."""
    from canfield.solver.search import _moves, _reach, _uses, view_of

    checked = 0
    for state in _positions(40, 7):
        normal, cards, pointer = _normalize(state)
        reach = _reach(cards, pointer, normal)
        for move, card, source, _ in successors(normal, cards, pointer, Options()):
            if source != 4:
                continue
            child = apply_move(normal, move)[0]
            options = Options(take_back_rule=True)
            view = view_of(child)
            kept = list(
                _moves(child, cards, pointer, options, view=view, reach=reach, watched=(card,))
            )
            for candidate in kept:
                m, c, src, _ = candidate
                col = child.columns[src] if 0 <= src < 4 else ()
                assert (
                    src == 4
                    or (m.target < 4 and child.columns[m.target][-1:] == (card,))
                    or card in col[col.index(c) :]
                )
                assert _uses(child, candidate, (card,), options)
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_shuffled_orders_keep_verdicts(seed: int) -> None:
    """The restarts' shuffled move orders prove the same losses and find real wins."""
    for state in _verdict_states():
        plain = search(state, Limits(time_limit=10))
        shuffled = search(state, Limits(time_limit=10), Options(seed=seed))
        assert plain.verdict is shuffled.verdict is not Verdict.UNKNOWN
        if shuffled.verdict is Verdict.WON:
            end = state
            for move in realize(state, shuffled.moves):
                end, _ = apply_move(end, move)
            assert end.is_won


def test_search_in_slices_is_the_same_search() -> None:
    """Running a search in many small slices does exactly what one run does."""
    for state in [*_verdict_states()[:12], Game.from_code(DealCode(2, 3)).state]:
        whole = search(state, Limits(node_limit=20_000))
        sliced = Search(state)
        for _ in range(2000):
            result = sliced.run(node_limit=37)
            if result.verdict is not Verdict.UNKNOWN or result.nodes >= 20_000:
                break
        assert (result.verdict, result.nodes, result.moves) == (
            whole.verdict,
            whole.nodes,
            whole.moves,
        )


def test_luby_sequence() -> None:
    assert [luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]

"""The solver on every variant: its moves are the rules' moves, its verdicts the brute force's.

The search builds its moves from the rules kernel's tables and the variant's
fields; these tests hold it to the public rules (``legal_moves`` and
``apply_move``) on random positions of every variant and draw mode, and hold
its verdicts to a brute-force walk over the rules on small positions.
"""

from __future__ import annotations

import functools
import random

import pytest
from solver_oracle import brute_force, legal_card_moves

from canfield.deal import deck_for_deal
from canfield.game import Game
from canfield.moves import Move
from canfield.rules import apply_move, legal_moves
from canfield.solver import Verdict, solve
from canfield.solver.beam import BeamSearch
from canfield.solver.line import realize
from canfield.solver.search import COMPILED, Options, Search, _normalize, expand
from canfield.state import State, initial_state
from canfield.variants import VARIANTS, FoundationStart, Variant, variant_named
from positions import exact_position, random_play

ALL = [variant_named(name) for name in VARIANTS]


def check_children(state: State, children: list[tuple[Move, State]]) -> None:
    """An unpruned expansion of ``state``: its moves are the card moves the rules allow over
    every tap, and each child is what the rules make of its move, taps and all."""
    assert {(m.card, m.target) for m, _ in children} == legal_card_moves(state), state
    for move, child in children:
        real = state
        for action in realize(state, [move]):
            real, _ = apply_move(real, action)
        assert _normalize(real)[0] == _normalize(child)[0], (state, move)


def played(variant: Variant, count: int, seed: int) -> list[State]:
    """Positions reached by random play (foundation moves favoured) from real deals."""
    rng = random.Random(seed)
    out = []
    for number in range(count):
        state = initial_state(deck_for_deal(seed * 100 + number), rng.choice((1, 3)), variant)
        out.append(random_play(state, rng.randint(0, 150), rng))
    return out


def small(
    variant: Variant, count: int, seed: int, left: tuple[int, int] = (5, 9), reserve: int = 2
) -> list[State]:
    """Random positions with few cards off the foundations, any split and recycle count.

    An empty column only with an empty reserve where the variant auto-fills.
    """
    rng = random.Random(seed)
    out: list[State] = []
    twos = variant.start is FoundationStart.TWOS
    while len(out) < count:
        base = 1 if twos else rng.randrange(52)
        least = [1 if twos or s == base // 13 else 0 for s in range(4)]
        counts = [13, 13, 13, 13]
        for _ in range(rng.randint(*left)):
            suit = rng.choice([s for s in range(4) if counts[s] > least[s]])
            counts[suit] -= 1
        cards = [s * 13 + (base + k) % 13 for s in range(4) for k in range(counts[s], 13)]
        rng.shuffle(cards)
        kept = tuple(cards[: rng.randint(0, reserve)])
        rest = cards[len(kept) :]
        size = rng.randint(0, min(5, len(rest)))
        talon = tuple(rest[:size])
        piles: list[list[int]] = [[], [], [], []]
        for card in rest[size:]:
            piles[rng.randrange(4)].append(card)
        if kept and variant.auto_fill and not all(piles):
            continue
        pointer = rng.randint(0, size)
        recycles = rng.randint(0, variant.passes - 1) if variant.passes else 0
        out.append(
            State(
                stock=talon[pointer:][::-1],
                waste=talon[:pointer],
                reserve=kept,
                foundations=(counts[0], counts[1], counts[2], counts[3]),
                columns=(tuple(piles[0]), tuple(piles[1]), tuple(piles[2]), tuple(piles[3])),
                base=base,
                draw=rng.choice((1, 3)),
                variant=variant,
                recycles=recycles,
            )
        )
    return out


@pytest.mark.parametrize("variant", ALL, ids=str)
def test_search_moves_are_the_legal_moves_and_make_the_same_positions(variant: Variant) -> None:
    """Unpruned, the search's moves are the card moves the rules allow over every tap.

    And each one, replayed through the rules with its taps, makes the
    position the search makes of it (talon split, recycles and all).
    """
    for state in played(variant, 12, 1) + small(variant, 12, 2):
        check_children(state, expand(state, Options(symmetry=False, safe_up=False)))


@pytest.mark.parametrize("variant", ALL, ids=str)
def test_pruned_moves_are_legal(variant: Variant) -> None:
    for state in played(variant, 10, 3):
        for move, _ in expand(state):
            realize(state, [move])  # raises if the rules refuse it


def locked(variant: Variant, draw: int, talon: int = 0) -> State:
    """Each suit's last card over the one before it in a column: nothing can ever move.

    Their parents in a column lie deep in the foundations (or do not exist),
    and the tops of the foundations go on nothing uncovered. ``talon`` extra
    cards (the last ones of each suit's foundation, taken off it) go to the
    talon, where they can go home but change nothing.
    """
    base = 1 if variant.start is FoundationStart.TWOS else 0
    counts = [11, 11, 11, 11]
    extra = []
    for suit in range(talon):
        counts[suit] -= 1
        extra.append(suit * 13 + (base + 10) % 13)
    columns = [(s * 13 + (base + 11) % 13, s * 13 + (base + 12) % 13) for s in range(4)]
    return exact_position(
        base=base,
        foundations=counts,
        reserve=(),
        columns=columns,
        stock=extra,
        draw=draw,
        variant=variant.name,
    )


@functools.cache
def brute_force_verdicts(name: str) -> tuple[tuple[State, bool], ...]:
    """Small positions of the variant ``name`` and the brute force's verdicts on them.

    Worked out once for both searches (their tests of a variant share an xdist group). Every
    position it decides takes at most 8,602 positions (rainbow), so a limit of 10,000 decides
    the same ones as 20,000 would, and gives up on the rest in half the time.
    """
    variant = variant_named(name)
    cases = small(variant, 24, 4, (4, 8)) + small(variant, 16, 5, (8, 12), 6)
    cases += small(variant, 10, 14, (4, 8)) + small(variant, 8, 15, (8, 12), 6)
    cases += [locked(variant, draw, extra) for draw in (1, 3) for extra in (0, 2)]
    verdicts = {state: brute_force(state, 10_000) for state in cases}
    return tuple((state, truth) for state, truth in verdicts.items() if truth is not None)


@pytest.mark.parametrize(
    "compiled",
    [
        pytest.param(False, id="python"),
        pytest.param(True, id="core", marks=pytest.mark.skipif(not COMPILED, reason="no core")),
    ],
)
@pytest.mark.parametrize(
    "variant",
    [pytest.param(v, id=v.name, marks=pytest.mark.xdist_group(f"brute-{v.name}")) for v in ALL],
)
def test_verdicts_match_brute_force(variant: Variant, compiled: bool) -> None:
    """Each search, with three move orders, says what the brute force says, and its wins replay."""
    verdicts = brute_force_verdicts(variant.name)
    for state, truth in verdicts:
        for options in (Options(), Options(seed=3), Options(talon_last=True)):
            found = Search(state, options, compiled=compiled).run(20)
            assert found.verdict is (Verdict.WON if truth else Verdict.LOST), (state, options)
            if truth:
                realize(state, found.moves)
    won = sum(truth for _, truth in verdicts)
    assert won >= 30 and len(verdicts) - won >= 4, verdicts


@pytest.mark.parametrize(
    "variant",
    [pytest.param(v, id=v.name, marks=pytest.mark.xdist_group(f"brute-{v.name}")) for v in ALL],
)
def test_solve_with_every_helper_says_what_the_brute_force_says(variant: Variant) -> None:
    """``solve`` runs helpers beside the search (other draws, restricted games, restarts, the
    blind search): whichever answers, the verdict is the brute force's and a win replays."""
    for start, truth in brute_force_verdicts(variant.name):
        found = solve(start, time_limit=None, node_limit=400_000)
        assert found.verdict is (Verdict.WON if truth else Verdict.LOST), start
        end = start
        for action in found.line:
            end, _ = apply_move(end, action)
        assert end.is_won is truth


@pytest.mark.parametrize(
    "variant",
    [
        pytest.param(v, id=v.name, marks=pytest.mark.xdist_group(f"brute-{v.name}"))
        for v in ALL
        if v.passes is not None
    ],
)
def test_the_beam_wins_only_what_the_brute_force_wins(variant: Variant) -> None:
    """The beam (``solver/beam.py``, ``solve``'s win-finder where passes are limited) never
    says lost, wins only positions the brute force wins, and its wins replay by the rules."""
    verdicts = brute_force_verdicts(variant.name)
    wins = 0
    for state, truth in verdicts:
        found = BeamSearch(state).run(None, 3_000)
        assert found.verdict is not Verdict.LOST, state
        if found.verdict is Verdict.WON:
            assert truth, state
            end = state
            for action in realize(state, found.moves):
                end, _ = apply_move(end, action)
            assert end.is_won, state
            wins += 1
    assert wins >= sum(truth for _, truth in verdicts) // 2


@pytest.mark.parametrize("variant", ALL, ids=str)
def test_won_lines_replay_from_deals(variant: Variant) -> None:
    won = 0
    for number in range(6):
        game = Game.from_deck(deck_for_deal(number), draw=variant.draw, variant=variant.name)
        result = solve(game, time_limit=0.5)
        if result.verdict is Verdict.WON:
            won += 1
            for move in result.line:
                game.play(move)
            assert game.is_won
        else:
            assert not result.line
    assert won or variant.name in ("strict", "rainbow", "storehouse")


def test_seeding_with_a_later_positions_lost_table_keeps_verdicts() -> None:
    """The hint's way back: an earlier search skips what a later one proved lost.

    On the classic game, where small positions are often lost.
    """
    checked = 0
    for state in small(variant_named("classic"), 24, 6, (8, 12), 6):
        for move in legal_moves(state):
            later, _ = apply_move(state, move)
            proof = Search(later)
            if proof.run(20).verdict is not Verdict.LOST:
                continue
            seeded = Search(state, known_lost=proof.lost_keys()).run(20)
            assert seeded.verdict is Search(state).run(20).verdict is not Verdict.UNKNOWN
            if seeded.verdict is Verdict.WON:
                realize(state, seeded.moves)
            checked += 1
    assert checked >= 10

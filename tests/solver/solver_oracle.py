"""Independent checks for the solver tests: brute force over real positions, random endgames,
and the card moves the rules allow over every tap (what an unpruned search must generate).

The brute force knows nothing of the solver: it walks every position the
rules reach (taps included) with ``legal_moves`` and ``apply_move``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from canfield.deal import DealCode
from canfield.game import Game
from canfield.moves import Move
from canfield.rules import apply_move, legal_moves, stock_tap_allowed
from canfield.solver.line import realize
from canfield.solver.search import Limits, search
from canfield.state import State
from positions import exact_position


def taps(state: State) -> list[State]:
    """Every position taps alone reach from ``state`` (itself included), recycles counted."""
    seen = {state}
    out = [state]
    while stock_tap_allowed(state):
        state, _ = apply_move(state, Move.DRAW)
        if state in seen:
            break
        seen.add(state)
        out.append(state)
    return out


def legal_card_moves(state: State) -> set[tuple[int, int]]:
    """``(card, target)`` of every card move the rules allow from ``state`` or a tap away.

    The search plays a talon card without the taps that bring it up, so an unpruned
    search's moves are exactly these.
    """
    return {
        (int(m.card), m.target) for s in taps(state) for m in legal_moves(s) if m.card is not None
    }


def brute_force(state: State, limit: int = 40_000) -> bool | None:
    """Whether ``state`` can be won; ``None`` if more than ``limit`` positions are reachable."""
    start = state
    if start.is_won:
        return True
    seen = {start}
    frontier = [start]
    while frontier:
        here = frontier.pop()
        # foundation moves last onto the stack, so they are tried first: wins come quickly
        for move in sorted(legal_moves(here), key=lambda m: m.target == 4):
            there, _ = apply_move(here, move)
            if there.is_won:
                return True
            if there not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(there)
                frontier.append(there)
    return False


def replays_to_a_win(state: State, line: Iterable[Move]) -> bool:
    """Whether ``line`` played from ``state`` through the rules ends with every card home."""
    for move in line:
        state, _ = apply_move(state, move)
    return state.is_won


def endgames(count: int, seed: int, tail: int = 14, wiggle: int = 6) -> list[State]:
    """Positions near the end of won deals, nudged by a few random moves (some become lost)."""
    rng = random.Random(seed)
    out: list[State] = []
    number = seed * 1000
    while len(out) < count:
        number += 1
        draw = rng.choice((1, 3))
        game = Game.from_code(DealCode(number, draw))
        result = search(game.state, Limits(time_limit=1.0))
        if not result.moves:
            continue
        line = realize(game.state, result.moves)
        cut = max(0, len(line) - rng.randint(tail // 2, tail))
        state = game.state
        for move in line[:cut]:
            state, _ = apply_move(state, move)
        for _ in range(rng.randint(0, wiggle)):
            moves = legal_moves(state)
            if not moves:
                break
            state, _ = apply_move(state, rng.choice(moves))
        if not state.is_won:
            out.append(state)
    return out


def small_positions(count: int, seed: int, left: tuple[int, int] = (5, 9)) -> list[State]:
    """Random legal-looking positions with few cards off the foundations, both draw modes.

    Foundations hold the low part of each suit; the rest is scattered over the
    reserve, the talon and the columns (an empty column only with an empty
    reserve, as the rules keep it).
    """
    rng = random.Random(seed)
    out: list[State] = []
    while len(out) < count:
        base = rng.randrange(52)
        outside = rng.randint(*left)
        counts = [13, 13, 13, 13]
        for _ in range(outside):
            suit = rng.choice([s for s in range(4) if counts[s] > (1 if s == base // 13 else 0)])
            counts[suit] -= 1
        cards = [suit * 13 + (base + k) % 13 for suit in range(4) for k in range(counts[suit], 13)]
        rng.shuffle(cards)
        reserve = tuple(cards[: rng.randint(0, 2)])
        rest = cards[len(reserve) :]
        talon_size = rng.randint(0, min(4, len(rest)))
        talon = tuple(rest[:talon_size])
        piles: list[list[int]] = [[], [], [], []]
        for card in rest[talon_size:]:
            piles[rng.randrange(4)].append(card)
        if reserve:
            for pile in piles:
                if not pile:
                    pile.append(reserve[-1])
                    reserve = reserve[:-1]
                    if not reserve:
                        break
        if reserve and not all(piles):
            continue
        pointer = rng.randint(0, len(talon))
        out.append(
            exact_position(
                base=base,
                foundations=counts,
                reserve=reserve,
                columns=piles,
                stock=talon[pointer:][::-1],
                waste=talon[:pointer],
                draw=rng.choice((1, 3)),
            )
        )
    return out

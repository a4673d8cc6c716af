"""The solver's public API: solve a position, hint a move, vet a deal.

Every answer is either proved (a WON line that replays through the rules, or
LOST after an exhaustive search) or UNKNOWN when the budget ran out.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from canfield.deal import DealCode, deck_for_deal, random_deal_number
from canfield.game import Game
from canfield.moves import Move
from canfield.rules import apply_move
from canfield.solver.line import realize
from canfield.solver.search import DEFAULT_TABLE_LIMIT, Limits, Options, Verdict, search
from canfield.state import State, initial_state

__all__ = [
    "HintResult",
    "Solution",
    "Verdict",
    "hint",
    "is_winnable_deal",
    "random_winnable_deal",
    "solve",
]

DEFAULT_TIME_LIMIT = 10.0


@dataclass(frozen=True, slots=True)
class Solution:
    """A verdict; for WON, ``line`` is every action (stock taps included) to the win."""

    verdict: Verdict
    line: tuple[Move, ...]
    nodes: int
    seconds: float

    def notation(self) -> str:
        return " ".join(m.notation() for m in self.line)


def _state_of(position: Game | State) -> State:
    return position.state if isinstance(position, Game) else position


def solve(
    position: Game | State,
    *,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    node_limit: int | None = None,
    table_limit: int = DEFAULT_TABLE_LIMIT,
    relaxation: bool = False,
    quick_first: bool = True,
) -> Solution:
    """Decide whether ``position`` can still be won, within the budget.

    ``quick_first`` spends up to 30% of the budget on a game without foundation
    take-backs, whose wins are real wins and which is often much faster to win;
    only the full search can answer LOST. ``relaxation`` lets a draw-3 search
    first try to prove the loss in draw 1, which is never harder to win
    (docs/solver.md, "Draw 1 relaxes draw 3").
    """
    state = _state_of(position)
    started = time.perf_counter()
    limits = Limits(time_limit, node_limit, table_limit)
    nodes = 0
    if quick_first and not state.is_won:
        quick_limits = Limits(
            None if time_limit is None else time_limit * 0.3,
            None if node_limit is None else max(1, node_limit * 3 // 10),
            table_limit,
        )
        quick = search(state, quick_limits, Options(take_backs=False))
        nodes += quick.nodes
        if quick.verdict is Verdict.WON:
            line = tuple(realize(state, quick.moves))
            return Solution(Verdict.WON, line, nodes, time.perf_counter() - started)
        limits = Limits(
            None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - started)),
            None if node_limit is None else max(1, node_limit - quick.nodes),
            table_limit,
        )
    if relaxation and state.draw == 3 and not state.is_won:
        share = None if time_limit is None else time_limit * 0.1
        relaxed = search(state._replace(draw=1), Limits(share, node_limit, table_limit))
        nodes += relaxed.nodes
        if relaxed.verdict is Verdict.LOST:
            return Solution(Verdict.LOST, (), nodes, time.perf_counter() - started)
        if time_limit is not None:
            limits = Limits(
                max(0.0, time_limit - (time.perf_counter() - started)), node_limit, table_limit
            )
    result = search(state, limits)
    nodes += result.nodes
    line = tuple(realize(state, result.moves)) if result.verdict is Verdict.WON else ()
    return Solution(result.verdict, line, nodes, time.perf_counter() - started)


@dataclass(frozen=True, slots=True)
class HintResult:
    """What the Hint button says.

    ``move`` is the next action of a winning line (``None`` unless WON);
    ``undo`` is, for a lost position of a :class:`Game`, how many undos lead
    back to a position proved winnable (``None`` when not found in time).
    """

    verdict: Verdict
    move: Move | None
    line: tuple[Move, ...]
    undo: int | None = None

    def message(self) -> str:
        if self.move is not None:
            return f"play {self.move.notation()}"
        if self.verdict is Verdict.WON:
            return "the game is won"
        if self.verdict is Verdict.LOST:
            if self.undo is not None:
                return f"no winning line from here — undo {self.undo} moves"
            return "no winning line from here"
        return "no hint found in time"


def hint(position: Game | State, time_limit: float = 2.0) -> HintResult:
    """A move on a winning line, or for a lost :class:`Game` how far back it was winnable."""
    started = time.perf_counter()
    state = _state_of(position)
    found = solve(state, time_limit=time_limit)
    if found.verdict is not Verdict.LOST:
        move = found.line[0] if found.line else None
        return HintResult(found.verdict, move, found.line)
    if not isinstance(position, Game):
        return HintResult(Verdict.LOST, None, ())
    history = position.history
    depth = min(position.undo_depth, len(history))
    states = _past_states(position, len(history) - depth)
    for back in range(1, depth + 1):
        left = time_limit - (time.perf_counter() - started)
        if left <= 0:
            break
        earlier = solve(states[len(states) - 1 - back], time_limit=left)
        if earlier.verdict is Verdict.WON:
            return HintResult(Verdict.LOST, None, (), back)
    return HintResult(Verdict.LOST, None, ())


def _past_states(game: Game, first: int) -> list[State]:
    """The positions after ``first``, ``first + 1``, … actions of the game's line, up to now."""
    state = initial_state(game.deck, game.draw)
    states = []
    for number, move in enumerate(game.history):
        if number >= first:
            states.append(state)
        state, _ = apply_move(state, move)
    states.append(state)
    return states


def _deal_state(code_or_deck: str | DealCode | Sequence[int], draw: int | None) -> State:
    if isinstance(code_or_deck, DealCode):
        code = code_or_deck
        game = Game.from_code(code if draw is None else DealCode(code.number, draw))
    elif isinstance(code_or_deck, str) and "-" in code_or_deck and len(code_or_deck) < 40:
        code = DealCode.parse(code_or_deck)
        game = Game.from_code(code if draw is None else DealCode(code.number, draw))
    else:
        game = Game.from_deck(code_or_deck, 3 if draw is None else draw)
    return game.state


def is_winnable_deal(
    code_or_deck: str | DealCode | Sequence[int],
    draw: int | None = None,
    time_limit: float = 2.0,
) -> bool:
    """Whether a win of the deal was *found* in time (UNKNOWN counts as not winnable).

    ``draw`` overrides the draw mode of a code; a deck defaults to draw 3.
    """
    return solve(_deal_state(code_or_deck, draw), time_limit=time_limit).verdict is Verdict.WON


def random_winnable_deal(draw: int = 3, time_limit: float = 1.0, tries: int = 50) -> DealCode:
    """A random deal proved winnable, for "winnable deals only" (random if none in ``tries``)."""
    code = DealCode(random_deal_number(), draw)
    for _ in range(tries):
        state = initial_state(deck_for_deal(code.number), draw)
        if solve(state, time_limit=time_limit).verdict is Verdict.WON:
            return code
        code = DealCode(random_deal_number(), draw)
    return code

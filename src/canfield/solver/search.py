"""Depth-first search for a win, over the K+ talon model, with a bounded transposition table.

A search node is a :class:`State` whose talon (stock + waste) is *normalized*:
when taps alone can bring the talon back to its current split (see
:func:`canfield.rules.talon_on_cycle`), the split is reset to "everything in
the stock", so all those tap-equivalent positions share one node. A node's
successors are every card move (reserve top, column tails, foundation
take-backs) plus playing any talon card that taps can reach; taps are free.
Moves are made by :func:`canfield.rules.apply_move`, so the rules live in one
place. The proofs of the prunings are in ``docs/solver.md``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import Enum
from itertools import chain
from typing import Final

from canfield.moves import FOUNDATION, Move
from canfield.rules import (
    FROM_FOUNDATION,
    FROM_RESERVE,
    card_move,
    movable_start,
    play_from_talon,
    play_known,
    stack_parents,
    talon,
    talon_on_cycle,
    talon_reachable,
    with_talon,
)
from canfield.state import State

__all__ = ["DEFAULT_TABLE_LIMIT", "Limits", "SearchResult", "Verdict", "search"]

DEFAULT_TABLE_LIMIT: Final = 3_000_000
"""Positions the transposition table keeps (about 1 GB at most); past it, no new entries."""

_CHECK_EVERY: Final = 512
_WON: Final = (13, 13, 13, 13)


class Verdict(Enum):
    """What a search proved about its position."""

    WON = "won"
    LOST = "lost"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class Limits:
    """A search budget; ``None`` means unbounded. ``table_limit`` caps memory."""

    time_limit: float | None = None
    node_limit: int | None = None
    table_limit: int = DEFAULT_TABLE_LIMIT


@dataclass(slots=True)
class SearchResult:
    """The verdict, the card moves of a win (no taps) when won, and the effort spent."""

    verdict: Verdict
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0


# Where a candidate card comes from (besides a column 0-3).
_TALON: Final = -2


@dataclass(slots=True)
class Options:
    """Which prunings are on (tests switch them off to compare verdicts)."""

    symmetry: bool = True
    take_backs: bool = True
    """Off, the search plays a restricted game: a win is still a win, a loss proves nothing."""


def _normalize(state: State) -> tuple[State, tuple[int, ...], int]:
    cards, pointer = talon(state)
    if pointer and talon_on_cycle(len(cards), pointer, state.draw):
        return with_talon(state, cards, 0), cards, 0
    return state, cards, pointer


def _key(state: State, cards: tuple[int, ...], pointer: int, symmetry: bool) -> tuple[object, ...]:
    """The transposition key; within one search the talon's cards follow from the rest.

    Nothing is ever put back on the talon or the reserve, so the talon is the
    root's talon less the cards now elsewhere, in the same order, and the
    reserve is a prefix of the root's: the split and the reserve's size say it all.
    """
    columns = tuple(sorted(state.columns)) if symmetry else state.columns
    return (pointer, len(state.reserve), state.foundations, columns)


def _reach(cards: tuple[int, ...], pointer: int, draw: int) -> dict[int, int]:
    """Talon card -> index, for the cards taps can bring to the waste top."""
    if draw == 1:
        return dict(zip(cards, range(len(cards)), strict=True))
    return {cards[i]: i for i in talon_reachable(len(cards), pointer, draw)}


# _CHILDREN[e]: the cards that may be placed on ``e`` in a column (from the rules' table).
_CHILDREN: Final = tuple(tuple(c for c in range(52) if e in stack_parents(c)) for e in range(52))
_MOVE: Final = tuple(tuple(card_move(c, t) for t in range(FOUNDATION + 1)) for c in range(52))

Candidate = tuple[Move, int, int, int]
"""A move, its card, where the card is (column 0-3, reserve, foundation, talon), its talon index."""


def successors(
    state: State,
    cards: tuple[int, ...],
    pointer: int,
    options: Options,
    reach: dict[int, int] | None = None,
) -> list[Candidate]:
    """Candidate moves, best first (ordering never changes a verdict).

    Built from the rules' own primitives; ``tests/test_solver_moves.py`` checks
    that, with the talon expanded, these are exactly the legal moves (less the
    pruned ones).
    """
    early, late = _candidates(state, cards, pointer, options, reach)
    return early if late is None else early + list(late)


def _candidates(
    state: State,
    cards: tuple[int, ...],
    pointer: int,
    options: Options,
    reach: dict[int, int] | None = None,
) -> tuple[list[Candidate], Iterator[Candidate] | None]:
    """The candidate moves, best first: a list, and the rest made lazily.

    Order: reserve top up; other cards up; reserve top down;
    moves that empty a column (the auto-fill brings a reserve card out); talon
    cards down; whole tails; partial tails; moves into an empty column;
    foundation take-backs.
    """
    if reach is None:
        reach = _reach(cards, pointer, state.draw)
    found = state.foundations
    base = state.base
    columns = state.columns
    reserve = state.reserve
    symmetry = options.symmetry
    table = _MOVE
    up: list[Candidate] = []
    reserve_down: list[Candidate] = []
    empty_source: list[Candidate] = []
    talon_down: list[Candidate] = []
    whole: list[Candidate] = []
    partial: list[Candidate] = []
    following = [
        suit * 13 + (base + found[suit]) % 13 if found[suit] < 13 else -1 for suit in range(4)
    ]
    top = reserve[-1] if reserve else -1
    if top >= 0 and following[top // 13] == top:
        up.append((table[top][FOUNDATION], top, FROM_RESERVE, -1))
    if reach:
        for card in following:
            index = reach.get(card, -1)
            if index >= 0:
                up.append((table[card][FOUNDATION], card, _TALON, index))
    tail_of: dict[int, int] = {}
    starts = [0, 0, 0, 0]
    empties: list[int] = []
    for k in range(4):
        col = columns[k]
        if col:
            end = col[-1]
            if following[end // 13] == end:
                up.append((table[end][FOUNDATION], end, k, -1))
            start = movable_start(col)
            starts[k] = start
            for card in col[start:]:
                tail_of[card] = k
        else:
            empties.append(k)
    for j in range(4):
        col = columns[j]
        if not col:
            continue
        for card in _CHILDREN[col[-1]]:
            if card == top:
                reserve_down.append((table[card][j], card, FROM_RESERVE, -1))
                continue
            index = reach.get(card, -1)
            if index >= 0:
                talon_down.append((table[card][j], card, _TALON, index))
                continue
            k = tail_of.get(card, -1)
            if k >= 0 and k != j:  # a tail over 25 cards can hold a child of its own end
                source = columns[k]
                i = source.index(card)
                if i > starts[k]:
                    partial.append((table[card][j], card, k, -1))
                elif i == 0 and reserve:
                    empty_source.append((table[card][j], card, k, -1))
                else:
                    whole.append((table[card][j], card, k, -1))
    early = up + reserve_down + empty_source + talon_down + whole + partial
    if empties or options.take_backs:
        if symmetry:
            empties = empties[:1]  # empty columns are interchangeable
        return early, _late(state, reach, starts, empties, options)
    return early, None


def _late(
    state: State, reach: dict[int, int], starts: list[int], empties: list[int], options: Options
) -> Iterator[Candidate]:
    """Moves into an empty column, then foundation take-backs: made only when reached.

    There are many (every card can go to an empty column) and the search
    rarely gets this far down a node's list, so they are not built up front.
    """
    table = _MOVE
    columns = state.columns
    found = state.foundations
    base = state.base
    for j in empties:
        for card, index in reach.items():
            yield (table[card][j], card, _TALON, index)
        for k in range(4):
            col = columns[k]
            if k == j or not col:
                continue
            # a whole column into an empty one only swaps two columns
            first = max(starts[k], 1) if options.symmetry else starts[k]
            for i in range(first, len(col)):
                yield (table[col[i]][j], col[i], k, -1)
    if not options.take_backs:
        return
    tops = [suit * 13 + (base + found[suit] - 1) % 13 for suit in range(4) if found[suit]]
    for card in tops:
        for j in empties:
            yield (table[card][j], card, FROM_FOUNDATION, -1)
    for card in tops:
        for parent in stack_parents(card):
            for j in range(4):
                col = columns[j]
                if col and col[-1] == parent:
                    yield (table[card][j], card, FROM_FOUNDATION, -1)


def _moves(
    state: State, cards: tuple[int, ...], pointer: int, options: Options, reach: dict[int, int]
) -> Iterator[Candidate]:
    early, late = _candidates(state, cards, pointer, options, reach)
    return iter(early) if late is None else chain(early, late)


class _BudgetError(Exception):
    """The time or node budget ran out."""


def search(
    state: State, limits: Limits | None = None, options: Options | None = None
) -> SearchResult:
    """Decide whether ``state`` can be won; the card moves of a win if so."""
    limits = limits or Limits()
    options = options or Options()
    started = time.perf_counter()
    deadline = None if limits.time_limit is None else started + limits.time_limit
    node_limit = limits.node_limit
    table_limit = limits.table_limit
    symmetry = options.symmetry

    if state.foundations == _WON:
        return SearchResult(Verdict.WON, [], 0, 0.0)
    root, cards, pointer = _normalize(state)
    draw = root.draw
    visited: set[tuple[object, ...]] = set()
    visited.add(_key(root, cards, pointer, symmetry))
    reach = _reach(cards, pointer, draw)
    # A frame: position, talon, split, reachable talon cards, candidates left, key if temporary.
    frames: list[tuple[State, tuple[int, ...], int, dict[int, int], Iterator[Candidate], object]]
    frames = [(root, cards, pointer, reach, _moves(root, cards, pointer, options, reach), None)]
    path: list[Move] = []
    nodes = 1
    outcome = Verdict.LOST
    try:
        while frames:
            node, cards, pointer, reach, candidates, temporary = frames[-1]
            candidate = next(candidates, None)
            if candidate is None:
                frames.pop()
                if path:
                    path.pop()
                if temporary is not None:
                    visited.discard(temporary)
                continue
            move, card, source, index = candidate
            if source == _TALON:
                child_cards = cards[:index] + cards[index + 1 :]
                child_pointer = index
                if index and talon_on_cycle(len(child_cards), index, draw):
                    child_pointer = 0
                child = play_from_talon(node, card, child_cards, child_pointer, move.target)
                child_reach = None
            else:
                child = play_known(node, card, move.target, source)
                child_cards, child_pointer, child_reach = cards, pointer, reach
            if child.foundations == _WON:
                path.append(move)
                outcome = Verdict.WON
                break
            key = _key(child, child_cards, child_pointer, symmetry)
            size = len(visited)
            visited.add(key)
            if len(visited) == size:
                continue
            if node_limit is not None and nodes >= node_limit:
                raise _BudgetError
            nodes += 1
            late = deadline is not None and nodes % _CHECK_EVERY == 0
            if late and time.perf_counter() > deadline:  # type: ignore[operator]
                raise _BudgetError
            if child_reach is None:
                child_reach = _reach(child_cards, child_pointer, draw)
            path.append(move)
            frames.append(
                (
                    child,
                    child_cards,
                    child_pointer,
                    child_reach,
                    _moves(child, child_cards, child_pointer, options, child_reach),
                    key if size >= table_limit else None,
                )
            )
    except _BudgetError:
        outcome = Verdict.UNKNOWN
    seconds = time.perf_counter() - started
    return SearchResult(outcome, path if outcome is Verdict.WON else [], nodes, seconds)

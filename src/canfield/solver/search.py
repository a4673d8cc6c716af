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
from dataclasses import dataclass, field
from enum import Enum
from typing import Final

from canfield.moves import FOUNDATION, Move
from canfield.rules import (
    apply_move,
    card_move,
    movable_start,
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


# Move-ordering classes, tried in this order (ordering never changes a verdict).
_UP_RESERVE: Final = 0
_UP: Final = 1
_RESERVE_DOWN: Final = 2
_EMPTY_SOURCE: Final = 3
_TALON_DOWN: Final = 4
_WHOLE_TAIL: Final = 5
_PARTIAL: Final = 6
_TO_EMPTY: Final = 7
_TAKE_BACK: Final = 8


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
    columns = tuple(sorted(state.columns)) if symmetry else state.columns
    return (cards, pointer, state.reserve, state.foundations, columns)


# _CHILDREN[e]: the cards that may be placed on ``e`` in a column (from the rules' table).
_CHILDREN: Final = tuple(tuple(c for c in range(52) if e in stack_parents(c)) for e in range(52))


def successors(
    state: State, cards: tuple[int, ...], pointer: int, options: Options
) -> list[tuple[int, Move, int]]:
    """Candidate moves as ``(order class, move, talon index or -1)``, best first.

    Built from the rules' own primitives; ``tests/test_solver_moves.py`` checks
    that, with the talon expanded, these are exactly the legal moves (less the
    pruned ones).
    """
    out: list[tuple[int, Move, int]] = []
    add = out.append
    found = state.foundations
    base = state.base
    columns = state.columns
    reserve = state.reserve
    symmetry = options.symmetry
    end_column: dict[int, int] = {}
    empties: list[int] = []
    for j in range(4):
        col = columns[j]
        if col:
            end_column[col[-1]] = j
        else:
            empties.append(j)
    if symmetry and empties:
        empties = empties[:1]  # empty columns are interchangeable
    following = [
        suit * 13 + (base + found[suit]) % 13 if found[suit] < 13 else -1 for suit in range(4)
    ]

    if reserve:
        top = reserve[-1]
        if following[top // 13] == top:
            add((_UP_RESERVE, card_move(top, FOUNDATION), -1))
        for parent in stack_parents(top):
            j = end_column.get(parent, -1)
            if j >= 0:
                add((_RESERVE_DOWN, card_move(top, j), -1))
    if cards:
        reach = {cards[i]: i for i in talon_reachable(len(cards), pointer, state.draw)}
        for card in following:
            index = reach.get(card, -1)
            if index >= 0:
                add((_UP, card_move(card, FOUNDATION), index))
        for end, j in end_column.items():
            for card in _CHILDREN[end]:
                index = reach.get(card, -1)
                if index >= 0:
                    add((_TALON_DOWN, card_move(card, j), index))
        for j in empties:
            for card, index in reach.items():
                add((_TO_EMPTY, card_move(card, j), index))
    for k in range(4):
        col = columns[k]
        if not col:
            continue
        last = len(col) - 1
        if following[col[last] // 13] == col[last]:
            add((_UP, card_move(col[last], FOUNDATION), -1))
        start = movable_start(col)
        for i in range(start, last + 1):
            card = col[i]
            for parent in stack_parents(card):
                j = end_column.get(parent, -1)
                if j >= 0 and j != k:
                    if i > start:
                        order = _PARTIAL
                    elif i == 0 and reserve:
                        order = _EMPTY_SOURCE
                    else:
                        order = _WHOLE_TAIL
                    add((order, card_move(card, j), -1))
            if i > 0 or not symmetry:
                for j in empties:
                    if j != k:
                        add((_TO_EMPTY, card_move(card, j), -1))
    for suit in range(4 if options.take_backs else 0):
        count = found[suit]
        if count:
            card = suit * 13 + (base + count - 1) % 13
            for parent in stack_parents(card):
                j = end_column.get(parent, -1)
                if j >= 0:
                    add((_TAKE_BACK, card_move(card, j), -1))
            for j in empties:
                add((_TO_EMPTY, card_move(card, j), -1))
    out.sort(key=_order)
    return out


def _order(item: tuple[int, Move, int]) -> int:
    return item[0]


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
    visited: set[tuple[object, ...]] = set()
    root_key = _key(root, cards, pointer, symmetry)
    visited.add(root_key)
    # A frame: position, talon, pointer, candidate moves, next candidate, key if temporary.
    frames: list[tuple[State, tuple[int, ...], int, list[tuple[int, Move, int]], list[int], object]]
    frames = [(root, cards, pointer, successors(root, cards, pointer, options), [0], None)]
    path: list[Move] = []
    nodes = 1
    outcome = Verdict.LOST
    try:
        while frames:
            node, cards, pointer, candidates, cursor, temporary = frames[-1]
            i = cursor[0]
            if i >= len(candidates):
                frames.pop()
                if path:
                    path.pop()
                if temporary is not None:
                    visited.discard(temporary)
                continue
            cursor[0] = i + 1
            _, move, index = candidates[i]
            if index >= 0:
                child, _ = apply_move(with_talon(node, cards, index + 1), move)
                child, child_cards, child_pointer = _normalize(child)
            else:
                child, _ = apply_move(node, move)
                child_cards, child_pointer = cards, pointer
            if child.foundations == _WON:
                path.append(move)
                outcome = Verdict.WON
                break
            key = _key(child, child_cards, child_pointer, symmetry)
            if key in visited:
                continue
            visited.add(key)
            if node_limit is not None and nodes >= node_limit:
                raise _BudgetError
            nodes += 1
            late = deadline is not None and nodes % _CHECK_EVERY == 0
            if late and time.perf_counter() > deadline:  # type: ignore[operator]
                raise _BudgetError
            path.append(move)
            frames.append(
                (
                    child,
                    child_cards,
                    child_pointer,
                    successors(child, child_cards, child_pointer, options),
                    [0],
                    key if len(visited) > table_limit else None,
                )
            )
    except _BudgetError:
        outcome = Verdict.UNKNOWN
    seconds = time.perf_counter() - started
    return SearchResult(outcome, path if outcome is Verdict.WON else [], nodes, seconds)

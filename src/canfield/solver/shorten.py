"""A winning line without its detours: the depth-first search's stack is a line, not a short one.

With take-backs and tail moves the main search's first win is often its whole stack, a walk
through up to millions of positions (deal 1,000,140, draw 3: 1,476,267 card moves, each
position new). "Show me" plays a line one step at a time and the rules check every action of
it, so such a line is useless to a player and costs seconds to replay. :func:`shorten` keeps
the line's positions, then walks it again, each time jumping to the latest of them that one
move reaches (docs/solver.md, "Short lines"). Every move it keeps is a candidate of the search
(a legal move) and the line it returns still ends won; the rules check it again when it is
replayed, so a wrong jump could only make that replay fail, never a wrong verdict.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final

from canfield.moves import Move
from canfield.rules.kernel import FROM_FOUNDATION, FROM_RESERVE, play_known
from canfield.solver.search import (
    FROM_TALON,
    Options,
    _key,
    _normalize,
    _play,
    _play_talon,
    _reach,
    successors,
)
from canfield.state import State

__all__ = ["PAIR_WALKS", "SHORT", "cut_once", "cut_twice", "shorten"]

SHORT: Final = 500
"""A line of this many card moves or fewer is kept as it is: a few minutes of "Show me", and the
helpers' wins are such lines (median about 110 card moves), on which a cut would cost a few
milliseconds a solve and save little."""
PAIR_WALKS: Final = 2
"""How many times at most a line is walked with jumps of two moves: each walk finds jumps the
last did not, as its line's positions are new (R1's win of the app's rules' deal 1: 13,714
card moves, 4,429 cut once, 1,627 after a walk with pairs, 1,056 after two, 889 after four),
but a walk costs the core tenths of a second on such a line, which a hint waits for."""

_JUMPS: Final = Options(safe_up=False, symmetry=False)
"""Every legal move is a jump worth trying: no move is forced (P5) and a swap of two columns
is a move like any other, since the line's own positions are told apart exactly."""

_Node = tuple[State, tuple[int, ...], int]
"""A position as the search holds it: normalized, its talon cards and split."""


def _step(node: _Node, move: Move) -> _Node:
    """The position after the card move ``move``, made as the search makes it."""
    state, cards, pointer = node
    card, target = move.card, move.target
    assert card is not None and target is not None, move
    if card in cards:
        index = _reach(cards, pointer, state)[card]
        return _play_talon(state, cards, index, target, state.variant.passes is None)
    source = FROM_FOUNDATION
    if state.reserve and state.reserve[-1] == card:
        source = FROM_RESERVE
    else:
        for k, col in enumerate(state.columns):
            if card in col:
                source = k
                break
    return play_known(state, card, target, source), cards, pointer


def _tag(node: _Node) -> int:
    state, _, pointer = node
    return hash(_key(state, pointer, symmetry=False))


def _jumps(node: _Node, merge: bool) -> Iterator[tuple[Move, _Node]]:
    """Every legal card move from ``node`` (``_JUMPS``) and the position it makes."""
    state, cards, pointer = node
    for candidate, card, source, index in successors(state, cards, pointer, _JUMPS):
        if source == FROM_TALON:
            yield candidate, _play_talon(state, cards, index, candidate.target, merge)
        else:
            yield candidate, (_play(state, card, candidate.target, source), cards, pointer)


def _latest(root: State, card_moves: Sequence[Move]) -> dict[int, int]:
    """The last index of each of the line's positions, by its hash (not the position)."""
    node = _normalize(root)
    latest = {_tag(node): 0}
    for number, move in enumerate(card_moves, 1):
        node = _step(node, move)
        latest[_tag(node)] = number
    return latest


def _kept(root: State, line: list[Move], card_moves: Sequence[Move]) -> list[Move]:
    """``line`` if it is shorter and, replayed, ends won; else ``card_moves``."""
    if len(line) >= len(card_moves):
        return list(card_moves)
    node = _normalize(root)
    for move in line:
        node = _step(node, move)
    return line if node[0].is_won else list(card_moves)


def _walk(root: State, card_moves: Sequence[Move], pairs: bool) -> list[Move]:
    """From the root, each step the move that reaches the latest position of the line, or with
    ``pairs`` the two moves that do, where they land at least two positions past the best one
    (``_core.c``'s ``walk_line``); the walk if it is shorter and still wins."""
    latest = _latest(root, card_moves)
    end = len(card_moves)
    merge = root.variant.passes is None
    line: list[Move] = []
    node, at = _normalize(root), 0
    while at < end:
        single, move = at + 1, card_moves[at]
        pair, moves = 0, [move]
        for first, child in _jumps(node, merge):
            reached = latest.get(_tag(child), 0)
            if reached > single:
                single, move = reached, first
            if not pairs:
                continue
            for second, grandchild in _jumps(child, merge):
                reached = latest.get(_tag(grandchild), 0)
                if reached > pair:
                    pair, moves = reached, [first, second]
        if pair < single + 2:
            pair, moves = single, [move]
        line += moves
        for played in moves:
            node = _step(node, played)
        at = pair
    return _kept(root, line, card_moves)


def cut_once(root: State, card_moves: Sequence[Move]) -> list[Move]:
    """The walk that jumps, one move at a time, to the latest position of the line it reaches
    (``_core.c``'s ``cut_line`` makes the same one as it wins)."""
    return _walk(root, card_moves, pairs=False)


def cut_twice(root: State, card_moves: Sequence[Move]) -> list[Move]:
    """The same walk with jumps of two moves too, a pair taken where it lands at least two
    positions past the best single move. A line cut once meets few of its own positions again
    where its search forgot what told them apart (R1, ``Options(links=True)``): its wins came
    back about three times shorter (the app's rules, deal 1,000,104: 6,323 card moves to 2,131)."""
    return _walk(root, card_moves, pairs=True)


def shorten(
    root: State, card_moves: Sequence[Move], cut: Sequence[Move] | None = None
) -> list[Move]:
    """``card_moves``, a win of ``root`` found by its search, cut short where moves skip ahead.

    The line's positions are indexed (by their hash: an index costs a few dozen bytes a
    position, not the position); from the root, each step takes the move that reaches the
    latest of them (:func:`cut_once`); while it is longer than ``SHORT`` it is walked again
    with jumps of two moves (:func:`cut_twice`), at most ``PAIR_WALKS`` times and while that
    shortens it. A cut line is replayed to its end, and kept
    only if that is a win. ``cut`` is the same made by the compiled core as it won
    (``SearchResult.cut``: in C, while its stack still held the positions), taken as it is.
    """
    if len(card_moves) <= SHORT:
        return list(card_moves)
    if cut is not None:
        return list(cut)
    line = cut_once(root, card_moves)
    for _walk in range(PAIR_WALKS):
        if len(line) <= SHORT:
            break
        shorter = cut_twice(root, line)
        if len(shorter) >= len(line):
            break
        line = shorter
    return line

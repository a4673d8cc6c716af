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

from collections.abc import Sequence
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

__all__ = ["shorten"]

SHORT: Final = 500
"""A line of this many card moves or fewer is kept as it is: a few minutes of "Show me", and the
helpers' wins are such lines (median about 110 card moves), on which a cut would cost a few
milliseconds a solve and save little."""

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


def shorten(
    root: State, card_moves: Sequence[Move], cut: Sequence[Move] | None = None
) -> list[Move]:
    """``card_moves``, a win of ``root`` found by its search, cut short where a move skips ahead.

    The line's positions are indexed (by their hash: an index costs a few dozen bytes a
    position, not the position); from the root, each step takes the move that reaches the
    latest of them. The cut line is replayed to its end, and kept only if that is a win.
    ``cut`` is the same walk made by the compiled core as it won (``SearchResult.cut``: in C,
    while its stack still held the positions), taken as it is.
    """
    if len(card_moves) <= SHORT:
        return list(card_moves)
    if cut is not None:
        return list(cut)
    node = _normalize(root)
    latest = {_tag(node): 0}
    for number, move in enumerate(card_moves, 1):
        node = _step(node, move)
        latest[_tag(node)] = number
    end = len(card_moves)
    merge = root.variant.passes is None
    line: list[Move] = []
    node, at = _normalize(root), 0
    while at < end:
        state, cards, pointer = node
        best, move = at + 1, card_moves[at]
        for candidate, card, source, index in successors(state, cards, pointer, _JUMPS):
            if source == FROM_TALON:
                child = _play_talon(state, cards, index, candidate.target, merge)
            else:
                child = (_play(state, card, candidate.target, source), cards, pointer)
            reached = latest.get(_tag(child), 0)
            if reached > best:
                best, move = reached, candidate
        line.append(move)
        node, at = _step(node, move), best
    return line if node[0].is_won and len(line) < end else list(card_moves)

"""A beam over stack plays: a win-finder for games whose stock is spent in one or few passes.

Where passes are limited the depth-first search commits early to which stack cards it
plays, and then walks the whole end game below that choice before it tries another
(docs/solver.md, "Rainbow"). This helper keeps many choices open at once instead: a
*generation* is a set of positions; from each, every position the free moves reach (column
moves, cards up, take-backs: nothing that spends the reserve or the talon) is walked
breadth first, up to a bound, and every stack play from any of them (a talon card, the
reserve's top, an auto-fill) is a candidate for the next generation. The best candidates by
a score of the position form the next generation (at most three with the same stacks), and
from the best few a short depth-first search (the talon tried last) looks for a win below.
When a generation has no candidates the beam starts again wider, with other ties broken.

The walk is most of its work, so the compiled core does it where it is built (``exits``:
the same positions in the same order as :func:`_walk_python`, which a player without a
compiler runs, and the browser, whose WebAssembly core has the search only), about 15
times faster; the choices stay in Python.

Every move it makes is a move the search itself generates (:func:`expand`), so a win is a
line of the game (``solve`` replays it through the rules); a beam that dies proves
nothing, so this search never says lost.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from canfield.cards import rank_of
from canfield.moves import Move
from canfield.rules.kernel import card_move
from canfield.solver.links import LinksSearch, links_apply
from canfield.solver.search import (
    Options,
    Search,
    SearchResult,
    Verdict,
    child_of,
    core_exits,
    core_walks,
    expand,
    view_of,
)
from canfield.state import State

__all__ = ["BeamSearch"]

_WON: Final = (13, 13, 13, 13)
MAX_WIDTH: Final = 3200
"""A beam that died at this width starts again at it (other ties broken), not wider: a
generation holds about fifty candidates a position, so this bounds it near 160 000."""


@dataclass(frozen=True, slots=True)
class _Entry:
    """A position of a generation and how it was reached (a chain back to the root)."""

    state: State
    moves: tuple[Move, ...]
    parent: _Entry | None


_Exit = tuple[Hashable, Hashable, float, bytes | tuple[tuple[Move, ...], State]]
"""An exit of a walk: its key, its stacks, its score and how it is made from the walk's root
(the core's candidates, or the Python walk's moves and position)."""
_Candidate = tuple[float, _Entry, Hashable, bytes | tuple[tuple[Move, ...], State]]
"""An exit kept for the next generation: its rank, the entry it was walked from, its
stacks and how it is made."""


def _stacks(state: State) -> int:
    return len(state.stock) + len(state.waste) + len(state.reserve)


def _key(state: State) -> tuple[object, ...]:
    """Positions that differ only in the order of the columns are one (P1)."""
    return (
        state.foundations,
        len(state.reserve),
        state.stock,
        state.waste,
        state.recycles,
        tuple(sorted(state.columns)),
    )


def _line(entry: _Entry | None) -> list[Move]:
    parts: list[tuple[Move, ...]] = []
    while entry is not None:
        parts.append(entry.moves)
        entry = entry.parent
    return [move for part in reversed(parts) for move in part]


def score(state: State) -> float:
    """How promising a position is: cards up, few cards buried in the stacks, places to play."""
    ends = {rank_of(column[-1]) for column in state.columns if column}
    empty = sum(1 for column in state.columns if not column)
    return (
        10.0 * sum(state.foundations)
        - 5.0 * len(state.waste)
        - 2.0 * len(state.reserve)
        + len(ends)
        + 3.0 * empty
    )


class BeamSearch:
    """The beam, run in slices like :class:`Search` (``solve`` interleaves it)."""

    def __init__(
        self,
        state: State,
        *,
        width: int = 50,
        closure: int = 300,
        rollouts: int = 5,
        rollout_nodes: int = 3000,
        seed: int = 0,
        same_stacks: int = 3,
        links_nodes: int = 0,
    ) -> None:
        """``links_nodes``: where the links game holds (P9), a candidate whose links search
        proves it lost within this many nodes is not kept (0: every candidate may be)."""
        if view_of(state).recycles is None:
            raise ValueError("the beam is for games whose passes are limited")
        self.root = state
        self.same_stacks = same_stacks
        self.width = width
        self.closure = closure
        self.rollouts = rollouts
        self.rollout_nodes = rollout_nodes
        self.links_nodes = links_nodes
        self.nodes = 0
        self.seconds = 0.0
        self.verdict = Verdict.UNKNOWN
        self.moves: list[Move] = []
        self._random = random.Random(seed)
        self._steps: Iterator[None] = self._walk()
        if state.foundations == _WON:
            self.verdict = Verdict.WON

    def result(self) -> SearchResult:
        return SearchResult(
            self.verdict,
            self.moves if self.verdict is Verdict.WON else [],
            self.nodes,
            self.seconds,
        )

    def run(
        self,
        time_limit: float | None = None,
        node_limit: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> SearchResult:
        """Go on for at most ``time_limit`` seconds of ``clock`` and about ``node_limit``
        positions (a step is not cut short)."""
        started = clock()
        stop = None if node_limit is None else self.nodes + node_limit
        while self.verdict is Verdict.UNKNOWN:
            if time_limit is not None and clock() - started >= time_limit:
                break
            if stop is not None and self.nodes >= stop:
                break
            next(self._steps)
        self.seconds += clock() - started
        return self.result()

    def _won(self, entry: _Entry | None, tail: list[Move]) -> None:
        self.verdict = Verdict.WON
        self.moves = _line(entry) + tail

    def _walk(self) -> Iterator[None]:
        """Generations, and a wider beam each time one dies out; never ends unless won."""
        width = self.width
        while True:
            yield from self._beam(width)
            width = min(2 * width, MAX_WIDTH)

    def _beam(self, width: int) -> Iterator[None]:
        generation = [_Entry(self.root, (), None)]
        while generation:
            candidates: dict[Hashable, _Candidate] = {}
            for entry in generation:
                nodes, exits, win = self._exits(entry.state)
                self.nodes += nodes
                for key, stacks, value, how in exits:
                    if key not in candidates:
                        rank = value + self._random.random()
                        candidates[key] = (rank, entry, stacks, how)
                if win is not None:
                    self._won(entry, win)
                    yield
                    return
                yield
            generation = self._best(candidates.values(), width)
            for entry in generation[: self.rollouts]:
                found = Search(entry.state, Options(talon_last=True), 200_000).run(
                    None, self.rollout_nodes
                )
                self.nodes += found.nodes
                if found.verdict is Verdict.WON:
                    self._won(entry, found.moves)
                    yield
                    return
                yield

    def _best(self, candidates: Iterable[_Candidate], width: int) -> list[_Entry]:
        """The ``width`` best, at most ``same_stacks`` of them with the same stacks: positions
        that differ only in their columns and foundations are mostly one class of free moves,
        which the walk from any of them covers, so the beam keeps other stack plays instead."""
        chosen: list[_Entry] = []
        kept: dict[Hashable, int] = {}
        checks = 4 * width if self.links_nodes else 0  # at most: a step stays short
        for _, parent, stacks, how in sorted(candidates, key=lambda c: c[0], reverse=True):
            if kept.get(stacks, 0) < self.same_stacks:
                entry = _entry(parent, how)
                if checks:
                    checks -= 1
                    if self._lost(entry.state):
                        continue
                kept[stacks] = kept.get(stacks, 0) + 1
                chosen.append(entry)
                if len(chosen) == width:
                    break
        return chosen

    def _lost(self, state: State) -> bool:
        """Whether a short links search (P9) proves ``state`` lost: a lost position is no way
        to a win, and its place in the generation goes to the next candidate."""
        if not links_apply(state):
            return False
        result = LinksSearch(state, 4 * self.links_nodes).run(None, self.links_nodes)
        self.nodes += result.nodes
        return result.verdict is Verdict.LOST

    def _exits(self, root: State) -> tuple[int, Sequence[_Exit], list[Move] | None]:
        """The positions walked, the exits and the moves of a win if the walk met one."""
        if core_walks():
            nodes, exits, win = core_exits(root, self.closure)
            return nodes, exits, None if win is None else _moves_of(win)
        return _walk_python(root, self.closure)


def _signed(byte: int) -> int:
    return byte - 256 if byte > 127 else byte


def _moves_of(plays: bytes) -> list[Move]:
    """The moves of candidates as the core writes them (card, target, source, index)."""
    return [card_move(plays[i], _signed(plays[i + 1])) for i in range(0, len(plays), 4)]


def _entry(parent: _Entry, how: bytes | tuple[tuple[Move, ...], State]) -> _Entry:
    """A chosen candidate as an entry: the core's candidates are replayed from ``parent``
    (only the few chosen are made into positions), the Python walk's are made already."""
    if not isinstance(how, bytes):
        moves, state = how
        return _Entry(state, moves, parent)
    state = parent.state
    for i in range(0, len(how), 4):
        state = child_of(state, how[i], _signed(how[i + 1]), _signed(how[i + 2]), how[i + 3])
    return _Entry(state, tuple(_moves_of(how)), parent)


def _stacks_of(state: State) -> tuple[object, ...]:
    """What positions with the same stacks share (the core writes the same as bytes)."""
    return (state.stock, state.waste, len(state.reserve), state.recycles)


def _walk_python(root: State, closure: int) -> tuple[int, list[_Exit], list[Move] | None]:
    """The walk the core's ``exits`` makes, in Python: from ``root`` the positions free moves
    reach (breadth first, until ``closure`` are known), and every move from them that plays a
    stack card (or wins) is an exit, with the moves from ``root``."""
    options = Options()
    start = _stacks(root)
    seen: set[tuple[object, ...]] = {_key(root)}
    queue: list[tuple[State, tuple[Move, ...]]] = [(root, ())]
    exits: list[_Exit] = []
    at = 0
    while at < len(queue) and len(seen) < closure:
        state, path = queue[at]
        at += 1
        for move, child in expand(state, options):
            line = (*path, move)
            if child.foundations == _WON:
                return at, exits, list(line)
            if _stacks(child) < start:
                exits.append((_key(child), _stacks_of(child), score(child), (line, child)))
                continue
            key = _key(child)
            if key not in seen:
                seen.add(key)
                queue.append((child, line))
    return at, exits, None

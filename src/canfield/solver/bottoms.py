"""P12 and R2: the links game with the columns' bottoms kept, a proof of loss and a win-finder.

The links game (P9, ``solver/links.py``) forgets which cards lie on nothing.
Its game then lets the next card of a suit go up "as one that lay on a card"
when it is a column's bottom under a tail and another card of its rank is the
end: a move no position has, and on most of ``rainbow``'s open deals the
links game is won where the game is not known to be. Kept, the bottoms (at
most four cards) make a game still far smaller than the columns' arrangements,
every real move is one of its moves (docs/solver.md, P12), so its losses are
losses; and its won lines are nearly always lines of the game: a won line is
followed in real positions, node by node (R2), and finished by a short
search where it cannot be followed. The compiled core searches the same
nodes in the same order, fifty to a hundred times as fast, and stops at each won
node for R2 (in Python) to follow.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterator
from typing import Final

from canfield.moves import Move
from canfield.rules import apply_move, legal_moves
from canfield.solver.links import _WON, LinksGame, links_apply, use_core
from canfield.solver.search import DEFAULT_TABLE_LIMIT, Options, Search, SearchResult, Verdict
from canfield.state import State

try:
    from canfield.solver import _core
except ImportError:  # not built: the bottoms search runs in Python
    _core = None  # type: ignore[assignment]

__all__ = ["BottomsSearch"]

_CHECK_EVERY: Final = 256
_FOUND: Final = 3
"""The core's run: a won node reached (``line()`` its path)."""
_LOST: Final = 2
FOLLOW_LIMIT: Final = 8_000
"""Real positions searched to follow one step of a won line (moves that keep the node, then the
one that reaches the next): a bound on a step that cannot be followed."""
FOLLOW_WIDTH: Final = 60
"""Real positions kept at each node of the line, so that one that leads on may be among them."""
FINISH_NODES: Final = 200_000
"""Positions of the plain search from where a line could not be followed: a short end game."""

_Trail = tuple["_Trail", tuple[Move, ...]] | None
"""How a real position was reached: the way to a position of the node before, then the moves."""

Node = tuple[int, int, int, tuple[int, ...], tuple[int, ...], int]
"""The links node (talon cards left, waste size, reserve size, foundations, links) and the
bottoms: a bit for each card that lies on nothing in a column."""


def key_of(node: Node) -> bytes:
    """A node's key in the tables, as the core's (``links_key``): P9's and the bottoms."""
    mask, pointer, reserve, found, links, bottoms = node
    head = bytes((pointer, reserve, *found, *links))
    return head + mask.to_bytes(7, "little") + bottoms.to_bytes(7, "little")


def bottoms_of(state: State) -> int:
    """The cards that lie on nothing: each column's first card."""
    mask = 0
    for column in state.columns:
        if column:
            mask |= 1 << column[0]
    return mask


class BottomsSearch:
    """A depth-first search of the links game with bottoms, in slices like :class:`Search`.

    LOST proves the root lost (P12). WON comes with a line of the game: each
    won node of the search is followed in real positions (R2), and the search
    goes on where that fails. With its table full it stops, UNKNOWN, for good.
    """

    def __init__(
        self, state: State, table_limit: int = DEFAULT_TABLE_LIMIT, *, compiled: bool | None = None
    ) -> None:
        """``compiled``: True requires the core's search, False refuses it, None takes it
        where it can; the two search the same nodes in the same order."""
        if not links_apply(state):
            raise ValueError(f"no links search here ({state.variant}, {state.passes_left} passes)")
        self._root = state
        self._game = LinksGame(state)
        self.table_limit = table_limit
        self.nodes = 1
        self.seconds = 0.0
        self.full = False
        self.followed = 0
        """Won nodes whose line was followed to a real win or failed: how often R2 was tried."""
        self.moves: list[Move] = []
        root = self.node_of(state)
        self.verdict = Verdict.WON if state.foundations == _WON else Verdict.UNKNOWN
        self._seen: set[bytes] = set()
        self._path: list[tuple[Node, Iterator[Node]]] = []
        self._core: _core.Links | None = None
        if use_core(compiled) and self.verdict is Verdict.UNKNOWN:
            mask, pointer, reserve, found, links, bottoms = root
            links_root = (mask, pointer, reserve, found, links)
            self._core = self._game.compiled(links_root, table_limit, bottoms)
        else:
            self._seen.add(key_of(root))
            self._path.append((root, self._children(root)))

    def node_of(self, state: State) -> Node:
        """The node of ``state``, a position reached from the root in this pass."""
        return (*self._game.node_of(state), bottoms_of(state))

    def result(self) -> SearchResult:
        return SearchResult(self.verdict, self.moves, self.nodes, self.seconds)

    def run(
        self,
        time_limit: float | None = None,
        node_limit: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> SearchResult:
        """Search on for at most ``time_limit`` seconds of ``clock``, ``node_limit`` nodes."""
        if self.verdict is not Verdict.UNKNOWN or self.full:
            return self.result()
        if self._core is not None:
            return self._run_core(self._core, time_limit, node_limit, clock)
        started = clock()
        deadline = None if time_limit is None else started + time_limit
        stop = None if node_limit is None else self.nodes + node_limit
        check = self.nodes + _CHECK_EVERY
        path, seen, key = self._path, self._seen, key_of
        while path:
            if stop is not None and self.nodes >= stop:
                break
            if self.nodes >= check:
                check = self.nodes + _CHECK_EVERY
                if deadline is not None and clock() > deadline:
                    break
            child = next(path[-1][1], None)
            if child is None:
                path.pop()
                continue
            k = key(child)
            if k in seen:
                continue
            if len(seen) >= self.table_limit:
                self.full = True  # the search cannot go on without forgetting: it stops
                break
            seen.add(k)
            self.nodes += 1
            if child[3] == _WON:
                self.followed += 1
                line = self._follow([node for node, _ in path] + [child])
                if line is not None:
                    self.verdict = Verdict.WON
                    self.moves = line
                    break
                continue  # not a line of the game from here: the search goes on
            path.append((child, self._children(child)))
        else:
            self.verdict = Verdict.LOST
        self.seconds += clock() - started
        if self.verdict is not Verdict.UNKNOWN:
            self._seen = set()
            self._path = []
        return self.result()

    def _run_core(
        self,
        core: _core.Links,
        time_limit: float | None,
        node_limit: int | None,
        clock: Callable[[], float],
    ) -> SearchResult:
        """The same search in the core, which stops at each won node for R2 to follow."""
        started = clock()
        deadline = None if time_limit is None else started + time_limit
        stop = None if node_limit is None else self.nodes + node_limit
        while True:
            outcome = core.run(deadline, stop, clock)
            self.nodes = core.nodes
            if outcome != _FOUND:
                break
            self.followed += 1
            line = self._follow(core.line())
            if line is not None:
                self.verdict = Verdict.WON
                self.moves = line
                break
        self.full = core.full
        if outcome == _LOST:
            self.verdict = Verdict.LOST
        self.seconds += clock() - started
        if self.verdict is not Verdict.UNKNOWN:
            self._core = None
        return self.result()

    def _follow(self, line: list[Node]) -> list[Move] | None:
        """R2: real moves from the root through positions of each node of ``line`` in turn,
        ended by a short plain search where a step cannot be followed; None if neither wins."""

        def node(state: State) -> tuple[object, ...]:
            mask, _, reserve, found, links, bottoms = self.node_of(state)
            return (mask, reserve, found, links, bottoms)  # taps move the waste's size freely

        # each position reached keeps only its way back: the moves from the position of the
        # node before that it came from, and that one's way (the search of a step is dropped)
        trails: dict[State, _Trail] = {self._root: None}
        for at in range(1, len(line)):
            here, there = line[at - 1], line[at]
            now = (here[0], here[2], here[3], here[4], here[5])
            goal = (there[0], there[2], there[3], there[4], there[5])
            queue = deque(trails)
            came: dict[State, tuple[State, Move] | None] = dict.fromkeys(trails)
            reached: list[State] = []
            while queue and len(came) < FOLLOW_LIMIT and len(reached) < FOLLOW_WIDTH:
                state = queue.popleft()
                for move in legal_moves(state):
                    after, _ = apply_move(state, move)
                    if after in came:
                        continue
                    seen_as = node(after)
                    if seen_as == goal:
                        reached.append(after)
                    elif seen_as != now:
                        continue
                    else:
                        queue.append(after)
                    came[after] = (state, move)
            if not reached:
                break
            following: dict[State, _Trail] = {}
            for state in reached:
                moves: list[Move] = []
                step = came[state]
                while step is not None:
                    state_before, move = step
                    moves.append(move)
                    step = came[state_before]
                following[state] = (trails[state_before], tuple(reversed(moves)))
            trails = following
        for end, trail in trails.items():
            finish: list[Move] = []
            if end.foundations != _WON:
                found = Search(end, Options(), FINISH_NODES).run(None, FINISH_NODES)
                if found.verdict is not Verdict.WON:
                    continue
                finish = list(found.moves)
            parts: list[tuple[Move, ...]] = []
            way = trail
            while way is not None:
                way, part = way
                parts.append(part)
            line_moves = [move for part in reversed(parts) for move in part]
            # card moves, as every search gives them: ``realize`` puts the taps back
            return [move for move in line_moves if move != Move.DRAW] + finish
        return None

    def _children(self, node: Node) -> Iterator[Node]:
        """The game's moves from ``node`` (P12), in the order the depth-first search takes
        P9's from its stack: foundation moves first, then column moves before stack plays."""
        mask, pointer, reserve, found, links, bottoms = node
        moves = self._game.moves((mask, pointer, reserve, found, links), bottoms)
        return iter([(*child, after) for child, after in reversed(moves) if after is not None])

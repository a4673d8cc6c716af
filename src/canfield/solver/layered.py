"""P13, the layered search: P12's game while the reserve holds cards, P9's once it is empty.

With the reserve empty, an emptied column stays empty and any tail may go
there, so nearly any card can come to lie on nothing: P12's bottoms then
multiply the nodes (7.8 times in a layer of ``rainbow`` draw-1 deal 1,000,025)
and tell little apart. This game forgets them there; every real move is still one of its
moves (P12's claim where the reserve holds cards, P9's where it is empty), so
a loss here is a loss of the game (docs/solver.md, P13). Its wins prove
nothing.

No move adds a stack card (talon or reserve) and none takes two, so the
search walks the game breadth first one *layer* (the nodes with as many stack
cards left) at a time and lets a walked layer's table go: it holds two layers
at a time, not every node.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Final

from canfield.solver.bottoms import Node, bottoms_of, key_of
from canfield.solver.links import LinksGame, links_apply, use_core
from canfield.solver.search import (
    DEFAULT_TABLE_LIMIT,
    SearchResult,
    Verdict,
    run_compiled,
)
from canfield.state import State

try:
    from canfield.solver import _core
except ImportError:  # not built: the layered search runs in Python
    _core = None  # type: ignore[assignment]

__all__ = ["LayeredSearch", "layer_of"]

_CHECK_EVERY: Final = 1024
_WON: Final = (13, 13, 13, 13)


def layer_of(node: Node) -> int:
    """How many stack cards ``node`` has left: the talon's and the reserve's."""
    mask, _, reserve, _, _, _ = node
    return mask.bit_count() + reserve


class LayeredSearch:
    """A breadth-first search of P13's game, layer by layer, in slices like :class:`Search`.

    LOST proves the root lost; WON says only that this game is won (no
    moves). With its two layers' tables full it stops, UNKNOWN, for good.
    """

    def __init__(
        self, state: State, table_limit: int = DEFAULT_TABLE_LIMIT, *, compiled: bool | None = None
    ) -> None:
        """``compiled``: True requires the core's search, False refuses it, None takes it
        where it can; the two search the same nodes in the same order."""
        if not links_apply(state):
            raise ValueError(f"no links search here ({state.variant}, {state.passes_left} passes)")
        self._game = LinksGame(state)
        self.table_limit = table_limit
        self.nodes = 1
        self.seconds = 0.0
        self.full = False
        self.widest = 1
        """The most nodes its tables held at once (the layer walked and the one below)."""
        self.verdict = Verdict.WON if state.foundations == _WON else Verdict.UNKNOWN
        root = self.node_of(state)
        mask, pointer, reserve, found, links, bottoms = root
        self.layer = layer_of(root)
        """The layer being walked: its nodes' stack cards left."""
        self._walking: list[Node] = [root]
        self._seen = {key_of(root)}
        self._below: list[Node] = []
        self._below_seen: set[bytes] = set()
        self._at = 0
        self._core: _core.Links | None = None
        if use_core(compiled) and self.verdict is Verdict.UNKNOWN:
            self._core = self._game.compiled(
                (mask, pointer, reserve, found, links), table_limit, bottoms
            )
            self._core.layered()
            self._walking = []
            self._seen = set()

    def node_of(self, state: State) -> Node:
        """The node of ``state``, a position reached from the root in this pass: P12's, with
        no bottoms once the reserve is empty."""
        mask, pointer, reserve, found, links = self._game.node_of(state)
        return (mask, pointer, reserve, found, links, bottoms_of(state) if reserve else 0)

    def children(self, node: Node) -> Iterator[Node]:
        """P13's moves from ``node``: P12's while its reserve holds cards, else P9's; a child
        whose reserve is empty keeps no bottoms."""
        mask, pointer, reserve, found, links, bottoms = node
        for child, after in self._game.moves(
            (mask, pointer, reserve, found, links), bottoms if reserve else None
        ):
            yield (*child, after if child[2] and after is not None else 0)

    def result(self) -> SearchResult:
        return SearchResult(self.verdict, [], self.nodes, self.seconds)

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
            outcome, seconds = run_compiled(self._core, self.nodes, time_limit, node_limit, clock)
            self.nodes = self._core.nodes
            self.full = self._core.full
            self.widest = self._core.widest
            self.layer = self._core.layer
            self.seconds += seconds
            if outcome is not Verdict.UNKNOWN:
                self.verdict = outcome
                self._core = None
            return self.result()
        started = clock()
        deadline = None if time_limit is None else started + time_limit
        stop = None if node_limit is None else self.nodes + node_limit
        check = self.nodes + _CHECK_EVERY
        outcome = self._walk(stop, deadline, check, clock)
        self.seconds += clock() - started
        if outcome is not Verdict.UNKNOWN:
            self.verdict = outcome
            self._walking, self._below = [], []
            self._seen, self._below_seen = set(), set()
        return self.result()

    def _walk(
        self, stop: int | None, deadline: float | None, check: int, clock: Callable[[], float]
    ) -> Verdict:
        while True:
            if self._at == len(self._walking):
                if not self._below:
                    return Verdict.LOST
                self._walking, self._seen = self._below, self._below_seen
                self._below, self._below_seen = [], set()
                self._at = 0
                self.layer -= 1
                continue
            if stop is not None and self.nodes >= stop:
                return Verdict.UNKNOWN
            if self.nodes >= check:
                check = self.nodes + _CHECK_EVERY
                if deadline is not None and clock() > deadline:
                    return Verdict.UNKNOWN
            node = self._walking[self._at]
            self._at += 1
            for child in self.children(node):
                if child[3] == _WON:
                    return Verdict.WON
                layer = layer_of(child)
                if layer not in (self.layer, self.layer - 1):
                    raise RuntimeError("links: a move changed the stacks by more than a card")
                same = layer == self.layer
                seen = self._seen if same else self._below_seen
                key = key_of(child)
                if key in seen:
                    continue
                held = len(self._seen) + len(self._below_seen)
                if held >= self.table_limit:
                    self.full = True  # the search cannot go on without forgetting: it stops
                    return Verdict.UNKNOWN
                seen.add(key)
                (self._walking if same else self._below).append(child)
                self.widest = max(self.widest, held + 1)
                self.nodes += 1

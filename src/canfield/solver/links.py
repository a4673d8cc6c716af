"""P9, the links search: a one-pass game with its columns read as counts of links.

Where every column is one built run and the cards a card may lie on are one
class of twins (``VariantView.alias``: a rank in ``rainbow``, a rank and a
colour in ``strict``), the columns' arrangement is forgotten but for how many
cards of each class lie on a card (their *links*). Tens of thousands of
column arrangements that the blind search (P6) tells apart become a handful
of nodes, and every real move is one of this game's moves, so a loss here is
a loss of the game (docs/solver.md, P9). Its wins prove nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final

from canfield.rules.kernel import talon
from canfield.solver.search import (
    DEFAULT_TABLE_LIMIT,
    SearchResult,
    Verdict,
    core_in_use,
    run_compiled,
    view_of,
)
from canfield.state import State
from canfield.variants import ColumnMoves, EmptyColumns

try:
    from canfield.solver import _core
except ImportError:  # not built: the links search runs in Python
    _core = None  # type: ignore[assignment]

__all__ = ["LinksGame", "LinksSearch", "core_links", "links_apply", "use_core"]

_CHECK_EVERY: Final = 1024
_WON: Final = (13, 13, 13, 13)

_Node = tuple[int, int, int, tuple[int, ...], tuple[int, ...]]
"""Talon cards left (a bit for each of the root's), waste size, reserve size, foundations, links."""


@dataclass(frozen=True, slots=True)
class _Classes:
    """The twin classes of a rule set where each class lies on exactly one class."""

    of: tuple[int, ...]
    """The class of each card."""
    parent: tuple[int, ...]
    """The class a class's cards lie on."""
    child: tuple[int, ...]
    """The class whose cards lie on a class's cards."""
    size: tuple[int, ...]


_CLASSES: dict[tuple[object, int], _Classes | None] = {}


def _classes(state: State) -> _Classes | None:
    """The classes of ``state``'s rules, or None where a card's parents are not one whole class."""
    cache_key = (state.variant, state.base)
    if cache_key in _CLASSES:
        return _CLASSES[cache_key]
    view = view_of(state)
    firsts = sorted(set(view.alias))
    index = {card: i for i, card in enumerate(firsts)}
    of = tuple(index[view.alias[card]] for card in range(52))
    size = tuple(of.count(k) for k in range(len(firsts)))
    parent = [-1] * len(firsts)
    child = [-1] * len(firsts)
    found: _Classes | None = None
    for card in range(52):
        above = {of[p] for p in view.parents[card]}
        if len(above) != 1:
            break
        (p,) = above
        k = of[card]
        if (
            len(view.parents[card]) != size[p]
            or parent[k] not in (-1, p)
            or child[p] not in (-1, k)
        ):
            break
        parent[k] = p
        child[p] = k
    else:
        if -1 not in parent and -1 not in child:
            found = _Classes(of, tuple(parent), tuple(child), size)
    _CLASSES[cache_key] = found
    return found


def links_apply(state: State) -> bool:
    """Whether P9 holds for ``state``: one pass left, any built tail moves, spaces filled
    from the reserve then free, each card's parents one class of twins, columns runs."""
    variant = state.variant
    if (
        state.passes_left != 1
        or variant.column_moves is not ColumnMoves.ANY_TAIL
        or variant.empty_columns is not EmptyColumns.AUTO_THEN_ANY
        or not view_of(state).blind
    ):
        return False
    if _classes(state) is None:
        return False
    parents = view_of(state).parents
    return all(col[i] in parents[col[i + 1]] for col in state.columns for i in range(len(col) - 1))


def core_links() -> bool:
    """Whether the links search runs compiled: the core is in use and has it (the browser's
    WebAssembly core has the main search only; there it runs in Python)."""
    return core_in_use() and hasattr(_core, "Links")


def use_core(compiled: bool | None) -> bool:
    """Whether a links search runs in the core: ``compiled`` True requires it, False refuses
    it, None takes it where it can."""
    if compiled is None:
        return core_links()
    if compiled and not core_links():
        raise RuntimeError("the compiled core has no links search here")
    return compiled


def _reach(size: int, pointer: int, draw: int) -> Iterator[int]:
    """Indices of the talon cards taps bring to the waste's top, with no pass after this one."""
    if pointer:
        yield pointer - 1
    if draw == 1:
        yield from range(pointer, size)
        return
    q = pointer
    while q < size:
        q = min(q + draw, size)
        yield q - 1


class LinksGame:
    """P9's game from a root position: the classes, talon and reserve its nodes are read
    against, and its moves, with the columns' bottoms kept or not (P12, ``solver/bottoms.py``)."""

    def __init__(self, state: State) -> None:
        classes = _classes(state)
        assert classes is not None
        self.classes = classes
        self.talon, _ = talon(state)
        self.reserve = state.reserve
        self.draw = state.draw
        self.base = state.base % 13
        k = len(classes.size)
        # the classes of the first f cards of each suit, for each f: what a foundation holds
        self.home = tuple(
            tuple(
                tuple(
                    sum(1 for j in range(f) if classes.of[suit * 13 + (self.base + j) % 13] == c)
                    for c in range(k)
                )
                for f in range(14)
            )
            for suit in range(4)
        )

    def compiled(self, root: _Node, table_limit: int, bottoms: int | None = None) -> _core.Links:
        """The core's depth-first search of this game from ``root``: P9's, or with the root's
        ``bottoms`` P12's (``solver/bottoms.py``)."""
        _, pointer, _, found, links = root
        return _core.Links(
            bytes(self.talon),
            pointer,
            bytes(self.reserve),
            bytes(found),
            bytes(links),
            self.draw,
            self.base,
            bytes(self.classes.of),
            bytes(self.classes.parent),
            bytes(self.classes.child),
            bytes(self.classes.size),
            bytes(n for suit in self.home for row in suit for n in row),
            table_limit,
            bottoms,
        )

    def node_of(self, state: State) -> _Node:
        """The links game's node of ``state``, a position reached from the root in this pass.

        Its talon is a part of the root's, in the same order (no pass after
        this one), so a bit for each of the root's talon cards names it.
        """
        cards, pointer = talon(state)
        mask = 0
        i = 0
        for card in cards:
            i = self.talon.index(card, i)
            mask |= 1 << i
        links = [0] * len(self.classes.size)
        for col in state.columns:
            for card in col[1:]:
                links[self.classes.of[card]] += 1
        return (mask, pointer, len(state.reserve), state.foundations, tuple(links))

    def moves(self, node: _Node, bottoms: int | None = None) -> list[tuple[_Node, int | None]]:
        """The game's moves from ``node``: an image of every real move (docs/solver.md, P9),
        each with the bottoms after it where ``bottoms`` are kept (else None, P9's game).

        A move that changes nothing here (a tail from one run onto another's end) is left
        out: its node is this one. Foundation moves come last. With bottoms a move whose
        card could be any of its class is one move for each card that can be it, and a
        suit's next card goes up only the way its being a bottom or not allows (P12).
        """
        mask, pointer, reserve_size, found, links = node
        classes = self.classes
        of, parent, child, size = classes.of, classes.parent, classes.child, classes.size
        cards = [card for i, card in enumerate(self.talon) if mask >> i & 1]
        indices = [i for i in range(len(self.talon)) if mask >> i & 1]
        reserve = self.reserve[:reserve_size]
        outside = [0] * len(size)
        for card in cards:
            outside[of[card]] += 1
        for card in reserve:
            outside[of[card]] += 1
        for suit in range(4):
            for c, n in enumerate(self.home[suit][found[suit]]):
                outside[c] += n
        count = [size[c] - outside[c] for c in range(len(size))]
        runs = sum(count) - sum(links)
        free = runs < 4  # an empty column: only with the reserve empty (it fills them at once)
        base = self.base
        away = set(cards)
        away.update(reserve)
        nexts = [-1 if found[s] == 13 else s * 13 + (base + found[s]) % 13 for s in range(4)]
        # a column emptied takes the reserve's top at once, which lies on nothing
        filled = reserve_size - 1 if reserve_size else 0
        fill = 1 << reserve[-1] if reserve_size else 0
        in_columns: list[int] = []
        if bottoms is not None:
            ups = {suit * 13 + (base + j) % 13 for suit in range(4) for j in range(found[suit])}
            in_columns = [card for card in range(52) if card not in away and card not in ups]

        def ends(c: int) -> int:
            return count[c] - links[child[c]]

        def linked(c: int, step: int) -> tuple[int, ...]:
            return (*links[:c], links[c] + step, *links[c + 1 :])

        def home(suit: int, step: int) -> tuple[int, ...]:
            return (*found[:suit], found[suit] + step, *found[suit + 1 :])

        def adding(card: int) -> int | None:
            return None if bottoms is None else bottoms | 1 << card

        out: list[tuple[_Node, int | None]] = []
        later: list[tuple[_Node, int | None]] = []
        # stack cards: the reserve's top, and every talon card taps bring up
        plays: list[tuple[int, int, int, int]] = []
        if reserve_size:
            plays.append((reserve[-1], mask, pointer, reserve_size - 1))
        for q in _reach(len(cards), pointer, self.draw):
            plays.append((cards[q], mask & ~(1 << indices[q]), q, reserve_size))
        for card, m, p, r in plays:
            c = of[card]
            if nexts[card // 13] == card:
                later.append(((m, p, r, home(card // 13, 1), links), bottoms))
            if ends(parent[c]) > 0:
                out.append(((m, p, r, found, linked(c, 1)), bottoms))
            if free and not reserve_size:
                out.append(((m, p, r, found, links), adding(card)))
        # take-backs: a foundation's top onto a column's end, or into an empty column
        for suit in range(4):
            if found[suit]:
                top = suit * 13 + (base + found[suit] - 1) % 13
                c = of[top]
                if ends(parent[c]) > 0:
                    out.append(
                        ((mask, pointer, reserve_size, home(suit, -1), linked(c, 1)), bottoms)
                    )
                if free and not reserve_size:
                    out.append(((mask, pointer, reserve_size, home(suit, -1), links), adding(top)))
        for c in range(len(size)):
            # a whole run onto the end of another (its column empties): its first card x
            top_free = count[c] - links[c]
            if top_free > 0 and ends(parent[c]) > 0 and links[c] < min(count[c], count[parent[c]]):
                child_node = (mask, pointer, filled, found, linked(c, 1))
                if bottoms is None:
                    out.append((child_node, None))
                else:
                    for x in in_columns:
                        if of[x] == c and bottoms >> x & 1:
                            out.append((child_node, bottoms & ~(1 << x) | fill))
            # a tail whose first card x lay on a card into an empty column
            if free and links[c] > 0:
                child_node = (mask, pointer, reserve_size, found, linked(c, -1))
                if bottoms is None:
                    out.append((child_node, None))
                else:
                    for x in in_columns:
                        if of[x] == c and not bottoms >> x & 1:
                            out.append((child_node, bottoms | 1 << x))
        # a column's end up to its foundation (without bottoms any twin of it may be the end:
        # P6's swap, and it may have lain on a card or been alone)
        for suit in range(4):
            card = nexts[suit]
            if card < 0 or card in away:
                continue
            c = of[card]
            if ends(c) <= 0:
                continue
            bottom = bottoms is not None and bottoms >> card & 1
            if links[c] > 0 and not bottom:  # it lay on a card
                later.append(((mask, pointer, reserve_size, home(suit, 1), linked(c, -1)), bottoms))
            alone = count[c] - max(links[c], links[child[c]]) > 0
            if alone and (bottoms is None or bottom):  # alone in its column
                after = None if bottoms is None else bottoms & ~(1 << card) | fill
                later.append(((mask, pointer, filled, home(suit, 1), links), after))
        return out + later


class LinksSearch:
    """A depth-first search of the links game (P9), in slices like :class:`Search`.

    LOST proves the root lost; WON says only that the links game is won (no
    moves). With its table full it stops, UNKNOWN, for good (``full``).
    """

    def __init__(
        self, state: State, table_limit: int = DEFAULT_TABLE_LIMIT, *, compiled: bool | None = None
    ) -> None:
        """``compiled``: True requires the core's search, False refuses it, None takes it
        where it can; the two search the same nodes in the same order."""
        if not links_apply(state):
            raise ValueError(f"no links search here ({state.variant}, {state.passes_left} passes)")
        game = LinksGame(state)
        self.game = game
        root = self.node_of(state)
        self.table_limit = table_limit
        self.nodes = 1
        self.seconds = 0.0
        self.full = False
        self.verdict = Verdict.WON if state.foundations == _WON else Verdict.UNKNOWN
        self._seen = {self._key(root)}
        self._stack = [root]
        self._core: _core.Links | None = None
        if use_core(compiled) and self.verdict is Verdict.UNKNOWN:
            self._core = game.compiled(root, table_limit)
            self._seen = set()
            self._stack = []

    def node_of(self, state: State) -> _Node:
        """The links game's node of ``state`` (:meth:`LinksGame.node_of`)."""
        return self.game.node_of(state)

    @staticmethod
    def _key(node: _Node) -> bytes:
        mask, pointer, reserve, found, links = node
        return bytes((pointer, reserve, *found, *links)) + mask.to_bytes(7, "little")

    def result(self) -> SearchResult:
        return SearchResult(self.verdict, [], self.nodes, self.seconds)

    def run(
        self,
        time_limit: float | None = None,
        node_limit: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> SearchResult:
        """Search on for at most ``time_limit`` seconds of ``clock``, ``node_limit`` positions."""
        if self.verdict is not Verdict.UNKNOWN or self.full:
            return self.result()
        if self._core is not None:
            return self._run_core(self._core, time_limit, node_limit, clock)
        started = clock()
        deadline = None if time_limit is None else started + time_limit
        stop = None if node_limit is None else self.nodes + node_limit
        check = self.nodes + _CHECK_EVERY
        seen = self._seen
        stack = self._stack
        nodes = self.nodes
        key = self._key
        outcome = Verdict.LOST
        while stack:
            if stop is not None and nodes >= stop:
                outcome = Verdict.UNKNOWN
                break
            if nodes >= check:
                check = nodes + _CHECK_EVERY
                if deadline is not None and clock() > deadline:
                    outcome = Verdict.UNKNOWN
                    break
            node = stack.pop()
            for child in self._children(node):
                if child[3] == _WON:
                    outcome = Verdict.WON
                    break
                k = key(child)
                if k in seen:
                    continue
                if len(seen) >= self.table_limit:
                    self.full = True  # the search cannot go on without forgetting: it stops
                    outcome = Verdict.UNKNOWN
                    break
                seen.add(k)
                nodes += 1
                stack.append(child)
            if outcome is not Verdict.LOST:
                break
        self.nodes = nodes
        self.seconds += clock() - started
        if outcome is not Verdict.UNKNOWN:
            self.verdict = outcome
            self._seen = set()
            self._stack = []
        return self.result()

    def _run_core(
        self,
        core: _core.Links,
        time_limit: float | None,
        node_limit: int | None,
        clock: Callable[[], float],
    ) -> SearchResult:
        outcome, seconds = run_compiled(core, self.nodes, time_limit, node_limit, clock)
        self.nodes = core.nodes
        self.full = core.full
        self.seconds += seconds
        if outcome is not Verdict.UNKNOWN:
            self.verdict = outcome
            self._core = None
        return self.result()

    def _children(self, node: _Node) -> Iterator[_Node]:
        """The links game's moves from ``node``, foundation moves last, so that the
        depth-first stack tries them first."""
        for child, _ in self.game.moves(node):
            yield child

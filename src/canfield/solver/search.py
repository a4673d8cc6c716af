"""Depth-first search for a win, over the K+ talon model, with a bounded transposition table.

A search node is a :class:`State` whose talon (stock + waste) is *normalized*:
when taps alone can bring the talon back to its current split (see
:func:`canfield.rules.kernel.talon_on_cycle`), the split is reset to "everything
in the stock", so all those tap-equivalent positions share one node. A node's
successors are every card move (reserve top, column tails, foundation
take-backs) plus playing any talon card that taps can reach; taps are free.
The moves come from the rules package's kernel: generated from its tables
(``parents_table`` / ``children_table``) and made by
:func:`canfield.rules.kernel.play_known` and
:func:`canfield.rules.kernel.play_from_talon` (``apply_move`` without the
checks a generated move does not need), so the rules live in one place. A
:class:`Search` can run in slices, which lets the solver interleave it with
helpers. The proofs of the prunings are in ``docs/solver.md``.

The same search is compiled (``canfield.solver._core``, built from
``_core.c`` at install): :class:`Search` runs it whenever it is importable
and the options are ones it has (all but P3/P4), and runs the Python loop
here otherwise, or when ``CANFIELD_PURE_PYTHON=1``. Both visit the same
positions in the same order; ``tests/solver/test_search_core.py`` holds the
compiled generator to the rules move by move.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from itertools import chain
from typing import TYPE_CHECKING, ClassVar, Final, TypeAlias

from canfield.moves import FOUNDATION, Move
from canfield.rules.kernel import (
    FROM_FOUNDATION,
    FROM_RESERVE,
    card_move,
    children_table,
    column_start,
    parents_table,
    play_from_talon,
    play_known,
    talon,
    talon_on_cycle,
    talon_reachable,
    with_talon,
)
from canfield.state import State
from canfield.variants import CANFIELD, ColumnMoves, EmptyColumns, Variant

try:
    from canfield.solver import _core
except ImportError:  # not built (no C compiler where it was installed): the Python loop
    COMPILED = False
else:
    COMPILED = True

if TYPE_CHECKING:
    from canfield.solver._core import Table

    LostKeys: TypeAlias = set[tuple[object, ...]] | Table
    """Keys a search proved lost: a set (Python search) or the compiled search's table."""

__all__ = [
    "COMPILED",
    "DEFAULT_TABLE_LIMIT",
    "CoreOptions",
    "CoreRules",
    "Limits",
    "Search",
    "SearchResult",
    "Verdict",
    "compiled_supports",
    "core_in_use",
    "run_compiled",
    "search",
    "search_engine",
]

DEFAULT_TABLE_LIMIT: Final = 8_000_000
"""Positions the transposition table keeps; past it, no new entries. The compiled core keeps
a position in about 50 bytes, so a solve (main search, plus helpers with a quarter each) stays
under about 700 MB; the pure-Python search needs about 300 bytes a position (and hours to fill).
"""

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
    """The verdict, the card moves of a win (no taps) when won, and the effort spent.

    ``cut`` is the win without its detours where the compiled core made it as it won
    (``solver/shorten.py``; the same line ``shorten`` makes), else None.
    """

    verdict: Verdict
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    cut: list[Move] | None = None


# Where a candidate card comes from (besides a column 0-3): one spelling, the kernel's FROM_*
# (FROM_RESERVE, FROM_FOUNDATION), here, and in _core.c, which exports its values to be held
# equal to these (tests/solver/test_search_core.py).
FROM_TALON: Final = -2
"""A talon card, any one taps reach (played by ``play_from_talon``)."""
AFTER_RECYCLE: Final = 64
"""Added to a talon index that taps reach only after one more recycle (limited passes)."""
FROM_SWAP: Final = 8
"""Blind search (P6): a ``source`` of ``FROM_SWAP + k`` sends a card up from column ``k``'s end
after swapping it with its twin there."""
PLACED: Final = 16
"""The tracked game (P11): a ``source`` of ``PLACED + 8 * (n - 1) + (source + 2)`` sends a card
up from ``source``, then swaps the card that becomes tracked to its ``n``-th place
(``_places``)."""


Candidate = tuple[Move, int, int, int]
"""A move, its card, where the card is (column 0-3, reserve, foundation, talon), its talon index."""


@dataclass(slots=True)
class Options:
    """Which prunings are on (tests switch them off to compare verdicts)."""

    symmetry: bool = True
    take_backs: bool = True
    """Off, the search plays a restricted game: a win is still a win, a loss proves nothing."""
    take_back_rule: bool = False
    """P3: after a take-back, only another take-back or a move that uses a card taken back."""
    tail_rule: bool = False
    """P4: after moving a tail off a card onto a card, only a move that involves one of the two."""
    safe_up: bool = True
    """P5: where no card comes back from a foundation, a column's end that nothing can
    ever go on again goes up at once (the only move tried)."""
    dead_ends: bool = True
    """P8: where a column card leaves its column only by going up from the end (``classic``),
    it goes up before the card under it, and a card before the next of its suit; a position
    where these constraints close a cycle (a card above a lower card of its own suit is the
    shortest) is lost, and not searched. Off, the search runs in Python (the compiled core
    always has it)."""
    blind: bool = False
    """P6: positions alike but for which of the cards the columns cannot tell apart (see
    ``VariantView.alias``) lies where in the columns are one node. Its losses are losses; its wins
    prove nothing (and come without moves: a blind line is no line of the game)."""
    talon_last: bool = False
    """Where passes are limited: the talon's cards are tried last (Solvitaire's order, see
    ``_candidates``; ``solve``'s one-pass win-finder). Ordering never changes a verdict; off,
    talon cards down before the column moves, nearest the split first. On, the depth-first
    stack grows about three times as fast (column moves first), so ``solve`` bounds it."""
    links: bool = False
    """R1, a win-finder: positions with the same links node (P9's reading: the columns only as
    how many cards of each class lie on a card) are one node, so the search walks a graph
    about the links game's size with real moves, and often finds a win soon where the exact
    key holds it off. Its losses prove nothing (it forgets what tells such positions apart).
    Not with P6 or P7."""
    tracked: int = 0
    """P11, the tracked game: positions alike (P6) whose next ``tracked`` cards of each suit lie at
    the same places are one node, and when a card goes up, the card that becomes tracked is also
    placed at each place of its class (docs/solver.md). 0: off; 13 is the game itself. Its losses
    are losses; a win comes with its moves only when its line placed nothing (the rest prove
    nothing). Where the blind search holds, not with P6 or R1."""
    probe: int = 0
    """P7: at each new position a stack card (talon or reserve) was just played to, a blind
    search (P6) of at most this many positions; a position it proves lost is not searched.
    0: off. Only where the blind search holds, and not in a blind search itself."""
    seed: int = 0
    """Non-zero: shuffle the moves within each ordering class with this seed (for restarts)."""
    shuffle: Callable[[list[Candidate]], None] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        self.shuffle = random.Random(self.seed).shuffle if self.seed else None


@dataclass(frozen=True, slots=True, eq=False)
class VariantView:
    """What the search reads of a position's variant, built once per variant and base card.

    One word for one thing: the *rules* are :mod:`canfield.rules` (what is legal), a
    *variant* is a :class:`~canfield.variants.Variant` value (``State.variant``); this is
    the search's *view* of a variant for one base card (:func:`view_of`). The tables come
    from :mod:`canfield.rules.kernel`; the rest says which of the moves the tables allow
    the variant's rules keep (``docs/solver.md``).
    """

    variant: Variant
    parents: tuple[frozenset[int], ...]
    children: tuple[tuple[int, ...], ...]
    starts: dict[tuple[int, ...], int]
    """Memo of ``column_start`` (columns recur across positions and walking one is slow)."""
    tails: ColumnMoves
    to_empty: bool
    """Whether cards other than the waste's top may go into an empty column."""
    take_backs: bool
    safe_up: bool
    """P5 holds: no take-backs (docs/solver.md)."""
    dead_ends: bool
    """P8 holds: only whole columns move, into no empty column, and nothing comes back from
    a foundation, so a card in a column goes up before every card under it."""
    recycles: int | None
    """How many recycles the variant allows in all (``None``: no limit)."""
    tables: tuple[tuple[bytes, ...], tuple[bytes, ...]]
    """``parents`` (each in the order Python iterates it) and ``children``, for the C core."""
    alias: bytes
    """For each card, the first card that may lie on the same cards in a column and take the
    same cards on it: the columns cannot tell the two apart (the blind search, P6). The same
    rank where columns build in any suit; the same rank and colour where they alternate."""
    blind: bool
    """Whether the blind search holds: which tails move reads nothing but the building
    (not where a part moves only to uncover a card its foundation takes)."""


_VIEWS: dict[tuple[Variant, int], VariantView] = {}
_STARTS_KEPT: Final = 200_000


def _alias(parents: tuple[frozenset[int], ...], children: tuple[tuple[int, ...], ...]) -> bytes:
    first: dict[tuple[frozenset[int], tuple[int, ...]], int] = {}
    return bytes(first.setdefault((parents[c], children[c]), c) for c in range(52))


def view_of(state: State) -> VariantView:
    """The search's view of ``state``'s rules (cached)."""
    variant = state.variant
    found = _VIEWS.get((variant, state.base))
    if found is None:
        parents = parents_table(variant, state.base)
        children = children_table(variant, state.base)
        found = VariantView(
            variant=variant,
            parents=parents,
            children=children,
            starts={},
            tails=variant.column_moves,
            to_empty=variant.empty_columns is not EmptyColumns.AUTO_THEN_WASTE,
            take_backs=variant.take_backs,
            safe_up=not variant.take_backs,
            dead_ends=variant.column_moves is ColumnMoves.WHOLE_COLUMN
            and not variant.take_backs
            and variant.empty_columns is EmptyColumns.AUTO_THEN_WASTE,
            recycles=variant.recycles,
            tables=(
                tuple(bytes(tuple(p)) for p in parents),
                tuple(bytes(c) for c in children),
            ),
            alias=_alias(parents, children),
            blind=variant.column_moves is not ColumnMoves.WHOLE_OR_UNCOVERING,
        )
        _VIEWS[(variant, state.base)] = found
    return found


def _normalize(state: State) -> tuple[State, tuple[int, ...], int]:
    """The position with its talon split reset where taps make that equivalent.

    With unlimited passes every split taps come back to is equivalent to
    pointer 0; with limited passes a recycle is spent, so nothing is merged.
    """
    cards, pointer = talon(state)
    if pointer and state.variant.passes is None and talon_on_cycle(len(cards), pointer, state.draw):
        return with_talon(state, cards, 0), cards, 0
    return state, cards, pointer


def _key(
    state: State, pointer: int, symmetry: bool, alias: bytes | None = None, tracked: int = 0
) -> tuple[object, ...]:
    """The transposition key; within one search the talon's cards follow from the rest.

    Nothing is ever put back on the talon or the reserve, so the talon is the
    root's talon less the cards now elsewhere, in the same order, and the
    reserve is a prefix of the root's: the split, the recycles made (always 0
    with unlimited passes) and the reserve's size say it all. With ``alias`` (the blind
    search, P6) each column card is written as its alias; with ``tracked`` too (P11), but
    the tracked cards, each as itself (+ 64).
    """
    columns: tuple[tuple[int, ...], ...] = state.columns
    if alias is not None:  # P6: the columns as the building sees them
        if tracked:
            columns = tuple(
                tuple(
                    card + 64 if _is_tracked(state, card, tracked) else alias[card] for card in col
                )
                for col in columns
            )
        else:
            columns = tuple(tuple(alias[card] for card in col) for col in columns)
        if symmetry:
            columns = tuple(sorted(columns))
        # the aliases no longer say which of two twins is in the columns and which in the
        # talon, so the talon's cards are part of a blind key
        return (
            pointer | state.recycles << 6,
            len(state.reserve),
            state.foundations,
            columns,
            _talon_set(state),
        )
    if symmetry:
        columns = tuple(sorted(columns))
    return (pointer | state.recycles << 6, len(state.reserve), state.foundations, columns)


def _links_key(state: State, pointer: int, alias: bytes) -> tuple[object, ...]:
    """R1's key (``Options.links``): the links game's node of a position (P9), its columns
    only as how many cards of each class (``alias``) lie on a card."""
    links = [0] * 52
    for col in state.columns:
        for card in col[1:]:
            links[alias[card]] += 1
    return (
        pointer | state.recycles << 6,
        len(state.reserve),
        state.foundations,
        bytes(links),
        _talon_set(state),
    )


def _talon_set(state: State) -> int:
    """The talon's cards as a set, a bit a card: its order is the root's, so the set says it."""
    talon = 0
    for card in chain(state.stock, state.waste):
        talon |= 1 << card
    return talon


def _reach(cards: tuple[int, ...], pointer: int, state: State) -> dict[int, int]:
    """Talon card -> index, for the cards taps can bring to the waste top.

    With limited passes, a card taps reach only after a recycle has
    ``AFTER_RECYCLE`` added to its index (and needs a recycle left).
    """
    draw = state.draw
    passes = state.variant.passes
    if passes is None:
        if draw == 1:
            return dict(zip(cards, range(len(cards)), strict=True))
        return {cards[i]: i for i in talon_reachable(len(cards), pointer, draw)}
    size = len(cards)
    reach: dict[int, int] = {}
    if pointer:
        reach[cards[pointer - 1]] = pointer - 1
    q = pointer
    while q < size:
        q = min(q + draw, size)
        reach[cards[q - 1]] = q - 1
    if state.recycles < passes - 1:
        q = 0
        while q < size:
            q = min(q + draw, size)
            if cards[q - 1] not in reach:
                reach[cards[q - 1]] = q - 1 + AFTER_RECYCLE
    return reach


_MOVE: Final = tuple(tuple(card_move(c, t) for t in range(FOUNDATION + 1)) for c in range(52))


def successors(
    state: State,
    cards: tuple[int, ...],
    pointer: int,
    options: Options,
    reach: dict[int, int] | None = None,
) -> list[Candidate]:
    """Candidate moves, best first (ordering never changes a verdict).

    Built from the rules' own primitives; ``tests/solver/test_solver_moves.py`` checks
    that, with the talon expanded, these are exactly the legal moves (less the
    pruned ones).
    """
    early, late = _candidates(state, cards, pointer, options, view=view_of(state), reach=reach)
    return early if late is None else early + list(late)


def _candidates(
    state: State,
    cards: tuple[int, ...],
    pointer: int,
    options: Options,
    *,
    view: VariantView,
    reach: dict[int, int] | None = None,
) -> tuple[list[Candidate], Iterator[Candidate] | None]:
    """The candidate moves, best first: a list, and the rest made lazily.

    Order: reserve top up; other cards up; reserve top down; moves that
    empty a column (the auto-fill brings a reserve card out); talon cards
    down (with limited passes, nearest the split first); whole tails;
    partial tails; moves into an empty column; foundation take-backs. With
    limited passes and ``options.talon_last`` (Solvitaire's order, which
    finds one-pass wins far sooner: docs/solver.md): the reserve top and
    column cards up; column moves of one card, then of more; the reserve top
    down; moves into an empty column and take-backs; talon cards down,
    nearest the split first; talon cards up. Which
    column tails may move is the variant's ``column_moves``: any built tail,
    the whole column only, or the whole column or a part that uncovers a
    card its foundation takes.
    """
    if reach is None:
        reach = _reach(cards, pointer, state)
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
                up.append((table[card][FOUNDATION], card, FROM_TALON, index))
    if view.safe_up and options.safe_up and not options.blind:
        children = view.children
        for k in range(4):
            col = columns[k]
            if col and (len(col) > 1 or not reserve):
                end = col[-1]
                if following[end // 13] == end and _safe_up(end, children, found, base):
                    safe: list[Candidate] = [(table[end][FOUNDATION], end, k, -1)]
                    if options.tracked:
                        safe = _placed(state, cards, safe, options.tracked, view)
                    return safe, None
    tail_of: dict[int, int] = {}
    starts = [0, 0, 0, 0]
    empties: list[int] = []
    memo = view.starts
    tails = view.tails
    for k in range(4):
        col = columns[k]
        if col:
            end = col[-1]
            if following[end // 13] == end:
                up.append((table[end][FOUNDATION], end, k, -1))
            start = memo.get(col, -1)
            if start < 0:
                if len(memo) >= _STARTS_KEPT:
                    memo.clear()
                start = memo[col] = column_start(col, view.parents)
            starts[k] = start
            if tails is _ANY_TAIL:
                tail_of.update(dict.fromkeys(col[start:], k))
            else:
                if start == 0:
                    tail_of[col[0]] = k
                if tails is _UNCOVERING:
                    for i in range(max(start, 1), len(col)):
                        under = col[i - 1]
                        if following[under // 13] == under:
                            tail_of[col[i]] = k
        else:
            empties.append(k)
    if options.blind:  # P6: the card that fits, at the end of any column ending in its alias
        in_columns = set(chain.from_iterable(columns))
        alias = view.alias
        for card in following:
            if card in in_columns:
                for k in range(4):
                    col = columns[k]
                    if col and col[-1] != card and alias[col[-1]] == alias[card]:
                        up.append((table[card][FOUNDATION], card, FROM_SWAP + k, -1))
    children = view.children
    for j in range(4):
        col = columns[j]
        if not col:
            continue
        for card in children[col[-1]]:
            if card == top:
                reserve_down.append((table[card][j], card, FROM_RESERVE, -1))
                continue
            index = reach.get(card, -1)
            if index >= 0:
                talon_down.append((table[card][j], card, FROM_TALON, index))
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
    if view.recycles is not None and len(talon_down) > 1:
        # limited passes: nearest the split first, as a play buries the cards before it
        talon_down.sort(key=_talon_index)
    shuffle = options.shuffle
    if shuffle is not None:
        for part in (up, reserve_down, empty_source, talon_down, whole, partial):
            if len(part) > 1:
                shuffle(part)
    if options.tracked:
        up = _placed(state, cards, up, options.tracked, view)
    if view.recycles is not None and options.talon_last:
        ordered = _talon_last(
            state,
            reach,
            starts,
            empties,
            options=options,
            view=view,
            up=up,
            reserve_down=reserve_down,
            talon_down=talon_down,
            tails=empty_source + whole + partial,
        )
        return ordered, None
    early = up + reserve_down + empty_source + talon_down + whole + partial
    if empties or (options.take_backs and view.take_backs):
        if symmetry:
            empties = empties[:1]  # empty columns are interchangeable
        return early, _late(state, reach, starts, empties, options=options, view=view)
    return early, None


def _talon_last(
    state: State,
    reach: dict[int, int],
    starts: list[int],
    empties: list[int],
    *,
    options: Options,
    view: VariantView,
    up: list[Candidate],
    reserve_down: list[Candidate],
    talon_down: list[Candidate],
    tails: list[Candidate],
) -> list[Candidate]:
    """Solvitaire's order, where passes are limited: every candidate, the talon's last.

    Cards up from the reserve and the columns; column moves of one card (the column's
    end), then of more; the reserve top down; the late moves (into an empty column,
    take-backs); talon cards down, nearest the split first; talon cards up.
    """
    columns = state.columns
    ordered = [c for c in up if _plain_source(c[2]) != FROM_TALON]
    ordered += [c for c in tails if columns[c[2]][-1] == c[1]]
    ordered += [c for c in tails if columns[c[2]][-1] != c[1]]
    ordered += reserve_down
    if empties or (options.take_backs and view.take_backs):
        if options.symmetry:
            empties = empties[:1]  # empty columns are interchangeable
        ordered += _late(state, reach, starts, empties, options=options, view=view)
    ordered += talon_down
    ordered += [c for c in up if _plain_source(c[2]) == FROM_TALON]
    return ordered


def _safe_up(
    card: int, children: tuple[tuple[int, ...], ...], found: tuple[int, ...], base: int
) -> bool:
    """P5 (docs/solver.md): nothing can go on ``card`` again (its children are home), or
    what can may go up instead: its children and theirs fit or are home, and the children
    of those are home."""
    if all((d - base) % 13 < found[d // 13] for d in children[card]):
        return True
    for d in children[card]:
        if (d - base) % 13 > found[d // 13]:
            return False
        for e in children[d]:
            if (e - base) % 13 > found[e // 13]:
                return False
            for f in children[e]:
                if (f - base) % 13 >= found[f // 13]:
                    return False
    return True


def _goes_up_first(columns: tuple[tuple[int, ...], ...], target: int, n: int, base: int) -> bool:
    """P8 (docs/solver.md): whether the cards put on the first ``n`` cards of column ``target``
    close a cycle of "goes up before" constraints. Where P8 holds, a column card goes up
    before the card it lies on and a card before the next of its suit; the lowest card put
    there, ``x``, on ``y`` (the ``n``-th) must go up before ``y``, so the position is lost
    when ``y`` already must go up before ``x``: when ``y`` reaches ``x``.

    What ``y`` reaches is, in each column, the cards from its bottom up to ``top[k]`` (a
    column card reaches every card under it), and in each suit the cards from rank
    ``low[s]`` (counted from the base) on (a card reaches every later card of its suit);
    both grow until nothing changes, so every card it meets is out and none is met twice.
    """
    low = [13, 13, 13, 13]
    top = [-1, -1, -1, -1]
    top[target] = n - 1
    for c in columns[target][:n]:
        low[c // 13] = min(low[c // 13], (c - base) % 13)
    while True:
        grown = False
        for k, column in enumerate(columns):
            i = len(column) - 1
            while i > top[k] and (column[i] - base) % 13 < low[column[i] // 13]:
                i -= 1
            if i <= top[k]:
                continue
            for c in column[top[k] + 1 : i + 1]:
                low[c // 13] = min(low[c // 13], (c - base) % 13)
            top[k] = i
            grown = True
        if top[target] >= n:
            return True
        if not grown:
            return False


def _dead_end(columns: tuple[tuple[int, ...], ...], base: int) -> bool:
    """P8 at a search's root: some column card lies on a card that must go up before it
    (every cycle of the constraints holds a column edge: a suit's own order has none)."""
    return any(
        _goes_up_first(columns, k, i, base)
        for k, column in enumerate(columns)
        for i in range(1, len(column))
    )


def _talon_index(candidate: Candidate) -> int:
    return candidate[3]


_ANY_TAIL: Final = ColumnMoves.ANY_TAIL
_UNCOVERING: Final = ColumnMoves.WHOLE_OR_UNCOVERING


def _late(
    state: State,
    reach: dict[int, int],
    starts: list[int],
    empties: list[int],
    *,
    options: Options,
    view: VariantView,
) -> Iterator[Candidate]:
    """Moves into an empty column, then foundation take-backs: made only when reached.

    There are many (every card can go to an empty column) and the search
    rarely gets this far down a node's list, so they are not built up front.
    The waste's top may always go into an empty column; other cards only
    where the variant allows (not in the classic game).
    """
    table = _MOVE
    columns = state.columns
    found = state.foundations
    base = state.base
    to_empty = view.to_empty
    reserve = state.reserve
    for j in empties:
        if to_empty and reserve:  # only without the auto-fill can this happen
            yield (table[reserve[-1]][j], reserve[-1], FROM_RESERVE, -1)
        for card, index in reach.items():
            yield (table[card][j], card, FROM_TALON, index)
        if not to_empty:
            continue
        for k in range(4):
            col = columns[k]
            if k == j or not col:
                continue
            # a whole column into an empty one only swaps two columns
            first = max(starts[k], 1) if options.symmetry else starts[k]
            if view.tails is ColumnMoves.WHOLE_COLUMN:
                if first == 0:
                    yield (table[col[0]][j], col[0], k, -1)
                continue
            for i in range(first, len(col)):
                yield (table[col[i]][j], col[i], k, -1)
    if not (options.take_backs and view.take_backs):
        return
    tops = [suit * 13 + (base + found[suit] - 1) % 13 for suit in range(4) if found[suit]]
    if to_empty:
        for card in tops:
            for j in empties:
                yield (table[card][j], card, FROM_FOUNDATION, -1)
    parents = view.parents
    for card in tops:
        for parent in parents[card]:
            for j in range(4):
                col = columns[j]
                if col and col[-1] == parent:
                    yield (table[card][j], card, FROM_FOUNDATION, -1)


def _moves(
    state: State,
    cards: tuple[int, ...],
    pointer: int,
    options: Options,
    *,
    view: VariantView,
    reach: dict[int, int],
    watched: tuple[int, ...] = (),
) -> Iterator[Candidate]:
    """The candidates in order; after P3/P4 moves (``watched`` cards), only those they keep."""
    early, late = _candidates(state, cards, pointer, options, view=view, reach=reach)
    moves = iter(early) if late is None else chain(early, late)
    if watched:
        return (c for c in moves if _uses(state, c, watched, options))
    return moves


def _uses(state: State, candidate: Candidate, watched: tuple[int, ...], options: Options) -> bool:
    """Whether a move may follow a run of P3/P4 moves that left ``watched`` (docs/solver.md).

    It may if it is such a move too (a take-back under P3, a tail moved off a
    card onto a card under P4), puts a card on a watched card, or moves cards
    that include one.
    """
    move, card, source, _ = candidate
    if source == FROM_FOUNDATION and options.take_back_rule:
        return True
    target = move.target
    if target != FOUNDATION:
        dest = state.columns[target]
        if dest and dest[-1] in watched:
            return True
    if 0 <= source < FOUNDATION:
        col = state.columns[source]
        i = col.index(card)
        if options.tail_rule and i > 0 and target != FOUNDATION and state.columns[target]:
            return True
        moving = col[i:]
        return any(c in moving for c in watched)
    return False


def _watch(node: State, card: int, source: int, target: int, options: Options) -> tuple[int, ...]:
    """The cards a P3/P4 move leaves to watch (empty: an ordinary move)."""
    if source == FROM_FOUNDATION:
        return (card,) if options.take_back_rule else ()
    if options.tail_rule and 0 <= source < FOUNDATION and target != FOUNDATION:
        col = node.columns[source]
        dest = node.columns[target]
        i = col.index(card)
        if i > 0 and dest:
            return (col[i - 1], dest[-1])
    return ()


def _play(node: State, card: int, target: int, source: int) -> State:
    """``play_known``, and the blind search's up after a swap (P6)."""
    if source >= FROM_SWAP:
        k = source - FROM_SWAP
        node = _swapped(node, card, node.columns[k][-1])
        source = k
    return play_known(node, card, target, source)


def _swapped(state: State, one: int, other: int) -> State:
    """``state`` with two column cards changing places (P6's swap up, P11's placing)."""
    swap = {one: other, other: one}
    a, b, c, d = (tuple(swap.get(x, x) for x in col) for col in state.columns)
    return state._replace(columns=(a, b, c, d))


def _is_tracked(state: State, card: int, tracked: int) -> bool:
    """P11: whether ``card`` is one of the next ``tracked`` cards of its suit."""
    return 0 <= (card % 13 - state.base) % 13 - state.foundations[card // 13] < tracked


def _newly_tracked(state: State, suit: int, tracked: int) -> int:
    """P11: the card of ``suit`` that became tracked in ``state`` as the card before it went
    up, or -1 where the suit has no card left to track."""
    n = state.foundations[suit] + tracked - 1
    return suit * 13 + (state.base + n) % 13 if n < 13 else -1


def _places(state: State, card: int, tracked: int, alias: bytes) -> list[tuple[int, int]]:
    """P11: where ``card`` (just tracked) may be placed in ``state``: the places (column,
    height) of the columns that hold an untracked card of its class, in column order; none
    where it is not in the columns. At most three: a class has at most four cards."""
    if card < 0 or not any(card in col for col in state.columns):
        return []
    return [
        (k, j)
        for k, col in enumerate(state.columns)
        for j, other in enumerate(col)
        if other != card and alias[other] == alias[card] and not _is_tracked(state, other, tracked)
    ]


def _plain_source(source: int) -> int:
    """P11: where a candidate's card comes from, a placing candidate's too."""
    return (source - PLACED) % 8 - 2 if source >= PLACED else source


def _place(state: State, suit: int, nth: int, tracked: int, alias: bytes) -> State:
    """P11: ``state``, a card of ``suit`` just up, with the card that became tracked swapped
    to its ``nth`` place (counted from 0)."""
    card = _newly_tracked(state, suit, tracked)
    k, j = _places(state, card, tracked, alias)[nth]
    return _swapped(state, card, state.columns[k][j])


def _placed(
    state: State, cards: tuple[int, ...], up: list[Candidate], tracked: int, view: VariantView
) -> list[Candidate]:
    """P11: each card going up, and after it the same move with the card that becomes tracked
    swapped to each of its places (``_places``; where it lies itself is the plain move)."""
    merge = view.recycles is None
    out: list[Candidate] = []
    for candidate in up:
        out.append(candidate)
        move, card, source, index = candidate
        child = _child(state, cards, merge, candidate)
        new = _newly_tracked(child, card // 13, tracked)
        for n in range(len(_places(child, new, tracked, view.alias))):
            out.append((move, card, PLACED + 8 * n + source + 2, index))
    return out


def _play_talon(
    node: State, cards: tuple[int, ...], index: int, target: int, merge: bool
) -> tuple[State, tuple[int, ...], int]:
    """The position after playing talon card ``cards[index]`` (a K+ move), its talon and split."""
    if index >= AFTER_RECYCLE:  # one more recycle first (limited passes)
        index -= AFTER_RECYCLE
        node = node._replace(recycles=node.recycles + 1)
    card = cards[index]
    rest = cards[:index] + cards[index + 1 :]
    pointer = index
    if merge and index and talon_on_cycle(len(rest), index, node.draw):
        pointer = 0
    return play_from_talon(node, card, rest, pointer, target), rest, pointer


_TAILS: Final = {
    ColumnMoves.ANY_TAIL: 0,
    ColumnMoves.WHOLE_COLUMN: 1,
    ColumnMoves.WHOLE_OR_UNCOVERING: 2,
}
_VERDICTS: Final = (Verdict.UNKNOWN, Verdict.WON, Verdict.LOST)


def run_compiled(
    core: _core.Search | _core.Links,
    nodes: int,
    time_limit: float | None,
    node_limit: int | None,
    clock: Callable[[], float],
) -> tuple[Verdict, float]:
    """A compiled search run on from ``nodes`` positions for at most ``time_limit`` seconds of
    ``clock`` and ``node_limit`` more positions: its verdict and the seconds it took."""
    started = clock()
    deadline = None if time_limit is None else started + time_limit
    stop = None if node_limit is None else nodes + node_limit
    outcome = _VERDICTS[core.run(deadline, stop, clock)]
    return outcome, clock() - started


def compiled_supports(options: Options) -> bool:
    """Whether the compiled core has these options (P3 and P4 are the Python search's only;
    the core has P8 always on)."""
    return not (options.take_back_rule or options.tail_rule or not options.dead_ends)


def core_in_use() -> bool:
    """Whether searches run the compiled core: it is built and CANFIELD_PURE_PYTHON is not set."""
    return COMPILED and os.environ.get("CANFIELD_PURE_PYTHON", "") in ("", "0")


def search_engine() -> str:
    """Which search runs here, in the player's language (``canfield --version``, About)."""
    from canfield.i18n import _  # here: a solve never needs the translations (start-up is timed)

    if core_in_use():
        return _("compiled search core")
    if COMPILED:
        return _("pure-Python search (CANFIELD_PURE_PYTHON is set)")
    return _("pure-Python search (the compiled core was not built at install)")


def _wants_core(options: Options, compiled: bool | None) -> bool:
    """``compiled``: True requires the core, False refuses it, None takes it where it can."""
    if compiled is None:
        return core_in_use() and compiled_supports(options)
    if compiled and not COMPILED:
        raise RuntimeError("the compiled search core (canfield.solver._core) is not built")
    if compiled and not compiled_supports(options):
        raise ValueError(
            "the compiled search has no P3/P4 (take_back_rule, tail_rule) and always P8"
        )
    return compiled


def _dead_ends(options: Options, view: VariantView) -> bool:
    """Whether P8 prunes this search: where it holds, when on, and not in a blind or tracked
    search (their keys forget which twin lies where, and their swaps move buried cards)."""
    return view.dead_ends and options.dead_ends and not options.blind and not options.tracked


def _probe_size(options: Options, view: VariantView) -> int:
    """P7's probe size where it holds (the blind search's variants, not in a blind search),
    and not where P8 does: where only whole columns move, the blind swap lets a buried card
    go up, so the blind game is nearly always won and a probe spends its budget for nothing
    (docs/solver.md, P8)."""
    return options.probe if view.blind and not options.blind and not view.dead_ends else 0


@dataclass(frozen=True, slots=True)
class CoreRules:
    """What the compiled core reads of a search's rules, each field by its name.

    ``_core.c`` fills its C ``Rules`` struct from it once; the browser's core
    (``web/wasm/core.c``) reads :attr:`RULE_INTS` in their order from its packed spec, then
    the tables. ``_core.RULE_INTS`` names the same fields (a test holds them equal).
    """

    RULE_INTS: ClassVar[tuple[str, ...]] = (
        "base",
        "draw",
        "passes",
        "tails",
        "to_empty",
        "take_backs",
        "auto_fill",
        "safe_up",
    )

    base: int
    draw: int
    passes: int
    """Passes through the stock allowed in all; -1: no limit."""
    tails: int
    """Which column tails move: 0 any, 1 whole columns only, 2 whole or uncovering."""
    to_empty: bool
    take_backs: bool
    auto_fill: bool
    safe_up: bool
    parents: tuple[bytes, ...]
    children: tuple[bytes, ...]
    alias: bytes


@dataclass(frozen=True, slots=True)
class CoreOptions:
    """Which prunings the compiled core runs (of :class:`Options`), each read by its name;
    :attr:`OPTION_FLAGS` (``_core.OPTION_FLAGS``) in the order the browser's core packs them."""

    OPTION_FLAGS: ClassVar[tuple[str, ...]] = (
        "symmetry",
        "take_backs",
        "safe_up",
        "blind",
        "talon_last",
        "links",
    )
    OPTION_INTS: ClassVar[tuple[str, ...]] = ("tracked",)
    """Its whole numbers (``_core.OPTION_INTS``), packed after the flags."""

    symmetry: bool
    take_backs: bool
    safe_up: bool
    blind: bool
    talon_last: bool
    links: bool
    tracked: int
    seed: int


def core_rules(root: State) -> CoreRules:
    """What the compiled core is told of ``root``'s rules."""
    view = view_of(root)
    parents, children = view.tables
    return CoreRules(
        base=root.base,
        draw=root.draw,
        passes=-1 if view.recycles is None else view.recycles + 1,
        tails=_TAILS[view.tails],
        to_empty=view.to_empty,
        take_backs=view.take_backs,
        auto_fill=root.variant.auto_fill,
        safe_up=view.safe_up,
        parents=parents,
        children=children,
        alias=view.alias,
    )


def _core_search(
    root: State,
    cards: tuple[int, ...],
    pointer: int,
    *,
    options: Options,
    table_limit: int,
    known_lost: Table | None,
    probe: int = 0,
) -> _core.Search:
    """The compiled search of the (normalized) ``root``, with the variant's tables passed in."""
    return _core.Search(
        talon=bytes(cards),
        pointer=pointer,
        reserve=bytes(root.reserve),
        foundations=bytes(root.foundations),
        columns=tuple(bytes(c) for c in root.columns),
        recycles=root.recycles,
        rules=core_rules(root),
        options=CoreOptions(
            symmetry=options.symmetry,
            take_backs=options.take_backs,
            safe_up=options.safe_up,
            blind=options.blind,
            talon_last=options.talon_last,
            links=options.links,
            tracked=options.tracked,
            seed=options.seed,
        ),
        table_limit=table_limit,
        known_lost=known_lost,
        probe=probe,
    )


def expand(
    state: State, options: Options | None = None, *, compiled: bool = False
) -> list[tuple[Move, State]]:
    """Every candidate move of ``state`` and the position the search makes of it (for tests).

    The positions are made exactly as :meth:`Search.run` makes them, by the
    Python search or (``compiled``) by the compiled core.
    """
    options = options or Options()
    view = view_of(state)
    node, cards, pointer = _normalize(state)
    if _wants_core(options, compiled):
        core = _core_search(node, cards, pointer, options=options, table_limit=1, known_lost=None)
        return [
            (
                _MOVE[card][target],
                State(stock, waste, reserve, found, columns, node.base, node.draw, node.variant, r),
            )
            for card, target, _, _, (stock, waste, reserve, found, columns, r) in core.expand()
        ]
    merge = view.recycles is None
    return [
        (candidate[0], _child(node, cards, merge, candidate, options.tracked))
        for candidate in successors(node, cards, pointer, options)
    ]


def _child(
    node: State, cards: tuple[int, ...], merge: bool, candidate: Candidate, tracked: int = 0
) -> State:
    """The child of a normalized ``node`` (talon ``cards``) by a candidate, as the search
    makes it (``tracked``: P11's, for a candidate that places a card)."""
    move, card, source, index = candidate
    if source >= PLACED:
        child = _child(node, cards, merge, (move, card, _plain_source(source), index))
        nth = (source - PLACED) // 8
        return _place(child, card // 13, nth, tracked, view_of(node).alias)
    if source == FROM_TALON:
        return _play_talon(node, cards, index, move.target, merge)[0]
    return _play(node, card, move.target, source)


def child_of(state: State, card: int, target: int, source: int, index: int) -> State:
    """The position the search makes of ``state`` by the candidate (card, target, source,
    index), as :func:`expand` lists them: a line the core gives as candidates, replayed."""
    node, cards, _ = _normalize(state)
    merge = view_of(node).recycles is None
    return _child(node, cards, merge, (_MOVE[card][target], card, source, index))


CoreExit = tuple[bytes, bytes, int, bytes]
"""An exit of the core's beam walk: its key, its stacks, its score, the candidates from the
walk's root (four bytes each: card, target, source, index, the signed ones as bytes)."""


def core_walks() -> bool:
    """Whether the core in use has the beam's walk (``exits``): the browser's WebAssembly core
    (``canfield.web.wasm_core``) has the search only, and the beam walks in Python there."""
    return core_in_use() and hasattr(_core.Search, "exits")


def core_exits(state: State, closure: int) -> tuple[int, list[CoreExit], bytes | None]:
    """The beam's walk of free moves from ``state``, in the compiled core: positions walked,
    the exits, and the candidates of a win if the walk met one (``BeamSearch`` walks the
    same positions in Python where there is no core)."""
    node, cards, pointer = _normalize(state)
    core = _core_search(node, cards, pointer, options=Options(), table_limit=1, known_lost=None)
    return core.exits(closure)


_Frame = tuple[
    State, tuple[int, ...], int, dict[int, int], tuple[int, ...], Iterator[Candidate], object
]
"""Position, talon, split, reachable talon cards, cards watched (P3/P4),
candidates left, its key if the table only holds it while it is on the stack."""


def search(
    state: State, limits: Limits | None = None, options: Options | None = None
) -> SearchResult:
    """Decide whether ``state`` can be won; the card moves of a win if so."""
    limits = limits or Limits()
    found = Search(state, options, limits.table_limit)
    more = None if limits.node_limit is None else limits.node_limit - found.nodes
    return found.run(limits.time_limit, more)


class Search:
    """A depth-first search that can be run in slices (the solver interleaves several).

    Between slices it keeps its stack and table, so a slice never repeats the
    work of the ones before; when it ends, the verdict is final.
    """

    def __init__(
        self,
        state: State,
        options: Options | None = None,
        table_limit: int = DEFAULT_TABLE_LIMIT,
        known_lost: LostKeys | None = None,
        *,
        compiled: bool | None = None,
    ) -> None:
        """``known_lost``: keys of positions proved lost from a root this one reaches.

        They are skipped as seen (a lost position holds no win), and the set
        is the search's own table from then on: when it proves its root lost
        too, every key in it is lost (``table``), ready to seed an earlier
        position of the same game. Keys carry over because both roots share
        the talon order and the reserve (``_key``). Keys of the other kind of
        search (compiled or Python) are not read: skipping them is only a saving.
        ``compiled``: see :func:`_wants_core`.
        """
        self.options = options or Options()
        self.table_limit = table_limit
        self.path: list[Move] = []
        self.cut: list[Move] | None = None
        self.nodes = 0
        self.seconds = 0.0
        self.verdict = Verdict.UNKNOWN
        self._visited: set[tuple[object, ...]] = (
            known_lost if isinstance(known_lost, set) else set()
        )
        self.table: set[tuple[object, ...]] = set()
        """Once the search has proved its root lost: its table, every key in it lost."""
        self._frames: list[_Frame] = []
        self._core: _core.Search | None = None
        self._also: set[tuple[object, ...]] | None = None
        """A probe's (P7): blind keys proved lost by earlier probes, skipped as seen."""
        self._lost_classes: set[tuple[object, ...]] = set()
        """P7: the blind keys the probes proved lost (at most a quarter of ``table_limit``)."""
        if state.foundations == _WON:
            self.verdict = Verdict.WON
            return
        root, cards, pointer = _normalize(state)
        self._view = view_of(root)
        self._base = root.base
        if self.options.blind and not self._view.blind:
            raise ValueError(f"no blind search in {root.variant}: its part moves read foundations")
        if self.options.blind and (self.options.take_back_rule or self.options.tail_rule):
            raise ValueError("P3 and P4 are proved for the game, not for the blind search")
        if self.options.links and (self.options.blind or self.options.probe):
            raise ValueError("no links key (R1) with P6 or P7")
        tracked = self.options.tracked
        if type(tracked) is not int or not 0 <= tracked <= 13:
            raise ValueError(f"tracked (P11) is 0 to 13 cards a suit, not {tracked!r}")
        if tracked and not self._view.blind:
            raise ValueError(f"no tracked game in {root.variant}: its part moves read foundations")
        if tracked and (self.options.blind or self.options.links):
            raise ValueError("no tracked game (P11) with P6 or R1")
        if tracked and (self.options.take_back_rule or self.options.tail_rule):
            raise ValueError("P3 and P4 are proved for the game, not for the tracked game")
        self._placings: list[bool] = []
        """P11: for each move of ``path``, whether it placed a card (then a win is no line)."""
        self._probe = _probe_size(self.options, self._view)
        if _wants_core(self.options, compiled):
            seed = None if isinstance(known_lost, set) else known_lost
            self._core = _core_search(
                root,
                cards,
                pointer,
                options=self.options,
                table_limit=table_limit,
                known_lost=seed,
                probe=self._probe,
            )
            self.nodes = 1
            return
        alias = self._view.alias if self.options.blind or tracked else None
        if self.options.links:
            self._visited.add(_links_key(root, pointer, self._view.alias))
        else:
            self._visited.add(_key(root, pointer, self.options.symmetry, alias, tracked))
        reach = _reach(cards, pointer, root)
        moves = _moves(root, cards, pointer, self.options, view=self._view, reach=reach)
        if _dead_ends(self.options, self._view) and _dead_end(root.columns, root.base):
            moves = iter(())  # P8: lost; searched as a position without moves
        self._frames.append((root, cards, pointer, reach, (), moves, None))
        self.nodes = 1

    def result(self) -> SearchResult:
        real = self.verdict is Verdict.WON and not self.options.blind
        moves = self.path if real else []
        return SearchResult(
            self.verdict, moves, self.nodes, self.seconds, self.cut if real else None
        )

    def run(
        self,
        time_limit: float | None = None,
        node_limit: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> SearchResult:
        """Search on for at most ``time_limit`` seconds of ``clock``, ``node_limit`` positions."""
        if self.verdict is not Verdict.UNKNOWN:
            return self.result()
        if self._core is not None:
            return self._run_core(self._core, time_limit, node_limit, clock)
        started = clock()
        deadline = None if time_limit is None else started + time_limit
        nodes = self.nodes
        stop = None if node_limit is None else nodes + node_limit
        check = nodes + _CHECK_EVERY
        options = self.options
        symmetry = options.symmetry
        view = self._view
        tracked = options.tracked
        alias = view.alias if options.blind or tracked else None
        links = view.alias if options.links else None
        # P3 and P4 are proved for the app's rules only (docs/solver.md)
        deferral = (options.take_back_rule or options.tail_rule) and view.variant is CANFIELD
        merge = view.recycles is None  # unlimited passes: tap-equivalent splits are one node
        table_limit = self.table_limit
        visited = self._visited
        also = self._also
        probe = self._probe
        dead_ends = _dead_ends(options, view)
        base = self._base
        frames = self._frames
        path = self.path
        placings = self._placings
        outcome = Verdict.LOST
        while frames:
            if stop is not None and nodes >= stop:
                outcome = Verdict.UNKNOWN
                break
            if nodes >= check and deadline is not None:
                check = nodes + _CHECK_EVERY
                if clock() > deadline:
                    outcome = Verdict.UNKNOWN
                    break
            node, cards, pointer, reach, watched, candidates, temporary = frames[-1]
            candidate = next(candidates, None)
            if candidate is None:
                frames.pop()
                if path:
                    path.pop()
                    if tracked:
                        placings.pop()
                if temporary is not None:
                    visited.discard(temporary)
                continue
            move, card, source, index = candidate
            place = -1
            if source >= PLACED:  # P11: the n-th place (from 0) of the newly tracked card
                place, source = (source - PLACED) // 8, _plain_source(source)
            if source == FROM_TALON:
                child, child_cards, child_pointer = _play_talon(
                    node, cards, index, move.target, merge
                )
                child_reach = None
            else:
                child = _play(node, card, move.target, source)
                child_cards, child_pointer, child_reach = cards, pointer, reach
            if place >= 0:
                child = _place(child, card // 13, place, tracked, view.alias)
            if child.foundations == _WON:
                path.append(move)
                if tracked and (place >= 0 or any(placings)):
                    path.clear()  # P11: a won node that rests on a placing proves nothing
                outcome = Verdict.WON
                break
            target = move.target
            if (
                dead_ends
                and target < FOUNDATION
                and node.columns[target]
                and _goes_up_first(child.columns, target, len(node.columns[target]), base)
            ):
                continue  # P8: lost, and not searched
            if links is None:
                key = _key(child, child_pointer, symmetry, alias, tracked)
            else:
                key = _links_key(child, child_pointer, links)
            child_watched: tuple[int, ...] = ()
            if deferral and source >= 0:
                more = _watch(node, card, source, move.target, options)
                if more:
                    # a restricted node (P3/P4): its own entry in the table
                    # as a set: a run that moves a tail to and fro must meet its own key
                    child_watched = tuple(sorted({*watched, *more}))
                    key = (key, child_watched)
            if also is not None and key in also:
                continue
            size = len(visited)
            visited.add(key)
            if len(visited) == size:
                continue
            nodes += 1
            if probe:
                stack = len(child_cards) < len(cards) or len(child.reserve) < len(node.reserve)
                budget = probe if stop is None else min(probe, stop - nodes - 1)
                spent, lost = self._probe_lost(child, child_pointer, stack and budget > 0, budget)
                nodes += spent
                if lost:  # P7: a blind loss is a loss; it stays in the table as seen
                    if size >= table_limit:
                        visited.discard(key)
                    continue
            if child_reach is None:
                child_reach = _reach(child_cards, child_pointer, child)
            path.append(move)
            if tracked:
                placings.append(place >= 0)
            moves = _moves(
                child,
                child_cards,
                child_pointer,
                options,
                view=view,
                reach=child_reach,
                watched=child_watched,
            )
            frames.append(
                (
                    child,
                    child_cards,
                    child_pointer,
                    child_reach,
                    child_watched,
                    moves,
                    key if size >= table_limit else None,
                )
            )
        self.nodes = nodes
        self.seconds += clock() - started
        self.verdict = outcome
        if outcome is not Verdict.UNKNOWN:
            frames.clear()
            self._visited = set()
            self.table = visited if outcome is Verdict.LOST else set()
        return self.result()

    def _probe_lost(self, child: State, pointer: int, stack: bool, budget: int) -> tuple[int, bool]:
        """P7: the positions a blind search of ``child`` spent, and whether it proved it lost.

        The search runs only at a stack card's play (``stack``), of at most ``budget``
        positions (the probe size, or less where the search's own node bound is nearer).

        A blind key proved lost by an earlier probe is lost (every key of a probe that ends
        lost is, docs/solver.md), so it is answered at once and later probes skip it.
        """
        lost = self._lost_classes
        if _key(child, pointer, self.options.symmetry, self._view.alias) in lost:
            return 0, True
        if not stack:
            return 0, False
        options = self.options
        blind = Options(
            symmetry=options.symmetry,
            take_backs=options.take_backs,
            safe_up=options.safe_up,
            blind=True,
            talon_last=options.talon_last,
        )
        # its table never fills: it holds at most probe + 1 positions
        probing = Search(child, blind, budget + 2, compiled=False)
        probing._also = lost
        result = probing.run(None, budget)
        if result.verdict is not Verdict.LOST:
            return result.nodes, False
        if len(lost) < self.table_limit // 4:
            lost |= probing.table
        return result.nodes, True

    def _run_core(
        self,
        core: _core.Search,
        time_limit: float | None,
        node_limit: int | None,
        clock: Callable[[], float],
    ) -> SearchResult:
        outcome, seconds = run_compiled(core, self.nodes, time_limit, node_limit, clock)
        self.nodes = core.nodes
        self.seconds += seconds
        self.verdict = outcome
        if outcome is Verdict.WON and not self.options.blind:
            self.path = [_MOVE[card][target] for card, target in core.moves()]
            cut = core.cut()
            self.cut = None if cut is None else [_MOVE[card][target] for card, target in cut]
        return self.result()

    def lost_keys(self) -> LostKeys:
        """Its table: every key in it is lost once the root is known to be lost (by any search)."""
        if self._core is not None:
            return self._core.table()
        return self.table if self.verdict is Verdict.LOST else self._visited

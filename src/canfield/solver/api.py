"""The solver's public API: solve a position, hint a move, vet a deal.

Every answer is either proved (a WON line that replays through the rules, or
LOST after an exhaustive search) or UNKNOWN when the budget ran out.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Protocol

from canfield.cards import Card
from canfield.deal import DealCode, deck_for_deal, parse_deck, random_deal_number
from canfield.errors import (
    CanfieldError,
    InvalidCodeError,
    InvalidDeckError,
    InvalidLimitError,
    InvalidPositionError,
    quoted,
)
from canfield.game import Game
from canfield.moves import Move
from canfield.rules import apply_move
from canfield.solver.beam import BeamSearch
from canfield.solver.line import realize
from canfield.solver.links import LinksSearch, core_links, links_apply
from canfield.solver.restricted import realize_in, win_finder
from canfield.solver.search import (
    DEFAULT_TABLE_LIMIT,
    Limits,
    Options,
    Search,
    SearchResult,
    Verdict,
    search,
    view_of,
)
from canfield.solver.shorten import shorten

try:
    from canfield.solver.bottoms import BottomsSearch
    from canfield.solver.layered import LayeredSearch
except ImportError:  # the browser build leaves them out (tools/build_web.py): its solves are short
    BottomsSearch = None  # type: ignore[assignment,misc]
    LayeredSearch = None  # type: ignore[assignment,misc]
from canfield.state import State, initial_state
from canfield.variants import CANFIELD, Variant, variant_named

if TYPE_CHECKING:
    from canfield.solver.search import LostKeys

__all__ = [
    "MAX_NODE_LIMIT",
    "MAX_TABLE_LIMIT",
    "MAX_TIME_LIMIT",
    "MAX_TRIES",
    "HintResult",
    "Solution",
    "Verdict",
    "hint",
    "is_winnable_deal",
    "random_winnable_deal",
    "solve",
]

DEFAULT_TIME_LIMIT = 10.0
MAX_TIME_LIMIT: Final = 86_400.0
"""A day: longer than any search worth waiting for, and a bound on a typo like 1e308."""
MAX_TABLE_LIMIT: Final = 100_000_000
"""About 10-20 GB of transposition table: the most a large machine can hold."""
MAX_NODE_LIMIT: Final = 10**13
"""Positions one search may visit at most: days of searching."""
MAX_TRIES: Final = 10_000
"""Deals :func:`random_winnable_deal` tries at most."""


def _check_budget(
    time_limit: object, node_limit: object = None, table_limit: object = DEFAULT_TABLE_LIMIT
) -> None:
    """Refuse a budget the search cannot honour (NaN seconds never run out) before searching."""
    number = isinstance(time_limit, (int, float)) and not isinstance(time_limit, bool)
    if time_limit is not None and not (
        number and 0 <= time_limit <= MAX_TIME_LIMIT  # type: ignore[operator]
    ):  # compared before any float() so that 10**400 is refused, not an OverflowError
        raise InvalidLimitError(
            f"time_limit must be None or 0 to {MAX_TIME_LIMIT:g} seconds, not {quoted(time_limit)}"
        )
    for name, value, most, low in (
        ("node_limit", node_limit, MAX_NODE_LIMIT, 0),
        ("table_limit", table_limit, MAX_TABLE_LIMIT, 1),
    ):
        if value is None and name == "node_limit":
            continue
        if type(value) is not int or not low <= value <= most:
            raise InvalidLimitError(f"{name} must be {low} to {most:,}, not {quoted(value)}")


def _checked_state(position: object) -> State:
    """The position to search: a :class:`Game`'s, or a :class:`State` that is a real position."""
    if isinstance(position, Game):
        return position.state
    if not isinstance(position, State):
        raise InvalidPositionError(
            f"a position is a Game or a State, not {type(position).__name__}"
        )
    try:  # a State built by hand from junk is refused, not searched
        valid = State.parse(position.notation()) == position
    except (CanfieldError, LookupError, TypeError, AttributeError) as exc:
        raise InvalidPositionError(f"not a possible position: {exc}") from None
    if not valid:
        raise InvalidPositionError("not a possible position (it does not read back as itself)")
    return position


@dataclass(frozen=True, slots=True)
class Solution:
    """A verdict; for WON, ``line`` is every action (stock taps included) to the win."""

    verdict: Verdict
    line: tuple[Move, ...]
    nodes: int
    seconds: float

    def notation(self) -> str:
        return " ".join(m.notation() for m in self.line)


SLICE = 2000
"""Positions in the main search's first slice; each round doubles it."""
QUICK_PART = 1.0
"""The search without take-backs gets this much of each main slice."""
BLIND_PART = 1.0
"""The blind search (P6) gets this much of each main slice, until it ends."""
RESTART_UNIT = 2000
"""Positions in the shortest randomized restart; restart ``i`` gets ``luby(i)`` units."""
TALON_LAST_NODES = 1_000_000
"""The one-pass win-finder (``Options(talon_last=True)``) starts afresh, with a new shuffle,
after this many positions: its depth-first stack can hold nearly every position it has searched,
so this bounds it (rainbow draw 3 deal 1,000,180: 0.14 GiB at 1 M positions, with a table of
2 M, ``benchmarks/bench_memory.py --talon-last``)."""
BEAM_PART = 1.0
"""Where passes are limited, the beam over stack plays (``solver/beam.py``) gets this much of
each main slice, in its own positions (a walk of the free moves, or a short search)."""
BEAM_SHARE = 0.5
"""...and at most this share of the time spent: its positions cost more than the main search's
(with the core about 280,000 a second against 900,000, its choices being made in Python; in
pure Python 16 times more), so equal slices would leave the main search too little time, and
with it the proofs of loss (storehouse draw 3: 11 M positions in 160 s, not 150 M)."""
LINKS_PART = 8.0
"""Where one pass is left and every column is a run (``rainbow``, ``strict``), the links search
(P9, ``solver/links.py``) gets this much of each main slice, until it ends: it proves there the
losses no other search does, at about the main search's cost a node, and most won deals end it
(a links win) within a second. On strict draw-1 deals 1,000,993 and 1,000,260 ``solve`` proved
the loss in 31.6 and 126.6 s with 1.0, 8.6 and 39.5 s with 4.0, 3.9 and 15.6 s with 16.0."""
REALIZE_PART = 2.0
"""R1 (``Options(links=True)``: the search with the links game's node as its key, a win-finder)
gets this much of each main slice, and where the links search ran, ``LINKS_PART`` once that has
ended without a loss (every variant but ``solvitaire``, as the blind search). Alone it won
rainbow draw-1 deals 1,000,004, 125, 478 and 875, open after 30 s, in 0.4-4.9 s, and the
app's rules' draw-3 deals 1,000,048, 686 and 779, open after 10 s, in 0.6-8.5 s."""
REALIZE_FROM = 500_000
"""...and starts once the solve has searched this many positions (about half a second): its
lines are long (a walk that meets few of its own positions again, cut to thousands of card
moves where the other searches' are hundreds), so deals the others win at once keep theirs."""
REALIZE_3_PART = 2.0
"""In a draw-1 solve, R1 in draw 3 (whose wins are draw-1 wins, P2) gets this much of each main
slice, from ``REALIZE_FROM`` on: draw 3 leaves fewer choices, so its links nodes are fewer and
R1 there finds wins that R1 in draw 1 does not (rainbow draw-1 deals 1,000,281, 311, 582, 662
and 671, open after 31 s in the atlas and won in draw 3, won in 1.2-11.2 s with it; without it
two of the eight such deals tried, in 40-45 s)."""
BOTTOMS_SHARE = 0.5
"""Where the links search holds, the links game with the columns' bottoms kept (P12 and R2,
``solver/bottoms.py``) gets at most this share of the time spent, from ``REALIZE_FROM`` on (the
beam's share is of the rest): its nodes cost about 50 times the core's (it runs in Python, and
follows its won lines in real positions), and on the deals the other searches leave open it
decides more than they do. Alone, with 150 s each, it decided 7 of the first 13 ``rainbow``
draw-3 deals open after 600 s of ``solve`` (5 won in 5-115 s, 2 lost in 35 and 125 s)."""
LAYERED_SHARE = 0.25
"""...and P13, the same game with no bottoms once the reserve is empty, searched layer by layer
(``solver/layered.py``), at most this share, from ``REALIZE_FROM`` on (the bottoms search's is
of the rest): it proves losses only, and with a tenth of P12's nodes (rainbow draw-3 deal
1,000,242: 1.6 M against 18.4 M), in a table that holds two layers, not every node."""
TRACKED = 0
"""P11, the tracked game (``Options(tracked=TRACKED)``, the next ``TRACKED`` cards of each suit
kept as themselves), as a helper where the blind search holds; 0: not run. Off: on ``rainbow``
draw 1's deals 1,000,000-1,000,039 at 10 s it decided nothing more with 1 (35 of 40 both
ways, median 1.39 s against 1.19 s), and alone it is open after 60-90 s on every open or
slow deal tried (docs/solver.md, P11)."""
TRACKED_PART = 1.0
"""...gets this much of each main slice, until it ends: a loss of it is a loss, and a won
line that placed nothing a win."""
PROBE = 2000
"""P7 in the main search: a blind search of at most this many positions at each position a stack
card was just played to (docs/solver.md); 0 turns it off."""


def luby(i: int) -> int:
    """The Luby sequence 1 1 2 1 1 2 4 1 1 2 …: restart lengths that waste at most a log factor."""
    k = i.bit_length()
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = i.bit_length()
    return 1 << (k - 1)


class _Slices(Protocol):
    """A search ``solve`` runs in slices: :class:`Search` and :class:`BeamSearch`."""

    nodes: int

    def run(
        self, time_limit: float | None, node_limit: int | None, clock: Callable[[], float]
    ) -> SearchResult: ...


class _Budget:
    """A solve's time and node budget, shared by the searches it interleaves."""

    def __init__(
        self, time_limit: float | None, node_limit: int | None, clock: Callable[[], float]
    ) -> None:
        self.clock = clock
        self.started = clock()
        self.time_limit = time_limit
        self.node_limit = node_limit
        self.nodes = 0

    def step(
        self, searching: _Slices, nodes: int, seconds: float | None = None
    ) -> SearchResult | None:
        """Run ``searching`` for up to ``nodes`` more positions (and ``seconds``, if given);
        None when the budget is spent."""
        if self.time_limit is not None:
            left = self.time_limit - (self.clock() - self.started)
            if not left > 0:  # NaN too: a clock at infinity from the start (a cancel) is spent
                return None
            seconds = left if seconds is None else min(seconds, left)
        if self.node_limit is not None:
            nodes = min(nodes, self.node_limit - self.nodes)
            if nodes < 1:
                return None
        before = searching.nodes
        result = searching.run(seconds, nodes, self.clock)
        self.nodes += result.nodes - before
        return result

    def share(self, seconds: float, share: float, besides: float = 0.0) -> float:
        """The seconds a helper that has run ``seconds`` may run on, to have at most ``share``
        of the time: of the others' time, less ``besides`` (helpers' time it is not measured by)."""
        others = self.clock() - self.started - seconds - besides
        return others * share / (1 - share) - seconds


def solve(
    position: Game | State,
    *,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    node_limit: int | None = None,
    table_limit: int = DEFAULT_TABLE_LIMIT,
    relaxation: bool = False,
    quick_first: bool = True,
    restarts: bool = True,
    clock: Callable[[], float] = time.perf_counter,
) -> Solution:
    """Decide whether ``position`` can still be won, within the budget.

    The main search runs in slices that double each round. Between slices, two
    helpers look for wins only: ``quick_first``, the game without foundation
    take-backs (its wins are real wins, and it is often much faster to win),
    and ``restarts``, short searches with the moves shuffled within their
    ordering classes, of Luby lengths: the time to a win is heavy-tailed and a
    shuffled order often finds one at once. Ordering never changes a verdict,
    so a restart that finishes proves a loss as well as the main search.
    ``relaxation`` lets a draw-3 search first try to prove the loss in draw 1,
    which is never harder to win (docs/solver.md, "Draw 1 relaxes draw 3");
    the other way round, with ``quick_first`` a draw-1 solve also searches
    the same position in draw 3, whose wins are draw-1 wins, and where passes
    are limited the same game with the talon tried last (Solvitaire's order,
    started afresh after ``TALON_LAST_NODES`` positions); where the variant has a
    restricted game (``restricted.WIN_FINDERS``: Superior's is Canfield), that game, its
    draw 3 and every other restart search it too, and its wins replay here. A third helper
    looks for losses only: the blind search (P6), which cannot tell apart
    positions that differ only in which of the cards the columns treat alike
    (the same rank, and colour where columns alternate) lies where in the
    columns; its losses are losses (all variants but ``solvitaire``), and with it R1 looks
    for wins: the search keyed by the links game's node (P9's reading of the columns), in a
    draw-1 solve in draw 3 as well. Where
    one pass is left and the columns are runs, the links search (P9) looks for losses too.
    ``clock`` measures ``time_limit``: wall time for the app, CPU time
    (``time.process_time``) for fair benchmarks on a shared machine.
    """
    _check_budget(time_limit, node_limit, table_limit)
    if not callable(clock):
        raise InvalidLimitError("clock must be a function returning seconds")
    state = _checked_state(position)
    limits = Limits(time_limit, node_limit, table_limit)
    found, _ = _solve(
        state,
        limits,
        relaxation=relaxation,
        quick_first=quick_first,
        restarts=restarts,
        clock=clock,
    )
    return found


def _solve(
    state: State,
    limits: Limits,
    *,
    relaxation: bool = False,
    quick_first: bool = True,
    restarts: bool = True,
    clock: Callable[[], float] = time.perf_counter,
    known_lost: LostKeys | None = None,
) -> tuple[Solution, LostKeys]:
    """:func:`solve`, seeded with ``known_lost`` keys; also the lost keys when LOST."""
    time_limit, node_limit, table_limit = limits.time_limit, limits.node_limit, limits.table_limit
    budget = _Budget(time_limit, node_limit, clock)
    if state.is_won:
        return Solution(Verdict.WON, (), 0, 0.0), set()
    main = Search(state, Options(probe=PROBE), table_limit, known_lost)

    def done(
        result: SearchResult, played: State | None = None, root: State | None = None
    ) -> tuple[Solution, LostKeys]:
        """The solution of a search whose root is ``root`` (``played`` or ``state`` if None)."""
        line: tuple[Move, ...] = ()
        if result.verdict is Verdict.WON:
            if root is None:
                root = state if played is None else played
            moves = shorten(root, result.moves, result.cut)
            line = tuple(
                realize(state, moves) if played is None else realize_in(state, played, moves)
            )
        seconds = budget.clock() - budget.started
        lost: LostKeys = main.lost_keys() if result.verdict is Verdict.LOST else set()
        return Solution(result.verdict, line, budget.nodes, seconds), lost

    if relaxation and state.draw == 3:
        share = None if time_limit is None else time_limit * 0.1
        relaxed = search(state._replace(draw=1), Limits(share, node_limit, table_limit))
        budget.nodes += relaxed.nodes
        if relaxed.verdict is Verdict.LOST:
            return done(relaxed)
    budget.nodes += main.nodes
    # the game without take-backs is a helper only where the rules have them
    helper = quick_first and state.variant.take_backs
    quick = Search(state, Options(take_backs=False), table_limit // 4) if helper else None
    # a restricted game's wins are wins here (docs/solver.md, "Restricted games as
    # win-finders"): Superior's under Canfield's rules, where the reserve fills the columns
    played = win_finder(state) if quick_first else None
    smaller = None if played is None else Search(played, Options(probe=PROBE), table_limit // 4)
    # a draw-3 win is a draw-1 win (docs/solver.md, P2): draw 3 is the harder game, yet
    # often won sooner by the depth-first order; its card moves replay in draw 1 (and in
    # the restricted game's draw 3 where there is one, whose wins are wins of both)
    harder = None
    in_draw_3 = (played or state)._replace(draw=3)
    if quick_first and state.draw == 1:
        harder = Search(in_draw_3, Options(), table_limit // 4)
    # where passes are limited, the same game with the talon tried last (Solvitaire's order,
    # docs/solver.md): it finds one-pass wins the main search's order does not; a search
    # that ends proves a loss as well, being exhaustive over the same pruned graph; and a
    # beam over the stack plays, which keeps many early choices open at once (docs/solver.md,
    # "The beam over stack plays"); it only finds wins
    ordered = None
    beam = None
    tries = 0
    if quick_first and view_of(state).recycles is not None:
        ordered = Search(state, Options(talon_last=True), table_limit // 4)
        beam = BeamSearch(state)
    # P6: a loss of the blind game is a loss (docs/solver.md); its wins prove nothing
    blind = realizer = tracked = None
    realize_part = REALIZE_PART
    if view_of(state).blind:
        blind = Search(state, Options(blind=True), table_limit // 4)
        # P11: the blind game keeping the next cards of each suit, finer than P6 (off: TRACKED)
        if TRACKED:
            tracked = Search(state, Options(tracked=TRACKED, probe=PROBE), table_limit // 4)
        # R1: a search keyed by the links game's node (P9's reading of the columns), which
        # often finds a win soon where the main search's exact key holds it off
        realizer = Search(state, Options(links=True), table_limit // 4)
    # ...and in draw 3, whose wins are draw-1 wins (P2): the draw-3 game has fewer choices, so
    # its links nodes are fewer, and R1 there finds wins that R1 in draw 1 does not
    realizer_3 = None
    if harder is not None and view_of(in_draw_3).blind:
        realizer_3 = Search(in_draw_3, Options(links=True), table_limit // 4)
    # P9: a loss of the links game, which reads the columns as counts of links, is a loss
    links = None
    if links_apply(state):
        links = LinksSearch(state, table_limit if core_links() else table_limit // 4)
    # P12 and R2: the links game with the bottoms kept proves losses and finds wins
    # (its share is of the time: a solve bounded by positions alone runs without it; in the
    # core it searches a million nodes a second, and its table bounds it)
    bottoms = None
    if BottomsSearch is not None and time_limit is not None and links_apply(state):
        bottoms = BottomsSearch(state, table_limit // 2 if core_links() else table_limit // 8)
    # P13: that game with no bottoms once the reserve is empty, layer by layer: losses only
    layered = None
    if LayeredSearch is not None and time_limit is not None and links_apply(state):
        layered = LayeredSearch(state, table_limit if core_links() else table_limit // 8)
    number = 0
    size = SLICE
    while True:
        result = budget.step(main, size)
        if result is None:
            break
        if result.verdict is not Verdict.UNKNOWN:
            return done(result)
        if smaller is not None:
            result = budget.step(smaller, int(size * QUICK_PART))
            if result is not None and result.verdict is Verdict.WON:
                return done(result, played)
            if result is None or result.verdict is Verdict.LOST:
                smaller = None  # lost in the restricted game proves nothing here
        if quick is not None:
            result = budget.step(quick, int(size * QUICK_PART))
            if result is not None and result.verdict is Verdict.WON:
                return done(result)
            if result is None or result.verdict is Verdict.LOST:
                quick = None  # lost without take-backs proves nothing; it is done
        if harder is not None:
            result = budget.step(harder, int(size * QUICK_PART))
            if result is not None and result.verdict is Verdict.WON:
                return done(result, played, in_draw_3)
            if result is None or result.verdict is Verdict.LOST:
                harder = None  # lost in draw 3 proves nothing in draw 1
        if ordered is not None:
            # never past its bound, as slices double (its stack holds nearly every position)
            more = min(int(size * QUICK_PART), TALON_LAST_NODES - ordered.nodes)
            result = budget.step(ordered, more)
            if result is not None and result.verdict is not Verdict.UNKNOWN:
                return done(result)
            if result is None:
                ordered = None
            elif ordered.nodes >= TALON_LAST_NODES:  # its stack is bounded: start afresh
                tries += 1
                ordered = Search(state, Options(talon_last=True, seed=tries), table_limit // 4)
        if beam is not None:
            # at most BEAM_SHARE of the time spent so far, but for P12's and P13's
            besides = sum(helper.seconds for helper in (bottoms, layered) if helper is not None)
            allowed = budget.share(beam.seconds, BEAM_SHARE, besides)
            if allowed > 0:
                result = budget.step(beam, int(size * BEAM_PART), allowed)
                if result is None:
                    beam = None  # the budget is spent
                elif result.verdict is Verdict.WON:
                    return done(result)
        if blind is not None:
            result = budget.step(blind, int(size * BLIND_PART))
            if result is not None and result.verdict is Verdict.LOST:
                return done(result)
            if result is None or result.verdict is Verdict.WON:
                blind = None  # a blind win proves nothing; it is done
        if tracked is not None:
            result = budget.step(tracked, int(size * TRACKED_PART))
            if result is not None and result.verdict is Verdict.LOST:
                return done(result)
            if result is not None and result.moves:  # a won line that placed nothing
                return done(result)
            if result is None or result.verdict is Verdict.WON:
                tracked = None  # a won node that rests on a placing proves nothing
        if links is not None:
            result = budget.step(links, int(size * LINKS_PART))
            if result is not None and result.verdict is Verdict.LOST:
                return done(result)
            if result is None or result.verdict is Verdict.WON or links.full:
                links = None  # its wins prove nothing, nor does a full table
                realize_part = LINKS_PART  # its share passes to R1, which may realize its win
        if layered is not None and budget.nodes >= REALIZE_FROM:
            allowed = budget.share(layered.seconds, LAYERED_SHARE)
            if allowed > 0:
                result = budget.step(layered, int(size * LINKS_PART), allowed)
                if result is not None and result.verdict is Verdict.LOST:
                    return done(result)
                if result is None or result.verdict is Verdict.WON or layered.full:
                    layered = None  # its wins prove nothing, nor does a full table
        if bottoms is not None and budget.nodes >= REALIZE_FROM:
            besides = 0.0 if layered is None else layered.seconds
            allowed = budget.share(bottoms.seconds, BOTTOMS_SHARE, besides)
            if allowed > 0:
                result = budget.step(bottoms, int(size * LINKS_PART), allowed)
                if result is not None and result.verdict is not Verdict.UNKNOWN:
                    return done(result)  # a loss of its game, or a line of this one
                if result is None or bottoms.full:
                    bottoms = None
        if realizer is not None and budget.nodes >= REALIZE_FROM:
            result = budget.step(realizer, int(size * realize_part))
            if result is not None and result.verdict is Verdict.WON:
                return done(result)
            if result is None or result.verdict is Verdict.LOST:
                realizer = None  # its losses prove nothing
        if realizer_3 is not None and budget.nodes >= REALIZE_FROM:
            result = budget.step(realizer_3, int(size * REALIZE_3_PART))
            if result is not None and result.verdict is Verdict.WON:
                return done(result, played, in_draw_3)
            if result is None or result.verdict is Verdict.LOST:
                realizer_3 = None  # its losses prove nothing, in draw 3 or here
        if restarts:
            number += 1
            # every other restart in the restricted game, where there is one
            game = played if played is not None and number % 2 == 0 else state
            fresh = Search(game, Options(seed=number), table_limit // 4)
            result = budget.step(fresh, luby(number) * RESTART_UNIT)
            if result is not None and result.verdict is Verdict.WON:
                return done(result, None if game is state else played)
            if result is not None and result.verdict is Verdict.LOST and game is state:
                return done(result)
        size *= 2
    return done(main.result())


@dataclass(frozen=True, slots=True)
class HintResult:
    """A hint: the app words it in the player's language (the data only, no text).

    ``move`` is the next action of a winning line (``None`` unless WON);
    ``undo`` is, for a lost position of a :class:`Game`, how many undos lead
    back to a position proved winnable (``None`` when not found in time);
    ``hopeless`` says every position back to the deal was proved lost (the
    deal cannot be won).
    """

    verdict: Verdict
    move: Move | None
    line: tuple[Move, ...]
    undo: int | None = None
    hopeless: bool = False


def hint(
    position: Game | State,
    time_limit: float = 2.0,
    clock: Callable[[], float] = time.perf_counter,
) -> HintResult:
    """A move on a winning line, or for a lost :class:`Game` how far back it was winnable.

    Going back, each earlier position's search skips the positions the later
    ones proved lost (they are reachable from it), so the way back costs
    little more than the positions it adds.
    """
    _check_budget(time_limit)
    if time_limit is None or not callable(clock):
        raise InvalidLimitError("a hint needs a time_limit in seconds and a clock")
    state = _checked_state(position)
    started = clock()
    limits = Limits(time_limit, None, DEFAULT_TABLE_LIMIT)
    found, lost = _solve(state, limits, clock=clock)
    if found.verdict is not Verdict.LOST:
        move = found.line[0] if found.line else None
        return HintResult(found.verdict, move, found.line)
    if not isinstance(position, Game):
        return HintResult(Verdict.LOST, None, ())
    history = position.history
    depth = min(position.undo_depth, len(history))
    states = _past_states(position, len(history) - depth)
    for back in range(1, depth + 1):
        left = time_limit - (clock() - started)
        if not left > 0:  # NaN too, as in _Budget.step
            break
        earlier = states[len(states) - 1 - back]
        found, lost = _solve(
            earlier, Limits(left, None, DEFAULT_TABLE_LIMIT), clock=clock, known_lost=lost
        )
        if found.verdict is Verdict.WON:
            return HintResult(Verdict.LOST, None, (), back)
        if found.verdict is not Verdict.LOST:
            break
    else:
        return HintResult(Verdict.LOST, None, (), hopeless=depth == len(history))
    return HintResult(Verdict.LOST, None, ())


def _past_states(game: Game, first: int) -> list[State]:
    """The positions after ``first``, ``first + 1``, … actions of the game's line, up to now."""
    state = initial_state(game.deck, game.draw, game.state.variant)
    states = []
    for number, move in enumerate(game.history):
        if number >= first:
            states.append(state)
        state, _ = apply_move(state, move)
    states.append(state)
    return states


def _read_deal(text: str) -> DealCode | tuple[Card, ...]:
    """A code or a deck, whichever parser accepts ``text``; if neither, both reasons."""
    try:
        return DealCode.parse(text)
    except InvalidCodeError as not_code:
        try:
            return parse_deck(text)
        except InvalidDeckError as not_deck:
            raise InvalidCodeError(
                f"neither a game code ({not_code}) nor a deck ({not_deck})"
            ) from None


def _deal_state(
    code_or_deck: str | DealCode | Sequence[int], draw: int | None, variant: str | Variant | None
) -> State:
    """The deal's first position; ``draw`` and ``variant`` override a code's own."""
    if isinstance(code_or_deck, str):
        code_or_deck = _read_deal(code_or_deck)
    if isinstance(code_or_deck, DealCode):
        code = code_or_deck
        rules = code.variant if variant is None else variant_named(variant)
        chosen = code.draw if draw is None else draw
        game = Game.from_code(DealCode(code.number, chosen, rules))
    else:
        game = Game.from_deck(code_or_deck, draw, CANFIELD if variant is None else variant)
    return game.state


def is_winnable_deal(
    code_or_deck: str | DealCode | Sequence[int],
    draw: int | None = None,
    time_limit: float = 2.0,
    variant: str | Variant | None = None,
) -> bool:
    """Whether a win of the deal was *found* in time (UNKNOWN counts as not winnable).

    ``draw`` and ``variant`` override those of a code; a deck is played by
    ``variant`` (default ``canfield``) with its default draw unless ``draw`` is given.
    """
    _check_budget(time_limit)
    state = _deal_state(code_or_deck, draw, variant)
    return solve(state, time_limit=time_limit).verdict is Verdict.WON


def random_winnable_deal(
    draw: int | None = None,
    time_limit: float = 1.0,
    tries: int = 50,
    variant: str | Variant = CANFIELD,
) -> DealCode:
    """A random deal proved winnable, for "winnable deals only" (random if none in ``tries``).

    ``draw`` defaults to the variant's.
    """
    _check_budget(time_limit)
    if type(tries) is not int or not 1 <= tries <= MAX_TRIES:
        raise InvalidLimitError(f"tries must be 1 to {MAX_TRIES:,}, not {quoted(tries)}")
    rules = variant_named(variant)
    chosen = rules.draw if draw is None else draw
    code = DealCode(random_deal_number(), chosen, rules)
    for _ in range(tries):
        state = initial_state(deck_for_deal(code.number), chosen, rules)
        if solve(state, time_limit=time_limit).verdict is Verdict.WON:
            return code
        code = DealCode(random_deal_number(), chosen, rules)
    return code

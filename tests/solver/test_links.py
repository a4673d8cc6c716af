"""P9, the links search: a one-pass game whose columns are read as counts of links.

The proof (docs/solver.md, P9) rests on one fact, checked here move by move:
every real move from a position is, read in the links game, one of that
game's moves from the position's node (or leaves the node as it is), and a
tap only narrows the talon cards within reach. Then its verdicts are held to
a brute force of the rules, it is refused where it does not hold, and
``solve`` uses it to prove a loss the other searches do not reach.
"""

from __future__ import annotations

import random

import pytest
from solver_oracle import brute_force, replays_to_a_win

from canfield.deal import deck_for_deal
from canfield.moves import Move
from canfield.rules import apply_move, legal_moves
from canfield.rules.kernel import parents_table
from canfield.solver import Verdict, solve
from canfield.solver import api as solver_api
from canfield.solver.line import realize
from canfield.solver.links import LinksSearch, core_links, links_apply
from canfield.solver.search import Options, Search
from canfield.state import State, initial_state
from canfield.variants import Variant, variant_named
from positions import exact_position

ONE_PASS = [variant_named("rainbow"), variant_named("strict")]


def run_positions(
    name: str, count: int, seed: int, left: tuple[int, int] = (6, 12), fit: float = 0.8
) -> list[State]:
    """Small positions of ``name`` whose columns are built runs, as its deals keep them.

    Cards off the foundations go onto a column they build on, into an empty
    column while fewer than four are used, or else into the talon; an empty
    column only with an empty reserve.
    """
    variant = variant_named(name)
    rng = random.Random(seed)
    out: list[State] = []
    while len(out) < count:
        base = rng.randrange(52)
        parents = parents_table(variant, base)
        counts = [13, 13, 13, 13]
        for _ in range(rng.randint(*left)):
            suit = rng.choice([s for s in range(4) if counts[s] > (1 if s == base // 13 else 0)])
            counts[suit] -= 1
        cards = [s * 13 + (base + k) % 13 for s in range(4) for k in range(counts[s], 13)]
        rng.shuffle(cards)
        reserve = cards[: rng.randint(0, 5)]
        columns: list[list[int]] = [[] for _ in range(rng.randint(2, 4))]
        talon: list[int] = []
        for card in cards[len(reserve) :]:
            fits = [col for col in columns if col and col[-1] in parents[card]]
            if fits and rng.random() < fit:
                rng.choice(fits).append(card)
            elif [] in columns and rng.random() < 0.5:
                columns[columns.index([])].append(card)
            else:
                talon.append(card)
        columns += [[] for _ in range(4 - len(columns))]
        for col in columns:
            if not col and reserve:
                col.append(reserve.pop())
        pointer = rng.choice((rng.randint(0, len(talon)), len(talon)))
        out.append(
            exact_position(
                base=base,
                foundations=counts,
                reserve=reserve,
                columns=columns,
                stock=talon[pointer:][::-1],
                waste=talon[:pointer],
                draw=rng.choice((1, 3)),
                variant=name,
            )
        )
    return out


def walks(name: str) -> list[list[State]]:
    """Random games of ``name``: from deals and from small positions, 60 moves at most."""
    variant = variant_named(name)
    starts = [initial_state(deck_for_deal(n), 1 + 2 * (n % 2), variant) for n in range(40)]
    starts += run_positions(name, 60, 5)
    out = []
    for i, start in enumerate(starts):
        rng = random.Random(i)
        line = [start]
        for _ in range(60):
            moves = legal_moves(line[-1])
            if not moves:
                break
            line.append(apply_move(line[-1], rng.choice(moves))[0])
        out.append(line)
    return out


@pytest.mark.parametrize("variant", ONE_PASS, ids=lambda v: v.name)
def test_every_move_is_a_move_of_the_links_game(variant: Variant) -> None:
    """Each legal move's position reads as the node or one of the node's children; a tap
    leaves the node but for the waste's size, and every talon card then within reach was
    within reach before, to the same child (so the search need not tap: P9's proof).

    The walks meet every kind of move the proof names: take-backs, moves into an empty
    column, and moves that empty one (the reserve's top filling it while it lasts).
    """
    seen = {"moves": 0, "taps": 0, "take-backs": 0, "into empty": 0, "emptying": 0}
    for line in walks(variant.name):
        search = LinksSearch(line[0])
        for state in line:
            assert links_apply(state)
            node = search.node_of(state)
            children = set(search._children(node))
            for move in legal_moves(state):
                after, _ = apply_move(state, move)
                there = search.node_of(after)
                if move == Move.DRAW:
                    seen["taps"] += 1
                    assert there[0] == node[0] and there[2:] == node[2:]
                    talon_plays = {c for c in search._children(there) if c[0] != there[0]}
                    assert talon_plays <= children
                    continue
                seen["moves"] += 1
                assert there == node or there in children, (str(state), move.notation())
                card = -1 if move.card is None else int(move.card)
                seen["take-backs"] += sum(after.foundations) < sum(state.foundations)
                seen["into empty"] += move.target < 4 and not state.columns[move.target]
                emptied = sum(map(bool, after.columns)) < sum(map(bool, state.columns))
                filled = len(after.reserve) < len(state.reserve) and state.reserve[-1] != card
                seen["emptying"] += emptied or filled
    assert seen["moves"] > 2000 and min(seen.values()) >= 20, seen


def played_out(name: str, count: int) -> list[State]:
    """Where random play from deals stops (300 moves, or none left): mostly lost positions.

    Play sends a card up when it can, seven times in ten, so the talon and reserve are
    played out and the columns hold what is left: the links game's own ground.
    """
    out = []
    for number in range(count):
        rng = random.Random(number)
        state = initial_state(deck_for_deal(number), 1 + 2 * (number % 2), variant_named(name))
        for _ in range(300):
            moves = legal_moves(state)
            if not moves:
                break
            up = [m for m in moves if m.target == 4]
            state, _ = apply_move(state, rng.choice(up if up and rng.random() < 0.7 else moves))
        out.append(state)
    return out


@pytest.mark.parametrize("variant", ONE_PASS, ids=lambda v: v.name)
def test_a_links_loss_is_a_loss(variant: Variant) -> None:
    """Its verdict never contradicts a brute force of the rules: never LOST where the brute
    force wins (small positions, most of them won), LOST where it proves a loss (where
    random play stops, most of them lost)."""
    agreed = {True: 0, False: 0}
    for state in run_positions(variant.name, 50, 11) + played_out(variant.name, 30):
        truth = brute_force(state, 20_000)
        if truth is None:
            continue
        verdict = LinksSearch(state).run(node_limit=50_000).verdict
        assert (verdict is Verdict.LOST) != truth, str(state)
        agreed[truth] += 1
    assert agreed[True] >= 20 and agreed[False] >= 15, agreed


@pytest.mark.parametrize(
    "name, passes_left",
    [("canfield", None), ("classic", None), ("superior", None), ("solvitaire", None)],
)
def test_refused_where_it_does_not_hold(name: str, passes_left: object) -> None:
    """Unlimited passes, whole-column moves, spaces that wait: no links search."""
    state = initial_state(deck_for_deal(7), 1, variant_named(name))
    assert state.passes_left == passes_left
    assert not links_apply(state)
    with pytest.raises(ValueError, match="no links search"):
        LinksSearch(state)


def test_storehouse_only_in_its_last_pass() -> None:
    """Three passes: the links game holds once no pass follows this one."""
    state = initial_state(deck_for_deal(7), 1, variant_named("storehouse"))
    assert not links_apply(state)
    assert links_apply(state._replace(recycles=2))


def test_a_column_that_is_no_run_is_refused() -> None:
    """The links say how many cards lie on a card, which is all there is only in a run."""
    state = initial_state(deck_for_deal(7), 1, variant_named("rainbow"))
    bottom = state.columns[0][0]
    misfit = next(c for c in state.stock if bottom not in parents_table(state.variant, 0)[c])
    stock = tuple(c for c in state.stock if c != misfit)
    columns = ((bottom, misfit), *state.columns[1:])
    assert not links_apply(state._replace(stock=stock, columns=columns))


needs_core = pytest.mark.skipif(not core_links(), reason="the compiled core is not in use")


@needs_core
@pytest.mark.parametrize("variant", ONE_PASS, ids=lambda v: v.name)
def test_the_core_searches_what_python_searches(variant: Variant) -> None:
    """The compiled links search and the Python one: the same nodes, verdicts and counts,
    to a win, to a loss, and cut off part way (deals and small positions, both draws)."""
    states = [initial_state(deck_for_deal(n), 1 + 2 * (n % 2), variant) for n in (3, 4, 114)]
    states += run_positions(variant.name, 20, 3) + played_out(variant.name, 10)
    for state in states:
        for limit in (1, 777, 20_000):
            python = LinksSearch(state, compiled=False).run(node_limit=limit)
            core = LinksSearch(state, compiled=True).run(node_limit=limit)
            assert (core.verdict, core.nodes) == (python.verdict, python.nodes), str(state)


@needs_core
def test_a_full_table_stops_it_for_good() -> None:
    """With its table full the search cannot go on without forgetting: it stops, UNKNOWN."""
    state = initial_state(deck_for_deal(3), 1, variant_named("rainbow"))
    for compiled in (False, True):
        search = LinksSearch(state, 500, compiled=compiled)
        assert search.run(node_limit=10_000).verdict is Verdict.UNKNOWN
        assert search.full and search.nodes == 500
        assert search.run(node_limit=10_000).nodes == 500


@needs_core  # the same positions in pure Python, at a fiftieth of the speed
def test_solve_proves_a_loss_with_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rainbow draw-1 deal 114, lost: the links search alone proves it in 70,087 nodes;
    ``solve``, sharing its positions among its searches, within 300,000 with it (148,920)
    and not without it (1,223,603)."""
    state = initial_state(deck_for_deal(114), 1, variant_named("rainbow"))
    assert LinksSearch(state).run(node_limit=100_000).verdict is Verdict.LOST
    assert solve(state, time_limit=None, node_limit=300_000).verdict is Verdict.LOST
    monkeypatch.setattr(solver_api, "links_apply", lambda state: False)
    assert solve(state, time_limit=None, node_limit=300_000).verdict is Verdict.UNKNOWN


def test_a_talon_of_most_of_the_deck() -> None:
    """A position with 49 cards in the talon (a hand-set one: nothing in the reserve or the
    columns but two cards) is searched like any other, in Python and compiled alike."""
    cards = [c for c in range(52) if c not in (0, 1, 13)]
    state = exact_position(
        base=0,
        foundations=[1, 0, 0, 0],
        reserve=(),
        columns=[[13], [1], [], []],
        stock=cards[:30],
        waste=cards[30:],
        draw=1,
        variant="rainbow",
    )
    assert len(state.stock) + len(state.waste) == 49 and links_apply(state)
    builds = [False, True] if core_links() else [False]
    found = {LinksSearch(state, compiled=c).run(node_limit=5000).nodes for c in builds}
    assert len(found) == 1 and found.pop() > 1000


# R1: the search keyed by the links game's node (``Options(links=True)``), a win-finder


def r1(state: State, compiled: bool | None = None) -> Search:
    return Search(state, Options(links=True), 1_000_000, compiled=compiled)


@pytest.mark.parametrize("variant", ONE_PASS, ids=lambda v: v.name)
def test_r1_wins_are_lines_of_the_game(variant: Variant) -> None:
    """R1 forgets what tells positions with one links node apart, so only its wins count:
    each replays through the rules to a win. On small positions and where random play
    stops it wins nearly every position a brute force wins."""
    wins = {True: 0, False: 0}
    for state in run_positions(variant.name, 50, 11) + played_out(variant.name, 30):
        truth = brute_force(state, 20_000)
        result = r1(state, compiled=False).run(node_limit=50_000)
        if result.verdict is Verdict.WON:
            assert replays_to_a_win(state, realize(state, result.moves)), str(state)
            assert truth is not False, str(state)
        if truth:
            wins[result.verdict is Verdict.WON] += 1
    assert wins[True] >= 25 and wins[False] <= wins[True] // 10, wins


@needs_core
@pytest.mark.parametrize("variant", ONE_PASS, ids=lambda v: v.name)
def test_r1_in_the_core_searches_what_python_searches(variant: Variant) -> None:
    """The compiled R1 and the Python one: the same nodes and verdicts, the same winning
    line, to a win (rainbow deals 6 in draw 3 and 33 in draw 1), a loss, and part way."""
    numbers = {"rainbow": [(6, 3), (33, 1), (0, 3)], "strict": [(5, 1), (0, 1), (9, 3)]}
    states = [initial_state(deck_for_deal(n), d, variant) for n, d in numbers[variant.name]]
    states += run_positions(variant.name, 10, 3)
    kinds = set()
    for state in states:
        for limit in (1, 777, 30_000):
            python = r1(state, compiled=False).run(node_limit=limit)
            core = r1(state, compiled=True).run(node_limit=limit)
            assert (core.verdict, core.nodes) == (python.verdict, python.nodes), str(state)
            assert core.moves == python.moves
            kinds.add(core.verdict)
    assert kinds == {Verdict.WON, Verdict.LOST, Verdict.UNKNOWN}


@needs_core  # about two million positions
def test_solve_wins_with_r1(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rainbow draw-1 deal 1,000,004, open in the atlas after 30 s: ``solve`` wins it within
    two million positions with R1 (882,386), as a line that replays, and not without it."""
    state = initial_state(deck_for_deal(1_000_004), 1, variant_named("rainbow"))
    found = solve(state, time_limit=None, node_limit=2_000_000)
    assert found.verdict is Verdict.WON
    assert replays_to_a_win(state, found.line)
    monkeypatch.setattr(solver_api, "REALIZE_PART", 0.0)  # R1 dropped at its first slice
    monkeypatch.setattr(solver_api, "links_apply", lambda state: False)  # whose share passes on
    assert solve(state, time_limit=None, node_limit=2_000_000).verdict is Verdict.UNKNOWN


@needs_core  # about two and a half million positions
def test_a_draw_1_solve_wins_with_r1_in_draw_3(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rainbow draw-1 deal 1,000,281, open in the atlas after 31 s and won in draw 3: a draw-1
    ``solve`` wins it within 1.5 million positions with R1 in draw 3 (974,972), as a line that
    replays in draw 1, and not without it."""
    state = initial_state(deck_for_deal(1_000_281), 1, variant_named("rainbow"))
    found = solve(state, time_limit=None, node_limit=1_500_000)
    assert found.verdict is Verdict.WON
    assert replays_to_a_win(state, found.line)
    monkeypatch.setattr(solver_api, "REALIZE_3_PART", 0.0)  # dropped at its first slice
    assert solve(state, time_limit=None, node_limit=1_500_000).verdict is Verdict.UNKNOWN


@needs_core  # about three million positions
def test_solve_wins_a_deal_of_the_app_s_rules_with_r1(monkeypatch: pytest.MonkeyPatch) -> None:
    """Canfield draw 3, deal 1,000,779, one of the five of 1,000,000-1,000,999 open at 10 s:
    ``solve`` wins it within three million positions with R1 (2,255,621), and without it not
    within forty million (its win was found at 33.9 s with a table of 40 M)."""
    state = initial_state(deck_for_deal(1_000_779), 3, variant_named("canfield"))
    found = solve(state, time_limit=None, node_limit=3_000_000)
    assert found.verdict is Verdict.WON
    assert replays_to_a_win(state, found.line)
    monkeypatch.setattr(solver_api, "REALIZE_PART", 0.0)
    assert solve(state, time_limit=None, node_limit=3_000_000).verdict is Verdict.UNKNOWN


@pytest.mark.parametrize(
    "options", [Options(links=True, probe=100), Options(links=True, blind=True)]
)
def test_r1_is_refused_beside_p6_and_p7(options: Options) -> None:
    """P6's and P7's keys are other keys: R1 is refused beside them, compiled or not."""
    state = initial_state(deck_for_deal(7), 1, variant_named("rainbow"))
    for compiled in [False, True] if core_links() else [False]:
        with pytest.raises(ValueError, match="no links key"):
            Search(state, options, compiled=compiled)

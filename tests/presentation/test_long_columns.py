"""Long columns on a phone (issue 21, item 5), as numbers: the cards nothing can pick up are
compressed, the open ones keep their corner index, and the table is not shrunk for it."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

from canfield import Game
from canfield.presentation.geometry import (
    TableLayout,
    column_flags,
    column_needs,
    index_depth,
    onto_cards,
    open_cards,
    placements,
)
from canfield.state import State

SCRIPT = Path(__file__).resolve().parents[2] / "tools" / "make_screenshots.sh"
PHONE = (360.0, 534.0)
"""The table of a 360x640 window (menu, toolbar and status bar take the rest)."""


def long_game() -> Game:
    """The screenshots' LONG line: random play on CF1-D3-AAAAAAB to a 20-card column."""
    line = re.search(r'^LONG="([^"]+)"', SCRIPT.read_text(encoding="utf-8"), re.M)
    assert line is not None
    game = Game.from_code("CF1-D3-AAAAAAB")
    for move in line.group(1).split():
        game.play(move)
    return game


def test_the_open_cards_stay_readable_and_the_table_keeps_its_size() -> None:
    state = long_game().state
    column = max(state.columns, key=len)
    assert len(column) >= 20
    plain = TableLayout.compute(*PHONE, 1.4)
    old = TableLayout.compute(*PHONE, 1.4, len(column))  # every card squeezed alike
    new = TableLayout.compute(*PHONE, 1.4, len(column), columns=column_needs(state))
    assert old.card_w < plain.card_w  # what the issue saw: the whole table shrank
    assert new.card_w == plain.card_w  # compressing the closed cards keeps every card's size
    places = placements(state, new)
    ys = [places[c].pos.y for c in column]
    steps = [b - a for a, b in itertools.pairwise(ys)]
    playable = open_cards(state)
    depth = index_depth(new.card_w)
    for card, step in zip(column, steps, strict=False):
        if card in playable:
            assert step >= depth * 0.9 - 1  # the corner shows; a finger's strip to tap
        else:
            assert 2 <= step < depth * 0.5  # compressed to an edge
    assert ys[-1] + new.card_h <= new.column_bottom + 1  # still on the table
    open_steps = [s for c, s in zip(column, steps, strict=False) if c in playable]
    assert open_steps and min(open_steps) > old.column_step_for(len(column))  # more to read


def test_short_columns_are_fanned_as_before() -> None:
    state = Game.from_code("CF1-D3-AAAAACL").state
    lay = TableLayout.compute(*PHONE, 1.4, columns=column_needs(state))
    assert lay == TableLayout.compute(*PHONE, 1.4)
    for k, col in enumerate(state.columns):
        offsets = lay.column_offsets([True] * len(col))
        assert offsets == [lay.column_step * i for i in range(len(col))], k


def test_a_column_with_nothing_to_compress_is_squeezed_alike() -> None:
    lay = TableLayout.compute(*PHONE, 1.4)
    offsets = lay.column_offsets([True] * 30)  # a 30-card run, every card open
    steps = {round(b - a, 6) for a, b in itertools.pairwise(offsets)}
    assert len(steps) == 1 and lay.compact_index(30, 29)


def wrapped_run(length: int = 37) -> State:
    """A ``length``-card run down from a king, round the K-on-A wrap, beside an empty column
    (so every card of it is open: each may start a move into the empty column)."""
    used: list[int] = []
    for i in range(length):
        rank, red = (12 - i) % 13, i % 2 == 1
        used.append(
            next(s * 13 + rank for s in ((1, 2) if red else (0, 3)) if s * 13 + rank not in used)
        )
    rest = [c for c in range(52) if c not in used]
    return State(
        stock=tuple(rest[:8]),
        waste=tuple(rest[8:10]),
        reserve=tuple(rest[10:13]),
        foundations=(0, 0, 0, 0),
        columns=(tuple(used), (rest[13],), (rest[14],), ()),
        base=0,
        draw=3,
    )


def _steps(state: State, lay: TableLayout, opened: int | None = None) -> list[float]:
    places = placements(state, lay, opened=opened)
    ys = [places[c].pos.y for c in state.columns[0]]
    return [b - a for a, b in itertools.pairwise(ys)]


def test_the_issues_37_card_column_keeps_the_table_and_its_cards_that_go_somewhere() -> None:
    state = wrapped_run()
    column = state.columns[0]
    assert open_cards(state) >= set(column)  # every card could go to the empty column
    plain = TableLayout.compute(*PHONE, 1.4)
    lay = TableLayout.compute(*PHONE, 1.4, len(column), columns=column_needs(state))
    assert lay.card_w == plain.card_w  # the rest of the table is not shrunk for it
    depth = index_depth(lay.card_w)
    onto = onto_cards(state)
    assert onto & set(column[:-1])  # some card of it goes onto another column
    for card, step in zip(column, _steps(state, lay), strict=False):
        assert step >= (depth * 0.9 - 1 if card in onto else 2)
    places = placements(state, lay)
    assert places[column[-1]].pos.y + lay.card_h <= lay.column_bottom + 1


def test_a_tap_opens_the_compressed_part_around_the_card() -> None:
    state = wrapped_run()
    column = state.columns[0]
    lay = TableLayout.compute(*PHONE, 1.4, len(column), columns=column_needs(state))
    depth = index_depth(lay.card_w)
    middle = column[6]
    closed = column_flags(state, lay, 0)
    assert not closed[6]  # compressed before the tap
    flags = column_flags(state, lay, 0, opened=middle)
    assert flags[6] and sum(flags[:-1]) == lay.open_room(len(column)) >= 3
    steps = _steps(state, lay, opened=middle)
    assert steps[6] >= depth * 0.9 - 1  # now its corner shows, to read and to aim at
    opened = [i for i, flag in enumerate(flags[:-1]) if flag]
    assert opened == list(range(opened[0], opened[0] + len(opened)))  # its neighbours with it
    places = placements(state, lay, opened=middle)
    assert places[column[-1]].pos.y + lay.card_h <= lay.column_bottom + 1

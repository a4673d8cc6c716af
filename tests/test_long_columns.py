"""Long columns on a phone (issue 21, item 5), as numbers: the cards nothing can pick up are
compressed, the open ones keep their corner index, and the table is not shrunk for it."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

from canfield import Game
from canfield.presentation.geometry import (
    TableLayout,
    column_needs,
    index_depth,
    open_cards,
    placements,
)

SCRIPT = Path(__file__).resolve().parent.parent / "tools" / "make_screenshots.sh"
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

"""Hostile input to the engine's API: every refusal is of the documented type, in one short line.

Issue 25: ``Game.from_deck(12345)`` raised ``TypeError``, ``State.parse`` a bare
``ValueError`` on ``'²'``, ``Game.from_dict`` an ``OverflowError`` on a clock of
``1`` followed by 400 zeros, and error lines echoed a 4,300-character input
whole. The fuzz test at the end throws generated junk at every entry point.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canfield import (
    CanfieldError,
    Card,
    DealCode,
    Game,
    InvalidCardError,
    InvalidDeckError,
    InvalidPositionError,
    InvalidSaveError,
    Move,
    State,
    parse_card,
)
from canfield.errors import QUOTE_LIMIT, DeckProblem, quoted
from canfield.game import MAX_ACTIONS, MAX_ELAPSED, UNDO_LIMIT
from canfield.solver import hint, is_winnable_deal, random_winnable_deal, solve
from canfield.variants import check_draw, variant_named

CODE = "CF1-D3-AAAAACL"
LINE_LIMIT = 3 * QUOTE_LIMIT + 200
"""The longest error line any of these inputs may give: a few quotes and the reason."""


def _saved(**changes: object) -> dict[str, Any]:
    game = Game.from_code(CODE)
    game.play("s")
    return {**game.to_dict(), **changes}


@pytest.mark.parametrize("deck", [12345, None, 3.5, b"AS 2S", object(), True])
def test_a_deck_that_is_neither_text_nor_card_values_is_not_text(deck: object) -> None:
    with pytest.raises(InvalidDeckError) as caught:
        Game.from_deck(deck)  # type: ignore[arg-type]
    assert caught.value.problem is DeckProblem.NOT_TEXT


@pytest.mark.parametrize("entry", [None, "AS", 2.0, True, -1, 52, 10**400])
def test_a_deck_entry_that_is_not_a_card_value_is_named(entry: object) -> None:
    deck: list[object] = list(range(52))
    deck[7] = entry
    with pytest.raises(InvalidDeckError) as caught:
        Game.from_deck(deck)  # type: ignore[arg-type]
    assert caught.value.problem is DeckProblem.CARD
    assert caught.value.position == 8
    assert len(str(caught.value)) < LINE_LIMIT


@pytest.mark.parametrize("recycles", ["²", "٣", "①", "0x1", "-1", "1e3", "1000"])
def test_recycles_that_are_not_ascii_digits_are_a_position_error(recycles: str) -> None:
    start = Game.from_code(CODE).state.notation()
    with pytest.raises(InvalidPositionError, match="recycles"):
        State.parse(start[: -len(" 0")] + " " + recycles)


@pytest.mark.parametrize(
    "elapsed",
    [
        10**400,
        -(10**400),
        10**20,
        math.nan,
        math.inf,
        -math.inf,
        -1,
        -0.5,
        MAX_ELAPSED * 2,
        "12",
        None,
        True,
        [],
        {},
    ],
)
def test_a_clock_out_of_range_is_an_invalid_save(elapsed: object) -> None:
    with pytest.raises(InvalidSaveError, match="elapsed") as caught:
        Game.from_dict(_saved(elapsed=elapsed))
    assert len(str(caught.value)) < LINE_LIMIT


@pytest.mark.parametrize("elapsed", [0, 0.0, 59.5, 3600, MAX_ELAPSED])
def test_a_clock_in_range_loads(elapsed: float) -> None:
    assert Game.from_dict(_saved(elapsed=elapsed)).elapsed == elapsed


def test_a_history_longer_than_a_game_keeps_is_refused_before_it_is_replayed() -> None:
    data = _saved(line=["s"] * 1_000_001, undo_depth=0)
    with pytest.raises(InvalidSaveError, match="1,000,001 actions"):
        Game.from_dict(data)
    data = _saved(redo=["s"] * (UNDO_LIMIT + 1), undo_depth=0)
    with pytest.raises(InvalidSaveError, match="redo"):
        Game.from_dict(data)


def test_a_game_stops_taking_actions_at_the_bound_it_can_be_loaded_with() -> None:
    game = Game.from_code(CODE)
    data = game.to_dict()
    data["line"] = ["s"] * MAX_ACTIONS
    full = Game.from_dict(data)
    assert len(full.history) == MAX_ACTIONS
    with pytest.raises(CanfieldError, match="start a new game"):
        full.play("s")
    assert Game.from_dict(full.to_dict()) == full


@pytest.mark.parametrize("card", [None, 3.5, b"QC", [], True, -1, 52])
def test_tap_move_refuses_what_is_not_a_card(card: object) -> None:
    with pytest.raises(InvalidCardError):
        Game.from_code(CODE).tap_move(card)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("call", "value"),
    [
        (Game.from_code, "CF1-D3-" + "A" * 4300),
        (Game.from_deck, "AS " * 1500),
        (Game.from_deck, "ZZ" * 2150),
        (State.parse, "x" * 4300),
        (Move.parse, "QC>" + "9" * 4300),
        (parse_card, "Q" * 4300),
        (variant_named, "rainbow" * 600),
        (check_draw, 10**4000),
        (lambda v: Game.from_dict(_saved(draw=v)), "3" * 4300),
        (lambda v: Game.from_dict(_saved(variant=v)), "v" * 4300),
        (lambda v: Game.from_dict(_saved(id=v)), "f" * 4300),
        (lambda v: Game.from_dict(_saved(format=v)), "f" * 4300),
    ],
)
def test_an_error_line_quotes_a_long_input_by_its_start(
    call: Callable[[Any], Any], value: Any
) -> None:
    with pytest.raises(CanfieldError) as caught:
        call(value)
    message = str(caught.value)
    assert len(message) < LINE_LIMIT, message
    assert "\n" not in message


def test_quoted_names_a_long_value_by_its_start_and_size() -> None:
    assert quoted("QC") == "'QC'"
    long = quoted("x" * 4300)
    assert long.startswith("'xxx") and "4,300 characters" in long and len(long) < 90
    assert "401 digits" in quoted(10**400)
    assert len(quoted([10**5000, "y" * 10_000])) <= QUOTE_LIMIT + 3
    assert len(quoted(list(range(10_000)))) <= QUOTE_LIMIT + 3

    class Hostile:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    assert quoted(Hostile()).startswith("<Hostile")


# -- fuzz: generated junk at every entry point --------------------------------------------

_ATOMS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=10**300, max_value=10**400),
    st.floats(),
    st.text(max_size=40),
    st.binary(max_size=10),
    st.sampled_from(["²", "٣", "1" * 5000, CODE, "s", "QC>2", "D3", "canfield", "-1", "1e999"]),
)
_JUNK = st.recursive(
    _ATOMS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.text(max_size=6), inner, max_size=3),
        st.tuples(inner),
    ),
    max_leaves=6,
)
_SAVE_FIELDS = (
    "format",
    "version",
    "id",
    "variant",
    "code",
    "deck",
    "draw",
    "line",
    "undo_depth",
    "redo",
    "elapsed",
)


def _fresh() -> Game:
    return Game.from_code(CODE)


_CALLS: dict[str, Callable[[Any, Any], object]] = {
    "Game.new": Game.new,
    "Game.from_code": lambda a, b: Game.from_code(a),
    "Game.from_deck": Game.from_deck,
    "Game.from_deck(deck, draw, variant)": lambda a, b: Game.from_deck(_fresh().deck_string, a, b),
    "Game.from_deck([x] * 52)": lambda a, b: Game.from_deck([a] * 52),
    "Game.from_dict": lambda a, b: Game.from_dict(a),
    "Game.play": lambda a, b: _fresh().play(a),
    "Game.is_legal": lambda a, b: _fresh().is_legal(a),
    "Game.tap_move": lambda a, b: _fresh().tap_move(a, b),
    "Game.describe": lambda a, b: _fresh().describe(a),
    "State.parse": lambda a, b: State.parse(a),
    "Move.parse": lambda a, b: Move.parse(a),
    "Move": Move,
    "Card": lambda a, b: Card(a),
    "Card.parse": lambda a, b: Card.parse(a),
    "Card.of": Card.of,
    "DealCode.parse": lambda a, b: DealCode.parse(a),
    "DealCode": DealCode,
    "DealCode(variant=)": lambda a, b: DealCode(0, 3, a),
    "variant_named": lambda a, b: variant_named(a),
}
_CALLS.update(
    {
        "solve(position)": lambda a, b: solve(a, time_limit=0.01),
        "solve(time_limit)": lambda a, b: solve(_fresh(), time_limit=a, node_limit=500),
        "solve(node_limit)": lambda a, b: solve(_fresh(), time_limit=0.01, node_limit=a),
        "solve(table_limit)": lambda a, b: solve(_fresh(), time_limit=0.01, table_limit=a),
        "hint(position)": lambda a, b: hint(a, time_limit=0.01),
        "is_winnable_deal": lambda a, b: is_winnable_deal(a, time_limit=0.01),
        "is_winnable_deal(time_limit)": lambda a, b: is_winnable_deal(CODE, time_limit=a),
        "random_winnable_deal(draw)": lambda a, b: random_winnable_deal(a, time_limit=0, tries=1),
        "random_winnable_deal(tries)": lambda a, b: random_winnable_deal(3, time_limit=0, tries=a),
    }
)


def _from_dict_with(field: str) -> Callable[[Any, Any], object]:
    """A call of Game.from_dict on a save whose ``field`` is the junk ``a``."""
    return lambda a, b: Game.from_dict(_saved(**{field: a}))


for _field in _SAVE_FIELDS:
    _CALLS[f"Game.from_dict({_field}=)"] = _from_dict_with(_field)


@pytest.mark.parametrize("name", sorted(_CALLS))
@settings(max_examples=40, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(first=_JUNK, second=_JUNK)
def test_junk_at_any_entry_point_is_refused_in_the_documented_family(
    name: str, first: object, second: object
) -> None:
    try:
        _CALLS[name](first, second)
    except CanfieldError as exc:
        message = str(exc)
        assert len(message) < LINE_LIMIT + 200, message
        assert "\n" not in message


@pytest.mark.parametrize(
    "budget",
    [math.nan, math.inf, -1.0, 10**400, "10", None, True, [], 86_400.5],
)
def test_a_budget_the_search_cannot_honour_is_refused_before_searching(budget: object) -> None:
    from canfield import InvalidLimitError

    with pytest.raises(InvalidLimitError):
        hint(_fresh(), time_limit=budget)  # type: ignore[arg-type]
    if budget is not None:
        with pytest.raises(InvalidLimitError):
            solve(_fresh(), time_limit=budget)  # type: ignore[arg-type]


def test_a_state_built_by_hand_from_junk_is_refused_by_the_solver() -> None:
    state = _fresh().state
    for junk in (
        state._replace(stock=(99,)),
        state._replace(foundations=(1, 2, 3)),  # type: ignore[arg-type]  # junk on purpose
        state._replace(draw=2),
    ):
        with pytest.raises(InvalidPositionError):
            solve(junk, time_limit=0.01)

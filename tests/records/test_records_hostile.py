"""Hostile records (the browser's IndexedDB value): refused with ValueError, never OverflowError.

A clock of ``10**400`` seconds in the statistics or the standing game raised
``OverflowError`` from ``math.isfinite`` (issue 25's class of bug); every
field of a real ledger is replaced by generated junk and must be refused in
the documented family or read back.
"""

from __future__ import annotations

import copy
import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canfield import Game
from canfield.records.ledger import Ledger
from canfield.records.statistics import Statistics


def _ledger() -> dict[str, Any]:
    ledger = Ledger()
    game = Game.from_code("CF1-D3-AAAAACL")
    game.play("s")
    ledger.save(game)
    ledger.abandon()
    ledger.save(game)
    return ledger.to_dict()


BASE = _ledger()


def _paths(value: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    found: list[tuple[object, ...]] = []
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    for key, inner in items:
        found.append((*path, key))
        found += _paths(inner, (*path, key))
    return found


PATHS = _paths(BASE)


def _with(path: tuple[object, ...], junk: object) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    where: Any = data
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = junk
    return data


@pytest.mark.parametrize("seconds", [10**400, -(10**400), math.nan, math.inf, -1])
def test_a_clock_no_float_holds_is_impossible_statistics(seconds: object) -> None:
    for field in ("games_seconds", "wins_seconds"):
        with pytest.raises(ValueError, match="impossible times"):
            Statistics(3, **{field: seconds})  # type: ignore[arg-type]


def test_a_standing_game_with_a_clock_of_400_digits_is_refused() -> None:
    with pytest.raises(ValueError):
        Ledger.from_dict(_with(("standing", "elapsed"), 10**400))


_JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=10**300, max_value=10**400),
    st.floats(),
    st.text(max_size=12),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
)


@settings(max_examples=300, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(path=st.sampled_from(PATHS), junk=_JUNK)
def test_junk_in_any_field_of_a_ledger_is_refused_or_read(
    path: tuple[object, ...], junk: object
) -> None:
    try:
        Ledger.from_dict(_with(path, junk))
    except ValueError as exc:
        assert "\n" not in str(exc)

"""The statistics table, derived from the :class:`Statistics` dataclass so its columns are
written once: the table's definition, the column list and the row <-> value mapping.

A column is a field of :class:`Statistics`, in the dataclass's order after the key
(variant, draw); its SQL type follows the field's type (``| None`` makes it nullable)
and its constraint is :data:`_CHECKS`'s. A new field changes :data:`CREATE_TABLE`, so it
needs a new schema version: freeze this definition's text into
:mod:`canfield.storage.schema` as the old version's first, as version 2's is.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Sequence
from typing import Any, Final

from canfield.errors import quoted
from canfield.records.settings import check_variant_name
from canfield.records.statistics import DEAL_COST, MAX_COUNT, MAX_SECONDS, Statistics

__all__ = [
    "COLUMNS",
    "CREATE_TABLE",
    "DEAL_COST",
    "INSERT",
    "MAX_COUNT",
    "MAX_SECONDS",
    "SELECT",
    "Statistics",
    "from_row",
    "to_row",
]

_KEY: Final = ("variant", "draw")
COLUMNS: Final[tuple[str, ...]] = _KEY + tuple(
    field.name for field in dataclasses.fields(Statistics) if field.name not in _KEY
)
"""The table's columns in order: the key, then every other field of :class:`Statistics`."""

_CHECKS: Final = {
    "draw": "draw IN (1, 3)",
    "played": "played >= 0",
    "won": "won BETWEEN 0 AND played",
    "best_score": "best_score >= 0",
    "fastest_win": "fastest_win >= 0",
    "fewest_moves": "fewest_moves >= 0",
    "current_streak": "current_streak >= 0",
    "best_streak": "best_streak >= current_streak",
    "timed_games": "timed_games BETWEEN 0 AND played",
    "games_seconds": "games_seconds >= 0",
    "games_moves": "games_moves >= 0",
    "timed_wins": "timed_wins BETWEEN 0 AND won",
    "wins_seconds": "wins_seconds >= 0",
    "wins_moves": "wins_moves >= 0",
    "assisted_games": "assisted_games >= 0",
    "assisted_wins": "assisted_wins BETWEEN 0 AND assisted_games",
}
"""What SQLite itself refuses of each column; :class:`Statistics` checks the rest."""

_SQL_TYPES: Final = {int: "INTEGER", float: "REAL", str: "TEXT"}


def _column(name: str, kind: object) -> str:
    """One column's definition, e.g. ``best_score INTEGER CHECK (best_score >= 0)``."""
    options = typing.get_args(kind) if isinstance(kind, types.UnionType) else (kind,)
    (base,) = (option for option in options if option is not type(None))
    words = [name, _SQL_TYPES[base]]
    if type(None) not in options:
        words.append("NOT NULL")
    if name in _CHECKS:
        words.append(f"CHECK ({_CHECKS[name]})")
    return " ".join(words)


def _create_table() -> str:
    hints = typing.get_type_hints(Statistics)
    lines = [_column(name, hints[name]) for name in COLUMNS]
    lines.append(f"PRIMARY KEY ({', '.join(_KEY)})")
    body = ",\n    ".join(lines)
    return f"CREATE TABLE statistics (\n    {body}\n)"


CREATE_TABLE: Final = _create_table()
"""The table as the current schema makes it (:data:`canfield.storage.schema.TABLES`)."""
SELECT: Final = f"SELECT {', '.join(COLUMNS)} FROM statistics"
INSERT: Final = (
    f"INSERT OR REPLACE INTO statistics ({', '.join(COLUMNS)})"
    f" VALUES ({', '.join('?' * len(COLUMNS))})"
)


def to_row(statistics: Statistics) -> tuple[object, ...]:
    """The values of :data:`COLUMNS`, for :data:`INSERT`."""
    return tuple(getattr(statistics, name) for name in COLUMNS)


def from_row(row: Sequence[object]) -> Statistics:
    """The statistics a row of :data:`SELECT` holds; ValueError (or TypeError) if impossible."""
    values: dict[str, Any] = dict(zip(COLUMNS, row, strict=True))
    variant = values["variant"]
    reason = check_variant_name(variant)
    if reason is not None:
        raise ValueError(f"statistics of a variant {quoted(variant)}: the variant {reason}")
    return Statistics(**values)

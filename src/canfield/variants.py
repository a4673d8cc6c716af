"""The rule sets the game can be played by, as values (docs/rules.md says each in words).

A :class:`Variant` names what a rule set changes against the app's own
Canfield; the rules module reads these fields and nothing else, so adding a
variant is writing one more value here. There is one instance per name
(interned), so variants compare and hash by identity and survive pickling.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final, TypeGuard

from canfield.errors import InvalidDrawError, InvalidVariantError, quoted

__all__ = [
    "CANFIELD",
    "CLASSIC",
    "DRAWS",
    "RAINBOW",
    "RESEARCH_VARIANTS",
    "SOLVITAIRE",
    "SOLVITAIRE_STRICT",
    "STOREHOUSE",
    "STRICT",
    "SUPERIOR",
    "VARIANTS",
    "Building",
    "ColumnMoves",
    "EmptyColumns",
    "FoundationStart",
    "Variant",
    "Wrap",
    "check_draw",
    "is_draw",
    "variant_named",
]


class Building(Enum):
    """Which card may lie on which in a column (always one rank down)."""

    ALTERNATE_COLOURS = "alternate colours"
    ANY_SUIT = "any suit and colour"


class Wrap(Enum):
    """How column ranks run round the end of the ranks."""

    KING_ON_ACE = "a king goes on an ace"
    NOT_AT_BASE = "ranks counted from the base: a card one below the base never goes on a base card"


class ColumnMoves(Enum):
    """Which part of a column may move onto another column."""

    ANY_TAIL = "any valid tail"
    WHOLE_COLUMN = "the whole column only"
    WHOLE_OR_UNCOVERING = (
        "the whole column, or a part when the card it uncovers can go to its foundation at once"
        " (any part into an empty column)"
    )


class EmptyColumns(Enum):
    """How an empty column is filled."""

    AUTO_THEN_ANY = "filled at once from the reserve; once it is empty, any card or sequence"
    AUTO_THEN_WASTE = "filled at once from the reserve; once it is empty, only the waste's top card"
    ANY_TIME = "not filled by itself; any card or sequence at any time"


class FoundationStart(Enum):
    """What starts the foundations."""

    BASE_CARD = "the base card dealt after the reserve"
    TWOS = "the four 2s, taken out before the deal"


_REGISTRY: dict[str, Variant] = {}
"""Every variant made, by name: one instance per name, so identity is equality."""


@dataclass(frozen=True, slots=True, eq=False)
class Variant:
    """One rule set: the app's Canfield plus what its row of the rules changes.

    ``passes`` is how many times the stock may be gone through in all
    (``None``: no limit); a recycle is allowed while fewer than ``passes - 1``
    have been made.
    """

    name: str
    draw: int = 3
    passes: int | None = None
    building: Building = Building.ALTERNATE_COLOURS
    wrap: Wrap = Wrap.KING_ON_ACE
    column_moves: ColumnMoves = ColumnMoves.ANY_TAIL
    take_backs: bool = True
    empty_columns: EmptyColumns = EmptyColumns.AUTO_THEN_ANY
    start: FoundationStart = FoundationStart.BASE_CARD
    reserve_face_up: bool = False

    def __post_init__(self) -> None:
        if self.name in _REGISTRY:
            raise InvalidVariantError(
                f"a variant named {self.name!r} exists already: use Variant.named({self.name!r})"
            )
        _REGISTRY[self.name] = self

    @property
    def auto_fill(self) -> bool:
        """Whether a move that empties a column fills it from the reserve at once."""
        return self.empty_columns is not EmptyColumns.ANY_TIME

    @property
    def recycles(self) -> int | None:
        """How many times the waste may be turned back over (``None``: no limit)."""
        return None if self.passes is None else self.passes - 1

    @staticmethod
    def named(name: str) -> Variant:
        return variant_named(name)

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Variant.named({self.name!r})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (variant_named, (self.name,))


CANFIELD: Final = Variant("canfield")
CLASSIC: Final = Variant(
    "classic",
    column_moves=ColumnMoves.WHOLE_COLUMN,
    take_backs=False,
    empty_columns=EmptyColumns.AUTO_THEN_WASTE,
)
SUPERIOR: Final = Variant("superior", empty_columns=EmptyColumns.ANY_TIME, reserve_face_up=True)
RAINBOW: Final = Variant("rainbow", draw=1, passes=1, building=Building.ANY_SUIT)
STOREHOUSE: Final = Variant("storehouse", draw=1, passes=3, start=FoundationStart.TWOS)
STRICT: Final = Variant("strict", passes=1)
SOLVITAIRE: Final = Variant(
    "solvitaire",
    wrap=Wrap.NOT_AT_BASE,
    column_moves=ColumnMoves.WHOLE_OR_UNCOVERING,
    take_backs=False,
)
SOLVITAIRE_STRICT: Final = Variant(
    "solvitaire_strict",
    wrap=Wrap.NOT_AT_BASE,
    column_moves=ColumnMoves.WHOLE_COLUMN,
    take_backs=False,
    empty_columns=EmptyColumns.AUTO_THEN_WASTE,
)
"""Solvitaire's ``canfield-strict`` preset: ``classic`` with ranks counted from the base.

A research rule set like ``solvitaire`` (Solvitaire's ``canfield``), checked
verdict for verdict against Solvitaire (docs/solver.md); not offered by New game.
Its name has an underscore, not Solvitaire's hyphen: a game code splits on
``-`` (``CF1-SOLVITAIRE_STRICT-D3-AAAAACL``), and the name is also a file name
(``docs/win-rates/solvitaire_strict-d3.csv``), a setting and a CLI choice.
"""

_ALL: Final = (
    CANFIELD,
    CLASSIC,
    SUPERIOR,
    RAINBOW,
    STOREHOUSE,
    STRICT,
    SOLVITAIRE,
    SOLVITAIRE_STRICT,
)
VARIANTS: Final = tuple(v.name for v in _ALL)
"""The names, ``canfield`` (the default) first."""

RESEARCH_VARIANTS: Final = (SOLVITAIRE.name, SOLVITAIRE_STRICT.name)
"""The research rule sets (docs/rules.md §9): Solvitaire's ``canfield`` and ``canfield-strict``.

Kept to compare verdicts and win rates with a published solver, not games
players ask for: New game does not offer them, but their codes play.
"""


def variant_named(name: str | Variant) -> Variant:
    """The variant called ``name`` (case and surrounding spaces ignored).

    Raises :class:`InvalidVariantError` listing the known names.
    """
    if isinstance(name, Variant):
        return name
    if not isinstance(name, str):
        raise InvalidVariantError(f"a variant is named by text, not {type(name).__name__}")
    found = _REGISTRY.get(name.strip().lower())
    if found is None:
        raise InvalidVariantError(f"unknown variant {quoted(name)} (known: {', '.join(VARIANTS)})")
    return found


def is_draw(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a draw mode: the whole number 1 or 3 (not ``True``, not ``3.0``)."""
    return type(value) is int and value in DRAWS


def check_draw(draw: object) -> int:
    """``draw`` if it is a draw mode (:func:`is_draw`); else :class:`InvalidDrawError`."""
    if not is_draw(draw):
        raise InvalidDrawError(f"draw must be 1 or 3, not {quoted(draw)}")
    return draw


DRAWS: Final = (1, 3)
"""The draw modes: cards turned from the stock at a time."""

"""A pile on the table as one value: its kind and its place.

A foundation is named by its *place* on the table (0-3, left to right), never
by its suit: the suit of a place depends on the base card and is asked for by
name, :meth:`Pile.suit`, and the place of a suit is :meth:`Pile.of_suit`.
Columns are 0-3 as on the table (1-4 in move notation); stock, waste and
reserve have place 0. A ``Pile`` is a named tuple, so it equals the
``(kind, place)`` tuple the front ends have passed so far
(``Pile("column", 1) == ("column", 1)``), and :meth:`Pile.of` checks such a
tuple and makes it a ``Pile``. The descriptions' pile kinds
(:mod:`canfield.describe`), the table's pile names and drop targets
(:mod:`canfield.presentation.piles`) and the spoken refusals
(:mod:`canfield.presentation.narration`) are named with it.

A :class:`~canfield.moves.Move` keeps its target a small int (0-3 a column,
:data:`~canfield.moves.FOUNDATION` the card's own, :data:`~canfield.moves.STOCK`
the tap), as the rules kernel and the compiled search do in their hot loops;
:meth:`Pile.of_move` is the one place such a target becomes a pile, and
:attr:`Pile.target` the way back.
"""

from __future__ import annotations

from typing import Final, Literal, NamedTuple

from canfield.moves import FOUNDATION, STOCK, Move
from canfield.state import State

__all__ = ["PILES", "PILE_KINDS", "Pile", "PileKind"]

PileKind = Literal["stock", "waste", "reserve", "foundation", "column"]
PILE_KINDS: Final[tuple[PileKind, ...]] = ("stock", "waste", "reserve", "foundation", "column")


class Pile(NamedTuple):
    """A pile: its ``kind`` and its ``place`` among the piles of that kind."""

    kind: PileKind
    place: int = 0
    """The column (0-3) or the foundation's place on the table (0-3, left to right); else 0."""

    @classmethod
    def of(cls, key: tuple[str, int]) -> Pile:
        """The pile ``key`` names (a ``Pile`` or a ``(kind, place)`` tuple), checked."""
        if isinstance(key, Pile):
            return key
        kind, place = key
        for known in PILE_KINDS:
            if kind == known:
                break
        else:
            raise ValueError(f"no pile of kind {kind!r} (one of {', '.join(PILE_KINDS)})")
        limit = 4 if known in ("foundation", "column") else 1
        if type(place) is not int or not 0 <= place < limit:
            raise ValueError(f"no {known} at place {place!r}")
        return cls(known, place)

    @classmethod
    def column(cls, k: int) -> Pile:
        """Column ``k`` (0-3, left to right)."""
        return cls("column", k)

    @classmethod
    def foundation(cls, place: int) -> Pile:
        """The foundation at ``place`` (0-3, left to right on the table)."""
        return cls("foundation", place)

    @classmethod
    def of_suit(cls, state: State, suit: int) -> Pile:
        """The foundation that ``suit`` (0 spades … 3 clubs) builds on in ``state``."""
        return cls("foundation", state.foundation_order.index(suit))

    @classmethod
    def of_move(cls, state: State, move: Move) -> Pile:
        """The pile ``move`` puts its card on in ``state`` (the stock for the stock tap).

        A move to a foundation names no place, only that the card goes home: its pile is
        the foundation its suit builds on in ``state``.
        """
        target = move.target
        if target == STOCK or move.card is None:
            return cls("stock")
        if target == FOUNDATION:
            return cls.of_suit(state, move.card // 13)
        return cls.column(target)

    @property
    def target(self) -> int:
        """The move target that puts a card on this pile: a column's place, ``FOUNDATION``
        (any foundation: a card goes to its own suit's) or ``STOCK``.

        Raises ``ValueError`` for the waste and the reserve, which no move puts a card on.
        """
        if self.kind == "column":
            return self.place
        if self.kind == "foundation":
            return FOUNDATION
        if self.kind == "stock":
            return STOCK
        raise ValueError(f"no move puts a card on the {self.kind}")

    def suit(self, state: State) -> int:
        """The suit this foundation builds in ``state`` (0 spades … 3 clubs)."""
        if self.kind != "foundation":
            raise ValueError(f"{self.kind} is not a foundation: it has no suit")
        return state.foundation_order[self.place]

    @property
    def number(self) -> int | None:
        """The 1-based number a player is shown ("column 2"), ``None`` for a single pile."""
        return self.place + 1 if self.kind in ("foundation", "column") else None


PILES: Final[tuple[Pile, ...]] = (
    Pile("stock"),
    Pile("waste"),
    Pile("reserve"),
    *(Pile.foundation(i) for i in range(4)),
    *(Pile.column(i) for i in range(4)),
)
"""The 11 piles in a fixed order: stock, waste, reserve, foundations, columns."""

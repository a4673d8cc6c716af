"""Moves and their notation: ``s`` taps the stock, ``QC>2`` and ``8H>f`` move cards.

A card is unique, so ``<card>><target>`` also says where the card comes from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from canfield.cards import CARDS, Card, parse_card
from canfield.errors import InvalidCardError, InvalidMoveError, quoted

__all__ = ["FOUNDATION", "STOCK", "Move"]

FOUNDATION: Final = 4
"""Target of a move to the card's own foundation; 0-3 are the columns."""
STOCK: Final = 5
"""Target of the stock tap (draw, or recycle when the stock is empty)."""


@dataclass(frozen=True, slots=True)
class Move:
    """An action: the stock tap, or a card (with all cards on it) onto a target.

    ``target`` is a column index 0-3 (shown as 1-4), :data:`FOUNDATION` or
    :data:`STOCK`; ``card`` is ``None`` exactly for the stock tap.
    """

    card: Card | None
    target: int

    DRAW: ClassVar[Move]

    def __post_init__(self) -> None:
        card, target = self.card, self.target
        if type(target) is not int or not 0 <= target <= STOCK:
            raise InvalidMoveError(
                f"not a move target: {quoted(target)} (0-3 columns, 4 foundation, 5 stock)"
            )
        if target == STOCK:
            if card is not None:
                raise InvalidMoveError("the stock tap moves no card")
            return
        if card is None:
            raise InvalidMoveError(f"a move to target {quoted(target)} needs a card")
        if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < 52:
            raise InvalidMoveError(f"not a card: {quoted(card)} (0-51, or a Card)")
        if type(card) is not Card:
            object.__setattr__(self, "card", CARDS[card])

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read notation; raise :class:`InvalidMoveError` naming what is wrong."""
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move must be text, not {type(text).__name__}")
        raw = text.strip()
        if raw.lower() == "s":
            return cls.DRAW
        if ">" not in raw:
            raise InvalidMoveError(
                f"not a move: {quoted(text)} "
                "(expected 's' or '<card>><target>', e.g. 'QC>2' or '8H>f')"
            )
        card_text, _, target_text = raw.partition(">")
        if not card_text.strip():
            raise InvalidMoveError(f"no card before '>' in {quoted(text)}")
        try:
            card = parse_card(card_text)
        except InvalidCardError as exc:
            raise InvalidMoveError(f"{exc} in move {quoted(text)}") from None
        target_text = target_text.strip().lower()
        if target_text == "f":
            return cls(card, FOUNDATION)
        if target_text in ("1", "2", "3", "4"):
            return cls(card, int(target_text) - 1)
        raise InvalidMoveError(
            f"unknown target {quoted(target_text)} in move {quoted(text)} "
            "(1-4 for a column, f for foundation)"
        )

    @property
    def is_draw(self) -> bool:
        return self.target == STOCK

    @property
    def column(self) -> int | None:
        """The target column index (0-3), or ``None``."""
        return self.target if self.target < FOUNDATION else None

    def notation(self) -> str:
        if self.card is None:
            return "s"
        if self.target == FOUNDATION:
            return f"{self.card}>f"
        return f"{self.card}>{self.target + 1}"

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Move.parse({self.notation()!r})"


Move.DRAW = Move(None, STOCK)

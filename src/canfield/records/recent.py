"""The last finished games, for a "replay with one click" list."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from canfield.errors import quoted
from canfield.variants import is_draw

__all__ = ["RECENT_LIMIT", "RecentGame"]

RECENT_LIMIT: Final = 50
"""How many finished games the store keeps; older ones are dropped as new ones finish."""


@dataclass(frozen=True, slots=True)
class RecentGame:
    """One finished (won or abandoned) game: enough to deal it again and to list it.

    Replay it with ``Game.from_code(code)`` when ``code`` is set, else
    ``Game.from_deck(deck, draw, variant)`` (a deck typed in by the player has no code).
    """

    code: str | None
    deck: str
    """The 52 cards in deal order, as ``Game.deck_string`` writes them."""
    variant: str
    draw: int
    won: bool
    score: int
    seconds: float
    """Seconds of play."""
    moves: int
    """Actions on the final line of play."""
    finished_at: float
    """When it was recorded, seconds since the Unix epoch (UTC)."""
    hints: int = 0
    """How many times the player asked for a hint in it."""
    assisted: bool = False
    """Show me played moves in it: it is not in the player's own figures."""

    def __post_init__(self) -> None:
        """Refuse a damaged row (the store leaves it out of the list, with a warning)."""
        if not (self.code is None or isinstance(self.code, str)) or not isinstance(self.deck, str):
            raise ValueError(f"bad code or deck in {quoted(self)}")
        if not isinstance(self.variant, str) or not is_draw(self.draw):
            raise ValueError(f"bad variant or draw in {quoted(self)}")
        if type(self.won) is not bool or type(self.assisted) is not bool:
            raise ValueError(f"bad result in {quoted(self)}")
        for count in (self.score, self.moves, self.hints):
            if type(count) is not int or not 0 <= count <= 10**12:
                raise ValueError(f"bad score, moves or hints in {quoted(self)}")
        for seconds in (self.seconds, self.finished_at):
            if type(seconds) is not float or not math.isfinite(seconds) or seconds < 0:
                raise ValueError(f"bad time in {quoted(self)}")

""" "Winnable deals only": a random deal the solver proved winnable, or an honest "none found".

:func:`canfield.solver.random_winnable_deal` hands back a random deal when no
try is proved in time, which suits the command line; the app must not then
call the deal winnable, so it asks for the proof itself and gets ``None``.
"""

from __future__ import annotations

from typing import Final

from canfield.deal import DealCode, random_deal_number
from canfield.game import Game
from canfield.solver import Verdict, solve
from canfield.variants import variant_named

__all__ = ["find_winnable_deal"]

TRIES: Final = 20
SECONDS_PER_TRY: Final = 1.0


def find_winnable_deal(
    draw: int, variant: str, tries: int = TRIES, seconds: float = SECONDS_PER_TRY
) -> DealCode | None:
    """The first of ``tries`` random deals of ``variant`` proved winnable, else ``None``."""
    rules = variant_named(variant)
    for _ in range(tries):
        code = DealCode(random_deal_number(), draw, rules)
        if solve(Game.from_code(code).state, time_limit=seconds).verdict is Verdict.WON:
            return code
    return None

""" "Winnable deals only": a deal proved winnable, from the atlas's index or found by a search.

The solver is imported only when a search runs, so the New game window can
say what the option will do without loading it.

The atlas (``docs/win-rates``) proved thousands of deals won; their numbers ship
as :mod:`canfield.presentation.winnable_index`, so the app deals one at once.
Only where no deal is known (Strict, draw 3) does :class:`WinnableSearch` try
random deals with the solver, reporting progress and stopping when cancelled.
:func:`canfield.solver.random_winnable_deal` hands back a random deal when no
try is proved in time, which suits the command line; the app must not then
call the deal winnable, so the search asks for the proof itself and gets ``None``.
"""

from __future__ import annotations

import math
import random
import threading
import time
from typing import Final

from canfield.deal import DealCode, random_deal_number
from canfield.game import Game
from canfield.i18n import _, ngettext
from canfield.presentation.variant_text import variant_title
from canfield.presentation.winnable_index import draw_known_winnable, known_winnable
from canfield.variants import variant_named

__all__ = [
    "SECONDS_PER_TRY",
    "TRIES",
    "WinnableSearch",
    "find_winnable_deal",
    "no_winnable_found_message",
    "search_cancelled_message",
    "search_progress_text",
    "winnable_deal",
    "winnable_note",
]

TRIES: Final = 20
SECONDS_PER_TRY: Final = 1.0


class WinnableSearch:
    """Try up to ``tries`` random deals, ``seconds`` each; :meth:`cancel` from any thread.

    :attr:`tried` counts the deals tried so far (for a progress bar); a cancel
    stops the solver within its current slice (its clock runs out at once).
    """

    def __init__(
        self, draw: int, variant: str, tries: int | None = None, seconds: float | None = None
    ) -> None:
        self.variant = variant_named(variant)
        self.draw = draw
        self.tries = TRIES if tries is None else tries
        self.seconds = SECONDS_PER_TRY if seconds is None else seconds
        self.tried = 0
        self._cancelled = threading.Event()

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def cancel(self) -> None:
        self._cancelled.set()

    def _clock(self) -> float:
        return math.inf if self._cancelled.is_set() else time.perf_counter()

    def run(self) -> DealCode | None:
        """The first deal proved winnable, or None (none in the tries, or cancelled)."""
        from canfield.solver import Verdict, solve  # the slowest import: only when searching

        for _try in range(self.tries):
            if self.cancelled:
                return None
            code = DealCode(random_deal_number(), self.draw, self.variant)
            self.tried += 1
            result = solve(Game.from_code(code).state, time_limit=self.seconds, clock=self._clock)
            if result.verdict is Verdict.WON and not self.cancelled:
                return code
        return None


def find_winnable_deal(
    draw: int, variant: str, tries: int = TRIES, seconds: float = SECONDS_PER_TRY
) -> DealCode | None:
    """The first of ``tries`` random deals of ``variant`` proved winnable, else ``None``."""
    return WinnableSearch(draw, variant, tries, seconds).run()


def winnable_deal(draw: int, variant: str, rng: random.Random | None = None) -> DealCode | None:
    """A deal of the atlas's index at once; None when none is known (then search)."""
    return draw_known_winnable(draw, variant, rng)


def winnable_note(draw: int, variant: str) -> str:
    """What "Winnable deals only" will do for this variant and draw, said before it is asked."""
    known = len(known_winnable(variant, draw))
    if known:
        return ngettext(
            "Deals one of the %(n)d deal the solver proved winnable.",
            "Deals one of the %(n)d deals the solver proved winnable.",
            known,
        ) % {"n": known}
    return _(
        "No winnable deal of %(variant)s with draw %(draw)d is known: "
        "the solver proved none of the deals it tried. A search will likely find none."
    ) % {"variant": variant_title(variant), "draw": draw}


def search_progress_text(tried: int, tries: int) -> str:
    """The search's progress line."""
    return _("Looking for a winnable deal… %(tried)d of %(tries)d deals tried") % {
        "tried": tried,
        "tries": tries,
    }


def no_winnable_found_message(tries: int) -> str:
    """The search's honest answer when nothing was proved; the game in play stays."""
    return ngettext(
        "No winnable deal was found in %(n)d try. Your game is as it was.",
        "No winnable deal was found in %(n)d tries. Your game is as it was.",
        tries,
    ) % {"n": tries}


def search_cancelled_message() -> str:
    """What is said when the player stops the search (Cancel, Escape): nothing was dealt."""
    return _("Search cancelled: your game is as it was.")

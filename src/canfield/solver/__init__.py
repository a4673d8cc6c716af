"""The solver: is a position winnable, a winning line, hints and deal vetting.

>>> from canfield import Game
>>> from canfield.solver import solve
>>> solve(Game.from_code("CF1-D3-AAAAACL"), time_limit=5).verdict
<Verdict.WON: 'won'>

See ``docs/solver.md`` for the algorithm and the proofs of its prunings.
"""

from __future__ import annotations

from canfield.solver.api import (
    DEFAULT_TIME_LIMIT,
    HintResult,
    Solution,
    Verdict,
    hint,
    is_winnable_deal,
    random_winnable_deal,
    solve,
)
from canfield.solver.search import DEFAULT_TABLE_LIMIT

__all__ = [
    "DEFAULT_TABLE_LIMIT",
    "DEFAULT_TIME_LIMIT",
    "HintResult",
    "Solution",
    "Verdict",
    "hint",
    "is_winnable_deal",
    "random_winnable_deal",
    "solve",
]

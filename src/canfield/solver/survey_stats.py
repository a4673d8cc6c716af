"""A survey's figures: the win rate and a 95% interval that also covers the unknown deals.

A deal the solver could not decide in time is neither a win nor a loss. The
interval therefore counts the unknowns both ways: its low end is the lower
95% Wilson bound with every unknown counted as a loss (``won`` of ``n``), its
high end the upper bound with every unknown counted as a win (``won +
unknown`` of ``n``). Whatever the unknowns really are, the true rate lies in
that range with at least 95% confidence for each end. The point figure
``rate`` is wins among the resolved deals (``won / (won + lost)``); it always
lies between ``low`` and ``high``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from canfield.solver.survey import VERDICTS, Tally

__all__ = ["Z95", "Summary", "percentile", "wilson_interval"]

Z95: Final = 1.959964
"""The two-sided 95% normal quantile."""


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% by default)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # exact ends, not rounding's
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


def percentile(sorted_values: list[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0-100) of already sorted values."""
    if not sorted_values:
        return math.nan
    rank = max(1, math.ceil(q / 100 * len(sorted_values)))
    return sorted_values[min(rank, len(sorted_values)) - 1]


@dataclass(frozen=True, slots=True)
class Summary:
    """The figures ``canfield survey --report`` prints (see the module docstring)."""

    variant: str | None
    draw: int | None
    n: int
    won: int
    lost: int
    unknown: int
    rate: float | None
    low: float
    high: float
    mean_seconds: float | None
    slowest: float | None
    resolved: tuple[tuple[str, int], ...] = ()
    """Deals recorded lost and solved again (``--resolve-lost``), by their new verdict."""

    @classmethod
    def of(cls, tally: Tally) -> Summary:
        resolved = tally.won + tally.lost
        low, _ = wilson_interval(tally.won, tally.n)
        _, high = wilson_interval(tally.won + tally.unknown, tally.n)
        return cls(
            tally.variant,
            tally.draw,
            tally.n,
            tally.won,
            tally.lost,
            tally.unknown,
            tally.won / resolved if resolved else None,
            low,
            high,
            tally.seconds / tally.n if tally.n else None,
            tally.slowest if tally.n else None,
            tuple(
                (verdict, tally.resolved[verdict])
                for verdict in VERDICTS
                if verdict in tally.resolved
            ),
        )

    def as_dict(self) -> dict[str, object]:
        """JSON-ready: rates as fractions (0.71245, not 71.245); None where nothing is known."""
        return {
            "variant": self.variant,
            "draw": self.draw,
            "n": self.n,
            "won": self.won,
            "lost": self.lost,
            "unknown": self.unknown,
            "rate": self.rate,
            "low": self.low,
            "high": self.high,
            "mean_seconds": self.mean_seconds,
            "max_seconds": self.slowest,
            "lost_solved_again": dict(self.resolved),
        }

    def label(self) -> str:
        if self.variant is None:
            return "empty survey"
        return f"{self.variant} draw {self.draw}"

    def rate_text(self) -> str:
        """``71.2% [70.0–72.3]``: the running figure the progress bar shows."""
        rate = "–" if self.rate is None else f"{100 * self.rate:.1f}%"
        return f"{rate} [{100 * self.low:.1f}–{100 * self.high:.1f}]"

    def lines(self) -> list[str]:
        resolved = self.won + self.lost
        rate = "no deal resolved" if self.rate is None else f"{100 * self.rate:.3f}% of resolved"
        lines = [
            f"{self.label()}: {self.n} deals, won {self.won}, lost {self.lost}, "
            f"unknown {self.unknown} ({resolved} resolved)",
            f"win rate {rate}; 95% interval {100 * self.low:.3f}%–{100 * self.high:.3f}% "
            "(Wilson, unknowns counted as losses for the low end and as wins for the high end)",
        ]
        if self.mean_seconds is not None and self.slowest is not None:
            lines.append(
                f"time per deal: mean {self.mean_seconds:.3f} s, slowest {self.slowest:.3f} s"
            )
        if self.resolved:
            found = ", ".join(f"{count} {verdict}" for verdict, count in self.resolved)
            lines.append(f"deals recorded lost and solved again: {found}")
        return lines

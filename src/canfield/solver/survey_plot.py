"""The win-rate intervals of several surveys side by side, as a PNG (matplotlib, Agg).

Imported only by ``canfield survey --plot``: matplotlib is a research extra,
never needed by the app. The figure is drawn with matplotlib's object API on
the Agg canvas, so no GUI backend and no global pyplot state are involved.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Final

from canfield.outfile import output_problem, replace_with
from canfield.solver.survey import SurveyError
from canfield.solver.survey_stats import Summary

__all__ = ["PAPER_SOLVITAIRE_D3", "PAPER_SOLVITAIRE_STRICT_D3", "PUBLISHED", "plot_intervals"]

PAPER_SOLVITAIRE_D3: Final = 0.71245
"""Blake & Gent's win rate for the `solvitaire` rules, draw 3, over 10⁷ deals (± 0.031%)."""
PAPER_SOLVITAIRE_STRICT_D3: Final = 0.67562
"""Blake & Gent's win rate with only whole piles moving (± 0.034%): `solvitaire_strict`, draw 3.

The one Canfield preset of Solvitaire that moves whole piles only is
``canfield-strict`` (docs/win-rates.md says how far that identification goes).
"""
PUBLISHED: Final[dict[tuple[str | None, int | None], float]] = {
    ("solvitaire", 3): PAPER_SOLVITAIRE_D3,
    ("solvitaire_strict", 3): PAPER_SOLVITAIRE_STRICT_D3,
}
"""The published win rates, by (variant, draw): a red diamond on those rows."""
MAX_FILES: Final = 100
MISSING: Final = "canfield survey --plot needs matplotlib: pip install 'canfield[research]'"


def check_plot_path(out: Path) -> None:
    """Refuse an output path before any survey is read: not a PNG name, no folder, a device."""
    problem = output_problem(out, ".png")
    if problem is not None:
        raise SurveyError(f"--plot writes a PNG: {problem}")


def plot_intervals(summaries: Sequence[Summary], out: Path) -> None:
    """Draw each survey's rate and interval as one row; written atomically to ``out``."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        raise SurveyError(MISSING) from None
    check_plot_path(out)
    figure = Figure(figsize=(8, 1.2 + 0.45 * len(summaries)), dpi=120, layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    labels = []
    paper: list[tuple[float, int]] = []
    for y, summary in enumerate(summaries):
        labels.append(f"{summary.label()}  (n={summary.n})")
        low, high = 100 * summary.low, 100 * summary.high
        axes.plot([low, high], [y, y], color="tab:blue", linewidth=2.5, solid_capstyle="butt")
        axes.plot([low, high], [y, y], linestyle="none", marker="|", color="tab:blue", ms=10)
        if summary.rate is not None:
            axes.plot([100 * summary.rate], [y], "o", color="tab:blue", ms=5)
        published = PUBLISHED.get((summary.variant, summary.draw))
        if published is not None:
            paper.append((100 * published, y))
    if paper:
        axes.plot(
            [x for x, _ in paper],
            [y for _, y in paper],
            "D",
            color="tab:red",
            ms=6,
            label="Blake & Gent (10⁷ deals)",
        )
        axes.legend(loc="best", fontsize="small")
    axes.set_yticks(range(len(summaries)), labels)
    axes.set_ylim(len(summaries) - 0.5, -0.5)
    axes.set_xlabel("win rate, % (dot: won of resolved; bar: 95% interval, unknowns both ways)")
    axes.grid(axis="x", alpha=0.3)
    try:
        replace_with(out, lambda name: figure.savefig(name, format="png"))
    except OSError as exc:
        raise SurveyError(f"cannot write {out}: {exc.strerror or exc}") from None

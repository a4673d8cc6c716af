"""Print the table of docs/win-rates.md from the survey files in docs/win-rates/.

    .venv/bin/python tools/win_rates_table.py docs/win-rates

One Markdown row per ``<variant>-d<draw>.csv``, in the order of ``canfield.VARIANTS``,
with the figures of ``canfield survey --report``, the CPU the row cost (every attempt
of every deal: the first pass and all retries, which the file keeps), and how far each
row is from its target (5,000 deals for solvitaire draw 3, 1,000 for the others). A
variant and draw without a file is listed as not surveyed yet.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from canfield.solver.survey import read_survey
from canfield.solver.survey_stats import Summary
from canfield.variants import DRAWS, VARIANTS


def target(variant: str, draw: int) -> int:
    return 5000 if (variant, draw) == ("solvitaire", 3) else 1000


def percent(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.2f}%"


def hours(seconds: float) -> str:
    return f"{seconds / 3600:.1f} h"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", type=Path)
    args = parser.parse_args()
    print("| variant | draw | n | won | lost | unknown | rate | 95% interval | CPU | status |")
    print("|---|---|---:|---:|---:|---:|---:|---|---:|---|")
    for variant in VARIANTS:
        for draw in sorted(DRAWS, reverse=True):
            path = args.folder / f"{variant}-d{draw}.csv"
            goal = target(variant, draw)
            if not path.exists():
                empty = "| " * 6  # won, lost, unknown, rate, interval, CPU
                print(f"| {variant} | {draw} | 0 {empty}| not surveyed yet (target {goal:,}) |")
                continue
            tally = read_survey(path)
            s = Summary.of(tally)
            status = "done" if s.n >= goal else f"partial: {s.n:,} of {goal:,}"
            print(
                f"| {variant} | {draw} | {s.n:,} | {s.won:,} | {s.lost:,} | {s.unknown:,} | "
                f"{percent(s.rate)} | {percent(s.low)} – {percent(s.high)} | "
                f"{hours(tally.seconds)} | {status} |"
            )


if __name__ == "__main__":
    main()

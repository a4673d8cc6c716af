"""docs/win-rates.md says what the committed survey files say.

The table is made by ``tools/win_rates_table.py`` from ``docs/win-rates/*.csv``
and pasted between markers; the sentences on the ``solvitaire`` and
``solvitaire_strict`` draw-3 rows (the two with a published figure) are made
from ``canfield survey --report --json``. A file updated without its page
(or the other way round) fails here.
"""

from __future__ import annotations

import csv
import re
import subprocess
import sys
from pathlib import Path

import pytest

from canfield.solver.restricted import wins_carry
from canfield.solver.survey import read_survey
from canfield.solver.survey_plot import PAPER_SOLVITAIRE_D3, PAPER_SOLVITAIRE_STRICT_D3, PUBLISHED
from canfield.solver.survey_stats import Summary
from canfield.variants import DRAWS, VARIANTS, variant_named

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "win-rates.md"


def test_the_table_is_the_one_the_committed_files_make() -> None:
    made = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "win_rates_table.py"), str(ROOT / "docs/win-rates")],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found = re.search(
        r"<!-- table: tools/win_rates_table.py -->\n(.*?)<!-- end of table -->",
        DOC.read_text(encoding="utf-8"),
        flags=re.S,
    )
    assert found is not None
    assert found.group(1) == made
    assert made.count("\n") == 2 + 2 * len(VARIANTS)  # a heading, a rule, every variant twice


@pytest.mark.parametrize(
    ("name", "published", "deals"),
    [
        ("solvitaire", PAPER_SOLVITAIRE_D3, 5000),
        ("solvitaire_strict", PAPER_SOLVITAIRE_STRICT_D3, 700),
    ],
)
def test_the_sentence_on_a_published_row_is_the_reports(
    name: str, published: float, deals: int
) -> None:
    s = Summary.of(read_survey(ROOT / "docs" / "win-rates" / f"{name}-d3.csv"))
    assert s.rate is not None and s.low is not None and s.high is not None
    sentence = (
        f"{s.n:,} deals, {s.won:,} won, {s.lost:,} lost, {s.unknown:,} unknown; "
        f"rate {100 * s.rate:.2f}% of resolved, 95% interval "
        f"{100 * s.low:.2f}%–{100 * s.high:.2f}%"
    )
    assert f"<!-- {name}-d3 -->{sentence}<!-- end -->" in DOC.read_text(encoding="utf-8")
    assert s.n >= deals and s.low <= published <= s.high  # the published figure, inside
    assert PUBLISHED[(name, 3)] == published  # the plot's red diamond is the same figure


def _verdicts(path: Path) -> dict[int, str]:
    """Deal -> verdict; a later row (a retry's) stands for the deal."""
    with path.open(newline="", encoding="utf-8") as f:
        return {int(row["deal"]): row["verdict"] for row in csv.DictReader(f)}


def test_no_row_wins_a_deal_that_a_row_whose_wins_include_its_lost() -> None:
    """Where every win of one row is a win of another (``wins_carry``: a restricted game, or
    the same game's draw 3 for its draw 1; docs/solver.md), a deal won in the first and proved
    lost in the second would be a wrong verdict in one of them: the rows are paired."""
    rows = {
        (variant, draw): _verdicts(ROOT / "docs" / "win-rates" / f"{variant}-d{draw}.csv")
        for variant in VARIANTS
        for draw in DRAWS
    }
    pairs = 0
    for (source, source_draw), won in rows.items():
        for (target, draw), verdicts in rows.items():
            if not wins_carry(variant_named(source), source_draw, variant_named(target), draw):
                continue
            both = won.keys() & verdicts.keys()
            wrong = sorted(n for n in both if won[n] == "won" and verdicts[n] == "lost")
            assert not wrong, (source, source_draw, target, draw, wrong[:10])
            pairs += len(both)
    assert pairs > 30_000  # solvitaire_strict < classic < canfield < superior, strict < ...

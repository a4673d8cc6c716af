"""Build the app's index of deals proved won from the atlas (``docs/win-rates/*.csv``).

"Winnable deals only" deals from this index first, so it answers at once; a
deal is in it when any row of its variant and draw mode's survey says ``won``
(the solver's won line replays through the rules, so the verdict is a proof).
Run it after the atlas changes::

    .venv/bin/python tools/build_winnable_index.py          # rewrite the index
    .venv/bin/python tools/build_winnable_index.py --check  # exit 1 if it is out of date

``tests/presentation/test_winnable_index.py`` fails while the index and the CSVs disagree.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from canfield.presentation.winnable_index import (  # noqa: E402
    INDEX_PATH,
    encode_index,
    index_from_surveys,
)

SURVEYS = ROOT / "docs" / "win-rates"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether it is up to date")
    args = parser.parse_args(argv)
    text = encode_index(index_from_surveys(sorted(SURVEYS.glob("*.csv"))))
    current = INDEX_PATH.read_text(encoding="utf-8") if INDEX_PATH.exists() else ""
    if args.check:
        if current != text:
            print(f"{INDEX_PATH.relative_to(ROOT)} is out of date: run {Path(__file__).name}")
            return 1
        return 0
    if current != text:
        INDEX_PATH.write_text(text, encoding="utf-8")
        print(f"wrote {INDEX_PATH.relative_to(ROOT)} ({len(text):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

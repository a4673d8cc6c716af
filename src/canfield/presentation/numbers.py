"""Whole numbers with the current language's digit grouping, without a locale library.

The desktop app writes numbers with Qt's locale; the browser build has neither Qt
nor Babel, so its counts (statistics, the casino bank) are grouped here with
CLDR's separators for the app's four languages.
"""

from __future__ import annotations

from typing import Final

from canfield import i18n

__all__ = ["format_number"]

_GROUP: Final = {"en": ",", "pt": "\u00a0", "hu": "\u00a0", "id": "."}
"""CLDR's grouping separator of each language (pt-PT and hu group with a no-break space)."""
_MIN_GROUPED: Final = {"en": 1000, "pt": 10000, "hu": 10000, "id": 1000}
"""The smallest number grouped (CLDR's minimum grouping digits: 2 in pt-PT and hu)."""


def format_number(value: int) -> str:
    """``value`` written with the current language's thousands separator."""
    lang = i18n.language()
    digits = str(abs(value))
    if abs(value) >= _MIN_GROUPED.get(lang, 1000):
        head = len(digits) % 3 or 3
        parts = [digits[:head], *(digits[i : i + 3] for i in range(head, len(digits), 3))]
        digits = _GROUP.get(lang, ",").join(parts)
    return f"-{digits}" if value < 0 else digits

"""Casino amounts as the player reads them (``+$13``, ``−$52``, ``$0``), for both front ends.

The rule itself (a deal costs $52, each card home pays $5) is kept by
:mod:`canfield.records.statistics`; the digits are written by the caller's
number format (Qt's locale on the desktop, :func:`~canfield.presentation.numbers.format_number`
in the browser).
"""

from __future__ import annotations

from collections.abc import Callable

from canfield.i18n import _
from canfield.presentation.numbers import format_number

__all__ = ["format_money"]


def format_money(amount: int, number: Callable[[int], str] = format_number) -> str:
    """The amount with its sign and the dollar mark, in the current language."""
    digits = number(abs(amount))
    if amount > 0:
        return _("+${amount}").format(amount=digits)
    if amount < 0:
        return _("−${amount}").format(amount=digits)
    return _("${amount}").format(amount=digits)

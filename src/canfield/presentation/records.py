"""The player's records in words: help a game had, the statistics the win screen shows.

Both front ends list recent games and show a win screen; the words are built here
once. Numbers are written plainly (the desktop's statistics table formats its own
with the locale; these short texts stay the same everywhere).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from canfield.i18n import _, ngettext
from canfield.presentation.variant_text import variant_title

if TYPE_CHECKING:
    from canfield.storage.statistics import Statistics

__all__ = ["assisted_note", "help_text", "statistic_spoken", "win_record_parts", "win_record_text"]


def help_text(hints: int, assisted: bool) -> str:
    """What help a finished game had, for its line in recent games ("" when none)."""
    parts = []
    if assisted:
        parts.append(_("played by Show me"))
    if hints:
        parts.append(ngettext("%(n)d hint", "%(n)d hints", hints) % {"n": hints})
    return " · ".join(parts)


def statistic_spoken(row: str, column: str, value: str) -> str:
    """One figure of the statistics table as a reader says it: "Won, 3 cards: 8".

    Orca 43 reads a whole row of a desktop table when Up or Down reaches it, each cell
    by its name and none by its headers, and names only a new column header on Left
    or Right: a cell named by its value alone left "8" without its row.
    """
    return _("{row}, {column}: {value}").format(row=row, column=column, value=value)


def assisted_note() -> str:
    """Why an assisted game is not in the figures (statistics and the win screen)."""
    return _("Games Show me played in are counted apart, in no other figure.")


def win_record_parts(stats: Statistics, assisted: bool, variant: str = "canfield") -> list[str]:
    """The win screen's figures of this variant and draw mode: win rate, streak, best score.

    The first names the variant and draw mode they are of. A win Show me played in is
    not in them, and the screen says so instead.
    """
    if assisted:
        return [_("Won with Show me: not counted in your statistics.")]
    best = stats.best_score if stats.best_score is not None else 0
    return [
        _("%(variant)s, draw %(draw)d: win rate %(percent)d%%")
        % {
            "variant": variant_title(variant),
            "draw": stats.draw,
            "percent": round(stats.win_rate * 100),
        },
        _("Streak %(streak)d (best %(best)d)")
        % {"streak": stats.current_streak, "best": stats.best_streak},
        _("Best score %(best)d") % {"best": best},
    ]


def win_record_text(stats: Statistics, assisted: bool, variant: str = "canfield") -> str:
    """The same figures on one line (what a screen reader hears)."""
    return " · ".join(win_record_parts(stats, assisted, variant))

"""The variants as the app names and explains them, in the app's language.

What a variant *is* lives in :mod:`canfield.variants` (and docs/rules.md §9);
this module only holds the words the player reads for it: a name and a one-line
summary of what it changes, for the New game window, the title bar and the
statistics.
"""

from __future__ import annotations

from typing import Final

from canfield.i18n import _
from canfield.variants import RESEARCH_VARIANTS, VARIANTS

__all__ = ["APP_VARIANTS", "variant_summary", "variant_title"]

APP_VARIANTS: Final = tuple(name for name in VARIANTS if name not in RESEARCH_VARIANTS)
"""The variants New game offers, in the rules' order.

The research rule sets (``RESEARCH_VARIANTS``: ``solvitaire`` and
``solvitaire_strict``, docs/rules.md §9) are left out on purpose: they are the
rule sets of a published solver study, kept for research and for comparing
verdicts with other solvers, not games players ask for. Their codes still play
in the app (a code carries its variant), and their names and summaries are
here so such a game is named like any other.
"""


def variant_title(name: str) -> str:
    """The variant's name as the player reads it."""
    titles = {
        "canfield": _("Canfield"),
        "classic": _("Classic"),
        "superior": _("Superior"),
        "rainbow": _("Rainbow"),
        "storehouse": _("Storehouse"),
        "strict": _("Strict"),
        "solvitaire": _("Solvitaire"),
        "solvitaire_strict": _("Solvitaire strict"),
    }
    return titles.get(name, name)


def variant_summary(name: str) -> str:
    """One line on what the variant changes against the app's own Canfield."""
    summaries = {
        "canfield": _(
            "The app's own rules: any run moves, passes through the stock are unlimited."
        ),
        "classic": _(
            "Hoyle's game: only whole columns move, no taking back, "
            "only the waste fills an empty column."
        ),
        "superior": _(
            "The reserve lies face up, every card visible; empty columns are not filled by "
            "themselves."
        ),
        "rainbow": _(
            "Columns build down regardless of suit and colour; one pass through the stock."
        ),
        "storehouse": _("The four 2s start the foundations; three passes through the stock."),
        "strict": _("The casino game: one pass through the stock, no turning the waste over."),
        "solvitaire": _(
            "The rules of a published solver study: ranks counted from the base, no taking back."
        ),
        "solvitaire_strict": _(
            "The published solver study's strict rules: only whole columns move, "
            "ranks counted from the base, no taking back."
        ),
    }
    return summaries.get(name, "")

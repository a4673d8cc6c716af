"""The texts the page shows before Python runs: put into ``index.html`` at build time.

The splash is painted before Pyodide has started, so its few words cannot come
from the worker; ``tools/build_web.py`` takes them from the catalogs here instead.
"""

from __future__ import annotations

from canfield.i18n import translations

__all__ = ["boot_texts"]


def boot_texts(lang: str) -> dict[str, str]:
    """The splash's texts in ``lang``, keyed by what the page uses them for."""
    _ = translations(lang).gettext
    return {
        "title": _("Canfield"),
        "loading": _("Loading…"),
        "runtime": _("Starting Python…"),
        "engine": _("Loading the game…"),
        "dealing": _("Dealing…"),
        "failed": _("The game could not start."),
        "reload": _("Reload"),
        "noscript": _("This game needs JavaScript and WebAssembly."),
    }

"""The app's dialogs: new game, statistics, settings, help, about and confirmations.

Every dialog builds its widgets once and sets all its texts in ``retranslate()``,
which is connected to :attr:`canfield.gui.i18n_qt.LanguageNotifier.language_changed`,
so an open dialog follows a language switch at once.
"""

from __future__ import annotations

from canfield.gui.dialogs.about import AboutDialog
from canfield.gui.dialogs.confirm import confirm_abandon, confirm_reset_statistics, confirm_restart
from canfield.gui.dialogs.help import HelpDialog
from canfield.gui.dialogs.new_game import NewGameChoice, NewGameDialog
from canfield.gui.dialogs.settings import SettingsDialog
from canfield.gui.dialogs.statistics import StatisticsDialog, StatisticsSource

__all__ = [
    "AboutDialog",
    "HelpDialog",
    "NewGameChoice",
    "NewGameDialog",
    "SettingsDialog",
    "StatisticsDialog",
    "StatisticsSource",
    "confirm_abandon",
    "confirm_reset_statistics",
    "confirm_restart",
]

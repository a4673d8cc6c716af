"""Settings, statistics and the game in progress, kept in SQLite under the user's data folder.

Pure Python (no Qt), so the CLI and tests can use it too::

    from canfield.storage import Store

    store = Store()                     # or Store(path); $CANFIELD_DATA_DIR overrides the folder
    game = store.load_game() or Game.new(store.settings.draw)
    game.play("s"); store.save_game(game)   # after every action; records a win once
    store.statistics(3).win_rate
"""

from __future__ import annotations

from canfield.storage.errors import InvalidSettingError, StorageError, StorageWarning
from canfield.storage.paths import (
    DATABASE_NAME,
    ENV_DATA_DIR,
    data_dir,
    default_database_path,
)
from canfield.storage.settings import LANGUAGES, Settings
from canfield.storage.statistics import Statistics
from canfield.storage.store import Store

__all__ = [
    "DATABASE_NAME",
    "ENV_DATA_DIR",
    "LANGUAGES",
    "InvalidSettingError",
    "Settings",
    "Statistics",
    "StorageError",
    "StorageWarning",
    "Store",
    "data_dir",
    "default_database_path",
]

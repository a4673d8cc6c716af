"""Settings, statistics and the game in progress, kept in SQLite under the user's data folder.

Pure Python (no Qt), so the CLI and tests can use it too::

    from canfield.storage import Store

    store = Store()                     # or Store(path); $CANFIELD_DATA_DIR overrides the folder
    game = store.load_game() or Game.new(store.settings.draw)
    game.play("s"); store.save_game(game)   # after every action; records a win once
    store.statistics(3).win_rate            # draw 3 of "canfield"; statistics(1, "rainbow")
    store.recent_games()                    # the last finished games, newest first
    while (notice := store.take_notice()):  # what to tell the player (disk full, ...)
        ...
"""

from __future__ import annotations

from canfield.storage.errors import (
    InvalidSettingError,
    StorageError,
    StorageInUseError,
    StorageWarning,
)
from canfield.storage.notices import Notice, NoticeKind
from canfield.storage.paths import (
    DATABASE_NAME,
    ENV_DATA_DIR,
    data_dir,
    default_database_path,
)
from canfield.storage.recent import RECENT_LIMIT, RecentGame
from canfield.storage.settings import CARD_BACKS, FELTS, Settings
from canfield.storage.statistics import DEAL_COST, Statistics
from canfield.storage.store import Store

__all__ = [
    "CARD_BACKS",
    "DATABASE_NAME",
    "DEAL_COST",
    "ENV_DATA_DIR",
    "FELTS",
    "RECENT_LIMIT",
    "InvalidSettingError",
    "Notice",
    "NoticeKind",
    "RecentGame",
    "Settings",
    "Statistics",
    "StorageError",
    "StorageInUseError",
    "StorageWarning",
    "Store",
    "data_dir",
    "default_database_path",
]

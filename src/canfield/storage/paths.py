"""Where the database lives: one file in the user's data folder, overridable for tests."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final

import platformdirs

__all__ = ["DATABASE_NAME", "ENV_DATA_DIR", "data_dir", "default_database_path"]

ENV_DATA_DIR: Final = "CANFIELD_DATA_DIR"
"""Environment variable naming a folder to use instead of the user's data folder."""
DATABASE_NAME: Final = "canfield.sqlite3"


def data_dir() -> Path:
    """``$CANFIELD_DATA_DIR`` when set (tests, portable installs), else the platform's folder."""
    override = os.environ.get(ENV_DATA_DIR, "").strip()
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir("canfield", appauthor=False))


def default_database_path() -> Path:
    """The database file :class:`~canfield.storage.Store` opens when given no path."""
    return data_dir() / DATABASE_NAME

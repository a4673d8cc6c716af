"""What the storage layer refuses or reports, so the app can catch one family of errors."""

from __future__ import annotations

from canfield.records.settings import InvalidSettingError

__all__ = ["InvalidSettingError", "StorageError", "StorageInUseError", "StorageWarning"]


class StorageError(Exception):
    """A write (or read) failed at run time, e.g. the disk is full or the file vanished.

    Opening raises only its subclass :class:`StorageInUseError`: a broken
    database is moved aside instead, and an unwritable one is run in memory.
    """


class StorageInUseError(StorageError):
    """Another process (a second copy of the app) has the database open for writing."""


class StorageWarning(UserWarning):
    """Stored data was damaged and has been ignored or discarded (never fatal)."""

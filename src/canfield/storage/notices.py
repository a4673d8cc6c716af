"""What the player must be told about their saved data, once: the app words it.

The store never shows anything; it queues a :class:`Notice` when something
changes (data set aside, saving stopped, saving works again) and the app takes
each one with :meth:`Store.take_notice` and says it in the player's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path

__all__ = ["Notice", "NoticeKind"]


class NoticeKind(Enum):
    SET_ASIDE = "set aside"
    """The database was damaged or not ours: renamed aside, the app starts afresh."""
    GAME_DAMAGED = "game damaged"
    """The saved game could not be restored; a copy of the data was kept."""
    CLOCK_RESET = "clock reset"
    """The saved game's clock was damaged: the game is kept with its clock at 0, a copy kept."""
    STATISTICS_DAMAGED = "statistics damaged"
    """Some statistics were impossible and were reset; a copy of the data was kept."""
    CANNOT_SAVE = "cannot save"
    """Writing fails now (disk full, I/O error): play goes on, saving resumes when it can."""
    UNWRITABLE = "unwritable"
    """The data folder or file cannot be used at all: nothing of this session will be kept."""
    LINK_SET_ASIDE = "link set aside"
    """A symbolic link was planted at the database, a companion or the lock (or a FIFO, a
    folder, a hard link at a companion or the lock): it was not followed or opened but
    renamed aside (``path``: its new name; ``detail`` names it and what it was)."""
    FOREIGN_FOLDER = "foreign folder"
    """The data folder (``path``) belongs to another user; it is used all the same."""
    SAVING_AGAIN = "saving again"
    """After :attr:`CANNOT_SAVE`: everything is written now."""


@dataclass(frozen=True, slots=True)
class Notice:
    kind: NoticeKind
    path: Path | None
    """The copy or backup kept (SET_ASIDE, *_DAMAGED) or the database (the others)."""
    detail: str
    """The technical reason, in English, for logs and bug reports."""

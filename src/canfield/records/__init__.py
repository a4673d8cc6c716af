"""The player's records as plain values: settings, statistics, recent games, and when a game counts.

They hold no storage of their own, so the desktop app keeps them in SQLite
(:mod:`canfield.storage`) and the browser build keeps the same values as JSON in
IndexedDB (:mod:`canfield.web`), both checked by the same code on load.
"""

from __future__ import annotations

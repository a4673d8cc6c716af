"""The PySide6 app: table, windows and card art; the engine never imports this."""

from __future__ import annotations

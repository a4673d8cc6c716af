"""The PySide6 app: table, windows and card art; the engine never imports this.

PySide6-Essentials is pinned below 6.12 in ``pyproject.toml`` (6.12.0 drops a
reference to ``None`` on every Python override of a void virtual under
CPython 3.11), so no workaround lives here; lift the pin once PySide is fixed.
"""

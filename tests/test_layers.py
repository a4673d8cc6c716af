"""The engine, solver, storage and presentation work without Qt; only canfield.gui imports it."""

from __future__ import annotations

import subprocess
import sys

ENGINE_MODULES = (
    "canfield",
    "canfield.cards",
    "canfield.deal",
    "canfield.state",
    "canfield.moves",
    "canfield.rules",
    "canfield.game",
    "canfield.describe",
    "canfield.cli.show",
    "canfield.presentation.geometry",
    "canfield.presentation.piles",
    "canfield.presentation.narration",
    "canfield.presentation.answers",
    "canfield.presentation.variant_text",
    "canfield.presentation.clock",
)


def test_importing_the_engine_loads_no_qt() -> None:
    code = (
        "import importlib, sys\n"
        f"for name in {ENGINE_MODULES!r}:\n"
        "    importlib.import_module(name)\n"
        "banned = ('PySide6', 'shiboken6', 'canfield.gui')\n"
        "qt = sorted(m for m in sys.modules if m.startswith(banned))\n"
        "print(','.join(qt))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == ""

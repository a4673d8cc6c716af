"""Shared fixtures: the example deal of docs/notation.md and a few crafted decks."""

from __future__ import annotations

import os

import pytest

from canfield import Game
from canfield.deal import EXAMPLE_CODE

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture
def example() -> Game:
    """The example deal (EXAMPLE_CODE): base 7H, columns 6C KH QH AS, reserve top QC."""
    return Game.from_code(EXAMPLE_CODE)

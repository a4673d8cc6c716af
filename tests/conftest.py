"""Shared fixtures: the example deal of docs/notation.md, and the QApplication for tests/gui."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from canfield import Game
from canfield.deal import EXAMPLE_CODE
from canfield.i18n import language, set_language

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture
def example() -> Game:
    """The example deal (EXAMPLE_CODE): base 7H, columns 6C KH QH AS, reserve top QC."""
    return Game.from_code(EXAMPLE_CODE)


@pytest.fixture(autouse=True)
def _qt_application(request: pytest.FixtureRequest) -> None:
    """Every test under tests/gui has the QApplication before it builds a widget.

    A widget built with no application aborts the whole worker process (Qt's fatal error, not
    an exception); a test that asks for no Qt fixture had relied on an earlier test of its
    worker to have made the application, and crashed the quick tier when the order changed.
    """
    if "gui" in request.node.path.parts:
        request.getfixturevalue("qapp")


@pytest.fixture(autouse=True)
def _language_restored() -> Iterator[None]:
    """Every test ends in the language it began in.

    The language is the process's: test_web_boot's request to the bridge in Portuguese left
    it so, and a browser journey run after it on the same worker built its expected words
    in Portuguese ("Continuar a jogar") and waited for a button the English page never had.
    """
    before = language()
    yield
    set_language(before)

"""Shared fixtures: the example deal of docs/notation.md and a few crafted decks; xdist groups."""

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


@pytest.fixture(autouse=True)
def _qt_application(request: pytest.FixtureRequest) -> None:
    """Every test under tests/gui has the QApplication before it builds a widget.

    A widget built with no application aborts the whole worker process (Qt's fatal error, not
    an exception); a test that asks for no Qt fixture had relied on an earlier test of its
    worker to have made the application, and crashed the quick tier when the order changed.
    """
    if "gui" in request.node.path.parts:
        request.getfixturevalue("qapp")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Keep ``xdist_group`` working under ``--dist loadgroup`` (as ``make test`` runs).

    pytest-xdist 3.8 names a test's group by setting ``item._nodeid`` to ``id@group``, which
    pytest 9 no longer reads (a node's id is ``item._id``): every group was silently ignored,
    so tests meant to share one worker's module-wide browser or brute force ran on both. This
    writes the same id where pytest 9 reads it; where xdist's own already took, it does nothing.
    """
    if not getattr(config.option, "loadgroup", False):
        return
    try:
        from _pytest.nodeid import NodeId
    except ImportError:  # pytest 8: xdist's own suffix works
        return
    for item in items:
        names = {
            str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
            for mark in item.iter_markers("xdist_group")
        }
        if names and "@" not in item.nodeid:
            item._id = NodeId.parse(f"{item.nodeid}@{'_'.join(sorted(names))}")

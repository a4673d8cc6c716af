"""Fixtures of the screen-reader tests: the stacks a test started, and the apps tests share."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from ear import SharedApps
from stack import Stack


@pytest.fixture
def stacks() -> Iterator[list[Stack]]:
    """The stacks a test started itself, closed after it."""
    started: list[Stack] = []
    yield started
    for stack in started:
        stack.close()


@pytest.fixture(scope="module")
def example_apps(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SharedApps]:
    """One app per language on the example deal, shared by a module's tests."""
    apps = SharedApps(tmp_path_factory.mktemp("shared"))
    yield apps
    apps.close()

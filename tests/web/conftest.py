"""Fixtures of the browser tests (the harness itself is web_harness.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from web_harness import Server, build_site, missing, start_server


@pytest.fixture(scope="session")
def site() -> Path:
    reason = missing()
    if reason is not None:
        pytest.skip(f"browser tests skipped: {reason}")
    return build_site()


@pytest.fixture(scope="session")
def server(site: Path) -> Iterator[Server]:
    running = start_server(site)
    yield running
    running.stop()

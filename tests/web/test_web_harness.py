"""The browser tests' harness itself: a journey whose renderer dies runs once more, and says so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from web_harness import RendererCrash

from canfield import Game

EXAMPLE = "CF1-D3-AAAAACL"


def _steps(once: Path) -> list[dict[str, Any]]:
    return [
        {"do": "goto", "code": EXAMPLE},
        {"do": "crash-renderer", "once": str(once)},
        {"do": "snapshot", "name": "after"},
    ]


@pytest.mark.xdist_group("harness")
def test_a_journey_whose_renderer_crashed_runs_again_once_with_a_warning(
    site: Any, tmp_path: Path
) -> None:
    from test_web_browser import _run_journey

    once = tmp_path / "crashed"
    with pytest.warns(RendererCrash, match="renderer crashed"):
        seen = _run_journey(site, _steps(once))
    assert once.is_file()  # the first run did crash
    # the second run went through and saw the page
    assert len(seen["after"]["piles"]) == 11
    assert Game.from_code(EXAMPLE).code == seen["after"]["code"]


@pytest.mark.xdist_group("harness")
def test_a_renderer_that_crashes_twice_fails_the_journey(
    site: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import test_web_browser

    # every run crashes: a missing marker file each time
    runs: list[int] = []
    real = test_web_browser._journey_once

    def fresh(site: Any, steps: list[dict[str, Any]], options: dict[str, Any]) -> Any:
        runs.append(1)
        return real(site, _steps(tmp_path / f"crashed-{len(runs)}"), options)

    monkeypatch.setattr(test_web_browser, "_journey_once", fresh)
    with pytest.warns(RendererCrash), pytest.raises(AssertionError, match="crashed"):
        test_web_browser._run_journey(site, [])
    assert len(runs) == 2

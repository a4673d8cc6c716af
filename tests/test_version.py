"""``canfield --version`` names the version and which search runs (compiled core or Python)."""

from __future__ import annotations

import pytest

from canfield import __version__
from canfield.cli import main
from canfield.solver.search import COMPILED, core_in_use


def version(capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def test_version_names_the_search_that_runs(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CANFIELD_PURE_PYTHON", raising=False)
    engine = (
        "compiled search core"
        if COMPILED
        else "pure-Python search (the compiled core was not built at install)"
    )
    assert version(capsys) == f"canfield {__version__}, {engine}\n"
    assert core_in_use() is COMPILED


@pytest.mark.skipif(not COMPILED, reason="the compiled core is not built")
def test_version_says_when_the_python_search_is_forced(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CANFIELD_PURE_PYTHON", "1")
    assert version(capsys).endswith(", pure-Python search (CANFIELD_PURE_PYTHON is set)\n")
    assert not core_in_use()

"""The browser build's start: what paints before anything loads, the bytecode it ships, the
worker compiling Pyodide itself when the page cannot, and a start restored from the memory
snapshot of Python an earlier one kept.

How fast it starts is measured by ``benchmarks/bench_web.py`` (figures, not tests); these
check that the ways it was made faster keep the game working.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from web_harness import CHROMIUM, ROOT, Server, run_module

from canfield.web.boot import boot_texts

SCENARIOS = ROOT / "tests" / "web" / "boot_scenarios.mjs"


def _scenario(name: str, url: str) -> dict[str, Any]:
    result = subprocess.run(
        ["node", str(SCENARIOS), name, url],
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
        cwd=ROOT,
        env={**os.environ, "CANFIELD_CHROMIUM": CHROMIUM},
    )
    if result.returncode != 0:
        pytest.fail(f"boot scenario {name} failed:\n{result.stderr[-4000:]}")
    answer: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    return answer


def test_the_splash_paints_from_the_page_alone_with_every_request_held_back(
    server: Server,
) -> None:
    seen = _scenario("held", server.url)
    assert seen["paint"] == 1, "no first contentful paint while the page's requests were held"
    splash = seen["splash"]
    assert splash["visible"] and "radial-gradient" in splash["background"]  # styled inline
    assert splash["icon"] == [96, 96]  # the icon is drawn inline, not fetched
    assert splash["title"] == "Canfield"
    assert "/app/page/main.js" in seen["asked"]  # asked for and held: the paint did not need it


def test_the_game_starts_when_the_page_cannot_compile_pyodide_itself(server: Server) -> None:
    seen = _scenario("noPageCompile", server.url)
    assert seen["errors"] == []
    assert seen["cards"] > 0
    assert "worker: loadPyodide" in seen["measures"]


def test_a_second_start_restores_python_from_the_snapshot_the_first_visit_kept(
    server: Server,
) -> None:
    seen = _scenario("snapshot", server.url)
    assert seen["errors"] == []
    first, *later = seen["starts"]
    assert "worker: loadPyodide" in first["measures"]
    assert "worker: take the snapshot" in first["measures"]
    codes = set()
    for start in later:
        assert "worker: loadPyodide from the snapshot" in start["measures"]
        assert "worker: loadPyodide" not in start["measures"]
        assert start["cards"] > 0 and start["stock"] is True
        assert start["dealt"], "New game did not deal after a restored start"
        codes.add(start["dealt"])
    assert len(codes) == len(later), "two restored starts dealt the same random game"


def test_a_reload_resumes_the_saved_game_without_saying_dealing(server: Server) -> None:
    # Orca heard "Dealing…" on every reload (docs/web.md): the last boot stage, shown before the
    # store was read; a saved game is resumed, not dealt
    seen = _scenario("stages", server.url)
    assert seen["errors"] == []
    first, reload = seen["visits"]
    texts = boot_texts("en")
    assert first[-1] == texts["dealing"], first
    assert texts["dealing"] not in reload, reload
    assert reload[0] == texts["loading"] and len(reload) > 1, reload


_REQUEST = {
    "op": "start",
    "args": {"lang": "pt", "code": "CF1-D3-AAAAACL", "width": 390, "height": 700, "saved": None},
}
_PROGRAM = """
import json, sys
import gettext
from canfield.web import bridge
answer = json.loads(bridge.handle(REQUEST))
from canfield.game import Game
print(json.dumps({
    "origins": {m: sys.modules[m].__spec__.origin for m in
                ("canfield.game", "canfield.web.session", "gettext")},
    "view": answer["view"], "say": answer.get("say"),
    "docs": [sys.modules["canfield.game"].__doc__, Game.from_code.__doc__, Game.__doc__],
}))
"""


def test_the_shipped_bytecode_runs_under_the_shipped_pyodide_as_cpython_runs_the_source(
    site: Path,
) -> None:
    (wheel,) = site.glob("canfield-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert not [n for n in names if n.endswith(".py")], "the wheel still ships sources"
    assert "canfield/web/session.pyc" in names
    runner = (
        "import { readFileSync } from 'node:fs';"
        f"import {{ loadPyodide }} from {json.dumps(str(site / 'pyodide' / 'pyodide.mjs'))};"
        f"const py = await loadPyodide({{ indexURL: {json.dumps(str(site / 'pyodide') + '/')},"
        " stdout: (s) => console.log(s) });"
        f"py.unpackArchive(new Uint8Array(readFileSync({json.dumps(str(wheel))})), 'wheel');"
        "py.runPython(readFileSync(0, 'utf8'));"
    )
    result = run_module(runner, f"REQUEST = {json.dumps(json.dumps(_REQUEST))}\n{_PROGRAM}")
    assert result.returncode == 0, result.stderr[-3000:]
    pyodide = json.loads(result.stdout.strip().splitlines()[-1])
    origins = pyodide["origins"]
    assert origins["canfield.game"].endswith("canfield/game.pyc")
    assert origins["canfield.web.session"].endswith("canfield/web/session.pyc")
    assert origins["gettext"].endswith("python314.zip/gettext.pyc")

    from canfield.game import Game
    from canfield.web import bridge

    answer = json.loads(bridge.handle(json.dumps(_REQUEST)))
    assert pyodide["view"] == answer["view"]
    assert pyodide["say"] == answer.get("say")
    # the modules' and functions' docstrings are left out, the classes' kept
    module_doc, function_doc, class_doc = pyodide["docs"]
    assert module_doc is None and function_doc is None
    assert Game.__doc__ and class_doc.split() == Game.__doc__.split()  # 3.14 dedents it
    assert Game.from_code.__doc__


def test_a_first_visit_downloads_at_most_5_mib_gzipped(site: Path) -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    import build_web

    raw, zipped = build_web.sizes(site)
    assert zipped <= 5 * 2**20, f"{zipped:,} bytes gzipped ({raw:,} raw)"

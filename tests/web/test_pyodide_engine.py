"""A sample of the engine, description and solver tests, run again under Pyodide in Node.

The browser runs the same pure-Python wheel on CPython compiled to WebAssembly; the
verdicts, solver lines and texts must be the ones CPython gives, byte for byte.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest
from web_harness import ROOT

PROGRAM = """
import json
from canfield import Game
from canfield.solver import solve
from canfield.i18n import LANGUAGES
from canfield.variants import VARIANTS

out = {}
for name in sorted(VARIANTS):
    code = "CF1-D3-AAAAACL" if name == "canfield" else f"CF1-{name.upper()}-D3-AAAAACL"
    game = Game.from_code(code)
    played = []
    for _ in range(12):
        moves = game.legal_moves()
        if not moves:
            break
        played.append(game.play(moves[len(moves) // 2]).notation())
    game.undo()
    out[name] = {
        "code": game.code,
        "played": played,
        "score": game.score,
        "describe": {lang: game.describe(lang) for lang in LANGUAGES},
        "save": {k: v for k, v in game.to_dict().items() if k != "id"},  # the id is random
    }
for code in ("CF1-D3-AAAAACL", "CF1-D1-AAAAABA", "CF1-D3-AAAAAAK"):
    found = solve(Game.from_code(code), time_limit=None, node_limit=4000)
    out[code] = {"verdict": found.verdict.name, "nodes": found.nodes, "line": found.notation()}
game = Game.from_code("CF1-D3-AAAAACL")
out["tap"] = [str(game.tap_move(card)) for card in game.state.reserve[-1:] + game.state.waste]
out["restored"] = Game.from_dict(json.loads(json.dumps(out["canfield"]["save"]))).describe("pt")
RESULT = json.dumps(out, sort_keys=True)
"""


def _cpython() -> dict[str, object]:
    namespace: dict[str, object] = {}
    exec(PROGRAM, namespace)
    result: dict[str, object] = json.loads(str(namespace["RESULT"]))
    return result


def test_the_wheel_under_pyodide_gives_cpythons_verdicts_and_texts(tmp_path: Path) -> None:
    if shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide").is_dir():
        pytest.skip("Pyodide tests skipped: node or node_modules/pyodide missing (run `npm ci`)")
    sys.path.insert(0, str(ROOT / "tools"))
    import build_web

    wheel = build_web.build_wheel(tmp_path)
    in_pyodide = build_web.run_in_pyodide(wheel, PROGRAM, timeout=300)  # as the build runs it
    os.environ["CANFIELD_PURE_PYTHON"] = "1"
    try:
        expected = _cpython()
    finally:
        del os.environ["CANFIELD_PURE_PYTHON"]
    assert in_pyodide == expected
    # the sample is worth comparing: play happened, and the search decided something
    assert all(len(in_pyodide[name]["played"]) == 12 for name in ("canfield", "rainbow"))
    assert any(
        in_pyodide[code]["verdict"] != "UNKNOWN"
        for code in ("CF1-D3-AAAAACL", "CF1-D1-AAAAABA", "CF1-D3-AAAAAAK")
    )

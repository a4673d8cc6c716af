"""Every op of the browser's session once, run under Pyodide by ``tools/build_web.py``.

What this imports is what the page's Python needs; the build keeps those standard-library
files (and the ones the package's source names) and drops the rest of Pyodide's zip.
It leaves the list of loaded files, as JSON, in ``RESULT``.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from canfield.web import bridge


def call(op: str, **args: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(bridge.handle(json.dumps({"op": op, "args": args})))
    return answer


save = call("start", lang="en", width=390, height=844, saved="{bad", code="CF1-D3-AAAAACL")["save"]
for lang in ("pt", "hu", "id", "en"):
    call("language", lang=lang)
    call("describe")
for op, args in [
    ("tap", {"card": "QC"}),
    ("stock", {}),
    ("undo", {}),
    ("redo", {}),
    ("move", {"card": "6C", "pile": "column-2"}),
    ("hover", {"card": "6C", "x": 10, "y": 10, "px": 10, "py": 10}),
    ("drop", {"card": "6C", "x": 10, "y": 10, "px": 10, "py": 10}),
    ("pickup", {"card": "6C"}),
    ("key", {"key": "r"}),
    ("key", {"key": "enter"}),
    ("key", {"key": "2"}),
    ("key", {"key": "t"}),
    ("key", {"key": "enter", "pile": "column-0", "card": "6C"}),
    ("tick", {"active": False}),
    ("copy", {}),
    ("notice", {"error": "x"}),
    ("thinking", {}),
    ("screen", {"screen": "deal", "text": "CF1-D3-!!"}),
    ("screen", {"screen": "deal", "text": "AS 2S", "abandon": True}),
    ("screen", {"screen": "deal", "winnable": True, "abandon": True, "found": None}),
    ("nothing", {}),
    ("play", {"move": "s"}),
    ("resize", {"width": 1e9, "height": -5}),
]:
    call(op, **args)
for variant in ("classic", "superior", "rainbow", "storehouse", "strict", "canfield"):
    call("screen", screen="deal", variant=variant, draw=1, abandon=True)
    call("stock")
    call("restart")
call("start", lang="en", saved=call("tap", card="QC").get("save"))
call("hint", saved=save, lang="en", seconds=0.3)
call("solve", saved=save, lang="en")
watched = call("watch", saved=save, lang="en", seconds=0.3)
call("watched", **{k: v for k, v in watched.items() if k != "ok"})
call("find_winnable", variant="canfield", draw=3)
RESULT = json.dumps(sorted({str(getattr(m, "__file__", None) or "") for m in sys.modules.values()}))

"""The worker's one entry point: a JSON request in, a JSON answer out, never an exception.

``web/src/worker/worker.ts`` calls :func:`handle` for every message from the page;
the page stays a drawing of what comes back. A request the session refuses (bad
arguments, a damaged save) is answered ``{"ok": false, "error": "..."}`` in one
line, as the command line does.

The session is made by the first request, not at import: a worker may start from a memory
snapshot of Pyodide taken just after this module was imported (``web/src/worker/snapshot.ts``),
and a session made then (its dealt game, its game id, its clock) would be the same in every
start restored from it. :func:`restored` is what such a start calls first.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from canfield.web.session import BridgeError, Session

__all__ = ["handle", "restored"]


@functools.cache
def _session() -> Session:
    """The worker's one session, made by its first request."""
    return Session()


def restored() -> None:
    """After a start from a memory snapshot: the wheel's files are unpacked anew, so the import
    system's caches of folders are dropped, and ``random``, if it was imported before the
    snapshot (seeded at import, so the same in every restored start), is seeded again from
    the system's randomness (``secrets`` and ``uuid`` read it at each call).

    The folders' finders only: ``importlib.invalidate_caches()`` would also import
    ``importlib.metadata`` (28 ms of a restored start) and make the standard library's
    zip importer read its directory again, for files that did not change."""
    import sys
    from importlib.machinery import FileFinder

    for finder in list(sys.path_importer_cache.values()):
        if isinstance(finder, FileFinder):
            finder.invalidate_caches()
    module = sys.modules.get("random")
    if module is not None:
        module.seed()


def handle(text: str) -> str:
    """Answer one request ``{"op": name, "args": {...}}`` as JSON text."""
    try:
        request = json.loads(text)
        if not isinstance(request, dict) or not isinstance(request.get("op"), str):
            raise BridgeError("a request is an object with an op")
        args = request.get("args", {})
        if not isinstance(args, dict):
            raise BridgeError("a request's args are an object")
        answer: dict[str, Any] = {"ok": True, **_session().handle(request["op"], args)}
    except BridgeError as exc:
        answer = {"ok": False, "error": str(exc)}
    except Exception as exc:
        answer = {"ok": False, "error": f"internal error: {type(exc).__name__}: {exc}"}
    return json.dumps(answer, ensure_ascii=False)

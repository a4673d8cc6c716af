"""The worker's one entry point: a JSON request in, a JSON answer out, never an exception.

``web/src/worker/worker.ts`` calls :func:`handle` for every message from the page;
the page stays a drawing of what comes back. A request the session refuses (bad
arguments, a damaged save) is answered ``{"ok": false, "error": "..."}`` in one
line, as the command line does.
"""

from __future__ import annotations

import json
from typing import Any

from canfield.web.session import BridgeError, Session

__all__ = ["handle"]

_session = Session()


def handle(text: str) -> str:
    """Answer one request ``{"op": name, "args": {...}}`` as JSON text."""
    try:
        request = json.loads(text)
        if not isinstance(request, dict) or not isinstance(request.get("op"), str):
            raise BridgeError("a request is an object with an op")
        args = request.get("args", {})
        if not isinstance(args, dict):
            raise BridgeError("a request's args are an object")
        answer: dict[str, Any] = {"ok": True, **_session.handle(request["op"], args)}
    except BridgeError as exc:
        answer = {"ok": False, "error": str(exc)}
    except Exception as exc:
        answer = {"ok": False, "error": f"internal error: {type(exc).__name__}: {exc}"}
    return json.dumps(answer, ensure_ascii=False)

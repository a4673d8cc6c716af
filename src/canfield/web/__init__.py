"""The browser build's Python side: runs inside Pyodide, in a Web Worker, with no toolkit.

The page (``web/src``, TypeScript) draws what :mod:`canfield.web.session` returns and
forwards taps, drags and keys; every rule, sentence and text comes from here.
"""

from __future__ import annotations

"""The solver's compiled search as plain WebAssembly, for the browser (``web/wasm/core.c``).

Pyodide cannot load the C extension ``canfield.solver._core``, but the same C file,
built by clang for wasm32 with a stand-in ``Python.h``, runs in the page's worker as a
module of its own. :func:`pack` turns the arguments :mod:`canfield.solver.search`
gives ``_core.Search`` into the bytes ``cf_search`` reads, in that order.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import Any

__all__ = ["pack"]


def _cards(data: bytes | Sequence[int]) -> bytes:
    raw = bytes(data)
    if len(raw) > 255:
        raise ValueError("a card string holds at most 255 cards")
    return bytes([len(raw)]) + raw


def pack(arguments: Sequence[Any]) -> bytes:
    """``_core.Search``'s arguments (talon, pointer, reserve, foundations, columns, recycles,
    rules, options, table_limit, known_lost[, probe]) as ``cf_search``'s spec; the
    ``known_lost`` table is passed to ``cf_search`` apart."""
    talon, pointer, reserve, foundations, columns, recycles, rules, options, table_limit = (
        arguments[:9]
    )
    probe = arguments[10] if len(arguments) > 10 else 0
    *numbers, parents, children, alias = rules
    symmetry, take_backs, safe_up, blind, seed = options
    out = [struct.pack("<8i", *(int(n) for n in numbers))]
    for table in (parents, children):
        out.extend(_cards(row) for row in table)
    out.append(_cards(alias))
    flags = (int(symmetry), int(take_backs), int(safe_up), int(blind))
    out.append(struct.pack("<4iQqq", *flags, int(seed or 0), int(table_limit), int(probe)))
    out.append(_cards(talon) + struct.pack("<2i", int(pointer), int(recycles)))
    out.append(_cards(reserve) + _cards(foundations))
    out.extend(_cards(column) for column in columns)
    return b"".join(out)

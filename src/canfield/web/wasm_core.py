"""The solver's compiled search as plain WebAssembly, for the browser (``web/wasm/core.c``).

Pyodide cannot load the C extension ``canfield.solver._core``, but the same C file,
built by clang for wasm32 with a stand-in ``Python.h``, runs in the page's worker as a
WebAssembly module of its own. :func:`install` puts a module in the extension's place
whose ``Table`` and ``Search`` have the extension's interface and drive that module
through the worker's small JavaScript glue (``web/src/worker/core.ts``), so
:mod:`canfield.solver.search` runs it as it runs the extension: the same positions in
the same order. Without the glue (no WebAssembly core in the build) nothing is
installed and the pure-Python search runs, as before. :func:`pack` turns the arguments
``_core.Search`` is given (by name) into the bytes ``cf_search`` reads.
"""

from __future__ import annotations

import struct
import sys
import types
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

__all__ = ["install", "pack"]

KEY_BYTES_MAX = 72
"""The longest key (``_core.c``'s KEYMAX)."""
_STEPS = 4096
"""Search steps between two looks at the clock (``_core.c``'s CHECK_EVERY)."""
_STOPPED, _NO_MEMORY = 3, -1


def _cards(data: bytes | Sequence[int]) -> bytes:
    raw = bytes(data)
    if len(raw) > 255:
        raise ValueError("a card string holds at most 255 cards")
    return bytes([len(raw)]) + raw


def _pairs(text: str) -> list[tuple[int, int]]:
    """The core's (card, target) bytes, from the glue's latin-1 text (a target is signed)."""
    line = text.encode("latin-1")
    return [(line[i], line[i + 1] - 256 * (line[i + 1] > 127)) for i in range(0, len(line), 2)]


def pack(arguments: Mapping[str, Any]) -> bytes:
    """``_core.Search``'s arguments by name (talon, pointer, reserve, foundations, columns,
    recycles, rules, options, table_limit, known_lost, probe) as ``cf_search``'s spec: the
    rules' whole numbers, the options' flags and numbers in the order their ``RULE_INTS``,
    ``OPTION_FLAGS`` and ``OPTION_INTS`` name them (``_core.c``'s too). The ``known_lost``
    table is passed to ``cf_search`` apart."""
    rules, options = arguments["rules"], arguments["options"]
    numbers = (int(getattr(rules, name)) for name in rules.RULE_INTS)
    out = [struct.pack(f"<{len(rules.RULE_INTS)}i", *numbers)]
    for table in (rules.parents, rules.children):
        out.extend(_cards(row) for row in table)
    out.append(_cards(rules.alias))
    flags = [int(getattr(options, name)) for name in options.OPTION_FLAGS]
    flags += [int(getattr(options, name)) for name in options.OPTION_INTS]
    out.append(struct.pack(f"<{len(flags)}i", *flags))
    seed, limit, probe = int(options.seed or 0), arguments["table_limit"], arguments.get("probe", 0)
    out.append(struct.pack("<Qqq", seed, int(limit), int(probe)))
    talon, pointer, recycles = arguments["talon"], arguments["pointer"], arguments["recycles"]
    out.append(_cards(talon) + struct.pack("<2i", int(pointer), int(recycles)))
    out.append(_cards(arguments["reserve"]) + _cards(arguments["foundations"]))
    out.extend(_cards(column) for column in arguments["columns"])
    return b"".join(out)


class _Glue(Protocol):
    """``web/src/worker/core.ts``: the WebAssembly core's exports, bytes passed as latin-1."""

    def search(self, spec: str, known: int) -> int: ...
    def advance(self, search: int, stop: float, steps: int) -> int: ...
    def nodes(self, search: int) -> float: ...
    def verdict(self, search: int) -> int: ...
    def line(self, search: int) -> str: ...
    def cut(self, search: int) -> str | None: ...
    def table(self, search: int) -> int: ...
    def release(self, search: int) -> None: ...
    def tableNew(self) -> int: ...  # noqa: N802 (JavaScript's names)
    def tableLen(self, table: int) -> float: ...  # noqa: N802
    def tableFree(self, table: int) -> None: ...  # noqa: N802


def install(glue: _Glue) -> types.ModuleType:
    """Make ``canfield.solver._core`` the WebAssembly core behind ``glue``; returns it."""

    class Table:
        """Keys of positions a search has seen, in the core's memory (``_core.Table``)."""

        def __init__(self, pointer: int = 0, owner: object = None) -> None:
            self._pointer = pointer or glue.tableNew()
            if not self._pointer:
                raise MemoryError("the WebAssembly search core is out of memory")
            self._owner = owner  # a search's own table lives (and goes) with the search

        def __len__(self) -> int:
            return int(glue.tableLen(self._pointer))

        def __del__(self) -> None:
            if self._owner is None and self.__dict__.get("_pointer"):
                glue.tableFree(self._pointer)

    class Search:
        """The compiled depth-first search (``_core.Search``), run by the WebAssembly core."""

        def __init__(self, **arguments: Any) -> None:
            known = arguments["known_lost"]
            if known is not None and not isinstance(known, Table):
                raise TypeError("known_lost must be a Table or None")
            self._known = known  # kept alive while this search reads it
            spec = pack(arguments).decode("latin-1")
            self._pointer = glue.search(spec, 0 if known is None else known._pointer)
            if not self._pointer:
                raise ValueError("the WebAssembly search core refused the position")
            self._table: Table | None = None

        @property
        def nodes(self) -> int:
            return int(glue.nodes(self._pointer))

        @property
        def verdict(self) -> int:
            return glue.verdict(self._pointer)

        @property
        def running(self) -> bool:
            return False

        def run(self, deadline: float | None, stop: int | None, clock: Callable[[], float]) -> int:
            """Search until ``clock() > deadline`` or ``stop`` positions (0, 1 won, 2 lost)."""
            while True:
                status = glue.advance(self._pointer, -1 if stop is None else stop, _STEPS)
                if status == _NO_MEMORY:
                    raise MemoryError("the WebAssembly search core is out of memory")
                if status == _STOPPED:
                    return 0
                if status:
                    return status
                if deadline is not None and clock() > deadline:
                    return 0

        def moves(self) -> list[tuple[int, int]]:
            return _pairs(glue.line(self._pointer))

        def cut(self) -> list[tuple[int, int]] | None:
            cut = glue.cut(self._pointer)
            # no cut (a tracked game's line, or no memory for it): JavaScript's null, which
            # Pyodide hands over as its JsNull, not None
            return _pairs(cut) if isinstance(cut, str) else None

        def table(self) -> Table:
            if self._table is None:
                self._table = Table(glue.table(self._pointer), owner=self)
            return self._table

        def expand(self) -> list[tuple[object, ...]]:
            raise NotImplementedError("expand() is the extension's, for its tests")

        def __del__(self) -> None:
            if self.__dict__.get("_pointer"):
                glue.release(self._pointer)

    module = types.ModuleType("canfield.solver._core", "The solver's search, as WebAssembly.")
    module.Table = Table  # type: ignore[attr-defined]
    module.Search = Search  # type: ignore[attr-defined]
    module.KEY_BYTES_MAX = KEY_BYTES_MAX  # type: ignore[attr-defined]
    sys.modules[module.__name__] = module
    search = sys.modules.get("canfield.solver.search")
    if search is not None:  # imported already: point it at the core now
        search._core = module  # type: ignore[attr-defined]
        search.COMPILED = True  # type: ignore[attr-defined]
    return module

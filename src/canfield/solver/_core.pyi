"""Types of the compiled search core (``_core.c``); ``canfield.solver.search`` drives it."""

from collections.abc import Callable

from canfield.solver.search import CoreOptions, CoreRules

KEY_BYTES_MAX: int
CUT_SHORT: int
"""``shorten.SHORT``: a line the core cut once that is longer is cut again with pairs."""
CUT_PAIR_WALKS: int
"""``shorten.PAIR_WALKS``: how many times at most."""
FROM_TALON: int
FROM_RESERVE: int
FROM_FOUNDATION: int
FROM_SWAP: int
PLACED: int
"""``search.PLACED``: how ``expand`` spells a candidate that places a card (P11)."""
AFTER_RECYCLE: int
RULE_INTS: tuple[str, ...]
"""The whole-number fields of the C ``Rules`` (``CoreRules.RULE_INTS``)."""
OPTION_FLAGS: tuple[str, ...]
"""The search's option flags (``CoreOptions.OPTION_FLAGS``)."""
OPTION_INTS: tuple[str, ...]
"""The search's whole-number options (``CoreOptions.OPTION_INTS``)."""

class Table:
    """Keys of the positions a compiled search has seen; all lost once its root is lost."""

    def __len__(self) -> int: ...

class Search:
    nodes: int
    verdict: int
    running: bool
    def __init__(
        self,
        talon: bytes,
        pointer: int,
        reserve: bytes,
        foundations: bytes,
        columns: tuple[bytes, ...],
        recycles: int,
        rules: CoreRules,
        options: CoreOptions,
        table_limit: int,
        known_lost: Table | None,
        probe: int = 0,
    ) -> None: ...
    def run(self, deadline: float | None, stop: int | None, clock: Callable[[], float]) -> int: ...
    def expand(
        self,
    ) -> list[
        tuple[
            int,
            int,
            int,
            int,
            tuple[
                tuple[int, ...],
                tuple[int, ...],
                tuple[int, ...],
                tuple[int, int, int, int],
                tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]],
                int,
            ],
        ]
    ]: ...
    def exits(
        self, closure: int
    ) -> tuple[int, list[tuple[bytes, bytes, int, bytes]], bytes | None]: ...
    def moves(self) -> list[tuple[int, int]]: ...
    def cut(self) -> list[tuple[int, int]] | None: ...
    def table(self) -> Table: ...

class Links:
    """The links game's depth-first search (``solver/links.py``, P9; with ``bottoms``, P12's;
    after ``layered()``, P13's game breadth first, layer by layer, ``solver/layered.py``)."""

    nodes: int
    full: bool
    layer: int
    widest: int
    def __init__(
        self,
        talon: bytes,
        pointer: int,
        reserve: bytes,
        found: bytes,
        links: bytes,
        draw: int,
        base: int,
        of: bytes,
        parent: bytes,
        child: bytes,
        size: bytes,
        home: bytes,
        table_limit: int,
        bottoms: int | None = None,
    ) -> None: ...
    def run(self, deadline: float | None, stop: int | None, clock: Callable[[], float]) -> int: ...
    def line(self) -> list[tuple[int, int, int, tuple[int, ...], tuple[int, ...], int]]: ...
    def layered(self) -> None: ...

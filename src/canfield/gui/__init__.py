"""The PySide6 app: table, windows and card art; the engine never imports this."""

from __future__ import annotations

import sys


def _keep_none_alive() -> None:
    """Work around a PySide6 reference leak that can crash the app after enough repaints.

    PySide6 6.12 on CPython 3.11 releases one reference to ``None`` every time a
    Python override of a ``void`` C++ virtual such as ``QGraphicsItem.paint`` or
    ``QGraphicsScene.drawBackground`` returns, so after a few thousand frames
    ``None``'s count reaches zero and the interpreter aborts ("none_dealloc").
    CPython 3.12 made ``None`` immortal; here we do the same by hand, giving it
    a reference count no session can use up. Adding references to ``None`` is
    always harmless, so this stays correct once PySide is fixed.
    """
    if sys.implementation.name != "cpython" or sys.version_info >= (3, 12):
        return
    import ctypes

    refcount = ctypes.c_ssize_t.from_address(id(None))
    if refcount.value < 1 << 40:
        refcount.value += 1 << 48


_keep_none_alive()

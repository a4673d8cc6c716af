"""One app per data folder: a second start brings the running window forward and quits.

Two apps on one folder would each overwrite the other's game and statistics.
The first start listens on a local socket named after the data folder; a later
start finds it, asks it to show its window, and exits. (The store's own lock
refuses a second writer too, for starts that race past this.)
"""

from __future__ import annotations

import getpass
import hashlib
from pathlib import Path
from typing import Final

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

__all__ = ["SingleInstance", "server_name"]

_WAIT_MS: Final = 1000


def server_name(folder: Path) -> str:
    """A socket name for this user and data folder (hashed: any path, any characters)."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError):
        user = "?"
    key = f"{user}\0{folder.expanduser().absolute()}".encode("utf-8", "surrogatepass")
    return f"canfield-{hashlib.sha256(key).hexdigest()[:24]}"


class SingleInstance(QObject):
    """The running app's end (:meth:`listen`, :attr:`activated`) and a new start's
    (:meth:`bring_forward`)."""

    activated = Signal()
    """Another start asked this one to show its window."""

    def __init__(self, folder: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = server_name(folder)
        self._server: QLocalServer | None = None

    def bring_forward(self) -> bool:
        """Ask a running app on this folder to show its window; True if one answered."""
        socket = QLocalSocket()
        socket.connectToServer(self.name)
        if not socket.waitForConnected(_WAIT_MS):
            return False
        socket.disconnectFromServer()
        return True

    def listen(self) -> bool:
        """Become the running app; False if the name cannot be taken (then run anyway).

        A name left by a killed app is removed, but never one that still answers.
        """
        server = QLocalServer(self)
        server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        if not server.listen(self.name):
            if self.bring_forward():
                return False
            QLocalServer.removeServer(self.name)
            if not server.listen(self.name):
                return False
        server.newConnection.connect(self._on_connection)
        self._server = server
        return True

    def _on_connection(self) -> None:
        """Any connection is the request: nothing else ever connects to this name."""
        assert self._server is not None
        while (socket := self._server.nextPendingConnection()) is not None:
            socket.disconnected.connect(socket.deleteLater)
            socket.disconnectFromServer()
        self.activated.emit()

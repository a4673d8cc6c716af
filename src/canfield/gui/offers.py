"""Answers that wait for the player and offer the way on: the deal proved hopeless, a search
for a winnable deal that proved none.

Such an answer stays in the status bar (so on the :class:`~canfield.gui.toast.Toast`) with
no time limit, carries two buttons - the way on, and Keep playing - and is said. Either
button puts it away and gives the table the focus back; a move puts it away too (the
window clears the message when the game changes).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QStatusBar, QWidget

from canfield.gui.toast import Toast
from canfield.i18n import _
from canfield.presentation.answers import hopeless_message, hopeless_spoken

__all__ = ["Offers"]


class Offers:
    """Offers the way on over ``status``'s message on ``toast``; ``table`` gets the focus back."""

    def __init__(
        self, status: QStatusBar, toast: Toast, table: QWidget, say: Callable[[str], None]
    ) -> None:
        self._status = status
        self._toast = toast
        self._table = table
        self._say = say

    @property
    def offering(self) -> bool:
        """Whether an answer with its buttons is on show."""
        return self._toast.offering

    def offer(
        self, message: str, action: str, on_action: Callable[[], None], spoken: str | None
    ) -> None:
        """Show ``message`` until the player acts, with ``action`` and Keep playing under it;
        readers hear ``spoken`` (None: nothing, e.g. when only its words changed)."""
        status = self._status
        if status.currentMessage() == message:
            status.clearMessage()  # shown again: the buttons come back with it
        status.showMessage(message)  # no time limit: it goes when the player acts or plays on
        self._toast.offer(
            action, lambda: self._take(on_action), _("Keep playing"), lambda: self._take(None)
        )
        if spoken is not None:
            self._say(spoken)

    def hopeless(self, new_game: Callable[[], None], speak: bool = True) -> None:
        """The deal cannot be won: say so, and offer a new game."""
        spoken = hopeless_spoken() if speak else None
        self.offer(hopeless_message(), _("New game"), new_game, spoken)

    def _take(self, then: Callable[[], None] | None) -> None:
        """A button was pressed: the answer goes, the table has the focus, then the way on."""
        self._status.clearMessage()
        self._table.setFocus(Qt.FocusReason.OtherFocusReason)
        if then is not None:
            then()

"""Answers that wait for the player and offer the way on: the deal proved hopeless, a search
for a winnable deal that proved none.

Such an answer stays in the status bar (so on the :class:`~canfield.gui.toast.Toast`) with
no time limit, carries two buttons - the way on, and Keep playing - and is said. Either
button puts it away and gives the table the focus back; a move puts it away too (the
window clears the message when the game changes). When the language changes, the answer on
show is shown again in the new words (:meth:`Offers.retell`), and not said again.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QStatusBar, QWidget

from canfield.gui.toast import Toast
from canfield.i18n import _
from canfield.presentation.answers import hopeless_message, hopeless_spoken
from canfield.presentation.winnable import no_winnable_found_message

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
        self._retell: Callable[[], None] | None = None

    @property
    def offering(self) -> bool:
        """Whether an answer with its buttons is on show."""
        return self._toast.offering

    def offer(
        self,
        message: str,
        action: str,
        on_action: Callable[[], None],
        spoken: str | None,
        retell: Callable[[], None],
    ) -> None:
        """Show ``message`` until the player acts, with ``action`` and Keep playing under it;
        readers hear ``spoken`` (None: nothing, e.g. when only its words changed).
        ``retell`` offers the same again, unsaid, in the language of the moment."""
        self._retell = retell
        status = self._status
        if status.currentMessage() == message:
            status.clearMessage()  # shown again: the buttons come back with it
        status.showMessage(message)  # no time limit: it goes when the player acts or plays on
        self._toast.offer(
            action, lambda: self._take(on_action), _("Keep playing"), lambda: self._take(None)
        )
        if spoken is not None:
            self._say(spoken)

    def retell(self) -> None:
        """The language changed: the answer on show, if any, again in the new words."""
        if self._toast.offering and self._retell is not None:
            self._retell()

    def hopeless(
        self, new_game: Callable[[], None], speak: bool, retell: Callable[[], None]
    ) -> None:
        """The deal cannot be won: say so, and offer a new game."""
        spoken = hopeless_spoken() if speak else None
        self.offer(hopeless_message(), _("New game"), new_game, spoken, retell)

    def no_winnable_found(
        self, tries: int, deal_random: Callable[[], None], speak: bool = True
    ) -> None:
        """A search of ``tries`` deals proved none winnable: the game stays, a random deal
        is offered."""
        message = no_winnable_found_message(tries)
        self.offer(
            message,
            _("Deal a random one"),
            deal_random,
            message if speak else None,
            lambda: self.no_winnable_found(tries, deal_random, speak=False),
        )

    def _take(self, then: Callable[[], None] | None) -> None:
        """A button was pressed: the answer goes, the table has the focus, then the way on."""
        self._status.clearMessage()
        self._table.setFocus(Qt.FocusReason.OtherFocusReason)
        if then is not None:
            then()

"""The desktop's play aids in the browser: Finish, the assisted flag, undo to the winnable point,
the fallback hint, the buttons a lost deal offers, the first-run screen and long columns.

Each is the desktop window's own logic (``canfield.gui.window``, ``canfield.gui.table``) with
the same presentation calls, kept for one :class:`~canfield.web.session.Session`; the page only
shows what these answers hold. The ops here are the session's (``Session.handle`` finds them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from canfield.i18n import _, ngettext
from canfield.moves import Move
from canfield.presentation.answers import (
    hint_dropped_message,
    hopeless_message,
    hopeless_note,
    hopeless_spoken,
    verdict_note,
)
from canfield.presentation.finish import FINISH_STEP_MS, finish_label, finish_offer, finish_tip
from canfield.presentation.geometry import TableLayout, column_flags
from canfield.presentation.narration import change_sentence, finishing_sentence, welcome_sentence
from canfield.presentation.welcome import welcome_button, welcome_lines, welcome_title
from canfield.state import State

if TYPE_CHECKING:
    from canfield.web.session import Session

__all__ = ["Aids", "hopeless_offer", "plain"]


def plain(text: str) -> str:
    """A menu text without Qt's mnemonic marker ("&Undo" → "Undo")."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def hopeless_offer() -> dict[str, Any]:
    """The deal cannot be won: the message, and the desktop's two ways on."""
    return {
        "text": hopeless_message(),
        "buttons": [
            {"label": _("New game"), "do": "new"},
            {"label": _("Keep playing"), "do": "keep"},
        ],
    }


class Aids:
    """What the aids remember between ops: the proved finish, the undo offer, the hint asked."""

    def __init__(self) -> None:
        self.finish_line: tuple[Move, ...] | None = None
        """The proved line home from this position (Finish plays it), or None."""
        self.finish_offered = False
        """Finish's offer was said and it has stayed on offer since (said once, as the desktop)."""
        self.undo_offer: tuple[int, State] | None = None
        """(undos, position): the hint's way back to a winnable position from this one."""
        self.hint_asked: State | None = None
        """The position Hint is thinking about (None when no hint is awaited)."""
        self.opened: int | None = None
        """A card of a long column's compressed part the player tapped: that part is fanned."""
        self.first_winnable = False
        """A new player's first deal came from the proved-winnable ones (the welcome says so)."""

    def ops(self, session: Session) -> dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]]:
        return {
            "finish": lambda args: self.finish(session, args),
            "undo_winnable": lambda args: self.undo_winnable(session),
            "hint_asked": lambda args: self.hint_started(session),
            "hinted": lambda args: self.hinted(session, args),
            "welcome": self.welcome,
        }

    # -- after every action ---------------------------------------------------------------

    def after(self, session: Session, reply: dict[str, Any], *, changed: bool, quiet: bool) -> None:
        """An action's answer: a hint thinking about another position dropped (and said so);
        Finish looked for, offered once (or played by itself, with the setting)."""
        state = session.game.state
        said: list[str] = [reply["say"]] if reply.get("say") else []
        if changed:
            self.opened = None  # a new position compresses its long columns afresh
            if self.hint_asked is not None and self.hint_asked != state:
                self.hint_asked = None
                said.append(hint_dropped_message())
                reply["hint_dropped"] = True  # the page stops the search: its answer is of no use
            self.look_for_finish(session)
            if self.finish_line is not None and not quiet and not self.finish_offered:
                self.finish_offered = True
                if session.screens.settings.auto_finish:
                    reply["finish"] = "auto"
                else:
                    said.append(finish_offer())
        reply["say"] = ". ".join(said)

    def look_for_finish(self, session: Session) -> None:
        """Ask the rules whether the rest is only cards going home (cheap: a short walk)."""
        from canfield.rules import finishing_line

        game = session.game
        self.finish_line = None if game.is_won else finishing_line(game.state)
        if self.finish_line is None:
            self.finish_offered = False

    def view(self, session: Session) -> dict[str, Any]:
        """What the toolbar adds: Finish when on offer, undo to the winnable point when it
        stands for this position (its label with the count), each with its tip."""
        state = session.game.state
        offer = self.undo_offer
        if offer is not None and offer[1] != state:
            self.undo_offer = offer = None
        steps = 0 if offer is None else offer[0]
        undo = (
            ngettext(
                "Undo %(n)d move to the wi&nnable point",
                "Undo %(n)d moves to the wi&nnable point",
                steps,
            )
            % {"n": steps}
            if steps
            else ""
        )
        return {
            "finish": self.finish_line is not None,
            "undo_winnable": plain(undo),
            "tips": {
                "finish": finish_tip(),
                "undo_winnable": _(
                    "Go back to the last position from which the game can still be won"
                ),
            },
            "finish_label": plain(finish_label()),
        }

    # -- Finish -----------------------------------------------------------------------------

    def finish(self, session: Session, args: Mapping[str, Any]) -> dict[str, Any]:
        """Finish pressed: the proved line, what is said, and how fast the page plays it
        (each action by ``play`` with ``quiet``; at once without animations)."""
        del args
        self.look_for_finish(session)
        line = self.finish_line
        if line is None:
            return {"line": [], "say": ""}
        animate = session.screens.settings.animations
        return {
            "line": [move.notation() for move in line],
            "say": finishing_sentence(list(line)),
            "step_ms": FINISH_STEP_MS if animate else 0,
        }

    # -- Hint: counted, dropped when the position changes, its undo offer --------------------

    def hint_started(self, session: Session) -> dict[str, Any]:
        """Hint pressed: counted in the game (recent games show it) and saved; a deal proved
        unwinnable is answered at once, with its buttons, and no search."""
        game = session.game
        if game.is_won:
            return {"search": False, "say": ""}
        game.hints_used += 1
        if session.deal_is_hopeless():
            if session.screens.settings.show_winnability:
                session.note = hopeless_note()
            return {
                "search": False,
                "say": hopeless_spoken(browser=True),
                "offer": hopeless_offer(),
                "save": game.to_dict(),
                "view": session.view(),
            }
        self.hint_asked = game.state
        return {"search": True, "say": _("Thinking…"), "save": game.to_dict()}

    def hinted(self, session: Session, args: Mapping[str, Any]) -> dict[str, Any]:
        """The second worker's hint for ``position``: shown if that is still the position (else
        it was dropped, and said so, when the position changed)."""
        game = session.game
        if self.hint_asked is None or args.get("position") != str(game.state):
            return {"shown": False}
        self.hint_asked = None
        verdict = args.get("verdict")
        note = session.screens.settings.show_winnability
        answer: dict[str, Any] = {"shown": True, "say": str(args.get("say", ""))[:400]}
        if args.get("hopeless") is True:
            session.hopeless_deal = session.deal_key()
            if note:
                session.note = hopeless_note()
            answer["say"] = hopeless_spoken(browser=True)
            answer["offer"] = hopeless_offer()
        elif verdict in ("WON", "LOST") and note:
            from canfield.solver import Verdict

            session.note = verdict_note(Verdict[str(verdict)])
        undo = args.get("undo")
        if type(undo) is int and 0 < undo <= len(game.history):
            self.undo_offer = (undo, game.state)
        answer["view"] = session.view()
        return answer

    def undo_winnable(self, session: Session) -> dict[str, Any]:
        """Take back, in one go, the moves the hint said lead back to a winnable position."""
        game = session.game
        offer = self.undo_offer
        if offer is None or offer[1] != game.state:
            return session.reply("", changed=False)
        self.undo_offer = None
        before = game.state
        for _step in range(offer[0]):
            game.undo()
        said = change_sentence("undo", before, game.state, game.redo_moves[0], session.lang)
        return session.reply(said)

    # -- the first-run screen ----------------------------------------------------------------

    def welcome(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """How Canfield works: its title, lines and button, and what a reader hears as it
        opens (the focus stays on the table); ``first`` on the very first start."""
        first = args.get("first") is True and self.first_winnable
        return {
            "title": welcome_title(),
            "lines": welcome_lines(first),
            "button": welcome_button(),
            "say": welcome_sentence(first),
        }

    # -- long columns ------------------------------------------------------------------------

    def open_compressed(self, state: State, layout: TableLayout, card: int) -> bool:
        """A tap on a long column's compressed part opens it to be read (no move): True then."""
        for index, col in enumerate(state.columns):
            if card in col[:-1]:
                flags = column_flags(state, layout, index, self.opened)
                if not flags[col.index(card)] and not layout.fits(len(col)):
                    self.opened = card
                    return True
        return False

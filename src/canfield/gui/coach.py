"""The coach: what the solver tells the player, worked out off the GUI thread.

It owns the solver's lane (one :class:`~canfield.gui.worker.Worker`, shared by
the winnability note, Hint, Show me and the winnable-deal search), Hint and
the undo offer a lost hint leaves, the watch that asks about each new
position while the winnability note is wanted, and what the solver proved of
the deal itself: a deal lost as dealt is lost from every position of it, so
neither a hint nor a note searches it again. It says what it found by its
signals; the window shows and says it and decides where.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal

from canfield.cards import Card
from canfield.game import Game
from canfield.gui.model import GameModel
from canfield.gui.worker import Worker
from canfield.i18n import _
from canfield.presentation.answers import (
    ANSWER_MESSAGE_MS,
    HINT_SECONDS,
    NO_ANSWER_MESSAGE_MS,
    WATCH_DELAY_MS,
    WATCH_SECONDS,
    fallback_hint,
    hint_dropped_message,
    hopeless_note,
    lost_message,
    verdict_note,
)
from canfield.state import State, initial_state

__all__ = ["Coach", "DealKey", "deal_of", "is_deal_start"]

DealKey = tuple[tuple[Card, ...], int, str]
"""A deal as the rules see it: the cards in deal order, the draw and the variant."""


def deal_of(game: Game) -> DealKey:
    return (game.deck, game.draw, game.variant)


def is_deal_start(game: Game, state: State) -> bool:
    """Whether ``state`` is ``game``'s deal as dealt: a loss there is the deal's own."""
    return state == initial_state(game.deck, game.draw, game.state.variant)


class Coach(QObject):
    """The solver's lane, Hint and its undo offer, the winnability watch, the deal proved
    hopeless."""

    noted = Signal(str)
    """The winnability note for the position shown ("Winnable", "Cannot be won"…)."""
    answered = Signal(str, int)
    """A sentence to show for so many milliseconds (0: until the player acts) and to say."""
    cleared = Signal()
    """The sentence shown is over (the answer it waited for has come)."""
    pointed = Signal(object, bool)
    """Hint's move (a :class:`~canfield.moves.Move`) to point at, and whether it is proved."""
    hopeless_found = Signal()
    """The deal cannot be won: the window says so and offers the way on."""
    settled = Signal()
    """A hint's answer is complete: the window shows the game afresh."""

    def __init__(
        self,
        model: GameModel,
        note_wanted: Callable[[], bool],
        *,
        background: bool = True,
        parent: QObject | None = None,
    ) -> None:
        """``note_wanted`` says whether the player wants the note (a setting, read each time);
        ``background`` False never watches (tests that drive the solver themselves)."""
        super().__init__(parent)
        self._model = model
        self._note_wanted = note_wanted
        self._background = background
        self.worker = Worker(self)
        """The one lane the solver's work runs in, latest job first."""
        self._hint_asked: State | None = None
        """The position Hint is thinking about (None when no hint is awaited)."""
        self.undo_offer: tuple[int, State] | None = None
        """(undos, position): the hint's way back to a winnable position from this one."""
        self._hopeless: DealKey | None = None
        """The deal the solver proved cannot be won from its start (a fact of the deal)."""
        self._watch = QTimer(self)
        self._watch.setSingleShot(True)
        self._watch.setInterval(WATCH_DELAY_MS)
        self._watch.timeout.connect(self._solve_in_background)

    @property
    def idle(self) -> bool:
        """No solver work waits to start or to answer."""
        return not self._watch.isActive() and not self.worker.pending

    def deal_is_hopeless(self) -> bool:
        """Whether the game's deal was proved lost as dealt."""
        return self._hopeless is not None and self._hopeless == deal_of(self._model.game)

    def know_hopeless(self, game: Game) -> None:
        """``game``'s deal was proved lost as dealt."""
        self._hopeless = deal_of(game)

    def watch(self, may_search: bool) -> None:
        """Ask the solver about this position soon, if the player wants the note shown.

        Off by default: the app never declares a lost game unasked (Hint asks).
        A deal already proved unwinnable needs no search: every position of it is lost.
        ``may_search`` is False while something else has the table (Show me, the win).
        """
        if self._note_wanted() and self.deal_is_hopeless():
            self._watch.stop()
            self.noted.emit(hopeless_note())
            return
        if self._background and self._note_wanted() and may_search:
            self._watch.start()
        else:
            self._watch.stop()

    def stop_watching(self) -> None:
        self._watch.stop()

    def _solve_in_background(self) -> None:
        """KPatience-style "solvable / not solvable" note, computed off the GUI thread."""
        if not self._note_wanted():
            return
        from canfield.solver import Solution, Verdict, solve

        state = self._model.state
        if state.is_won:
            return

        def done(result: Solution) -> None:
            if self._model.state != state:
                return
            if result.verdict is Verdict.LOST and is_deal_start(self._model.game, state):
                # Lost as dealt: the deal is lost, and the note says so for all of it.
                self.know_hopeless(self._model.game)
                self.noted.emit(hopeless_note())
            else:
                self.noted.emit(verdict_note(result.verdict))

        self.worker.submit(lambda: solve(state, time_limit=WATCH_SECONDS), done)

    def hint(self) -> None:
        """Ask the solver in the background; point at the move or say the position is lost."""
        from canfield.solver import HintResult, Verdict, hint

        if self.deal_is_hopeless():
            self.hopeless_found.emit()  # proved before, for this very deal: no search again
            return
        game = self._model.game
        snapshot = Game.from_dict(game.to_dict())
        state = game.state
        self.answered.emit(_("Thinking…"), 0)
        self._hint_asked = state

        def done(result: HintResult) -> None:
            if self._hint_asked != state or self._model.state != state:
                return  # dropped, and said so, when the position changed (drop_hint)
            self._hint_asked = None
            self.cleared.emit()
            move = result.move
            note = self._note_wanted()  # else the answer is only the message
            if move is not None:
                if note:
                    self.noted.emit(verdict_note(result.verdict))
                self.pointed.emit(move, True)
            elif result.verdict is Verdict.LOST and result.hopeless:
                self.know_hopeless(game)
                self.hopeless_found.emit()
                return
            elif result.verdict is Verdict.LOST:
                if note:
                    self.noted.emit(verdict_note(result.verdict))
                if result.undo:
                    self.undo_offer = (result.undo, self._model.state)
                self.answered.emit(lost_message(result.undo), ANSWER_MESSAGE_MS)
            elif (guess := fallback_hint(state)) is not None:
                self.pointed.emit(guess, False)  # undecided in time: a sensible move, not proved
            else:
                self.answered.emit(_("No hint found in time"), NO_ANSWER_MESSAGE_MS)
            self.settled.emit()

        self.worker.submit(
            lambda: hint(snapshot, time_limit=HINT_SECONDS),
            done,
            failed=lambda _exc: self._hint_failed(state),
        )

    def _hint_failed(self, state: State) -> None:
        if self._hint_asked == state:
            self._hint_asked = None
            self.cleared.emit()

    def drop_hint(self) -> None:
        """An action while Hint thinks: its answer would be of another position. Say so."""
        if self._hint_asked is None or self._hint_asked == self._model.state:
            return
        self._hint_asked = None
        self.answered.emit(hint_dropped_message(), NO_ANSWER_MESSAGE_MS)

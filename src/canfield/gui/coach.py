"""The coach: what the solver tells the player, worked out off the GUI thread.

It owns the solver's lane (one :class:`~canfield.gui.worker.Worker`, shared by
the winnability note, Hint, Show me and the winnable-deal search), Hint and
the undo offer a lost hint leaves, Show me (the line it plays and its timer),
the watch that asks about each new
position while the winnability note is wanted, and what the solver proved of
the deal itself: a deal lost as dealt is lost from every position of it, so
neither a hint nor a note searches it again. It says what it found by its
signals; the window shows and says it and decides where.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from PySide6.QtCore import QObject, QTimer, Signal

from canfield.cards import Card
from canfield.game import Game
from canfield.gui.model import GameModel
from canfield.gui.worker import Worker
from canfield.i18n import _
from canfield.moves import Move
from canfield.presentation.answers import (
    ANSWER_MESSAGE_MS,
    DEMO_SOLVE_SECONDS,
    HINT_SECONDS,
    NO_ANSWER_MESSAGE_MS,
    WATCH_DELAY_MS,
    WATCH_SECONDS,
    fallback_hint,
    hint_dropped_message,
    hopeless_note,
    lost_message,
    stopped_message,
    verdict_note,
)
from canfield.state import State, initial_state

__all__ = ["DEMO_STEP_MS", "Coach", "DealKey", "deal_of", "is_deal_start"]

DEMO_STEP_MS: Final = 650
"""Show me plays one action this often: slow enough to follow."""

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
    demo_started = Signal()
    """Show me starts playing its line: the table takes no input until it stops."""
    demo_stopped = Signal(bool)
    """Show me stopped (True if it was asked for or playing): the table is the player's."""
    demo_changed = Signal()
    """Show me was asked for or answered: its action says so."""

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
        self._demo_line: list[Move] | None = None
        """The rest of the line Show me is playing (None when it is not playing)."""
        self._demo_asked = False
        self._demo_playing = False
        self._demo_timer = QTimer(self)
        self._demo_timer.setInterval(DEMO_STEP_MS)
        self._demo_timer.timeout.connect(self._demo_step)
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
        if not self._note_wanted() or self._hint_asked is not None or self._demo_asked:
            return  # a player's request has the lane, and its answer is the note's too
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
        self._watch.stop()  # the note's search would take the lane, and this answer with it
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

    @property
    def hint_thinking(self) -> bool:
        """Hint is thinking about the position shown."""
        return self._hint_asked is not None

    def stop_hint(self) -> None:
        """The player stopped Hint (Esc): its answer is not wanted. Said, so a reader hears it."""
        if self._hint_asked is None:
            return
        self._hint_asked = None
        self.answered.emit(stopped_message("hint"), NO_ANSWER_MESSAGE_MS)

    def drop_hint(self) -> None:
        """An action while Hint thinks: its answer would be of another position. Say so."""
        if self._hint_asked is None or self._hint_asked == self._model.state:
            return
        self._hint_asked = None
        self.answered.emit(hint_dropped_message(), NO_ANSWER_MESSAGE_MS)

    # -- Show me --------------------------------------------------------------------

    @property
    def demo_running(self) -> bool:
        """Show me is playing its line."""
        return self._demo_line is not None

    @property
    def demo_busy(self) -> bool:
        """Show me is looking for a line or playing one."""
        return self._demo_line is not None or self._demo_asked

    @property
    def demo_playing(self) -> bool:
        """Show me is making one of its moves right now (the change is its own)."""
        return self._demo_playing

    @property
    def demo_step_ms(self) -> int:
        return self._demo_timer.interval()

    @demo_step_ms.setter
    def demo_step_ms(self, ms: int) -> None:
        self._demo_timer.setInterval(ms)

    def show_me(self) -> None:
        """Look for a winning line from here; play it one step at a time when found."""
        from canfield.solver import Solution, Verdict, solve

        game = self._model.game
        state = game.state
        self._demo_asked = True
        self._watch.stop()  # as for Hint: the note's search must not take this answer
        self.demo_changed.emit()
        self.answered.emit(_("Looking for a winning line…"), 0)

        def done(result: Solution | None) -> None:
            if not self._demo_asked or self._model.state != state:
                return
            self._demo_asked = False
            self.cleared.emit()
            verdict = None if result is None else result.verdict
            if result is not None and verdict is Verdict.WON and result.line:
                self._demo_line = list(result.line)
                self.demo_started.emit()
                self._demo_timer.start()
                self.answered.emit(_("Showing a winning line — Esc or a click stops it"), 0)
            elif verdict is Verdict.LOST and (
                self.deal_is_hopeless() or is_deal_start(game, state)
            ):
                self.know_hopeless(game)
                self.hopeless_found.emit()
            elif verdict is Verdict.LOST:
                if self._note_wanted():
                    self.noted.emit(verdict_note(verdict))
                self.answered.emit(lost_message(None), ANSWER_MESSAGE_MS)
            else:
                self.answered.emit(_("No winning line found in time"), NO_ANSWER_MESSAGE_MS)
            self.demo_changed.emit()

        self.worker.submit(
            lambda: solve(state, time_limit=DEMO_SOLVE_SECONDS),
            done,
            failed=lambda _exc: done(None),
        )

    def _demo_step(self) -> None:
        line = self._demo_line
        if not line:
            self.stop_demo()
            return
        move = line.pop(0)
        self._demo_playing = True
        self._model.game.assisted = True  # saved with this move: the result is not the player's
        try:
            played = self._model.play(move)
        finally:
            self._demo_playing = False
        if not played or not line:
            self.stop_demo()

    def stop_demo(self, said: bool = False) -> None:
        """Stop Show me where it stands (the moves played stay, and can be undone).

        ``said``: the player stopped it (Esc, a click, Stop showing), and hears so.
        """
        was = self.demo_busy
        looking = self._demo_asked
        self._demo_timer.stop()
        self._demo_line = None
        self._demo_asked = False
        self.demo_stopped.emit(was)
        if said and was:
            self.answered.emit(
                stopped_message("looking" if looking else "showing"), NO_ANSWER_MESSAGE_MS
            )

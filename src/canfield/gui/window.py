"""The main window: the table, menus, a toolbar, and the score/moves/time/code status.

The window is the glue: it owns the game model, the table view, the store
and the background solver, and reacts to the model's signals (save, status,
accessibility text, the win). It holds no rule and no drawing of its own.
"""

from __future__ import annotations

import contextlib
import itertools
import time
from collections.abc import Callable
from typing import Any, Final

from PySide6.QtCore import QEvent, QObject, QRect, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QGuiApplication,
    QIcon,
    QKeyEvent,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QProgressDialog,
    QSizePolicy,
    QStatusBar,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from canfield.deal import DealCode
from canfield.game import Game
from canfield.gui import icons
from canfield.gui.accessible import QuietLabel
from canfield.gui.casino import casino_result, format_money
from canfield.gui.celebration import Cascade, WinPanel
from canfield.gui.clock import PlayClock, time_text
from canfield.gui.coach import Coach
from canfield.gui.finish import Finisher
from canfield.gui.i18n_qt import language_notifier, switch_language
from canfield.gui.model import Change, GameModel
from canfield.gui.offers import Offers
from canfield.gui.speech import Speaker
from canfield.gui.storage_notice import show_notices
from canfield.gui.table import TableScene
from canfield.gui.toast import Toast
from canfield.gui.view import TableView
from canfield.gui.welcome import WelcomePanel
from canfield.gui.winnable_deals import WinnableDeals
from canfield.i18n import _, language, ngettext, pgettext
from canfield.moves import Move
from canfield.presentation.answers import (
    ANSWER_MESSAGE_MS,
    NO_ANSWER_MESSAGE_MS,
    hint_sentence,
    hopeless_note,
)
from canfield.presentation.finish import FINISH_KEY, finish_label, finish_tip
from canfield.presentation.narration import change_sentence, resumed_sentence, welcome_sentence
from canfield.presentation.records import win_record_parts
from canfield.presentation.variant_text import variant_title
from canfield.storage import Settings, StorageError, Store
from canfield.storage.recent import RecentGame
from canfield.variants import VARIANTS

__all__ = ["MainWindow"]

PASSES_MESSAGE_MS: Final = 2500
"""How long a refused stock tap's reason stays: brief, the stock's own mark says it too."""
POSITION_MESSAGE_MS: Final = 8000
"""How long "Read position" shows the description, unless a tap or key clears it sooner."""


class MainWindow(QMainWindow):
    """One game on one table; all actions also have keyboard shortcuts."""

    saved = Signal()
    """The game was written to storage (after every action)."""

    def __init__(
        self,
        store: Store,
        game: Game | None = None,
        *,
        background_solver: bool = True,
        clock: Callable[[], float] = time.monotonic,
        parent: QWidget | None = None,
    ) -> None:
        """``clock`` is read for the time played, in seconds (tests pass a hand-driven one)."""
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self._store = store
        self._settings: Settings = store.settings
        # A new player (nothing saved, nothing played: not one who upgraded) is welcomed,
        # and their first deal is one the solver proved winnable.
        self._new_player = (
            game is None
            and not self._settings.welcomed
            and not store.all_statistics()
            and not store.recent_games()
        )
        self._resumed = game is not None
        first = self._first_game() if self._new_player else None
        game = game or first or Game.new(self._settings.draw, self._settings.last_variant)
        self.model = GameModel(game, self)
        self.scene = TableScene(self.model, self)
        self.view = TableView(self.scene, self)
        self.setCentralWidget(self.view)
        self.speaker = Speaker(self.view, self)
        """Short spoken confirmations for screen readers (see :mod:`canfield.gui.speech`)."""
        self.scene.spoken.connect(lambda text: self.speaker.say(text, assertive=True))
        self.scene.refused.connect(
            lambda text: self.statusBar().showMessage(text, PASSES_MESSAGE_MS)
        )
        self.coach = Coach(
            self.model,
            lambda: self._settings.show_winnability,
            background=background_solver,
            parent=self,
        )
        """The solver's lane, the winnability watch, the deal proved hopeless."""
        self._worker = self.coach.worker
        self._cascade = Cascade(self.scene)
        self._win_panel = WinPanel(self.view)
        self._welcome = WelcomePanel(self.view)
        self._win_panel.new_game.connect(self.new_game)
        self._win_panel.play_again.connect(self.play_again)
        self._win_panel.copy_code.connect(self.copy_code)
        self._solver_note = ""
        self.play_clock = PlayClock(self, self.model, clock)
        """The game's time played (:mod:`canfield.gui.clock`)."""

        self.finisher = Finisher(
            self.model,
            automatic=lambda: self._settings.auto_finish,
            animated=lambda: self._settings.animations,
            busy=lambda: self.demo_running,
            parent=self,
        )
        """Finish: looked for after each action, offered, played (:mod:`canfield.gui.finish`)."""
        self.winnable = WinnableDeals(self.coach, self)
        """Winnable deals only: a deal from the atlas's index, or a search for one."""

        self._build_actions()
        self._build_menus()
        self._build_toolbar()
        self._build_status()
        self.play_clock.shown.connect(self.time_label.setText)
        self.coach.noted.connect(self._show_note)
        self.coach.answered.connect(self._answer)
        self.coach.cleared.connect(self.statusBar().clearMessage)
        self.coach.pointed.connect(self._point)
        self.coach.hopeless_found.connect(self._tell_hopeless)
        self.coach.settled.connect(lambda: self._refresh(None))
        self.coach.demo_started.connect(self._demo_started)
        self.coach.demo_stopped.connect(self._demo_stopped)
        self.coach.demo_changed.connect(self._refresh_demo)
        self.winnable.found.connect(self._start_winnable)
        self.winnable.answered.connect(self._answer)
        self.winnable.said.connect(self.say)
        self.winnable.fruitless.connect(self._offer_random)
        self.winnable.ended.connect(self._watch_winnability)
        self.finisher.changed.connect(self._show_finish)
        self.finisher.offered.connect(self._offer_finish)
        self.finisher.started.connect(self._finish_started)
        self.finisher.stopped.connect(self._finish_stopped)
        self._arrange_status(narrow=True)
        self._chain_focus()
        self.setMinimumSize(320, 300)
        self.apply_settings(self._settings, save=False)
        self._first_winnable = first is not None
        """A new player's first deal came from the proved-winnable ones (the welcome says so)."""
        if first is not None:
            self._solver_note = _("Winnable deal")

        self.model.changed.connect(self._on_changed)
        self.model.won.connect(self._on_won)
        self.model.about_to_replace.connect(self.play_clock.hand_over)
        self.model.passes_used_up.connect(self._on_passes_used_up)
        language_notifier().language_changed.connect(self._on_language)
        self.view.viewport().installEventFilter(self)
        self.view.installEventFilter(self)
        self.retranslate()
        self._refresh(None)
        self.finisher.look_soon()  # a game reopened near its end offers Finish at once
        self.resize(1100, 760)

    # -- construction -----------------------------------------------------------

    def _action(
        self,
        name: str,
        slot: Any,
        shortcuts: list[QKeySequence | QKeySequence.StandardKey | str] | None = None,
        icon: QIcon | None = None,
    ) -> QAction:
        action = QAction(self)
        action.setObjectName(name)
        if icon is not None:
            action.setIcon(icon)
        if shortcuts:
            keys: list[QKeySequence] = []
            for s in shortcuts:
                found = (
                    QKeySequence.keyBindings(s)
                    if isinstance(s, QKeySequence.StandardKey)
                    else [QKeySequence(s)]
                )
                # A key bound twice (F11 and GNOME's FullScreen) is ambiguous: Qt does nothing.
                keys.extend(key for key in found if key not in keys)
            action.setShortcuts(keys)
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        self.act_new = self._action("newGame", self.new_game, ["Ctrl+N"], icons.new_game_icon())
        self.act_restart = self._action(
            "restart", self.restart_game, ["Ctrl+R"], icons.restart_icon()
        )
        self.act_undo = self._action("undo", self.undo, ["Ctrl+Z", "Backspace"], icons.undo_icon())
        self.act_redo = self._action(
            "redo", self.redo, ["Ctrl+Y", "Ctrl+Shift+Z"], icons.redo_icon()
        )
        self.act_hint = self._action("hint", self.hint, ["H"], icons.hint_icon())
        self.act_draw = self._action("draw", self.scene.draw, ["D"])
        self.act_undo_winnable = self._action(
            "undoToWinnable",
            self.undo_to_winnable,
            ["Ctrl+Shift+Backspace"],
            icons.undo_winnable_icon(),
        )
        self.act_undo_winnable.setEnabled(False)
        self.act_demo = self._action("showMe", self.toggle_demo, ["Ctrl+M"])
        self.act_finish = self._action("finish", self.finish, [FINISH_KEY], icons.finish_icon())
        self.act_finish.setEnabled(False)
        self.act_stats = self._action("statistics", self.show_statistics, [])
        self.act_settings = self._action("settings", self.show_settings, ["Ctrl+,"])
        self.act_rules = self._action("rules", self.show_rules, ["F1"])
        self.act_about = self._action("about", self.show_about, [])
        self.act_welcome = self._action("welcome", self.show_welcome, [])
        self.act_copy = self._action(
            "copyCode", self.copy_code, ["Ctrl+C", "Ctrl+Shift+C"], icons.copy_icon()
        )
        self.act_describe = self._action("describe", self.announce_position, ["Ctrl+D"])
        self.act_quit = self._action("quit", self.close, ["Ctrl+Q"])
        self.act_full_screen = self._action(
            "fullScreen", self.toggle_full_screen, ["F11", QKeySequence.StandardKey.FullScreen]
        )
        self.act_full_screen.setCheckable(True)

    def _build_menus(self) -> None:
        """Game, Move, View, Help - the menus players know from Aisleriot and KPatience."""
        bar = self.menuBar()

        def menu(name: str, *actions: QAction | None) -> QMenu:
            built = QMenu(self)
            built.setObjectName(name)
            for act in actions:
                built.addSeparator() if act is None else built.addAction(act)
            bar.addMenu(built)
            return built

        self.menu_game = menu(
            "gameMenu",
            self.act_new,
            self.act_restart,
            None,
            self.act_copy,
            self.act_stats,
            None,
            self.act_quit,
        )
        self.menu_move = menu(
            "moveMenu",
            self.act_undo,
            self.act_redo,
            None,
            self.act_draw,
            self.act_hint,
            self.act_undo_winnable,
            self.act_demo,
            self.act_finish,
            None,
            self.act_describe,
        )
        self.menu_view = menu("viewMenu", self.act_full_screen, None, self.act_settings)
        self.menu_help = menu("helpMenu", self.act_welcome, self.act_rules, self.act_about)

    def _build_toolbar(self) -> None:
        bar = QToolBar(self)
        bar.setObjectName("mainToolbar")
        bar.setMovable(False)
        bar.setFloatable(False)
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        bar.setContextMenuPolicy(Qt.ContextMenuPolicy.PreventContextMenu)
        for act in (self.act_new, self.act_undo, self.act_redo, self.act_hint):
            bar.addAction(act)
        # "Undo to the winnable point" shows on the toolbar only while a hint offers it.
        undo_button = QToolButton(bar)
        undo_button.setObjectName("undoToWinnableButton")
        undo_button.setDefaultAction(self.act_undo_winnable)
        self._undo_winnable_slot = bar.addWidget(undo_button)
        self._undo_winnable_slot.setVisible(False)
        self._undo_winnable_button = undo_button
        # Finish shows only while the rules prove the rest is cards going home.
        finish_button = QToolButton(bar)
        finish_button.setObjectName("finishButton")
        finish_button.setDefaultAction(self.act_finish)
        self._finish_slot = bar.addWidget(finish_button)
        self._finish_slot.setVisible(False)
        self._finish_button = finish_button
        spacer = QWidget(bar)
        spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        bar.addWidget(spacer)
        # Restart sits at the far end, away from Undo, and always asks first.
        bar.addAction(self.act_restart)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        self.toolbar = bar
        for act in (self.act_new, self.act_undo, self.act_redo, self.act_hint, self.act_restart):
            button = bar.widgetForAction(act)
            if button is not None:
                # Tab reaches every toolbar button (Qt leaves them out of the focus chain).
                button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self._overflow = bar.findChild(QToolButton, "qt_toolbar_ext_button")

    def _build_status(self) -> None:
        status = QStatusBar(self)
        status.setSizeGripEnabled(False)
        box = QWidget(status)
        rows = QVBoxLayout(box)
        rows.setContentsMargins(6, 2, 6, 2)
        rows.setSpacing(2)
        self._status_rows = (QHBoxLayout(), QHBoxLayout())
        for row in self._status_rows:
            row.setSpacing(14)
            rows.addLayout(row)
        self.score_label = QLabel(box)
        self.moves_label = QLabel(box)
        # The clock changes every second: readers read it when asked, not at each tick.
        self.time_label = QuietLabel(box)
        self.solver_label = QLabel(box)
        self.code_label = QLabel(box)
        # Before the focus policy: setting a label's interaction flags resets its policy.
        self.code_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # Tab reaches every figure, the winnability note and the code too (a reader reads them).
        for label in (
            self.score_label,
            self.moves_label,
            self.time_label,
            self.code_label,
        ):
            label.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.copy_button = QToolButton(box)
        self.copy_button.setDefaultAction(self.act_copy)
        self.copy_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        # The live position text for screen readers (not shown; the view carries it too).
        self.position_label = QLabel(box)
        self.position_label.setObjectName("positionDescription")
        self.position_label.setVisible(False)
        self._narrow: bool | None = None
        self._short = False
        self._arrange_status(narrow=False)
        status.addPermanentWidget(box, 1)
        self.setStatusBar(status)
        self.toast = Toast(self)
        self.toast.set_avoid(self._playable_rects)
        self.toast.set_floor(self._status_top)
        self.toast.set_area(self.view.geometry)
        status.messageChanged.connect(self.toast.show_message)
        self.offers = Offers(status, self.toast, self.view, self.say)
        """The answers that wait for the player with the way on (:mod:`canfield.gui.offers`)."""

    def _playable_rects(self) -> list[tuple[QRect, float]]:
        """The playable cards in window coordinates (what a message must not hide).

        Foundations weigh less: cards are rarely taken back from them, so a text
        too long to fit anywhere clear covers them rather than the columns.
        """
        view, port = self.view, self.view.viewport()
        rects = []
        for pile, rect in self.scene.playable_rects():
            on_port = view.mapFromScene(rect).boundingRect()
            where = QRect(port.mapTo(self, on_port.topLeft()), on_port.size())
            rects.append((where, 0.2 if pile[0] == "foundation" else 1.0))
        return rects

    def _status_top(self) -> int | None:
        """Messages stay above the status bar: score, moves, time and code are always in sight."""
        status = self.statusBar()
        return status.geometry().top() if status.isVisible() else None

    def _chain_focus(self) -> None:
        """Tab order: the table, the toolbar's buttons, then the status bar, and round again."""
        # A message's buttons (New game after a hopeless hint) come first: one Tab away.
        chain: list[QWidget] = [self.view, self.toast.action_button, self.toast.close_button]
        for act in (self.act_new, self.act_undo, self.act_redo, self.act_hint, self.act_restart):
            button = self.toolbar.widgetForAction(act)
            if button is not None:
                chain.append(button)
            if act is self.act_hint:
                chain += [self._undo_winnable_button, self._finish_button]
        if self._overflow is not None:
            chain.append(self._overflow)
        chain += [
            self.score_label,
            self.moves_label,
            self.time_label,
            self.solver_label,
            self.code_label,
            self.copy_button,
        ]
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)

    def say(self, text: str, assertive: bool = False) -> None:
        """Tell screen readers ``text`` (a short confirmation, a hint, a notice)."""
        self.speaker.say(text, assertive)

    def _arrange_status(self, narrow: bool, short: bool = False) -> None:
        """One row on a desktop; on a phone-width window two, so no language is clipped.

        Narrow: score, moves and time on top; the bare code, the solver's note and
        an icon-only copy button below (the toolbar goes icon-only too). A short
        window (a phone held sideways) keeps the compact texts on one row.
        """
        if (narrow, short) == (self._narrow, self._short):
            return
        self._narrow, self._short = narrow, short
        top, bottom = self._status_rows
        if short:
            bottom = top
        for row in self._status_rows:
            row.setSpacing(10 if narrow else 14)
            while row.count():
                row.takeAt(0)
        for widget in (self.score_label, self.moves_label, self.time_label):
            top.addWidget(widget)
        if narrow:
            top.addStretch(1)
            bottom.addWidget(self.code_label)
            bottom.addStretch(1)
            bottom.addWidget(self.solver_label)
            bottom.addWidget(self.copy_button)
        else:
            top.addWidget(self.solver_label)
            top.addStretch(1)
            top.addWidget(self.code_label)
            top.addWidget(self.copy_button)
        self.copy_button.setToolButtonStyle(
            Qt.ToolButtonStyle.ToolButtonIconOnly
            if narrow
            else Qt.ToolButtonStyle.ToolButtonTextBesideIcon
        )
        self.toolbar.setToolButtonStyle(
            Qt.ToolButtonStyle.ToolButtonIconOnly
            if narrow
            else Qt.ToolButtonStyle.ToolButtonTextBesideIcon
        )
        # These two come and go with what they offer: on a phone they keep a short label
        # ("Undo 3", "Finish") beside their own icons, unless the toolbar runs down the side.
        offered = (
            Qt.ToolButtonStyle.ToolButtonIconOnly
            if short
            else Qt.ToolButtonStyle.ToolButtonTextBesideIcon
        )
        self._undo_winnable_button.setToolButtonStyle(offered)
        self._finish_button.setToolButtonStyle(offered)
        self._show_code()

    def _show_code(self) -> None:
        """The code in the status bar: "Game CF1-…" on a desktop, the bare code on a phone.

        A game dealt from an explicit deck has no code: it says so ("Own deck").
        """
        game = self.model.game
        code = game.code
        if code is None:
            full = _("Own deck")
            if game.variant != "canfield":  # a code names its variant; a deck does not
                full = _("Own deck, %(variant)s") % {"variant": variant_title(game.variant)}
            self.code_label.setText(full)
        else:
            full = _("Game %(code)s") % {"code": code}
            self.code_label.setText(code if self._narrow else full)
        self.code_label.setAccessibleName(full)
        self.code_label.setToolTip(full)

    def _show_score(self) -> None:
        """The score, and with casino scoring on, where the game stands in dollars."""
        game = self.model.game
        text = _("Score: %(score)d") % {"score": game.score}
        if self._settings.casino_scoring:
            money = format_money(casino_result(game))
            text += "  " + _("Casino: %(money)s") % {"money": money}
        self.score_label.setText(text)

    def _show_title(self) -> None:
        """ "Canfield", or the variant's name with it: the variant is always in sight."""
        variant = self.model.game.variant
        if variant == "canfield":
            self.setWindowTitle(_("Canfield"))
        else:
            self.setWindowTitle(_("%(variant)s — Canfield") % {"variant": variant_title(variant)})

    # -- language -----------------------------------------------------------------

    def _on_language(self, lang: str) -> None:
        self.retranslate()

    def table_language(self) -> str:
        """The language the table's names and descriptions are in: the app's own.

        Every app language (``canfield.i18n.LANGUAGES``) is one the descriptions speak.
        """
        return language()

    def retranslate(self) -> None:
        """Every visible string again, in the current language."""
        self._show_title()
        self.menu_game.setTitle(_("&Game"))
        self.menu_move.setTitle(_("&Move"))
        self.menu_view.setTitle(_("&View"))
        self.menu_help.setTitle(_("&Help"))
        # Menu texts carry each language's Alt-key letter (&); the toolbar shows them without.
        texts = {
            self.act_new: (_("&New game"), _("Start a new game (Ctrl+N)")),
            self.act_restart: (_("&Restart"), _("Deal the same cards again (Ctrl+R)")),
            self.act_undo: (_("&Undo"), _("Take back the last action (Ctrl+Z)")),
            self.act_redo: (_("Re&do"), _("Play the undone action again (Ctrl+Y)")),
            self.act_hint: (_("&Hint"), _("Show a move on a winning line (H)")),
            self.act_draw: (_("Dra&w from stock"), _("Turn cards from the stock (D)")),
            self.act_stats: (_("&Statistics"), _("Games played, won and records")),
            self.act_settings: (_("&Settings…"), _("Double tap, language, animations")),
            self.act_rules: (_("&Rules"), _("How to play Canfield (F1)")),
            self.act_about: (_("&About"), _("About this app")),
            self.act_welcome: (_("How Canfield &works"), _("The first-run screen again")),
            self.act_describe: (_("Read &position"), _("Say the whole position (Ctrl+D)")),
            self.act_quit: (_("&Quit"), _("Close the app (Ctrl+Q)")),
            self.act_full_screen: (_("&Full screen"), _("Fill the screen with the table (F11)")),
            self.act_finish: (finish_label(), finish_tip()),
        }
        for act, (text, tip) in texts.items():
            act.setText(text)
            act.setToolTip(tip)
            act.setStatusTip(tip)
        # The toolbar's own labels, short enough for a phone in every language; the menus
        # keep the full names (and the tooltips say what each button does).
        labels = {
            self.act_new: pgettext("toolbar", "New game"),
            self.act_undo: pgettext("toolbar", "Undo"),
            self.act_redo: pgettext("toolbar", "Redo"),
            self.act_hint: pgettext("toolbar", "Hint"),
            self.act_restart: pgettext("toolbar", "Restart"),
        }
        for act, label in labels.items():
            act.setIconText(label)
        if self._overflow is not None:
            self._overflow.setAccessibleName(_("More tools"))
            self._overflow.setToolTip(_("More tools"))
        self.time_label.setAccessibleName(_("Time"))
        self.offers.retell()  # the hopeless deal's answer, or a fruitless search's
        self.view.retranslate()
        self.scene.retranslate(self.table_language())
        self._win_panel.retranslate()
        self._refresh(None)

    # -- following the model ------------------------------------------------------

    def _on_changed(self, change: Change) -> None:
        if self.coach.demo_busy and not self.coach.demo_playing:
            self.stop_demo()
        self.coach.drop_hint()
        if self.offers.offering:
            # The hopeless answer stays until the player acts or plays on: now they have.
            self.statusBar().clearMessage()
        if change.kind in ("new", "restart"):
            self._cascade.stop()
            self._win_panel.hide()
            self.scene.interactive = True
            self._solver_note = ""
        elif change.kind == "undo" and not self.model.game.is_won:
            self._cascade.stop()
            self._win_panel.hide()
            self.scene.interactive = True
        self.finisher.position_changed()
        self.update_clock()
        self.save()
        self._refresh(change)
        if not self.model.game.is_won and not self.finisher.playing:  # Finish said it at once
            self.say(
                change_sentence(
                    change.kind,
                    change.before,
                    self.model.state,
                    change.move,
                    self.table_language(),
                    code=self.model.game.code,
                    focused=self.scene.keys.focus if self.view.hasFocus() else None,
                    brief=self.scene.keys.brief,
                )
            )
        self._watch_winnability()

    def _refresh(self, change: Change | None) -> None:
        game = self.model.game
        self._show_score()
        self.moves_label.setText(_("Moves: %(moves)d") % {"moves": game.moves_made})
        self.time_label.setText(time_text(game))
        self._show_code()
        self._show_title()
        self.solver_label.setText(self._solver_note)
        self._note_shown()
        # Behind the win screen the game is over: Play again or New game, not Undo.
        self.act_undo.setEnabled(game.can_undo and not game.is_won)
        self.act_redo.setEnabled(game.can_redo and not game.is_won)
        self.act_restart.setEnabled(not game.is_won and (game.moves_made > 0 or game.can_redo))
        self.act_hint.setEnabled(not game.is_won)
        self._show_undo_offer()
        self._refresh_demo()
        self._show_finish()
        if game.code is None:
            copy = (_("&Copy deck"), _("Copy the 52 cards of this deal to the clipboard (Ctrl+C)"))
        else:
            copy = (_("&Copy code"), _("Copy the game code to the clipboard (Ctrl+C)"))
        self.act_copy.setText(copy[0])
        self.act_copy.setToolTip(copy[1])
        self.act_copy.setStatusTip(copy[1])
        self.copy_button.setAccessibleName(copy[1])
        self.position_label.setText(game.describe(self.table_language()))

    def _show_note(self, note: str) -> None:
        """The coach's winnability note, shown and heard."""
        self._solver_note = note
        self.solver_label.setText(note)
        self._note_shown()

    def _note_shown(self) -> None:
        """The note is heard without looking: Tab stops on it (when there is one), T says it."""
        self.solver_label.setFocusPolicy(
            Qt.FocusPolicy.TabFocus if self._solver_note else Qt.FocusPolicy.NoFocus
        )
        self.scene.keys.notes = (self.code_label.accessibleName(), self._solver_note)

    def update_clock(self) -> None:
        """Bring the play clock up to date now (it also does every second)."""
        self.play_clock.update()

    def _on_passes_used_up(self) -> None:
        self.statusBar().showMessage(
            _("No passes left: this variant does not turn the waste over again."), PASSES_MESSAGE_MS
        )

    def save(self) -> None:
        """Write the game as it stands (one transaction); a failing disk is reported once."""
        try:
            self._store.save_game(self.model.game)
        except StorageError as exc:
            message = _("Could not save the game: %(error)s") % {"error": exc}
            self.statusBar().showMessage(message, 8000)
            self.say(message, assertive=True)
            return
        finally:
            self.notify_storage()
        self.saved.emit()

    def _on_won(self) -> None:
        self.celebrate(self._settings.animations)

    def celebrate(self, animate: bool = True) -> None:
        """The win: cards cascade off the foundations and the "You won" panel appears."""
        game = self.model.game
        self.scene.interactive = False
        self.coach.stop_watching()
        self._worker.cancel()
        self._solver_note = ""
        self._refresh(None)
        self._cascade.start(animate=animate, dpr=self.devicePixelRatioF())
        record: list[str] = []
        with contextlib.suppress(ValueError):
            stats = self._store.statistics(game.draw, game.variant)
            record = win_record_parts(stats, game.assisted, game.variant)
        self._win_panel.show_result(game.score, game.elapsed, game.moves_made, record)
        self._win_panel.copy_button.setText(self.act_copy.text().replace("&", ""))
        spoken = [self._win_panel.title_text(), " · ".join(self._win_panel.parts()), *record]
        self.say(" ".join(part for part in spoken if part), assertive=True)

    @property
    def win_panel(self) -> WinPanel:
        return self._win_panel

    @property
    def cascade(self) -> Cascade:
        return self._cascade

    # -- actions -----------------------------------------------------------------------

    def _in_progress(self) -> bool:
        game = self.model.game
        return game.moves_made > 0 and not game.is_won

    def new_game(self) -> None:
        """Ask for the next deal (variant, draw mode, a code, winnable only) and deal it."""
        from canfield.gui.dialogs import NewGameDialog, confirm_abandon

        last = self._settings.last_variant
        dialog = NewGameDialog(
            self,
            self._settings.draw,
            self._settings.winnable_only,
            last if last in VARIANTS else "canfield",
        )
        accepted = dialog.exec() == NewGameDialog.DialogCode.Accepted
        choice = dialog.choice()
        dialog.deleteLater()
        if not accepted:
            return
        # A deal proved unwinnable is lost already: no "abandon it?" question.
        if self._in_progress() and not self.coach.deal_is_hopeless() and not confirm_abandon(self):
            return
        self._settings = self._settings.replace(
            draw=choice.draw, winnable_only=choice.winnable_only, last_variant=choice.variant
        )
        self._save_settings()
        if choice.code is not None:
            self.start_game(Game.from_code(choice.code))
        elif choice.deck is not None:
            self.start_game(Game.from_deck(choice.deck, choice.draw, choice.variant))
        elif choice.winnable_only:
            self._deal_winnable(choice.draw, choice.variant)
        else:
            self.start_game(Game.new(choice.draw, choice.variant))

    def _deal_winnable(self, draw: int, variant: str = "canfield") -> None:
        """Deal a deal proved winnable (:mod:`canfield.gui.winnable_deals`)."""
        self.winnable.deal(draw, variant)

    def _start_winnable(self, code: DealCode) -> None:
        self.start_game(Game.from_code(code))
        self._solver_note = _("Winnable deal")
        self._refresh(None)

    def _offer_random(self, tries: int, draw: int, variant: str) -> None:
        """A search proved no deal: the game stays, and a random deal is offered."""
        self.offers.no_winnable_found(tries, lambda: self.start_game(Game.new(draw, variant)))

    @property
    def winnable_search(self) -> QProgressDialog | None:
        """The winnable-deal search's progress window while it runs (None otherwise)."""
        return self.winnable.search_window

    def start_game(self, game: Game) -> None:
        self.model.set_game(game, "new")

    def play_again(self) -> None:
        """The win screen's Play again: the same deal from the start (the win stays recorded)."""
        self.model.restart()

    def restart_game(self) -> None:
        from canfield.gui.dialogs import confirm_restart

        if self._in_progress() and not confirm_restart(self):
            return
        self.model.restart()

    def undo(self) -> None:
        self.model.undo()

    # -- undo to the winnable point, Show me ------------------------------------------

    def _offer_undo(self, steps: int) -> None:
        """Offer to take back ``steps`` moves to the last winnable position (a lost hint's)."""
        self.coach.undo_offer = (steps, self.model.state)
        self._show_undo_offer()

    def _show_undo_offer(self) -> None:
        offer = self.coach.undo_offer
        on = offer is not None and offer[1] == self.model.state
        if not on:
            self.coach.undo_offer = None
        self.act_undo_winnable.setEnabled(on)
        self._undo_winnable_slot.setVisible(on)
        steps = offer[0] if offer is not None and on else 0
        if steps:
            text = ngettext(
                "Undo %(n)d move to the wi&nnable point",
                "Undo %(n)d moves to the wi&nnable point",
                steps,
            ) % {"n": steps}
        else:
            text = _("Undo to the wi&nnable point")
        self.act_undo_winnable.setText(text)
        self.act_undo_winnable.setToolTip(
            _("Go back to the last position from which the game can still be won")
        )
        self.act_undo_winnable.setIconText(
            ngettext("Undo %(n)d", "Undo %(n)d", steps) % {"n": steps} if steps else text
        )

    def undo_to_winnable(self) -> None:
        """Take back, in one go, the moves the hint said lead back to a winnable position."""
        offer = self.coach.undo_offer
        if offer is None or offer[1] != self.model.state:
            return
        self.coach.undo_offer = None
        self.model.undo(offer[0])

    # -- auto-finish (canfield.gui.finish) ------------------------------------------

    def look_for_finish(self) -> None:
        """Ask the rules whether the rest is only cards going home; offer Finish (or play it)."""
        self.finisher.look()

    def _offer_finish(self, offer: str) -> None:
        """Finish became possible: said, and shown as well (on a phone held sideways Finish is
        an icon only) unless a message is on show."""
        if not self.statusBar().currentMessage():
            self.statusBar().showMessage(offer, NO_ANSWER_MESSAGE_MS)
        self.say(offer)

    def _finish_started(self, sentence: str) -> None:
        self.say(sentence)
        self._show_finish()
        self.scene.interactive = False

    def _finish_stopped(self) -> None:
        if not self.model.game.is_won:
            self.scene.interactive = True
        self._show_finish()

    def _show_finish(self) -> None:
        on = self.finisher.available
        self.act_finish.setEnabled(on)
        self._finish_slot.setVisible(on)

    @property
    def finish_available(self) -> bool:
        """Finish is offered: the rules proved the rest is only cards going home."""
        return self.act_finish.isEnabled()

    @property
    def finishing(self) -> bool:
        return self.finisher.playing

    def finish(self) -> None:
        """Play the proved line home, one action at a time (all at once without animations)."""
        self.finisher.finish()

    @property
    def demo_running(self) -> bool:
        return self.coach.demo_running

    @property
    def demo_step_ms(self) -> int:
        """How long Show me waits between two actions (``DEMO_STEP_MS`` unless set)."""
        return self.coach.demo_step_ms

    @demo_step_ms.setter
    def demo_step_ms(self, ms: int) -> None:
        self.coach.demo_step_ms = ms

    @property
    def solver_idle(self) -> bool:
        """No solver work waits to start or to answer (winnability note, hint, Show me, a deal).

        What a test waits for instead of sleeping; the answers arrive on the GUI thread.
        """
        return self.coach.idle

    def toggle_demo(self) -> None:
        """Show me: play a winning line from here, one step at a time; again to stop."""
        if self.coach.demo_busy:
            self.coach.stop_demo(said=True)
            return
        if self.model.game.is_won:
            return
        if self.coach.deal_is_hopeless():
            self._tell_hopeless()  # no winning line to show, proved for the whole deal
            return
        self.coach.show_me()

    def _demo_started(self) -> None:
        self.scene.interactive = False

    def stop_demo(self) -> None:
        """Stop Show me where it stands (the moves played stay, and can be undone)."""
        self.coach.stop_demo()

    def _demo_stopped(self, was: bool) -> None:
        if not self.model.game.is_won:
            self.scene.interactive = True
        if was and self.statusBar().currentMessage():
            self.statusBar().clearMessage()
        self._refresh_demo()
        self._watch_winnability()  # the note waited while Show me had the solver's lane

    def _refresh_demo(self) -> None:
        busy = self.coach.demo_busy
        self.act_demo.setText(_("Stop &showing") if busy else _("&Show me"))
        self.act_demo.setToolTip(
            _("Stop playing the winning line (Esc)")
            if busy
            else _("Play a winning line from here, step by step (Ctrl+M)")
        )
        self.act_demo.setEnabled(busy or not self.model.game.is_won)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """While Show me (or Finish) plays, a click on the table or Esc stops it (and only that);
        while Hint thinks, Esc stops it."""
        if self.finisher.playing:
            kind = event.type()
            if kind in (QEvent.Type.MouseButtonPress, QEvent.Type.TouchBegin) or (
                kind == QEvent.Type.KeyPress
                and isinstance(event, QKeyEvent)
                and event.key() == Qt.Key.Key_Escape
            ):
                self.finisher.stop()
                return True
        if self.coach.demo_busy:
            kind = event.type()
            stop = kind in (QEvent.Type.MouseButtonPress, QEvent.Type.TouchBegin) or (
                kind == QEvent.Type.KeyPress
                and isinstance(event, QKeyEvent)
                and event.key() == Qt.Key.Key_Escape
            )
            if stop:
                self.coach.stop_demo(said=True)
                return True
        if (
            self.coach.hint_thinking
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_Escape
        ):
            self.coach.stop_hint()  # Esc stops Hint, as in the browser, and says so
            return True
        return super().eventFilter(watched, event)

    def toggle_full_screen(self) -> None:
        """F11: the table fills the screen; again to go back."""
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()

    def redo(self) -> None:
        self.model.redo()

    def copy_code(self) -> None:
        """Put the game's code (or, for a deck game, its 52 cards) on the clipboard."""
        game = self.model.game
        clipboard = QGuiApplication.clipboard()
        if clipboard is not None:
            clipboard.setText(game.code or game.deck_string)
        if game.code is None:
            message = _("Copied the deck")
        else:
            message = _("Copied %(code)s") % {"code": game.code}
        self.statusBar().showMessage(message, 3000)
        self.say(message)

    def announce_position(self) -> None:
        """Read position: show the whole description and have screen readers say it, every time."""
        text = self.model.game.describe(self.table_language())
        status = self.statusBar()
        status.showMessage(text, POSITION_MESSAGE_MS)
        # On a phone it covers the foot of the columns: the next tap or key clears it.
        self.toast.dismiss_on_input(status.clearMessage)
        self.say(text)

    def hint(self) -> None:
        """Ask the coach for a hint (counted, and saved with the game)."""
        game = self.model.game
        if game.is_won:
            return
        self.stop_demo()
        game.hints_used += 1  # recent games show how many hints each game used
        self.save()
        self.coach.hint()

    def _answer(self, text: str, ms: int) -> None:
        """The coach's sentence: shown (for ``ms``, 0 until the player acts) and said."""
        self.statusBar().showMessage(text, ms)
        self.say(text)

    def _point(self, move: Move, proved: bool) -> None:
        """Hint's move: pointed at on the table, and said (a move not proved says so)."""
        self.scene.show_hint(move)
        if proved:
            text = self.scene.hint_text(move)
        else:
            text = hint_sentence(self.model.state, move, self.table_language(), proved=False)
        self._answer(text, ANSWER_MESSAGE_MS)

    def _tell_hopeless(self, speak: bool = True) -> None:
        """The deal cannot be won: said until the player acts, with the way on offered."""
        if self._settings.show_winnability:
            self._solver_note = hopeless_note()
        self.offers.hopeless(self.new_game, speak, lambda: self._tell_hopeless(speak=False))
        self._refresh(None)

    def _watch_winnability(self) -> None:
        """The coach looks at this position soon, unless Show me or the win has the table."""
        self.coach.watch(may_search=not self.demo_running and not self.model.game.is_won)

    def show_statistics(self) -> None:
        from canfield.gui.dialogs import StatisticsDialog

        dialog = StatisticsDialog(self, self._store, self.model.game.variant)
        dialog.replay.connect(self.replay_recent)
        dialog.exec()

    def replay_recent(self, recent: RecentGame) -> None:
        """Deal a game from the recent list again (the one in progress counts as lost, asked)."""
        from canfield.gui.dialogs import confirm_abandon

        if self._in_progress() and not confirm_abandon(self):
            return
        if recent.code is not None:
            game = Game.from_code(recent.code)
        else:
            game = Game.from_deck(recent.deck, recent.draw, recent.variant)
        self.start_game(game)

    def show_settings(self) -> None:
        from canfield.gui.dialogs import SettingsDialog

        dialog = SettingsDialog(self, self._settings)
        if dialog.exec() == SettingsDialog.DialogCode.Accepted:
            self.apply_settings(dialog.settings())
        dialog.deleteLater()

    def show_rules(self) -> None:
        from canfield.gui.dialogs import HelpDialog

        HelpDialog(self).exec()

    def _first_game(self) -> Game | None:
        """A new player's first deal: one the solver proved winnable (from the atlas's index)."""
        from canfield.presentation.winnable import winnable_deal

        code = winnable_deal(self._settings.draw, self._settings.last_variant)
        if code is None:
            return None
        return Game.from_code(code)

    def welcome_if_new(self) -> None:
        """On the very first start: the short screen on how Canfield works, once."""
        if self._settings.welcomed:
            return
        self._settings = self._settings.replace(welcomed=True)
        self._save_settings()  # a player who upgraded is not shown it: they know the game
        if self._new_player:
            self.show_welcome(first=self._first_winnable)

    def say_resumed(self) -> None:
        """At start over a saved game: which game and how far it went, said (a reader lands on
        the table, which alone does not say that the game was kept)."""
        if self._resumed:
            self.say(resumed_sentence(self.model.game))

    def show_welcome(self, first: bool = False) -> None:
        """How Canfield works (Help menu; shown by itself on the first start, said as it opens
        since the focus stays on the table)."""
        self._welcome.open(first=first)
        self.say(welcome_sentence(first))

    @property
    def welcome(self) -> WelcomePanel:
        return self._welcome

    def show_about(self) -> None:
        from canfield.gui.dialogs import AboutDialog

        AboutDialog(self).exec()

    # -- settings -------------------------------------------------------------------

    def apply_settings(self, settings: Settings, save: bool = True) -> None:
        """Apply settings live (no restart) and keep them."""
        old = self._settings
        self._settings = settings
        self.scene.double_tap = settings.double_tap
        self.scene.keys.brief = settings.speech == "brief"
        self.scene.animations = settings.animations
        self.scene.set_four_colour(settings.four_colour)
        if (settings.card_back, settings.felt) != (old.card_back, old.felt) or not save:
            self.scene.set_theme(settings.card_back, settings.felt)
            self.view.resetCachedContent()
            self.view.viewport().update()
        if settings.casino_scoring != old.casino_scoring:
            self._show_score()
        if settings.show_winnability != old.show_winnability or not save:
            if not settings.show_winnability:
                self._solver_note = ""
                self.solver_label.setText("")
            self._watch_winnability()
        if save:
            self._save_settings()
            if settings.language != old.language:
                switch_language(QApplication.instance(), settings.language)

    def _save_settings(self) -> None:
        try:
            self._store.save_settings(self._settings)
        except StorageError as exc:
            self.statusBar().showMessage(str(exc), 8000)
        self.notify_storage()

    @property
    def settings(self) -> Settings:
        return self._settings

    @property
    def store(self) -> Store:
        return self._store

    def notify_storage(self) -> QMessageBox | None:
        """Tell the player, once each, what happened to their saved data (non-blocking)."""
        return show_notices(self, self._store)

    # -- window events ------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        super().changeEvent(event)
        if event.type() in (QEvent.Type.ActivationChange, QEvent.Type.WindowStateChange):
            self.update_clock()
        if event.type() == QEvent.Type.WindowStateChange:
            self.act_full_screen.setChecked(self.isFullScreen())

    def _arrange_toolbar(self, short: bool) -> None:
        """A short, wide window (a phone held sideways) gets the toolbar down the left side.

        The table keeps the height a landscape layout needs; the icons keep their tooltips.
        """
        area = Qt.ToolBarArea.LeftToolBarArea if short else Qt.ToolBarArea.TopToolBarArea
        if self.toolBarArea(self.toolbar) == area:
            return
        self.removeToolBar(self.toolbar)
        self.addToolBar(area, self.toolbar)
        self.toolbar.setOrientation(Qt.Orientation.Vertical if short else Qt.Orientation.Horizontal)
        self.toolbar.show()

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        size = event.size()
        short = size.height() < 480 and size.width() > size.height()
        self._arrange_toolbar(short)
        self._arrange_status(narrow=size.width() < 640 or short, short=short)
        super().resizeEvent(event)
        if self._win_panel.isVisible():
            self._win_panel.place()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        self.stop_demo()
        self.update_clock()
        self.save()
        with contextlib.suppress(StorageError, ValueError):
            self._store.save_settings(
                self._settings.replace(window_geometry=bytes(self.saveGeometry().data()))
            )
        self._cascade.stop()
        self._worker.cancel()
        self._worker.wait(3000)
        super().closeEvent(event)

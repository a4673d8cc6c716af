"""The Statistics window: one variant's draw modes side by side, the casino bank, recent games.

The two modes are shown as two columns of one table rather than as tabs, so
they can be compared at a glance; it is a real table (a screen reader walks its
cells and says each one's row and column), and it still fits a 360 px wide
phone window. A list above the table picks the variant (the
current game's first): statistics are kept per variant and draw mode.
The recent games (code, result, score, time) are on a second page; a click
on one deals it again (:attr:`StatisticsDialog.replay`). Reset erases one
draw mode's figures of the variant shown, or everything, after asking.

It reads the statistics through :class:`StatisticsSource` (what
:class:`canfield.storage.store.Store` provides), so tests can pass a simple fake.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final, Protocol

from PySide6.QtCore import QDateTime, QLocale, QSize, Qt, Signal
from PySide6.QtGui import QAction, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from canfield.gui.casino import format_money
from canfield.gui.dialogs._common import (
    TOUCH_HEIGHT,
    fit_to_screen,
    hint_label,
    speak_value_changes,
)
from canfield.gui.dialogs.confirm import confirm_reset_statistics
from canfield.gui.i18n_qt import language_notifier, qt_locale, translate_buttons
from canfield.i18n import N_, _, pgettext
from canfield.presentation.clock import format_duration
from canfield.presentation.records import assisted_note, help_text, statistic_spoken
from canfield.presentation.variant_text import APP_VARIANTS, variant_title
from canfield.storage.recent import RecentGame
from canfield.storage.statistics import Statistics
from canfield.variants import DRAWS

__all__ = ["StatisticsDialog", "StatisticsSource"]


class StatisticsSource(Protocol):
    """Where the statistics come from (the app's store)."""

    def statistics(self, draw: int, variant: str = "canfield") -> Statistics: ...
    def all_statistics(self) -> Sequence[Statistics]: ...
    def bank_total(self) -> int: ...
    def reset_statistics(self, draw: int | None = None, variant: str | None = None) -> None: ...
    def recent_games(self) -> Sequence[RecentGame]: ...


COLUMN_DRAWS: Final = tuple(sorted(DRAWS, reverse=True))
"""The draw modes as the table's columns: draw 3 ("Hard") first, as New game lists them."""
ROWS: Final = (
    ("played", N_("Played")),
    ("won", N_("Won")),
    ("win_rate", N_("Win rate")),
    ("best_score", N_("Best score")),
    ("fastest_win", N_("Fastest win")),
    ("fewest_moves", N_("Fewest moves")),
    ("current_streak", N_("Current streak")),
    ("best_streak", N_("Best streak")),
    ("average_seconds", N_("Average time")),
    ("average_moves", N_("Average moves")),
    ("bank", N_("Casino bank")),
    ("assisted", N_("Show me: won / played")),
)
NOTHING: Final = "—"


class StatisticsDialog(QDialog):
    """Show the statistics of both draw modes and the recent games; Reset asks first."""

    replay = Signal(object)
    """A :class:`RecentGame` the player clicked to deal again (the dialog then closes)."""

    def __init__(
        self, parent: QWidget | None, source: StatisticsSource, variant: str = "canfield"
    ) -> None:
        super().__init__(parent)
        self.setObjectName("statisticsDialog")
        # Nothing is read back after exec(), so free it (and its language hook) on close.
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._source = source
        self._values: dict[tuple[str, int], QTableWidgetItem] = {}

        self._variant_label = QLabel(self)
        self._variant_box = QComboBox(self)
        self._variant_box.setObjectName("statisticsVariant")
        self._variant_box.setMinimumHeight(TOUCH_HEIGHT)
        self._variant_label.setBuddy(self._variant_box)
        played = {s.variant for s in source.all_statistics()}
        names = [*APP_VARIANTS, *sorted(played - set(APP_VARIANTS))]
        if variant not in names:
            names.append(variant)
        for name in names:
            self._variant_box.addItem(name, name)
        self._variant_box.setCurrentIndex(names.index(variant))
        self._variant_box.currentIndexChanged.connect(self.refresh)
        speak_value_changes(self._variant_box)

        self._pages = QTabWidget(self)
        self._pages.setObjectName("statisticsPages")
        figures = QWidget(self._pages)
        # A real table, so a screen reader walks it cell by cell with the arrows and says
        # each cell's row and column ("Won, 3 cards: 8"), not a heap of loose labels.
        table = QTableWidget(len(ROWS), len(COLUMN_DRAWS), figures)
        table.setObjectName("statisticsTable")
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setTabKeyNavigation(False)  # Tab leaves the table; the arrows walk it
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table.setWordWrap(True)
        table.setShowGrid(False)
        table.setAlternatingRowColors(True)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        table.verticalHeader().setDefaultAlignment(
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        )
        value_font = QFont(self.font())
        value_font.setPointSizeF(value_font.pointSizeF() * 1.1)
        for row, (key, _label) in enumerate(ROWS):
            for column, draw in enumerate(COLUMN_DRAWS):
                value = QTableWidgetItem(NOTHING)
                value.setFont(value_font)
                value.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                value.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                table.setItem(row, column, value)
                self._values[key, draw] = value
        table.setCurrentCell(0, 0)
        self._table = table

        self._note = hint_label(figures)
        self._bank_note = hint_label(figures)
        self._bank_note.setObjectName("bankTotal")
        page = QVBoxLayout(figures)
        page.setContentsMargins(4, 8, 4, 4)
        chooser = QGridLayout()
        chooser.addWidget(self._variant_label, 0, 0)
        chooser.addWidget(self._variant_box, 0, 1)
        chooser.setColumnStretch(1, 1)
        page.addLayout(chooser)
        page.addWidget(table)
        page.addWidget(self._note)
        page.addWidget(self._bank_note)
        page.addStretch(1)

        recent = QWidget(self._pages)
        self._recent_hint = hint_label(recent)
        self._recent = QListWidget(recent)
        self._recent.setObjectName("recentGames")
        self._recent.setWordWrap(True)
        self._recent.setSpacing(2)
        self._recent.itemActivated.connect(self._replay_item)
        self._recent.itemClicked.connect(self._replay_item)
        self._recent_games: list[RecentGame] = []
        recent_page = QVBoxLayout(recent)
        recent_page.setContentsMargins(4, 8, 4, 4)
        recent_page.addWidget(self._recent_hint)
        recent_page.addWidget(self._recent, 1)
        self._pages.addTab(figures, "")
        self._pages.addTab(recent, "")

        self._buttons = QDialogButtonBox(self)
        self._reset = self._buttons.addButton(QDialogButtonBox.StandardButton.Reset)
        self._reset.setObjectName("resetButton")
        close = self._buttons.addButton(QDialogButtonBox.StandardButton.Close)
        for button in (self._reset, close):
            button.setMinimumHeight(TOUCH_HEIGHT)
            button.setMinimumWidth(96)
        close.setDefault(True)
        self._reset.setAutoDefault(False)
        self._reset_menu = QMenu(self._reset)
        self._reset_menu.setObjectName("resetMenu")
        self._reset_choices: dict[int | None, QAction] = {}
        modes: tuple[int | None, ...] = (*COLUMN_DRAWS, None)
        for mode in modes:
            choice = self._reset_menu.addAction("")
            choice.triggered.connect(functools.partial(self._ask_reset, mode))
            self._reset_choices[mode] = choice
        self._reset.setMenu(self._reset_menu)
        self._buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 12, 14, 10)
        layout.setSpacing(8)
        layout.addWidget(self._pages, 1)
        layout.addWidget(self._buttons)

        self.retranslate()
        language_notifier().language_changed.connect(self.retranslate)
        fit_to_screen(self, QSize(440, 0))

    def retranslate(self) -> None:
        """Set every text (and number format) in the current language."""
        self.setWindowTitle(_("Statistics"))
        self.setAccessibleName(_("Statistics"))
        self._variant_label.setText(_("&Variant"))
        self._variant_box.setAccessibleName(_("Variant"))
        for index in range(self._variant_box.count()):
            self._variant_box.setItemText(
                index, variant_title(str(self._variant_box.itemData(index)))
            )
        titles = self._column_titles()
        self._table.setHorizontalHeaderLabels([titles[draw] for draw in COLUMN_DRAWS])
        self._table.setVerticalHeaderLabels([_(label) for _key, label in ROWS])
        self._table.setAccessibleName(_("Statistics"))
        self._note.setText(
            _(
                "A game counts once you have made a move in it. "
                "A game left unfinished counts as lost."
            )
        )
        assisted_row = next(i for i, (key, _label) in enumerate(ROWS) if key == "assisted")
        header = self._table.verticalHeaderItem(assisted_row)
        if header is not None:  # why Show me games are apart, where the row is
            header.setToolTip(assisted_note())
        self._pages.setAccessibleName(_("Statistics"))
        self._pages.tabBar().setAccessibleName(_("Statistics"))
        self._recent.setAccessibleName(_("Recent games"))
        self._pages.setTabText(0, _("Figures"))
        self._pages.setTabText(1, _("Recent games"))
        self._recent_hint.setText(_("Click a game to play the same deal again."))
        translate_buttons(self._buttons)
        self._reset.setText(_("Reset…"))
        self._reset.setAccessibleName(_("Reset statistics"))
        self._reset_choices[3].setText(_("Reset the “3 cards” figures"))
        self._reset_choices[1].setText(_("Reset the “1 card” figures"))
        self._reset_choices[None].setText(_("Reset all statistics"))
        self.refresh()

    def refresh(self) -> None:
        """Read the statistics again and show them."""
        locale = qt_locale()
        variant = self.variant()
        for draw in COLUMN_DRAWS:
            stats = self._source.statistics(draw, variant)
            texts = {
                "played": locale.toString(stats.played),
                "won": locale.toString(stats.won),
                "win_rate": (
                    _("{percent}%").format(percent=locale.toString(round(stats.win_rate * 100)))
                    if stats.played
                    else NOTHING
                ),
                "best_score": NOTHING
                if stats.best_score is None
                else locale.toString(stats.best_score),
                "fastest_win": (
                    NOTHING if stats.fastest_win is None else format_duration(stats.fastest_win)
                ),
                "fewest_moves": (
                    NOTHING if stats.fewest_moves is None else locale.toString(stats.fewest_moves)
                ),
                "current_streak": locale.toString(stats.current_streak),
                "best_streak": locale.toString(stats.best_streak),
                "bank": format_money(stats.bank),
                "assisted": (
                    NOTHING
                    if not stats.assisted_games
                    else f"{locale.toString(stats.assisted_wins)} / "
                    f"{locale.toString(stats.assisted_games)}"
                ),
                "average_seconds": (
                    NOTHING
                    if stats.average_seconds is None
                    else format_duration(stats.average_seconds)
                ),
                "average_moves": (
                    NOTHING
                    if stats.average_moves is None
                    else locale.toString(round(stats.average_moves))
                ),
            }
            column = self._column_titles()[draw]
            for key, label in ROWS:
                value = self._values[key, draw]
                value.setText(texts[key])
                # A reader says "none", not the dash's name, after the row and the column.
                spoken = _("none") if texts[key] == NOTHING else texts[key]
                value.setData(
                    Qt.ItemDataRole.AccessibleTextRole, statistic_spoken(_(label), column, spoken)
                )
        self._bank_note.setText(
            _("Casino bank over all variants and draw modes: {money}").format(
                money=format_money(self._source.bank_total())
            )
        )
        self._fill_recent()
        self._fit_table()

    @staticmethod
    def _column_titles() -> dict[int, str]:
        return {3: _("3 cards"), 1: _("1 card")}

    def _fit_table(self) -> None:
        """As tall as its rows: the page scrolls, never the table inside it."""
        table = self._table
        table.resizeRowsToContents()
        height = table.horizontalHeader().height() + 2 * table.frameWidth()
        height += sum(table.rowHeight(row) for row in range(table.rowCount()))
        table.setFixedHeight(height)

    def _fill_recent(self) -> None:
        locale = qt_locale()
        self._recent_games = list(self._source.recent_games())
        self._recent.clear()
        won, lost = pgettext("game result", "Won"), pgettext("game result", "Lost")
        for game in self._recent_games:
            name = game.code or _("Own deck")
            result = won if game.won else lost
            when = locale.toString(
                QDateTime.fromSecsSinceEpoch(round(game.finished_at)),
                QLocale.FormatType.ShortFormat,
            )
            text = _("{game} · {result} · score {score} · {time}").format(
                game=name,
                result=result,
                score=locale.toString(game.score),
                time=format_duration(game.seconds),
            )
            helped = help_text(game.hints, game.assisted)
            if helped:
                text += " · " + helped
            item = QListWidgetItem(text + "\n" + when)
            item.setToolTip(_("Play this deal again"))
            item.setSizeHint(QSize(0, TOUCH_HEIGHT + 8))
            self._recent.addItem(item)
        if not self._recent_games:
            empty = QListWidgetItem(_("No finished games yet."))
            empty.setFlags(Qt.ItemFlag.NoItemFlags)
            self._recent.addItem(empty)

    def recent_texts(self) -> list[str]:
        """The recent games as listed (for tests)."""
        return [self._recent.item(i).text() for i in range(self._recent.count())]

    def _replay_item(self, item: QListWidgetItem) -> None:
        row = self._recent.row(item)
        if 0 <= row < len(self._recent_games):
            game = self._recent_games[row]
            self.accept()
            self.replay.emit(game)

    def show_recent(self) -> None:
        self._pages.setCurrentIndex(1)

    def variant(self) -> str:
        """The variant whose statistics are shown."""
        return str(self._variant_box.currentData())

    def value_text(self, key: str, draw: int) -> str:
        """The text shown for one statistic (for tests and screen-reader checks)."""
        return self._values[key, draw].text()

    @property
    def reset_button(self) -> QPushButton:
        return self._reset

    def reset_choice(self, draw: int | None) -> QAction:
        """The Reset menu's entry for one draw mode of the variant shown (``None``: all)."""
        return self._reset_choices[draw]

    def _ask_reset(self, draw: int | None) -> None:
        if not confirm_reset_statistics(self, draw):
            return
        if draw is None:
            self._source.reset_statistics(None)
        else:
            self._source.reset_statistics(draw, self.variant())
        self.refresh()

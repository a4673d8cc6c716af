"""The win: cards bounce off the foundations leaving trails, then a "You won" panel.

The cascade paints into one pixmap laid over the table (the classic trail
effect costs one small blit per card per frame, whatever the trail length);
the real card items never move, so the finished position stays intact
underneath. It is deterministic for a given seed, so screenshots and tests can
advance it frame by frame without a timer.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPixmap
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsPixmapItem,
    QGridLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from canfield.gui import cardart
from canfield.gui.qtgeom import qpoint
from canfield.gui.table import TableScene
from canfield.i18n import _
from canfield.presentation.clock import format_duration
from canfield.presentation.stacking import Z

__all__ = ["Cascade", "WinPanel"]

FRAME_MS = 16
FADE = QColor(0, 0, 0, 14)


@dataclass
class _Flying:
    card: int
    pos: QPointF
    vx: float
    vy: float


class Cascade:
    """Cards leaping off the foundations one after another, bouncing along the bottom."""

    def __init__(self, scene: TableScene, seed: int = 7) -> None:
        self._scene = scene
        self._rng = random.Random(seed)
        self._timer = QTimer()
        self._timer.setInterval(FRAME_MS)
        self._timer.timeout.connect(self.step)
        self._queue: list[tuple[int, QPointF]] = []
        self._flying: list[_Flying] = []
        self._frame = 0
        self._item: QGraphicsPixmapItem | None = None
        self._canvas: QPixmap | None = None
        self._dpr = 1.0

    @property
    def running(self) -> bool:
        return self._timer.isActive()

    def start(self, animate: bool = True, dpr: float = 1.0) -> None:
        """Set up the canvas and launch order; with ``animate`` a timer drives the frames."""
        self.stop()
        scene = self._scene
        rect = scene.sceneRect()
        self._dpr = dpr
        canvas = QPixmap(max(1, round(rect.width() * dpr)), max(1, round(rect.height() * dpr)))
        canvas.setDevicePixelRatio(dpr)
        canvas.fill(Qt.GlobalColor.transparent)
        self._canvas = canvas
        item = QGraphicsPixmapItem(canvas)
        item.setZValue(Z.CELEBRATION)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        scene.addItem(item)
        self._item = item
        # Kings first, as the classic cascade does: the top card of each foundation in turn.
        state = scene.model.state
        stacks = [list(state.foundation(suit)) for suit in state.foundation_order]
        lay = scene.table_layout
        self._queue = []
        while any(stacks):
            for place, stack in enumerate(stacks):
                if stack:
                    self._queue.append((stack.pop(), qpoint(lay.foundations[place].top_left)))
        self._flying = []
        self._frame = 0
        if animate:
            self._timer.start()

    def stop(self) -> None:
        self._timer.stop()
        if self._item is not None:
            self._scene.removeItem(self._item)
            self._item = None
        self._canvas = None
        self._flying = []
        self._queue = []

    def advance(self, frames: int) -> None:
        """Run ``frames`` steps at once (screenshots, tests)."""
        for _frame in range(frames):
            self.step()

    def step(self) -> None:
        canvas = self._canvas
        if canvas is None:
            return
        scene_rect = self._scene.sceneRect()
        lay = self._scene.table_layout
        if self._frame % 9 == 0 and self._queue and len(self._flying) < 3:
            card, origin = self._queue.pop(0)
            speed = lay.card_w * self._rng.uniform(0.05, 0.11)
            vx = speed if self._rng.random() < 0.6 else -speed
            vy = -lay.card_h * self._rng.uniform(0.0, 0.06)
            self._flying.append(_Flying(card, QPointF(origin), vx, vy))
        self._frame += 1
        gravity = lay.card_h * 0.0075
        floor = scene_rect.bottom() - lay.card_h
        painter = QPainter(canvas)
        # Old trail fades a little each frame: a comet tail rather than a wall of cards.
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_DestinationOut)
        painter.fillRect(QRectF(0, 0, scene_rect.width(), scene_rect.height()), FADE)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        alive: list[_Flying] = []
        for f in self._flying:
            f.vy += gravity
            f.pos = QPointF(f.pos.x() + f.vx, f.pos.y() + f.vy)
            if f.pos.y() > floor:
                f.pos = QPointF(f.pos.x(), floor)
                f.vy = -f.vy * 0.78
            pix = cardart.card_pixmap(
                f.card,
                round(lay.card_w),
                self._dpr,
                four_colour=self._scene.four_colour,
                ranks=self._scene.card_item(f.card).rank_letters,
            )
            painter.drawPixmap(f.pos, pix)
            if -lay.card_w < f.pos.x() < scene_rect.right():
                alive.append(f)
        painter.end()
        self._flying = alive
        if self._item is not None:
            self._item.setPixmap(canvas)
        if not self._flying and not self._queue:
            self._timer.stop()


class WinPanel(QFrame):
    """A card-like panel over the table: "You won", the score, time and moves, this variant's
    record (win rate, streak, best), and Play again (the same deal), New game, Copy code."""

    new_game = Signal()
    play_again = Signal()
    copy_code = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("winPanel")
        self.setStyleSheet(
            "#winPanel { background: rgb(12, 40, 24); border: 2px solid #f2cf63;"
            " border-radius: 18px; }"
            " QLabel { color: #fdf8e8; background: transparent; }"
            " QPushButton { background: #f2cf63; color: #1c2a16; border: none;"
            " border-radius: 10px; padding: 10px 22px; font-weight: 600; }"
            " QPushButton:focus { border: 2px solid #fffdf4; }"
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(28, 22, 28, 22)
        layout.setSpacing(10)
        self._title = QLabel(self)
        self._title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = QFont()
        font.setPixelSize(34)
        font.setWeight(QFont.Weight.Bold)
        self._title.setFont(font)
        self._details = QLabel(self)
        self._details.setObjectName("winDetails")
        self._details.setAlignment(Qt.AlignmentFlag.AlignCenter)
        small = QFont()
        small.setPixelSize(17)
        self._details.setFont(small)
        self._details.setWordWrap(False)
        self._record = QLabel(self)
        self._record.setObjectName("winRecord")
        self._record.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._record.setWordWrap(False)  # one line when it fits, else one figure a line
        record_font = QFont()
        record_font.setPixelSize(15)
        self._record.setFont(record_font)
        self._button = QPushButton(self)
        self._button.setObjectName("winNewGame")
        self._button.clicked.connect(self.new_game)
        self._again = QPushButton(self)
        self._again.setObjectName("winPlayAgain")
        self._again.clicked.connect(self.play_again)
        self._copy = QPushButton(self)
        self._copy.setObjectName("winCopyCode")
        self._copy.clicked.connect(self.copy_code)
        for button in (self._button, self._again, self._copy):
            button.setMinimumHeight(44)
        self._buttons = QGridLayout()
        self._buttons.setSpacing(8)
        layout.addWidget(self._title)
        layout.addWidget(self._details)
        layout.addWidget(self._record)
        layout.addLayout(self._buttons)
        self._narrow: bool | None = None
        self._record_parts: list[str] = []
        self._score = 0
        self._seconds = 0.0
        self._moves = 0
        self.hide()
        self.retranslate()

    def show_result(
        self, score: int, seconds: float, moves: int, record: Sequence[str] = ()
    ) -> None:
        """Show the win; ``record``: this variant's figures (win rate, streak, best score)."""
        self._score, self._seconds, self._moves = score, seconds, moves
        self._record_parts = list(record)
        self.retranslate()
        self.place()
        self.show()
        self.raise_()
        self._button.setFocus()

    def place(self) -> None:
        parent = self.parentWidget()
        if parent is None:
            return
        self._set_details(parent.width() - 24 - 56)
        self._arrange_buttons(narrow=parent.width() < 520)
        self.adjustSize()
        width = min(parent.width() - 24, max(self.sizeHint().width(), 440))
        self.resize(width, self.sizeHint().height())
        area = QRectF(parent.rect())
        self.move(
            round(area.center().x() - self.width() / 2),
            round(area.center().y() - self.height() / 2),
        )

    def _arrange_buttons(self, narrow: bool) -> None:
        """New game first, then Play again and Copy code: in a row, or one above the other on
        a phone, where a row of three does not fit in every language."""
        if narrow == self._narrow:
            return
        self._narrow = narrow
        for button in (self._button, self._again, self._copy):
            self._buttons.removeWidget(button)
        if narrow:
            for row, button in enumerate((self._button, self._again, self._copy)):
                self._buttons.addWidget(button, row, 0)
        else:
            for column, button in enumerate((self._button, self._again, self._copy)):
                self._buttons.addWidget(button, 0, column)

    def _parts(self) -> list[str]:
        return [
            _("Score: %(score)d") % {"score": self._score},
            _("Time: %(time)s") % {"time": format_duration(self._seconds)},
            _("Moves: %(moves)d") % {"moves": self._moves},
        ]

    def _set_details(self, room: float) -> None:
        """One line "score · time · moves" when it fits in ``room`` px, else one figure a line.

        Never a wrapped line that starts or ends with the "·".
        """
        for label, parts in ((self._details, self._parts()), (self._record, self._record_parts)):
            one_line = " · ".join(parts)
            fits = label.fontMetrics().horizontalAdvance(one_line) <= room
            label.setText(one_line if fits else "\n".join(parts))

    def retranslate(self) -> None:
        self._title.setText(_("You won!"))
        parent = self.parentWidget()
        self._set_details(parent.width() - 80 if parent is not None else 400)
        self._button.setText(_("New game"))
        self._again.setText(_("Play again"))
        self._again.setToolTip(_("Deal the same cards again"))
        self._copy.setText(_("Copy code"))
        self._copy.setToolTip(_("Copy the game code to the clipboard (Ctrl+C)"))
        self._record.setVisible(bool(self._record_parts))
        # The style sheet's semi-bold text is wider than the size hint Qt measures.
        bold = QFont(self._button.font())
        bold.setWeight(QFont.Weight.DemiBold)
        metrics = QFontMetrics(bold)
        for button in (self._button, self._again, self._copy):
            button.setMinimumWidth(metrics.horizontalAdvance(button.text()) + 40)
        self.setAccessibleName(_("You won!"))
        self.setAccessibleDescription(" · ".join([*self._parts(), *self._record_parts]))

    def title_text(self) -> str:
        return self._title.text()

    def details_text(self) -> str:
        return self._details.text()

    def parts(self) -> list[str]:
        """Score, time and moves, each as its own phrase."""
        return self._parts()

    def record_text(self) -> str:
        """The figures as one line, however they are laid out."""
        return " · ".join(self._record_parts)

    @property
    def again_button(self) -> QPushButton:
        return self._again

    @property
    def copy_button(self) -> QPushButton:
        return self._copy

    @property
    def button(self) -> QPushButton:
        return self._button

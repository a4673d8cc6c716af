"""Pieces shared by the dialogs: big touch-friendly choices, headings and sizing.

The dialogs must work with a finger on a 360 px wide phone window as well as
with a mouse on a desktop, so every control is at least :data:`TOUCH_HEIGHT`
pixels high, texts wrap instead of widening the dialog, and
:func:`fit_to_screen` keeps a dialog inside the window or screen it opens on.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QPoint, QRect, QSize, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import (
    QAccessible,
    QAccessibleEvent,
    QFocusEvent,
    QFont,
    QFontMetrics,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QTextCursor,
)
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QRadioButton,
    QSizePolicy,
    QStyle,
    QStyleOptionButton,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from canfield.gui.accessible import DescriptionLabel

__all__ = [
    "TOUCH_HEIGHT",
    "ChoiceButton",
    "DescriptionLabel",
    "LineEdit",
    "ReadableText",
    "close_buttons",
    "description_label",
    "fit_to_screen",
    "heading",
    "hint_label",
    "names_changed",
    "option_block",
    "speak_value_changes",
    "tab_to_checked",
]

TOUCH_HEIGHT: Final = 44
"""Minimum height of anything tappable, in device-independent pixels (Apple's and
Google's touch-target guidelines both say about 44-48)."""

_PADDING: Final = 12
_GAP: Final = 12
_RADIUS: Final = 10.0


class ChoiceButton(QRadioButton):
    """A radio button drawn as a large card with a bold title and a subtitle.

    It stays a real :class:`QRadioButton` (arrow keys move between choices, screen
    readers announce a radio button), only its painting and size differ.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._title = ""
        self._subtitle = ""
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setAttribute(Qt.WidgetAttribute.WA_Hover)

    def set_texts(self, title: str, subtitle: str) -> None:
        """Set both lines; the accessible name says both ("3 cards, Hard")."""
        self._title, self._subtitle = title, subtitle
        self.setText(f"{title}, {subtitle}")
        self.setAccessibleName(f"{title}, {subtitle}")
        self.updateGeometry()
        self.update()

    def title(self) -> str:
        return self._title

    def subtitle(self) -> str:
        return self._subtitle

    def _title_font(self) -> QFont:
        font = QFont(self.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        return font

    def _indicator_size(self) -> QSize:
        style = self.style()
        return QSize(
            style.pixelMetric(QStyle.PixelMetric.PM_ExclusiveIndicatorWidth, None, self),
            style.pixelMetric(QStyle.PixelMetric.PM_ExclusiveIndicatorHeight, None, self),
        )

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        title = QFontMetrics(self._title_font())
        body = self.fontMetrics()
        text_width = max(
            title.horizontalAdvance(self._title), body.horizontalAdvance(self._subtitle)
        )
        indicator = self._indicator_size()
        width = _PADDING * 2 + indicator.width() + _GAP + text_width
        height = max(TOUCH_HEIGHT + 20, _PADDING * 2 + title.height() + 2 + body.height())
        return QSize(width, height)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        hint = self.sizeHint()
        return QSize(min(hint.width(), 120), hint.height())

    def hitButton(self, pos: QPoint) -> bool:  # noqa: N802 - the whole card is the target
        return self.rect().contains(pos)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        checked = self.isChecked()
        hovered = self.underMouse()
        frame = self.rect().adjusted(1, 1, -1, -1)

        background = palette.color(QPalette.ColorRole.Base)
        border = palette.color(QPalette.ColorRole.Mid)
        if checked:
            highlight = palette.color(QPalette.ColorRole.Highlight)
            background = highlight.lighter(185) if highlight.lightness() < 200 else highlight
            if palette.color(QPalette.ColorRole.Window).lightness() < 128:  # dark theme
                background = highlight.darker(250)
            border = highlight
        elif hovered:
            border = palette.color(QPalette.ColorRole.Highlight).lighter(140)
        painter.setPen(QPen(border, 2.5 if checked or self.hasFocus() else 1.2))
        painter.setBrush(background)
        painter.drawRoundedRect(frame, _RADIUS, _RADIUS)
        if self.hasFocus():
            focus = QPen(palette.color(QPalette.ColorRole.Highlight), 1.0, Qt.PenStyle.DashLine)
            painter.setPen(focus)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(frame.adjusted(4, 4, -4, -4), _RADIUS - 3, _RADIUS - 3)

        indicator = self._indicator_size()
        option = QStyleOptionButton()
        option.initFrom(self)
        option.rect = QRect(
            frame.left() + _PADDING,
            frame.center().y() - indicator.height() // 2,
            indicator.width(),
            indicator.height(),
        )
        option.state |= QStyle.StateFlag.State_On if checked else QStyle.StateFlag.State_Off
        self.style().drawPrimitive(
            QStyle.PrimitiveElement.PE_IndicatorRadioButton, option, painter, self
        )

        text_left = option.rect.right() + _GAP
        text_rect = QRect(
            text_left, frame.top(), frame.right() - _PADDING - text_left, frame.height()
        )
        title_font = self._title_font()
        title_height = QFontMetrics(title_font).height()
        body_height = self.fontMetrics().height()
        top = text_rect.top() + (text_rect.height() - title_height - 2 - body_height) // 2
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        painter.setFont(title_font)
        painter.drawText(
            QRect(text_rect.left(), top, text_rect.width(), title_height),
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
            self._title,
        )
        painter.setFont(self.font())
        subtitle = palette.color(QPalette.ColorRole.PlaceholderText)
        painter.setPen(subtitle if subtitle.isValid() else palette.color(QPalette.ColorRole.Text))
        painter.drawText(
            QRect(text_rect.left(), top + title_height + 2, text_rect.width(), body_height),
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
            self._subtitle,
        )
        painter.end()


def close_buttons(dialog: QDialog) -> QDialogButtonBox:
    """A button box with one touch-sized Close button that rejects ``dialog``."""
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
    for button in buttons.buttons():
        button.setMinimumHeight(TOUCH_HEIGHT)
        button.setMinimumWidth(96)
    buttons.rejected.connect(dialog.reject)
    return buttons


def heading(parent: QWidget | None = None) -> QLabel:
    """A bold section heading label (its text is set by ``retranslate``)."""
    label = QLabel(parent)
    font = QFont(label.font())
    font.setBold(True)
    label.setFont(font)
    label.setWordWrap(True)
    return label


def description_label(
    parent: QWidget | None = None, describes: QWidget | None = None
) -> DescriptionLabel:
    """A :func:`hint_label` that readers skip (its control's description says it)."""
    label = DescriptionLabel(parent)
    label.describes = describes
    _style_hint(label)
    return label


class LineEdit(QLineEdit):
    """A line edit that tells readers it has the focus before its text is selected.

    Tab into a QLineEdit selects its text in ``focusInEvent``, and Qt reports
    that selection and the caret's move before the focus itself. Orca 43 takes
    the caret's move in a focused field as the focus having arrived and moves
    there silently, so the focus event after it says nothing: the code field
    was silent when Tab reached it (an earlier focus event of our own does not
    help: Orca drops it as a duplicate of Qt's, still queued). So the text is
    selected just after the focus has been told, as Tab would have selected it.
    """

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt override
        tab = (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason)
        if event.reason() not in tab:
            super().focusInEvent(event)
            return
        super().focusInEvent(QFocusEvent(event.type(), Qt.FocusReason.OtherFocusReason))
        QTimer.singleShot(0, self._select_after_focus)

    def _select_after_focus(self) -> None:
        if self.hasFocus() and self.text() and not self.hasSelectedText():
            self.selectAll()


class ReadableText(QTextEdit):
    """A page of rich text a screen reader reads: a read-only text with a caret, and its links.

    Qt exposes a QTextBrowser as a label, which Orca 43 names and does not read
    ("Rules of Canfield label"), nor the link Tab selects in it. A read-only
    QTextEdit is a text: Orca reads the line the caret (the arrows) moves to and
    says the text Tab selects. Tab and Shift+Tab select the next or previous link
    (then leave the text), Enter or a click on a link emits :attr:`anchor_clicked`.
    """

    anchor_clicked = Signal(QUrl)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextBrowserInteraction
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )

    def _anchors(self) -> list[tuple[int, int, str]]:
        """Each link: where it starts and ends in the document, and its address."""
        found: list[tuple[int, int, str]] = []
        block = self.document().begin()
        while block.isValid():
            it = block.begin()
            while not it.atEnd():
                fragment = it.fragment()
                fmt = fragment.charFormat()
                if fragment.isValid() and fmt.isAnchor() and fmt.anchorHref():
                    start, end = fragment.position(), fragment.position() + fragment.length()
                    if found and found[-1][1] == start and found[-1][2] == fmt.anchorHref():
                        start = found.pop()[0]  # one link in two fragments (a bold word)
                    found.append((start, end, fmt.anchorHref()))
                it += 1
            block = block.next()
        return found

    def _selected_anchor(self) -> str:
        cursor = self.textCursor()
        for start, end, href in self._anchors():
            if cursor.selectionStart() == start and cursor.selectionEnd() == end:
                return href
        return ""

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: N802 - Qt override
        cursor = self.textCursor()
        anchors = self._anchors()
        if next:
            ahead = [a for a in anchors if a[0] >= cursor.selectionEnd()]
            if cursor.hasSelection() and not self._selected_anchor():
                ahead = [a for a in anchors if a[0] >= cursor.selectionStart()]
            chosen = ahead[0] if ahead else None
        else:
            behind = [a for a in anchors if a[1] <= cursor.selectionStart()]
            chosen = behind[-1] if behind else None
        if chosen is None:
            return super().focusNextPrevChild(next)
        select = QTextCursor(self.document())
        select.setPosition(chosen[0])
        select.setPosition(chosen[1], QTextCursor.MoveMode.KeepAnchor)
        self.setTextCursor(select)
        self.ensureCursorVisible()
        return True

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        href = self._selected_anchor()
        if href and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.anchor_clicked.emit(QUrl(href))
            return
        super().keyPressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        super().mouseReleaseEvent(event)
        href = self.anchorAt(event.position().toPoint())
        if href and event.button() == Qt.MouseButton.LeftButton:
            self.anchor_clicked.emit(QUrl(href))


def speak_value_changes(box: QComboBox) -> None:
    """Have readers say a combo box's new value when the keys change it while it has the focus.

    On Linux Qt names a combo box by its current text (its label is a relation),
    but it reports no change when Up or Down picks another item: this sends one,
    so a reader that asks again has the new name. Orca (43 and later) takes a
    combo box's name change as redundant and waits for a selection change, which
    Qt's combo box cannot answer (it has no selection interface), so it would say
    nothing: the new value is also said, as every confirmation is
    (:class:`~canfield.gui.speech.Speaker`).
    """
    from canfield.gui.speech import Speaker

    parent = box.parentWidget()
    speaker = Speaker(box, parent if parent is not None else box, notices=4)  # one at a time

    def changed(_index: int) -> None:
        if box.hasFocus() and QAccessible.isActive():
            QAccessible.updateAccessibility(QAccessibleEvent(box, QAccessible.Event.NameChanged))
            speaker.say(box.currentText())

    box.currentIndexChanged.connect(changed)


def names_changed(*boxes: QComboBox) -> None:
    """Tell readers the combo boxes' names again (on Linux their current texts) after a retranslate.

    Otherwise a reader keeps the name it read before the item texts were set.
    """
    if QAccessible.isActive():
        for box in boxes:
            QAccessible.updateAccessibility(QAccessibleEvent(box, QAccessible.Event.NameChanged))


def tab_to_checked(group: QButtonGroup) -> None:
    """Tab lands on the chosen button of ``group`` (the arrows move between them), not the first."""

    def follow() -> None:
        checked = group.checkedButton()
        for button in group.buttons():
            chosen = button is checked or checked is None
            button.setFocusPolicy(
                Qt.FocusPolicy.StrongFocus if chosen else Qt.FocusPolicy.ClickFocus
            )

    group.buttonToggled.connect(lambda _button, _on: follow())
    follow()


def hint_label(parent: QWidget | None = None) -> QLabel:
    """A smaller, muted, wrapping explanation under a control."""
    label = QLabel(parent)
    _style_hint(label)
    return label


def _style_hint(label: QLabel) -> None:
    label.setWordWrap(True)
    font = QFont(label.font())
    font.setPointSizeF(font.pointSizeF() * 0.92)
    label.setFont(font)
    palette = label.palette()
    muted = palette.color(QPalette.ColorRole.PlaceholderText)
    if muted.isValid():
        palette.setColor(QPalette.ColorRole.WindowText, muted)
        label.setPalette(palette)
    label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)


def option_block(check: QWidget, hint: QLabel) -> QVBoxLayout:
    """A check box with its explanation right under its text (indented past the box)."""
    block = QVBoxLayout()
    block.setSpacing(0)
    block.addWidget(check)
    indent = check.style().pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth, None, check)
    indent += check.style().pixelMetric(QStyle.PixelMetric.PM_CheckBoxLabelSpacing, None, check)
    hint.setContentsMargins(indent, 0, 0, 4)
    if isinstance(hint, DescriptionLabel) and hint.describes is None:
        hint.describes = check
    block.addWidget(hint)
    return block


def fit_to_screen(dialog: QDialog, preferred: QSize) -> None:
    """Size ``dialog`` to ``preferred`` but never larger than its parent window or screen.

    On a phone-sized window the dialog then fills the window instead of spilling
    off it; on a desktop it opens at a comfortable size.
    """
    bounds: QRect | None = None
    parent = dialog.parentWidget()
    if parent is not None and parent.window().isVisible():
        bounds = parent.window().geometry()
    else:
        screen = dialog.screen()
        if screen is not None:
            bounds = screen.availableGeometry()
    width, height = preferred.width(), preferred.height()
    if height <= 0:  # as tall as the content needs at that width
        layout = dialog.layout()
        height = layout.totalHeightForWidth(width) if layout is not None else 0
        height = max(height, dialog.sizeHint().height())
    if bounds is not None:
        width = min(width, bounds.width())
        height = min(height, bounds.height())
    dialog.resize(max(width, dialog.minimumSizeHint().width()) if bounds is None else width, height)

"""What Orca 43 reads of the dialogs and the spoken sentences, offscreen (tests/a11y hears it).

Orca reads a dialog's labels that relate to nothing as it opens (New game said
66 words, Settings 162: every explanation, each again as its control's
description), says "notification" before a notification outside a status bar
and names the dialog before one inside a dialog, and goes silently to a field
whose caret moves before its focus is told (the code field said nothing on Tab).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

pytest.importorskip("PySide6.QtWidgets")

from app_helpers import window
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication, QComboBox, QDialog, QLineEdit, QStatusBar
from pytestqt.qtbot import QtBot

from canfield.gui.accessible import DescriptionLabel, Notice
from canfield.gui.dialogs import NewGameDialog, SettingsDialog
from canfield.gui.i18n_qt import switch_language
from canfield.gui.window import MainWindow
from canfield.storage.settings import Settings

__all__ = ["window"]

pytestmark = pytest.mark.gui

DESCRIPTION_FOR = QAccessible.RelationFlag.DescriptionFor


@pytest.fixture(autouse=True)
def _english(qapp: QApplication) -> Iterator[None]:
    from canfield.gui import accessible
    from canfield.gui.view import TableView

    accessible.install(TableView)  # as the app's first table view does
    switch_language(qapp, "en")
    yield
    switch_language(qapp, "en")


@pytest.mark.parametrize(
    "make",
    [lambda: NewGameDialog(None), lambda: SettingsDialog(None, Settings())],
    ids=["new", "settings"],
)
def test_every_explanation_is_its_controls_description_not_a_label_read_on_opening(
    qtbot: QtBot, make: Callable[[], QDialog]
) -> None:
    dialog = make()
    qtbot.addWidget(dialog)
    labels = dialog.findChildren(DescriptionLabel)
    assert len(labels) >= 3
    for label in labels:
        iface = QAccessible.queryAccessibleInterface(label)
        assert iface is not None and iface.state().invisible
        related = iface.relations(DESCRIPTION_FOR)
        assert len(related) == 1, label.text()
        control, relation = related[0]
        assert relation == DESCRIPTION_FOR
        assert control.object() is label.describes
        # The words are the control's to say, as it takes the focus.
        assert control.text(QAccessible.Text.Description), label.text()
        assert not iface.relations(QAccessible.RelationFlag.Label)


def test_sentences_are_said_from_a_hidden_status_bar_of_the_window(window: MainWindow) -> None:
    from canfield.gui.speech import NOTICES

    notices = window.findChildren(Notice)
    # Enough taken in turn for a reader a few sentences behind (Orca starting on a busy
    # machine was 8 behind: a reused notification is read with its new text).
    assert len(notices) == NOTICES >= 16
    for notice in notices:
        bar = notice.parentWidget()
        assert isinstance(bar, QStatusBar) and not bar.isVisible()
        assert bar.window() is window
        assert bar is not window.statusBar()  # the shown one keeps its widgets only
    window.speaker.say("3 cards drawn")
    assert window.speaker.last == "3 cards drawn"


def test_a_dialogs_sentences_are_said_from_the_window_it_is_over(
    qtbot: QtBot, window: MainWindow
) -> None:
    before = set(window.findChildren(Notice))
    dialog = NewGameDialog(window)
    qtbot.addWidget(dialog)
    inside = dialog.findChildren(Notice)
    assert not inside  # Orca 43 would name the dialog before each: "New game dialog Classic"
    added = set(window.findChildren(Notice)) - before
    assert added and all(isinstance(n.parentWidget(), QStatusBar) for n in added)
    dialog.deleteLater()
    qtbot.waitUntil(lambda: not (set(window.findChildren(Notice)) - before), timeout=2000)


def test_a_dialog_over_no_window_says_its_sentences_from_a_window_of_their_own(
    qtbot: QtBot,
) -> None:
    dialog = NewGameDialog(None)
    qtbot.addWidget(dialog)
    assert not dialog.findChildren(Notice)
    box = dialog.findChild(QComboBox, "variantBox")
    assert box is not None


def test_tab_into_the_code_field_selects_its_text_only_after_the_focus_is_told(
    qtbot: QtBot,
) -> None:
    dialog = NewGameDialog(None)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow, timeout=2000)
    field = dialog.findChild(QLineEdit, "codeEdit")
    assert field is not None
    field.setText("CF1-D3-AAAAACL")
    field.deselect()
    dialog.findChild(QComboBox, "variantBox").setFocus()  # type: ignore[union-attr]
    field.setFocus(Qt.FocusReason.TabFocusReason)
    # Qt's own focus event comes after focusInEvent: nothing is selected by then.
    assert field.hasFocus() and not field.hasSelectedText()
    qtbot.waitUntil(field.hasSelectedText, timeout=2000)
    assert field.selectedText() == "CF1-D3-AAAAACL"


def test_the_rules_are_a_text_a_reader_reads_and_tab_selects_each_link(qtbot: QtBot) -> None:
    import re

    from PySide6.QtCore import QUrl
    from PySide6.QtTest import QTest

    from canfield.gui.dialogs import HelpDialog
    from canfield.gui.dialogs._common import ReadableText
    from canfield.gui.dialogs.help import help_html

    dialog = HelpDialog(None)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    text = dialog.findChild(ReadableText, "helpText")
    assert text is not None
    iface = QAccessible.queryAccessibleInterface(text)
    # A QTextBrowser is a label to Qt's readers (Orca neither reads it nor its links).
    assert iface.role() == QAccessible.Role.EditableText and iface.state().readOnly
    links = re.findall(r"<a href=\"#[^\"]+\">([^<]+)</a>", help_html("en"))
    assert len(links) >= 3
    text.setFocus()
    for link in links[:3]:
        assert text.focusNextPrevChild(True)
        assert text.textCursor().selectedText() == link
    assert text.focusNextPrevChild(False)
    assert text.textCursor().selectedText() == links[1]
    followed: list[QUrl] = []
    text.anchor_clicked.connect(followed.append)
    QTest.keyClick(text, Qt.Key.Key_Return)
    assert len(followed) == 1 and followed[0].hasFragment()


def test_undo_and_redo_with_nothing_to_take_back_say_so(window: MainWindow) -> None:
    from PySide6.QtTest import QTest

    window.activateWindow()
    window.view.setFocus()
    ctrl = Qt.KeyboardModifier.ControlModifier
    assert not window.act_undo.isEnabled()  # greyed out: a sighted player sees it
    QTest.keyClick(window.view, Qt.Key.Key_Z, ctrl)
    assert window.speaker.last == "Nothing to undo"
    QTest.keyClick(window.view, Qt.Key.Key_Y, ctrl)
    assert window.speaker.last == "Nothing to redo"
    window.model.play("QC>2")
    window.act_undo.trigger()
    assert window.speaker.last.startswith("Undone: ")
    switch_language(QApplication.instance(), "hu")
    try:
        QTest.keyClick(window.view, Qt.Key.Key_Z, ctrl)
        assert window.speaker.last == "Nincs mit visszavonni"
    finally:
        switch_language(QApplication.instance(), "en")

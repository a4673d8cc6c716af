"""What the table looks like: corner letters per language, themes, stock count, drag shadow."""

from __future__ import annotations

from app_helpers import card_point, window
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication

from canfield import Card
from canfield.gui.i18n_qt import switch_language
from canfield.gui.window import MainWindow

__all__ = ["window"]

QC = Card.parse("QC")


def corner(window: MainWindow, card: int) -> QRect:
    """The top-left index of ``card`` on the screen (view viewport coordinates)."""
    item = window.scene.card_item(card)
    rect = window.view.mapFromScene(item.sceneBoundingRect()).boundingRect()
    return QRect(rect.left(), rect.top(), rect.width() // 4, rect.height() // 5)


def test_corners_are_written_in_the_tables_language(window: MainWindow) -> None:
    area = corner(window, QC)
    english = window.view.viewport().grab(area).toImage()
    try:
        switch_language(QApplication.instance(), "pt")
        QApplication.processEvents()
        assert window.scene.card_item(QC).rank_letters[11] == "D"
        portuguese = window.view.viewport().grab(area).toImage()
        assert portuguese != english
        switch_language(QApplication.instance(), "en")
        QApplication.processEvents()
        assert window.view.viewport().grab(area).toImage() == english
    finally:
        switch_language(QApplication.instance(), "en")
    assert card_point(window, QC)  # the card is still where a finger finds it

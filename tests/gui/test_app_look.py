"""What the table looks like: corner letters per language, themes, stock count, drag shadow."""

from __future__ import annotations

from app_helpers import card_point, child, drag, tap, window
from PySide6.QtCore import QPoint, QRect, Qt, QTimer
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox, QDialog

from canfield import Card
from canfield.gui.i18n_qt import switch_language
from canfield.gui.window import MainWindow
from canfield.pile import Pile

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


def test_the_stock_shows_how_many_cards_it_holds(window: MainWindow) -> None:
    badge = window.scene.stock_count
    assert badge.isVisible() and badge.count() == 34
    stock = window.view.mapFromScene(window.scene.slot_item(Pile("stock")).sceneBoundingRect())
    tap(window, stock.boundingRect().center())
    assert badge.count() == 31 == len(window.model.state.stock)
    while window.model.state.stock:
        window.model.draw()
    assert not badge.isVisible()


def test_dragged_cards_cast_a_shadow_that_goes_on_release(window: MainWindow) -> None:
    shadow = window.scene.drag_shadow
    assert not shadow.isVisible()
    start = card_point(window, QC)
    drag(window, start, start + QPoint(90, 60), release=False)
    assert shadow.isVisible()
    lifted = window.scene.card_item(QC).sceneBoundingRect()
    cast = shadow.sceneBoundingRect()
    assert cast.intersects(lifted) and cast.center().y() > lifted.center().y()
    assert shadow.zValue() < window.scene.card_item(QC).zValue()
    QTest.mouseRelease(
        window.view.viewport(),
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        start + QPoint(90, 60),
    )
    assert not shadow.isVisible()


def test_every_back_and_felt_setting_has_its_art() -> None:
    from canfield.gui import cardart
    from canfield.storage import CARD_BACKS, FELTS

    assert cardart.back_names() == CARD_BACKS
    assert cardart.felt_names() == FELTS


def test_card_back_and_table_colour_from_settings(window: MainWindow) -> None:
    viewport = window.view.viewport()
    stock = window.view.mapFromScene(window.scene.slot_item(Pile("stock")).sceneBoundingRect())
    felt_at = QPoint(viewport.width() // 2, viewport.height() - 20)
    back_at = stock.boundingRect().center() + QPoint(0, -stock.boundingRect().height() // 4)

    def colours() -> tuple[QColor, QColor]:
        image = viewport.grab().toImage()
        return image.pixelColor(felt_at), image.pixelColor(back_at)

    felt, back = colours()
    assert felt.green() > felt.red() and back.blue() > back.red()  # green baize, blue backs

    def choose() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QDialog)
        for name, value in (("cardBack", "red"), ("felt", "blue")):
            box = child(dialog, QComboBox, name)
            box.setCurrentIndex(box.findData(value))
        dialog.accept()

    QTimer.singleShot(0, choose)
    window.act_settings.trigger()
    assert (window.settings.card_back, window.settings.felt) == ("red", "blue")
    QApplication.processEvents()
    felt, back = colours()
    assert felt.blue() > felt.green() and back.red() > back.blue()

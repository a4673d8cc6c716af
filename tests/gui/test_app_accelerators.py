"""Alt-key letters and toolbar labels, read from the real menus and dialogs in every language.

A letter two items of one menu or dialog share does nothing useful: Alt+letter then only
cycles between them (Indonesian Settings once had "Cara ambil &bawaan" beside "&Bahasa").
And the toolbar's labels must fit a phone: measured with the button's own font.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_helpers import window
from PySide6.QtCore import QEvent
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialog,
    QGroupBox,
    QLabel,
    QMenu,
    QTabWidget,
    QWidget,
)

from canfield import i18n
from canfield.gui.dialogs import (
    AboutDialog,
    HelpDialog,
    NewGameDialog,
    SettingsDialog,
    StatisticsDialog,
)
from canfield.gui.i18n_qt import switch_language
from canfield.gui.window import MainWindow
from canfield.storage.settings import Settings
from canfield.storage.store import Store

__all__ = ["window"]

pytestmark = pytest.mark.gui

LANGS = ("en", "pt", "hu", "id")
_LETTER = re.compile(r"&([^&\s])")


@pytest.fixture
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    switch_language(QApplication.instance(), request.param)
    yield request.param
    switch_language(QApplication.instance(), "en")


def letter(text: str) -> str | None:
    """The Alt-key letter of a Qt text ("Cor da &mesa" → "m"), or None."""
    found = _LETTER.search(text.replace("&&", ""))
    return found.group(1).lower() if found else None


def shared(texts: list[str]) -> dict[str, list[str]]:
    """The letters more than one of ``texts`` claims, with the texts that claim them."""
    claims: dict[str, list[str]] = defaultdict(list)
    for text in texts:
        key = letter(text)
        if key is not None:
            claims[key].append(text)
    return {key: found for key, found in claims.items() if len(found) > 1}


def dialog_texts(dialog: QDialog) -> list[str]:
    """Every text of ``dialog`` that can carry an Alt-key letter: labels, buttons, boxes, tabs."""
    texts: list[str] = []
    for widget in dialog.findChildren(QWidget):
        # A label's & is a key only when it has a buddy to give the focus to.
        buddied = isinstance(widget, QLabel) and widget.buddy() is not None
        if buddied or isinstance(widget, QAbstractButton):
            texts.append(widget.text())  # type: ignore[attr-defined]
        elif isinstance(widget, QGroupBox):
            texts.append(widget.title())
        elif isinstance(widget, QTabWidget):
            texts.extend(widget.tabText(i) for i in range(widget.count()))
    return texts


def _dialogs(store: Store) -> dict[str, QDialog]:
    return {
        "settings": SettingsDialog(None, Settings()),
        "new game": NewGameDialog(None, 3, False),
        "statistics": StatisticsDialog(None, store),
        "about": AboutDialog(None),
        "rules": HelpDialog(None),
    }


def _menu_problems(window: MainWindow) -> list[object]:
    problems: list[object] = []
    for action in window.menuBar().actions():
        menu = action.menu()
        assert isinstance(menu, QMenu)
        texts = [a.text() for a in menu.actions() if not a.isSeparator()]
        problems += [(menu.title(), t) for t in texts if not letter(t)]
        problems += [(menu.title(), shared(texts))] if shared(texts) else []
    return problems


@pytest.mark.parametrize("lang", LANGS, indirect=True)
def test_no_two_items_of_a_menu_share_an_alt_key_letter(window: MainWindow, lang: str) -> None:
    titles = [a.text() for a in window.menuBar().actions()]
    assert len(titles) == 4 and all(letter(t) for t in titles) and not shared(titles), titles
    assert not _menu_problems(window), lang
    # The items that change their text, in their other face: the offer to undo 3 moves
    # (plural) and Show me while it runs.
    window._offer_undo(3)
    window.coach._demo_asked = True
    window._refresh_demo()
    assert "3" in window.act_undo_winnable.text()
    assert window.act_demo.text() != i18n.translations(lang).gettext("&Show me")
    assert not _menu_problems(window), lang
    window.coach._demo_asked = False
    window._refresh_demo()


@pytest.mark.parametrize("lang", LANGS, indirect=True)
def test_no_two_items_of_a_dialog_share_an_alt_key_letter(tmp_path: Path, lang: str) -> None:
    found = {}
    store = Store(tmp_path / "canfield.sqlite3")
    for name, dialog in _dialogs(store).items():
        texts = dialog_texts(dialog)
        found[name] = [t for t in texts if letter(t)]
        dialog.close()
        dialog.deleteLater()
        assert not shared(texts), (lang, name, shared(texts))
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    # The test reads real texts: Settings and New game do carry Alt-key letters.
    assert len(found["settings"]) >= 3 and len(found["new game"]) >= 2, found
    store.close()


def _toolbar_width(window: MainWindow) -> int:
    total = 0
    for act in (window.act_new, window.act_undo, window.act_redo, window.act_hint):
        button = window.toolbar.widgetForAction(act)
        assert button is not None
        total += QFontMetrics(button.font()).horizontalAdvance(act.iconText())
    button = window.toolbar.widgetForAction(window.act_restart)
    assert button is not None
    return total + QFontMetrics(button.font()).horizontalAdvance(window.act_restart.iconText())


def test_indonesian_toolbar_labels_fit_a_phone(window: MainWindow) -> None:
    """The five labels, in the buttons' font, take at most 30% more than English's (was 59%)."""
    app = QApplication.instance()
    switch_language(app, "en")
    english = _toolbar_width(window)
    assert window.act_new.iconText() == "New game"
    try:
        switch_language(app, "id")
        indonesian = _toolbar_width(window)
        # The menu keeps the full name; the toolbar has its own short label.
        assert window.act_new.text() == "Permainan &baru" and window.act_new.iconText() == "Baru"
    finally:
        switch_language(app, "en")
    assert indonesian <= 1.3 * english, (indonesian, english)

"""The About box says which search runs, in the player's language."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from canfield.gui.dialogs.about import AboutDialog
from canfield.gui.i18n_qt import switch_language
from canfield.solver.search import COMPILED


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("Search: compiled search core", "Search: pure-Python search")),
        ("pt", ("Pesquisa: núcleo de pesquisa compilado", "Pesquisa: pesquisa em Python puro")),
    ],
)
def test_about_says_which_search_runs(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, lang: str, words: tuple[str, str]
) -> None:
    compiled, pure = words
    monkeypatch.delenv("CANFIELD_PURE_PYTHON", raising=False)
    switch_language(QApplication.instance(), lang)
    try:
        dialog = AboutDialog(None)
        qtbot.addWidget(dialog)
        assert (compiled if COMPILED else pure) in dialog.text()
        monkeypatch.setenv("CANFIELD_PURE_PYTHON", "1")
        dialog.retranslate()
        assert pure in dialog.text() and compiled not in dialog.text()
    finally:
        switch_language(QApplication.instance(), "en")

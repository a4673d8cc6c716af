""" "Winnable deals only" in the window: a proved deal at once from the index; where a search
runs, the table is paused behind its progress, Cancel keeps everything, and a fruitless search
replaces nothing without the player's say."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_helpers import child, make_window
from PySide6.QtWidgets import QApplication, QLabel, QPushButton
from pytestqt.qtbot import QtBot
from test_app_variants import new_game_via_dialog

from canfield import Game
from canfield.deal import EXAMPLE_CODE
from canfield.gui.window import MainWindow
from canfield.presentation.variant_text import APP_VARIANTS
from canfield.presentation.winnable_index import known_winnable

MODES = [(variant, draw) for variant in APP_VARIANTS for draw in (1, 3)]
KNOWN = [mode for mode in MODES if known_winnable(*mode)]


@pytest.fixture
def playing(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    """A window with a game in progress (two actions played); abandoning it is agreed to."""
    monkeypatch.setattr("canfield.gui.dialogs.confirm_abandon", lambda parent: True)
    win = make_window(tmp_path, Game.from_code(EXAMPLE_CODE))
    qtbot.addWidget(win)
    assert win.model.play("QC>2") and win.model.draw()
    yield win
    win.close()
    win.store.close()


def _statistics(win: MainWindow) -> list[object]:
    return list(win.store.all_statistics())


@pytest.mark.parametrize(("variant", "draw"), KNOWN)
def test_a_proved_deal_is_dealt_at_once_from_the_index(
    playing: MainWindow, variant: str, draw: int
) -> None:
    new_game_via_dialog(playing, variant, draw=draw, winnable=True)
    game = playing.model.game
    assert (game.variant, game.draw) == (variant, draw)
    code = game.code
    assert code is not None
    from canfield.deal import DealCode

    assert DealCode.parse(code).number in known_winnable(variant, draw)
    assert playing.solver_idle and playing.winnable_search is None  # no search was needed
    assert playing.solver_label.text() == "Winnable deal"


def _lost() -> dict[tuple[str, int], list[int]]:
    """Per mode, the deals the atlas proved lost: a search of only these can never succeed."""
    import csv

    found: dict[tuple[str, int], list[int]] = {}
    for path in sorted((Path(__file__).parents[2] / "docs" / "win-rates").glob("*.csv")):
        with path.open(newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                if row["verdict"] == "lost":
                    found.setdefault((row["variant"], int(row["draw"])), []).append(
                        int(row["deal"])
                    )
    return found


LOST = _lost()


def search_only(
    monkeypatch: pytest.MonkeyPatch,
    tries: int,
    seconds: float | None = None,
    lost: tuple[str, int] | None = None,
) -> None:
    """No deal is known winnable, so "Winnable deals only" searches: ``tries`` deals (of
    ``seconds`` each where given), and where ``lost`` names a mode only its deals the atlas
    proved lost (then nothing is ever found)."""
    monkeypatch.setattr("canfield.presentation.winnable.winnable_deal", lambda *a: None)
    monkeypatch.setattr("canfield.presentation.winnable.TRIES", tries)
    if seconds is not None:
        monkeypatch.setattr("canfield.presentation.winnable.SECONDS_PER_TRY", seconds)
    if lost is not None:
        deals = itertools.cycle(LOST[lost])
        monkeypatch.setattr(
            "canfield.presentation.winnable.random_deal_number", lambda: next(deals)
        )


@pytest.mark.parametrize(("variant", "draw"), MODES)
def test_cancel_keeps_the_game_and_counts_nothing(
    playing: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, variant: str, draw: int
) -> None:
    """The search runs for real, over deals proved lost, so only Cancel can end it early."""
    search_only(monkeypatch, 100_000, lost=(variant, draw))
    before, figures = playing.model.game, _statistics(playing)
    new_game_via_dialog(playing, variant, draw=draw, winnable=True)
    search = playing.winnable_search
    assert search is not None and search.isVisible() and search.isModal()
    assert QApplication.activeModalWidget() is search  # the table waits behind it
    qtbot.waitUntil(
        lambda: (
            search.value() >= 1 and f"{search.value()} of 100000 deals tried" in search.labelText()
        ),
        timeout=15000,
    )
    child(search, QPushButton).click()  # Cancel
    assert playing.winnable_search is None and not search.isVisible()
    assert playing.model.game is before and before.moves_made == 2
    assert "your game is as it was" in playing.statusBar().currentMessage()
    qtbot.waitUntil(lambda: playing.solver_idle, timeout=15000)
    assert playing.model.game is before and _statistics(playing) == figures
    saved = playing.store.load_game()  # still the saved game, not settled as a loss
    assert saved is not None and (saved.game_id, saved.history) == (before.game_id, before.history)


def test_a_fruitless_search_asks_before_replacing_the_game(
    playing: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    search_only(monkeypatch, 2, 0.01)
    before = playing.model.game
    new_game_via_dialog(playing, "rainbow", draw=1, winnable=True)
    qtbot.waitUntil(lambda: playing.winnable_search is None, timeout=10000)
    message = playing.statusBar().currentMessage()
    if playing.model.game is not before:  # a deal was proved in the two tries: it is dealt
        assert playing.solver_label.text() == "Winnable deal"
        return
    assert message == "No winnable deal was found in 2 tries. Your game is as it was."
    assert playing.toast.offering and _statistics(playing) == []
    saved = playing.store.load_game()
    assert saved is not None and saved.game_id == before.game_id
    playing.toast.action_button.click()  # "Deal a random one": now, and only now, it goes
    game = playing.model.game
    assert game is not before and (game.variant, game.draw) == ("rainbow", 1)


def test_keep_playing_after_a_fruitless_search(
    playing: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    search_only(monkeypatch, 1, 0.0)
    before = playing.model.game
    new_game_via_dialog(playing, "strict", draw=3, winnable=True)
    qtbot.waitUntil(lambda: playing.winnable_search is None, timeout=10000)
    assert playing.model.game is before
    playing.toast.close_button.click()  # "Keep playing"
    assert playing.model.game is before and not playing.toast.offering
    assert playing.model.play("8H>f") or playing.model.draw()  # the table plays on


def test_a_fruitless_searchs_answer_follows_a_change_of_language(
    playing: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its words change with the language; it stays this answer (not the hopeless deal's)."""
    from canfield.gui.i18n_qt import switch_language

    search_only(monkeypatch, 1, 0.0)
    new_game_via_dialog(playing, "strict", draw=3, winnable=True)
    qtbot.waitUntil(lambda: playing.winnable_search is None, timeout=10000)
    english = "No winnable deal was found in 1 try. Your game is as it was."
    assert playing.statusBar().currentMessage() == english and playing.toast.offering
    heard = list(playing.speaker.history)
    try:
        switch_language(QApplication.instance(), "pt")
        toast = playing.toast
        assert toast.offering and playing.statusBar().currentMessage() == toast.text()
        assert "1" in toast.text() and toast.text() != english  # the same answer, in Portuguese
        assert "não pode ser ganho" not in toast.text()  # not "this deal cannot be won"
        assert toast.close_button.text() == "Continuar a jogar"
        assert playing.solver_label.text() != "Jogo sem vitória possível"
        assert list(playing.speaker.history) == heard  # not said again: only its words changed
    finally:
        switch_language(QApplication.instance(), "en")
    assert playing.toast.text() == english and playing.toast.offering
    assert playing.toast.action_button.text() == "Deal a random one"


@pytest.mark.parametrize("lang", ["en", "pt", "hu", "id"])
def test_the_search_window_fits_a_phone_in_every_language(
    tmp_path: Path, qtbot: QtBot, qapp: QApplication, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """At 360x640 the progress line wraps and Cancel stays inside the app's window."""
    from canfield.gui.i18n_qt import switch_language

    search_only(monkeypatch, 100_000, lost=("strict", 1))
    switch_language(qapp, lang)
    try:
        win = make_window(tmp_path, Game.from_code(EXAMPLE_CODE), size=(360, 640))
        qtbot.addWidget(win)
        win._deal_winnable(1, "strict")
        search = win.winnable_search
        assert search is not None
        cancel = child(search, QPushButton)
        try:
            qtbot.waitUntil(lambda: search.value() >= 1, timeout=15000)
            QApplication.processEvents()
            assert search.width() <= win.width() - 16
            assert search.rect().contains(cancel.geometry())
            label = child(search, QLabel)
            assert label.wordWrap() and label.heightForWidth(label.width()) <= label.height() + 1
        finally:
            cancel.click()  # also when an assertion failed: the search ends only by it
            qtbot.waitUntil(lambda: win.solver_idle, timeout=15000)
            win.close()
            win.store.close()
    finally:
        switch_language(qapp, "en")

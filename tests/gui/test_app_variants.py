"""The variants in the app, used as a person does: New game, taps on the table, a restart."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from app_helpers import card_point, child, drag, make_window, modal, scene_point, tap, window
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QLabel,
    QLineEdit,
    QRadioButton,
)
from pytestqt.qtbot import QtBot

from canfield import Game
from canfield.gui.casino import format_money
from canfield.gui.dialogs import NewGameDialog, StatisticsDialog
from canfield.gui.i18n_qt import switch_language
from canfield.gui.window import MainWindow
from canfield.moves import Move
from canfield.pile import Pile
from canfield.presentation.variant_text import APP_VARIANTS, variant_title
from canfield.storage import Store
from canfield.variants import RESEARCH_VARIANTS, variant_named
from positions import WIN_DECK, WIN_MOVES

__all__ = ["window"]


def new_game_via_dialog(
    window: MainWindow,
    variant: str | None = None,
    code: str = "",
    draw: int | None = None,
    winnable: bool = False,
) -> dict[str, str]:
    """New game, pick the variant (draw mode, code, winnable only), press Enter; what it showed."""
    seen: dict[str, str] = {}

    def fill() -> None:
        dialog = modal(NewGameDialog)
        box = child(dialog, QComboBox, "variantBox")
        seen["offered"] = str(box.currentData())
        if variant is not None:
            box.setFocus()
            # keyboard: Home to the first entry, then Down to the wanted one
            QTest.keyClick(box, Qt.Key.Key_Home)
            for _ in range(box.findData(variant)):
                QTest.keyClick(box, Qt.Key.Key_Down)
        seen["summary"] = child(dialog, QLabel, "variantSummary").text()
        if draw is not None:
            QTest.mouseClick(child(dialog, QRadioButton, f"draw{draw}"), Qt.MouseButton.LeftButton)
        only = child(dialog, QCheckBox, "winnableOnly")
        if only.isChecked() != winnable:
            only.setFocus()
            QTest.keyClick(only, Qt.Key.Key_Space)
        edit = child(dialog, QLineEdit, "codeEdit")
        if code:
            QTest.keyClicks(edit, code)
        seen["chosen"] = str(box.currentData())
        seen["draw"] = "3" if child(dialog, QRadioButton, "draw3").isChecked() else "1"
        QTest.keyClick(edit, Qt.Key.Key_Return)
        seen["error"] = dialog.error_text()
        if dialog.isVisible():
            dialog.reject()

    QTimer.singleShot(0, fill)
    window.act_new.trigger()  # Game > New game (Ctrl+N)
    return seen


@pytest.mark.parametrize("name", APP_VARIANTS)
def test_new_game_starts_each_variant_with_its_draw(window: MainWindow, name: str) -> None:
    seen = new_game_via_dialog(window, name)
    game = window.model.game
    variant = variant_named(name)
    assert game.variant == name and game.draw == variant.draw
    assert seen["draw"] == str(variant.draw)
    assert seen["summary"]  # the one line on what the variant changes
    assert window.settings.last_variant == name
    title = "Canfield" if name == "canfield" else f"{variant_title(name)} — Canfield"
    assert window.windowTitle() == title
    # the next New game offers the same variant first
    assert new_game_via_dialog(window)["offered"] == name


def test_the_draw_mode_can_differ_from_the_variants(window: MainWindow) -> None:
    new_game_via_dialog(window, "rainbow", draw=3)
    assert window.model.game.variant == "rainbow" and window.model.game.draw == 3
    assert window.model.game.code is not None
    assert window.model.game.code.startswith("CF1-RAINBOW-D3-")


def test_a_code_starts_the_variant_it_carries(window: MainWindow) -> None:
    seen = new_game_via_dialog(window, "canfield", code="CF1-STOREHOUSE-D1-AAAAACL")
    assert seen["chosen"] == "storehouse"
    assert window.model.game.code == "CF1-STOREHOUSE-D1-AAAAACL"
    assert window.settings.last_variant == "storehouse"


@pytest.mark.parametrize("name", RESEARCH_VARIANTS)
def test_a_research_code_plays_though_new_game_does_not_offer_it(
    window: MainWindow, name: str
) -> None:
    offered: list[list[str]] = []

    def look() -> None:
        dialog = modal(NewGameDialog)
        box = child(dialog, QComboBox, "variantBox")
        offered.append([str(box.itemData(i)) for i in range(box.count())])
        dialog.reject()

    QTimer.singleShot(0, look)
    window.act_new.trigger()
    assert offered == [list(APP_VARIANTS)]
    code = f"CF1-{name.upper()}-D3-AAAAACL"
    seen = new_game_via_dialog(window, "canfield", code=code)
    assert seen["chosen"] == name and not seen["error"]
    assert window.model.game.code == code and window.model.game.variant == name
    assert window.windowTitle() == f"{variant_title(name)} — Canfield"
    window.model.game.play("s")  # it plays
    assert window.model.game.state.variant.name == name


def test_choosing_a_variant_rewrites_a_typed_code(window: MainWindow) -> None:
    seen: list[str] = []

    def fill() -> None:
        dialog = modal(NewGameDialog)
        edit = child(dialog, QLineEdit, "codeEdit")
        QTest.keyClicks(edit, "CF1-D3-AAAAACL")
        box = child(dialog, QComboBox, "variantBox")
        box.setFocus()
        QTest.keyClick(box, Qt.Key.Key_Down)  # canfield -> classic
        seen.append(edit.text())
        dialog.reject()

    QTimer.singleShot(0, fill)
    window.view.setFocus()
    QTest.keyClick(window.view, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert seen == ["CF1-CLASSIC-D3-AAAAACL"]


def test_superior_reserve_is_fanned_face_up_and_only_its_top_moves(
    tmp_path: Path, qtbot: QtBot
) -> None:
    win = make_window(tmp_path, Game.from_code("CF1-SUPERIOR-D3-AAAAACL"))
    qtbot.addWidget(win)
    state = win.model.state
    items = [win.scene.card_item(c) for c in state.reserve]
    assert all(item.isVisible() and item.face_up for item in items)
    xs = [item.pos().x() for item in items]
    assert xs == sorted(xs) and len(set(xs)) == 13  # every card shows its corner
    assert [bool(win.scene.movable_group(c)) for c in state.reserve] == [False] * 12 + [True]
    # A tap on a buried reserve card (on its visible strip) moves nothing.
    buried = state.reserve[5]
    rect = win.scene.card_item(buried).sceneBoundingRect()
    strip = rect.topLeft() + (rect.topRight() - rect.topLeft()) * 0.05
    strip.setY(rect.center().y())
    assert win.scene.card_at(strip) == buried
    tap(win, scene_point(win, strip))
    assert win.model.game.moves_made == 0
    # Nor does a drag: the buried card stays where it lies.
    where = win.scene.card_item(buried).pos()
    target = win.scene.pile_rect(Pile.column(1)).center()
    drag(win, scene_point(win, strip), scene_point(win, target))
    assert win.model.game.moves_made == 0 and win.scene.card_item(buried).pos() == where
    # The top one plays (QC onto KH).
    tap(win, card_point(win, state.reserve[-1]))
    assert win.model.game.moves_made == 1
    win.close()
    win.store.close()


def test_a_stacked_reserve_shows_only_its_top(window: MainWindow) -> None:
    state = window.model.state
    assert not window.scene.card_item(state.reserve[0]).isVisible()


def test_storehouse_starts_with_the_twos_home(tmp_path: Path, qtbot: QtBot) -> None:
    win = make_window(tmp_path, Game.from_code("CF1-STOREHOUSE-D1-AAAAACL"))
    qtbot.addWidget(win)
    twos = [s * 13 + 1 for s in range(4)]
    for card in twos:
        item = win.scene.card_item(card)
        assert item.isVisible() and item.face_up
        assert win.scene.pile_of(card)[0] == "foundation"
    assert win.scene.passes_label.text() == "3 passes left"
    win.close()
    win.store.close()


def test_passes_mark_and_the_refused_tap(tmp_path: Path, qtbot: QtBot) -> None:
    win = make_window(tmp_path, Game.from_code("CF1-STRICT-D3-AAAAACL"))
    qtbot.addWidget(win)
    stock = win.scene.pile_rect(Pile("stock")).center()
    assert win.scene.passes_label.text() == "Last pass"
    while win.model.state.stock:
        tap(win, scene_point(win, stock))
    assert win.scene.passes_label.text() == "No passes left"
    assert win.scene.slot_item(Pile("stock")).label == "✕"
    before = win.model.state
    moves = win.model.game.moves_made
    tap(win, scene_point(win, stock))
    assert win.model.state == before and win.model.game.moves_made == moves
    assert "No passes left" in win.statusBar().currentMessage()
    # Undo brings the stock back, and with it the pass.
    win.model.undo()
    assert win.scene.passes_label.text() == "Last pass"
    win.close()
    win.store.close()


def test_unlimited_variants_show_no_passes_mark(window: MainWindow) -> None:
    assert window.scene.passes_label.text() == ""


@pytest.mark.parametrize("name", APP_VARIANTS)
def test_a_game_of_each_variant_survives_closing_and_reopening(
    tmp_path: Path, qtbot: QtBot, name: str
) -> None:
    variant = variant_named(name)
    win = make_window(tmp_path, Game.new(variant=variant))
    qtbot.addWidget(win)
    rng = random.Random(name)
    for _ in range(40):
        moves = win.model.game.legal_moves()
        if not moves:
            break
        assert win.model.play(rng.choice(moves))
    expected = win.model.state
    title = win.windowTitle()
    win.close()
    win.store.close()
    with Store(tmp_path / "canfield.sqlite3") as store:
        loaded = store.load_game()
    assert loaded is not None and loaded.variant == name
    again = make_window(tmp_path, loaded)
    qtbot.addWidget(again)
    assert again.model.state == expected
    assert again.windowTitle() == title
    assert again.scene.passes_label.text() == win.scene.passes_label.text()
    again.close()
    again.store.close()


def test_a_refused_draw_never_plays(window: MainWindow) -> None:
    game = window.model.game
    assert game.variant == "canfield"
    assert window.model.draw() is True  # unlimited: always a draw or a turn-over
    assert game.history[-1] == Move.DRAW


def turn_casino_on(window: MainWindow) -> None:
    """Settings, tick "Casino scoring", OK."""

    def fill() -> None:
        dialog = modal(QDialog)
        box = child(dialog, QCheckBox, "casinoScoring")
        box.click()  # the box may lie below the fold of the scrolled page
        dialog.accept()

    QTimer.singleShot(0, fill)
    window.act_settings.trigger()


def read_statistics(window: MainWindow, variant: str | None = None) -> dict[str, str]:
    """Open Statistics, pick ``variant`` in its list; the figures shown (played, bank)."""
    seen: dict[str, str] = {}

    def look() -> None:
        dialog = modal(StatisticsDialog)
        box = child(dialog, QComboBox, "statisticsVariant")
        seen["offered"] = str(box.currentData())
        if variant is not None:
            box.setCurrentIndex(box.findData(variant))
        for draw in (1, 3):
            seen[f"played_{draw}"] = dialog.value_text("played", draw)
            seen[f"bank_{draw}"] = dialog.value_text("bank", draw)
        seen["total"] = child(dialog, QLabel, "bankTotal").text()
        dialog.reject()

    QTimer.singleShot(0, look)
    window.act_stats.trigger()
    return seen


def test_statistics_are_kept_per_variant_and_draw(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("canfield.gui.dialogs.confirm_abandon", lambda parent: True)
    new_game_via_dialog(window, "storehouse")
    assert window.model.draw()  # one action: the game counts
    new_game_via_dialog(window, "rainbow", draw=3)
    assert window.model.draw()
    new_game_via_dialog(window, "canfield")
    seen = read_statistics(window)
    assert seen["offered"] == "canfield" and seen["played_1"] == seen["played_3"] == "0"
    seen = read_statistics(window, "storehouse")
    assert (seen["played_1"], seen["played_3"]) == ("1", "0")
    seen = read_statistics(window, "rainbow")
    assert (seen["played_1"], seen["played_3"]) == ("0", "1")
    assert window.store.statistics(1, "storehouse").lost == 1


def test_casino_bank_after_a_lost_and_a_won_game(
    tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("canfield.gui.dialogs.confirm_abandon", lambda parent: True)
    win = make_window(tmp_path, Game.from_code("CF1-D3-AAAAACL"))
    qtbot.addWidget(win)
    turn_casino_on(win)
    assert win.settings.casino_scoring
    assert "Casino: −$52" in win.score_label.text()
    assert win.model.play("QC>2") and win.model.play("s")
    score = win.model.game.score
    assert f"Casino: −${52 - score}" in win.score_label.text()
    # a lost game: abandoned for a new one
    new_game_via_dialog(win, code=WIN_DECK, draw=1)
    assert win.store.bank_total() == score - 52
    for move in WIN_MOVES:
        assert win.model.play(move), move
    assert win.model.game.is_won
    assert win.store.bank_total() == score - 52 + 255 - 52
    seen = read_statistics(win, "canfield")
    assert seen["bank_3"] == f"−${52 - score}" and seen["bank_1"] == "+$203"
    assert format_money(score - 52 + 203) in seen["total"]
    win.close()
    win.store.close()


@pytest.mark.parametrize("lang", ["en", "pt", "hu", "id"])
def test_the_rules_window_has_a_part_per_variant(lang: str) -> None:
    from canfield.gui.dialogs.help import help_html

    page = help_html(lang)
    switch_language(QApplication.instance(), lang)
    try:
        for name in APP_VARIANTS[1:]:  # canfield's own rules are the page itself
            assert f'<a name="{name}"></a>{variant_title(name)}</h3>' in page, name
        assert '<a href="#variants">' in page and '<a name="casino">' in page
    finally:
        switch_language(QApplication.instance(), "en")


def test_a_code_with_an_unknown_variant_says_so(window: MainWindow) -> None:
    seen = new_game_via_dialog(window, code="CF1-KLONDIKE-D1-AAAAACL")
    assert seen["error"].startswith("Unknown variant “KLONDIKE”: a code names one of CLASSIC,")
    assert window.model.game.code == "CF1-D3-AAAAACL"  # nothing dealt


def test_winnable_only_deals_a_proved_deal_of_the_variant() -> None:
    from canfield.presentation.winnable import find_winnable_deal
    from canfield.solver import Verdict, solve

    code = find_winnable_deal(1, "superior", tries=10, seconds=2.0)
    assert code is not None and code.variant.name == "superior" and code.draw == 1
    assert solve(Game.from_code(code).state, time_limit=5.0).verdict is Verdict.WON


def test_superior_empty_column_waits_and_takes_the_reserve_top_by_drag(
    tmp_path: Path, qtbot: QtBot
) -> None:
    win = make_window(tmp_path, Game.from_code("CF1-SUPERIOR-D3-AAAAACL"))
    qtbot.addWidget(win)
    assert win.model.play("KH>4")  # K on A: column 2 is emptied and, in Superior, stays empty
    state = win.model.state
    assert state.columns[1] == ()
    top = state.reserve[-1]
    target = win.scene.pile_rect(Pile.column(1)).center()
    drag(win, card_point(win, top), scene_point(win, target), release=False)
    assert win.scene.drop_target == Pile.column(1)  # the rules allow it: highlighted
    QTest.mouseRelease(
        win.view.viewport(),
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        scene_point(win, target),
    )
    assert win.model.state.columns[1] == (top,)
    win.close()
    win.store.close()


def test_canfield_fills_the_same_empty_column_from_the_reserve(window: MainWindow) -> None:
    reserve_top = window.model.state.reserve[-1]
    assert window.model.play("KH>4")
    assert window.model.state.columns[1] == (reserve_top,)


def test_a_fresh_start_deals_the_last_variant_chosen(tmp_path: Path, qtbot: QtBot) -> None:
    store = Store(tmp_path / "canfield.sqlite3")
    store.update_settings(last_variant="storehouse", draw=1)
    win = MainWindow(store, background_solver=False)  # no saved game: a new deal
    qtbot.addWidget(win)
    assert win.model.game.variant == "storehouse" and win.model.game.draw == 1
    win.close()
    store.close()


@pytest.mark.parametrize("code", ["CF1-SUPERIOR-D1-AAAAACL", "CF1-CLASSIC-D1-AAAAACL"])
def test_hint_answers_in_a_variant_by_its_rules(tmp_path: Path, qtbot: QtBot, code: str) -> None:
    win = make_window(tmp_path, Game.from_code(code))
    qtbot.addWidget(win)
    win.act_hint.trigger()
    # both deals are proved winnable in well under a second: the hint names a move
    qtbot.waitUntil(lambda: win.scene.hinted is not None, timeout=15000)
    hinted = win.scene.hinted
    assert hinted is not None and win.model.game.is_legal(hinted)  # a move of this variant
    win.close()
    win.store.close()

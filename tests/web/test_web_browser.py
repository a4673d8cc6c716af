"""The browser build in a real browser (Debian's chromium, headless), as a player meets it.

Page loads cost seconds, so the tests share two journeys — a desktop one and a phone
one — each a single browser context walked through many steps; every test below asserts
one behaviour on what its part of the journey saw. The winning line comes from the
solver here in CPython; each of its actions becomes what a player does (a tap where
the tap rule plays that move, else a drag), and every name and sentence the page shows
is checked against what the engine and canfield.presentation say in CPython.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from typing import Any

import pytest
from web_harness import crashed_once, scenario_process, start_server, texts

from canfield import Game
from canfield.cards import CARDS
from canfield.deal import DealCode
from canfield.i18n import _, set_language
from canfield.moves import FOUNDATION, Move
from canfield.presentation.answers import (
    DEMO_SOLVE_SECONDS,
    WATCH_SECONDS,
    hint_dropped_message,
    hint_sentence,
    stopped_message,
    verdict_note,
)
from canfield.presentation.deal_text import DealTextError, read_deal_text
from canfield.presentation.keyboard import Keyboard
from canfield.presentation.narration import change_sentence
from canfield.presentation.piles import (
    PILES,
    pile_cards,
    pile_label,
    pile_list_name,
    pile_spoken_name,
)
from canfield.presentation.winnable_index import known_winnable
from canfield.solver import Verdict, solve
from canfield.web.boot import boot_texts
from canfield.web.session import pile_id

EXAMPLE = "CF1-D3-AAAAACL"
"""Columns 6C KH QH AS, reserve top QC: QC goes on KH, 6C may not go on QH."""
WINNABLE = "CF1-D3-AAAAAAE"
"""A deal the solver wins quickly, whose line needs drags too (the tap rule goes elsewhere)."""
UNDECIDED = "CF1-RAINBOW-D1-AAAAACL"
"""A deal Show me's search cannot settle in its time, even with CPython's C core."""
SLOW = "CF1-D3-AAAAAEB"
"""A deal whose hint the pure-Python search does not settle in 3 s: there is time to cancel."""
MID = 25
BAD_CODE = "CF1-D3-AAAA!ACL"
KEYS = ("r", "Enter", "2", "p", "t")
"""The reserve, pick up the queen of clubs, put it on column 2, read the reserve, the table."""
KEY_NAMES = {"Enter": "enter", "ArrowRight": "right"}
JOURNEY_LIMIT = 900.0
"""Seconds a journey may take before it is killed (it takes well under one on an idle machine)."""

# Both journeys' tests run in one xdist worker (make unit: --dist loadgroup), so each
# journey's browser runs once, not once per worker.
pytestmark = pytest.mark.xdist_group("browser")


def _target(game: Game, move: Move) -> str:
    if move.target == FOUNDATION:
        card = int(move.card or 0)
        return f"foundation-{game.state.foundation_order.index(card // 13)}"
    return f"column-{move.target}"


def gestures_for(game: Game, line: tuple[Move, ...]) -> list[list[str]]:
    """What a player does for each action of ``line``, played on ``game`` as it goes."""
    out = []
    for move in line:
        if move.card is None:
            out.append(["stock"])
        elif game.tap_move(move.card) == move:
            out.append(["tap", str(CARDS[int(move.card)])])
        else:
            out.append(["drag", str(CARDS[int(move.card)]), _target(game, move)])
        game.play(move)
    return out


def names(game: Game, lang: str = "en") -> dict[str, str]:
    """Each pile's ARIA name as the desktop app gives it (its list's name, gui/view.py)."""
    set_language(lang)
    try:
        return {pile_id(p): pile_list_name(game, p, lang) for p in PILES}
    finally:
        set_language("en")


def spoken(game: Game, lang: str) -> dict[str, str]:
    """Each pile's name with its size, as said when a key lands on it ("column 2, 1 card")."""
    set_language(lang)
    try:
        return {pile_id(p): pile_spoken_name(game.state, p, lang) for p in PILES}
    finally:
        set_language("en")


def table(snapshot: dict[str, Any]) -> dict[str, Any]:
    """What is on the table and in the status bar (not the last sentence said, nor the clock)."""
    return {key: value for key, value in snapshot.items() if key not in ("message", "clock")}


def shown(snapshot: dict[str, Any]) -> dict[str, str]:
    return {p["id"]: p["name"] for p in snapshot["piles"]}


@pytest.fixture(scope="module")
def line() -> tuple[Move, ...]:
    found = solve(Game.from_code(WINNABLE), time_limit=None, node_limit=200_000)
    assert found.verdict is Verdict.WON
    return found.line


def _run_journey(site: Any, steps: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    """Run a journey on its own server (again, once, if chromium's renderer died under it)."""
    for attempt in (1, 2):
        code, out, err = _journey_once(site, steps, options)
        if code == 0 or not crashed_once("journey", err, attempt):
            break
    assert code == 0, err[-4000:]
    seen: dict[str, Any] = json.loads(out[-1])
    return seen


def _journey_once(
    site: Any, steps: list[dict[str, Any]], options: dict[str, Any]
) -> tuple[int | None, list[str], str]:
    """One run of a journey on its own server; a ``stop-server`` step stops it mid-way."""
    own = start_server(site)
    process = scenario_process("journey", own.url, steps=steps, **options)
    watchdog = threading.Timer(JOURNEY_LIMIT, process.kill)  # a hung browser fails, never hangs
    watchdog.start()
    # read as it comes, so that chromium's log (web_harness._env) never fills the pipe
    errors: list[str] = []
    drain = threading.Thread(target=lambda: errors.extend(process.stderr or ()), daemon=True)
    drain.start()
    try:
        assert process.stdout is not None and process.stdin is not None
        out = []
        for text in process.stdout:
            if text.strip() == "STOP":
                own.stop()
                process.stdin.write("stopped\n")
                process.stdin.flush()
            else:
                out.append(text)
        process.wait(timeout=60)
        drain.join(timeout=60)
    finally:
        watchdog.cancel()
        own.stop()
        if process.poll() is None:
            process.kill()
        drain.join(timeout=10)
        for pipe in (process.stdin, process.stdout, process.stderr):
            if pipe is not None:
                with contextlib.suppress(OSError):
                    pipe.close()
    return process.returncode, out, "".join(errors)


@pytest.fixture(scope="module")
def desktop(site: Any, line: tuple[Move, ...]) -> dict[str, Any]:
    gestures = gestures_for(Game.from_code(WINNABLE), line)
    steps: list[dict[str, Any]] = [
        {"do": "goto", "code": EXAMPLE, "name": "first"},
        {"do": "snapshot", "name": "first"},
        {"do": "ax-piles", "name": "first_ax"},
        {"do": "axe", "name": "axe_table"},
        {"do": "open-new-game", "from": "keys"},  # Ctrl+N
        {"do": "axe", "name": "axe_new_game"},
        {"do": "new-game", "from": "open", "variant": "rainbow"},
        {"do": "snapshot", "name": "rainbow"},
        {"do": "new-game", "from": "toolbar", "text": BAD_CODE, "name": "bad_code"},
        {"do": "new-game", "from": "open", "text": EXAMPLE},
        {"do": "snapshot", "name": "typed"},
        {"do": "drag", "card": "QC", "pile": "column-1", "name": "good"},
        {"do": "drag", "card": "6C", "pile": "column-2", "name": "bad"},
        {"do": "snapshot", "name": "after_drags"},
        {"do": "keys", "keys": ["Control+z", "Control+y", "Backspace"], "name": "undo_keys"},
        {"do": "snapshot", "name": "after_undo"},
        {"do": "keys", "keys": ["h"], "name": "hint_started"},
        {"do": "gestures", "list": [["stock"]]},
        {"do": "live", "name": "while_thinking"},
        {"do": "keys", "keys": ["Control+z"], "name": "undo_draw"},
        {"do": "keys", "keys": ["h"]},
        {"do": "wait-message", "prefix": "Hint", "name": "hint"},
        {"do": "focus"},
        {"do": "keys", "keys": [*KEYS, "ArrowRight"], "name": "keyboard"},
        {"do": "snapshot", "name": "after_keyboard"},
        {"do": "goto", "code": SLOW, "name": "slow"},
        {"do": "keys", "keys": ["h", "Escape"], "name": "cancel"},
        {"do": "wait", "ms": 5000, "name": "after_cancel"},
        {"do": "goto", "code": WINNABLE, "name": "winnable"},
        {"do": "gestures", "list": gestures[:MID]},
        {"do": "snapshot", "name": "mid"},
        {"do": "reload"},
        {"do": "snapshot", "name": "mid_reloaded"},
        {"do": "keys", "keys": ["Control+d"], "name": "described"},
        {"do": "gestures", "list": gestures[MID:]},
        {"do": "live", "name": "won_live"},
        {"do": "snapshot", "name": "won"},
        {"do": "wait", "ms": 2500},
        {"do": "snapshot", "name": "won_later"},
        {"do": "plant", "key": "game", "value": "{not json"},
        {"do": "reload"},
        {"do": "snapshot", "name": "damaged"},
        {"do": "keys-stored", "name": "stored"},
        {"do": "controlled"},
        {"do": "gestures", "list": [["stock"], ["stock"]]},
        {"do": "snapshot", "name": "before_offline"},
        {"do": "stop-server"},
        {"do": "reload"},
        {"do": "snapshot", "name": "offline"},
    ]
    return _run_journey(site, steps)


def test_no_page_errors_on_the_whole_desktop_journey(desktop: dict[str, Any]) -> None:
    assert desktop["errors"] == []


def test_first_visit_shows_the_splash_then_piles_named_as_on_the_desktop(
    desktop: dict[str, Any],
) -> None:
    assert desktop["first.splash"] in boot_texts("en").values()
    assert shown(desktop["first"]) == names(Game.from_code(EXAMPLE))
    items = {p["id"]: p["items"] for p in desktop["first"]["piles"]}
    assert items["column-1"] == ["king of hearts"]  # each face-up card named by the engine
    assert items["reserve-0"] == ["queen of clubs"]


def _heard_whole(lists: list[dict[str, Any]], game: Game, lang: str) -> None:
    """Chromium's tree holds each pile as a list named as on the desktop, and a reader hears
    every pile's size: in its name, or (left out there) as the count of its list's items."""
    items = {entry["name"]: entry["items"] for entry in lists}
    said = spoken(game, lang)
    for pile in PILES:
        name = names(game, lang)[pile_id(pile)]
        assert name in items, (name, items)
        if name == pile_label(pile, lang):
            assert items[name] == len(pile_cards(game.state, pile)), name
        else:
            assert name == said[pile_id(pile)]


def test_a_reader_hears_every_piles_name_and_size(
    desktop: dict[str, Any], phone: dict[str, Any]
) -> None:
    _heard_whole(desktop["first_ax"], Game.from_code(EXAMPLE), "en")
    game = Game.from_code(EXAMPLE)
    game.play("QC>2")
    game.play("s")  # three cards on the waste, all of them items: "hulladék" alone
    _heard_whole(phone["after_ax"], game, "hu")
    assert names(Game.from_code(EXAMPLE))["column-1"] == "column 2"  # "List with 1 item"
    assert names(game, "hu")["stock-0"] == spoken(game, "hu")["stock-0"]  # the stock keeps it


def test_axe_finds_no_violation_on_the_table_and_the_new_game_dialog(
    desktop: dict[str, Any], phone: dict[str, Any]
) -> None:
    assert desktop["axe_table"] == []
    assert desktop["axe_new_game"] == []
    assert phone["axe_table"] == []


def test_new_game_deals_a_variant_and_refuses_a_bad_code_in_one_line(
    desktop: dict[str, Any],
) -> None:
    assert any(s.startswith("Game CF1-RAINBOW-D1-") for s in desktop["rainbow"]["status"])
    with pytest.raises(DealTextError) as refused:
        read_deal_text(BAD_CODE)
    reason = str(refused.value)
    assert desktop["bad_code"]["error"] == reason and "\n" not in reason
    assert desktop["bad_code"]["code"] == desktop["rainbow"]["code"]  # the game kept
    assert shown(desktop["typed"]) == names(Game.from_code(EXAMPLE))


def test_a_drag_highlights_its_pile_and_a_refused_drop_returns_saying_why(
    desktop: dict[str, Any],
) -> None:
    assert desktop["good"] == ["column-1"]  # the legal pile lit while dragging
    assert desktop["good.said"] == "queen of clubs to column 2. reserve: 8 of hearts on top"
    assert desktop["bad"] == []  # no pile lit over a pile that refuses
    assert desktop["bad.said"] == "6 of clubs cannot go on queen of hearts"
    game = Game.from_code(EXAMPLE)
    game.play("QC>2")
    assert shown(desktop["after_drags"]) == names(game)  # 6C went back to column 1


def test_undo_and_redo_keys_say_what_they_did(desktop: dict[str, Any]) -> None:
    undone, redone, undone_again = desktop["undo_keys"]
    assert undone == "Undone: queen of clubs to column 2"
    assert redone.startswith("Redone: queen of clubs to column 2")
    assert undone_again == undone
    assert shown(desktop["after_undo"]) == names(Game.from_code(EXAMPLE))


def test_hint_thinks_in_its_own_worker_and_can_be_cancelled(desktop: dict[str, Any]) -> None:
    assert desktop["hint_started"] == ["Thinking…"]
    # the table answered a tap while the solver was thinking, and said the hint was dropped
    assert desktop["while_thinking"].startswith("3 cards drawn")
    assert desktop["while_thinking"].endswith(hint_dropped_message())
    game = Game.from_code(EXAMPLE)
    assert desktop["hint"] in {hint_sentence(game.state, move, "en") for move in game.legal_moves()}
    assert desktop["cancel"][0] == "Thinking…"
    assert desktop["cancel"][1] == stopped_message("hint")  # Escape: heard, as on the desktop
    # stopped: past the 3 s budget, no answer came (not even "No hint found in time"), and
    # the status line no longer says "Thinking…"
    assert desktop["after_cancel"] == stopped_message("hint")


def test_the_pile_keys_are_forwarded_and_python_says_what_they_did(
    desktop: dict[str, Any],
) -> None:
    """R, Enter, 2, P, T as canfield.presentation.keyboard answers them in CPython."""
    said, focus = desktop["keyboard"], desktop["keyboard.focus"]
    keys, game = Keyboard(notes=(f"Game {EXAMPLE}", "")), Game.from_code(EXAMPLE)
    for i, key in enumerate(KEYS):
        before = game.state
        reply = keys.press(KEY_NAMES.get(key, key), game, "en")
        if reply.play is not None:
            played = game.play(reply.play)
            keys.clamp(game.state)
            assert said[i] == change_sentence(
                "play", before, game.state, played, "en", uncovered=False
            )
        elif reply.say:
            assert said[i] == reply.say, key
        assert focus[i]["description"] == keys.landing(game, "en"), key
    assert said[1] == "Picked up, can go to column 2"  # where it can go, not the card again
    assert focus[2]["name"] == "8 of hearts"  # back on the reserve, on its new top card
    assert focus[-1]["name"] != focus[-2]["name"]  # an arrow walks on to another pile
    assert shown(desktop["after_keyboard"]) == names(game)


def test_reload_mid_game_finds_the_same_position(
    desktop: dict[str, Any], line: tuple[Move, ...]
) -> None:
    assert table(desktop["mid_reloaded"]) == table(desktop["mid"])
    assert desktop["mid_reloaded"]["clock"] not in ("", "Time: 0:00")  # the time was kept
    game = Game.from_code(WINNABLE)
    for move in line[:MID]:
        game.play(move)
    assert desktop["described"] == [game.describe("en")]  # Ctrl+D reads the engine's position
    assert shown(desktop["mid"]) == names(game)


def test_a_whole_winning_game_by_taps_and_drags(
    desktop: dict[str, Any], line: tuple[Move, ...]
) -> None:
    gestures = gestures_for(Game.from_code(WINNABLE), line)
    assert any(g[0] == "drag" for g in gestures) and any(g[0] == "tap" for g in gestures)
    game = Game.from_code(WINNABLE)
    for move in line:
        game.play(move)
    assert game.is_won
    assert desktop["won"]["won"] is True
    assert "You won!" in desktop["won_live"]
    assert f"Score: {game.score}" in desktop["won"]["status"]
    assert shown(desktop["won"]) == names(game)


def test_the_clock_runs_while_playing_and_stops_at_the_win(desktop: dict[str, Any]) -> None:
    assert desktop["first"]["clock"] == "Time: 0:00"  # dealt, not played
    assert desktop["won"]["clock"] not in ("", "Time: 0:00")
    assert desktop["won_later"]["clock"] == desktop["won"]["clock"]


def test_a_damaged_saved_game_is_set_aside_with_a_message(desktop: dict[str, Any]) -> None:
    assert "Your saved game could not be read" in desktop["damaged"]["message"]
    assert any(key.startswith("damaged-game-") for key in desktop["stored"])  # kept, not lost
    assert len(desktop["damaged"]["piles"]) == 11  # and a table, not a blank page


def test_offline_reload_with_the_server_stopped(desktop: dict[str, Any]) -> None:
    assert table(desktop["offline"]) == table(desktop["before_offline"])
    assert desktop["offline"]["piles"][1]["name"] == "waste, 6 cards"


@pytest.fixture(scope="module")
def phone(site: Any) -> dict[str, Any]:
    hu = texts("hu")
    steps: list[dict[str, Any]] = [
        {"do": "goto", "code": EXAMPLE, "name": "first"},
        {"do": "snapshot", "name": "first"},
        {"do": "gestures", "list": [["tap", "QC"], ["stock"]]},
        {"do": "live", "name": "said"},
        {"do": "snapshot", "name": "after"},
        {"do": "ax-piles", "name": "after_ax"},
        {"do": "axe", "name": "axe_table"},
        {"do": "settings", "lang": "hu", "checks": {hu["four_colour"]: True}},
        {"do": "ink", "card": "6C", "name": "club_ink"},
        {"do": "ink", "card": "QH", "name": "heart_ink"},
        {"do": "settings", "lang": "hu", "checks": {hu["show_winnability"]: True}},
        {"do": "wait-note", "name": "noted"},
        {"do": "new-game", "lang": "hu", "text": UNDECIDED, "name": "undecided"},
        {"do": "snapshot", "name": "before_show"},
        {"do": "press", "scope": "toolbar", "label": hu["show_me"], "settle": False},
        {"do": "live", "name": "show_started"},
        {"do": "keys", "keys": ["Escape"], "name": "show_cancelled"},
        {"do": "wait", "ms": int(DEMO_SOLVE_SECONDS * 1000) + 4000, "name": "after_show"},
        {"do": "snapshot", "name": "after_show_table"},
        {"do": "new-game", "lang": "hu", "draw": 1, "winnable": True, "name": "winnable"},
    ]
    return _run_journey(site, steps, size="tall", locale="hu-HU")


def test_a_phone_in_hungarian_plays_by_touch(phone: dict[str, Any]) -> None:
    assert phone["errors"] == []
    assert phone["first.splash"] in boot_texts("hu").values()
    assert shown(phone["first"]) == names(Game.from_code(EXAMPLE), "hu")
    game = Game.from_code(EXAMPLE)
    game.play("QC>2")
    game.play("s")
    assert shown(phone["after"]) == names(game, "hu")
    set_language("hu")
    try:
        drawn = change_sentence(
            "play", Game.from_code(EXAMPLE).state, game.state, Move.parse("s"), "hu"
        )
    finally:
        set_language("en")
    assert phone["said"] == drawn


def test_the_four_colour_deck_is_drawn_when_chosen(phone: dict[str, Any]) -> None:
    assert phone["club_ink"] == "rgb(16, 128, 58)"  # green clubs, as the desktop's cards
    assert phone["heart_ink"] == "rgb(198, 40, 40)"


def test_the_winnability_note_shows_the_solvers_verdict(phone: dict[str, Any]) -> None:
    game = Game.from_code(EXAMPLE)
    game.play("QC>2")
    game.play("s")
    set_language("hu")
    try:
        note = verdict_note(solve(game.state, time_limit=WATCH_SECONDS).verdict)
    finally:
        set_language("en")
    assert note and phone["noted"]["note"] == note


def test_show_me_is_cancelled_mid_search_and_winnable_only_deals_a_proved_deal(
    phone: dict[str, Any],
) -> None:
    """Cancel stops a search that is certainly still running: Show me on a deal the C core in
    CPython (faster than the browser's WebAssembly core) cannot settle in the search's time.
    Past that time no answer came and no move was played. Winnable only then deals a deal of
    the atlas's index at once, and says so."""
    started = time.process_time()
    # In CPU time: by the wall clock a loaded machine gives the search only part of its limit.
    found = solve(Game.from_code(UNDECIDED), time_limit=DEMO_SOLVE_SECONDS, clock=time.process_time)
    assert found.verdict is Verdict.UNKNOWN
    assert time.process_time() - started > 1.0  # seconds of search: far past a press
    set_language("hu")
    try:
        looking, no_line = _("Looking for a winning line…"), _("No winning line found in time")
        proved, winnable = _("Winnable deal"), verdict_note(Verdict.WON)
        stopped = stopped_message("looking")
    finally:
        set_language("en")
    assert phone["undecided"]["code"] == UNDECIDED
    assert phone["show_started"] == looking
    assert phone["show_cancelled"] == [stopped]  # Escape: heard
    assert phone["after_show"] == stopped != no_line  # no answer ever came, nor "looking"
    assert table(phone["after_show_table"]) == table(phone["before_show"])  # nothing played
    dealt = phone["winnable"]
    code = DealCode.parse(dealt["code"])
    assert code.draw == 1 and code.number in known_winnable(code.variant.name, 1)
    assert dealt["said"] == proved  # a deal the solver proved, and said so
    assert dealt["note"] in (proved, winnable)  # the note (the setting is on: asked again)

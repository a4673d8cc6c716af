"""The browser's Python session (canfield.web), in CPython: the JSON ops the page sends.

The page only draws what these answers hold, so what a player sees and hears in the
browser is decided here: the names, the sentences, what is legal, what is saved.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from canfield import Card, Game, Move
from canfield.presentation.answers import hopeless_note, verdict_note
from canfield.presentation.keyboard import Keyboard
from canfield.presentation.narration import (
    cannot_put_down,
    change_sentence,
    nothing_to_take_back,
)
from canfield.presentation.piles import PILES, pile_list_name
from canfield.solver import Verdict, solve
from canfield.web import bridge
from canfield.web.session import MAX_SIZE, Session, pile_id

EXAMPLE = "CF1-D3-AAAAACL"


def call(op: str, **args: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(bridge.handle(json.dumps({"op": op, "args": args})))
    return answer


@pytest.fixture
def session() -> Session:
    s = Session()
    s.handle("start", {"lang": "en", "width": 1280, "height": 800, "code": EXAMPLE})
    return s


def test_the_view_names_every_pile_as_the_desktop_app(session: Session) -> None:
    view = session.view()
    names = {p["id"]: p["name"] for p in view["piles"]}
    assert names == {pile_id(p): pile_list_name(session.game, p, "en") for p in PILES}
    # a pile whose every card is an item of its list is named without its size, which a
    # reader counts ("column 2. List with 1 item"); the others keep it
    assert names == {
        "stock-0": "stock, 34 cards",
        "waste-0": "waste, empty",
        "reserve-0": "reserve, 13 cards",
        "foundation-0": "foundation 1",
        "foundation-1": "foundation 2, empty",
        "foundation-2": "foundation 3, empty",
        "foundation-3": "foundation 4, empty",
        "column-0": "column 1",
        "column-1": "column 2",
        "column-2": "column 3",
        "column-3": "column 4",
    }
    assert all(len(p["cards"]) == 1 for p in view["piles"] if p["id"].startswith("column"))
    session.handle("stock", {})
    assert {p["id"]: p["name"] for p in session.view()["piles"]}["waste-0"] == "waste"
    for _ in range(3):
        session.handle("stock", {})
    waste = next(p for p in session.view()["piles"] if p["id"] == "waste-0")
    assert waste["name"] == "waste, 12 cards" and len(waste["cards"]) == 3  # 3 items of 12
    faces = {c["id"]: c["name"] for c in view["cards"] if c["up"]}
    assert faces["QC"] == "queen of clubs"
    assert sum(1 for c in view["cards"] if not c["up"]) == 34  # the stock, unnamed
    assert len(view["cards"]) == 52


def test_a_tap_plays_the_tap_rule_and_says_it(session: Session) -> None:
    before = session.game.state
    reply = session.handle("tap", {"card": "QC"})
    assert reply["say"] == change_sentence(
        "play", before, session.game.state, session.game.history[-1], "en"
    )
    assert reply["save"] == session.game.to_dict()
    assert Game.from_dict(reply["save"]) == session.game


def test_an_illegal_drop_changes_nothing_and_says_why(session: Session) -> None:
    before = session.game.to_dict()
    reply = session.handle("move", {"card": "6C", "pile": "column-2"})
    assert reply["changed"] is False and "save" not in reply
    assert reply["say"] == cannot_put_down(Card.parse("6C"), "column", 2, session.game.state, "en")
    assert session.game.to_dict() == before


def test_undo_redo_and_the_stock(session: Session) -> None:
    assert session.handle("stock", {})["say"].startswith("3 cards drawn")
    assert session.handle("undo", {})["say"].startswith("Undone: 3 cards back on the stock")
    assert session.handle("redo", {})["say"].startswith("Redone: 3 cards drawn")


def test_undo_and_redo_with_nothing_to_take_back_say_so_as_on_the_desktop(
    session: Session,
) -> None:
    """Their buttons are greyed out; Ctrl+Z, Backspace or Ctrl+Y still reach Python, and a
    blind player heard nothing (the desktop says it: gui/keys.nothing_to_take_back_said)."""
    before = session.game.to_dict()
    undone = session.handle("undo", {})
    assert undone["say"] == nothing_to_take_back(redo=False) == "Nothing to undo"
    assert undone["changed"] is False and "save" not in undone
    redone = session.handle("redo", {})
    assert redone["say"] == nothing_to_take_back(redo=True) == "Nothing to redo"
    assert redone["changed"] is False and session.game.to_dict() == before
    session.handle("stock", {})
    assert session.handle("redo", {})["say"] == "Nothing to redo"  # nothing undone yet
    assert session.handle("undo", {})["say"].startswith("Undone: 3 cards back on the stock")


def test_a_damaged_save_deals_a_new_game_and_says_so() -> None:
    s = Session()
    reply = s.handle("start", {"lang": "pt", "saved": "{not json"})
    assert reply["damaged"] and reply["say"] == reply["damaged"]
    assert "a new game was dealt" not in reply["damaged"]  # it is said in Portuguese
    assert len(reply["view"]["cards"]) == 52


def test_a_saved_game_resumes_and_says_so(session: Session) -> None:
    """A reader lands on the stock: the game that came back is said, with how far it went."""
    session.handle("tap", {"card": "QC"})
    saved = session.game.to_dict()
    again = Session()
    reply = again.handle("start", {"lang": "en", "saved": saved})
    assert reply["damaged"] is None and again.game == session.game
    said = "Your saved game is back: Canfield, draw 3, 1 move, 1 card on the foundations"
    assert reply["say"] == said
    hu = Session().handle("start", {"lang": "hu", "saved": saved})["say"]
    assert hu == (
        "Folytathatod a mentett játékodat: Canfield, 3 lapos húzás, 1 lépés, 1 lap az alapokon"
    )
    # a shared link's deal in place of the saved game is no game that came back
    other = Session().handle("start", {"lang": "en", "saved": saved, "code": "CF1-D1-AAAAACL"})
    assert other["say"] == ""


@pytest.mark.parametrize(
    ("op", "args"),
    [
        ("nothing", {}),
        ("tap", {"card": "ZZ"}),
        ("tap", {"card": "Q" * 5000}),
        ("move", {"card": "QC", "pile": "column-9"}),
        ("resize", {"width": math.inf}),
        ("hover", {"card": "QC", "x": 1e308, "y": 0, "px": 0, "py": 0}),
        ("start", {"lang": "xx"}),
        ("play", {"move": "QC>9"}),
        ("screen", {"screen": "deal", "variant": "poker"}),
        ("key", {"key": "Control+n"}),
        ("key", {"key": "enter", "pile": "column-7"}),
        ("watched", {"position": "x", "verdict": "MAYBE"}),
        ("find_winnable", {"variant": "poker"}),
        ("screen", {"screen": "deal", "winnable": True, "found": "CF1-D1-AAAAACL"}),
    ],
)
def test_bad_requests_get_a_one_line_error(op: str, args: dict[str, Any]) -> None:
    answer = call(op, **args)
    assert answer["ok"] is False
    assert answer["error"] and "\n" not in answer["error"]


def test_sizes_are_bounded(session: Session) -> None:
    session.handle("resize", {"width": 1e9, "height": 1})
    assert session.width == MAX_SIZE and session.height == 100


def test_a_bad_code_in_new_game_is_refused_and_the_game_kept(session: Session) -> None:
    before = session.game.to_dict()
    reply = session.handle("screen", {"screen": "deal", "text": "CF1-D3-!!!"})
    assert reply["error"] and reply["dealt"] is False and session.game.to_dict() == before
    reply = session.handle("screen", {"screen": "deal", "text": "CF1-RAINBOW-D1-AAAAACL"})
    assert reply["view"]["variant"] == "rainbow"


def test_hint_in_the_solvers_worker_answers_for_the_saved_game(session: Session) -> None:
    other = Session()
    reply = other.handle("hint", {"saved": session.game.to_dict(), "lang": "en", "seconds": 2})
    assert reply["say"].startswith("Hint: ")
    assert session.game.is_legal(reply["move"])


class FakeTime:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_clock_runs_from_the_first_move_only_while_the_page_is_active(
    session: Session,
) -> None:
    time = FakeTime()
    session.clock.now = time
    time.now += 30  # dealt, not played: no time counts
    assert session.handle("tick", {"active": True})["clock"] is False
    assert session.handle("tap", {"card": "QC"})["clock"] is True
    time.now += 7.5
    tick = session.handle("tick", {"active": True})
    assert tick["time"] == "Time: 0:07" and tick["save"]["elapsed"] == 7.5  # kept every 5 s
    time.now += 2
    assert session.handle("tick", {"active": False})["save"]["elapsed"] == 9.5  # hidden: saved
    time.now += 600  # a tab left in the background counts nothing
    assert session.handle("tick", {"active": True})["time"] == "Time: 0:09"
    time.now += 1
    reply = session.handle("stock", {})
    assert reply["view"]["status"]["time"] == "Time: 0:10" and reply["save"]["elapsed"] == 10.5


def test_the_won_game_stops_the_clock() -> None:
    s = Session()
    s.handle("start", {"lang": "en", "code": "CF1-D3-AAAAAAE"})
    line = solve(s.game, time_limit=None, node_limit=200_000).line
    for move in line[:-1]:
        s.handle("play", {"move": move.notation()})
    assert s.clock.running
    reply = s.handle("play", {"move": line[-1].notation()})
    assert reply["won"] and reply["clock"] is False
    assert s.handle("tick", {"active": True})["clock"] is False


def test_the_keys_are_the_desktops_keyboard_and_python_says_what_they_did(
    session: Session,
) -> None:
    desktop, game = Keyboard(notes=(f"Game {EXAMPLE}", "")), Game.from_code(EXAMPLE)
    for key in ("r", "enter", "2", "left", "p", "t", "1", "enter", "escape"):
        before = game.state
        expected = desktop.press(key, game, "en", session.layout())
        reply = session.handle("key", {"key": key})
        said = expected.say
        if expected.play is not None:
            played = game.play(expected.play)
            moved = change_sentence("play", before, game.state, played, "en", uncovered=False)
            said = ". ".join(part for part in (said, moved) if part)
            desktop.clamp(game.state)
        assert reply["say"] == said, key
        assert reply["view"]["focus"]["landing"] == desktop.landing(game, "en"), key
        assert reply["focus"] == expected.focus_moved
    assert session.game.state == game.state
    assert session.game.history[-1] == Move.parse("QC>2")  # R, Enter, 2 put the queen there


def test_a_readers_press_on_a_card_puts_the_focus_there_first(session: Session) -> None:
    reply = session.handle("key", {"key": "enter", "pile": "reserve-0", "card": "QC"})
    assert reply["say"].startswith("Picked up")  # the reader named the card as it got there
    assert reply["view"]["focus"]["held"] == ["QC"]
    assert (
        session.handle("key", {"key": "Control+n"} | {"key": "escape"})["view"]["focus"]["held"]
        == []
    )


def test_the_four_colour_deck_inks_diamonds_blue_and_clubs_green(session: Session) -> None:
    inks = {c["id"]: c["ink"] for c in session.view()["cards"] if c["up"]}
    assert (inks["QC"], inks["QH"]) == ("black", "red")
    session.handle("screen", {"screen": "change_settings", "changes": {"four_colour": True}})
    inks = {c["id"]: c["ink"] for c in session.view()["cards"] if c["up"]}
    assert (inks["QC"], inks["QH"], inks["6C"]) == ("green", "red", "green")


def test_the_winnability_note_comes_from_the_second_worker_for_this_position(
    session: Session,
) -> None:
    assert session.handle("tap", {"card": "QC"})["watch"] is False  # the setting is off
    on = session.handle(
        "screen", {"screen": "change_settings", "changes": {"show_winnability": True}}
    )
    assert on["watch"] is True
    solver = Session()
    verdict = solver.handle("watch", {"saved": session.game.to_dict(), "lang": "en"})
    stale = dict(verdict, position="canfield D3 7H -/-/-/- - -/-/-/- - - 0")
    assert session.handle("watched", stale) == {}  # another position: ignored
    reply = session.handle("watched", verdict)
    assert reply["view"]["status"]["note"] == verdict_note(Verdict[verdict["verdict"]])
    assert (
        session.handle("stock", {})["view"]["status"]["note"] == ""
    )  # a new position: asked again


def test_a_deal_proved_lost_from_its_start_is_an_unwinnable_deal_for_every_position() -> None:
    s = Session()
    s.handle("start", {"lang": "en", "code": EXAMPLE})
    s.handle("screen", {"screen": "change_settings", "changes": {"show_winnability": True}})
    at_start = {"verdict": "LOST", "start": True, "position": str(s.game.state)}
    assert s.handle("watched", at_start)["view"]["status"]["note"] == hopeless_note()
    reply = s.handle("stock", {})
    assert reply["watch"] is False and reply["view"]["status"]["note"] == hopeless_note()


def test_winnable_only_is_searched_where_the_page_can_stop_it(session: Session) -> None:
    """Where the index knows no winnable deal (Strict, draw 3) the page's second worker
    searches; a deal it proved is dealt and said so."""
    args = {"screen": "deal", "variant": "strict", "draw": 3, "winnable": True}
    asked = session.handle("screen", args)
    assert asked["dealt"] is False and asked["search"] == {
        "variant": "strict",
        "draw": 3,
        "tried": 0,
    }
    proved = "CF1-STRICT-D3-AAAAACL"  # what a search would hand back (none is known)
    dealt = session.handle("screen", {**args, "found": proved})
    assert dealt["dealt"] is True and session.game.code == proved
    assert dealt["view"]["status"]["note"] == "Winnable deal"

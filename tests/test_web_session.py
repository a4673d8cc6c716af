"""The browser's Python session (canfield.web), in CPython: the JSON ops the page sends.

The page only draws what these answers hold, so what a player sees and hears in the
browser is decided here: the names, the sentences, what is legal, what is saved.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from canfield import Card, Game
from canfield.presentation.narration import cannot_put_down, change_sentence
from canfield.presentation.piles import PILES, pile_spoken_name
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
    assert names == {pile_id(p): pile_spoken_name(session.game.state, p, "en") for p in PILES}
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


def test_a_damaged_save_deals_a_new_game_and_says_so() -> None:
    s = Session()
    reply = s.handle("start", {"lang": "pt", "saved": "{not json"})
    assert reply["damaged"] and reply["say"] == reply["damaged"]
    assert "a new game was dealt" not in reply["damaged"]  # it is said in Portuguese
    assert len(reply["view"]["cards"]) == 52


def test_a_saved_game_resumes(session: Session) -> None:
    session.handle("tap", {"card": "QC"})
    saved = session.game.to_dict()
    again = Session()
    reply = again.handle("start", {"lang": "en", "saved": saved})
    assert reply["damaged"] is None and again.game == session.game


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
        ("new", {"variant": "poker"}),
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
    reply = session.handle("new", {"text": "CF1-D3-!!!"})
    assert "error" in reply and session.game.to_dict() == before
    reply = session.handle("new", {"text": "CF1-RAINBOW-D1-AAAAACL"})
    assert reply["view"]["variant"] == "rainbow"


def test_hint_in_the_solvers_worker_answers_for_the_saved_game(session: Session) -> None:
    other = Session()
    reply = other.handle("hint", {"saved": session.game.to_dict(), "lang": "en", "seconds": 2})
    assert reply["say"].startswith("Hint: ")
    assert session.game.is_legal(reply["move"])

"""The desktop's play aids as the browser's session answers them (canfield.web.aids), in CPython:
Finish, Show me's assisted flag, hints counted, undo to the winnable point, the fallback hint,
the buttons a lost deal offers, winnable deals from the index, the first run, long columns."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from test_long_columns import PHONE, long_game

from canfield import Game, i18n
from canfield.cards import CARDS
from canfield.deal import DealCode
from canfield.presentation.answers import (
    fallback_hint,
    hint_dropped_message,
    hint_sentence,
    hopeless_message,
    hopeless_spoken,
)
from canfield.presentation.finish import finish_offer
from canfield.presentation.geometry import CARD_ASPECT, TableLayout, column_flags
from canfield.presentation.narration import finishing_sentence, welcome_sentence
from canfield.presentation.records import help_text
from canfield.presentation.welcome import welcome_lines
from canfield.presentation.winnable import (
    no_winnable_found_message,
    search_cancelled_message,
    search_progress_text,
    winnable_note,
)
from canfield.presentation.winnable_index import known_winnable
from canfield.records.ledger import Ledger
from canfield.rules import finishing_line
from canfield.solver import Verdict, solve
from canfield.variants import variant_named
from canfield.web.session import BridgeError, Session

WIN_DECK = "5H 5S 4C 4D 4H 4S 3C 3D 3H 3S 2C 2D 2H AS AH AD AC 2S 5D 5C " + " ".join(
    rank + suit for rank in "6789TJQK" for suit in "SHDC"
)
"""A draw-1 deal whose rest is only cards going home from the start: Finish is on offer."""
TO_LOSS = ("CF1-D3-AAAAAAE", ["s", "s", "s", "s", "8D>f", "s", "8S>f", "s", "s", "9H>f"])
"""A winnable deal played to a lost position one move past the last winnable one."""
HOPELESS = "CF1-STRICT-D3-AAAAACL"
"""A deal the solver proves lost from its start."""
UNDECIDED = "CF1-RAINBOW-D1-AAAAACL"
"""A deal the solver cannot decide in a hint's 3 s (nor in Show me's 5 s)."""


@pytest.fixture
def session() -> Iterator[Session]:
    s = Session()
    s.handle("start", {"lang": "en", "code": "CF1-D3-AAAAACL"})
    s.handle("screen", {"screen": "load", "settings": "{}", "records": None, "system": "en"})
    yield s
    i18n.set_language("en")


def deal(s: Session, **args: Any) -> dict[str, Any]:
    return s.handle("screen", {"screen": "deal", "abandon": True, **args})


def test_finish_is_offered_once_then_plays_home_quietly_to_an_ordinary_win(
    session: Session,
) -> None:
    dealt = deal(session, variant="canfield", draw=1, text=WIN_DECK)
    assert dealt["view"]["finish"] is True and finish_offer() in dealt["say"]
    line = finishing_line(session.game.state)
    assert line is not None
    asked = session.handle("finish", {})
    assert asked["line"] == [m.notation() for m in line]
    assert asked["say"] == finishing_sentence(list(line)) == "51 cards go home"  # 1 is home
    said = [session.handle("play", {"move": move, "quiet": True})["say"] for move in asked["line"]]
    assert said[:-1] == [""] * (len(said) - 1)  # each move is not said again
    assert "You won!" in said[-1] and session.game.is_won
    assert not session.game.assisted
    assert session.view()["finish"] is False


def test_finish_by_itself_asks_the_page_to_play_it(session: Session) -> None:
    session.handle("screen", {"screen": "change_settings", "changes": {"auto_finish": True}})
    dealt = deal(session, variant="canfield", draw=1, text=WIN_DECK)
    assert dealt["finish"] == "auto" and finish_offer() not in dealt["say"]


def test_no_finish_while_a_choice_is_left(session: Session) -> None:
    assert finishing_line(session.game.state) is None
    assert session.view()["finish"] is False
    assert session.handle("finish", {})["line"] == []


def test_show_me_moves_make_the_game_assisted_and_it_is_counted_apart(session: Session) -> None:
    deal(session, variant="canfield", draw=1, text=WIN_DECK)
    session.handle("hint_asked", {})
    first = session.handle("play", {"move": "s", "demo": True})
    assert first["save"]["assisted"] is True and first["save"]["hints"] == 1
    assert first["say"]  # Show me's moves are said, as on the desktop
    while not session.game.is_won:
        ups = [m for m in session.game.legal_moves() if m.notation().endswith(">f")]
        reply = session.handle("play", {"move": ups[0].notation() if ups else "s"})
    records = Ledger.from_dict(json.loads(reply["records"]))
    stats = records.statistics(1)
    assert (stats.won, stats.assisted_wins, stats.assisted_games) == (0, 1, 1)
    won = session.handle("screen", {"screen": "win"})
    assert "Won with Show me: not counted in your statistics." in won["lines"]
    shown = session.handle("screen", {"screen": "statistics", "variant": "canfield"})
    row = next(r for r in shown["rows"] if r["key"] == "assisted")
    assert row["label"] == "Show me: won / played" and row["cells"][1]["text"] == "1 / 1"
    assert shown["recent"][0]["text"].endswith(" · " + help_text(1, True))


def test_a_hint_asked_is_counted_and_dropped_when_the_position_changes(session: Session) -> None:
    asked = session.handle("hint_asked", {})
    assert asked["search"] is True and asked["save"]["hints"] == 1
    solver = Session()
    answer = solver.handle("hint", {"saved": asked["save"], "lang": "en"})
    drawn = session.handle("stock", {})
    assert drawn["say"].endswith(hint_dropped_message()) and drawn["hint_dropped"] is True
    assert session.handle("hinted", answer)["shown"] is False


def test_a_lost_position_offers_undo_to_the_winnable_point(session: Session) -> None:
    code, moves = TO_LOSS
    deal(session, text=code)
    for move in moves:
        session.handle("play", {"move": move})
    asked = session.handle("hint_asked", {})
    answer = Session().handle("hint", {"saved": asked["save"], "lang": "en"})
    assert answer["lost"] is True and answer["undo"] == 1
    shown = session.handle("hinted", answer)
    assert shown["shown"] is True and shown["say"] == "No winning line from here — undo 1 move"
    assert shown["view"]["undo_winnable"] == "Undo 1 move to the winnable point"
    undone = session.handle("undo_winnable", {})
    assert undone["say"].startswith("Undone: ") and len(session.game.history) == len(moves) - 1
    assert undone["view"]["undo_winnable"] == ""
    assert solve(session.game.state, time_limit=10).verdict is Verdict.WON


def test_a_deal_lost_from_its_start_offers_new_game_or_keep_playing(session: Session) -> None:
    deal(session, text=HOPELESS)
    asked = session.handle("hint_asked", {})
    answer = Session().handle("hint", {"saved": asked["save"], "lang": "en"})
    shown = session.handle("hinted", answer)
    # the page's key (a browser keeps Ctrl+N for a new window: the page never sees it)
    assert shown["say"] == hopeless_spoken(browser=True)
    assert shown["say"].endswith(". N starts a new game.")
    offer = shown["offer"]
    assert offer["text"] == hopeless_message()
    assert [b["label"] for b in offer["buttons"]] == ["New game", "Keep playing"]
    again = session.handle("hint_asked", {})  # known now: no second search
    assert again["search"] is False and again["offer"] == offer


def test_an_undecided_hint_still_points_at_a_sensible_move_not_proved(session: Session) -> None:
    game = Game.from_code(UNDECIDED)
    answer = Session().handle("hint", {"saved": game.to_dict(), "lang": "en"})
    assert answer["verdict"] == "UNKNOWN"
    guess = fallback_hint(game.state)
    assert guess is not None
    assert answer["move"] == guess.notation()
    assert answer["say"] == hint_sentence(game.state, guess, "en", proved=False)


def test_winnable_only_deals_from_the_index_at_once(session: Session) -> None:
    form = session.handle("screen", {"screen": "new_game"})
    assert form["winnable_notes"]["rainbow:1"] == winnable_note(1, "rainbow")
    assert form["winnable_notes"]["strict:3"] == winnable_note(3, "strict")
    dealt = deal(session, variant="rainbow", draw=1, winnable=True)
    code = DealCode.parse(dealt["code"])
    assert dealt["dealt"] is True and dealt["proved"] is True
    assert code.number in known_winnable("rainbow", 1)


def test_winnable_only_with_none_known_searches_and_offers_the_way_on(session: Session) -> None:
    before = session.game.to_dict()
    asked = deal(session, variant="strict", draw=3, winnable=True)
    assert asked["dealt"] is False
    assert asked["search"] == {"variant": "strict", "draw": 3, "tried": 0}
    assert asked["progress"] == search_progress_text(0, 20)
    assert asked["cancelled"] == search_cancelled_message()  # said if the player stops it
    assert asked["cancelled"] == "Search cancelled: your game is as it was."  # as the desktop
    tried = Session().handle("find_winnable", asked["search"])
    assert tried["code"] is None  # no Strict draw-3 deal is known winnable
    assert tried["tried"] == 1 and tried["more"] is True
    assert tried["progress"] == search_progress_text(1, 20)
    none = deal(session, variant="strict", draw=3, winnable=True, found=None)
    assert none["dealt"] is False and none["offer"]["text"] == no_winnable_found_message(20)
    labels = [b["label"] for b in none["offer"]["buttons"]]
    assert labels == ["Deal a random one", "Keep playing"]
    assert none["offer"]["buttons"][0] == {
        "label": "Deal a random one",
        "do": "random",
        "variant": "strict",
        "draw": 3,
    }
    assert session.game.to_dict() == before  # the game in play stays


def test_the_winnable_search_is_one_try_a_request_each_said_in_the_players_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from canfield.presentation import winnable

    asked: list[tuple[int, str, int]] = []

    def one_try(draw: int, variant: str, tries: int) -> DealCode | None:
        asked.append((draw, variant, tries))
        return DealCode(1234, draw, variant_named(variant)) if len(asked) == 3 else None

    monkeypatch.setattr(winnable, "find_winnable_deal", one_try)
    second = Session()  # the page's second worker
    request: dict[str, Any] = {"variant": "superior", "draw": 1, "tried": 0, "lang": "pt"}
    answers = []
    while True:
        answer = second.handle("find_winnable", request)
        answers.append(answer)
        if not answer["more"]:
            break
        request["tried"] = answer["tried"]
    i18n.set_language("pt")
    try:
        said = [search_progress_text(n, 20) for n in (1, 2, 3)]
    finally:
        i18n.set_language("en")
    assert [a["progress"] for a in answers] == said  # in Portuguese, try by try
    assert said[0] != search_progress_text(1, 20)
    assert asked == [(1, "superior", 1)] * 3  # each request one try, not a search of 20
    assert [a["code"] for a in answers] == [
        None,
        None,
        str(DealCode(1234, 1, variant_named("superior"))),
    ]


def test_the_winnable_search_stops_after_its_twentieth_try(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from canfield.presentation import winnable

    monkeypatch.setattr(winnable, "find_winnable_deal", lambda draw, variant, tries: None)
    last = Session().handle("find_winnable", {"variant": "strict", "draw": 3, "tried": 19})
    assert last == {
        "code": None,
        "tried": 20,
        "more": False,
        "progress": search_progress_text(20, 20),
    }
    for tried in (20, -1, 1.5, True, "3"):
        with pytest.raises(BridgeError, match="tried"):
            Session().handle("find_winnable", {"variant": "strict", "tried": tried})


def test_a_new_player_is_welcomed_over_a_winnable_deal_once() -> None:
    s = Session()
    s.handle("start", {"lang": "pt"})
    loaded = s.handle("screen", {"screen": "load", "settings": None, "records": None})
    assert loaded["welcome"] == {"first": True}
    code = DealCode.parse(loaded["view"]["code"])
    assert code.number in known_winnable(code.variant.name, code.draw)
    assert json.loads(loaded["settings_text"])["welcomed"] is True
    shown = s.handle("welcome", {"first": True})
    assert shown["lines"] == welcome_lines(True) and shown["say"] == welcome_sentence(True)
    i18n.set_language("en")
    again = Session()
    again.handle("start", {"lang": "en"})
    later = again.handle(
        "screen", {"screen": "load", "settings": loaded["settings_text"], "records": None}
    )
    assert "welcome" not in later


def test_a_shared_code_is_kept_for_a_new_player() -> None:
    s = Session()
    s.handle("start", {"lang": "en", "code": "CF1-D3-AAAAACL"})
    loaded = s.handle("screen", {"screen": "load", "settings": None, "records": None})
    assert loaded["welcome"] == {"first": False} and s.game.code == "CF1-D3-AAAAACL"


def test_a_tap_on_a_long_columns_compressed_part_opens_it(session: Session) -> None:
    """A 20-card column at a phone's table size: the table keeps its card size, and a tap on
    the column's squeezed part fans that part readable instead of playing a move."""
    saved = long_game().to_dict()
    session.handle("start", {"lang": "en", "width": PHONE[0], "height": PHONE[1], "saved": saved})
    state = session.game.state
    lay = session.layout()
    assert lay.card_w == TableLayout.compute(*PHONE, CARD_ASPECT).card_w  # not shrunk for it
    index, col = max(enumerate(state.columns), key=lambda c: len(c[1]))
    flags = column_flags(state, lay, index)
    squeezed = next(c for c, shown in zip(col[:-1], flags, strict=False) if not shown)
    before = {c["id"]: c["y"] for c in session.view()["cards"]}
    reply = session.handle("tap", {"card": str(CARDS[squeezed])})
    assert reply["changed"] is False and session.game.history == Game.from_dict(saved).history
    assert column_flags(state, lay, index, squeezed)[col.index(squeezed)]
    after = {c["id"]: c["y"] for c in reply["view"]["cards"]}
    assert after != before  # the page draws the opened part
    session.handle("stock", {})
    assert session.aids.opened is None  # a new position compresses afresh

"""The screens' ops of the browser session in CPython: texts from the catalogs, records kept and
refused as the desktop's, a game in progress abandoned only when the player says so."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from canfield import Game, i18n
from canfield.presentation.deal_text import DealTextError, read_deal_text
from canfield.presentation.narration import change_sentence
from canfield.presentation.questions import restart_question
from canfield.presentation.variant_text import APP_VARIANTS, variant_summary, variant_title
from canfield.records.ledger import Ledger
from canfield.variants import RESEARCH_VARIANTS
from canfield.web.bridge import handle
from canfield.web.session import BridgeError, Session

WIN_DECK = "5H 5S 4C 4D 4H 4S 3C 3D 3H 3S 2C 2D 2H AS AH AD AC 2S 5D 5C " + " ".join(
    rank + suit for rank in "6789TJQK" for suit in "SHDC"
)


@pytest.fixture
def session() -> Iterator[Session]:
    s = Session()
    s.handle("start", {"lang": "en"})
    s.handle("screen", {"screen": "load", "settings": None, "records": None, "system": "en"})
    yield s
    i18n.set_language("en")


def screen(s: Session, name: str, **args: Any) -> dict[str, Any]:
    return s.handle("screen", {"screen": name, **args})


def act(s: Session, move: str = "s") -> dict[str, Any]:
    """An action on the table, then any op (every op's answer carries the records if changed)."""
    s.game.play(move)
    return s.handle("screen", {"screen": "texts"})


def win(s: Session) -> dict[str, Any]:
    answer: dict[str, Any] = {}
    while not s.game.is_won:
        ups = [m for m in s.game.legal_moves() if m.notation().endswith(">f")]
        answer = act(s, ups[0].notation() if ups else "s")
    return answer


def test_new_game_offers_every_variant_with_its_summary(session: Session) -> None:
    form = screen(session, "new_game")
    assert [v["name"] for v in form["variants"]] == list(APP_VARIANTS)
    assert form["variants"][3]["summary"] == variant_summary("rainbow")
    assert [d["draw"] for d in form["draws"]] == [3, 1]


def test_a_refused_code_gets_the_engines_reason_in_the_players_language(session: Session) -> None:
    screen(session, "change_settings", changes={"language": "pt"})
    answer = screen(session, "read_code", text="CF1-D4-AAAAACL")
    with pytest.raises(DealTextError) as refused:
        read_deal_text("CF1-D4-AAAAACL")
    assert answer == {"kind": "error", "error": str(refused.value)}
    assert "D4" in answer["error"] and i18n.language() == "pt"


def test_a_code_follows_the_variant_and_draw_chosen(session: Session) -> None:
    answer = screen(session, "read_code", text="CF1-D3-AAAAACL", variant="rainbow", draw=1)
    assert answer["code"] == "CF1-RAINBOW-D1-AAAAACL"


@pytest.mark.parametrize("name", RESEARCH_VARIANTS)
def test_a_research_code_plays_though_new_game_does_not_offer_it(
    session: Session, name: str
) -> None:
    code = f"CF1-{name.upper()}-D3-AAAAACL"
    assert name not in [v["name"] for v in screen(session, "new_game")["variants"]]
    screen(session, "change_settings", changes={"language": "hu"})
    read = screen(session, "read_code", text=code.lower())
    assert (read["kind"], read["code"], read["variant"]) == ("code", code, name)
    assert read["variant_title"] == variant_title(name) != name  # in Hungarian
    dealt = screen(session, "deal", text=code)
    assert dealt["dealt"] is True
    assert session.game.code == code and session.game.variant == name
    session.game.play("s")


def test_leaving_a_game_in_progress_asks_first_and_then_counts_a_loss(session: Session) -> None:
    act(session)
    asked = screen(session, "deal", variant="classic", draw=3)
    assert asked["dealt"] is False and asked["confirm"]["yes"] == "Abandon"
    dealt = screen(session, "deal", variant="classic", draw=3, abandon=True)
    assert dealt["dealt"] is True and session.game.variant == "classic"
    assert "view" in dealt and "records" in dealt  # the table redraws, the loss is stored
    assert dealt["view"]["variant"] == "classic"
    records = Ledger.from_dict(json.loads(dealt["records"]))
    assert records.statistics(3).played == 1 and records.statistics(3).won == 0


def test_a_win_is_counted_once_and_shown_with_this_variants_figures(session: Session) -> None:
    screen(session, "deal", variant="canfield", draw=1, text=WIN_DECK)
    answer = win(session)
    assert Ledger.from_dict(json.loads(answer["records"])).statistics(1).won == 1
    assert "records" not in screen(session, "texts")  # nothing changed: nothing to store
    shown = screen(session, "win")
    assert shown["title"] == "You won!" and f"Score: {session.game.score}" in shown["lines"]
    assert {"label": "Won", "text": "1"} in shown["statistics"]
    stats = screen(session, "statistics", variant="canfield")
    won_row = next(r for r in stats["rows"] if r["key"] == "won")
    assert [c["text"] for c in won_row["cells"]] == ["0", "1"]
    assert won_row["cells"][1]["name"] == "Won, 1 card: 1"
    reset = screen(session, "reset_statistics", draw=1, variant="canfield")
    assert Ledger.from_dict(json.loads(reset["records"])).statistics(1).played == 0


def test_stored_records_come_back_and_a_damaged_one_is_set_aside(session: Session) -> None:
    screen(session, "deal", variant="canfield", draw=1, text=WIN_DECK)
    records = win(session)["records"]
    settings = screen(session, "change_settings", changes={"double_tap": False})["settings_text"]
    again = Session()
    again.handle("start", {"lang": "en"})
    back = again.handle(
        "screen", {"screen": "load", "settings": settings, "records": records, "system": "en"}
    )
    assert back["damaged"] == [] and back["settings"]["double_tap"] is False
    assert again.double_tap is False  # the table's taps follow the setting
    assert again.screens.ledger.statistics(1).won == 1
    broken = again.handle(
        "screen",
        {"screen": "load", "settings": '{"felt": "pink"}', "records": "[1,", "system": "hu"},
    )
    assert broken["damaged"] == ["settings", "records"]
    hu = i18n.translations("hu").gettext  # the settings are gone: the browser's language
    assert broken["notices"] == [
        hu("Your saved data could not be read, so the app started afresh."),
        hu("Some of your statistics were damaged and have been reset."),
    ]
    assert again.screens.ledger.all_statistics() == []


def test_an_untouched_game_never_settles_the_one_in_progress(session: Session) -> None:
    act(session)
    standing = session.screens.ledger.standing
    session.game = Game.new()  # e.g. a fresh deal before the saved game is restored
    screen(session, "texts")
    assert session.screens.ledger.standing == standing


def test_bad_requests_are_refused_in_one_line(session: Session) -> None:
    with pytest.raises(BridgeError, match="unknown screen op"):
        screen(session, "nope")
    with pytest.raises(BridgeError, match="invalid setting felt='pink'"):
        screen(session, "change_settings", changes={"felt": "pink"})
    with pytest.raises(BridgeError, match="changes are an object"):
        screen(session, "change_settings", changes={"window_geometry": None})
    answer = json.loads(handle(json.dumps({"op": "screen", "args": {"screen": "deal", "draw": 2}})))
    assert answer["ok"] is False and "draw" in answer["error"]


def test_restart_asks_first_as_the_desktop_and_counts_the_game_left_as_lost(
    session: Session,
) -> None:
    """The desktop's Restart (Ctrl+R): the same deal from its start; a game in progress only
    after the player says yes to the same question, and it counts as a loss."""
    screen(session, "deal", variant="canfield", draw=3, text="CF1-D3-AAAAACL")
    fresh = session.handle("restart", {})  # nothing played yet: no question
    assert "confirm" not in fresh and fresh["say"] == change_sentence(
        "restart", None, session.game.state, None, "en"
    )
    session.handle("tap", {"card": "QC"})
    before = session.game.state
    asked = session.handle("restart", {})
    assert asked["confirm"] == restart_question()._asdict()
    assert asked["confirm"]["text"] == "Restart this game?" and "view" not in asked
    assert session.game.state == before and session.game.moves_made == 1  # not until yes
    done = session.handle("restart", {"confirmed": True})
    assert session.game.code == "CF1-D3-AAAAACL" and session.game.moves_made == 0
    assert session.game.state == Game.from_code("CF1-D3-AAAAACL").state
    saved = Game.from_dict(done["save"])  # kept at once, as after every action
    assert saved.state == session.game.state and saved.game_id == session.game.game_id
    assert done["view"]["code"] == "CF1-D3-AAAAACL"
    assert Ledger.from_dict(json.loads(done["records"])).statistics(3).played == 1  # lost


def test_play_again_after_a_win_replays_the_same_deal_and_keeps_the_win(
    session: Session,
) -> None:
    screen(session, "deal", variant="canfield", draw=1, text=WIN_DECK)
    win(session)
    deck = session.game.deck_string
    again = session.handle("restart", {})  # the win screen's Play again: no question
    assert "confirm" not in again and session.game.deck_string == deck
    assert session.game.moves_made == 0 and not session.game.is_won
    stats = session.screens.ledger.statistics(1)
    assert stats.won == 1 and stats.played == 1  # the win stays, not also a loss


def test_the_questions_are_the_desktops_in_the_players_language(session: Session) -> None:
    screen(session, "change_settings", changes={"language": "hu"})
    session.handle("stock", {})
    asked = session.handle("restart", {})["confirm"]
    hu = i18n.translations("hu").gettext
    assert asked["text"] == hu("Restart this game?") != "Restart this game?"
    assert asked["yes"] == hu("Restart") and asked["no"] == hu("Keep playing")
    assert screen(session, "texts")["texts"]["restart"] == hu("&Restart").replace("&", "")


@pytest.mark.parametrize("lang", ["en", "pt", "hu", "id"])
def test_the_rules_and_the_new_game_tip_give_the_pages_key(session: Session, lang: str) -> None:
    """A browser keeps Ctrl+N for a new window (the page never sees it): the page says N."""
    screen(session, "change_settings", changes={"language": lang})
    rules = screen(session, "rules")["html"]
    assert "Ctrl+N" not in rules and "<b>N</b>" in rules  # the keys' table
    then = {"en": "works", "pt": "também", "hu": "is", "id": "juga"}[lang]
    assert re.search(rf"\bN\s+{then}\b", rules)  # "… N works too" in the prose
    tip = screen(session, "texts")["texts"]["new_game_tip"]
    assert "(N)" in tip and "Ctrl" not in tip

"""The screens' ops of the browser session in CPython: texts from the catalogs, records kept and
refused as the desktop's, a game in progress abandoned only when the player says so."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from canfield import Game, i18n
from canfield.presentation.deal_text import DealTextError, read_deal_text
from canfield.presentation.variant_text import APP_VARIANTS, variant_summary
from canfield.records.ledger import Ledger
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

"""The example deal by ear, one app per language shared by these tests (``ear.SharedApps``).

Each test takes the app at the deal's start (CF1-D3-AAAAACL) and hands it back
there, its moves undone (read out whole to check), or, the last two, at the
table with the game the dialogs test dealt; so four apps serve the module. A
test that fails leaves its app to be closed, and the next starts afresh. Under
``make unit`` (``--dist loadgroup``) a language's tests run in one worker, one
after another.
"""

from __future__ import annotations

import re

import pytest
from ear import (
    SharedApps,
    c,
    find,
    focus_to,
    named,
    open_statistics,
    tab_until,
    value_changed,
)
from stack import missing
from words import EAR, LANGS, SCREENS, WORDS

from canfield import Game
from canfield.cards import Card
from canfield.deal import EXAMPLE_CODE
from canfield.describe import pile_name
from canfield.gui.dialogs.help import help_html
from canfield.variants import VARIANTS

REASON = missing()
pytestmark = [
    pytest.mark.skipif(REASON is not None, reason=REASON or ""),
    pytest.mark.slow,  # the real stack: make test-slow (the quick tier has no room for it)
    pytest.mark.a11y,
]
SHARED = [
    pytest.param(lang, marks=pytest.mark.xdist_group(f"a11y-example-{lang}")) for lang in LANGS
]
"""The languages, each one's tests kept in one worker (they share its app)."""


@pytest.mark.parametrize("lang", SHARED)
def test_table_tree_speech_and_focus(example_apps: SharedApps, lang: str) -> None:
    words = WORDS[lang]
    game = Game.from_code(EXAMPLE_CODE)
    stack = example_apps.take(lang)

    # The tree: a named table of 11 piles, the face-up cards as their children.
    tree = stack.tree()
    table = find(tree, "panel", words["table"])
    assert table is not None, "no card table in the tree"
    piles = [n for n in table["children"] if n and n["role"] == "list"]
    assert len(piles) == 11
    names = [p["name"] for p in piles]
    for kind, number in [("stock", None), ("waste", None), ("reserve", None)] + [
        (k, i) for k in ("foundation", "column") for i in range(1, 5)
    ]:
        label = pile_name(kind, number, lang)  # type: ignore[arg-type]
        assert any(named(n, label) for n in names), (label, names)
    stock = next(p for p in piles if p["name"].startswith(pile_name("stock", None, lang) + ","))
    assert stock["name"].endswith(words["cards"].format(n=34)) and stock["child_count"] == 0
    reserve = next(p for p in piles if p["name"].startswith(pile_name("reserve", None, lang)))
    assert [k["name"] for k in reserve["children"]] == [c("QC", lang)]
    places = words["places"].format(pile=pile_name("column", 2, lang))
    assert reserve["children"][0]["description"] == places
    assert reserve["children"][0]["index_in_parent"] == 0
    for number, card in enumerate(("6C", "KH", "QH", "AS"), start=1):
        column = next(p for p in piles if p["name"].startswith(pile_name("column", number, lang)))
        assert [k["name"] for k in column["children"]] == [c(card, lang)]
        assert column["index_in_parent"] == table["children"].index(column)

    # Read position speaks the whole position on every press, in both kinds of reader.
    position = game.describe(lang)
    for _ in range(2):
        assert stack.keys("ctrl+d").said(position)

    # A draw is confirmed in a few words (not the whole position again).
    heard = stack.keys("d")
    assert heard.said(words["drawn"].format(card=c("2S", lang)))
    assert not any(position[:40] in s for s in heard.spoken)
    # Said as an announcement, and not a second time as a notification.
    assert any(e["type"].startswith("object:announcement") for e in heard.events)
    assert not any(e["role"] == "notification" for e in heard.events)

    # Walk to the reserve: the focus lands on its queen of clubs, then pick it up.
    heard = focus_to(stack, pile_name("reserve", None, lang))
    assert heard.focus()[-1]["name"] == c("QC", lang)
    assert heard.focus()[-1]["role"] == "list item"
    assert stack.keys("Return").said(words["picked"])
    focus_to(stack, pile_name("column", 2, lang))
    moved = words["moved"].format(card=c("QC", lang), pile=pile_name("column", 2, lang))
    assert stack.keys("Return").said(moved)

    # A refused put-down says why.
    focus_to(stack, pile_name("column", 1, lang))
    assert stack.keys("Return").said(words["picked"])
    focus_to(stack, pile_name("column", 3, lang))
    refused = words["cannot_on"].format(card=c("6C", lang), target=c("QH", lang))
    assert stack.keys("Return").said(refused)

    # The tree follows the move: column 2 now holds the king and the queen.
    tree = stack.tree()
    table = find(tree, "panel", words["table"])
    assert table is not None
    column = next(p for p in table["children"] if named(p["name"], pile_name("column", 2, lang)))
    assert [k["name"] for k in column["children"]] == [c("KH", lang), c("QC", lang)]

    # Undo says what it took back.
    undone = words["undone"].format(card=c("QC", lang), pile=pile_name("column", 2, lang))
    assert stack.keys("ctrl+z").said(undone)

    # Tab leaves the table for the toolbar; Shift+Tab comes back to a pile or card.
    out = stack.keys("Tab").focus()
    assert out and out[-1]["role"] == "push button"
    back = stack.keys("shift+Tab").focus()
    assert back and back[-1]["role"] in ("list", "list item")
    stack.keys("ctrl+z")  # the draw: back at the deal's start for the next test
    example_apps.hand_back(lang)


@pytest.mark.parametrize("lang", SHARED)
def test_pile_keys_say_where_a_card_goes_and_what_a_move_uncovers(
    example_apps: SharedApps, lang: str
) -> None:
    words, ear = WORDS[lang], EAR[lang]
    game = Game.from_code(EXAMPLE_CODE)
    stack = example_apps.take(lang)
    reserve, column2 = pile_name("reserve", None, lang), pile_name("column", 2, lang)
    places = ear["places"].format(pile=column2)

    # R lands on the reserve's queen of clubs: the pile is named, then where the card can go.
    heard = stack.keys("r")
    assert heard.focus()[-1]["name"] == c("QC", lang)
    assert any(s.startswith(reserve + ",") and s.endswith(places) for s in heard.spoken), heard
    # Enter picks it up, the places not said again (landing said them); 2 puts it on column 2.
    heard = stack.keys("Return")
    assert heard.said(words["picked"]) and not any(places in s for s in heard.spoken), heard
    heard = stack.keys("2")
    assert heard.said(words["moved"].format(card=c("QC", lang), pile=column2))
    # The focus is back on the reserve, on the card the move uncovered.
    assert heard.focus()[-1]["name"] == c("8H", lang)

    # P reads one pile (top last), T the table in short with the code, both short.
    heard = stack.keys("2", "p")
    pile = f"{column2}, {words['cards'].format(n=2)}: {c('KH', lang)}, {c('QC', lang)}"
    assert heard.said(pile), heard
    summary = [s for s in stack.keys("t").spoken if EXAMPLE_CODE in s]
    assert len(summary) == 1
    assert len(summary[0].split()) <= 60, summary

    # F puts a held card on its own foundation, or refuses and says so (it stays held).
    stack.keys("1", "Return")
    home = pile_name(
        "foundation", game.state.foundation_order.index(int(Card.parse("6C")) // 13) + 1, lang
    )
    heard = stack.keys("f")
    assert heard.said(ear["not_home"].format(card=c("6C", lang), pile=home)), heard
    # Undo while a card is held puts it back, and says so.
    heard = stack.keys("ctrl+z")
    assert heard.said(ear["put_back"].format(card=c("6C", lang))), heard
    assert heard.said(words["undone"].format(card=c("QC", lang), pile=column2))
    # An undone draw says what the waste shows now (empty again), not the card it showed.
    stack.keys("d")
    heard = stack.keys("ctrl+z")
    empty = pile_name("waste", None, lang)
    assert any(s.startswith(ear["undone_draw"]) and empty in s for s in heard.spoken), heard
    example_apps.hand_back(lang)


@pytest.mark.parametrize("lang", SHARED)
def test_every_dialog_control_says_its_name_and_its_changes(
    example_apps: SharedApps, lang: str
) -> None:
    from canfield.i18n import _, language_name, set_language

    ear = EAR[lang]
    stack = example_apps.take(lang)

    # New game: a short opening, the Variant says its name, Down says the new one.
    opening = stack.keys("ctrl+n", settle=0.8)
    assert sum(len(s.split()) for s in opening.spoken) <= 40, opening
    # As Orca: the dialog, then the control focused in it ("New game, dialog, Variant, ...").
    assert any(s.startswith(ear["variant"]) or f", {ear['variant']}, " in s for s in opening.spoken)
    heard = stack.keys("Down", "Down", "Down", "Down", settle=0.6)
    assert any(ear["storehouse"] in s for s in heard.spoken), heard
    # Tab lands on the chosen draw (Storehouse draws one), then on the code field.
    heard = stack.keys("Tab", settle=0.5)
    assert heard.focus()[-1]["name"].startswith(ear["one_card"]), heard.focus()
    heard = stack.keys("Tab", settle=0.5)
    assert any(s.startswith(ear["code_field"]) for s in heard.spoken), heard
    # Deal says what was dealt.
    heard = stack.keys("Return", settle=1.0)
    dealt = ear["deal"].format(variant=ear["storehouse"], n=1)
    assert any(s.startswith(dealt) for s in heard.spoken), heard
    stack.ask("focus", title="Canfield")  # Xvfb has no window manager to give it back

    # Settings: a short opening; Down on Card back says the new back, as a change of the
    # combo box's value (its name, on Linux), and Down on Language the language it switched to.
    opening = stack.keys("ctrl+comma", settle=0.8)
    assert sum(len(s.split()) for s in opening.spoken) <= 40, opening
    tab_until(stack, ear["card_back"])
    heard = stack.keys("Down", settle=0.8)
    assert value_changed(heard, ear["red"]), heard.events
    assert any(ear["red"] in s for s in heard.spoken), heard
    tab_until(stack, ear["language"])
    step = "Up" if lang == "id" else "Down"  # Indonesian is last in the list
    heard = stack.keys(step, settle=1.0)
    other = "hu" if lang == "id" else LANGS[LANGS.index(lang) + 1]
    assert value_changed(heard, language_name(other)), heard.events
    assert any(language_name(other) in s for s in heard.spoken), heard
    stack.keys("Escape", settle=0.8)  # Cancel switches back
    stack.ask("focus", title="Canfield")

    # Rules (F1): the text takes the focus from Tab; its links keep Tab inside it.
    set_language(lang)
    try:
        rules = _("Rules of Canfield")
    finally:
        set_language("en")
    assert rules == ear["rules"]
    # The text has the focus as the dialog opens: a read-only text a reader reads line by
    # line (a QTextBrowser was a label to Orca, which neither read it nor its links).
    heard = stack.keys("F1", settle=0.8)
    assert any(s.endswith(f"{rules}, text") for s in heard.spoken), heard
    # Tab inside the text selects its links one by one (the reader says each selected),
    # the focus staying on the text.
    links = re.findall(r"<a href=\"#[^\"]+\">([^<]+)</a>", help_html(lang))
    assert len(links) >= 3
    for link in links[:3]:
        heard = stack.keys("Tab", settle=0.5)
        assert not heard.focus(), heard.focus()
        assert stack.ask("selection")["text"] == link
    stack.keys("Escape", settle=0.8)
    stack.ask("focus", title="Canfield")
    example_apps.hand_back(lang, at_start=False)  # a Storehouse game at the table


@pytest.mark.parametrize("lang", SHARED)
def test_the_winnable_search_window_speaks_and_keeps_the_game(
    example_apps: SharedApps, lang: str
) -> None:
    """Strict, draw 3, winnable only: no deal is known, so a search runs behind a window."""
    screens, ear = SCREENS[lang], EAR[lang]
    stack = example_apps.take(lang, at_start=False)  # the game the dialogs test dealt
    stack.keys("d")  # a game in progress, which Cancel must keep
    top = stack.keys("w", settle=0.6).focus()[-1]["name"]
    stack.keys("s", settle=0.35)  # away from the waste, so W lands on it again after
    stack.keys("ctrl+n", settle=0.8)
    stack.keys("Home", settle=0.4)  # the first variant: New game opens on the last one dealt
    for _ in range(len(VARIANTS)):
        heard = stack.keys("Down", settle=0.5)
        if any(x.startswith(ear["strict"]) for x in heard.spoken):
            break
    else:
        raise AssertionError(f"Down never reached {ear['strict']!r}")
    tab_until(stack, screens["winnable_only"])
    stack.keys("space", settle=0.4)
    # Deal: the game in progress is not dropped unasked; the question's safe answer has the
    # focus, and Tab goes to Abandon.
    heard = stack.keys("Return", settle=0.8)
    assert heard.focus()[-1]["role"] == "push button", heard.focus()
    # The question is said whole as it opens, once: what it asks and what it costs.
    assert heard.said(ear["question"]) and heard.said(ear["question_detail"]), heard
    seen = []
    for _ in range(3):
        seen.append(heard)
        if heard.focus() and heard.focus()[-1]["name"] == screens["abandon"]:
            break
        heard = stack.keys("Tab", settle=0.4)
    else:
        raise AssertionError(f"Tab never reached Abandon in the question: {seen}")
    # Abandon: the search starts behind its window, which says what it does and gives its
    # Cancel button the focus. Strict's draw-3 deals are proved lost in a moment, so it ends
    # by itself within a second (too soon for a key): its answer keeps the game, and says so.
    heard = stack.keys_until("Return", text=screens["as_it_was"])
    assert any(x.startswith(screens["searching"]) for x in heard.spoken), heard
    # The focus goes to Cancel. When the search ends within a few tenths of a second (a loaded
    # machine's listener runs late), the window is gone before the listener reads the button: its
    # focus event then names nothing ("?"), which is still the focus moving into the window.
    focus = heard.focus()
    on_cancel = any(e["name"] == screens["cancel"] for e in focus)
    gone = any(e["role"] == "?" for e in focus)
    assert focus and (on_cancel or gone), focus
    answer = [x for x in heard.spoken if x.endswith(screens["as_it_was"])]
    assert len(answer) == 1 and "20" in answer[0], heard
    stack.ask("focus", title="Canfield")
    # The game is as it was: the waste's top the card the draw showed.
    heard = stack.keys("w", settle=0.6)
    assert heard.focus()[-1]["name"] == top, heard.focus()
    example_apps.hand_back(lang, at_start=False)


@pytest.mark.parametrize("lang", SHARED)
def test_the_statistics_table_says_each_figures_row_and_column(
    example_apps: SharedApps, lang: str
) -> None:
    """Arrows walk the figures; each cell says its row, its column and its value."""
    ear = EAR[lang]
    stack = example_apps.take(lang, at_start=False)
    open_statistics(stack, ear["stats_keys"], ear["statistics"])
    played, won = ear["played"], ear["won_row"]
    heard = tab_until(stack, f"{ear['statistics']}, table")
    heard = stack.keys("Down")
    assert heard.focus()[-1]["role"] == "table cell", heard.focus()
    assert any(s.startswith(f"{won}, {ear['three']}: ") for s in heard.spoken), heard
    heard = stack.keys("Up")
    assert any(s.startswith(f"{played}, {ear['three']}: ") for s in heard.spoken), heard
    stack.keys("Down")
    heard = stack.keys("Right")
    assert any(s.startswith(f"{won}, {ear['one']}: ") for s in heard.spoken), heard
    stack.keys("Escape", settle=0.8)
    stack.ask("focus", title="Canfield")
    example_apps.hand_back(lang, at_start=False)

"""What a blind player gets, checked under a real screen-reader stack in all four languages.

The app runs as a real process on Xvfb with accessibility on; a pyatspi
client (Debian's own Python) walks its AT-SPI tree and listens to its events;
xdotool presses the keys. The expected sentences are written out per language
in ``words.py`` (not taken from the app's catalogs), so a wrong or missing
translation fails too. Skipped, with the reason, where the stack is missing
(``make test-a11y`` says what to install; ``.ci/run`` installs it).

Each test here needs an app of its own (a position near the win, a new player,
another reader, a setting); the tests that start from the example deal share one
app per language (``test_example_table.py``); the whole won game and Orca itself
are in ``test_slow_by_ear.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from ear import c, find, focus_to, nodes, start, tab_until
from stack import Stack, missing
from words import EAR, HOPELESS, LANGS, SCREENS, WORDS

from canfield import Game
from canfield.deal import EXAMPLE_CODE, DealCode
from canfield.describe import card_name, pile_name
from canfield.presentation.reading import places
from positions import WIN_DECK, WIN_MOVES

REASON = missing()
pytestmark = [
    pytest.mark.skipif(REASON is not None, reason=REASON or ""),
    pytest.mark.slow,  # the real stack: make test-slow (the quick tier has no room for it)
    pytest.mark.a11y,
]


@pytest.mark.parametrize("lang", LANGS)
def test_win_is_spoken_and_its_panel_is_in_the_tree(
    tmp_path: Path, stacks: list[Stack], lang: str
) -> None:
    words = WORDS[lang]
    game = Game.from_deck(WIN_DECK, draw=1)
    for move in WIN_MOVES[:-1]:
        game.play(move)
    stack = start(tmp_path, lang, game)
    stacks.append(stack)

    # The king of clubs is on the waste: pick it up and tap it home.
    focus_to(stack, pile_name("waste", None, lang))
    stack.keys("Return")
    heard = stack.keys("Return", settle=1.0)
    assert heard.said(words["won"])
    focus = heard.focus()
    assert focus and focus[-1]["name"] == words["new_game"]
    assert focus[-1]["role"] == "push button"

    tree = stack.tree()
    table = find(tree, "panel", words["table"])
    assert table is not None
    panel = next((n for n in table["children"] if n and n["name"] == words["won"]), None)
    assert panel is not None, [n["name"] for n in table["children"] if n]
    assert panel["index_in_parent"] == table["children"].index(panel)
    assert find(panel, "push button", words["new_game"]) is not None
    # Tab walks its three ways on, each said with its role (and what it does).
    screens = SCREENS[lang]
    again = stack.keys("Tab").focus()
    assert again and again[-1]["name"] == screens["play_again"], again
    assert again[-1]["role"] == "push button"
    assert stack.keys("shift+Tab").focus()[-1]["name"] == words["new_game"]
    heard = stack.keys("Tab", "Tab")
    # This game was dealt from a deck (no code): the button copies the deck.
    assert heard.focus()[-1]["name"] == screens["copy_deck"], heard.focus()


@pytest.mark.parametrize("lang", LANGS)
def test_a_reader_without_announcements_hears_notifications(
    tmp_path: Path, stacks: list[Stack], lang: str
) -> None:
    """Orca 43 ignores announcements: the same sentences reach it as notifications, once."""
    words = WORDS[lang]
    game = Game.from_code(EXAMPLE_CODE)
    stack = start(tmp_path, lang, game, announcements=False)
    stacks.append(stack)
    position = game.describe(lang)
    for _ in range(2):
        heard = stack.keys("ctrl+d")
        assert heard.said(position), heard
        assert any(e["role"] == "notification" for e in heard.events)
    assert stack.keys("d").said(words["drawn"].format(card=c("2S", lang)))
    focus_to(stack, pile_name("reserve", None, lang))
    assert stack.keys("Return").said(words["picked"])


@pytest.mark.parametrize("lang", LANGS)
def test_a_deal_that_cannot_be_won_is_said_with_the_way_on_one_tab_away(
    tmp_path: Path, stacks: list[Stack], lang: str
) -> None:
    words = WORDS[lang]
    game = Game.from_code(DealCode(20, 3))  # proved lost from its start in milliseconds
    for move in ("s", "s"):
        game.play(move)
    stack = start(tmp_path, lang, game, show_winnability=True)
    stacks.append(stack)

    verdict, way_on = HOPELESS[lang]
    heard = stack.keys_until("h", text=verdict)
    assert heard.said(f"{verdict}. {way_on}"), heard
    # Tab from the table lands on the message's New game button, which carries the verdict.
    focus = stack.keys("Tab").focus()
    assert focus and focus[-1]["role"] == "push button", focus
    assert focus[-1]["name"] == words["new_game"]
    buttons = nodes(stack.tree(), "push button", words["new_game"])
    assert any(b["description"] == verdict for b in buttons), buttons
    # Tab goes on to the winnability note and the game code (issue 22, item 5).
    tab_until(stack, EAR[lang]["note"])
    tab_until(stack, EAR[lang]["code"].format(code=game.code))


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_run_screen_is_heard_and_escape_puts_it_away(
    tmp_path: Path, stacks: list[Stack], lang: str
) -> None:
    """A new player's first start: the screen over the table is said, though the focus stays."""
    screens = SCREENS[lang]
    stack = start(tmp_path, lang, None)
    stacks.append(stack)
    # Said as it shows (the reader already listens as the app starts), its way out last.
    assert stack.started is not None
    said = [x for x in stack.started.spoken if x.startswith(screens["welcome"] + ".")]
    assert len(said) == 1 and said[0].endswith(screens["away"]), stack.started
    # It shows over the table (in the tree as a panel with its lines and its button).
    table = find(stack.tree(), "panel", WORDS[lang]["table"])
    assert table is not None
    panel = find(table, "panel", screens["welcome"])
    assert panel is not None, [n["name"] for n in table["children"] if n]
    assert find(panel, "push button", screens["start_playing"]) is not None
    assert panel["description"]  # its lines, for a reader that walks the tree
    stack.keys("Escape", settle=0.8)
    table = find(stack.tree(), "panel", WORDS[lang]["table"])
    assert table is not None and find(table, "panel", screens["welcome"]) is None
    # Opened again from the Help menu (the way the first start opens it), it is said whole,
    # with the way out last: the focus stays on the table, so nothing else would say it.
    heard = stack.keys(*screens["help_keys"].split(), settle=1.0)
    said = [x for x in heard.spoken if x.startswith(screens["welcome"] + ".")]
    assert len(said) == 1 and said[0].endswith(screens["away"]), heard
    assert not heard.focus() or heard.focus()[-1]["role"] in ("list", "list item")


@pytest.mark.parametrize("lang", LANGS)
def test_finish_is_offered_in_words_reached_by_tab_and_a_says_it_in_one_sentence(
    tmp_path: Path, stacks: list[Stack], lang: str
) -> None:
    from canfield.rules import finishing_line

    screens = SCREENS[lang]
    game = Game.from_deck(WIN_DECK, draw=1)
    for move in WIN_MOVES[:-8]:
        game.play(move)
    for move in WIN_MOVES[-8:]:  # on until the rules prove the rest is only cards going home
        if finishing_line(game.state) is not None:
            break
        game.play(move)
    left = finishing_line(game.state)
    assert left is not None and sum(m.card is not None for m in left) >= 3
    stack = start(tmp_path, lang, game)
    stacks.append(stack)
    # Offered in words as the game opens near its end (no need to see the toolbar button).
    assert stack.started is not None
    heard = stack.listen(2.0)
    offers = [x for x in stack.started.spoken + heard.spoken if screens["finish_offer"] in x]
    assert len(offers) == 1, (stack.started, heard)
    # Tab reaches the Finish button, named with its key.
    heard = tab_until(stack, screens["finish"])
    assert heard.focus()[-1]["role"] == "push button", heard.focus()
    stack.keys("shift+Tab")
    # A plays the rest: one sentence for the cards going home, then the win, not each move.
    cards = sum(m.card is not None for m in left)
    heard = stack.keys_until("a", text=WORDS[lang]["won"])
    assert heard.said(screens["going_home"].format(n=cards)), heard
    assert any(WORDS[lang]["won"] in x for x in heard.spoken), heard
    assert len(heard.spoken) <= 4, heard


@pytest.mark.parametrize("lang", LANGS)
def test_a_spent_stock_speaks_and_superiors_reserve_is_every_card(
    tmp_path: Path, stacks: list[Stack], lang: str
) -> None:
    game = Game.from_code("CF1-STRICT-D3-AAAAACL")  # one pass, no turning over
    while game.state.stock:
        game.play("s")
    stack = start(tmp_path, lang, game)
    stacks.append(stack)
    assert stack.keys("d").said(EAR[lang]["no_passes"])
    tree = stack.tree()
    table = find(tree, "panel", WORDS[lang]["table"])
    assert table is not None
    stock = next(
        p for p in table["children"] if p["name"].startswith(pile_name("stock", None, lang))
    )
    assert stock["name"].count(",") == 2, stock["name"]  # its size, then the passes left
    stack.close()

    superior = Game.from_code("CF1-SUPERIOR-D3-AAAAACL")
    stack = start(tmp_path / "superior", lang, superior, speech="brief")
    stacks.append(stack)
    table = find(stack.tree(), "panel", WORDS[lang]["table"])
    assert table is not None
    reserve = next(
        p for p in table["children"] if p["name"].startswith(pile_name("reserve", None, lang))
    )
    names = [k["name"] for k in reserve["children"]]
    assert names == [card_name(card, lang) for card in superior.state.reserve]
    # Brief speech (item 8): landing leaves out where the card can go, the pick-up says it.
    top = int(superior.state.reserve[-1])
    assert places(superior.state, top) == [("column", 1)]
    where = EAR[lang]["places"].format(pile=pile_name("column", 2, lang))
    heard = stack.keys("r")
    assert heard.focus()[-1]["name"] == card_name(top, lang)
    assert not any(where in s for s in heard.spoken), heard
    assert stack.keys("Return").said(f"{WORDS[lang]['picked']}, {where}")
    stack.close()

    # Storehouse turns the stock over twice: the second time says it is the last pass.
    storehouse = Game.from_code("CF1-STOREHOUSE-D1-AAAAACL")
    for _ in range(2):
        while storehouse.state.stock:
            storehouse.play("s")
        if storehouse.state.recycles == 0:
            storehouse.play("s")
    stack = start(tmp_path / "storehouse", lang, storehouse)
    stacks.append(stack)
    assert stack.keys("d").said(EAR[lang]["last_pass"])

"""What a blind player gets, checked under a real screen-reader stack in all four languages.

The app runs as a real process on Xvfb with accessibility on; a pyatspi
client (Debian's own Python) walks its AT-SPI tree and listens to its events;
xdotool presses the keys. The expected sentences are written out here per
language (not taken from the app's catalogs), so a wrong or missing
translation fails too. Skipped, with the reason, where the stack is missing
(``make test-a11y`` says what to install; ``.ci/run`` installs it).
"""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from stack import Heard, Stack, StackError, missing  # type: ignore[import-not-found]

from canfield import Game
from canfield.cards import Card
from canfield.deal import EXAMPLE_CODE, DealCode
from canfield.describe import card_name, pile_name
from canfield.gui.dialogs.help import help_html
from canfield.presentation.reading import places
from canfield.storage import Settings, Store
from canfield.variants import VARIANTS
from positions import WIN_DECK, WIN_MOVES

REASON = missing()
pytestmark = [
    pytest.mark.skipif(REASON is not None, reason=REASON or ""),
    pytest.mark.slow,
    pytest.mark.a11y,
]


WORDS: dict[str, dict[str, str]] = {
    "en": {
        "table": "Card table",
        "drawn": "3 cards drawn, {card} on top",
        "moved": "{card} to {pile}",
        "picked": "Picked up",
        "cannot_on": "{card} cannot go on {target}",
        "undone": "Undone: {card} to {pile}",
        "won": "You won!",
        "new_game": "New game",
        "places": "can go to {pile}",
        "cards": "{n} cards",
    },
    "pt": {
        "table": "Mesa de jogo",
        "drawn": "3 cartas tiradas, {card} no topo",
        "moved": "{card} para a {pile}",
        "picked": "Na mão",
        "cannot_on": "{card} não pode ir sobre {target}",
        "undone": "Jogada anulada: {card} para a {pile}",
        "won": "Ganhou!",
        "new_game": "Novo jogo",
        "places": "pode ir para {pile}",
        "cards": "{n} cartas",
    },
    "hu": {
        "table": "Kártyaasztal",
        "drawn": "3 lap felfordítva, felül: {card}",
        "moved": "{card} áthelyezve ide: {pile}",
        "picked": "Felvéve",
        "cannot_on": "{card} nem tehető erre: {target}",
        "undone": "Visszavonva: {card} áthelyezve ide: {pile}",
        "won": "Nyertél!",
        "new_game": "Új játék",
        "places": "ide tehető: {pile}",
        "cards": "{n} lap",
    },
    "id": {
        "table": "Meja kartu",
        "drawn": "3 kartu diambil, teratas: {card}",
        "moved": "{card} ke {pile}",
        "picked": "Diangkat",
        "cannot_on": "{card} tidak bisa diletakkan di atas {target}",
        "undone": "Dibatalkan: {card} ke {pile}",
        "won": "Anda menang!",
        "new_game": "Permainan baru",
        "places": "bisa dipindah ke {pile}",
        "cards": "{n} kartu",
    },
}
LANGS = tuple(WORDS)
HOPELESS: dict[str, tuple[str, str]] = {
    "en": ("This deal cannot be won — not even from the start", "Ctrl+N starts a new game."),
    "pt": ("Este jogo não pode ser ganho — nem desde o início", "Ctrl+N começa um novo jogo."),
    "hu": ("Ez a leosztás még az elejéről sem nyerhető meg", "A Ctrl+N új játékot indít."),
    "id": (
        "Permainan ini tidak bisa dimenangkan — bahkan dari awal sekalipun",
        "Ctrl+N memulai permainan baru.",
    ),
}
"""What Hint says on a deal lost from its start: the verdict, then the way on."""


def start(
    tmp_path: Path,
    lang: str,
    game: Game | None,
    announcements: bool = True,
    speech: str = "full",
    orca: bool = False,
    **settings: Any,
) -> Stack:
    store = Store(tmp_path / "canfield.sqlite3")
    store.save_settings(Settings(language=lang, animations=False, speech=speech, **settings))
    if game is not None:  # None: a new player (nothing saved but the language)
        store.save_game(game)
    store.close()
    for attempt in range(3):
        stack = Stack(tmp_path, announcements=announcements, orca=orca)
        try:
            stack.start()
        except StackError:
            stack.close()
            # Now and then, under load, the app's xcb connection to a fresh Xvfb is
            # refused before Qt has drawn anything; that is the test stack, not the
            # app, so start the stack again. Any other failure is the test's answer.
            refused = "could not connect to display" in stack.log.read_text()
            if attempt == 2 or not refused:
                raise
            stack.log.rename(stack.log.with_suffix(f".{attempt}.log"))
            continue
        return stack
    raise AssertionError("unreachable")


@pytest.fixture
def stacks() -> Iterator[list[Stack]]:
    started: list[Stack] = []
    yield started
    for stack in started:
        stack.close()


def find(node: dict[str, Any] | None, role: str, name: str) -> dict[str, Any] | None:
    """The first node of ``role`` named ``name`` under ``node`` (depth first)."""
    if node is None:
        return None
    if node["role"] == role and node["name"] == name:
        return node
    for child in node["children"]:
        hit = find(child, role, name)
        if hit is not None:
            return hit
    return None


def focus_to(stack: Stack, pile: str, limit: int = 12) -> Heard:
    """Press Right until the keyboard focus is on ``pile`` (a pile or one of its cards)."""
    for _ in range(limit):
        heard = stack.keys("Right", settle=0.35)
        for event in heard.focus():
            if event["name"].startswith(pile + ",") or event.get("parent", "").startswith(
                pile + ","
            ):
                return heard
    raise AssertionError(f"the focus never reached {pile!r}")


def c(card: str, lang: str) -> str:
    """A card's spoken name, from the engine's wording."""
    return card_name(Card.parse(card), lang)


@pytest.mark.parametrize("lang", LANGS)
def test_table_tree_speech_and_focus(tmp_path: Path, stacks: list[Stack], lang: str) -> None:
    words = WORDS[lang]
    game = Game.from_code(EXAMPLE_CODE)
    stack = start(tmp_path, lang, game)
    stacks.append(stack)

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
        assert any(n.startswith(label + ",") for n in names), (label, names)
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
    column = next(
        p for p in table["children"] if p["name"].startswith(pile_name("column", 2, lang) + ",")
    )
    assert [k["name"] for k in column["children"]] == [c("KH", lang), c("QC", lang)]

    # Undo says what it took back.
    undone = words["undone"].format(card=c("QC", lang), pile=pile_name("column", 2, lang))
    assert stack.keys("ctrl+z").said(undone)

    # Tab leaves the table for the toolbar; Shift+Tab comes back to a pile or card.
    out = stack.keys("Tab").focus()
    assert out and out[-1]["role"] == "push button"
    back = stack.keys("shift+Tab").focus()
    assert back and back[-1]["role"] in ("list", "list item")


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


def nodes(node: dict[str, Any] | None, role: str, name: str) -> list[dict[str, Any]]:
    """Every node of ``role`` named ``name`` under ``node``."""
    if node is None:
        return []
    found = [node] if node["role"] == role and node["name"] == name else []
    for child in node["children"]:
        found += nodes(child, role, name)
    return found


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

    heard = stack.keys("h", settle=1.5)
    verdict, way_on = HOPELESS[lang]
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


SCREENS: dict[str, dict[str, str]] = {
    "en": {
        "help_keys": "alt+h w",
        "play_again": "Play again",
        "same_cards": "Deal the same cards again",
        "copy_code": "Copy code",
        "copy_deck": "Copy deck",
        "welcome": "How Canfield works",
        "start_playing": "Start playing",
        "away": "Escape puts it away.",
        "finish_offer": "Every card left can go home: Finish (A) plays them.",
        "finish": "Finish",
        "going_home": "{n} cards go home",
        "winnable_only": "Winnable deals only",
        "searching": "Looking for a winnable deal…",
        "cancel": "Cancel",
        "as_it_was": "Your game is as it was.",
        "abandon": "Abandon",
    },
    "pt": {
        "help_keys": "alt+a j",
        "play_again": "Jogar outra vez",
        "same_cards": "Dar outra vez as mesmas cartas",
        "copy_code": "Copiar código",
        "copy_deck": "Copiar baralho",
        "welcome": "Como se joga o Canfield",
        "start_playing": "Começar a jogar",
        "away": "Esc fecha este ecrã.",
        "finish_offer": (
            "Todas as cartas que restam podem ir para as fundações: Concluir (A) leva-as."
        ),
        "finish": "Concluir",
        "going_home": "{n} cartas vão para as fundações",
        "winnable_only": "Só jogos vencíveis",
        "searching": "À procura de um jogo vencível…",
        "cancel": "Cancelar",
        "as_it_was": "O seu jogo ficou como estava.",
        "abandon": "Abandonar",
    },
    "hu": {
        "help_keys": "alt+s m",
        "play_again": "Újra ezt",
        "same_cards": "Ugyanazok a lapok újraosztása",
        "copy_code": "Kód másolása",
        "copy_deck": "Pakli másolása",
        "welcome": "Hogyan működik a Canfield",
        "start_playing": "Kezdjük",
        "away": "Az Esc bezárja ezt a képernyőt.",
        "finish_offer": "Minden maradék lap az alapokra kerülhet: a Befejezés (A) odateszi őket.",
        "finish": "Befejezés",
        "going_home": "{n} lap kerül az alapokra",
        "winnable_only": "Csak megnyerhető leosztások",
        "searching": "Megnyerhető leosztás keresése…",
        "cancel": "Mégse",
        "as_it_was": "A játékod olyan maradt, amilyen volt.",
        "abandon": "Feladás",
    },
    "id": {
        "help_keys": "alt+b m",
        "play_again": "Main lagi",
        "same_cards": "Bagikan kartu yang sama lagi",
        "copy_code": "Salin kode",
        "copy_deck": "Salin dek",
        "welcome": "Cara main Canfield",
        "start_playing": "Mulai bermain",
        "away": "Esc menutup layar ini.",
        "finish_offer": "Semua kartu yang tersisa bisa ke fondasi: Selesaikan (A) memindahkannya.",
        "finish": "Selesaikan",
        "going_home": "{n} kartu dipindah ke fondasi",
        "winnable_only": "Hanya permainan yang bisa dimenangkan",
        "searching": "Mencari permainan yang bisa dimenangkan…",
        "cancel": "Batal",
        "as_it_was": "Permainan Anda tetap seperti semula.",
        "abandon": "Tinggalkan",
    },
}
"""The words of issue 21's screens (the first run, the win, Finish, the winnable search)."""


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
    heard = stack.keys("a", settle=1.5)
    assert heard.said(screens["going_home"].format(n=cards)), heard
    assert any(WORDS[lang]["won"] in x for x in heard.spoken), heard
    assert len(heard.spoken) <= 4, heard


@pytest.mark.parametrize("lang", LANGS)
def test_the_winnable_search_window_speaks_and_keeps_the_game(
    tmp_path: Path, stacks: list[Stack], lang: str
) -> None:
    """Strict, draw 3, winnable only: no deal is known, so a search runs behind a window."""
    screens, ear = SCREENS[lang], EAR[lang]
    game = Game.from_code(EXAMPLE_CODE)
    game.play("s")  # a game in progress, which Cancel must keep
    stack = start(tmp_path, lang, game)
    stacks.append(stack)
    stack.keys("ctrl+n", settle=0.8)
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
    heard = stack.keys("Return", settle=2.0)
    assert any(x.startswith(screens["searching"]) for x in heard.spoken), heard
    assert any(e["name"] == screens["cancel"] for e in heard.focus()), heard.focus()
    answer = [x for x in heard.spoken if x.endswith(screens["as_it_was"])]
    assert len(answer) == 1 and "20" in answer[0], heard
    stack.ask("focus", title="Canfield")
    # The game is as it was: one draw made, the waste's top the 2 of spades.
    heard = stack.keys("w", settle=0.6)
    assert heard.focus()[-1]["name"] == c("2S", lang), heard.focus()


def orca_heard(stack: Stack, *keys: str, settle: float = 0.5, expect: str = "") -> list[str]:
    """What Orca itself said after ``keys`` (its key echo left out), each without its full stop.

    ``expect``: wait (up to 20 s) until Orca has said something holding it, as a player
    waits for the reader; a loaded machine can hold Orca back for seconds.
    """
    mark = stack.orca_mark()
    stack.keys(*keys, settle=settle)
    deadline = time.monotonic() + 20
    while True:
        said = [u.rstrip(".") for u in stack.orca_said(mark) if u and not u.endswith(" ")]
        if not expect or any(expect in u for u in said) or time.monotonic() > deadline:
            return said
        time.sleep(0.2)


@pytest.mark.skipif(shutil.which("orca") is None, reason="Debian's orca is not installed")
@pytest.mark.parametrize("lang", LANGS)
def test_orca_itself_says_a_move_by_keys_a_draw_and_a_combo_box_change(
    tmp_path: Path, stacks: list[Stack], lang: str
) -> None:
    """Debian's Orca 43 beside the app: what it says, from its own log (not the reader model).

    Orca says its own words (roles, "List with 1 item") in its own language, and the
    app's sentences, which reach Orca 43 as notifications, after "notification".
    """
    words, ear = WORDS[lang], EAR[lang]
    stack = start(tmp_path, lang, Game.from_code(EXAMPLE_CODE), announcements=False, orca=True)
    stacks.append(stack)
    reserve, column2 = pile_name("reserve", None, lang), pile_name("column", 2, lang)
    places = ear["places"].format(pile=column2)
    # R: the pile with its size, the card, where it can go.
    said = orca_heard(stack, "r", expect=places)
    assert f"{reserve}, {words['cards'].format(n=13)}" in said, said
    assert c("QC", lang) in said and places in said, said
    # Enter: picked up and where it can go; 2: the move, and the reserve's new top as the
    # focus lands back there (the move's sentence leaves it to the focus). Pressed at once,
    # as a player who knows where the card goes does: each sentence is said once.
    picked = f"{words['picked']}, {places}"
    moved = words["moved"].format(card=c("QC", lang), pile=column2)
    said = orca_heard(stack, "Return", "2", settle=0.8, expect=moved)
    assert sum(u.endswith(picked) for u in said) == 1, said
    assert sum(u.endswith(moved) for u in said) == 1, said
    assert c("8H", lang) in said, said
    # D with the focus on the reserve says the draw; with the focus on the waste, only the
    # waste's new top, as the focus lands on it.
    drawn = words["drawn"].format(card=c("2S", lang))
    said = orca_heard(stack, "d", expect=drawn)
    assert any(u.endswith(drawn) for u in said), said
    orca_heard(stack, "w", expect=c("2S", lang))
    said = orca_heard(stack, "d", expect=c("QD", lang))
    assert c("QD", lang) in said, said
    assert not any(words["drawn"].format(card=c("QD", lang)) in u for u in said), said
    # A combo box's new value, said by Orca as Down changes it.
    stack.keys("ctrl+comma", settle=0.8)
    tab_until(stack, ear["card_back"])
    said = orca_heard(stack, "Down", settle=0.8, expect=ear["red"])
    assert any(ear["red"] in u for u in said), said
    stack.keys("Escape")


EAR: dict[str, dict[str, str]] = {
    "en": {
        "places": "can go to {pile}",
        "put_back": "{card} put back",
        "no_passes": "No more passes through the stock",
        "deal": "New game: {variant}, draw {n}, ",
        "variant": "Variant",
        "storehouse": "Storehouse",
        "strict": "Strict",
        "one_card": "1 card",
        "code_field": "Game code or deck",
        "language": "Language",
        "rules": "Rules of Canfield",
        "note": "Unwinnable deal",
        "code": "Game {code}",
        "card_back": "Card back",
        "red": "Red",
        "not_home": "{card} cannot go to {pile}",
        "last_pass": "Stock turned over, pass 3 of 3. Last pass",
        "undone_draw": "Undone: 3 cards back on the stock. ",
        "statistics": "Statistics",
    },
    "pt": {
        "places": "pode ir para {pile}",
        "put_back": "Carta devolvida: {card}",
        "no_passes": "Não há mais passagens pelo baralho",
        "deal": "Novo jogo: {variant}, tirar {n}, ",
        "variant": "Variante",
        "storehouse": "Armazém",
        "strict": "Rigoroso",
        "one_card": "1 carta",
        "code_field": "Código de jogo ou baralho",
        "language": "Idioma",
        "rules": "Regras do Canfield",
        "note": "Jogo sem vitória possível",
        "code": "Jogo {code}",
        "card_back": "Verso das cartas",
        "red": "Vermelho",
        "not_home": "{card} não pode ir para a {pile}",
        "last_pass": "O descarte voltou para o baralho, passagem 3 de 3. Última passagem",
        "undone_draw": "Jogada anulada: 3 cartas devolvidas ao baralho. ",
        "statistics": "Estatísticas",
    },
    "hu": {
        "places": "ide tehető: {pile}",
        "put_back": "{card} visszatéve",
        "no_passes": "Nincs több átfordítás",
        "deal": "Új játék: {variant}, {n} lapos húzás, ",
        "variant": "Változat",
        "storehouse": "Raktár",
        "strict": "Szigorú",
        "one_card": "1 lap",
        "code_field": "Játszmakód vagy pakli",
        "language": "Nyelv",
        "rules": "A Canfield szabályai",
        "note": "Megnyerhetetlen leosztás",
        "code": "Játszma: {code}",
        "card_back": "Kártya hátlapja",
        "red": "Piros",
        "not_home": "{card} nem tehető ide: {pile}",
        "last_pass": "A dobópakli visszakerült a húzópaklira: 3. menet (összesen 3). Utolsó menet",
        "undone_draw": "Visszavonva: 3 lap vissza a húzópakliba. ",
        "statistics": "Statisztika",
    },
    "id": {
        "places": "bisa dipindah ke {pile}",
        "put_back": "{card} dikembalikan",
        "no_passes": "Putaran tumpukan ambil sudah habis",
        "deal": "Permainan baru: {variant}, ambil {n}, ",
        "variant": "Varian",
        "storehouse": "Gudang",
        "strict": "Ketat",
        "one_card": "1 kartu",
        "code_field": "Kode permainan atau dek",
        "language": "Bahasa",
        "rules": "Aturan Canfield",
        "note": "Mustahil dimenangkan",
        "code": "Permainan {code}",
        "card_back": "Punggung kartu",
        "red": "Merah",
        "not_home": "{card} tidak bisa dipindah ke {pile}",
        "last_pass": (
            "Tumpukan buangan dikembalikan ke tumpukan ambil, putaran 3 dari 3. Putaran terakhir"
        ),
        "undone_draw": "Dibatalkan: 3 kartu kembali ke tumpukan ambil. ",
        "statistics": "Statistik",
    },
}
"""The words of issue 22's keys and dialogs, written out per language."""


@pytest.mark.parametrize("lang", LANGS)
def test_the_won_game_by_ear_in_few_keys_and_no_reading(
    tmp_path: Path, stacks: list[Stack], lang: str
) -> None:
    """CF1-D3-AAAAACL won by pile keys, each key chosen from what was said (issue 22's goal)."""
    from by_ear import play_line  # type: ignore[import-not-found]

    from canfield.solver import solve

    line = list(solve(Game.from_code(EXAMPLE_CODE), time_limit=30).line)
    game = Game.from_code(EXAMPLE_CODE)
    stack = start(tmp_path, lang, game)
    stacks.append(stack)
    figures = play_line(stack, game, line, lang)
    assert game.is_won
    assert any(WORDS[lang]["won"] in s for s in figures.last), figures.last
    assert figures.card_moves == sum(m.card is not None for m in line)
    assert figures.draws == sum(m.card is None for m in line)
    assert figures.per_card_move <= 3.0, figures.card_keys
    assert figures.readings == 0
    print(
        f"{lang}: {figures.keys} keys, {figures.per_card_move:.2f} a card move, "
        f"{figures.words} words"
    )


@pytest.mark.parametrize("lang", LANGS)
def test_pile_keys_say_where_a_card_goes_and_what_a_move_uncovers(
    tmp_path: Path, stacks: list[Stack], lang: str
) -> None:
    words, ear = WORDS[lang], EAR[lang]
    game = Game.from_code(EXAMPLE_CODE)
    stack = start(tmp_path, lang, game)
    stacks.append(stack)
    reserve, column2 = pile_name("reserve", None, lang), pile_name("column", 2, lang)
    places = ear["places"].format(pile=column2)

    # R lands on the reserve's queen of clubs: the pile is named, then where the card can go.
    heard = stack.keys("r")
    assert heard.focus()[-1]["name"] == c("QC", lang)
    assert any(s.startswith(reserve + ",") and s.endswith(places) for s in heard.spoken), heard
    # Enter picks it up and says the places again; 2 puts it on column 2.
    heard = stack.keys("Return")
    assert heard.said(words["picked"]) and heard.said(places)
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


def value_changed(heard: Heard, value: str) -> bool:
    """Whether a combo box told readers its new value (on Linux: a change of its name)."""
    return any(
        e["type"].startswith("object:property-change:accessible-name")
        and e["role"] == "combo box"
        and value in e["name"]
        for e in heard.events
    )


def tab_until(stack: Stack, wanted: str, limit: int = 16) -> Heard:
    """Press Tab until something said contains ``wanted``."""
    said: list[str] = []
    for _ in range(limit):
        heard = stack.keys("Tab", settle=0.4)
        if any(wanted in s for s in heard.spoken):
            return heard
        said += heard.spoken
    raise AssertionError(f"Tab never reached {wanted!r}; heard {said}")


@pytest.mark.parametrize("lang", LANGS)
def test_every_dialog_control_says_its_name_and_its_changes(
    tmp_path: Path, stacks: list[Stack], lang: str
) -> None:
    from canfield.i18n import _, language_name, set_language

    ear = EAR[lang]
    game = Game.from_code(EXAMPLE_CODE)
    stack = start(tmp_path, lang, game)
    stacks.append(stack)

    # New game: a short opening, the Variant says its name, Down says the new one.
    opening = stack.keys("ctrl+n", settle=0.8)
    assert sum(len(s.split()) for s in opening.spoken) <= 40, opening
    assert any(s.startswith(ear["variant"]) for s in opening.spoken), opening
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
    stack.keys("F1", settle=0.8)
    heard = tab_until(stack, rules)
    assert heard.focus()[-1]["name"] == rules
    # Tab inside the text selects its links one by one (the reader says each selected),
    # the focus staying on the text.
    links = re.findall(r"<a href=\"#[^\"]+\">([^<]+)</a>", help_html(lang))
    assert len(links) >= 3
    for link in links[:3]:
        heard = stack.keys("Tab", settle=0.5)
        assert not heard.focus(), heard.focus()
        assert stack.ask("selection")["text"] == link

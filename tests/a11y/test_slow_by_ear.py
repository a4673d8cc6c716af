"""The whole won game by ear, and Debian's Orca 43 itself beside the app: the slow ones.

A won game takes about 100 s a language, an Orca test about 30 s: like every
test of the real stack they are in ``make test-slow``, which CI runs.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from ear import c, open_statistics, orca_heard, start, tab_until
from stack import Stack, missing
from words import EAR, LANGS, WORDS

from canfield import Game
from canfield.deal import EXAMPLE_CODE
from canfield.describe import pile_name

REASON = missing()
pytestmark = [
    pytest.mark.skipif(REASON is not None, reason=REASON or ""),
    pytest.mark.slow,
    pytest.mark.a11y,
]


def from_window(said: list[str], title: str) -> list[str]:
    """What Orca said from a window's name on: the main window named again as the focus
    came back to it (after the dialog before) may still be on its way as a key is pressed."""
    starts = [i for i, u in enumerate(said) if u.startswith(title)]
    assert starts, (title, said)
    return said[starts[0] :]


@pytest.mark.parametrize("lang", LANGS)
def test_the_won_game_by_ear_in_few_keys_and_no_reading(
    tmp_path: Path, stacks: list[Stack], lang: str
) -> None:
    """CF1-D3-AAAAACL won by pile keys, each key chosen from what was said (issue 22's goal)."""
    from by_ear import play_line

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


@pytest.mark.skipif(shutil.which("orca") is None, reason="Debian's orca is not installed")
@pytest.mark.parametrize("lang", LANGS)
def test_orca_itself_says_a_move_by_keys_a_draw_and_a_combo_box_change(
    tmp_path: Path, stacks: list[Stack], lang: str
) -> None:
    """Debian's Orca 43 beside the app: what it says, from its own log (not the reader model).

    Undo with nothing to undo, a move by keys, draws, a combo box's new value, the
    Statistics table walked by the arrows, New game's and Settings' openings, the code
    field on Tab, the Rules and a link in them, and the question before a game in
    progress is dropped.

    Orca says its own words (roles, "List with 1 item") in its own language, and the
    app's sentences, which reach Orca 43 as notifications in a status bar, alone.
    """
    words, ear = WORDS[lang], EAR[lang]
    stack = start(tmp_path, lang, Game.from_code(EXAMPLE_CODE), announcements=False, orca=True)
    stacks.append(stack)
    reserve, column2 = pile_name("reserve", None, lang), pile_name("column", 2, lang)
    places = ear["places"].format(pile=column2)
    # Ctrl+Z with nothing to take back (its button greyed out) says so.
    said = orca_heard(stack, "ctrl+z", expect=ear["nothing_to_undo"])
    assert ear["nothing_to_undo"] in said, said
    # R: the pile with its size, the card, where it can go.
    said = orca_heard(stack, "r", expect=places)
    assert f"{reserve}, {words['cards'].format(n=13)}" in said, said
    assert c("QC", lang) in said and places in said, said
    # Enter: picked up (where it can go was said as R landed); 2: the move, and the
    # reserve's new top as the focus lands back there (the move's sentence leaves it to the
    # focus). Pressed at once, as a player who knows where the card goes does: each
    # sentence is said once.
    picked = words["picked"]
    moved = words["moved"].format(card=c("QC", lang), pile=column2)
    said = orca_heard(stack, "Return", "2", settle=0.8, expect=moved)
    # Each sentence is the whole utterance: no "notification" before it (they are said
    # from a status bar, whose notifications Orca names by their text alone).
    assert said.count(picked) == 1, said
    assert said.count(moved) == 1, said
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
    stack.keys("Escape", settle=0.8)
    stack.ask("focus", title="Canfield")

    # Statistics: the table's rows read by Orca as Up or Down reaches them, each figure
    # with its row and column ("Won, 3 cards: 0"); Right says the new column's figure.
    open_statistics(stack, ear["stats_keys"], ear["statistics"])
    played, won, three, one = ear["played"], ear["won_row"], ear["three"], ear["one"]
    tab_until(stack, f"{ear['statistics']}, table")
    said = orca_heard(stack, "Down", expect=f"{won}, {one}: ")
    assert any(u.startswith(f"{won}, {three}: ") for u in said), said
    assert any(u.startswith(f"{won}, {one}: ") for u in said), said
    said = orca_heard(stack, "Up", expect=f"{played}, {one}: ")
    assert any(u.startswith(f"{played}, {three}: ") for u in said), said
    said = orca_heard(stack, "Right", expect=f"{played}, {one}: ")
    assert any(u.endswith(f"{played}, {one}: 0") for u in said), said
    stack.keys("Escape", settle=0.8)
    stack.ask("focus", title="Canfield")

    # New game opens in a few words, the Variant's description said once (Orca read every
    # explanation in the dialog as it opened: 66 words); Down says the new variant alone,
    # and Tab reaches the code field, which Orca names (it was silent 3 times in 4).
    from canfield.i18n import set_language
    from canfield.presentation.variant_text import variant_summary

    set_language(lang)
    try:
        summary, classic = variant_summary("canfield").rstrip("."), variant_summary("classic")
    finally:
        set_language("en")
    said = from_window(orca_heard(stack, "ctrl+n", settle=0.8, expect=summary), words["new_game"])
    assert sum(len(u.split()) for u in said) <= 30, said
    assert sum(summary in u for u in said) == 1, said
    said = orca_heard(stack, "Down", settle=0.6, expect=ear["classic"])
    assert ear["classic"] in said and sum(len(u.split()) for u in said) <= 25, said
    assert sum(classic.rstrip(".") in u for u in said) == 1, said
    orca_heard(stack, "Tab", settle=0.5)  # the draw classic has
    said = orca_heard(stack, "Tab", settle=0.5, expect=ear["code_field"])
    assert any(u.startswith(ear["code_field"]) for u in said), said
    stack.keys("Escape", settle=0.8)
    stack.ask("focus", title="Canfield")
    said = from_window(
        orca_heard(stack, "ctrl+comma", settle=0.8, expect=ear["settings"]), ear["settings"]
    )
    assert sum(len(u.split()) for u in said) <= 40, said
    stack.keys("Escape", settle=0.8)
    stack.ask("focus", title="Canfield")
    # Rules: Orca reads the text (its first line as it opens) and each link Tab selects.
    import re

    from canfield.gui.dialogs.help import help_html

    link = re.findall(r"<a href=\"#[^\"]+\">([^<]+)</a>", help_html(lang))[0]
    said = orca_heard(stack, "F1", settle=0.8, expect=ear["rules"])
    assert any(u.startswith(ear["rules"]) for u in said), said
    said = orca_heard(stack, "Tab", expect=link)
    assert link in said, said
    stack.keys("Escape", settle=0.8)
    stack.ask("focus", title="Canfield")

    # The question before a game in progress is dropped: said whole, the question once.
    stack.keys("ctrl+n", settle=0.8)
    detail = ear["question_detail"].rstrip(".")  # orca_heard leaves out the full stops
    said = orca_heard(stack, "Return", settle=0.8, expect=detail)
    assert sum(ear["question"] in u for u in said) == 1, said
    assert any(f"{ear['question']} {detail}" in u for u in said), said
    stack.keys("Escape", settle=0.8)

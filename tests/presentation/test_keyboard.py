"""The table by keyboard, toolkit-free: pile keys, pick-up places, readings, what a move uncovers.

The same :class:`Keyboard` runs behind the Qt scene and the browser page, so
what a blind player presses and hears is checked here directly, and under the
real screen-reader stack in ``tests/a11y``.
"""

from __future__ import annotations

import pytest

from canfield import Game
from canfield.deal import EXAMPLE_CODE
from canfield.describe import card_name
from canfield.i18n import set_language
from canfield.moves import FOUNDATION, Move
from canfield.pile import Pile
from canfield.presentation.geometry import CARD_ASPECT, TableLayout
from canfield.presentation.keyboard import KEYS, PILE_KEYS, Keyboard, Reply
from canfield.presentation.narration import change_sentence
from canfield.presentation.piles import pile_of
from canfield.presentation.reading import pile_reading, places, table_summary
from canfield.solver import solve


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


PILE_KEYS_BY_PILE = {pile: key for key, pile in PILE_KEYS.items()}


def play(game: Game, keyboard: Keyboard, *keys: str) -> list[str]:
    """Press ``keys``, playing what they ask; every sentence said (the move's own too)."""
    said: list[str] = []
    for key in keys:
        reply = keyboard.press(key, game, "en", TableLayout.compute(1100, 700, CARD_ASPECT))
        assert reply.handled, key
        if reply.say:
            said.append(reply.say)
        move = reply.play or (Move.DRAW if reply.draw else None)
        if move is not None:
            before = game.state
            game.play(move)
            said.append(change_sentence("play", before, game.state, move, "en"))
            keyboard.clamp(game.state)
    return said


def test_a_pile_key_lands_and_says_where_its_card_can_go() -> None:
    game, keys = Game.from_code(EXAMPLE_CODE), Keyboard()
    assert play(game, keys, "r") == []  # the focus moved: the reader says the new focus
    assert keys.focus == Pile("reserve")
    assert keys.landing(game, "en") == "reserve, queen of clubs, can go to column 2"
    # Pressing it again does not move the focus, so it is said again.
    assert play(game, keys, "r") == ["reserve, queen of clubs, can go to column 2"]


def test_pick_up_says_the_places_and_a_pile_key_puts_it_there() -> None:
    game, keys = Game.from_code(EXAMPLE_CODE), Keyboard()
    said = play(game, keys, "r", "enter", "2")
    # The landing has just named the card: the pick-up says only where it can go.
    assert said == [
        "Picked up, can go to column 2",
        "queen of clubs to column 2. reserve: 8 of hearts on top",
    ]
    assert keys.held is None and keys.focus == Pile("reserve")  # back where it came from
    names = [card_name(c, "en") for c in game.state.columns[1]]
    assert names == ["king of hearts", "queen of clubs"]


def test_a_front_end_whose_landing_says_the_places_hears_a_bare_pick_up() -> None:
    """The desktop: a focused card's description says where it can go as the focus lands."""
    game, keys = Game.from_code(EXAMPLE_CODE), Keyboard(landing_names_places=True)
    assert play(game, keys, "r", "enter") == ["Picked up"]
    assert play(game, keys, "escape") == ["queen of clubs put back"]
    # A card with nowhere to go: landing said nothing of places, so the pick-up says so.
    assert play(game, keys, "1", "enter") == ["Picked up, cannot go anywhere now"]
    play(game, keys, "escape")
    # Brief speech: landing leaves the places out, so the pick-up says them.
    keys.brief = True
    assert play(game, keys, "r", "enter") == ["Picked up, can go to column 2"]


def test_a_refused_put_down_keeps_the_cards_held_and_says_why() -> None:
    game, keys = Game.from_code(EXAMPLE_CODE), Keyboard()
    assert play(game, keys, "1", "enter") == ["Picked up, cannot go anywhere now"]
    assert play(game, keys, "3") == ["6 of clubs cannot go on queen of hearts"]
    assert keys.held is not None  # still held: another key can put it elsewhere
    assert play(game, keys, "escape") == ["6 of clubs put back"]
    assert keys.held is None


def test_a_card_is_refused_on_another_suits_foundation_and_f_takes_it_home() -> None:
    game = Game.from_code(EXAMPLE_CODE)
    line = solve(Game.from_code(EXAMPLE_CODE), time_limit=20).line
    first = next(i for i, m in enumerate(line) if m.card is not None and m.target == FOUNDATION)
    for move in line[:first]:
        game.play(move)
    card = int(line[first].card or 0)
    keys = Keyboard()
    keys.set_focus(pile_of(game.state, card), game.state)
    while keys.focused_card(game.state) != card:
        keys.depth += 1
    play(game, keys, "enter")
    home = game.state.foundation_order.index(card // 13)
    keys.focus = Pile.foundation((home + 1) % 4)
    wrong = card_name(card, "en") + f" cannot go to foundation {(home + 1) % 4 + 1}"
    assert play(game, keys, "enter") == [wrong]
    said = play(game, keys, "f")
    assert said[0].startswith(card_name(card, "en") + f" to foundation {home + 1}")


def test_f_cycles_through_the_foundations() -> None:
    game, keys = Game.from_code(EXAMPLE_CODE), Keyboard()
    seen = []
    for _ in range(5):
        play(game, keys, "f")
        seen.append(keys.focus)
    assert seen == [Pile.foundation(i % 4) for i in range(5)]


def test_a_move_says_what_it_uncovered_on_the_pile_it_left() -> None:
    game, keys = Game.from_code(EXAMPLE_CODE), Keyboard()
    said = play(game, keys, "d")
    assert said == ["3 cards drawn, 2 of spades on top"]
    top = game.state.waste[-1]
    destinations = places(game.state, int(top))
    if destinations:  # the waste's top has a place: moving it names the waste's next card
        key = {"column": str(destinations[0][1] + 1), "foundation": "f"}[destinations[0][0]]
        after = play(game, keys, "w", "enter", key)[-1]
        assert "waste: " in after


def test_undo_of_a_draw_names_what_the_waste_shows_after_it() -> None:
    game = Game.from_code(EXAMPLE_CODE)
    game.play(Move.DRAW)
    game.play(Move.DRAW)
    before = game.state
    game.undo()
    said = change_sentence("undo", before, game.state, Move.DRAW, "en")
    top = card_name(game.state.waste[-1], "en")
    assert said == f"Undone: 3 cards back on the stock. waste: {top} on top"


def test_pile_reading_and_summary_are_short_and_complete() -> None:
    game = Game.from_code(EXAMPLE_CODE)
    assert pile_reading(game, Pile.column(0), "en") == "column 1, 1 card: 6 of clubs"
    assert pile_reading(game, Pile("stock"), "en") == "stock, 34 cards"
    summary = table_summary(game, "en", ("Game " + EXAMPLE_CODE, ""))
    assert summary.startswith("stock: 34 cards. reserve: queen of clubs, 13 cards. foundation 1")
    assert summary.endswith(
        "waste, foundation 2, foundation 3, foundation 4: empty. Game " + EXAMPLE_CODE
    )
    # Midway through the game, far shorter than the whole reading.
    for move in solve(Game.from_code(EXAMPLE_CODE), time_limit=20).line[:120]:
        game.play(move)
    assert 3 * len(table_summary(game, "en").split()) < 2 * len(game.describe("en").split())
    column = pile_reading(game, Pile.column(0), "en")
    assert column.endswith(card_name(game.state.columns[0][-1], "en"))  # top last


def test_every_key_name_is_answered() -> None:
    game = Game.from_code(EXAMPLE_CODE)
    layout = TableLayout.compute(400, 800, CARD_ASPECT)
    for key in KEYS:
        assert isinstance(Keyboard().press(key, game, "en", layout), Reply)
    assert not Keyboard().press("escape", game, "en").handled  # nothing held: not ours
    assert not Keyboard().press("q", game, "en").handled


def test_the_solver_line_is_won_in_at_most_three_keys_per_card_move() -> None:
    """The benchmark's line (CF1-D3-AAAAACL) by pile keys alone, no reading needed."""
    game = Game.from_code(EXAMPLE_CODE)
    line = list(solve(Game.from_code(EXAMPLE_CODE), time_limit=20).line)
    keys = Keyboard()
    card_keys = card_moves = 0
    for move in line:
        if move.card is None:
            play(game, keys, "d")
            continue
        card_moves += 1
        pressed = _keys_for(game, keys, move)
        card_keys += len(pressed)
        play(game, keys, *pressed)
    assert game.is_won
    assert card_keys / card_moves <= 3.0


def _keys_for(game: Game, keys: Keyboard, move: Move) -> list[str]:
    """What a player presses for ``move``: its pile's key, Up to the card, Enter, the target."""
    state = game.state
    card = int(move.card or 0)
    source = pile_of(state, card)
    pressed: list[str] = []
    probe = Keyboard(focus=keys.focus, depth=keys.depth)
    while probe.focus != source:
        key = "f" if source[0] == "foundation" else PILE_KEYS_BY_PILE[source]
        probe.press(key, game, "en")
        pressed.append(key)
        assert len(pressed) < 5
    while probe.focused_card(state) != card:
        probe.press("up", game, "en", TableLayout.compute(1100, 700, CARD_ASPECT))
        pressed.append("up")
        assert len(pressed) < 20
    pressed.append("enter")
    target = Pile.of_move(state, move)
    pressed.append("f" if target[0] == "foundation" else str(target[1] + 1))
    return pressed


def test_a_new_deal_says_its_variant_draw_and_code() -> None:
    game = Game.from_code("CF1-STOREHOUSE-D1-AAAAACL")
    said = change_sentence("new", None, game.state, None, "en", code=game.code)
    assert said == "New game: Storehouse, draw 1, CF1-STOREHOUSE-D1-AAAAACL"


def test_turning_the_stock_for_the_last_pass_says_so() -> None:
    game = Game.from_code("CF1-STOREHOUSE-D1-AAAAACL")  # three passes
    for _ in range(2):
        while game.state.stock:
            game.play(Move.DRAW)
        before = game.state
        game.play(Move.DRAW)  # turn the waste over
    said = change_sentence("play", before, game.state, Move.DRAW, "en")
    assert said == "Stock turned over, pass 3 of 3. Last pass"


def test_a_keyboard_move_leaves_what_it_uncovered_to_the_focus_landing() -> None:
    game = Game.from_code(EXAMPLE_CODE)
    before = game.state
    move = Move.parse("QC>2")
    game.play(move)
    full = change_sentence("play", before, game.state, move, "en")
    assert full == "queen of clubs to column 2. reserve: 8 of hearts on top"
    short = change_sentence("play", before, game.state, move, "en", uncovered=False)
    assert short == "queen of clubs to column 2"
    # The focus back on the reserve says its new top: the move need not.
    landed = change_sentence("play", before, game.state, move, "en", focused=Pile("reserve"))
    assert landed == "queen of clubs to column 2"
    elsewhere = change_sentence("play", before, game.state, move, "en", focused=Pile("waste"))
    assert elsewhere == full


def test_a_draw_with_the_focus_on_the_waste_leaves_its_new_top_to_the_focus() -> None:
    """The reader names the waste's new top as the focus lands on it: the draw adds nothing.

    Only a stock the draw emptied is news then.
    """
    game = Game.from_code(EXAMPLE_CODE)
    said = []
    while game.state.stock:
        before = game.state
        game.play(Move.DRAW)
        said.append(
            change_sentence("play", before, game.state, Move.DRAW, "en", focused=Pile("waste"))
        )
    assert said == [""] * (len(said) - 1) + ["stock: empty"]
    before = game.state
    game.play(Move.DRAW)
    turned = change_sentence("play", before, game.state, Move.DRAW, "en", focused=Pile("waste"))
    assert turned == "Stock turned over"
    before = game.state
    game.play(Move.DRAW)
    on_stock = change_sentence("play", before, game.state, Move.DRAW, "en", focused=Pile("stock"))
    assert on_stock == "3 cards drawn, 2 of spades on top"


def test_brief_speech_says_each_place_once_and_the_action_alone() -> None:
    game, keys = Game.from_code(EXAMPLE_CODE), Keyboard(brief=True)
    play(game, keys, "r")
    assert keys.landing(game, "en") == "reserve, queen of clubs"
    # Landing left out where it can go, so the pick-up says it.
    assert play(game, keys, "enter") == ["Picked up, can go to column 2"]
    before = game.state
    move = Move.parse("QC>2")
    game.play(move)
    said = change_sentence("play", before, game.state, move, "en", brief=True)
    assert said == "queen of clubs to column 2"

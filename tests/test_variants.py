"""Each variant's rules, one test per sentence of its row in docs/rules.md.

A variant changes only what its row says; every other rule is the app's own
Canfield, which ``test_rules.py`` covers.
"""

from __future__ import annotations

import pytest

from canfield import VARIANTS, Game, IllegalMoveError, InvalidVariantError, Move
from canfield.cards import parse_card
from canfield.deal import deck_for_deal
from canfield.rules import apply_move, legal_moves, pickup, tap_move
from canfield.state import State
from canfield.variants import (
    CANFIELD,
    RAINBOW,
    SOLVITAIRE,
    SOLVITAIRE_STRICT,
    STRICT,
    SUPERIOR,
    Variant,
    variant_named,
)
from positions import cards, position

C = parse_card


def notations(state: State) -> set[str]:
    return {m.notation() for m in legal_moves(state)}


def play(state: State, *moves: str) -> State:
    for text in moves:
        state, _ = apply_move(state, Move.parse(text))
    return state


# -- the values ----------------------------------------------------------------------


def test_the_names_in_order() -> None:
    assert VARIANTS == (
        "canfield",
        "classic",
        "superior",
        "rainbow",
        "storehouse",
        "strict",
        "solvitaire",
        "solvitaire_strict",
    )


def test_lookup_is_interned_and_case_insensitive() -> None:
    assert variant_named("Rainbow") is RAINBOW
    assert Variant.named(" STRICT ") is STRICT
    assert [variant_named(n).name for n in VARIANTS] == list(VARIANTS)


def test_an_unknown_name_is_refused_with_the_known_ones() -> None:
    with pytest.raises(InvalidVariantError) as caught:
        variant_named("klondike")
    message = str(caught.value)
    assert "'klondike'" in message and "\n" not in message
    assert all(name in message for name in VARIANTS)
    with pytest.raises(ValueError):
        Game.new(variant="klondike")


def test_variants_survive_pickling_as_the_same_value() -> None:
    import pickle

    for name in VARIANTS:
        assert pickle.loads(pickle.dumps(variant_named(name))) is variant_named(name)
    state = Game.new(variant="storehouse").state
    assert pickle.loads(pickle.dumps(state)) == state


def test_draw_defaults_to_the_variants_own() -> None:
    defaults = {name: Game.new(variant=name).draw for name in VARIANTS}
    assert defaults == {
        "canfield": 3,
        "classic": 3,
        "superior": 3,
        "rainbow": 1,
        "storehouse": 1,
        "strict": 3,
        "solvitaire": 3,
        "solvitaire_strict": 3,
    }
    assert Game.new(draw=3, variant="rainbow").draw == 3  # the player may choose either


def test_each_variant_changes_only_its_row() -> None:
    """Every field but the row's keeps canfield's value."""
    changed = {
        "classic": {"column_moves", "take_backs", "empty_columns"},
        "superior": {"empty_columns", "reserve_face_up"},
        "rainbow": {"draw", "passes", "building"},
        "storehouse": {"draw", "passes", "start"},
        "strict": {"passes"},
        "solvitaire": {"wrap", "column_moves", "take_backs"},
        "solvitaire_strict": {"wrap", "column_moves", "take_backs", "empty_columns"},
    }
    fields = [
        "draw",
        "passes",
        "building",
        "wrap",
        "column_moves",
        "take_backs",
        "empty_columns",
        "start",
        "reserve_face_up",
    ]
    for name, row in changed.items():
        v = variant_named(name)
        differ = {f for f in fields if getattr(v, f) != getattr(CANFIELD, f)}
        assert differ == row, name


# -- classic ---------------------------------------------------------------------------


def test_classic_moves_only_a_whole_column_onto_another() -> None:
    st = position(
        variant="classic", base="2D", columns=["TC 9H 8S", "9D", "JH", "KS"], reserve="AS"
    )
    moves = notations(st)
    assert "TC>3" in moves  # the whole column onto JH
    assert "8S>2" not in moves and "9H>2" not in moves  # its top card alone / a part: never
    with pytest.raises(IllegalMoveError, match="only a whole column"):
        apply_move(st, Move.parse("8S>2"))
    same = position(base="2D", columns=["TC 9H 8S", "9D", "JH", "KS"], reserve="AS")
    assert "8S>2" in notations(same)  # canfield lets it


def test_classic_takes_nothing_back_from_the_foundations() -> None:
    st = position(variant="classic", base="7H", foundations={"H": 2}, columns=["9S", "", "", ""])
    assert "8H>1" not in notations(st)
    with pytest.raises(IllegalMoveError, match="never come back"):
        apply_move(st, Move.parse("8H>1"))
    assert pickup(st, C("8H")) == ()


def test_classic_fills_an_emptied_column_from_the_reserve() -> None:
    st = position(
        variant="classic", base="2D", columns=["TC 9H", "JH", "5S", "KS"], reserve="4C 3H"
    )
    after = play(st, "TC>2")
    assert after.columns[0] == cards("3H") and after.reserve == cards("4C")


@pytest.mark.parametrize("name", ["classic", "solvitaire_strict"])
def test_with_the_reserve_empty_only_the_waste_top_goes_into_an_empty_column(name: str) -> None:
    st = position(
        variant=name,
        base="2D",
        columns=["TC 9H", "", "5S", "KS"],
        waste="8C",
        stock="7D 6D",
    )
    moves = notations(st)
    assert "8C>2" in moves
    assert not {"TC>2", "9H>2", "5S>2", "KS>2"} & moves  # column cards may not go there
    with pytest.raises(IllegalMoveError, match="only the waste's top card"):
        apply_move(st, Move.parse("5S>2"))
    assert "s" in moves  # and it may stay empty: other moves are fine


# -- superior --------------------------------------------------------------------------


def test_superior_shows_the_whole_reserve() -> None:
    assert SUPERIOR.reserve_face_up and not CANFIELD.reserve_face_up


def test_superior_does_not_fill_an_emptied_column() -> None:
    st = position(variant="superior", base="2D", columns=["3D", "JH", "5S", "KS"], reserve="4C 3H")
    after = play(st, "3D>f")
    assert after.columns[0] == () and after.reserve == cards("4C 3H")


def test_superior_takes_any_available_card_into_an_empty_column_at_any_time() -> None:
    st = position(
        variant="superior",
        base="2D",
        columns=["", "JH TC 9H", "5S", "KS"],
        reserve="4C 3H",
        waste="8C",
    )
    moves = notations(st)
    assert {"3H>1", "8C>1", "JH>1", "TC>1", "9H>1", "5S>1", "KS>1"} <= moves
    after = play(st, "3H>1")  # the reserve's top, while the reserve still holds cards
    assert after.columns[0] == cards("3H") and after.reserve == cards("4C")


def test_game_rules_is_the_variant_value_under_its_old_name_with_a_warning() -> None:
    game = Game.new(variant="storehouse")
    with pytest.deprecated_call(match="game.state.variant"):
        assert game.rules is game.state.variant
    assert game.variant == game.state.variant.name == "storehouse"


# -- rainbow ---------------------------------------------------------------------------


def test_rainbow_builds_regardless_of_suit_and_colour() -> None:
    st = position(
        variant="rainbow", base="2D", columns=["7D", "AH", "8S", "QC"], reserve="6H KH JC"
    )
    moves = notations(st)
    assert "JC>4" in moves  # any J on any Q
    after = play(st, "JC>4")
    assert "KH>2" in notations(after)  # K on A, same colour too
    after = play(after, "KH>2")
    assert "6H>1" in notations(after) and "6H>3" not in notations(after)  # one rank down only


def test_rainbow_is_draw_one_with_one_pass() -> None:
    game = Game.new(variant="rainbow")
    assert game.draw == 1 and game.state.variant.passes == 1
    st = position(
        variant="rainbow", draw=1, base="2D", columns=["7D", "AH", "8S", "QC"], stock="4S 3S"
    )
    st = play(st, "s", "s")
    assert st.stock == () and st.waste == cards("3S 4S")
    assert "s" not in notations(st)  # no recycle
    with pytest.raises(IllegalMoveError, match="only once"):
        apply_move(st, Move.DRAW)


# -- storehouse ------------------------------------------------------------------------


def test_storehouse_takes_the_twos_out_and_deals_the_other_48() -> None:
    deck = deck_for_deal(63)
    game = Game.from_deck(list(deck), variant="storehouse")
    st = game.state
    rest = [c for c in deck if c % 13 != 1]
    assert st.foundations == (1, 1, 1, 1)
    assert [str(c) for s in range(4) for c in st.foundation(s)] == ["2S", "2H", "2D", "2C"]
    assert st.reserve == tuple(rest[:13])
    assert st.columns == tuple((c,) for c in rest[13:17])
    assert st.stock == tuple(reversed(rest[17:])) and len(st.stock) == 31
    assert st.card_count() == 52
    assert game.deck == deck  # the deal is the same 52-card shuffle as every variant's


def test_storehouse_foundations_run_from_two_to_ace() -> None:
    st = position(
        variant="storehouse",
        base="2S",
        foundations={"S": 12, "H": 1, "D": 1, "C": 1},
        columns=["AS", "3H", "9C", "KD"],
    )
    moves = notations(st)
    assert "AS>f" in moves and "3H>f" in moves
    assert play(st, "AS>f").foundations[0] == 13


def test_storehouse_allows_three_passes_in_all() -> None:
    st = position(
        variant="storehouse",
        draw=1,
        base="2S",
        columns=["AS", "3H", "9C", "KD"],
        stock="5S",
    )
    assert st.passes_left == 3
    st = play(st, "s", "s")  # draw, then the first recycle
    assert st.recycles == 1 and st.passes_left == 2
    st = play(st, "s", "s")
    assert st.recycles == 2 and st.passes_left == 1
    st = play(st, "s")
    assert "s" not in notations(st)
    with pytest.raises(IllegalMoveError, match="3 times"):
        apply_move(st, Move.DRAW)


def test_storehouse_still_builds_alternate_colours_with_wrap() -> None:
    st = position(
        variant="storehouse", base="2S", columns=["AS", "QH", "9C", "KD"], reserve="KH JS"
    )
    moves = notations(st)
    assert "JS>2" in moves
    after = play(st, "JS>2")
    assert "KH>1" in notations(after)  # K on A of the other colour


# -- strict ----------------------------------------------------------------------------


def test_strict_is_draw_three_with_one_pass() -> None:
    assert STRICT.draw == 3 and STRICT.passes == 1
    st = position(variant="strict", base="2D", columns=["7D", "AH", "8S", "QC"], stock="4S 3S 5S")
    st = play(st, "s")
    assert st.stock == () and "s" not in notations(st)


# -- solvitaire ------------------------------------------------------------------------


def test_solvitaire_counts_ranks_from_the_base() -> None:
    columns = ["7S", "AS", "2C", "QC"]
    st = position(variant="solvitaire", base="7H", columns=columns, reserve="6D")
    assert "6D>1" not in notations(st)  # one below the base never goes on a base card
    with pytest.raises(IllegalMoveError, match="does not go on"):
        apply_move(st, Move.parse("6D>1"))
    assert "6D>1" in notations(position(base="7H", columns=columns, reserve="6D"))
    kings = position(variant="solvitaire", base="7H", columns=columns, reserve="KH")
    assert "KH>2" in notations(kings)  # K on A: fine when the base is not an ace


def test_solvitaire_with_an_ace_base_puts_no_king_on_an_ace() -> None:
    st = position(variant="solvitaire", base="AH", columns=["AS", "3D", "2C", "QC"], reserve="KH")
    assert "KH>1" not in notations(st)
    assert "KH>1" in notations(position(base="AH", columns=["AS", "3D", "2C", "QC"], reserve="KH"))


def test_solvitaire_moves_a_part_only_when_it_uncovers_a_card_for_its_foundation() -> None:
    # hearts are up to 7H, so 8H may go up at once; spades are empty, so 9S may not
    piles = {"base": "2H", "foundations": {"H": 6}, "columns": ["9S 8H 7C", "8D", "9C", "KS"]}
    st = position(variant="solvitaire", reserve="AS", **piles)  # type: ignore[arg-type]
    moves = notations(st)
    assert "7C>2" in moves  # uncovers 8H, which its foundation takes
    assert "8H>3" not in moves  # uncovers 9S, which it does not
    with pytest.raises(IllegalMoveError, match="uncovers"):
        apply_move(st, Move.parse("8H>3"))
    assert "8H>3" in notations(position(reserve="AS", **piles))  # type: ignore[arg-type]


def test_solvitaire_moves_a_whole_column_and_any_part_into_an_empty_one() -> None:
    st = position(
        variant="solvitaire",
        base="2H",
        foundations={"H": 6},
        columns=["9S 8H 7C", "TD", "", "KS"],
    )
    moves = notations(st)
    assert "9S>2" in moves  # the whole column
    assert {"8H>3", "7C>3"} <= moves  # any part into the empty column


def test_solvitaire_takes_nothing_back() -> None:
    assert not SOLVITAIRE.take_backs
    st = position(variant="solvitaire", base="7H", foundations={"H": 2}, columns=["9S", "", "", ""])
    assert "8H>1" not in notations(st)


def test_solvitaire_auto_fills_then_takes_anything() -> None:
    st = position(variant="solvitaire", base="2D", columns=["3D", "JH", "5S", "KS"], reserve="4C")
    after = play(st, "3D>f")
    assert after.columns[0] == cards("4C") and after.reserve == ()
    emptied = play(
        position(variant="solvitaire", base="2D", columns=["3D", "JH", "5S", "KS"]), "3D>f"
    )
    assert emptied.columns[0] == ()
    assert {"JH>1", "5S>1", "KS>1"} <= notations(emptied)


# -- solvitaire_strict -----------------------------------------------------------------


def test_solvitaire_strict_is_classic_with_the_ranks_counted_from_the_base() -> None:
    classic = variant_named("classic")
    assert SOLVITAIRE_STRICT.wrap is SOLVITAIRE.wrap is not classic.wrap
    for field in ("draw", "passes", "building", "column_moves", "take_backs", "empty_columns"):
        assert getattr(SOLVITAIRE_STRICT, field) == getattr(classic, field), field


def test_solvitaire_strict_counts_ranks_from_the_base() -> None:
    columns = ["7S", "AS", "2C", "QC"]
    st = position(variant="solvitaire_strict", base="7H", columns=columns, reserve="6D")
    assert "6D>1" not in notations(st)  # one below the base never goes on a base card
    with pytest.raises(IllegalMoveError, match="does not go on"):
        apply_move(st, Move.parse("6D>1"))
    assert "6D>1" in notations(
        position(variant="classic", base="7H", columns=columns, reserve="6D")
    )
    kings = position(variant="solvitaire_strict", base="7H", columns=columns, reserve="KH")
    assert "KH>2" in notations(kings)  # K on A: fine when the base is not an ace
    aces = position(
        variant="solvitaire_strict", base="AH", columns=["AS", "3D", "2C", "QC"], reserve="KH"
    )
    assert "KH>1" not in notations(aces)


def test_solvitaire_strict_moves_only_a_whole_column_even_when_it_uncovers_a_card_to_go_up() -> (
    None
):
    # 8H could go up at once: solvitaire would let 7C move off it, solvitaire_strict does not
    piles = {"base": "2H", "foundations": {"H": 6}, "columns": ["9S 8H 7C", "8D", "TD", "KS"]}
    st = position(variant="solvitaire_strict", reserve="AS", **piles)  # type: ignore[arg-type]
    moves = notations(st)
    assert "9S>3" in moves  # the whole column onto TD
    assert "7C>2" not in moves
    with pytest.raises(IllegalMoveError, match="only a whole column"):
        apply_move(st, Move.parse("7C>2"))
    assert "7C>2" in notations(position(variant="solvitaire", reserve="AS", **piles))  # type: ignore[arg-type]


def test_solvitaire_strict_takes_nothing_back_and_the_reserve_fills_an_emptied_column() -> None:
    assert not SOLVITAIRE_STRICT.take_backs
    st = position(
        variant="solvitaire_strict", base="7H", foundations={"H": 2}, columns=["9S", "", "", ""]
    )
    assert "8H>1" not in notations(st)
    filled = play(
        position(
            variant="solvitaire_strict", base="2D", columns=["3D", "JH", "5S", "KS"], reserve="4C"
        ),
        "3D>f",
    )
    assert filled.columns[0] == cards("4C") and filled.reserve == ()


# -- taps ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", VARIANTS)
def test_a_tap_never_moves_a_whole_column_into_an_empty_one(name: str) -> None:
    st = position(variant=name, base="2S", columns=["", "JH TC", "5S", "KS"], waste="8C")
    assert tap_move(st, C("JH")) is None  # nothing else takes it: nothing moves
    for card in range(52):
        move = tap_move(st, card)
        if move is not None:
            after, _ = apply_move(st, move)
            assert after != st


def test_a_variant_name_is_made_once() -> None:
    with pytest.raises(InvalidVariantError, match="exists already"):
        Variant("canfield")
    assert variant_named("canfield") is CANFIELD

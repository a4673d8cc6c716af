"""Every rule of docs/rules.md §1-§6, one test at a time."""

from __future__ import annotations

import pytest

from canfield import FOUNDATION, Game, IllegalMoveError, Move
from canfield.cards import CARDS, parse_card
from canfield.rules import apply_move, can_stack, legal_moves, locate, movable_start, tap_move
from positions import cards, position

C = parse_card


def notations(moves: list[Move]) -> set[str]:
    return {m.notation() for m in moves}


# -- the seeds' worked example ---------------------------------------------------


def test_the_ace_of_spades_cannot_start_spades_when_the_base_is_seven(example: Game) -> None:
    assert not example.is_legal("AS>f")
    with pytest.raises(IllegalMoveError, match="AS does not fit on its foundation"):
        example.play("AS>f")
    seven = position(base="7H", columns=["7S", "", "", ""], reserve="2C")
    assert "7S>f" in notations(legal_moves(seven))


def test_the_third_move_of_the_won_game(example: Game) -> None:
    example.play("QC>2")
    example.play("8H>f")
    assert str(example.state.reserve_top) == "QS"
    example.play("KH>4")
    st = example.state
    assert [str(c) for c in example.columns[3]] == ["AS", "KH", "QC"]
    assert [str(c) for c in example.columns[1]] == ["QS"]  # auto-filled from the reserve
    assert len(st.reserve) == 10 and str(st.reserve_top) == "JS"
    assert example.score == 5
    assert example.moves_made == 3
    assert len(example.foundations[1]) == 2  # hearts (foundations are indexed by suit)


def test_opening_moves_of_the_example(example: Game) -> None:
    assert notations(example.legal_moves()) == {"QC>2", "KH>4", "s"}


# -- columns ------------------------------------------------------------------------


def test_column_building_alternates_colour_one_rank_down_with_wrap() -> None:
    st = Game.from_code("CF1-D3-AAAAACL").state
    assert can_stack(st, C("6H"), C("7S")) and can_stack(st, C("6H"), C("7C"))
    assert not can_stack(st, C("6H"), C("7D")) and not can_stack(st, C("6H"), C("8S"))
    assert can_stack(st, C("KH"), C("AS")) and can_stack(st, C("KS"), C("AD"))
    assert not can_stack(st, C("KH"), C("AH"))
    assert can_stack(st, C("AS"), C("2H"))
    assert not can_stack(st, C("AS"), C("KH"))


def test_any_tail_of_a_valid_sequence_moves() -> None:
    st = position(base="2D", columns=["9S 8H 7C 6D", "9D", "8D", "KS"], reserve="AS")
    assert movable_start(st, 0) == 0
    moves = notations(legal_moves(st))
    assert "8H>2" not in moves  # 8H on 9D: same colour
    assert "7C>3" in moves  # 7C 6D onto 8D
    after, points = apply_move(st, Move.parse("7C>3"))
    assert after.columns[0] == cards("9S 8H") and after.columns[2] == cards("8D 7C 6D")
    assert points == 0


def test_a_card_under_a_break_does_not_move() -> None:
    st = position(base="2D", columns=["9S 5H 7C 6D", "8D", "6S", "KS"], reserve="AS")
    assert movable_start(st, 0) == 2
    with pytest.raises(IllegalMoveError, match="not part of a sequence"):
        apply_move(st, Move.parse("5H>3"))


def test_emptying_a_column_fills_it_from_the_reserve_in_the_same_move() -> None:
    st = position(base="2D", columns=["6H", "7S", "QD", "KS"], reserve="4C 9C")
    after, _ = apply_move(st, Move.parse("6H>2"))
    assert after.columns[0] == cards("9C")
    assert after.reserve == cards("4C")
    assert after.columns[1] == cards("7S 6H")


def test_with_the_reserve_empty_a_column_stays_empty_and_takes_anything() -> None:
    st = position(base="2D", columns=["6H", "7S", "QD", "KS"], reserve="")
    after, _ = apply_move(st, Move.parse("6H>2"))
    assert after.columns[0] == ()
    moves = notations(legal_moves(after))
    assert {"QD>1", "KS>1", "7S>1"} <= moves
    assert "6H>1" in moves  # the tail of a column may go to an empty column
    after2, _ = apply_move(after, Move.parse("7S>1"))
    assert after2.columns[0] == cards("7S 6H") and after2.columns[1] == ()


def test_reserve_top_only_and_never_built_on() -> None:
    st = position(base="2D", columns=["5S", "7S", "QD", "KS"], reserve="6H 4H")
    moves = notations(legal_moves(st))
    assert "4H>1" in moves
    assert "6H>2" not in moves
    with pytest.raises(IllegalMoveError, match="under the top card of the reserve"):
        apply_move(st, Move.parse("6H>2"))
    assert locate(st, C("6H")).pile == "reserve"


# -- foundations -------------------------------------------------------------------


def test_foundations_build_by_suit_from_the_base_and_wrap_king_to_ace() -> None:
    st = position(
        base="7H",
        foundations={"H": 7, "S": 0},
        columns=["AH", "7S", "8S", "2H"],
        reserve="9S",
    )  # hearts 7..K on the foundation
    assert st.foundation_top(1) == C("KH")
    moves = notations(legal_moves(st))
    assert "AH>f" in moves and "7S>f" in moves
    assert "8S>f" not in moves and "2H>f" not in moves
    after, points = apply_move(st, Move.parse("AH>f"))
    assert points == 5 and after.foundations[1] == 8


def test_a_full_foundation_takes_nothing_more() -> None:
    st = position(base="7H", foundations={"H": 13}, columns=["7S", "8S", "9S", "TS"], reserve="")
    assert st.foundation(1)[-1] == C("6H")
    assert not any(m.target == FOUNDATION and m.card == C("7H") for m in legal_moves(st))


def test_only_a_single_card_goes_to_a_foundation() -> None:
    st = position(
        base="7S", columns=["9H 8S", "KD", "QD", "JD"], reserve="2C", foundations={"S": 1}
    )
    with pytest.raises(IllegalMoveError, match="only a single card"):
        apply_move(st, Move.parse("9H>f"))
    assert "8S>f" in notations(legal_moves(st))


def test_foundation_top_can_come_back_to_a_column_without_losing_points() -> None:
    st = position(base="7H", foundations={"H": 3}, columns=["TS", "7S", "QD", "KS"], reserve="2C")
    moves = notations(legal_moves(st))
    assert "9H>1" in moves
    assert "8H>1" not in moves  # not the top
    after, points = apply_move(st, Move.parse("9H>1"))
    assert points == 0 and after.foundations[1] == 2 and after.columns[0] == cards("TS 9H")
    with pytest.raises(IllegalMoveError, match="under the top card of its foundation"):
        apply_move(st, Move.parse("8H>1"))
    with pytest.raises(IllegalMoveError, match="already on its foundation"):
        apply_move(st, Move.parse("9H>f"))


# -- stock and waste ------------------------------------------------------------------


def test_draw_three_fans_three_and_only_the_last_plays() -> None:
    st = position(base="7H", columns=["TS", "7S", "QD", "KS"], reserve="2C", stock="AS 2S 3S 4S 5S")
    # The stock's last card is drawn first.
    after, _ = apply_move(st, Move.DRAW)
    assert after.waste == cards("5S 4S 3S") and after.stock == cards("AS 2S")
    assert "3S>f" not in notations(legal_moves(after))
    assert locate(after, C("4S")).pile == "waste"
    with pytest.raises(IllegalMoveError, match="under the top card of the waste"):
        apply_move(after, Move.parse("4S>1"))


def test_draw_one_and_the_partial_last_draw() -> None:
    st = position(
        base="7H", columns=["TS", "7S", "QD", "KS"], reserve="2C", stock="AS 2S 3S 4S", draw=1
    )
    after, _ = apply_move(st, Move.DRAW)
    assert after.waste == cards("4S")
    st3 = st._replace(draw=3)
    a, _ = apply_move(st3, Move.DRAW)
    b, _ = apply_move(a, Move.DRAW)
    assert b.waste == cards("4S 3S 2S AS") and b.stock == ()


def test_recycle_turns_the_waste_over_in_the_same_order_without_limit() -> None:
    st = position(base="7H", columns=["TS", "7S", "QD", "KS"], reserve="2C", stock="AS 2S 3S 4S 5S")
    state = st
    for _ in range(2):
        state, _ = apply_move(state, Move.DRAW)
    assert state.stock == ()
    assert "s" in notations(legal_moves(state))
    recycled, points = apply_move(state, Move.DRAW)
    assert points == 0
    assert recycled.stock == st.stock and recycled.waste == ()
    assert recycled == st, "in canfield a recycle brings back the very same position"
    for _ in range(5):  # many passes, always the same cards in the same order
        again = recycled
        for _ in range(3):
            again, _ = apply_move(again, Move.DRAW)
        assert again.stock == st.stock


def test_the_stock_tap_is_illegal_only_when_stock_and_waste_are_empty() -> None:
    st = position(base="7H", columns=["TS", "7S", "QD", "KS"], reserve="2C", stock="")
    assert "s" not in notations(legal_moves(st))
    with pytest.raises(IllegalMoveError, match="both empty"):
        apply_move(st, Move.DRAW)


def test_playing_the_waste_top_frees_the_next_one() -> None:
    st = position(base="7H", columns=["TS", "7S", "QD", "6C"], reserve="2C", stock="AS 2S 5H 4D 9H")
    after, _ = apply_move(st, Move.DRAW)
    assert after.waste_top == C("5H")
    after, _ = apply_move(after, Move.parse("5H>4"))
    assert after.waste_top == C("4D")
    assert "9H>1" not in notations(legal_moves(after))


# -- win and legality bookkeeping ---------------------------------------------------------


def test_the_game_is_won_at_four_times_thirteen() -> None:
    almost = position(base="7H", foundations={"S": 13, "H": 13, "D": 13, "C": 12}, columns=["6C"])
    assert not almost.is_won
    won, points = apply_move(almost, Move.parse("6C>f"))
    assert won.is_won and points == 5
    assert legal_moves(won) == []  # the game is over, take-backs included
    with pytest.raises(IllegalMoveError, match="the game is won"):
        apply_move(won, Move.parse("6C>1"))


def test_illegal_column_targets_say_why() -> None:
    st = position(base="7H", columns=["TS", "7S", "QD", "KS"], reserve="2C")
    with pytest.raises(IllegalMoveError, match="does not go on 7S in column 2"):
        apply_move(st, Move.parse("QD>2"))
    with pytest.raises(IllegalMoveError, match="already in column 1"):
        apply_move(st, Move.parse("TS>1"))
    with pytest.raises(IllegalMoveError, match="still in the stock"):
        apply_move(st, Move(CARDS[st.stock[0]], 0))


# -- tap rule (docs/rules.md §7) --------------------------------------------------------------


def test_tap_prefers_the_foundation() -> None:
    st = position(base="7H", foundations={"H": 1}, columns=["9S", "8H", "9C", "KS"], reserve="2C")
    assert tap_move(st, C("8H")) == Move.parse("8H>f")


def test_tap_goes_to_the_longest_accepting_column_ties_left() -> None:
    st = position(base="2D", columns=["9S", "KD", "9C", "JH"], reserve="AS", waste="8H")
    assert tap_move(st, C("8H")) == Move.parse("8H>1")  # two single 9s: the leftmost
    longer = position(base="2D", columns=["9S", "KD", "JS TD 9C", "JH"], reserve="AS", waste="8H")
    assert tap_move(longer, C("8H")) == Move.parse("8H>3")  # the longest accepting column


def test_tap_falls_back_to_the_leftmost_empty_column() -> None:
    st = position(base="2D", columns=["QD", "", "KD QS JD", ""], reserve="", waste="8H")
    assert tap_move(st, C("8H")) == Move.parse("8H>2")
    st2 = position(base="2D", columns=["9S", "", "KD", ""], reserve="", waste="8H")
    assert tap_move(st2, C("8H")) == Move.parse("8H>1")  # an accepting column beats an empty one


def test_tap_inside_a_column_moves_the_card_and_those_on_it() -> None:
    st = position(base="2D", columns=["9S 8H 7C", "KD", "9C", "TD"], reserve="AS")
    move = tap_move(st, C("8H"))
    assert move == Move.parse("8H>3")
    after, _ = apply_move(st, move)
    assert after.columns[2] == cards("9C 8H 7C") and after.columns[0] == cards("9S")
    broken = position(base="2D", columns=["9S 5H 7C", "KD", "9C", "TD"], reserve="AS")
    assert tap_move(broken, C("5H")) is None  # not part of a movable sequence


def test_tap_with_double_tap_off_only_goes_to_the_foundation() -> None:
    st = position(base="2D", columns=["9S", "KD", "TD", "QS"], reserve="AS", waste="8H")
    assert tap_move(st, C("8H"), double_tap=True) == Move.parse("8H>1")
    assert tap_move(st, C("8H"), double_tap=False) is None


def test_tap_on_unplayable_cards_does_nothing() -> None:
    st = position(
        base="7H", foundations={"H": 2}, columns=["TS", "7S", "QD", "KS"], reserve="2C 9H"
    )
    assert tap_move(st, C("2C")) is None  # under the reserve top
    assert tap_move(st, C("8H")) is None  # foundation cards move only by drag
    assert tap_move(st, st.stock[0]) is None

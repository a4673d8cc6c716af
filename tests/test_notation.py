"""Position notation: one line that round-trips, and a clear refusal of anything else."""

from __future__ import annotations

import pytest

from canfield import VARIANTS, Game, IllegalMoveError, InvalidPositionError, Move, State
from canfield.errors import CanfieldError

OPENING = (
    "canfield D3 7H -/7H/-/- 2CJC2D3D6D5SJDAH2HJSQS8HQC 6C/KH/QH/AS "
    "6S5CTSTC7S6H9H5D4D3C4S7DAD5HJHTH3S4H7C4C8S8DAC8C9S9C3H9DQDKCTD2SKDKS - 0"
)


def test_the_example_deal_in_notation() -> None:
    state = Game.from_code("CF1-D3-AAAAACL").state
    assert str(state) == OPENING == state.notation()
    assert State.parse(OPENING) == state
    assert repr(state) == f"State.parse({OPENING!r})"


def test_reading_ignores_case_and_extra_spaces() -> None:
    assert State.parse("  " + OPENING.lower().replace(" ", "   ") + "\n") == State.parse(OPENING)


@pytest.mark.parametrize("name", VARIANTS)
def test_every_variant_round_trips_through_play(name: str) -> None:
    game = Game.from_code(f"CF1-{name.upper()}-D1-ABCDEFG")
    for number in range(200):
        state = game.state
        assert State.parse(str(state)) == state
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[(number * 7) % len(moves)])


def test_storehouse_writes_its_twos_on_the_foundations() -> None:
    text = str(Game.from_code("CF1-STOREHOUSE-D1-AAAAACL").state)
    assert text.startswith("storehouse D1 2S 2S/2H/2D/2C ")


def _refused(text: str) -> str:
    with pytest.raises(InvalidPositionError) as caught:
        State.parse(text)
    message = str(caught.value)
    assert "\n" not in message
    return message


def _field(index: int, value: str) -> str:
    parts = OPENING.split()
    parts[index] = value
    return " ".join(parts)


def test_a_wrong_number_of_fields_is_refused() -> None:
    assert "expected 9 fields" in _refused("canfield D3 7H")
    assert "found 0" in _refused("")


def test_an_unknown_variant_lists_the_known_ones() -> None:
    message = _refused(_field(0, "klondike"))
    assert "klondike" in message and all(name in message for name in VARIANTS)


def test_bad_fields_are_named() -> None:
    assert "D2" in _refused(_field(1, "D2"))
    assert "'XY' is not a card" in _refused(_field(2, "XY"))
    assert "cannot hold 7S" in _refused(_field(3, "-/7S/-/-"))
    assert "expected 4" in _refused(_field(3, "-/7H/-"))
    assert "not whole cards" in _refused(_field(4, "2CJ"))
    assert "column 2" in _refused(_field(5, "6C/K/QH/AS"))
    assert "recycles" in _refused(_field(8, "x"))


def test_every_card_must_be_there_exactly_once() -> None:
    assert "7H is both in the reserve and in the hearts foundation" in _refused(
        _field(4, "2CJC2D3D6D5SJDAH2HJSQS8H7H")
    )
    assert "1 card(s) missing: QC" in _refused(_field(4, "2CJC2D3D6D5SJDAH2HJSQS8H"))


def test_recycles_are_bounded_by_the_variant() -> None:
    assert "no limit" in _refused(_field(8, "1"))
    storehouse = str(Game.from_code("CF1-STOREHOUSE-D1-AAAAACL").state)
    assert State.parse(storehouse[:-1] + "2").recycles == 2
    assert "allows 2 recycles, not 3" in _refused(storehouse[:-1] + "3")


def test_storehouse_needs_its_twos_base() -> None:
    storehouse = str(Game.from_code("CF1-STOREHOUSE-D1-AAAAACL").state)
    assert "base is 2S" in _refused(storehouse.replace(" 2S 2S/", " 2H 2S/", 1))


def test_non_text_is_refused() -> None:
    with pytest.raises(CanfieldError):
        State.parse(52)  # type: ignore[arg-type]


def test_an_illegal_move_quotes_the_position() -> None:
    game = Game.from_code("CF1-D3-AAAAACL")
    with pytest.raises(IllegalMoveError) as caught:
        game.play(Move.parse("6C>1"))
    assert f"(position: {OPENING})" in str(caught.value)

"""Variant games through the API: codes, decks, saves, undo; bad values refused where they enter."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canfield import (
    VARIANTS,
    DealCode,
    Game,
    InvalidCodeError,
    InvalidDrawError,
    InvalidMoveError,
    InvalidSaveError,
    InvalidVariantError,
    Move,
    State,
)
from canfield.cards import CARDS
from canfield.deal import DEAL_COUNT, format_deck
from canfield.moves import FOUNDATION
from canfield.rules import apply_move, is_legal, legal_moves, tap_move
from canfield.solver import Verdict, solve
from test_deal import GOLDEN

# Every variant's code for deal AAAAACL (number 63): the same 52-card shuffle.
VARIANT_CODES = {
    "canfield": "CF1-D3-AAAAACL",
    "classic": "CF1-CLASSIC-D3-AAAAACL",
    "superior": "CF1-SUPERIOR-D3-AAAAACL",
    "rainbow": "CF1-RAINBOW-D1-AAAAACL",
    "storehouse": "CF1-STOREHOUSE-D1-AAAAACL",
    "strict": "CF1-STRICT-D3-AAAAACL",
    "solvitaire": "CF1-SOLVITAIRE-D3-AAAAACL",
    "solvitaire_strict": "CF1-SOLVITAIRE_STRICT-D3-AAAAACL",
}


@pytest.mark.parametrize(("name", "code"), VARIANT_CODES.items())
def test_codes_name_the_variant_and_replay_its_deal(name: str, code: str) -> None:
    game = Game.from_code(code)
    assert game.variant == name and game.code == code
    assert game.deck_string == GOLDEN["CF1-D3-AAAAACL"]  # the same shuffle in every variant
    assert Game.from_code(code.lower()).state == game.state
    assert Game.from_code(f"  {code} ").code == code
    fresh = Game.new(variant=name)
    assert fresh.variant == name
    assert fresh.code is not None and Game.from_code(fresh.code).state == fresh.state
    assert DealCode.parse(code) == DealCode(63, game.draw, game.state.variant)


def test_the_seed_form_always_means_canfield() -> None:
    assert Game.new().code is not None and Game.new().code.startswith("CF1-D3-")  # type: ignore[union-attr]
    assert Game.new(draw=1).code.startswith("CF1-D1-")  # type: ignore[union-attr]
    assert Game.from_code("CF1-D1-AAAAACL").variant == "canfield"
    assert Game.from_code("cf1-canfield-d3-aaaaacl").code == "CF1-D3-AAAAACL"


def test_a_variant_game_in_the_other_draw_mode() -> None:
    game = Game.new(draw=3, variant="storehouse")
    assert game.code is not None and "-STOREHOUSE-D3-" in game.code
    assert Game.from_code(game.code).draw == 3


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("CF1-KLONDIKE-D3-AAAAACL", "unknown variant 'KLONDIKE'"),
        ("CF1-RAINBOW-D2-AAAAACL", "unknown draw mode 'D2'"),
        ("CF1-RAINBOW-D1-AAAA", "4 letters"),
        ("CF1-RAINBOW-X-D1-AAAAACL", "not a game code"),
    ],
)
def test_bad_variant_codes_say_why(text: str, fragment: str) -> None:
    with pytest.raises(InvalidCodeError, match=fragment):
        DealCode.parse(text)
    if "KLONDIKE" in text:
        with pytest.raises(InvalidCodeError, match="STOREHOUSE"):
            DealCode.parse(text)


def test_from_deck_takes_the_variant() -> None:
    deck = GOLDEN["CF1-D3-AAAAACL"]
    game = Game.from_deck(deck, variant="storehouse")
    assert game.variant == "storehouse" and game.draw == 1 and game.code is None
    assert game.state == Game.from_code("CF1-STOREHOUSE-D1-AAAAACL").state
    assert game.restarted().variant == "storehouse"


@pytest.mark.parametrize("draw", [3.0, True, 2, "3", 0])
def test_bad_draw_values_are_refused_where_they_enter(draw: object) -> None:
    deck = GOLDEN["CF1-D3-AAAAACL"]
    with pytest.raises(InvalidDrawError):
        Game.from_deck(deck, draw)  # type: ignore[arg-type]
    with pytest.raises(InvalidDrawError):
        Game.new(draw=draw)  # type: ignore[arg-type]


def test_a_bad_variant_value_is_refused() -> None:
    with pytest.raises(InvalidVariantError):
        Game.from_deck(GOLDEN["CF1-D3-AAAAACL"], variant=3)  # type: ignore[arg-type]


def test_moves_with_bad_cards_are_refused_where_they_are_built() -> None:
    with pytest.raises(InvalidMoveError):
        Move(52, 2)  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError):
        Move(CARDS[3], 9)
    with pytest.raises(InvalidMoveError):
        Move(True, 2)  # type: ignore[arg-type]
    assert Move(5, 2) == Move(CARDS[5], 2)  # type: ignore[arg-type]
    assert type(Move(5, 2).card) is type(CARDS[5])  # type: ignore[arg-type]


def test_saves_of_variant_games_load_back_equal() -> None:
    for code in VARIANT_CODES.values():
        game = Game.from_code(code)
        for _ in range(30):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(moves[len(moves) // 2])
        game.undo()
        data = game.to_dict()
        assert data["variant"] == game.variant
        assert Game.from_dict(data) == game
    deck_game = Game.from_deck(GOLDEN["CF1-D3-AAAAAAA"], variant="superior")
    assert Game.from_dict(deck_game.to_dict()) == deck_game


def test_old_saves_without_a_variant_load_as_canfield() -> None:
    game = Game.from_code("CF1-D1-AAAAACL")
    game.play("s")
    data = game.to_dict()
    del data["variant"]
    loaded = Game.from_dict(data)
    assert loaded.variant == "canfield" and loaded == game


def test_save_errors_for_variants_and_draws() -> None:
    data = Game.from_code("CF1-RAINBOW-D1-AAAAACL").to_dict()
    with pytest.raises(InvalidSaveError, match="does not match variant"):
        Game.from_dict({**data, "variant": "strict"})
    with pytest.raises(InvalidSaveError, match="unknown variant"):
        Game.from_dict({**data, "variant": "klondike"})
    with pytest.raises(InvalidSaveError, match="bad draw mode"):
        Game.from_dict({**data, "draw": 1.0})
    with pytest.raises(InvalidSaveError, match="bad draw mode"):
        Game.from_dict({**Game.from_code("CF1-D3-AAAAACL").to_dict(), "draw": 3.0})


def test_the_fan_is_kept_by_the_game_not_the_position() -> None:
    game = Game.from_code("CF1-D3-AAAAACL")
    assert game.visible_waste() == () and game.fan == 0
    game.play("s")
    assert len(game.visible_waste()) == 3 and game.fan == 3
    assert game.visible_waste() == game.waste[-3:]
    game.undo()
    assert game.fan == 0
    game.redo()
    assert game.fan == 3
    draw_one = Game.from_code("CF1-D1-AAAAACL")
    draw_one.play("s")
    assert len(draw_one.visible_waste()) == 1


def test_the_solver_answers_every_variant_code() -> None:
    for name in VARIANTS:
        game = Game.from_code(VARIANT_CODES[name])
        result = solve(game, time_limit=1)
        for move in result.line:
            game.play(move)
        assert game.is_won == (result.verdict is Verdict.WON)


# -- random play in every variant -------------------------------------------------------

_SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_deals = st.integers(min_value=0, max_value=DEAL_COUNT - 1)
_variants = st.sampled_from(VARIANTS)
_draws = st.sampled_from((1, 3))
_picks = st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=150)


def _all_cards(state: State) -> list[int]:
    cards = [*state.stock, *state.waste, *state.reserve]
    for col in state.columns:
        cards.extend(col)
    for suit in range(4):
        cards.extend(state.foundation(suit))
    return sorted(cards)


@_SETTINGS
@given(_deals, _variants, _draws, _picks)
def test_random_play_never_loses_a_card_and_the_notation_round_trips(
    number: int, name: str, draw: int, picks: list[int]
) -> None:
    game = Game.from_code(DealCode(number, draw, name))  # type: ignore[arg-type]
    sent_up = 0
    for pick in picks:
        state = game.state
        assert _all_cards(state) == list(range(52))
        assert State.parse(state.notation()) == state
        assert game.score == 5 * sent_up
        moves = game.legal_moves()
        if not moves:
            break
        move = game.play(moves[pick % len(moves)])
        sent_up += move.target == FOUNDATION
    assert _all_cards(game.state) == list(range(52))


@_SETTINGS
@given(_deals, _variants, _draws, _picks)
def test_undo_restores_everything_in_every_variant(
    number: int, name: str, draw: int, picks: list[int]
) -> None:
    game = Game.from_code(DealCode(number, draw, name))  # type: ignore[arg-type]
    seen = [(game.state, game.score, game.moves_made, game.visible_waste())]
    for pick in picks:
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[pick % len(moves)])
        seen.append((game.state, game.score, game.moves_made, game.visible_waste()))
    depth = min(len(seen) - 1, 100)
    for expected in reversed(seen[-depth - 1 : -1]):
        assert game.undo()
        assert (game.state, game.score, game.moves_made, game.visible_waste()) == expected
    for expected in seen[len(seen) - depth :]:
        assert game.redo()
        assert (game.state, game.score, game.moves_made, game.visible_waste()) == expected
    assert Game.from_dict(game.to_dict()) == game


def test_golden_variant_deck_strings() -> None:
    """Storehouse deals the 48 cards that are not 2s, in the deck's own order."""
    game = Game.from_code("CF1-STOREHOUSE-D1-AAAAACL")
    state = game.state
    assert format_deck(state.reserve) == "JC 3D 6D 5S JD AH JS QS 8H QC 7H 6C KH"
    assert format_deck([c for col in state.columns for c in col]) == "QH AS KS KD"
    assert format_deck(state.stock[::-1]).startswith("TD KC QD 9D 3H 9C")


_EVERY_MOVE = [Move.DRAW] + [Move(c, t) for c in CARDS for t in range(FOUNDATION + 1)]


@_SETTINGS
@given(_deals, _variants, _draws, _picks)
def test_legal_moves_are_exactly_what_play_accepts_and_taps_change_something(
    number: int, name: str, draw: int, picks: list[int]
) -> None:
    game = Game.from_code(DealCode(number, draw, name))  # type: ignore[arg-type]
    for pick in picks[:20]:
        state = game.state
        legal = legal_moves(state)
        assert len(set(legal)) == len(legal)
        assert set(legal) == {m for m in _EVERY_MOVE if is_legal(state, m)}
        for card in range(52):
            tap = tap_move(state, card)
            if tap is not None:
                assert tap in legal and apply_move(state, tap)[0] != state
        if not legal:
            break
        game.play(legal[pick % len(legal)])

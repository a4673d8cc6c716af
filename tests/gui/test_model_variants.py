"""Random legal play through the app's model, for every variant: the table keeps 52 cards.

The engine has the same property for its own states; here it is the app's
side that is checked: the model's signals and undo, and the placements the
table draws from (the fanned reserve of Superior included), so no card is
lost, doubled or drawn twice in one place.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canfield import Game
from canfield.deal import DEAL_COUNT, DealCode
from canfield.gui import cardart
from canfield.gui.model import Change, GameModel
from canfield.presentation.geometry import TableLayout, placements
from canfield.rules import pickup
from canfield.variants import VARIANTS, variant_named

_SIZES = ((360.0, 560.0), (1280.0, 700.0))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(VARIANTS),
    draw=st.sampled_from((1, 3)),
    number=st.integers(0, DEAL_COUNT - 1),
    choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=60),
)
def test_random_play_through_the_model_keeps_52_cards(
    variant: str, draw: int, number: int, choices: list[int]
) -> None:
    code = DealCode(number % DEAL_COUNT, draw, variant_named(variant))
    model = GameModel(Game.from_code(code))
    changes: list[Change] = []
    model.changed.connect(changes.append)
    for step, choice in enumerate(choices):
        before = len(changes)
        if choice % 9 == 0 and model.game.can_undo:
            assert model.undo()
        else:
            moves = model.game.legal_moves()
            if not moves:
                break
            assert model.play(moves[choice % len(moves)])
        assert len(changes) == before + 1  # one signal per action, for the table and storage
        state = model.state
        assert state.card_count() == 52
        width, height = _SIZES[step % 2]
        longest = max(len(c) for c in state.columns)
        fan = state.variant.reserve_face_up
        lay = TableLayout.compute(width, height, cardart.CARD_ASPECT, longest, fan)
        places = placements(state, lay, len(model.game.visible_waste()))
        assert sorted(places) == list(range(52))
        if fan:  # every reserve card lies in a place of its own, so all can be seen
            assert len({places[c].pos.x for c in state.reserve}) == len(state.reserve)
        for column in state.columns:
            assert len({places[c].pos.y for c in column}) == len(column)
        # only the reserve's top card can be picked up, in every variant
        movable = [bool(pickup(state, c)) for c in state.reserve]
        if state.reserve and not state.is_won:
            assert movable == [False] * (len(movable) - 1) + [True]

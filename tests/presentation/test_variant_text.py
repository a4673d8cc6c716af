"""The research variants: New game leaves them out, their codes play, four languages name them."""

from __future__ import annotations

import pytest

from canfield import Game
from canfield.deal import DealCode
from canfield.i18n import LANGUAGES, set_language
from canfield.presentation.variant_text import APP_VARIANTS, variant_summary, variant_title
from canfield.variants import RESEARCH_VARIANTS, VARIANTS


def test_new_game_offers_every_variant_but_the_research_ones_in_the_rules_order() -> None:
    assert set(RESEARCH_VARIANTS) == {"solvitaire", "solvitaire_strict"}
    assert tuple(name for name in VARIANTS if name not in RESEARCH_VARIANTS) == APP_VARIANTS
    assert not set(APP_VARIANTS) & set(RESEARCH_VARIANTS)


@pytest.mark.parametrize("name", RESEARCH_VARIANTS)
def test_a_research_code_parses_round_trips_and_plays(name: str) -> None:
    code = f"CF1-{name.upper()}-D3-AAAAACL"
    parsed = DealCode.parse(code)
    assert (parsed.variant.name, parsed.draw, str(parsed)) == (name, 3, code)
    assert DealCode.parse(code.lower()) == parsed
    game = Game.from_code(code)
    assert game.variant == name and game.code == code
    game.play("s")
    assert game.state.variant.name == name and len(game.visible_waste()) == 3


@pytest.mark.parametrize("name", VARIANTS)
def test_every_variant_has_a_title_and_a_summary_in_every_language(name: str) -> None:
    english: tuple[str, str] | None = None
    try:
        for lang in LANGUAGES:
            set_language(lang)
            title, summary = variant_title(name), variant_summary(name)
            assert title and title != name and summary.endswith("."), (lang, name)
            if lang == "en":
                english = (title, summary)
            else:  # translated, not left in English (a name may stay: Solvitaire is Solvitaire)
                assert english is not None and summary != english[1], (lang, name)
    finally:
        set_language("en")


def test_the_two_research_variants_are_told_apart_in_every_language() -> None:
    try:
        for lang in LANGUAGES:
            set_language(lang)
            titles = {variant_title(name) for name in RESEARCH_VARIANTS}
            summaries = {variant_summary(name) for name in RESEARCH_VARIANTS}
            assert len(titles) == len(summaries) == len(RESEARCH_VARIANTS), lang
    finally:
        set_language("en")

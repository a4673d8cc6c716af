"""Counts and casino amounts are written as the desktop's Qt locale writes them, without Qt."""

from __future__ import annotations

import pytest

from canfield import i18n
from canfield.presentation.money import format_money
from canfield.presentation.numbers import format_number


@pytest.mark.parametrize(
    ("lang", "value", "text"),
    [
        ("en", 999, "999"),
        ("en", 1234567, "1,234,567"),
        ("id", 1234, "1.234"),
        ("pt", 1234, "1234"),
        ("pt", 12345, "12\u00a0345"),
        ("hu", 1234567, "1\u00a0234\u00a0567"),
        ("en", -5200, "-5,200"),
    ],
)
def test_numbers_group_digits_as_the_language_does(lang: str, value: int, text: str) -> None:
    i18n.set_language(lang)
    try:
        assert format_number(value) == text
    finally:
        i18n.set_language("en")


def test_money_has_its_sign_and_the_languages_grouping() -> None:
    i18n.set_language("en")
    assert (format_money(13), format_money(-5200), format_money(0)) == ("+$13", "−$5,200", "$0")
    i18n.set_language("hu")
    try:
        assert format_money(13) == "+13\u00a0$"
    finally:
        i18n.set_language("en")

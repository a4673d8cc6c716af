"""Game codes and the deal-number → deck mapping (see ``docs/deal-numbers.md``).

A code must mean the same deal on every machine and in every future version,
so the shuffle is written out here in full (SplitMix64 + Fisher–Yates with
rejection sampling) instead of borrowing Python's ``random``, whose sequences
are not promised to stay the same.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from canfield.cards import CARDS, Card, format_cards, parse_cards
from canfield.errors import (
    CanfieldError,
    CodeProblem,
    DeckProblem,
    InvalidCodeError,
    InvalidDeckError,
    InvalidDrawError,
    quoted,
)
from canfield.variants import CANFIELD, VARIANTS, Variant, check_draw, variant_named

__all__ = [
    "CODE_LETTERS",
    "DEAL_COUNT",
    "EXAMPLE_CODE",
    "START_ORDER",
    "DealCode",
    "deck_for_deal",
    "format_deck",
    "parse_deck",
    "random_deal_number",
    "splitmix64",
]

CODE_VERSION: Final = "CF1"
CODE_LETTERS: Final = 7
DEAL_COUNT: Final = 26**CODE_LETTERS
"""Deal numbers run from 0 (``AAAAAAA``) to ``DEAL_COUNT - 1`` (``ZZZZZZZ``)."""
EXAMPLE_CODE: Final = "CF1-D3-AAAAACL"
"""Deal 63: the example position of docs/rules.md, used in messages, help and tests."""

_MASK64: Final = (1 << 64) - 1

# The deck's order before shuffling. Any fixed order would do; this one is the
# suits' ace-to-king order with nine cards placed so that deal 63
# (CF1-D3-AAAAACL) deals the example position of docs/notation.md and docs/deal-numbers.md.
START_ORDER: Final[tuple[Card, ...]] = tuple(
    parse_cards(
        "2S 7H 3S 4S 5S 6S 7S 8S 6C QC 9S TS KS AH 2H 3H 4H 5H 6H 9H TH JH AD 2D 3D 4D "
        "QH JS 5D 6D 7D AS QS 8D 8H 9D TD JD QD KD AC 2C 3C 4C 5C KH 7C 8C 9C TC JC KC"
    )
)


def splitmix64(seed: int) -> Iterator[int]:
    """Vigna's SplitMix64: a tiny, well-tested 64-bit generator, exact in integer arithmetic."""
    state = seed & _MASK64
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        yield z ^ (z >> 31)


def _below(stream: Iterator[int], bound: int) -> int:
    """An unbiased integer in ``[0, bound)``: reject the incomplete top slice of 2**64."""
    limit = (1 << 64) - (1 << 64) % bound
    while True:
        value = next(stream)
        if value < limit:
            return value % bound


def deck_for_deal(number: int) -> tuple[Card, ...]:
    """The 52 cards of deal ``number`` in deal order (reserve first, stock last)."""
    if not 0 <= number < DEAL_COUNT:
        raise InvalidCodeError(
            f"deal number out of range: {quoted(number)} (0 to {DEAL_COUNT - 1})",
            CodeProblem.NUMBER,
        )
    stream = splitmix64(number)
    deck = list(START_ORDER)
    for i in range(51, 0, -1):
        j = _below(stream, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def random_deal_number() -> int:
    import secrets  # here: a solve from the command line never needs it (its start-up is timed)

    return secrets.randbelow(DEAL_COUNT)


def _letters(number: int) -> str:
    chars = []
    for _ in range(CODE_LETTERS):
        number, digit = divmod(number, 26)
        chars.append(chr(ord("A") + digit))
    return "".join(reversed(chars))


_CODE_SHAPE: Final = re.compile(r"^([^-]*)(?:-([^-]*))?-([^-]*)-([^-]*)$")


@dataclass(frozen=True, slots=True)
class DealCode:
    """A parsed game code: the variant, the draw mode and the deal number.

    ``CF1-D3-AAAAACL`` is the app's own Canfield; another variant's code
    names it between the version and the draw mode, ``CF1-RAINBOW-D1-AAAAACL``.
    """

    number: int
    draw: int = 3
    variant: Variant = CANFIELD

    def __post_init__(self) -> None:
        try:
            check_draw(self.draw)
        except InvalidDrawError as exc:
            raise InvalidCodeError(str(exc), CodeProblem.NUMBER) from None
        if type(self.number) is not int or not 0 <= self.number < DEAL_COUNT:
            raise InvalidCodeError(
                f"deal number out of range: {quoted(self.number)} (0 to {DEAL_COUNT - 1})",
                CodeProblem.NUMBER,
            )
        object.__setattr__(self, "variant", variant_named(self.variant))

    @classmethod
    def parse(cls, text: str) -> DealCode:
        """Read a code case-insensitively, ignoring surrounding spaces."""
        if not isinstance(text, str):
            raise InvalidCodeError(f"a game code must be text, not {type(text).__name__}")
        raw = text.strip().upper()
        if not raw:
            raise InvalidCodeError(f"empty game code (expected e.g. {EXAMPLE_CODE!r})")
        shape = _CODE_SHAPE.match(raw)
        if shape is None or (shape.group(2) or "").startswith("D"):
            raise InvalidCodeError(
                f"not a game code: {quoted(text)} (expected three parts like {EXAMPLE_CODE!r}, "
                "or four like 'CF1-RAINBOW-D1-AAAAACL')"
            )
        version, variant_text, draw, letters = shape.groups()
        variant = CANFIELD
        if variant_text is not None:
            try:
                variant = variant_named(variant_text)
            except CanfieldError:
                raise InvalidCodeError(
                    f"unknown variant {quoted(variant_text)} in {quoted(text)} "
                    f"(known: {', '.join(v.upper() for v in VARIANTS)})",
                    CodeProblem.VARIANT,
                    variant_text,
                ) from None
        if version != CODE_VERSION:
            raise InvalidCodeError(
                f"unknown code version {quoted(version)} in {quoted(text)} "
                f"(this version reads {CODE_VERSION})",
                CodeProblem.VERSION,
                version,
            )
        if draw not in ("D1", "D3"):
            raise InvalidCodeError(
                f"unknown draw mode {quoted(draw)} in {quoted(text)} (D1 or D3)",
                CodeProblem.DRAW,
                draw,
            )
        if len(letters) != CODE_LETTERS:
            raise InvalidCodeError(
                f"the deal part of {quoted(text)} has {len(letters)} letters, not {CODE_LETTERS}",
                CodeProblem.LENGTH,
                letters,
            )
        bad = sorted({c for c in letters if not "A" <= c <= "Z"})
        if bad:
            raise InvalidCodeError(
                f"the deal part of {quoted(text)} may hold only letters A-Z, "
                f"not {quoted(''.join(bad))}",
                CodeProblem.LETTERS,
                letters,
            )
        number = 0
        for c in letters:
            number = number * 26 + ord(c) - ord("A")
        return cls(number, int(draw[1]), variant)

    @property
    def letters(self) -> str:
        return _letters(self.number)

    def deck(self) -> tuple[Card, ...]:
        return deck_for_deal(self.number)

    def __str__(self) -> str:
        if self.variant is CANFIELD:
            return f"{CODE_VERSION}-D{self.draw}-{self.letters}"
        return f"{CODE_VERSION}-{self.variant.name.upper()}-D{self.draw}-{self.letters}"


def parse_deck(text: str) -> tuple[Card, ...]:
    """52 distinct cards in deal order, separated by spaces or commas."""
    if not isinstance(text, str):
        raise InvalidDeckError(f"a deck must be text, not {type(text).__name__}")
    cards = parse_cards(text)
    return validate_deck(cards)


def validate_deck(cards: Sequence[int]) -> tuple[Card, ...]:
    """52 distinct card values in deal order; :class:`InvalidDeckError` says what is wrong.

    Anything that is not a sequence of whole numbers (``12345``, ``None``, bytes)
    is :attr:`DeckProblem.NOT_TEXT`: neither text nor card values.
    """
    if isinstance(cards, (str, bytes, bytearray)) or not isinstance(cards, Sequence):
        raise InvalidDeckError(
            f"a deck is text or a sequence of 52 card values, not {type(cards).__name__}",
            DeckProblem.NOT_TEXT,
        )
    if len(cards) != 52:
        raise InvalidDeckError(
            f"a deck has 52 cards, this one has {len(cards)}", DeckProblem.COUNT, count=len(cards)
        )
    seen: dict[int, int] = {}
    duplicates: list[str] = []
    for position, c in enumerate(cards, start=1):
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < 52:
            raise InvalidDeckError(
                f"not a card: {quoted(c)}", DeckProblem.CARD, position=position, part=quoted(c)
            )
        seen[c] = seen.get(c, 0) + 1
        if seen[c] == 2:
            duplicates.append(str(CARDS[c]))
    if duplicates:
        missing = tuple(str(CARDS[c]) for c in range(52) if c not in seen)
        raise InvalidDeckError(
            f"duplicate card(s) {' '.join(duplicates)} in the deck (missing: {' '.join(missing)})",
            DeckProblem.TWICE,
            twice=tuple(duplicates),
            missing=missing,
        )
    return tuple(CARDS[c] for c in cards)


def format_deck(cards: Sequence[int]) -> str:
    return format_cards(cards)

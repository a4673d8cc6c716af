"""Build positions for tests: name the piles, the rest goes to the stock (or reserve).

The position is written in position notation and read by ``State.parse``, the
one builder, which checks that every card is there exactly once.
``exact_position`` is for builders that place every card themselves, and
``random_play`` plays a deal on by chance for the tests that want many positions.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from canfield.cards import format_cards, parse_card, suit_of
from canfield.moves import FOUNDATION
from canfield.rules import apply_move, legal_moves
from canfield.state import State, foundation_cards


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def _pile(pile: Iterable[int]) -> str:
    return "".join(_name(c) for c in pile) or "-"


def _name(card: int) -> str:
    """The card's name in the notation (the one function that writes it)."""
    return format_cards((card,))


def position(
    *,
    base: str,
    foundations: dict[str, int] | None = None,
    reserve: str = "",
    waste: str = "",
    columns: Iterable[str] = ("", "", "", ""),
    draw: int = 3,
    stock: str | None = None,
    variant: str = "canfield",
    recycles: int = 0,
) -> State:
    """A position with the given piles (cards as space-separated text, bottom first).

    ``foundations`` counts the cards on each suit's foundation (``{"H": 2}``);
    by default the base card alone. Cards not placed go to the stock, or, when
    the stock is given, under the reserve.
    """
    base_card = parse_card(base)
    counts = [0, 0, 0, 0]
    default = {"SHDC"[s]: 1 for s in range(4)} if variant == "storehouse" else None
    for suit_char, count in (foundations or default or {suit_char_of(base_card): 1}).items():
        counts["SHDC".index(suit_char)] = count
    cols = [cards(c) for c in [*columns, "", "", ""][:4]]
    placed = [*cards(reserve), *cards(waste), *(c for col in cols for c in col)]
    for suit in range(4):
        placed.extend(foundation_cards(base_card, suit, counts[suit]))
    reserve_cards = cards(reserve)
    if stock is None:
        stock_cards = tuple(c for c in range(52) if c not in placed)
    else:
        stock_cards = cards(stock)
        rest = tuple(c for c in range(52) if c not in placed and c not in stock_cards)
        reserve_cards = rest + reserve_cards
    return exact_position(
        base=base_card,
        foundations=counts,
        reserve=reserve_cards,
        columns=cols,
        stock=stock_cards,
        waste=cards(waste),
        draw=draw,
        variant=variant,
        recycles=recycles,
    )


def exact_position(
    *,
    base: int,
    foundations: Sequence[int],
    reserve: Sequence[int],
    columns: Sequence[Sequence[int]],
    stock: Sequence[int],
    waste: Sequence[int] = (),
    draw: int = 3,
    variant: str = "canfield",
    recycles: int = 0,
) -> State:
    """The position with exactly these piles (card numbers, bottom first), nothing filled in.

    For builders that place every card themselves (random positions, long
    tails): it is written in position notation and read by ``State.parse``, so
    a card they lose or place twice is an error, not a quietly odd position.
    ``foundations`` counts each suit's cards (spades, hearts, diamonds, clubs).
    """
    tops = "/".join(
        _name(foundation_cards(base, suit, count)[-1]) if count else "-"
        for suit, count in enumerate(foundations)
    )
    text = " ".join(
        (
            variant,
            f"D{draw}",
            _name(base),
            tops,
            _pile(reserve),
            "/".join(_pile(column) for column in columns),
            _pile(stock),
            _pile(waste),
            str(recycles),
        )
    )
    return State.parse(text)


def suit_char_of(card: int) -> str:
    return "SHDC"[suit_of(card)]


WIN_DECK = (
    "AH KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS 2H 3H 4H 5H "
    "6H 7H 8H 9H TH JH QH KH AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD "
    "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"
)
"""A draw-1 deal won by sending every card home in order (for the win screen)."""
WIN_MOVES = (
    [f"{r}S>f" for r in "23456789TJQK"]
    + ["AH>f", "2H>f", "3H>f", "4H>f", "5H>f"]
    + [
        m
        for c in [*(r + "H" for r in "6789TJQK"), *(r + s for s in "DC" for r in "A23456789TJQK")]
        for m in ("s", f"{c}>f")
    ]
)


def random_play(state: State, steps: int, rng: random.Random, home: float = 0.6) -> State:
    """``state`` after ``steps`` random actions through the rules (fewer where none is legal).

    Where a card can go to a foundation, one of those moves is taken with chance ``home``:
    play that only wandered would rarely get far enough to clear a column or a reserve.
    Each action draws from ``rng`` alone, so a seed always gives the same positions.
    """
    for _ in range(steps):
        moves = legal_moves(state)
        if not moves:
            break
        ups = [m for m in moves if m.target == FOUNDATION]
        move = rng.choice(ups) if ups and rng.random() < home else rng.choice(moves)
        state, _ = apply_move(state, move)
    return state

"""Build positions by hand for rule tests: name the piles, the rest is checked to add up."""

from __future__ import annotations

from collections.abc import Iterable

from canfield.cards import parse_card, suit_of
from canfield.state import State, foundation_cards


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def position(
    *,
    base: str,
    foundations: dict[str, int] | None = None,
    reserve: str = "",
    waste: str = "",
    columns: Iterable[str] = ("", "", "", ""),
    draw: int = 3,
    fan: int = 0,
    stock: str | None = None,
) -> State:
    """A State with the given piles.

    Cards not placed go to the stock, or, when the stock is given, under the reserve.
    """
    base_card = parse_card(base)
    counts = [0, 0, 0, 0]
    for suit_char, count in (foundations or {suit_char_of(base_card): 1}).items():
        counts["SHDC".index(suit_char)] = count
    cols = tuple(cards(c) for c in [*columns, "", "", ""][:4])
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
        placed.extend(rest)
    everything = sorted([*placed, *stock_cards])
    if everything != list(range(52)):
        raise AssertionError("the position does not hold each card exactly once")
    return State(
        stock=stock_cards,
        waste=cards(waste),
        reserve=reserve_cards,
        foundations=(counts[0], counts[1], counts[2], counts[3]),
        columns=(cols[0], cols[1], cols[2], cols[3]),
        base=base_card,
        draw=draw,
        fan=fan,
    )


def suit_char_of(card: int) -> str:
    return "SHDC"[suit_of(card)]

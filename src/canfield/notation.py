"""Position notation: a whole position on one line, like FEN for chess (``docs/notation.md``).

    canfield D3 7H -/7H/-/- 2S7H3S4S5S6S7S8S6CQCQSJSKS 6C/KH/QH/AS <34 stock cards> - 0

Nine fields separated by spaces: the variant, the draw mode, the base card,
the four foundations' top cards (spades/hearts/diamonds/clubs, ``-`` empty),
the reserve, the four columns, the stock, the waste and the recycles made.
Every pile is written bottom first with its playable card last, cards run
together two characters each, ``-`` for an empty pile. Reading checks
everything a position must satisfy and names the first thing that is wrong.
"""

from __future__ import annotations

from typing import Final

from canfield.cards import CARDS, RANK_CHARS, SUIT_CHARS, rank_of
from canfield.errors import CanfieldError, InvalidPositionError, quoted
from canfield.state import State
from canfield.variants import FoundationStart, variant_named

__all__ = ["FIELDS", "format_position", "parse_position"]

FIELDS: Final = (
    "variant",
    "draw",
    "base",
    "foundations",
    "reserve",
    "columns",
    "stock",
    "waste",
    "recycles",
)
"""The fields of the notation, in order."""

_SUIT_WORDS: Final = ("spades", "hearts", "diamonds", "clubs")
_NAMES: Final = tuple(str(c) for c in CARDS)
_BY_NAME: Final = {name: i for i, name in enumerate(_NAMES)}


def _pile(cards: tuple[int, ...]) -> str:
    return "".join(_NAMES[c] for c in cards) or "-"


def format_position(state: State) -> str:
    """The notation of ``state`` (what ``str(state)`` prints)."""
    tops = "/".join("-" if state.foundations[s] == 0 else _NAMES[_top(state, s)] for s in range(4))
    return " ".join(
        (
            state.variant.name,
            f"D{state.draw}",
            _NAMES[state.base],
            tops,
            _pile(state.reserve),
            "/".join(_pile(col) for col in state.columns),
            _pile(state.stock),
            _pile(state.waste),
            str(state.recycles),
        )
    )


def _top(state: State, suit: int) -> int:
    return suit * 13 + (state.base + state.foundations[suit] - 1) % 13


def _error(text: str, why: str) -> InvalidPositionError:
    return InvalidPositionError(f"bad position {quoted(text)}: {why}")


def _card(text: str, token: str, where: str) -> int:
    card = _BY_NAME.get(token.upper())
    if card is None:
        raise _error(
            text,
            f"{where}: {quoted(token)} is not a card (rank {' '.join(RANK_CHARS)}, suit "
            f"{' '.join(SUIT_CHARS)}, two characters each)",
        )
    return card


def _cards(text: str, field: str, where: str) -> tuple[int, ...]:
    if field == "-":
        return ()
    if len(field) % 2:
        raise _error(text, f"{where}: {quoted(field)} is not whole cards (two characters each)")
    return tuple(_card(text, field[i : i + 2], where) for i in range(0, len(field), 2))


def parse_position(text: str) -> State:
    """The position ``text`` writes; :class:`InvalidPositionError` names what is wrong."""
    if not isinstance(text, str):
        raise InvalidPositionError(f"a position must be text, not {type(text).__name__}")
    parts = text.split()
    if len(parts) != len(FIELDS):
        raise _error(
            text,
            f"expected {len(FIELDS)} fields separated by spaces ({' '.join(FIELDS)}), "
            f"found {len(parts)}",
        )
    name, draw_text, base_text, found_text, reserve_text, cols_text, stock_text, waste_text, rec = (
        parts
    )
    try:
        variant = variant_named(name)
    except CanfieldError as exc:
        raise _error(text, str(exc)) from None
    if draw_text.upper() not in ("D1", "D3"):
        raise _error(text, f"draw {quoted(draw_text)} is neither D1 nor D3")
    draw = int(draw_text[1])
    base = _card(text, base_text, "base card")
    if variant.start is FoundationStart.TWOS and base != CARDS[1]:
        raise _error(
            text, f"the 2s start the foundations in {variant}: the base is 2S, not {base_text}"
        )
    tops = found_text.split("/")
    if len(tops) != 4:
        raise _error(text, f"foundations: expected 4 separated by '/', found {len(tops)}")
    counts = [0, 0, 0, 0]
    for suit, top_text in enumerate(tops):
        if top_text == "-":
            continue
        top = _card(text, top_text, f"{_SUIT_WORDS[suit]} foundation")
        if top // 13 != suit:
            raise _error(text, f"the {_SUIT_WORDS[suit]} foundation cannot hold {_NAMES[top]}")
        counts[suit] = (rank_of(top) - rank_of(base)) % 13 + 1
    reserve = _cards(text, reserve_text, "reserve")
    col_parts = cols_text.split("/")
    if len(col_parts) != 4:
        raise _error(text, f"columns: expected 4 separated by '/', found {len(col_parts)}")
    columns = tuple(_cards(text, c, f"column {k + 1}") for k, c in enumerate(col_parts))
    stock = _cards(text, stock_text, "stock")
    waste = _cards(text, waste_text, "waste")
    if not (rec.isascii() and rec.isdigit()) or len(rec) > 3:  # '²'.isdigit() is True
        raise _error(text, f"recycles {quoted(rec)} is not a small whole number")
    recycles = int(rec)
    limit = variant.recycles
    if limit is None and recycles:
        raise _error(text, f"recycles are not counted in {variant} (no limit): write 0")
    if limit is not None and recycles > limit:
        raise _error(text, f"{variant} allows {limit} recycles, not {recycles}")
    state = State(
        stock=stock,
        waste=waste,
        reserve=reserve,
        foundations=(counts[0], counts[1], counts[2], counts[3]),
        columns=(columns[0], columns[1], columns[2], columns[3]),
        base=CARDS[base],
        draw=draw,
        variant=variant,
        recycles=recycles,
    )
    _check_cards(text, state)
    return state


def _check_cards(text: str, state: State) -> None:
    """Every card exactly once, the foundations' cards included."""
    places: dict[int, str] = {}
    piles: list[tuple[str, tuple[int, ...]]] = [
        ("the reserve", state.reserve),
        ("the stock", state.stock),
        ("the waste", state.waste),
    ]
    piles += [(f"column {k + 1}", col) for k, col in enumerate(state.columns)]
    piles += [(f"the {_SUIT_WORDS[s]} foundation", tuple(state.foundation(s))) for s in range(4)]
    for where, cards in piles:
        for card in cards:
            if card in places:
                raise _error(text, f"{_NAMES[card]} is both in {places[card]} and in {where}")
            places[card] = where
    if len(places) != 52:
        missing = " ".join(_NAMES[c] for c in range(52) if c not in places)
        raise _error(text, f"{52 - len(places)} card(s) missing: {missing}")

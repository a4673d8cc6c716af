"""A position as an immutable, hashable value, and its text form.

Everything the rules need lives in :class:`State`, so undo is a stack of
states, saving is cheap and the solver searches the very same values the app
plays on. Piles are tuples of card integers with the playable card *last*.

Position notation writes a whole position on one line, like FEN for chess
(``docs/notation.md``)::

    canfield D3 7H -/7H/-/- 2S7H3S4S5S6S7S8S6CQCQSJSKS 6C/KH/QH/AS <34 stock cards> - 0

Nine fields separated by spaces: the variant, the draw mode, the base card,
the four foundations' top cards (spades/hearts/diamonds/clubs, ``-`` empty),
the reserve, the four columns, the stock, the waste and the recycles made.
Every pile is written bottom first with its playable card last, cards run
together two characters each, ``-`` for an empty pile. :func:`read_position`
checks everything a position must satisfy and names the first thing that is
wrong; :func:`write_position` is ``str(state)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from canfield.cards import CARDS, RANK_CHARS, SUIT_CHARS, Card, parse_card, rank_of, suit_of
from canfield.errors import CanfieldError, InvalidPositionError, quoted
from canfield.variants import CANFIELD, FoundationStart, Variant, variant_named

__all__ = [
    "POSITION_FIELDS",
    "RESERVE_SIZE",
    "STOCK_SIZE",
    "State",
    "deal_cards",
    "foundation_cards",
    "foundation_order",
    "initial_state",
    "read_position",
    "write_position",
]

RESERVE_SIZE: Final = 13
STOCK_SIZE: Final = 34
_SUIT_ORDER: Final = (0, 1, 2, 3)  # spades, hearts, diamonds, clubs


class State(NamedTuple):
    """One position. Piles list their cards bottom first; the playable card is last.

    ``foundations`` counts the cards on each suit's foundation, indexed by suit
    (0 spades … 3 clubs) - the one way foundations are indexed in the engine: a
    foundation always runs up from the base rank, so its count says exactly
    which cards it holds. ``variant`` is the rule set the position is played
    by and ``recycles`` how often the waste has been turned back over, counted
    only where the variant limits it (elsewhere always 0, so taps that come
    round again reach the very same position). ``str(state)`` is its position
    notation (``docs/notation.md``) and :meth:`parse` reads it back.
    """

    stock: tuple[int, ...]
    waste: tuple[int, ...]
    reserve: tuple[int, ...]
    foundations: tuple[int, int, int, int]
    columns: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    base: int
    draw: int
    variant: Variant = CANFIELD
    recycles: int = 0

    @classmethod
    def parse(cls, text: str) -> State:
        """The position written in ``text``; :class:`InvalidPositionError` says what is wrong."""
        return read_position(text)

    def notation(self) -> str:
        """The one-line text form that :meth:`parse` reads back."""
        return write_position(self)

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"State.parse({self.notation()!r})"

    @property
    def base_rank(self) -> int:
        return rank_of(self.base)

    @property
    def reserve_top(self) -> Card | None:
        return CARDS[self.reserve[-1]] if self.reserve else None

    @property
    def waste_top(self) -> Card | None:
        return CARDS[self.waste[-1]] if self.waste else None

    @property
    def is_won(self) -> bool:
        return self.foundations == (13, 13, 13, 13)

    @property
    def passes_left(self) -> int | None:
        """Passes through the stock still to come, the current one included (``None``: no limit)."""
        passes = self.variant.passes
        return None if passes is None else passes - self.recycles

    @property
    def foundation_order(self) -> tuple[int, int, int, int]:
        """Suits of the four foundation places, left to right (for display only)."""
        return foundation_order(self.base)

    def foundation_top(self, suit: int) -> Card | None:
        count = self.foundations[suit]
        if count == 0:
            return None
        rank = (self.base_rank - 1 + count - 1) % 13 + 1
        return CARDS[suit * 13 + rank - 1]

    def foundation(self, suit: int) -> tuple[Card, ...]:
        """The cards on ``suit``'s foundation, bottom (start rank) first."""
        return foundation_cards(self.base, suit, self.foundations[suit])

    def card_count(self) -> int:
        return (
            len(self.stock)
            + len(self.waste)
            + len(self.reserve)
            + sum(self.foundations)
            + sum(len(c) for c in self.columns)
        )


def foundation_order(base: int) -> tuple[int, int, int, int]:
    """Spades, hearts, diamonds, clubs with the base card's suit moved first."""
    first = suit_of(base)
    rest = tuple(s for s in _SUIT_ORDER if s != first)
    return (first, rest[0], rest[1], rest[2])


def foundation_cards(base: int, suit: int, count: int) -> tuple[Card, ...]:
    start = rank_of(base) - 1
    return tuple(CARDS[suit * 13 + (start + k) % 13] for k in range(count))


_TWO_OF_SPADES: Final = parse_card("2S")


def deal_cards(deck: Sequence[int], variant: Variant = CANFIELD) -> tuple[int, ...]:
    """The cards of ``deck`` that are dealt: all 52, or the 48 that are not 2s in Storehouse."""
    if variant.start is FoundationStart.TWOS:
        return tuple(c for c in deck if rank_of(c) != 2)
    return tuple(deck)


def initial_state(deck: Sequence[int], draw: int, variant: Variant = CANFIELD) -> State:
    """Deal ``deck`` (52 cards in deal order, already validated) by ``variant``'s rules.

    Cards 1-13 form the reserve (the 13th on top), card 14 is the base card,
    15-18 start the columns and the rest is the stock, card 19 drawn first.
    Where the 2s start the foundations, they are taken out wherever they lie
    and the other 48 cards are dealt the same way without a base card.
    """
    cards = deal_cards(deck, variant)
    reserve = tuple(cards[:RESERVE_SIZE])
    if variant.start is FoundationStart.TWOS:
        base: int = _TWO_OF_SPADES
        first = RESERVE_SIZE
        counts = [1, 1, 1, 1]
    else:
        base = cards[RESERVE_SIZE]
        first = RESERVE_SIZE + 1
        counts = [0, 0, 0, 0]
        counts[suit_of(base)] = 1
    columns = tuple((c,) for c in cards[first : first + 4])
    stock = tuple(reversed(cards[first + 4 :]))
    return State(
        stock=stock,
        waste=(),
        reserve=reserve,
        foundations=(counts[0], counts[1], counts[2], counts[3]),
        columns=(columns[0], columns[1], columns[2], columns[3]),
        base=base,
        draw=draw,
        variant=variant,
        recycles=0,
    )


# Position notation (docs/notation.md): write_position is str(state), read_position State.parse.

POSITION_FIELDS: Final = (
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
"""The fields of position notation, in order."""

_SUIT_WORDS: Final = ("spades", "hearts", "diamonds", "clubs")
_NAMES: Final = tuple(str(c) for c in CARDS)
_BY_NAME: Final = {name: i for i, name in enumerate(_NAMES)}


def _pile_text(cards: tuple[int, ...]) -> str:
    return "".join(_NAMES[c] for c in cards) or "-"


def write_position(state: State) -> str:
    """The notation of ``state`` (what ``str(state)`` prints)."""
    tops = "/".join("-" if state.foundations[s] == 0 else _NAMES[_top(state, s)] for s in range(4))
    return " ".join(
        (
            state.variant.name,
            f"D{state.draw}",
            _NAMES[state.base],
            tops,
            _pile_text(state.reserve),
            "/".join(_pile_text(col) for col in state.columns),
            _pile_text(state.stock),
            _pile_text(state.waste),
            str(state.recycles),
        )
    )


def _top(state: State, suit: int) -> int:
    return suit * 13 + (state.base + state.foundations[suit] - 1) % 13


def _position_error(text: str, why: str) -> InvalidPositionError:
    return InvalidPositionError(f"bad position {quoted(text)}: {why}")


def _card(text: str, token: str, where: str) -> int:
    card = _BY_NAME.get(token.upper())
    if card is None:
        raise _position_error(
            text,
            f"{where}: {quoted(token)} is not a card (rank {' '.join(RANK_CHARS)}, suit "
            f"{' '.join(SUIT_CHARS)}, two characters each)",
        )
    return card


def _cards(text: str, field: str, where: str) -> tuple[int, ...]:
    if field == "-":
        return ()
    if len(field) % 2:
        raise _position_error(
            text, f"{where}: {quoted(field)} is not whole cards (two characters each)"
        )
    return tuple(_card(text, field[i : i + 2], where) for i in range(0, len(field), 2))


def read_position(text: str) -> State:
    """The position ``text`` writes; :class:`InvalidPositionError` names what is wrong."""
    if not isinstance(text, str):
        raise InvalidPositionError(f"a position must be text, not {type(text).__name__}")
    parts = text.split()
    if len(parts) != len(POSITION_FIELDS):
        raise _position_error(
            text,
            f"expected {len(POSITION_FIELDS)} fields separated by spaces "
            f"({' '.join(POSITION_FIELDS)}), found {len(parts)}",
        )
    name, draw_text, base_text, found_text, reserve_text, cols_text, stock_text, waste_text, rec = (
        parts
    )
    try:
        variant = variant_named(name)
    except CanfieldError as exc:
        raise _position_error(text, str(exc)) from None
    if draw_text.upper() not in ("D1", "D3"):
        raise _position_error(text, f"draw {quoted(draw_text)} is neither D1 nor D3")
    draw = int(draw_text[1])
    base = _card(text, base_text, "base card")
    if variant.start is FoundationStart.TWOS and base != CARDS[1]:
        raise _position_error(
            text, f"the 2s start the foundations in {variant}: the base is 2S, not {base_text}"
        )
    tops = found_text.split("/")
    if len(tops) != 4:
        raise _position_error(text, f"foundations: expected 4 separated by '/', found {len(tops)}")
    counts = [0, 0, 0, 0]
    for suit, top_text in enumerate(tops):
        if top_text == "-":
            continue
        top = _card(text, top_text, f"{_SUIT_WORDS[suit]} foundation")
        if top // 13 != suit:
            raise _position_error(
                text, f"the {_SUIT_WORDS[suit]} foundation cannot hold {_NAMES[top]}"
            )
        counts[suit] = (rank_of(top) - rank_of(base)) % 13 + 1
    reserve = _cards(text, reserve_text, "reserve")
    col_parts = cols_text.split("/")
    if len(col_parts) != 4:
        raise _position_error(text, f"columns: expected 4 separated by '/', found {len(col_parts)}")
    columns = tuple(_cards(text, c, f"column {k + 1}") for k, c in enumerate(col_parts))
    stock = _cards(text, stock_text, "stock")
    waste = _cards(text, waste_text, "waste")
    if not (rec.isascii() and rec.isdigit()) or len(rec) > 3:  # '²'.isdigit() is True
        raise _position_error(text, f"recycles {quoted(rec)} is not a small whole number")
    recycles = int(rec)
    limit = variant.recycles
    if limit is None and recycles:
        raise _position_error(text, f"recycles are not counted in {variant} (no limit): write 0")
    if limit is not None and recycles > limit:
        raise _position_error(text, f"{variant} allows {limit} recycles, not {recycles}")
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
                raise _position_error(
                    text, f"{_NAMES[card]} is both in {places[card]} and in {where}"
                )
            places[card] = where
    if len(places) != 52:
        missing = " ".join(_NAMES[c] for c in range(52) if c not in places)
        raise _position_error(text, f"{52 - len(places)} card(s) missing: {missing}")

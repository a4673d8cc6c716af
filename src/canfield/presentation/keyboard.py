"""The table by keyboard: where the focus is, what is held, and what each key does and says.

A blind player finds a card by asking, not by hearing the whole table: a key
per pile (1-4 the columns, R the reserve, W the waste, F the foundations and F
again for the next, S the stock), Enter to pick up and put down, a pile key to
put the held cards there (the focus then goes back to the pile they left), P
to read the focused pile, T for the table in short, D to draw, Escape to put
back, the arrows to walk. The state machine lives here, toolkit-free, so the
Qt scene and the browser page forward key *names* to the same
:class:`Keyboard` and do what its :class:`Reply` asks: play a move through
their model, draw, speak a sentence, shake refused cards. Every rule question
goes to :mod:`canfield.rules` (through :class:`~canfield.game.Game`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from canfield.game import Game
from canfield.i18n import _
from canfield.moves import Move
from canfield.pile import Pile
from canfield.presentation import piles
from canfield.presentation.geometry import Rect, TableLayout
from canfield.presentation.narration import cannot_move, cannot_put_down, picked_up_here, put_back
from canfield.presentation.piles import PILES
from canfield.presentation.reading import pile_reading, places, places_text, table_summary
from canfield.rules import legal_moves
from canfield.state import State

__all__ = ["KEYS", "PILE_KEYS", "Held", "Keyboard", "Reply", "pile_rects"]

PILE_KEYS: Final[dict[str, Pile]] = {
    "1": Pile.column(0),
    "2": Pile.column(1),
    "3": Pile.column(2),
    "4": Pile.column(3),
    "r": Pile("reserve"),
    "w": Pile("waste"),
    "s": Pile("stock"),
}
"""The keys that go straight to a pile (F, the foundations, cycles: see :meth:`Keyboard.press`)."""
KEYS: Final = (*PILE_KEYS, "f", "enter", "escape", "d", "p", "t", "left", "right", "up", "down")
"""Every key name :meth:`Keyboard.press` knows (lower case; Space is "enter")."""


_STOCK: Final = Pile("stock")


@dataclass(frozen=True)
class Held:
    """Cards picked up with the keyboard, waiting to be put down."""

    cards: tuple[int, ...]
    source: Pile


@dataclass(frozen=True)
class Reply:
    """What a key asks the front end to do, in this order: speak, then play or draw."""

    handled: bool = True
    """False: not a table key (the front end passes it on)."""
    say: str = ""
    """A sentence to speak now (a pick-up, a refusal, a reading); '' for none."""
    play: Move | None = None
    """A legal move to play through the front end's model (which then says what it did)."""
    draw: bool = False
    """Tap the stock (the front end says why, if the tap does nothing)."""
    shake: tuple[int, ...] = ()
    """Cards to shake: the press was understood but nothing moved."""
    focus_moved: bool = False
    """The focus went to another pile or card (the front end tells readers)."""


def pile_rects(layout: TableLayout) -> dict[Pile, Rect]:
    """Each pile's slot on ``layout``: what the arrows walk, row by row."""
    rects: dict[Pile, Rect] = {
        Pile("stock"): layout.stock,
        Pile("waste"): layout.waste,
        Pile("reserve"): layout.reserve,
    }
    for i in range(4):
        rects[Pile.foundation(i)] = layout.foundations[i]
        rects[Pile.column(i)] = layout.columns[i]
    return rects


@dataclass
class Keyboard:
    """The keyboard focus (a pile, and how deep into a column's run) and the held cards."""

    focus: Pile = _STOCK
    depth: int = 0
    """Cards above a column's end the focus is on (0: the end card)."""
    held: Held | None = None
    double_tap: bool = True
    """Enter on the held cards' own pile plays them like a tap (see ``Game.tap_move``)."""
    brief: bool = False
    """Brief speech (the ``speech`` setting): landing leaves out where a card can go."""
    landing_names_places: bool = False
    """The front end's focus says where a card can go as it lands on it (the desktop's
    card description, in full speech): a pick-up then does not say it again."""
    notes: tuple[str, ...] = field(default_factory=tuple)
    """What T says after the piles: the game code, the winnability note (set by the front end)."""
    _reland: bool = field(default=False, repr=False)
    """A put-down was asked: land on the source again once the move is played."""

    # -- what the focus is on ------------------------------------------------------

    def focused_card(self, state: State) -> int | None:
        return piles.focused_card(state, self.focus, self.depth)

    def clamp(self, state: State) -> None:
        """Keep the depth inside the focused column's run after the position changed.

        After a put-down the focus lands again on the pile the cards left (see :meth:`set_focus`).
        """
        if self._reland:
            self._reland = False
            self.depth = _landing_depth(state, self.focus)
        self.depth = min(self.depth, piles.focus_depth_limit(state, self.focus))

    def forget_held(self, lang: str) -> str:
        """The game changed under the held cards (an undo, a new deal): they are put back.

        Returns what to say ('' when nothing was held).
        """
        if self.held is None:
            return ""
        card = self.held.cards[0]
        self.held = None
        return put_back(card, lang)

    def set_focus(self, pile: Pile, state: State) -> None:
        """Land on ``pile``: on a column, on the card with a move (its end card first)."""
        self.focus = pile
        self.depth = _landing_depth(state, pile)

    # -- keys -------------------------------------------------------------------------

    def press(self, key: str, game: Game, lang: str, layout: TableLayout | None = None) -> Reply:
        """Do what ``key`` (a name from :data:`KEYS`) means now; ``layout`` is for the arrows."""
        state = game.state
        if key in PILE_KEYS or key == "f":
            return self._pile_key(key, game, lang)
        if key == "enter":
            return self._enter(game, lang)
        if key == "escape":
            if self.held is None:
                return Reply(handled=False)
            return Reply(say=self.forget_held(lang))
        if key == "d":
            return Reply(say=self.forget_held(lang), draw=True)
        if key == "p":
            return Reply(say=pile_reading(game, self.focus, lang))
        if key == "t":
            return Reply(say=table_summary(game, lang, self.notes))
        if key in ("left", "right") and layout is not None:
            order = _reading_order(layout)
            i = order.index(self.focus) if self.focus in order else 0
            self.focus = order[(i + (1 if key == "right" else -1)) % len(order)]
            self.depth = 0
            return Reply(focus_moved=True)
        if key in ("up", "down") and layout is not None:
            return self._vertical(1 if key == "down" else -1, state, layout)
        return Reply(handled=False)

    def _pile_key(self, key: str, game: Game, lang: str) -> Reply:
        state = game.state
        if key == "f":
            if self.held is not None:
                home = Pile.of_suit(state, self.held.cards[0] // 13)
                return self._put_down(home, game, lang)
            index = self.focus[1] + 1 if self.focus[0] == "foundation" else 0
            pile: Pile = Pile.foundation(index % 4)
        else:
            pile = PILE_KEYS[key]
        if self.held is not None:
            return self._put_down(pile, game, lang)
        if pile == self.focus:
            # Already here: the focus does not move, so say where it is again.
            return Reply(say=self.landing(game, lang))
        self.set_focus(pile, state)
        return Reply(focus_moved=True)

    def _enter(self, game: Game, lang: str) -> Reply:
        state = game.state
        if self.held is not None:
            return self._put_down(self.focus, game, lang)
        if self.focus == Pile("stock"):
            return Reply(draw=True)
        card = self.focused_card(state)
        if card is None:
            return Reply(say=piles.pile_spoken_name(state, self.focus, lang))
        cards = tuple(piles.movable_group(state, card))
        if not cards:
            return Reply(say=cannot_move(card, lang), shake=(card,))
        self.held = Held(cards, self.focus)
        # The focus has just named the card: the pick-up says how many and where they can
        # go (the pile keys to press next), not the card again; where, only if landing
        # did not say it (Orca 43 heard it twice in a row, 7 words each card move).
        said = picked_up_here(list(cards))
        where = places_text(state, card, lang)
        if not (where and self.landing_names_places and not self.brief):
            said += ", " + (where or _("cannot go anywhere now"))
        return Reply(say=said, focus_moved=True)

    def _put_down(self, target: Pile, game: Game, lang: str) -> Reply:
        """Put the held cards on ``target``; a refusal keeps them held and says why."""
        held = self.held
        assert held is not None
        state = game.state
        card = held.cards[0]
        if target == held.source:
            move = game.tap_move(card, self.double_tap)
            if move is None:
                return Reply(say=cannot_move(card, lang), shake=held.cards)
            return self._played(move)
        kind, index = target
        if kind in ("column", "foundation") and target in places(state, card):
            return self._played(piles.target_move(card, target))
        return Reply(say=cannot_put_down(card, kind, index, state, lang), shake=held.cards)

    def _played(self, move: Move) -> Reply:
        """The held cards go: the focus goes back to where they came from, on its new top.

        The next play is most often from the same pile (the waste's next card), and
        landing there says what the move uncovered and where that can go.
        """
        assert self.held is not None
        self.focus, self.depth = self.held.source, 0
        self.held = None
        self._reland = True
        return Reply(play=move, focus_moved=True)

    def _vertical(self, step: int, state: State, layout: TableLayout) -> Reply:
        """Down/Up: deeper or shallower into a column's movable run, else to the next row."""
        kind, index = self.focus
        if kind == "column" and self.held is None:
            depth = self.depth - step
            if state.columns[index] and 0 <= depth <= piles.focus_depth_limit(state, self.focus):
                self.depth = depth
                return Reply(focus_moved=True)
        rects = pile_rects(layout)
        here = rects[self.focus]
        rows = sorted({round(r.y) for r in rects.values()})
        row = rows.index(round(here.y)) + step
        if not 0 <= row < len(rows):
            return Reply()
        candidates = [p for p in PILES if round(rects[p].y) == rows[row]]
        self.focus = min(candidates, key=lambda p: abs(rects[p].x - here.x))
        self.depth = 0
        return Reply(focus_moved=True)

    # -- what landing says -------------------------------------------------------------

    def landing(self, game: Game, lang: str) -> str:
        """The focus in words: the pile, its card and where that card can go."""
        state = game.state
        card = self.focused_card(state)
        held = self.held.cards[0] if self.held is not None else None
        text = piles.focus_sentence(state, self.focus, card, held, lang)
        if held is None and card is not None and self.focus[0] != "stock" and not self.brief:
            where = places_text(state, card, lang)
            if where:
                text += ", " + where
        return text


def _reading_order(layout: TableLayout) -> list[Pile]:
    """Piles in reading order on this layout: rows top to bottom, left to right."""
    rects = pile_rects(layout)
    return sorted(PILES, key=lambda p: (round(rects[p].y), rects[p].x))


def _landing_depth(state: State, pile: Pile) -> int:
    """Where a pile key lands in a column: its end card if that can move, else the card that can."""
    if pile[0] != "column":
        return 0
    col = state.columns[pile[1]]
    if not col:
        return 0
    limit = piles.focus_depth_limit(state, pile)
    movers = {int(m.card) for m in legal_moves(state) if m.card is not None}
    for depth in range(limit + 1):
        if col[len(col) - 1 - depth] in movers:
            return depth
    return 0

"""A blind player's game by keys through the real stack: each key chosen from what was said.

The player knows the line to play (the solver's, as a player who knows the
deal would) but not where the focus lands: after a pile key it listens to the
focus, presses Up until the card it wants is named, picks it up (Enter) and
puts it down with the target's pile key, and checks that the move is said.
Used by ``test_slow_by_ear.py`` (the whole game, four languages) and by
``benchmarks/bench_a11y.py`` (the same game's keys and words, printed).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from stack import Heard, Stack

from canfield import Game
from canfield.describe import card_name
from canfield.moves import Move
from canfield.pile import Pile
from canfield.presentation.keyboard import PILE_KEYS, Keyboard
from canfield.presentation.piles import pile_of

KEY_OF: dict[Pile, str] = {pile: key for key, pile in PILE_KEYS.items()}
SETTLE = 0.25
"""Seconds of quiet after a key before the player acts on what it heard."""


@dataclass
class Figures:
    """What the game took: keys at the table, words heard, readings asked for."""

    keys: int = 0
    draws: int = 0
    card_moves: int = 0
    card_keys: list[int] = field(default_factory=list)
    """Keys for each card move (a pile key, Up presses, Enter, the target's key)."""
    words: int = 0
    sentences: int = 0
    readings: int = 0
    """Ctrl+D presses (the whole table read out): none needed."""
    heard: list[str] = field(default_factory=list)
    """Every sentence spoken, in order (the benchmark can print it)."""
    last: list[str] = field(default_factory=list)
    """What the last key said (the win)."""

    @property
    def per_card_move(self) -> float:
        return sum(self.card_keys) / max(1, len(self.card_keys))

    def add(self, heard: Heard, keys: int) -> Heard:
        self.keys += keys
        self.sentences += len(heard.spoken)
        self.words += sum(len(s.split()) for s in heard.spoken)
        self.heard.extend(heard.spoken)
        return heard


def xkey(key: str) -> str:
    """The xdotool name of a keyboard key name."""
    return {"enter": "Return", "up": "Up"}.get(key, key)


def play_line(stack: Stack, game: Game, line: list[Move], lang: str) -> Figures:
    """Play ``line`` from ``game`` (as the app shows it) by keys; ``game`` follows along."""
    figures = Figures()
    focus: Pile = Pile("stock")
    focused = ""
    """The name of the card the focus is on, as last heard."""
    i = 0
    while i < len(line):
        move = line[i]
        if move.card is None:
            run = 1
            while i + run < len(line) and line[i + run].card is None:
                run += 1
            keys = ["d"] * run
            heard = figures.add(stack.keys(*keys, settle=SETTLE + 0.05 * run, keep=True), run)
            figures.draws += run
            for _ in range(run):
                game.play(Move.DRAW)
            landed = [e["name"] for e in heard.focus()]
            if landed:
                focused = landed[-1]
            i += run
            continue
        card = int(move.card)
        name = card_name(card, lang)
        state = game.state
        source = pile_of(state, card)
        pressed = 0
        # Where the focus already is, the card last heard there.
        heard_name = focused
        while focus != source:
            key = "f" if source[0] == "foundation" else KEY_OF[source]
            heard = figures.add(stack.keys(key, settle=SETTLE, keep=True), 1)
            pressed += 1
            focus = (
                source
                if key != "f"
                else (
                    Pile.foundation((focus[1] + 1) % 4)
                    if focus[0] == "foundation"
                    else Pile.foundation(0)
                )
            )
            names = [e["name"] for e in heard.focus()]
            if not names:  # the app was still busy: wait for the landing to be said
                names = [e["name"] for e in figures.add(stack.listen(SETTLE), 0).focus()]
            heard_name = names[-1] if names else heard_name
            assert pressed < 6, f"never reached {source}"
        if heard_name != name:
            # The landing named another card (or the focus was already here): Up until it is said.
            for _ in range(14):
                heard = figures.add(stack.keys("Up", settle=SETTLE, keep=True), 1)
                pressed += 1
                names = [e["name"] for e in heard.focus()]
                if names and names[-1] == name:
                    break
            else:
                raise AssertionError(f"{name} was never named in {source} (heard {heard_name!r})")
        target = Pile.of_move(state, move)
        put = "f" if target[0] == "foundation" else KEY_OF[target]
        heard = figures.add(stack.keys("Return", put, settle=SETTLE, keep=True), 2)
        pressed += 2
        game.play(move)
        said = heard.spoken
        late: list[dict[str, Any]] = []
        if len(said) < 2 or not (game.is_won or any(name in s for s in said[1:])):
            # A loaded machine can say the move after the quiet spell: a player still hears it.
            after = figures.add(stack.listen(SETTLE * 4), 0)
            said, late = said + after.spoken, after.focus()
        # Picked up, then the move said (or, for the last card, the win).
        assert len(said) >= 2 and (game.is_won or any(name in s for s in said[1:])), (name, heard)
        figures.last = said
        focus = source  # the focus goes back to the pile the card left
        landed = [e["name"] for e in heard.focus() + late]
        if landed:
            focused = landed[-1]
        else:  # the same card kept the focus: the one the keyboard lands on there
            probe = Keyboard()
            probe.set_focus(source, game.state)
            card_there = probe.focused_card(game.state)
            focused = card_name(card_there, lang) if card_there is not None else ""
        figures.card_keys.append(pressed)
        figures.card_moves += 1
        i += 1
    return figures

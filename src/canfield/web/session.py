"""The game as the page sees it: one :class:`Session` per worker, answering every op.

It owns the :class:`~canfield.game.Game`; each action op returns what the page
needs next — ``view`` (every pile and card to draw, named), ``say`` (the
sentence for the live region) and ``save`` (the ``Game.to_dict`` JSON to keep)
— so the page never decides what is legal and never builds a sentence. The
geometry, pile names, pick-ups and sentences are :mod:`canfield.presentation`'s,
the same the desktop app uses.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any, Final

from canfield.cards import CARDS, Card, is_red, rank_of
from canfield.deal import DealCode
from canfield.describe import card_name, rank_letters
from canfield.errors import CanfieldError
from canfield.game import Game
from canfield.i18n import LANGUAGES, _, set_language
from canfield.moves import STOCK, Move
from canfield.pile import Pile
from canfield.presentation.answers import (
    DEMO_SOLVE_SECONDS,
    HINT_SECONDS,
    WATCH_SECONDS,
    fallback_hint,
    hint_sentence,
    hopeless_message,
    hopeless_note,
    lost_message,
    new_game_key_sentence,
    stopped_message,
    verdict_note,
)
from canfield.presentation.clock import GameClock, format_duration
from canfield.presentation.finish import finish_label
from canfield.presentation.geometry import (
    CARD_ASPECT,
    Point,
    Rect,
    TableLayout,
    column_needs,
    placements,
)
from canfield.presentation.keyboard import KEYS, Keyboard
from canfield.presentation.narration import (
    cannot_move,
    cannot_put_down,
    change_sentence,
    draw_refused,
    nothing_to_take_back,
    picked_up,
    put_back,
    resumed_sentence,
)
from canfield.presentation.piles import (
    PILES,
    drop_area,
    drop_target,
    focus_depth_limit,
    foundation_label,
    movable_group,
    passes_text,
    pile_list_name,
    pile_of,
    pile_rect,
    playable_cards,
    stock_mark,
    target_move,
    visible_cards,
)
from canfield.presentation.questions import restart_question
from canfield.presentation.variant_text import APP_VARIANTS, variant_title
from canfield.variants import DRAWS
from canfield.web.aids import Aids, plain
from canfield.web.screens import ScreenError, Screens

__all__ = ["MAX_SIZE", "BridgeError", "Session", "pile_id"]

MAX_SIZE: Final = 10_000.0
"""Bound of a table side in CSS px (a 4K screen at zoom 50% is 7,680)."""
MIN_SIZE: Final = 100.0
_SUITS: Final = ("♠", "♥", "♦", "♣")
MAX_TEXT: Final = 400
"""Bound of a typed code or deck (a deck is 52 cards of 2-3 characters and spaces)."""
SAVE_CLOCK_SECONDS: Final = 5.0
"""How much running time a tick lets go unsaved (a phone may kill the page at any time)."""
_INKS: Final = {False: ("black", "red", "red", "black"), True: ("black", "red", "blue", "green")}
"""Each suit's ink (spades, hearts, diamonds, clubs), two-colour and four-colour deck."""


class BridgeError(ValueError):
    """A request the session cannot answer; its text goes back to the page."""


def pile_id(pile: Pile) -> str:
    """The page's name for a pile: ``column-1`` is the second column."""
    return f"{pile[0]}-{pile[1]}"


def _number(args: Mapping[str, Any], name: str, default: float) -> float:
    value = args.get(name, default)
    if type(value) not in (int, float) or not math.isfinite(value):
        raise BridgeError(f"{name} must be a number, not {value!r}")
    return float(min(max(value, MIN_SIZE), MAX_SIZE))


def _card(args: Mapping[str, Any]) -> int:
    text = args.get("card")
    if not isinstance(text, str) or len(text) > 3:
        raise BridgeError(f"a card is named like QC, not {text!r}")
    try:
        return int(Card.parse(text))
    except CanfieldError as exc:
        raise BridgeError(str(exc)) from None


def _pile(args: Mapping[str, Any]) -> Pile:
    text = args.get("pile")
    for pile in PILES:
        if pile_id(pile) == text:
            return pile
    raise BridgeError(f"no pile {text!r}")


class Session:
    """The game in progress, the player's language and table size, behind JSON ops."""

    def __init__(self) -> None:
        self.game = Game.new()
        self.lang = "en"
        self.screens = Screens()
        """New game, Settings, Statistics and the other screens (canfield.web.screens)."""
        self.width = 1280.0
        self.height = 800.0
        self.double_tap = True
        self.counted = False
        """Whether this game has already been reported finished (won) to the page."""
        self.clock = GameClock()
        self.active = True
        """The page is in front with no dialog open (the page says; the clock runs only then)."""
        self._saved_elapsed = 0.0
        self.keys = Keyboard()
        """The table by keyboard (canfield.presentation.keyboard): the focus, the held cards."""
        self.note = ""
        """The winnability note of the status bar ("Winnable", "No winning line"), or ''."""
        self._note_for: object = None
        self.hopeless_deal: str | None = None
        """The deal (its code or deck) proved lost from its start: every position of it is lost."""
        self.resumed = False
        """The game on the table was resumed from the page's save or a shared code (not dealt)."""
        self.aids = Aids()
        """Finish, undo to the winnable point, the hint's bookkeeping, long columns (web.aids)."""

    # -- dispatch -----------------------------------------------------------

    def handle(self, op: str, args: Mapping[str, Any]) -> dict[str, Any]:
        method: Callable[[Mapping[str, Any]], dict[str, Any]] | None = getattr(
            self, f"op_{op}", None
        ) or self.aids.ops(self).get(op)
        if method is None:
            raise BridgeError(f"unknown op {op!r}")
        self.clock.update(self.game, self.active)  # the time so far goes to the game it ran for
        answer = method(args)
        running = self.clock.update(self.game, self.active)
        if "view" in answer or op == "tick":  # the page ticks every second while it runs
            answer["clock"] = running
        answer.update(self.screens.after_op(self))  # the statistics count every action
        return answer

    def op_tick(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """The clock: ``active`` says whether the player can play now; the time shown, and a
        save when enough running time is unsaved or the page goes to the background."""
        self.active = args.get("active") is True
        answer: dict[str, Any] = {"time": self._time_text()}
        unsaved = self.game.elapsed - self._saved_elapsed
        if unsaved >= SAVE_CLOCK_SECONDS or (unsaved > 0 and not self.active):
            answer["save"] = self._save()
        return answer

    def _time_text(self) -> str:
        return _("Time: %(time)s") % {"time": format_duration(self.game.elapsed)}

    def _save(self) -> dict[str, Any]:
        self._saved_elapsed = self.game.elapsed
        return self.game.to_dict()

    def op_screen(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """A screen around the table (``screen`` names the op of canfield.web.screens)."""
        try:
            answer = self.screens.handle(self, args)
        except ScreenError as exc:
            raise BridgeError(str(exc)) from None
        self.double_tap = self.screens.settings.double_tap
        if answer.get("dealt"):  # the table shows the new deal, says so, and saves it
            self._replaced(_("Winnable deal") if answer.get("proved") else "")
            answer.update(self.reply(self._new_sentence()))
        elif answer.pop("relabel", False):  # the language or the settings changed
            answer["view"] = self.view()
            answer["watch"] = self._watch()
        if answer.pop("new_player", False):
            answer.update(self._first_deal())
        return answer

    def _first_deal(self) -> dict[str, Any]:
        """A new player: the first-run screen, over a deal proved winnable (unless the table
        shows a resumed game or a shared code), as the desktop's first start."""
        from canfield.presentation.winnable import winnable_deal

        settings = self.screens.settings
        untouched = self.game.moves_made == 0 and not self.game.history
        code = (
            None
            if self.resumed or not untouched
            else winnable_deal(settings.draw, settings.last_variant)
        )
        if code is None:
            return {"welcome": {"first": False}}
        self.game = Game.from_code(code)
        self._replaced(_("Winnable deal"))
        self.aids.first_winnable = True
        return {**self.reply(""), "welcome": {"first": True}}

    # -- starting, the table's size, the language ---------------------------

    def op_start(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """Set the language and size; resume the saved game (``saved``: its JSON) or deal one.

        A saved game that does not load is answered with ``damaged`` (why, in
        the player's language) and a new deal, so the page sets it aside.
        """
        self._set_language(args.get("lang", "en"))
        self.width = _number(args, "width", self.width)
        self.height = _number(args, "height", self.height)
        self.double_tap = bool(args.get("double_tap", True))
        saved = args.get("saved")
        damaged = None
        self.resumed = False
        if saved is not None:
            try:
                self.game = Game.from_dict(saved)
                self.resumed = True
            except CanfieldError as exc:
                damaged = _(
                    "Your saved game could not be read (%(error)s); a new game was dealt."
                ) % {"error": exc}
                self.game = Game.new()
        code = args.get("code")
        said = damaged or ""
        kept = self.resumed
        if isinstance(code, str) and code.strip() and code.strip().upper() != self.game.code:
            try:
                self.game = Game.from_code(DealCode.parse(code.strip()[:MAX_TEXT]))
                self.resumed = True
                kept = False
            except CanfieldError as exc:
                said = str(exc)  # a shared link with a bad code: keep the game, say why
        if kept and not said:  # a game that comes back is said: a reader lands on the stock
            said = resumed_sentence(self.game)
        self.counted = self.game.is_won
        self._saved_elapsed = self.game.elapsed
        reply = self.reply(said)
        reply["damaged"] = damaged
        return reply

    def _set_language(self, lang: object) -> None:
        if lang not in LANGUAGES:
            raise BridgeError(f"unknown language {lang!r}: expected one of {', '.join(LANGUAGES)}")
        self.lang = set_language(str(lang))

    def op_resize(self, args: Mapping[str, Any]) -> dict[str, Any]:
        self.width = _number(args, "width", self.width)
        self.height = _number(args, "height", self.height)
        return {"view": self.view()}

    def op_language(self, args: Mapping[str, Any]) -> dict[str, Any]:
        self._set_language(args.get("lang"))
        return {"view": self.view(), "labels": self.labels()}

    def op_settings(self, args: Mapping[str, Any]) -> dict[str, Any]:
        self.double_tap = bool(args.get("double_tap", self.double_tap))
        return {}

    # -- actions --------------------------------------------------------------

    def op_tap(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """A tap on a card: home to its foundation, else the best column (docs/rules.md §7)."""
        card = _card(args)
        if self.aids.open_compressed(self.game.state, self.layout(), card):
            return {"view": self.view(), "say": "", "changed": False}  # opened to be read
        move = self.game.tap_move(card, self.double_tap)
        if move is None:
            return self.reply(cannot_move(card, self.lang), changed=False)
        return self._play(move)

    def op_stock(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """A tap on the stock: draw, or turn the waste over, or say why neither."""
        move = Move(None, STOCK)
        if not self.game.is_legal(move):
            return self.reply(draw_refused(self.game.state), changed=False)
        return self._play(move)

    def op_move(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """A drop: ``card`` (with the cards on it) onto ``pile``; refused with the reason."""
        card = _card(args)
        kind, index = target = _pile(args)
        if kind in ("foundation", "column"):
            move = target_move(card, target)
            if self.game.is_legal(move):
                return self._play(move)
        return self.reply(
            cannot_put_down(card, kind, index, self.game.state, self.lang), changed=False
        )

    def op_play(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """A move in notation (a hint's, Show me's, Finish's): played if legal.

        ``demo``: Show me plays it, so the game is assisted (saved with this move, as the
        desktop does); ``quiet``: Finish plays it, said once for the whole line.
        """
        text = args.get("move")
        if not isinstance(text, str) or len(text) > 10:
            raise BridgeError(f"a move is written like QC>2, not {text!r}")
        try:
            move = Move.parse(text)
        except CanfieldError as exc:
            raise BridgeError(str(exc)) from None
        if not self.game.is_legal(move):
            raise BridgeError(f"{text} is not legal here")
        if args.get("demo") is True:
            self.game.assisted = True  # the result is not the player's
        return self._play(move, quiet=args.get("quiet") is True, demo=args.get("demo") is True)

    def op_pickup(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """Keyboard pick-up: the cards a press on ``card`` lifts, and the sentence for it."""
        card = _card(args)
        group = movable_group(self.game.state, card)
        if not group:
            return {"cards": [], "say": cannot_move(card, self.lang)}
        return {"cards": [str(CARDS[c]) for c in group], "say": picked_up(group, self.lang)}

    def _dragged(self, args: Mapping[str, Any]) -> tuple[int, Rect, Point]:
        card = _card(args)
        lay = self.layout()
        coords = [_coordinate(args, name) for name in ("x", "y", "px", "py")]
        return card, Rect(coords[0], coords[1], lay.card_w, lay.card_h), Point(coords[2], coords[3])

    def _target(self, args: Mapping[str, Any]) -> tuple[int, Pile | None, Point]:
        card, dragged, pointer = self._dragged(args)
        source = pile_of(self.game.state, card)
        target = drop_target(
            self.layout(), self.game, card, dragged=dragged, pointer=pointer, source=source
        )
        return card, target, pointer

    def op_hover(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """Where dragged cards would go if let go now (the pile to highlight), or null."""
        _card_value, target, _pointer = self._target(args)
        return {"target": None if target is None else pile_id(target)}

    def op_drop(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """Dragged cards let go: played onto the best legal pile, else back, saying why."""
        card, target, pointer = self._target(args)
        if target is not None:
            return self._play(target_move(card, target))
        lay = self.layout()
        source = pile_of(self.game.state, card)
        for pile in PILES:
            if pile != source and drop_area(lay, self.game, pile).contains(pointer):
                kind, index = pile
                sentence = cannot_put_down(card, kind, index, self.game.state, self.lang)
                return self.reply(sentence, changed=False)
        return self.reply(put_back(card, self.lang), changed=False)

    def op_copy(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """The code (or the deck, for a game dealt from one) to copy, and what to say."""
        code = self.game.code
        if code is None:
            return {"text": self.game.deck_string, "say": _("Copied the deck")}
        return {"text": code, "say": _("Copied %(code)s") % {"code": code}}

    def op_undo(self, args: Mapping[str, Any]) -> dict[str, Any]:
        before, history = self.game.state, self.game.history
        if not self.game.undo():  # its button is greyed out: only a key gets here
            return self.reply(nothing_to_take_back(redo=False), changed=False)
        said = change_sentence("undo", before, self.game.state, history[-1], self.lang)
        return self.reply(_join(self.keys.forget_held(self.lang), said))

    def op_redo(self, args: Mapping[str, Any]) -> dict[str, Any]:
        before = self.game.state
        if not self.game.redo():
            return self.reply(nothing_to_take_back(redo=True), changed=False)
        move = self.game.history[-1]
        said = change_sentence("redo", before, self.game.state, move, self.lang)
        return self.reply(_join(self.keys.forget_held(self.lang), said))

    def op_restart(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """The same deal from its start: the desktop's Restart (Ctrl+R) and the win's Play again.

        A game in progress (acted on, not won) is left only when ``confirmed``; without it the
        answer is ``confirm``, the question the desktop asks (it counts as a loss).
        """
        game = self.game
        in_progress = not game.is_won and (game.moves_made > 0 or game.can_redo)
        if in_progress and args.get("confirmed") is not True:
            return {"confirm": restart_question()._asdict()}
        finished = self._finished()
        self.game = self.game.restarted()
        screens = self.screens
        if screens.loaded:  # the game left counts now, as New game's Abandon counts it
            screens.ledger.abandon(casino=screens.settings.casino_scoring)
            screens.ledger.save(self.game, casino=screens.settings.casino_scoring)
        self._replaced()
        said = change_sentence("restart", None, self.game.state, None, self.lang)
        reply = self.reply(_join(self.keys.forget_held(self.lang), said))
        reply["finished"] = finished
        return reply

    def _replaced(self, note: str = "") -> None:
        """A new game is on the table: not yet counted, its own note (or none)."""
        self.aids = Aids()
        self.counted = False
        self.note, self._note_for = note, self.game.state
        self._saved_elapsed = self.game.elapsed

    def _new_sentence(self) -> str:
        said = change_sentence("new", None, self.game.state, None, self.lang, code=self.game.code)
        return _join(self.keys.forget_held(self.lang), said)

    # -- the keyboard (canfield.presentation.keyboard decides; the page forwards key names) --

    def op_key(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """A table key (a name of ``KEYS``); ``pile``/``card``: a card's button pressed by a reader.

        The answer says what to speak, draws the table with the focus where the keys left
        it, and ``focus``: whether the page should move its focus there.
        """
        key = args.get("key")
        if key not in KEYS:
            raise BridgeError(f"unknown key {key!r}: expected one of {', '.join(KEYS)}")
        if args.get("pile") is not None:
            self._focus_on(_pile(args), args.get("card"))
        keys, game = self.keys, self.game
        keys.double_tap = self.double_tap
        keys.brief = self.screens.settings.speech == "brief"
        keys.notes = (self._code_text(), self.note)
        reply = keys.press(str(key), game, self.lang, self.layout())
        if not reply.handled:
            return {"handled": False}
        if reply.play is not None:
            before = game.state
            played = game.play(reply.play)
            said = change_sentence(
                "play", before, game.state, played, self.lang, uncovered=False, brief=keys.brief
            )
            answer = self.reply(_join(reply.say, said))
        elif reply.draw:
            answer = self.op_stock(args)
            answer["say"] = _join(reply.say, answer.get("say", ""))
        else:
            answer = self.reply(reply.say, changed=False)
        answer["focus"] = reply.focus_moved
        answer["shake"] = [str(CARDS[c]) for c in reply.shake]
        return answer

    def _focus_on(self, pile: Pile, card: object) -> None:
        """Put the keys' focus on ``pile`` (on ``card`` in a column), as a reader's press does."""
        state = self.game.state
        self.keys.set_focus(pile, state)
        if pile[0] == "column" and isinstance(card, str):
            column = [str(CARDS[c]) for c in state.columns[pile[1]]]
            if card in column:
                self.keys.depth = len(column) - 1 - column.index(card)
        self.keys.clamp(state)

    # -- the winnability note (the solver thinks in the page's second worker) ---------------

    def _watch(self) -> bool:
        """Whether the page should ask the second worker about this position."""
        settings = self.screens.settings
        if not settings.show_winnability or self.game.is_won:
            return False
        if self.hopeless_deal == self.deal_key():
            self.note = hopeless_note()
            return False
        return True

    def deal_key(self) -> str:
        return self.game.code or self.game.deck_string

    def deal_is_hopeless(self) -> bool:
        """The solver proved this deal lost from its start (Hint, the note): no search needed."""
        return self.hopeless_deal == self.deal_key()

    def op_watch(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """In the second worker: is the saved game's position winnable (a short search)?"""
        from canfield.solver import solve

        game = self._load(args)
        found = solve(game.state, time_limit=_seconds(args, WATCH_SECONDS))
        start = not game.history and game.moves_made == 0
        return {"verdict": found.verdict.name, "start": start, "position": str(game.state)}

    def op_watched(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """The second worker's verdict on ``position``: the note, if that is still the position."""
        from canfield.solver import Verdict

        verdict = args.get("verdict")
        if verdict not in Verdict.__members__:
            raise BridgeError(f"unknown verdict {verdict!r}")
        if args.get("position") != str(self.game.state):
            return {}
        if verdict == "LOST" and args.get("start") is True:
            self.hopeless_deal = self.deal_key()
            self.note = hopeless_note()
        else:
            self.note = verdict_note(Verdict[str(verdict)])
        return {"view": self.view()}

    def op_find_winnable(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """In the second worker: one more try of "Winnable deals only"'s search.

        ``tried`` deals of ``variant``/``draw`` were tried before this request; one random
        deal is solved now and the answer says whether it was proved winnable (``code``),
        whether to ask again (``more``: nothing yet and tries left) and the progress line
        for the player ("… 3 of 20 deals tried", in ``lang``). The page asks once a try, so
        it shows each, and can stop the search between tries or in one (the worker is
        terminated), so New game's search is cancelled.
        """
        from canfield.presentation.winnable import (
            TRIES,
            find_winnable_deal,
            search_progress_text,
        )

        variant = args.get("variant", "canfield")
        if variant not in APP_VARIANTS:
            raise BridgeError(f"unknown variant {variant!r}")
        draw = args.get("draw", 3)
        if draw not in DRAWS:
            raise BridgeError(f"draw must be 1 or 3, not {draw!r}")
        tried = args.get("tried", 0)
        if type(tried) is not int or not 0 <= tried < TRIES:
            raise BridgeError(f"tried must be a whole number from 0 to {TRIES - 1}, not {tried!r}")
        self._set_language(args.get("lang", self.lang))
        found = find_winnable_deal(int(draw), str(variant), tries=1)
        tried += 1
        return {
            "code": None if found is None else str(found),
            "tried": tried,
            "more": found is None and tried < TRIES,
            "progress": search_progress_text(tried, TRIES),
        }

    # -- the solver (run in a second worker, so the table stays answering) ---------------

    def _load(self, args: Mapping[str, Any]) -> Game:
        self._set_language(args.get("lang", self.lang))
        try:
            return Game.from_dict(args.get("saved") or {})
        except CanfieldError as exc:
            raise BridgeError(str(exc)) from None

    def op_hint(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """Hint for the saved game ``saved``: a move on a winning line, or how far to undo."""
        from canfield.solver import Verdict, hint

        game = self._load(args)
        found = hint(game, _seconds(args, HINT_SECONDS))
        asked = {"position": str(game.state), "verdict": found.verdict.name}
        move = found.move if found.verdict is Verdict.WON else None
        proved = move is not None
        if move is None and found.verdict is not Verdict.LOST:
            move = fallback_hint(game.state)  # undecided in time: a sensible move, not proved
        if move is not None:
            return {
                **asked,
                "say": hint_sentence(game.state, move, self.lang, proved=proved),
                "move": move.notation(),
                "card": None if move.card is None else str(CARDS[int(move.card)]),
                "target": "stock-0"
                if move.card is None
                else pile_id(Pile.of_move(game.state, move)),
            }
        if found.verdict is Verdict.LOST:
            if found.hopeless:
                said = hopeless_message() + ". " + new_game_key_sentence(browser=True)
                return {**asked, "say": said, "lost": True, "hopeless": True}
            return {**asked, "say": lost_message(found.undo), "undo": found.undo, "lost": True}
        return {**asked, "say": _("No hint found in time")}

    def op_solve(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """Show me: a winning line from the saved game, to be played step by step."""
        from canfield.solver import Verdict, solve

        game = self._load(args)
        found = solve(game, time_limit=DEMO_SOLVE_SECONDS)
        if found.verdict is Verdict.WON:
            return {"line": [m.notation() for m in found.line], "say": ""}
        if found.verdict is Verdict.LOST:
            return {"line": [], "say": lost_message(None)}
        return {"line": [], "say": _("No winning line found in time")}

    def op_thinking(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """What the page says while the solver works, and when it stops."""
        return {
            "hint": _("Thinking…"),
            "show": _("Looking for a winning line…"),
            "showing": _("Showing a winning line — Esc or a click stops it"),
            # the player stopped it (Esc, or its button again): said, as the desktop says it
            "hint_stopped": stopped_message("hint"),
            "looking_stopped": stopped_message("looking"),
            "showing_stopped": stopped_message("showing"),
        }

    def op_notice(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """The sentence for something the page met outside the game (storage refused)."""
        error = str(args.get("error", ""))[:200]
        return {"say": _("Could not save the game: %(error)s") % {"error": error}}

    def op_describe(self, args: Mapping[str, Any]) -> dict[str, Any]:
        return {"say": self.game.describe(self.lang)}

    # -- what the page draws -----------------------------------------------------

    def _play(self, move: Move, *, quiet: bool = False, demo: bool = False) -> dict[str, Any]:
        """Play ``move`` and say it (not when Finish plays it: it said its line at once);
        Finish is not offered while Show me or Finish plays."""
        before = self.game.state
        played = self.game.play(move)
        brief = self.screens.settings.speech == "brief"
        said = change_sentence("play", before, self.game.state, played, self.lang, brief=brief)
        return self.reply("" if quiet else said, quiet=quiet or demo)

    def _finished(self) -> dict[str, Any] | None:
        """The game being left, for the statistics, if it was played and not yet counted."""
        game = self.game
        if self.counted or (game.moves_made == 0 and not game.history):
            return None
        return self._result(won=False)

    def _result(self, *, won: bool) -> dict[str, Any]:
        game = self.game
        return {
            "variant": game.variant,
            "draw": game.draw,
            "won": won,
            "score": game.score,
            "moves": game.moves_made,
            "seconds": game.elapsed,
        }

    def reply(self, say: str, *, changed: bool = True, quiet: bool = False) -> dict[str, Any]:
        """An action's answer: the view, what to say, the save; Finish offered (web.aids)."""
        spoken = {"say": say}
        self.aids.after(self, spoken, changed=changed, quiet=quiet)
        say = spoken.pop("say")
        if changed:
            self.keys.clamp(self.game.state)
            if self._note_for != self.game.state:
                self.note = ""  # it was about another position
        self._note_for = self.game.state
        watch = changed and self._watch()
        reply: dict[str, Any] = {"view": self.view(), "say": say, "changed": changed, **spoken}
        if changed:
            reply["save"] = self._save()
            reply["watch"] = watch
        if self.game.is_won and not self.counted:
            self.counted = True
            reply["won"] = self._result(won=True)
            reply["say"] = (say + ". " if say else "") + self.win_text()
        return reply

    def win_text(self) -> str:
        return _("You won!") + " " + _("Score: %(score)d") % {"score": self.game.score}

    def layout(self) -> TableLayout:
        state = self.game.state
        longest = max((len(c) for c in state.columns), default=1)
        return TableLayout.compute(
            self.width,
            self.height,
            CARD_ASPECT,
            longest,
            state.variant.reserve_face_up,
            columns=column_needs(state),  # a long column compresses its closed cards first
        )

    def view(self) -> dict[str, Any]:
        """Every pile and card of the position, placed for the table's size, and named."""
        game, lang = self.game, self.lang
        state = game.state
        lay = self.layout()
        shown = len(game.visible_waste())
        where = placements(state, lay, shown, self.aids.opened)
        playable = playable_cards(game)
        letters = rank_letters(lang)
        inks = _INKS[self.screens.settings.four_colour]
        piles = []
        seen: set[int] = set()
        for pile in PILES:
            seen.update(visible_cards(game, pile))
            rect = pile_rect(lay, game, pile)
            kind, index = pile
            mark = ""
            if kind == "foundation":
                mark = foundation_label(state, index, lang)
            elif kind == "stock":
                mark = stock_mark(state)
            piles.append(
                {
                    "id": pile_id(pile),
                    "name": pile_list_name(game, pile, lang),
                    "rect": _rect(rect),
                    "slot": _slot(lay, pile),
                    "mark": mark,
                    "cards": [str(CARDS[c]) for c in visible_cards(game, pile)],
                    "reach": focus_depth_limit(state, pile),
                }
            )
        cards = []
        for card, place in where.items():
            pile_key: Pile = place.pile
            cards.append(
                {
                    "id": str(CARDS[card]),
                    "name": card_name(card, lang) if place.face_up else "",
                    "rank": letters[rank_of(card) - 1] if place.face_up else "",
                    "suit": _SUITS[card // 13] if place.face_up else "",
                    "red": is_red(card) if place.face_up else False,
                    "ink": inks[card // 13] if place.face_up else "",
                    "x": place.pos.x,
                    "y": place.pos.y,
                    "z": place.z,
                    "up": place.face_up,
                    "shown": card in seen,
                    "pile": pile_id(pile_key),
                    "playable": card in playable,
                }
            )
        return {
            "lang": lang,
            "code": game.code or "",
            "deck": game.deck_string,
            "variant": game.variant,
            "title": variant_title(game.variant),
            "card": [lay.card_w, lay.card_h],
            "size": [self.width, self.height],
            "portrait": lay.portrait,
            "piles": piles,
            "cards": cards,
            "notes": [
                {"rect": _rect(lay.reserve_label), "text": str(len(state.reserve))},
                {"rect": _rect(lay.stock_label), "text": passes_text(state)},
            ],
            "status": {
                "score": _("Score: %(score)d") % {"score": game.score},
                "moves": _("Moves: %(moves)d") % {"moves": game.moves_made},
                "passes": passes_text(state),
                "reserve": str(len(state.reserve)),
                "game": self._code_text(),
                "time": self._time_text(),
                "note": self.note,
                "title": _("Canfield")
                if game.variant == "canfield"
                else _("%(variant)s — Canfield") % {"variant": variant_title(game.variant)},
            },
            "can_undo": game.can_undo,
            "can_redo": game.can_redo,
            "won": game.is_won,
            "labels": self.labels(),
            "focus": self.focus(),
            **self.aids.view(self),
        }

    def _code_text(self) -> str:
        code = self.game.code
        return _("Game %(code)s") % {"code": code} if code else _("Own deck")

    def focus(self) -> dict[str, Any]:
        """Where the keyboard's focus is, what it holds, and what a reader hears landing there."""
        state = self.game.state
        keys = self.keys
        keys.brief = self.screens.settings.speech == "brief"
        card = keys.focused_card(state)
        return {
            "pile": pile_id(keys.focus),
            "card": None if card is None else str(CARDS[card]),
            "held": [] if keys.held is None else [str(CARDS[c]) for c in keys.held.cards],
            "landing": keys.landing(self.game, self.lang),
        }

    def labels(self) -> dict[str, str]:
        """The page's button and region names, in the current language."""
        return {
            "table": _("Card table"),
            "new": plain(_("&New game")),
            "restart": plain(_("&Restart")),
            "undo": plain(_("&Undo")),
            "redo": plain(_("Re&do")),
            "hint": plain(_("&Hint")),
            "show": plain(_("&Show me")),
            "draw": plain(_("Dra&w from stock")),
            "describe": plain(_("Read &position")),
            "copy": plain(_("&Copy code") if self.game.code else _("&Copy deck")),
            "finish": plain(finish_label()),
        }


def _join(*parts: str) -> str:
    """Sentences said one after another ('' for none)."""
    return ". ".join(part for part in parts if part)


def _seconds(args: Mapping[str, Any], default: float) -> float:
    """A thinking time the page may ask for (the benchmark does), within 0.1-30 s."""
    value: Any = args.get("seconds", default)
    if type(value) not in (int, float) or not math.isfinite(value):
        raise BridgeError(f"seconds must be a number, not {value!r}")
    return float(min(max(value, 0.1), 30.0))


def _rect(rect: Rect) -> list[float]:
    return [rect.x, rect.y, rect.width, rect.height]


def _coordinate(args: Mapping[str, Any], name: str) -> float:
    value: Any = args.get(name)
    if type(value) not in (int, float) or not math.isfinite(value) or abs(value) > MAX_SIZE * 2:
        raise BridgeError(f"{name} must be a coordinate on the table, not {value!r}")
    return float(value)


def _slot(lay: TableLayout, pile: Pile) -> list[float]:
    """A pile's empty place (one card's rectangle), where its outline and mark are drawn."""
    kind, index = pile
    rect = {
        "stock": lay.stock,
        "waste": lay.waste,
        "reserve": lay.reserve,
    }.get(kind)
    if rect is None:
        rect = lay.foundations[index] if kind == "foundation" else lay.columns[index]
    return [rect.x, rect.y, rect.width, rect.height]

"""The browser's screens around the table: New game, Settings, Statistics, Rules, About, the win.

The page draws these screens (``web/src/page/dialogs``) from what this module returns:
every label, summary, refusal and figure is built here from the same catalogs and
the same records the desktop app uses (:mod:`canfield.records`), so the page never
writes a word of its own. The player's settings and statistics live in the
browser's IndexedDB as the JSON text this module hands back after every change;
it reads them back at start and sets a damaged one aside with a message.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from canfield import __version__, i18n
from canfield.deal import DealCode
from canfield.errors import CanfieldError
from canfield.game import Game
from canfield.i18n import _, pgettext
from canfield.presentation.clock import format_duration
from canfield.presentation.money import format_money
from canfield.presentation.numbers import format_number
from canfield.presentation.questions import abandon_question, reset_statistics_detail
from canfield.presentation.records import assisted_note, help_text, win_record_parts
from canfield.presentation.variant_text import APP_VARIANTS, variant_summary, variant_title
from canfield.records.ledger import Ledger
from canfield.records.settings import (
    CARD_BACKS,
    FELTS,
    InvalidSettingError,
    Settings,
    decode_setting,
    encode_setting,
)
from canfield.records.statistics import DEAL_COST, Statistics
from canfield.variants import DRAWS, check_draw, variant_named

__all__ = ["ScreenError", "Screens", "SessionState", "browser_keys"]

_MAX_STORED: Final = 1 << 20
"""A stored record longer than this is damaged (the real ones are a few KiB)."""
_WEB_SETTINGS: Final = tuple(n for n in Settings.names() if n != "window_geometry")
"""The settings the browser keeps: the desktop's, less the window's geometry."""
COLUMN_DRAWS: Final = tuple(sorted(DRAWS, reverse=True))
NOTHING: Final = "—"
_ROWS: Final = (
    "played",
    "won",
    "win_rate",
    "best_score",
    "fastest_win",
    "fewest_moves",
    "current_streak",
    "best_streak",
    "average_seconds",
    "average_moves",
    "bank",
    "assisted",
)


class ScreenError(ValueError):
    """A request these screens refuse; its text (one line) goes back to the page."""


class SessionState(Protocol):
    """What the screens read and change of the worker's session."""

    game: Game
    lang: str


def _plain(message: str) -> str:
    """A desktop label without its keyboard mnemonic (``&Variant`` → ``Variant``)."""
    return _(message).replace("&&", "\0").replace("&", "").replace("\0", "&")


def _draw_label(draw: int) -> str:
    return _("3 cards") if draw == 3 else _("1 card")


@dataclass
class Screens:
    """The player's settings and records, and the screens' ops (``screen`` names one)."""

    settings: Settings = field(default_factory=Settings)
    ledger: Ledger = field(default_factory=Ledger)
    system_language: str = i18n.DEFAULT_LANGUAGE
    """The browser's language, which the setting "System" follows."""
    loaded: bool = False
    """The stored records were read: only then does an action count in the statistics."""
    _sent: str = ""
    _seen: tuple[object, ...] = ()

    # -- the ops ----------------------------------------------------------------------------

    def handle(self, session: SessionState, args: Mapping[str, Any]) -> dict[str, Any]:
        """Answer one screen request; :class:`ScreenError` for a bad one."""
        name = args.get("screen")
        ops: dict[str, Callable[[SessionState, Mapping[str, Any]], dict[str, Any]]] = {
            "load": self.load,
            "texts": self.texts,
            "new_game": self.new_game_form,
            "read_code": self.read_code,
            "deal": self.deal,
            "settings": self.settings_form,
            "change_settings": self.change_settings,
            "statistics": self.statistics,
            "reset_statistics": self.reset_statistics,
            "rules": self.rules,
            "about": self.about,
            "win": self.win,
            "share": self.share,
        }
        op = ops.get(name) if isinstance(name, str) else None
        if op is None:
            raise ScreenError(f"unknown screen op {name!r}")
        return op(session, args)

    def after_op(self, session: SessionState) -> dict[str, Any]:
        """Count the game after any op (a win is recorded once); the records if they changed."""
        game = session.game
        if not self.loaded:
            return {}
        seen = (game.game_id, len(game.history), game.undo_depth, game.score, game.elapsed)
        if seen == self._seen:
            return {}  # a hover, a text: the game did not change, nor did its record
        self._seen = seen
        standing = self.ledger.standing
        same = standing is not None and standing.game_id == game.game_id
        if same or game.moves_made > 0 or game.can_redo:
            self.ledger.save(game, casino=self.settings.casino_scoring)
        text = self.records_text()
        if text == self._sent:
            return {}
        self._sent = text
        return {"records": text}

    def records_text(self) -> str:
        """The ledger as the JSON text the page stores."""
        return json.dumps(self.ledger.to_dict(), separators=(",", ":"), allow_nan=False)

    def settings_text(self) -> str:
        """The settings as the JSON text the page stores (each value as the desktop encodes it)."""
        values = {
            n: json.loads(encode_setting(n, getattr(self.settings, n))) for n in _WEB_SETTINGS
        }
        return json.dumps(values, separators=(",", ":"))

    def load(self, session: SessionState, args: Mapping[str, Any]) -> dict[str, Any]:
        """Read the stored settings and records; a damaged one is set aside with a notice."""
        system = args.get("system")
        if isinstance(system, str) and system in i18n.LANGUAGES:
            self.system_language = system
        damaged: list[str] = []
        settings_text, records_text = args.get("settings"), args.get("records")
        if settings_text is not None:
            try:
                self.settings = _read_settings(settings_text)
            except ValueError:
                self.settings = Settings()
                damaged.append("settings")
        if records_text is not None:
            try:
                self.ledger = Ledger.from_dict(_json_object(records_text))
            except (ValueError, RecursionError):
                self.ledger = Ledger()
                damaged.append("records")
        # A new player (nothing stored: not one who played an earlier version) is welcomed once.
        new_player = settings_text is None and records_text is None and not self.settings.welcomed
        if not self.settings.welcomed:
            self.settings = self.settings.replace(welcomed=True)
        session.lang = i18n.set_language(self.language)
        notices = [
            _("Your saved data could not be read, so the app started afresh.")
            if kind == "settings"
            else _("Some of your statistics were damaged and have been reset.")
            for kind in damaged
        ]
        self.loaded = True
        self._sent = self.records_text()
        return {
            "settings": self.settings_values(),
            "settings_text": self.settings_text(),
            "records": self._sent,
            "lang": session.lang,
            "damaged": damaged,
            "notices": notices,
            "relabel": True,
            "new_player": new_player,
        }

    @property
    def language(self) -> str:
        """The language the settings ask for (the browser's when "System")."""
        return self.settings.language or self.system_language

    def settings_values(self) -> dict[str, Any]:
        return {n: getattr(self.settings, n) for n in _WEB_SETTINGS}

    def texts(self, session: SessionState, args: Mapping[str, Any]) -> dict[str, Any]:
        """Every fixed text of the screens, in the current language."""
        del session, args
        return {
            "lang": i18n.language(),
            "texts": {
                "menu": _("Menu"),
                "new_game": _plain("&New game"),
                # a browser keeps Ctrl+N for a new window: the page's key is N
                "new_game_tip": _("Start a new game (N)"),
                "restart": _plain("&Restart"),
                "statistics": _plain("&Statistics"),
                "settings": _plain("&Settings…").rstrip("…"),
                "rules": _plain("&Rules"),
                "about": _plain("&About"),
                "welcome": _plain("How Canfield &works"),
                "about_title": _("About Canfield"),
                "rules_title": _("Rules of Canfield"),
                "copy_code": _plain("&Copy code"),
                "copy_deck": _plain("&Copy deck"),
                "share_code": _("Share the code"),
                "close": _("Close"),
                "cancel": _("Cancel"),
                "ok": _("OK"),
                "deal": _("Deal"),
                "restore_defaults": _("Restore Defaults"),
                "reset": _("Reset…"),
                "reset_statistics": _("Reset statistics"),
                "play_again": _("Play again"),
                "you_won": _("You won!"),
                "variant": _plain("&Variant"),
                "draw": _("Draw"),
                "code": _plain("&Game code or deck (optional)"),
                "code_name": _("Game code or deck"),
                "code_placeholder": _("e.g. CF1-D3-AAAAACL"),
                "code_hint": _(
                    "Enter a code, or 52 cards in deal order, to replay or share an exact deal. "
                    "Leave it empty for a new deal."
                ),
                "winnable": _("Winnable deals only"),
                "winnable_hint": _("Deal only games that the solver knows can be won."),
                "looking": _("Looking for a winnable deal…"),
                "figures": _("Figures"),
                "recent_games": _("Recent games"),
                "recent_hint": _("Click a game to play the same deal again."),
                "no_recent": _("No finished games yet."),
            },
        }

    # -- New game ---------------------------------------------------------------------------

    def new_game_form(self, session: SessionState, args: Mapping[str, Any]) -> dict[str, Any]:
        """The variants (title, summary, own draw) and what the form starts with."""
        from canfield.presentation.winnable import winnable_note  # not needed to start

        del args
        variant = self.settings.last_variant
        names = list(APP_VARIANTS)
        if variant not in names:
            names.append(variant)
        return {
            "title": _("New game"),
            "variants": [
                {
                    "name": name,
                    "title": variant_title(name),
                    "summary": variant_summary(name),
                    "draw": variant_named(name).draw,
                }
                for name in names
            ],
            "draws": [
                {
                    "draw": 3,
                    "label": _("3 cards"),
                    "note": _("Hard"),
                    "description": _("Turn three cards at a time from the stock."),
                },
                {
                    "draw": 1,
                    "label": _("1 card"),
                    "note": _("Easy"),
                    "description": _("Turn one card at a time from the stock."),
                },
            ],
            "variant": variant,
            "draw": self.settings.draw,
            "winnable_only": self.settings.winnable_only,
            "winnable_notes": {
                f"{name}:{draw}": winnable_note(draw, name) for name in names for draw in DRAWS
            },
            "in_progress": self._in_progress(session.game),
        }

    def read_code(self, session: SessionState, args: Mapping[str, Any]) -> dict[str, Any]:
        """What the field holds: a code (its variant and draw), a deck, nothing, or why not.

        With ``variant`` and ``draw``, a code is rewritten to them (the field follows the
        choices); the reason a text is refused is the engine's, in the player's language.
        """
        from canfield.presentation.deal_text import DealTextError, read_deal_text

        del session
        text = _text_arg(args, "text", 4096)
        if not text.strip():
            return {"kind": "empty"}
        try:
            read = read_deal_text(text)
        except DealTextError as exc:
            return {"kind": "error", "error": str(exc)}
        if read.code is None:
            return {"kind": "deck"}
        code = read.code
        variant, draw = args.get("variant"), args.get("draw")
        if variant is not None and draw is not None:
            rules = _variant_arg(variant)
            code = DealCode(code.number, check_draw(_draw_arg(draw)), rules)
        return {
            "kind": "code",
            "code": str(code),
            "variant": code.variant.name,
            "variant_title": variant_title(code.variant.name),
            "variant_summary": variant_summary(code.variant.name),
            "draw": code.draw,
        }

    def deal(self, session: SessionState, args: Mapping[str, Any]) -> dict[str, Any]:
        """Start the game asked for; a game in progress is abandoned only when ``abandon``.

        "Winnable deals only" is searched in the page's second worker, which the player can
        stop: without ``found`` the answer is ``search`` (the first ``find_winnable``
        request, with ``progress``, the line to show while it runs, and ``cancelled``, the one
        to say if the player stops it; ask again with the deal found, or null for none); with
        ``found`` null the game in play stays and the answer offers a random deal instead.
        """
        from canfield.presentation.deal_text import DealTextError, read_deal_text
        from canfield.presentation.winnable import (
            TRIES,
            search_cancelled_message,
            search_progress_text,
            winnable_deal,
        )

        variant = _variant_arg(args.get("variant", "canfield")).name
        draw = _draw_arg(args.get("draw", 3))
        text = _text_arg(args, "text", 4096) if args.get("text") is not None else ""
        winnable = args.get("winnable") is True
        replay = None
        if text.strip():
            try:
                replay = read_deal_text(text)
            except DealTextError as exc:
                return {"dealt": False, "error": str(exc)}
        if self._in_progress(session.game) and args.get("abandon") is not True:
            return {
                "dealt": False,
                "confirm": abandon_question()._asdict(),
            }
        note = None
        proved = False
        if replay is not None and replay.code is not None:
            game = Game.from_code(replay.code)
        elif replay is not None and replay.deck is not None:
            game = Game.from_deck(replay.deck, draw, variant)
        elif winnable:
            # from the atlas's index at once; else searched where the page can stop it
            if "found" in args:
                found = _found_arg(args.get("found"), variant, draw)
            elif (found := winnable_deal(draw, variant)) is None:
                return {
                    "dealt": False,
                    "search": {"variant": variant, "draw": draw, "tried": 0},
                    "progress": search_progress_text(0, TRIES),
                    "cancelled": search_cancelled_message(),
                }
            if found is None:  # nothing proved: the game in play stays, the player chooses
                return {"dealt": False, "offer": _nothing_found_offer(variant, draw)}
            note = _("Winnable deal")
            proved = True
            game = Game.from_code(found)
        else:
            game = Game.new(draw, variant)
        if self.loaded:
            self.ledger.abandon(casino=self.settings.casino_scoring)
            self.ledger.save(game, casino=self.settings.casino_scoring)
        session.game = game
        self.settings = self.settings.replace(
            last_variant=game.variant,
            draw=game.draw,
            winnable_only=winnable,
        )
        return {
            "dealt": True,
            "code": game.code,
            "variant": game.variant,
            "draw": game.draw,
            "note": note,
            "proved": proved,
            "settings_text": self.settings_text(),
        }

    def _in_progress(self, game: Game) -> bool:
        """Acted on, not won: leaving it would count as a loss."""
        return not game.is_won and (game.moves_made > 0 or game.can_redo)

    # -- Settings ---------------------------------------------------------------------------

    def settings_form(self, session: SessionState, args: Mapping[str, Any]) -> dict[str, Any]:
        """The Settings screen: each control's label, hint, choices and current value."""
        del session, args
        names = {"blue": _("Blue"), "red": _("Red"), "green": _("Green"), "grey": _("Grey")}
        system = _("System ({language})").format(language=i18n.language_name(self.system_language))

        def check(name: str, label: str, hint: str) -> dict[str, Any]:
            return {"name": name, "kind": "check", "label": label, "hint": hint}

        def choice(name: str, label: str, options: list[tuple[Any, str]]) -> dict[str, Any]:
            return {
                "name": name,
                "kind": "choice",
                "label": label,
                "options": [{"value": v, "label": t} for v, t in options],
            }

        return {
            "title": _("Settings"),
            "values": self.settings_values(),
            "defaults": {n: getattr(Settings(), n) for n in _WEB_SETTINGS},
            "groups": [
                {
                    "title": _("Playing"),
                    "controls": [
                        check(
                            "double_tap",
                            _("Double tap"),
                            _(
                                "When a tapped card cannot go to its foundation, move it to "
                                "the longest column that accepts it, or else to an empty column."
                            ),
                        ),
                        check(
                            "animations",
                            _("Animations"),
                            _("Cards glide to their new place instead of jumping."),
                        ),
                        check(
                            "four_colour",
                            _("Four-colour deck"),
                            _(
                                "Each suit has its own colour, so the suits are easier to "
                                "tell apart."
                            ),
                        ),
                        check(
                            "show_winnability",
                            _("Show whether the deal can still be won"),
                            _(
                                "After each move the status bar says whether a winning line is "
                                "left. Off, the app says so only when you ask for a hint."
                            ),
                        ),
                        check(
                            "auto_finish",
                            _("Finish by itself"),
                            _(
                                "When every card left can simply go home, play them home "
                                "without asking."
                            ),
                        ),
                        check(
                            "casino_scoring",
                            _("Casino scoring"),
                            _(
                                "Play for a bank, as in Canfield's casino: each deal costs $52 "
                                "and each card put on a foundation pays $5. The bank is kept in "
                                "the statistics."
                            ),
                        ),
                    ],
                },
                {
                    "title": _("Look"),
                    "controls": [
                        choice("card_back", _("Card back"), [(c, names[c]) for c in CARD_BACKS]),
                        choice("felt", _("Table colour"), [(c, names[c]) for c in FELTS]),
                    ],
                },
                {
                    "title": _("General"),
                    "controls": [
                        choice(
                            "language",
                            _("Language"),
                            [
                                (None, system),
                                *((code, i18n.language_name(code)) for code in i18n.LANGUAGES),
                            ],
                        ),
                        choice(
                            "draw",
                            _plain("&Default draw"),
                            [(3, _("3 cards (Hard)")), (1, _("1 card (Easy)"))],
                        ),
                        choice(
                            "speech",
                            _plain("Screen reader s&peech"),
                            [
                                ("full", _("Full: where a card can go, what a move uncovered")),
                                ("brief", _("Brief: the action alone")),
                            ],
                        ),
                    ],
                },
            ],
        }

    def change_settings(self, session: SessionState, args: Mapping[str, Any]) -> dict[str, Any]:
        """Apply ``changes`` (all checked before any applies); the language switches at once."""
        changes = args.get("changes")
        if not isinstance(changes, Mapping) or not set(changes) <= set(_WEB_SETTINGS):
            raise ScreenError(f"changes are an object of settings among {', '.join(_WEB_SETTINGS)}")
        try:
            self.settings = self.settings.replace(**{str(k): v for k, v in changes.items()})
        except InvalidSettingError as exc:
            raise ScreenError(str(exc)) from None
        session.lang = i18n.set_language(self.language)
        return {
            "settings": self.settings_values(),
            "settings_text": self.settings_text(),
            "lang": session.lang,
            "relabel": True,
        }

    # -- Statistics -------------------------------------------------------------------------

    def statistics(self, session: SessionState, args: Mapping[str, Any]) -> dict[str, Any]:
        """One variant's figures for both draw modes, the bank and the recent games, as text."""
        variant = args.get("variant")
        shown = _variant_arg(variant).name if variant is not None else session.game.variant
        played = {s.variant for s in self.ledger.all_statistics()}
        names = [*APP_VARIANTS, *sorted(played - set(APP_VARIANTS))]
        if shown not in names:
            names.append(shown)
        columns: list[dict[str, Any]] = [{"draw": d, "title": _draw_label(d)} for d in COLUMN_DRAWS]
        figures = {d: statistics_texts(self.ledger.statistics(d, shown)) for d in COLUMN_DRAWS}
        rows = []
        for key in _ROWS:
            label = row_label(key)
            cells = []
            for column in columns:
                value = figures[column["draw"]][key]
                said = _("none") if value == NOTHING else value
                cells.append({"text": value, "name": f"{label}, {column['title']}: {said}"})
            rows.append({"key": key, "label": label, "cells": cells})
        won, lost = pgettext("game result", "Won"), pgettext("game result", "Lost")
        recent = [
            {
                "text": " · ".join(
                    part
                    for part in (
                        _("{game} · {result} · score {score} · {time}").format(
                            game=g.code or _("Own deck"),
                            result=won if g.won else lost,
                            score=format_number(g.score),
                            time=format_duration(g.seconds),
                        ),
                        help_text(g.hints, g.assisted),
                    )
                    if part
                ),
                "code": g.code,
                "deck": g.deck,
                "variant": g.variant,
                "draw": g.draw,
            }
            for g in self.ledger.recent_games()
        ]
        return {
            "title": _("Statistics"),
            "variant": shown,
            "variants": [{"name": n, "title": variant_title(n)} for n in names],
            "columns": columns,
            "rows": rows,
            "assisted_note": assisted_note(),
            "note": _(
                "A game counts once you have made a move in it. "
                "A game left unfinished counts as lost."
            ),
            "bank": _("Casino bank over all variants and draw modes: {money}").format(
                money=format_money(self.ledger.bank_total())
            ),
            "recent": recent,
            "reset": [
                {
                    "draw": 3,
                    "label": _("Reset the “3 cards” figures"),
                    "ask": reset_statistics_detail(3),
                },
                {
                    "draw": 1,
                    "label": _("Reset the “1 card” figures"),
                    "ask": reset_statistics_detail(1),
                },
                {
                    "draw": None,
                    "label": _("Reset all statistics"),
                    "ask": reset_statistics_detail(None),
                },
            ],
            "reset_title": _("Reset statistics?"),
            "reset_yes": _("Reset"),
        }

    def reset_statistics(self, session: SessionState, args: Mapping[str, Any]) -> dict[str, Any]:
        """Forget one draw mode of the variant shown, or everything (``draw`` null)."""
        draw = args.get("draw")
        self._seen = ()  # the record changed: the next answer carries it
        if draw is None:
            self.ledger.reset()
        else:
            self.ledger.reset(_draw_arg(draw), _variant_arg(args.get("variant")).name)
        return self.statistics(session, args)

    # -- Rules and About --------------------------------------------------------------------

    def rules(self, session: SessionState, args: Mapping[str, Any]) -> dict[str, Any]:
        """The rules page of the current language (our own HTML, shipped in the wheel)."""
        from importlib import resources

        del session, args
        lang = i18n.language()
        folder = resources.files("canfield") / "help"
        page = folder / f"{lang}.html"
        if not page.is_file():
            page = folder / f"{i18n.DEFAULT_LANGUAGE}.html"
        return {
            "title": _("Rules"),
            "name": _("Rules of Canfield"),
            "html": browser_keys(page.read_text("utf-8")),
        }

    def about(self, session: SessionState, args: Mapping[str, Any]) -> dict[str, Any]:
        """Name, version, credits, what the browser build runs on, and the licence."""
        from canfield.presentation.licence import LICENSE_TEXT

        del session, args
        python = sys.version.split()[0]
        pyodide = getattr(sys.modules.get("pyodide"), "__version__", None)
        libraries = [f"Python {python} · PSF-2.0"]
        if pyodide is not None:
            libraries.insert(0, f"Pyodide {pyodide} · MPL-2.0")
        solitaire, version = _("Solitaire"), _("Version {version}").format(version=__version__)
        return {
            "title": _("About Canfield"),
            "name": "Canfield",
            "subtitle": f"{solitaire} · {version}",
            "intro": _(
                "Canfield (also called Demon) is a patience game for one player. This app lets "
                "you play it with a finger or a mouse, replay and share any deal by its code, "
                "and ask a solver whether a deal can still be won."
            ),
            "credits_title": _("Credits"),
            "credits": _(
                "Written by the Canfield authors. The rules follow the classic game; the app’s "
                "own choices are explained in the Rules window."
            ),
            "made_with": _("Made with"),
            "libraries": libraries,
            "licence_title": _("Licence"),
            "licence_intro": _("Canfield is free software under the MIT licence:"),
            "licence": [" ".join(block.split()) for block in LICENSE_TEXT.split("\n\n")],
        }

    # -- the win and the code ---------------------------------------------------------------

    def win(self, session: SessionState, args: Mapping[str, Any]) -> dict[str, Any]:
        """The win screen of a won game: score, time, moves, and this variant's statistics."""
        del args
        game = session.game
        if not game.is_won:
            return {"won": False}
        stats = self.ledger.statistics(game.draw, game.variant)
        figures = statistics_texts(stats)
        lines = [
            _("Score: %(score)d") % {"score": game.score},
            _("Time: %(time)s") % {"time": format_duration(game.elapsed)},
            _("Moves: %(moves)d") % {"moves": game.moves_made},
        ]
        if self.settings.casino_scoring:
            lines.append(_("Casino: %(money)s") % {"money": format_money(game.score - DEAL_COST)})
        if game.assisted:  # not in the figures below: said instead, as the desktop's win panel
            lines.extend(win_record_parts(stats, True, game.variant))
        return {
            "won": True,
            "variant": game.variant,
            "draw": game.draw,
            "title": _("You won!"),
            "lines": lines,
            "statistics_title": f"{variant_title(game.variant)} · {_draw_label(game.draw)}",
            "statistics": [
                {"label": row_label(k), "text": figures[k]}
                for k in ("played", "won", "win_rate", "current_streak", "best_streak")
            ],
            **self.share(session, {}),
        }

    def share(self, session: SessionState, args: Mapping[str, Any]) -> dict[str, Any]:
        """What Copy / Share puts on the clipboard, and what the player is told after."""
        del args
        game = session.game
        if game.code is not None:
            return {
                "share_text": game.code,
                "copy_label": _plain("&Copy code"),
                "copied": _("Copied %(code)s") % {"code": game.code},
            }
        return {
            "share_text": game.deck_string,
            "copy_label": _plain("&Copy deck"),
            "copied": _("Copied the deck"),
        }


def _nothing_found_offer(variant: str, draw: int) -> dict[str, Any]:
    """The search found no winnable deal: the desktop's message and its two buttons."""
    from canfield.presentation.winnable import TRIES, no_winnable_found_message

    return {
        "text": no_winnable_found_message(TRIES),
        "buttons": [
            {"label": _("Deal a random one"), "do": "random", "variant": variant, "draw": draw},
            {"label": _("Keep playing"), "do": "keep"},
        ],
    }


def row_label(key: str) -> str:
    """The Statistics row's label (the desktop's wording)."""
    labels = {
        "played": _("Played"),
        "won": _("Won"),
        "win_rate": _("Win rate"),
        "best_score": _("Best score"),
        "fastest_win": _("Fastest win"),
        "fewest_moves": _("Fewest moves"),
        "current_streak": _("Current streak"),
        "best_streak": _("Best streak"),
        "average_seconds": _("Average time"),
        "average_moves": _("Average moves"),
        "bank": _("Casino bank"),
        "assisted": _("Show me: won / played"),
    }
    return labels[key]


def statistics_texts(stats: Statistics) -> dict[str, str]:
    """Each figure as the Statistics screen writes it (— before it has a value)."""

    def maybe(value: float | None, write: Callable[[float], str]) -> str:
        return NOTHING if value is None else write(value)

    return {
        "played": format_number(stats.played),
        "won": format_number(stats.won),
        "win_rate": (
            _("{percent}%").format(percent=format_number(round(stats.win_rate * 100)))
            if stats.played
            else NOTHING
        ),
        "best_score": maybe(stats.best_score, lambda v: format_number(int(v))),
        "fastest_win": maybe(stats.fastest_win, format_duration),
        "fewest_moves": maybe(stats.fewest_moves, lambda v: format_number(int(v))),
        "current_streak": format_number(stats.current_streak),
        "best_streak": format_number(stats.best_streak),
        "average_seconds": maybe(stats.average_seconds, format_duration),
        "average_moves": maybe(stats.average_moves, lambda v: format_number(round(v))),
        "bank": format_money(stats.bank),
        "assisted": (
            NOTHING
            if not stats.assisted_games
            else f"{format_number(stats.assisted_wins)} / {format_number(stats.assisted_games)}"
        ),
    }


def _json_object(text: object) -> object:
    if not isinstance(text, str) or len(text) > _MAX_STORED:
        raise ValueError("the stored value is not a short text")
    return json.loads(text)


def _read_settings(text: object) -> Settings:
    """The stored settings; ``ValueError`` if any is damaged (then all start afresh)."""
    data = _json_object(text)
    if not isinstance(data, dict):
        raise ValueError("stored settings are not an object")
    values: dict[str, Any] = {}
    for name, value in data.items():
        if name not in _WEB_SETTINGS:
            raise ValueError(f"unknown stored setting {name!r}")
        values[name] = decode_setting(name, json.dumps(value))
    return Settings(**values)


def _text_arg(args: Mapping[str, Any], name: str, limit: int) -> str:
    value = args.get(name, "")
    if not isinstance(value, str) or len(value) > limit:
        raise ScreenError(f"{name} must be a text of at most {limit} characters")
    return value


def _variant_arg(value: object) -> Any:
    if not isinstance(value, str):
        raise ScreenError(f"unknown variant {value!r}")
    try:
        return variant_named(value)
    except ValueError as exc:
        raise ScreenError(str(exc)) from None


def _found_arg(value: object, variant: str, draw: int) -> DealCode | None:
    """The deal the second worker proved winnable for ``variant``/``draw``, or None."""
    if value is None:
        return None
    try:
        code = DealCode.parse(_text_arg({"found": value}, "found", 64))
    except CanfieldError as exc:
        raise ScreenError(str(exc)) from None
    if (code.variant.name, code.draw) != (variant, draw):
        raise ScreenError(f"{code} is not a {variant} draw-{draw} deal")
    return code


def _draw_arg(value: object) -> int:
    try:
        return check_draw(value)
    except ValueError as exc:
        raise ScreenError(str(exc)) from None


def browser_keys(html: str) -> str:
    """The rules page with the page's key for New game: N, where the desktop's is Ctrl+N.

    A browser keeps Ctrl+N for a new window and the page never sees it, so the rules must not
    offer it. Hungarian's article follows the sound: "a Ctrl+N", but "az N".
    """
    return html.replace("a Ctrl+N", "az N").replace("Ctrl+N", "N")

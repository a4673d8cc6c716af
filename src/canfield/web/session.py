"""The game as the page sees it: one :class:`Session` per worker, answering every op.

It owns the :class:`~canfield.game.Game`; each op returns what the page needs
next — the view to draw, the sentence to speak, the JSON to save — so the page
never decides what is legal and never builds a sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from canfield.game import Game
from canfield.i18n import LANGUAGES, set_language

__all__ = ["BridgeError", "Session"]


class BridgeError(ValueError):
    """A request the session cannot answer; its text goes back to the page."""


class Session:
    """The game in progress and the player's language, behind JSON ops."""

    def __init__(self) -> None:
        self.game = Game.new()
        self.lang = "en"

    def handle(self, op: str, args: Mapping[str, Any]) -> dict[str, Any]:
        method: Callable[[Mapping[str, Any]], dict[str, Any]] | None = getattr(
            self, f"op_{op}", None
        )
        if method is None:
            raise BridgeError(f"unknown op {op!r}")
        return method(args)

    def op_start(self, args: Mapping[str, Any]) -> dict[str, Any]:
        lang = args.get("lang", "en")
        if lang not in LANGUAGES:
            raise BridgeError(f"unknown language {lang!r}")
        self.lang = set_language(lang)
        return {"describe": self.game.describe(self.lang), "code": self.game.code}

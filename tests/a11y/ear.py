"""What the tests in this folder share: starting the app under the stack, and finding things.

:class:`SharedApps` keeps one app per language for the tests that start from
the example deal (CF1-D3-AAAAACL): a test hands the app back at the deal's start
(checked by reading the whole position), or in some other known state, and the
next test takes it from there; an app a test did not hand back (it failed, or
left a dialog open) is closed and the next one starts afresh.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from stack import Heard, Stack, StackError

from canfield import Game
from canfield.cards import Card
from canfield.deal import EXAMPLE_CODE
from canfield.describe import card_name
from canfield.storage import Settings, Store


def start(
    tmp_path: Path,
    lang: str,
    game: Game | None,
    announcements: bool = True,
    speech: str = "full",
    orca: bool = False,
    **settings: Any,
) -> Stack:
    store = Store(tmp_path / "canfield.sqlite3")
    store.save_settings(Settings(language=lang, animations=False, speech=speech, **settings))
    if game is not None:  # None: a new player (nothing saved but the language)
        store.save_game(game)
    store.close()
    for attempt in range(3):
        stack = Stack(tmp_path, announcements=announcements, orca=orca)
        try:
            stack.start()
        except StackError:
            stack.close()
            # Now and then, under load, the app's xcb connection to a fresh Xvfb is
            # refused before Qt has drawn anything; that is the test stack, not the
            # app, so start the stack again. Any other failure is the test's answer.
            refused = "could not connect to display" in stack.log.read_text()
            if attempt == 2 or not refused:
                raise
            stack.log.rename(stack.log.with_suffix(f".{attempt}.log"))
            continue
        return stack
    raise AssertionError("unreachable")


def find(node: dict[str, Any] | None, role: str, name: str) -> dict[str, Any] | None:
    """The first node of ``role`` named ``name`` under ``node`` (depth first)."""
    if node is None:
        return None
    if node["role"] == role and node["name"] == name:
        return node
    for child in node["children"]:
        hit = find(child, role, name)
        if hit is not None:
            return hit
    return None


def named(name: str, pile: str) -> bool:
    """Whether a list's accessible ``name`` is the pile's: "column 2" or "reserve, 13 cards"."""
    return name == pile or name.startswith(pile + ",")


def focus_to(stack: Stack, pile: str, limit: int = 12) -> Heard:
    """Press Right until the keyboard focus is on ``pile`` (a pile or one of its cards)."""
    for _ in range(limit):
        heard = stack.keys("Right", settle=0.35)
        for event in heard.focus():
            if named(event["name"], pile) or named(event.get("parent", ""), pile):
                return heard
    raise AssertionError(f"the focus never reached {pile!r}")


def c(card: str, lang: str) -> str:
    """A card's spoken name, from the engine's wording."""
    return card_name(Card.parse(card), lang)


def nodes(node: dict[str, Any] | None, role: str, name: str) -> list[dict[str, Any]]:
    """Every node of ``role`` named ``name`` under ``node``."""
    if node is None:
        return []
    found = [node] if node["role"] == role and node["name"] == name else []
    for child in node["children"]:
        found += nodes(child, role, name)
    return found


def orca_heard(stack: Stack, *keys: str, settle: float = 0.5, expect: str = "") -> list[str]:
    """What Orca itself said after ``keys`` (its key echo left out), each without its full stop.

    ``expect``: wait (up to 20 s) until Orca has said something holding it, as a player
    waits for the reader; a loaded machine can hold Orca back for seconds.
    """
    mark = stack.orca_mark()
    stack.keys(*keys, settle=settle)
    deadline = time.monotonic() + 20
    while True:
        said = [u.rstrip(".") for u in stack.orca_said(mark) if u and not u.endswith(" ")]
        if not expect or any(expect in u for u in said) or time.monotonic() > deadline:
            return said
        time.sleep(0.2)


def value_changed(heard: Heard, value: str) -> bool:
    """Whether a combo box told readers its new value (on Linux: a change of its name)."""
    return any(
        e["type"].startswith("object:property-change:accessible-name")
        and e["role"] == "combo box"
        and value in e["name"]
        for e in heard.events
    )


def tab_until(stack: Stack, wanted: str, limit: int = 16) -> Heard:
    """Press Tab until something said contains ``wanted``."""
    said: list[str] = []
    for _ in range(limit):
        heard = stack.keys("Tab", settle=0.4)
        if any(wanted in s for s in heard.spoken):
            return heard
        said += heard.spoken
    raise AssertionError(f"Tab never reached {wanted!r}; heard {said}")


class SharedApps:
    """One app per language on the example deal, handed from test to test (see the module doc)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._apps: dict[str, Stack] = {}
        self._state: dict[str, str] = {}
        """How the last test handed each app back: "start" (the deal's start) or "table"."""
        self.started = 0
        """Apps started so far (one per language when every test hands its app back)."""

    def take(self, lang: str, at_start: bool = True) -> Stack:
        """The language's app at the example deal's start, or only at the table (no dialog)."""
        stack = self._apps.pop(lang, None)
        state = self._state.pop(lang, None)
        if stack is not None and (state is None or (at_start and state != "start")):
            stack.close()
            stack = None
        if stack is None:
            self.started += 1
            folder = self.root / f"{lang}-{self.started}"
            folder.mkdir()
            stack = start(folder, lang, Game.from_code(EXAMPLE_CODE))
        self._apps[lang] = stack
        return stack

    def hand_back(self, lang: str, at_start: bool = True) -> None:
        """Done with the app: back at the deal's start (read out whole to check), or at the table.

        The focus goes to the stock, where a new start has it.
        """
        stack = self._apps[lang]
        if at_start:
            stack.keys("s", settle=0.35)
            position = Game.from_code(EXAMPLE_CODE).describe(lang)
            heard = stack.keys("ctrl+d")
            assert heard.said(position), ("not back at the deal's start", heard)
        self._state[lang] = "start" if at_start else "table"

    def close(self) -> None:
        for stack in self._apps.values():
            stack.close()
        self._apps.clear()


def open_statistics(stack: Stack, keys: str, name: str) -> Heard:
    """Open Statistics from the Game menu (``keys``: its Alt letter, then the item's).

    Xvfb has no window manager: the first menu opened after the window got the focus
    can close at once, so the keys are pressed again when no dialog named ``name`` was
    said (the next menu stays open).
    """
    for _ in range(3):
        heard = stack.keys(*keys.split(), settle=0.8)
        if any(s.startswith(name + ", dialog") for s in heard.spoken):
            return heard
    raise AssertionError(f"{keys} never opened {name!r}; heard {heard}")

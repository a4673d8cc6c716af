"""The player's settings: a typed, validated value with defaults.

A :class:`Settings` can only hold valid values, so anything the app writes is
checked before it is stored (SQLite on the desktop, IndexedDB in the browser); stored
values are checked again on load because they may have been edited or damaged.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from canfield.errors import quoted
from canfield.i18n import LANGUAGES
from canfield.variants import VARIANTS, is_draw

__all__ = [
    "CARD_BACKS",
    "FELTS",
    "SPEECH",
    "InvalidSettingError",
    "Settings",
    "check_variant_name",
    "decode_setting",
    "encode_setting",
]

CARD_BACKS: Final = ("blue", "red", "green")
"""Names of the card back designs, the first is the default."""
FELTS: Final = ("green", "blue", "red", "grey")
"""Names of the table (felt) colours, the first is the default."""
SPEECH: Final = ("full", "brief")
"""How much a screen reader is told, the first is the default: ``full`` says where a
card can go and what a move uncovered; ``brief`` says the action alone."""

_MAX_GEOMETRY: Final = 64 * 1024
_MAX_STORED: Final = 2 * _MAX_GEOMETRY
"""Characters of a stored setting at most (the geometry's base64 is the longest): longer is
refused before it is parsed."""


class InvalidSettingError(ValueError):
    """A setting name or value that is not allowed; nothing was written."""

    def __init__(self, name: str, value: object, reason: str) -> None:
        super().__init__(f"invalid setting {name}={quoted(value)}: {reason}")
        self.name = name
        self.value = value
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Settings:
    """Every setting with its default; invalid values raise :class:`InvalidSettingError`."""

    double_tap: bool = True
    """A tap that cannot go to a foundation looks for a column (docs/rules.md §7)."""
    animations: bool = True
    language: str | None = None
    """One of :data:`LANGUAGES`, or ``None`` to follow the system locale."""
    draw: int = 3
    """Default draw mode of a new game: 1 or 3."""
    four_colour: bool = False
    winnable_only: bool = False
    """New random games are only deals the solver can win."""
    window_geometry: bytes | None = None
    """Opaque bytes from the GUI (e.g. ``QWidget.saveGeometry()``), or ``None``."""
    show_winnability: bool = False
    """Keep telling whether the deal can still be won (off: only when asked, by Hint)."""
    casino_scoring: bool = False
    """Each deal costs 52, each card home pays 5; the bank is in the statistics."""
    card_back: str = CARD_BACKS[0]
    """One of :data:`CARD_BACKS`."""
    felt: str = FELTS[0]
    """One of :data:`FELTS`."""
    last_variant: str = "canfield"
    """The variant of the last new game, which the New game window offers first."""
    speech: str = SPEECH[0]
    """One of :data:`SPEECH`: how much a screen reader is told at the table."""
    auto_finish: bool = False
    """When the rest is only cards going home (and draws), play it out without asking."""
    welcomed: bool = False
    """The first-run screen on how Canfield works has been shown (and the first deal dealt)."""

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            check_setting(field.name, getattr(self, field.name))

    def replace(self, **changes: Any) -> Settings:
        """A copy with ``changes`` applied; unknown names or bad values raise before anything."""
        for name, value in changes.items():
            check_setting(name, value)
        return dataclasses.replace(self, **changes)

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in dataclasses.fields(cls))


def _is_bool(value: object) -> str | None:
    return None if isinstance(value, bool) else "must be True or False"


def _is_language(value: object) -> str | None:
    if value is None or (isinstance(value, str) and value in LANGUAGES):
        return None
    return f"must be None (system locale) or one of {', '.join(LANGUAGES)}"


def _is_draw(value: object) -> str | None:
    return None if is_draw(value) else "must be 1 or 3"


def _is_geometry(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, bytes):
        return "must be bytes or None"
    if len(value) > _MAX_GEOMETRY:
        return f"is longer than {_MAX_GEOMETRY} bytes"
    return None


def _one_of(names: tuple[str, ...]) -> Callable[[object], str | None]:
    def check(value: object) -> str | None:
        return (
            None
            if isinstance(value, str) and value in names
            else f"must be one of {', '.join(names)}"
        )

    return check


def check_variant_name(value: object) -> str | None:
    """Why ``value`` is not a variant's name (None when it is one of :data:`canfield.VARIANTS`)."""
    if isinstance(value, str) and value in VARIANTS:
        return None
    return f"must be one of {', '.join(VARIANTS)}"


_CHECKS: Final[Mapping[str, Callable[[object], str | None]]] = {
    "double_tap": _is_bool,
    "animations": _is_bool,
    "language": _is_language,
    "draw": _is_draw,
    "four_colour": _is_bool,
    "winnable_only": _is_bool,
    "window_geometry": _is_geometry,
    "show_winnability": _is_bool,
    "casino_scoring": _is_bool,
    "card_back": _one_of(CARD_BACKS),
    "felt": _one_of(FELTS),
    "last_variant": check_variant_name,
    "speech": _one_of(SPEECH),
    "auto_finish": _is_bool,
    "welcomed": _is_bool,
}


def check_setting(name: str, value: object) -> None:
    """Raise :class:`InvalidSettingError` unless ``value`` is valid for setting ``name``."""
    check = _CHECKS.get(name)
    if check is None:
        raise InvalidSettingError(name, value, f"no such setting (known: {', '.join(_CHECKS)})")
    reason = check(value)
    if reason is not None:
        raise InvalidSettingError(name, value, reason)


def encode_setting(name: str, value: object) -> str:
    """The JSON text stored for one setting (bytes become base64 text)."""
    if isinstance(value, bytes):
        return json.dumps(base64.b64encode(value).decode("ascii"))
    return json.dumps(value)


def decode_setting(name: str, text: object) -> object:
    """The value of one stored setting; :class:`InvalidSettingError` if it is not valid."""
    if not isinstance(text, str):
        raise InvalidSettingError(name, text, "stored value is not text")
    if len(text) > _MAX_STORED:
        raise InvalidSettingError(name, text, f"stored value is longer than {_MAX_STORED:,}")
    try:
        value: object = json.loads(text)
    except (ValueError, RecursionError):
        raise InvalidSettingError(name, text, "stored value is not JSON") from None
    if name == "window_geometry" and isinstance(value, str):
        try:
            value = base64.b64decode(value.encode("ascii"), validate=True)
        except (ValueError, binascii.Error):
            raise InvalidSettingError(name, text, "stored value is not base64") from None
    check_setting(name, value)
    return value

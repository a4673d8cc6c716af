"""The app's languages: gettext catalogs read straight from the committed ``.po`` files.

The ``.po`` files under ``canfield/locale`` are the source of truth; they are
compiled in memory with Babel the first time a language is used, so there is no
build step and no stale ``.mo`` file can ever disagree with them. A package that
ships no ``.po`` (the browser build's wheel, ``tools/build_web.py``) carries the
same catalogs compiled to ``.mo`` instead, read with the standard library's
:mod:`gettext`, so Babel is not needed there.

``_()`` looks the message up in the *current* language every time it is called,
so switching language takes effect at once: the GUI re-runs its ``retranslate``
methods after :func:`set_language` and every text comes out in the new language.
Strings defined at import time (tables of labels) are marked with :func:`N_` and
translated with ``_()`` where they are shown.

This module is pure Python (no Qt) so the engine, CLI and tests can use it.
"""

from __future__ import annotations

import gettext
import io
import locale
import os
import threading
from collections.abc import Mapping
from importlib import resources
from typing import Final

from canfield.errors import UnknownLanguageError

__all__ = [
    "DEFAULT_LANGUAGE",
    "DOMAIN",
    "LANGUAGES",
    "N_",
    "_",
    "catalog_path",
    "language",
    "language_name",
    "ngettext",
    "normalize_language",
    "pgettext",
    "set_language",
    "system_language",
    "translations",
]

DOMAIN: Final = "canfield"
LANGUAGES: Final[tuple[str, ...]] = ("en", "pt", "hu", "id")
"""The app's languages as ISO 639-1 codes; English is the source language."""
DEFAULT_LANGUAGE: Final = "en"

_NATIVE_NAMES: Final[Mapping[str, str]] = {
    "en": "English",
    "pt": "Português",
    "hu": "Magyar",
    "id": "Bahasa Indonesia",
}

# Old or alternative codes that some systems still report ("in" is the
# pre-1989 code for Indonesian, still used by Java/Android).
_ALIASES: Final[Mapping[str, str]] = {"in": "id", "ind": "id", "por": "pt", "hun": "hu"}

_lock = threading.Lock()
_cache: dict[str, gettext.NullTranslations] = {}
_current: str = DEFAULT_LANGUAGE
_active: gettext.NullTranslations = gettext.NullTranslations()


def catalog_path(lang: str, suffix: str = ".po") -> resources.abc.Traversable:
    """Where the ``.po`` catalog of ``lang`` (or its compiled ``.mo``) lives in the package."""
    return resources.files("canfield") / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


def _check(lang: str) -> str:
    if not isinstance(lang, str):
        raise TypeError(f"a language code must be text or None, not {type(lang).__name__}")
    code = lang.strip().lower()
    if code not in LANGUAGES:
        raise UnknownLanguageError(
            f"unknown language {lang!r}: expected one of {', '.join(LANGUAGES)} "
            "(or None for the system language)"
        )
    return code


def _load(lang: str) -> gettext.NullTranslations:
    """Compile the ``.po`` file of ``lang`` in memory (once) and return its translations.

    The ``.po`` wins wherever it ships; only a package without it reads the ``.mo``.
    """
    with _lock:
        cached = _cache.get(lang)
        if cached is not None:
            return cached
        source = catalog_path(lang)
        compiled = catalog_path(lang, ".mo")
        if not source.is_file() and compiled.is_file():
            with compiled.open("rb") as mo:
                from_mo = gettext.GNUTranslations(mo)
            _cache[lang] = from_mo
            return from_mo
        if not source.is_file():
            # English is the source language, so it still works without a catalog.
            if lang == DEFAULT_LANGUAGE:
                loaded = gettext.NullTranslations()
                _cache[lang] = loaded
                return loaded
            raise FileNotFoundError(f"no message catalog for language {lang!r} at {source}")
        # Babel is imported only here: it is a few hundred milliseconds we pay once.
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        with source.open("rb") as po:
            catalog = read_po(po, locale=lang, domain=DOMAIN)
        buffer = io.BytesIO()
        write_mo(buffer, catalog)
        buffer.seek(0)
        loaded = gettext.GNUTranslations(buffer)
        _cache[lang] = loaded
        return loaded


def translations(lang: str) -> gettext.NullTranslations:
    """The translations of ``lang`` (cached), without making it the current language."""
    return _load(_check(lang))


def normalize_language(value: str | None) -> str | None:
    """Map a locale name such as ``pt_BR.UTF-8`` or ``hu-HU`` to one of :data:`LANGUAGES`.

    Returns ``None`` for locales the app does not speak (and for ``C``/``POSIX``),
    so the caller can try the next candidate.
    """
    if not value:
        return None
    code = value.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    code = _ALIASES.get(code, code)
    return code if code in LANGUAGES else None


def _system_candidates() -> list[str]:
    """Locale names in gettext's order of precedence, then what the OS reports."""
    candidates: list[str] = []
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            # LANGUAGE may list several, e.g. "hu:en"; the others hold one.
            candidates.extend(value.split(":") if variable == "LANGUAGE" else [value])
    try:
        reported = locale.getlocale(locale.LC_MESSAGES)[0]
    except (AttributeError, ValueError):  # LC_MESSAGES does not exist on Windows
        reported = None
    if reported:
        candidates.append(reported)
    try:
        reported = locale.getlocale()[0]
    except ValueError:
        reported = None
    if reported:
        candidates.append(reported)
    return candidates


def system_language() -> str:
    """The first of the system's preferred languages that the app speaks, else English."""
    for candidate in _system_candidates():
        if candidate in ("C", "POSIX"):
            continue
        code = normalize_language(candidate)
        if code is not None:
            return code
    return DEFAULT_LANGUAGE


def set_language(lang: str | None) -> str:
    """Make ``lang`` the current language (``None``: follow the system) and return it.

    Raises :class:`~canfield.errors.UnknownLanguageError` (a ``ValueError``) for
    a code that is not one of :data:`LANGUAGES`.
    """
    global _current, _active
    code = system_language() if lang is None else _check(lang)
    loaded = _load(code)
    _current, _active = code, loaded
    return code


def language() -> str:
    """The current language code."""
    return _current


def language_name(lang: str) -> str:
    """The language's name in that language (as shown in the language menu)."""
    return _NATIVE_NAMES[_check(lang)]


def _(message: str) -> str:
    """Translate ``message`` into the current language (looked up at every call)."""
    return _active.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message whose form depends on the number ``n``."""
    return _active.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """Translate a short message that needs a context to be translated right."""
    return _active.pgettext(context, message)


def N_(message: str) -> str:  # noqa: N802 - the conventional gettext marker name
    """Mark a string for extraction without translating it yet (translate it when shown)."""
    return message

"""The app's languages: every string translated, placeholders intact, live switching, fallback."""

from __future__ import annotations

import importlib.util
import locale
import re
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Catalog

from canfield import i18n

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = ("pt", "hu", "id")


def _load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "update_catalogs", ROOT / "tools" / "update_catalogs.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


tool = _load_tool()


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def template() -> Catalog:
    return tool.extract_template()  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def catalogs() -> dict[str, Catalog]:
    return {lang: tool.load_catalog(lang) for lang in i18n.LANGUAGES}


def _key(message_id: str | Iterable[str], context: str | None) -> tuple[object, ...]:
    return (context, message_id if isinstance(message_id, str) else tuple(message_id))


# --- (a) no string left untranslated -----------------------------------------------------------


def test_the_source_has_translatable_strings(template: Catalog) -> None:
    ids = {m.id for m in template if m.id}
    assert "New game" in ids
    assert len(ids) > 50


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_no_string_left_untranslated(
    lang: str, template: Catalog, catalogs: dict[str, Catalog]
) -> None:
    catalog = catalogs[lang]
    problems = []
    for message in template:
        if not message.id:
            continue
        entry = catalog.get(message.id, message.context)
        if entry is None:
            problems.append(f"missing: {message.id!r} (run tools/update_catalogs.py)")
            continue
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if not all(strings):
            problems.append(f"empty: {message.id!r}")
        elif entry.fuzzy:
            problems.append(f"fuzzy (check and unmark): {message.id!r}")
    assert not problems, f"{lang}: " + "\n".join(problems)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_catalogs_hold_no_stale_strings(
    lang: str, template: Catalog, catalogs: dict[str, Catalog]
) -> None:
    wanted = {_key(m.id, m.context) for m in template if m.id}
    stale = [m.id for m in catalogs[lang] if m.id and _key(m.id, m.context) not in wanted]
    assert not stale, f"{lang}: strings no longer in the source (run tools/update_catalogs.py)"


def test_english_catalog_repeats_the_source(catalogs: dict[str, Catalog]) -> None:
    for message in catalogs["en"]:
        if message.id:
            expected = message.id if isinstance(message.id, str) else tuple(message.id)
            assert message.string == expected


# --- (b) placeholders and shortcuts survive translation ----------------------------------------

_PLACEHOLDER = re.compile(r"%\([A-Za-z_]\w*\)[sdrif]|%[sdrif]|\{[A-Za-z_]\w*(?:[:!][^}]*)?\}")
_MNEMONIC = re.compile(r"&(?!&)\w")


def _placeholders(text: str) -> Counter[str]:
    return Counter(_PLACEHOLDER.findall(text))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_are_kept(lang: str, catalogs: dict[str, Catalog]) -> None:
    problems = []
    for message in catalogs[lang]:
        if not message.id:
            continue
        sources = [message.id] if isinstance(message.id, str) else list(message.id)
        translations = (
            [message.string] if isinstance(message.string, str) else list(message.string or ())
        )
        expected = _placeholders(sources[-1])
        for translation in translations:
            if translation and _placeholders(translation) != expected:
                problems.append(f"{message.id!r} -> {translation!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_keyboard_mnemonics_are_kept(lang: str, catalogs: dict[str, Catalog]) -> None:
    for message in catalogs[lang]:
        if message.id and isinstance(message.id, str):
            wanted = len(_MNEMONIC.findall(message.id))
            assert isinstance(message.string, str), message.id
            assert len(_MNEMONIC.findall(message.string)) == wanted, message.id


# --- (c) switching language takes effect at once -----------------------------------------------


def test_switching_changes_translations_at_once() -> None:
    i18n.set_language("en")
    assert i18n._("New game") == "New game"
    i18n.set_language("pt")
    assert i18n._("New game") == "Novo jogo"
    i18n.set_language("hu")
    assert i18n._("New game") == "Új játék"
    i18n.set_language("id")
    assert i18n._("New game") == "Permainan baru"
    assert i18n.language() == "id"


def test_deferred_strings_translate_when_shown() -> None:
    label = i18n.N_("Best score")
    assert label == "Best score"
    i18n.set_language("hu")
    assert i18n._(label) == "Legjobb pontszám"


def test_plural_forms() -> None:
    i18n.set_language("pt")
    assert i18n.ngettext("%(n)d card", "%(n)d cards", 1) % {"n": 1} == "1 carta"
    assert i18n.ngettext("%(n)d card", "%(n)d cards", 13) % {"n": 13} == "13 cartas"
    i18n.set_language("hu")
    assert i18n.ngettext("%(n)d card", "%(n)d cards", 13) % {"n": 13} == "13 lap"
    i18n.set_language("id")
    assert i18n.ngettext("%(n)d card", "%(n)d cards", 1) % {"n": 1} == "1 kartu"


def test_unknown_text_passes_through() -> None:
    i18n.set_language("pt")
    assert i18n._("no such message") == "no such message"


def test_bad_language_is_refused_clearly() -> None:
    i18n.set_language("hu")
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        i18n.set_language("xx")
    assert i18n.language() == "hu"  # unchanged
    with pytest.raises(ValueError):
        i18n.language_name("fr")


def test_codes_are_read_leniently() -> None:
    assert i18n.set_language(" PT ") == "pt"


def test_native_language_names() -> None:
    assert [i18n.language_name(code) for code in i18n.LANGUAGES] == [
        "English",
        "Português",
        "Magyar",
        "Bahasa Indonesia",
    ]


# --- (d) the system locale, and English when it is not one of ours -----------------------------


@pytest.fixture
def clean_locale(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(locale, "getlocale", lambda *args: (None, None))
    return monkeypatch


@pytest.mark.parametrize(
    ("variable", "value", "expected"),
    [
        ("LANG", "hu_HU.UTF-8", "hu"),
        ("LC_ALL", "pt_PT.UTF-8", "pt"),
        ("LC_ALL", "pt_BR", "pt"),
        ("LC_MESSAGES", "id_ID.utf8", "id"),
        ("LANG", "in_ID", "id"),
        ("LANGUAGE", "fr:hu:en", "hu"),
        ("LANG", "fr_FR.UTF-8", "en"),
        ("LANG", "C", "en"),
        ("LANG", "C.UTF-8", "en"),
    ],
)
def test_system_language(
    clean_locale: pytest.MonkeyPatch, variable: str, value: str, expected: str
) -> None:
    clean_locale.setenv(variable, value)
    assert i18n.system_language() == expected
    assert i18n.set_language(None) == expected
    assert i18n.language() == expected


def test_gettext_precedence(clean_locale: pytest.MonkeyPatch) -> None:
    clean_locale.setenv("LANG", "hu_HU.UTF-8")
    clean_locale.setenv("LC_ALL", "id_ID.UTF-8")
    assert i18n.system_language() == "id"


def test_os_reported_locale_is_used_without_environment(clean_locale: pytest.MonkeyPatch) -> None:
    clean_locale.setattr(locale, "getlocale", lambda *args: ("pt_PT", "UTF-8"))
    assert i18n.system_language() == "pt"


def test_no_locale_at_all_means_english(clean_locale: pytest.MonkeyPatch) -> None:
    assert i18n.system_language() == "en"
    i18n.set_language("hu")
    i18n.set_language(None)
    assert i18n._("New game") == "New game"


# --- packaging -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_each_language_has_a_catalog_and_a_help_page(lang: str) -> None:
    assert i18n.catalog_path(lang).is_file()
    page = ROOT / "src" / "canfield" / "help" / f"{lang}.html"
    text = page.read_text(encoding="utf-8")
    assert "CF1-D3-AAAAACL" in text
    assert "255" in text


def test_help_pages_have_the_same_sections() -> None:
    anchors = {
        lang: re.findall(
            r'name="(\w+)"',
            (ROOT / "src" / "canfield" / "help" / f"{lang}.html").read_text(encoding="utf-8"),
        )
        for lang in i18n.LANGUAGES
    }
    assert all(found == anchors["en"] for found in anchors.values()), anchors


def test_no_translation_calls_hidden_in_f_strings() -> None:
    """Babel cannot see ``_()`` inside an f-string before Python 3.12, so it is never extracted."""
    pattern = re.compile(r"""\bf(["'])[^"'\n]*\{[^}\n]*\b(_|ngettext|pgettext)\(\s*["']""")
    offenders = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "src" / "canfield").rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if pattern.search(line)
    ]
    assert not offenders, "translate outside the f-string: " + ", ".join(offenders)

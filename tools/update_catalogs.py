"""Extract the app's messages from ``src/canfield`` and merge them into the ``.po`` catalogs.

Run it after adding or changing any ``_()`` / ``ngettext()`` / ``pgettext()`` / ``N_()``
string::

    .venv/bin/python tools/update_catalogs.py          # update the catalogs in place
    .venv/bin/python tools/update_catalogs.py --check  # exit 1 if any string is untranslated

Existing translations are kept. New strings arrive empty (English: copied from
the source, which is English), strings whose source changed slightly arrive as
*fuzzy* with the old translation as a suggestion; ``tests/test_i18n.py`` fails
until every string in every catalog is translated and not fuzzy.
"""

from __future__ import annotations

import argparse
import copy
import io
import sys
import tomllib
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "canfield"
LOCALE = SOURCE / "locale"
DOMAIN = "canfield"
LANGUAGES = ("en", "pt", "hu", "id")

# Written into new catalogs so gettext uses the traditional rules (Babel's CLDR
# rule for Portuguese has a third "many" form that nobody writes).
PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "pt": "nplurals=2; plural=(n != 1);",
    "hu": "nplurals=2; plural=(n != 1);",
    "id": "nplurals=1; plural=0;",
}
LANGUAGE_TEAMS = {
    "en": "English",
    "pt": "Portuguese (Portugal)",
    "hu": "Hungarian",
    "id": "Indonesian",
}

KEYWORDS = dict(DEFAULT_KEYWORDS)


def extract_template(source: Path = SOURCE) -> Catalog:
    """Every translatable message in the source tree, as a template catalog."""
    template = Catalog(project="canfield", domain=DOMAIN, fuzzy=False)
    method_map = [("**.py", "python")]
    for filename, lineno, message, comments, context in extract_from_dir(
        str(source), method_map=method_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
    ):
        path = (source / filename).relative_to(ROOT).as_posix()
        template.add(
            message,
            None,
            [(path, lineno)],
            auto_comments=comments,
            context=context,
        )
    return template


def _version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as fileobj:
        return str(tomllib.load(fileobj)["project"]["version"])


def catalog_file(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def _new_catalog(lang: str) -> Catalog:
    header = (
        'msgid ""\nmsgstr ""\n'
        '"Project-Id-Version: canfield\\n"\n'
        f'"Language: {lang}\\n"\n'
        f'"Language-Team: {LANGUAGE_TEAMS[lang]}\\n"\n'
        '"MIME-Version: 1.0\\n"\n'
        '"Content-Type: text/plain; charset=utf-8\\n"\n'
        '"Content-Transfer-Encoding: 8bit\\n"\n'
        f'"Plural-Forms: {PLURAL_FORMS[lang]}\\n"\n'
    )
    return read_po(io.StringIO(header), locale=lang, domain=DOMAIN)


def load_catalog(lang: str) -> Catalog:
    path = catalog_file(lang)
    if not path.is_file():
        return _new_catalog(lang)
    with path.open("rb") as fileobj:
        return read_po(fileobj, locale=lang, domain=DOMAIN)


def _fill_english(catalog: Catalog) -> None:
    """English is the source language: its catalog simply repeats the source text."""
    for message in catalog:
        if not message.id:
            continue
        message.string = tuple(message.id) if isinstance(message.id, tuple) else message.id
        message.flags.discard("fuzzy")
        message.previous_id = []


def render(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, ignore_obsolete=True, include_lineno=False)
    return buffer.getvalue()


def untranslated(catalog: Catalog) -> list[str]:
    """The messages of ``catalog`` that have no usable translation (empty or fuzzy)."""
    missing = []
    for message in catalog:
        if not message.id:
            continue
        strings: Iterable[str] = (
            message.string if isinstance(message.string, tuple) else (message.string,)
        )
        if message.fuzzy or not all(strings):
            missing.append(message.id if isinstance(message.id, str) else message.id[0])
    return missing


def update(langs: Iterable[str] = LANGUAGES, *, write: bool = True) -> dict[str, Catalog]:
    """Merge the freshly extracted template into each catalog; return the updated catalogs."""
    template = extract_template()
    result = {}
    for lang in langs:
        catalog = load_catalog(lang)
        # Babel's update shares message objects with the template: give each its own copy.
        catalog.update(copy.deepcopy(template), update_creation_date=False)
        catalog.project, catalog.version = "canfield", _version()
        catalog.msgid_bugs_address = ""
        catalog.last_translator = "Canfield team"
        if lang == "en":
            _fill_english(catalog)
        result[lang] = catalog
        if write:
            path = catalog_file(lang)
            path.parent.mkdir(parents=True, exist_ok=True)
            data = render(catalog)
            if not path.is_file() or path.read_bytes() != data:
                path.write_bytes(data)
                print(f"updated {path.relative_to(ROOT)}")
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="report untranslated strings, change nothing"
    )
    args = parser.parse_args(argv)
    catalogs = update(write=not args.check)
    status = 0
    for lang, catalog in catalogs.items():
        missing = untranslated(catalog)
        if missing:
            status = 1
            print(f"{lang}: {len(missing)} untranslated", file=sys.stderr)
            for msgid in missing:
                print(f"  {msgid!r}", file=sys.stderr)
    return status


if __name__ == "__main__":
    raise SystemExit(main())

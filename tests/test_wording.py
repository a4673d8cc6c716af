"""Wording rules of the three translations (issue 26), so a native reader's fixes stay fixed.

Each rule reads the committed catalogs and help pages: European (not Brazilian)
Portuguese, Hungarian in the *te* form throughout, Indonesian with the seed's
vocabulary, and one term per idea in each language, the term the original rule
pages (``/work/shared/seeds``, quoted in tests/describe/test_describe.py) use.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from canfield.describe import wording

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "canfield"


def _catalog(lang: str) -> Catalog:
    with (SOURCE / "locale" / lang / "LC_MESSAGES" / "canfield.po").open("rb") as fileobj:
        return read_po(fileobj, locale=lang, domain="canfield")


def _strings(message: Message) -> list[str]:
    """Every form of ``message``'s translation (one, or one per plural form)."""
    if isinstance(message.string, str):
        return [message.string]
    return list(message.string or ())


def _message(catalog: Catalog, msgid: str) -> Message:
    message = catalog.get(msgid)
    assert message is not None, f"{msgid!r} is not in the {catalog.locale} catalog"
    return message


def _text(catalog: Catalog, msgid: str) -> str:
    """The translation of ``msgid``, a message with no plural forms."""
    text = _message(catalog, msgid).string
    assert isinstance(text, str), f"{msgid!r} has plural forms"
    return text


def _msgid(message: Message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


def translations(lang: str) -> list[tuple[str, str]]:
    """``(msgid, translation)`` for every form of every message of ``lang``."""
    return [(_msgid(m), text) for m in _catalog(lang) if m.id for text in _strings(m) if text]


def help_text(lang: str) -> str:
    """The help page's words, tags dropped and lines joined (a phrase may wrap)."""
    html = (SOURCE / "help" / f"{lang}.html").read_text(encoding="utf-8")
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def offenders(lang: str, pattern: str, *, help_page: bool = True) -> list[str]:
    """Catalog translations (and the help page) in which ``pattern`` (a regex) is found."""
    found = re.compile(pattern)
    hits = [f"{msgid!r} -> {text!r}" for msgid, text in translations(lang) if found.search(text)]
    if help_page:
        hits += [f"help: …{m.group(0)}…" for m in found.finditer(help_text(lang))]
    return hits


# --- Portuguese: European, as the rule pages ---------------------------------------------------

BRAZILIAN = {
    r"\btelas?\b": "ecrã",
    r"\bdicas?\b": "sugestão",
    r"\bvocê": "(the verb's 3rd person)",
    r"\barquivos?\b": "ficheiro",
    r"\bsalv(ar|e|o)\b": "guardar",
    r"\bdeletar\b": "eliminar",
    r"\bmouse\b": "rato",
    r"\busuários?\b": "utilizador",
    r"\bregistros?\b": "registo",
    r"\bembaralh": "baralhar",
    r"\bcelular": "telemóvel",
    r"\bequipe\b": "equipa",
    r"\bcontatos?\b": "contacto",
    r"\bgerenci": "gerir",
    r"\bplanej": "planear",
    r"\bpeg(a|am|ar|ou)\s+(as\s+|a\s+)?cartas?\b": "pegar nas cartas",
    r"\blarga(m|r)?\b": "pousar",
    r"\bas largam\b": "pousam-nas (the clitic after the verb)",
    r"(?i)\bdesf(az|ez|eito|eita|eitos|eitas|azer)\b": "anular (the menu's and the seed's word)",
    r"\bPegou\b|\bDevolveu\b": "Na mão: …, Carta devolvida: … (not a bare Brazilian verb)",
    r"[“”]": "«…»",
    r"\bfaltam colocar\b": "faltam … a colocar",
}


@pytest.mark.parametrize("pattern", sorted(BRAZILIAN))
def test_portuguese_uses_no_brazilian_forms(pattern: str) -> None:
    hits = offenders("pt", pattern)
    assert not hits, f"European Portuguese says {BRAZILIAN[pattern]}: " + "\n".join(hits)


PT_ONE_TERM = {
    # banned synonym -> the one term used for the idea
    r"\baplicação\b": "app (the rule page's word)",
    r"\bsolucionador": "resolvedor",
    r"sequências? vencedoras?": "caminho para a vitória (a sequência is a run of cards)",
    r"\bsequências?\b(?! de cartas)(?=[^.]*\b(recordes|atual|melhor)\b)": "série (a streak)",
    r"\bpilhas?\b": "monte",
    r"\bsobre ela\b": "por cima (ela is feminine; most ranks are not)",
}


@pytest.mark.parametrize("pattern", sorted(PT_ONE_TERM))
def test_portuguese_uses_one_term_per_idea(pattern: str) -> None:
    hits = offenders("pt", pattern)
    assert not hits, f"Portuguese says {PT_ONE_TERM[pattern]}: " + "\n".join(hits)


def test_portuguese_streaks_are_series() -> None:
    catalog = _catalog("pt")
    assert _text(catalog, "Current streak") == "Série atual"
    assert _text(catalog, "Best streak") == "Melhor série"


def test_portuguese_none_needs_no_gender() -> None:
    """The statistics say it after feminine and masculine labels alike."""
    assert _text(_catalog("pt"), "none") not in ("nenhum", "nenhuma")


# --- Hungarian: te throughout ------------------------------------------------------------------

# Verbs and possessives of the polite Ön form (none of them is a te form or a plain
# third person the app would use of itself in a catalog string).
ON_FORMS = (
    "Ön", "Önt", "Önnek", "Öné", "Írjon", "írjon", "Kattintson", "kattintson", "játssza",
    "írja", "kér", "kap", "Érintse", "érintse", "Húzza", "húzza", "Nyomja", "nyomja",
    "Válasszon", "válasszon", "Adja", "Próbálja", "Kérjük", "Mutassa", "lépései", "adatai?t",
)  # fmt: skip
# In the help page a key or the app may "kér" or "kap" (third person); these cannot be.
ON_FORMS_HELP = ("Ön", "Önt", "Írjon", "Kattintson", "Érintse", "Válasszon", "Kérjük", "lépései")


@pytest.mark.parametrize("word", ON_FORMS)
def test_hungarian_catalog_has_no_on_form(word: str) -> None:
    hits = offenders("hu", rf"(?<!\w){word}(?!\w)", help_page=word in ON_FORMS_HELP)
    assert not hits, "the app says te to the player:\n" + "\n".join(hits)


HU_ONE_TERM = {
    r"nyerő út": "nyerő lépéssor",
    r"\bpaklik\b|\bminden pakli\b|\bugyanarra a paklira\b": "kupac (a pile; pakli is the deck)",
    r"\balkalmazás": "app (the rule page's word)",
    r"\bmegoldó\b": "megoldóprogram",
    r"\bkör(ök|ben|re|ön)?\b": "menet (a pass) / átfordítás (turning the waste over)",
    r"Nem találtunk|Nem találtam|Gondolkodom": "one voice: Nem sikerült … találni, Elemzés…",
    r"Visszaállítás": "Törlés (the statistics' reset)",
    r"visszakerült a húzópakliba": "a húzópaklira (the seed)",
    r"\}\. verzió": "Verzió: {version} (0.1.0. reads as an ordinal)",
    r"le lettek": "lenullázódott",
    r"Minden színnek saját színe": "szín is both suit and colour",
    r"az nyeri meg, akinek": "a game of one player (the seed's sentence)",
}


@pytest.mark.parametrize("pattern", sorted(HU_ONE_TERM))
def test_hungarian_uses_one_term_per_idea(pattern: str) -> None:
    hits = offenders("hu", pattern)
    assert not hits, f"Hungarian says {HU_ONE_TERM[pattern]}: " + "\n".join(hits)


def test_hungarian_holding_is_in_hand() -> None:
    """ "rajta" (on it) made a held card sound as if it lay on the focused pile."""
    assert _text(_catalog("hu"), "holding %(card)s") == "kézben: %(card)s"


def test_hungarian_streak_is_not_a_run() -> None:
    """A bare "sorozat" is a run of cards (the seed's "Sorozat egyben"); a streak is of wins."""
    catalog = _catalog("hu")
    for msgid in ("Current streak", "Best streak"):
        assert "győzelmi sorozat" in _text(catalog, msgid), msgid


@pytest.mark.parametrize(
    ("lang", "base"), [("pt", "carta de base"), ("hu", "alaplap"), ("id", "kartu dasar")]
)
def test_the_base_card_is_named_as_the_rule_pages_name_it(lang: str, base: str) -> None:
    assert base in _text(_catalog(lang), "Foundations (base %(card)s)")


# --- Indonesian: the seed's vocabulary ---------------------------------------------------------


def test_indonesian_pick_up_is_diangkat_and_draw_is_ambil() -> None:
    catalog = _catalog("id")
    for msgid in ("%(card)s picked up", "%(card)s and %(n)d card on it picked up"):
        assert all("diangkat" in text for text in _strings(_message(catalog, msgid))), msgid
    assert all(
        "diambil" in text
        for text in _strings(_message(catalog, "%(n)d card drawn, %(card)s on top"))
    )
    # "diambil" is said of a draw only; picking a card up with Enter is mengangkat.
    drawn = [(msgid, text) for msgid, text in translations("id") if "diambil" in text]
    assert all("drawn" in msgid for msgid, _ in drawn), drawn
    hits = offenders("id", r"(Enter|Spasi) mengambil")
    assert not hits, hits
    assert "Angkat" in help_text("id")


ID_ONE_TERM = {
    r"(?<![Tt]umpukan )\bbuangan\b": "tumpukan buangan (the seed)",
    r"\bderet": "urutan (the seed)",
    r"\bketuk": "sentuh (the seed)",
    r"tepat waktu": "dalam batas waktu (tepat waktu is punctually)",
    r"\bruntunan\b": "rentetan",
    r"titik yang bisa": "posisi yang bisa dimenangkan (a point cannot win)",
    r"jalan menang": "jalur kemenangan",
    r"satu kartu sekaligus": "satu per satu",
    r"Permainan terakhir": "Riwayat permainan (recent games, not the last one)",
    r"tidak bisa di atas|tidak bisa ke\b": "a verb: diletakkan / dipindah",
    r"\bmode\b": "cara ambil",
}


@pytest.mark.parametrize("pattern", sorted(ID_ONE_TERM))
def test_indonesian_uses_one_term_per_idea(pattern: str) -> None:
    hits = offenders("id", pattern)
    assert not hits, f"Indonesian says {ID_ONE_TERM[pattern]}: " + "\n".join(hits)


def test_indonesian_holding_is_held_not_contains() -> None:
    assert _text(_catalog("id"), "holding %(card)s") == "sedang dipegang: %(card)s"


# --- every language: the app names the piles as its description does ---------------------------


@pytest.mark.parametrize("lang", ["en", "pt", "hu", "id"])
def test_pile_names_match_the_description(lang: str) -> None:
    words = wording(lang)
    catalog = _catalog(lang)
    for msgid, label in (
        ("Stock", words.stock_label),
        ("Waste", words.waste_label),
        ("Reserve", words.reserve_label),
    ):
        assert _text(catalog, msgid).lower() == label.lower(), (lang, msgid)

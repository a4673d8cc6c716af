"""The browser build's screenshots in headless chromium: for the README, and for looking at.

    .venv/bin/python tools/web_screenshots.py       # needs `npm ci` and Debian's chromium

Builds the site from this tree, serves it with ``canfield web``, and in one browser:

- the table as a player meets it (a deal from its code, three taps) at the README's four
  sizes: ``docs/screenshots/web-*.png``;
- every screen (the first-run screen, the table, Menu, New game and its refusal, Settings,
  Statistics, the Reset question, Rules, About, the win) the way tests/web/test_web_axe.py
  walks them, at 360×640, 390×844, 640×360 and 1280×800 in all four languages:
  ``build/web-screenshots/SIZE-LANG/``;
- the looks the settings choose, at the same sizes and languages: the four-colour deck, the
  winnability note in the status bar and the keyboard's focus ring (R: on the reserve),
  ``build/web-screenshots/SIZE-LANG/looks.png``;

- the play aids: the first-run screen (390×844, Portuguese), Finish on offer (360×640,
  English), a lost deal's buttons (640×360, Hungarian), Indonesian on a desktop:
  ``docs/screenshots/web/aids-*.png``;

and copies the README's selection to ``docs/screenshots/web/``. ``--only looks`` (or
``tables``, ``screens``, ``aids``, comma-separated) makes just those; ``--size`` and
``--lang`` narrow the screens and looks to some sizes or languages (``--help`` lists them).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "web"))
OUT = ROOT / "build" / "web-screenshots"
DOCS = ROOT / "docs" / "screenshots"
TABLES = {
    "web-phone-en.png": ("tall", "en-GB"),
    "web-phone-small-pt.png": ("phone", "pt-PT"),
    "web-phone-landscape-hu.png": ("landscape", "hu-HU"),
    "web-desktop-id.png": ("desktop", "id-ID"),
}
"""The README's table pictures: (scenarios.mjs size, browser locale)."""
PLAY = [["stock"], ["tap", "QC"], ["stock"]]
README_SET = {
    "phone-en-new-game-refused.png",
    "phone-pt-settings.png",
    "phone-hu-win.png",
    "phone-id-statistics.png",
    "desktop-en-new-game.png",
    "desktop-hu-rules.png",
    "landscape-pt-menu.png",
    "phone-hu-looks.png",
    "tall-en-looks.png",
    "landscape-id-looks.png",
    "desktop-pt-looks.png",
}
LOCALES = {"en": "en-GB", "pt": "pt-PT", "hu": "hu-HU", "id": "id-ID"}
SIZES = ("phone", "tall", "landscape", "desktop")
"""scenarios.mjs's viewports: 360x640 and 390x844 portrait, 640x360 landscape, 1280x800."""
KINDS = ("tables", "screens", "looks", "aids")


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is refused in one line, not the whole usage text."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def _names(known: Sequence[str]) -> Callable[[str], tuple[str, ...]]:
    """An argument type: comma-separated names, each one of ``known``."""

    def parse(text: str) -> tuple[str, ...]:
        names = tuple(name.strip() for name in text.split(",") if name.strip())
        wrong = [name for name in names if name not in known]
        if wrong or not names:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a comma-separated list of {', '.join(known)}"
            )
        return names

    return parse


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line; ``--help`` prints it and exits before anything is built."""
    parser = _Parser(
        prog="web_screenshots.py",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--only",
        type=_names(KINDS),
        metavar="KINDS",
        help=f"make only these, comma-separated: {', '.join(KINDS)} (default: all)",
    )
    parser.add_argument(
        "--size",
        type=_names(SIZES),
        default=SIZES,
        metavar="SIZES",
        help="the screens and looks at these sizes only: phone (360x640), tall (390x844), "
        "landscape (640x360), desktop (1280x800)",
    )
    parser.add_argument(
        "--lang",
        type=_names(tuple(LOCALES)),
        default=tuple(LOCALES),
        metavar="LANGS",
        help=f"the screens and looks in these languages only: {', '.join(LOCALES)}",
    )
    return parser.parse_args(argv)


def looks(lang: str, path: Path) -> list[dict[str, object]]:
    """The four-colour deck, the winnability note and the focus ring, as a player sets them."""
    from web_harness import texts

    t = texts(lang)
    return [
        {"do": "goto", "code": "CF1-D3-AAAAACL"},
        {"do": "gestures", "list": PLAY},
        {"do": "settings", "lang": lang, "checks": {t["four_colour"]: True}},
        {"do": "settings", "lang": lang, "checks": {t["show_winnability"]: True}},
        {"do": "wait-note"},
        {"do": "focus"},
        {"do": "keys", "keys": ["r"]},
        {"do": "screenshot", "path": str(path)},
    ]


AIDS = {
    "aids-welcome-tall-pt.png": ("tall", "pt", "welcome"),
    "aids-finish-phone-en.png": ("phone", "en", "finish"),
    "aids-lost-landscape-hu.png": ("landscape", "hu", "lost"),
    "aids-lost-desktop-id.png": ("desktop", "id", "lost"),
}
"""The play aids' pictures: (scenarios.mjs size, language, what is shown)."""


def aid_steps(lang: str, shown: str, path: Path) -> list[dict[str, object]]:
    from web_harness import WIN_DECK, texts

    t = texts(lang)
    if shown == "welcome":
        return [{"do": "goto", "welcome": "keep"}, {"do": "screenshot", "path": str(path)}]
    steps: list[dict[str, object]] = [{"do": "goto", "code": "CF1-D3-AAAAACL"}]
    if shown == "finish":
        steps.append({"do": "new-game", "lang": lang, "draw": 1, "text": WIN_DECK})
    else:
        steps += [
            {"do": "new-game", "lang": lang, "text": "CF1-STRICT-D3-AAAAACL"},
            {"do": "press", "scope": "toolbar", "label": t["hint"]},
            {"do": "wait-for", "selector": ".offer:not([hidden])"},
        ]
    return [*steps, {"do": "screenshot", "path": str(path)}]


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    from web_harness import WIN_DECK, missing, run_scenario, start_server, winning_moves

    only = None if args.only is None else set(args.only)
    sizes: tuple[str, ...] = args.size
    langs: tuple[str, ...] = args.lang

    reason = missing()
    if reason is not None:
        print(f"web_screenshots: {reason}", file=sys.stderr)
        return 1
    site = OUT / "site"
    if site.exists():
        shutil.rmtree(site)
    OUT.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_web.py"), "--out", str(site)], check=True
    )
    server = start_server(site)
    runs = {f"axe:{size}-{lang}": (size, lang) for size in sizes for lang in langs}
    if only is not None and "screens" not in only:
        runs = {}
    options: dict[str, object] = {}
    for size in sizes:
        for lang in langs if only is None or "looks" in only else ():
            (OUT / f"{size}-{lang}").mkdir(exist_ok=True)
            options[f"journey:looks-{size}-{lang}"] = {
                "size": size,
                "locale": LOCALES[lang],
                "steps": looks(lang, OUT / f"{size}-{lang}" / "looks.png"),
            }
    for name, (size, lang, shown) in AIDS.items() if only is None or "aids" in only else ():
        (DOCS / "web").mkdir(parents=True, exist_ok=True)
        options[f"journey:{name}"] = {
            "size": size,
            "locale": LOCALES[lang],
            "steps": aid_steps(lang, shown, DOCS / "web" / name),
        }
    for name, (size, locale) in TABLES.items() if only is None or "tables" in only else ():
        options[f"journey:{name}"] = {
            "size": size,
            "locale": locale,
            "steps": [
                {"do": "goto", "code": "CF1-D3-AAAAACL"},
                {"do": "gestures", "list": PLAY},
                {"do": "screenshot", "path": str(DOCS / name)},
            ],
        }
    for name, (size, lang) in runs.items():
        shots = OUT / f"{size}-{lang}"
        shots.mkdir(exist_ok=True)
        options[name] = {"size": size, "locale": LOCALES[lang], "shots": str(shots)}
    try:
        seen = run_scenario(
            ",".join(options),
            server.url,
            seconds=3600,
            bad_code="CF1-D3-AAAA",
            deck=WIN_DECK,
            moves=winning_moves(),
            **options,
        )
    finally:
        server.stop()
    for name in options:
        if name.startswith("journey:web-"):
            print(f"wrote {DOCS / name.removeprefix('journey:')}")
    for size in SIZES:
        for lang in LOCALES:
            shots = OUT / f"{size}-{lang}"
            for picture in sorted(shots.glob("*.png")) if shots.is_dir() else ():
                if f"{size}-{lang}-{picture.name}" in README_SET:
                    (DOCS / "web").mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(picture, DOCS / "web" / f"{size}-{lang}-{picture.name}")
    for name, (size, lang) in runs.items():
        shots = OUT / f"{size}-{lang}"
        found = {k: v["violations"] for k, v in seen[name]["results"].items() if v["violations"]}
        print(f"{size} {lang}: {len(list(shots.glob('*.png')))} screens in {shots}; axe: {found}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

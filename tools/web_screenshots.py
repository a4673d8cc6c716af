"""The browser build's screenshots in headless chromium: for the README, and for looking at.

    .venv/bin/python tools/web_screenshots.py       # needs `npm ci` and Debian's chromium

Builds the site from this tree, serves it with ``canfield web``, and in one browser:

- the table as a player meets it (a deal from its code, three taps) at the README's four
  sizes: ``docs/screenshots/web-*.png``;
- every screen (the table, Menu, New game and its refusal, Settings, Statistics, the Reset
  question, Rules, About, the win) the way tests/web/test_web_axe.py walks them, at 360×640,
  390×844, 640×360 and 1280×800 in all four languages: ``build/web-screenshots/SIZE-LANG/``,
  and the README's selection in ``docs/screenshots/web/``.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

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
}
LOCALES = {"en": "en-GB", "pt": "pt-PT", "hu": "hu-HU", "id": "id-ID"}
SIZES = ("phone", "tall", "landscape", "desktop")


def main() -> int:
    from web_harness import WIN_DECK, missing, run_scenario, start_server, winning_moves

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
    runs = {f"axe:{size}-{lang}": (size, lang) for size in SIZES for lang in LOCALES}
    options: dict[str, object] = {}
    for name, (size, locale) in TABLES.items():
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
    for name in TABLES:
        print(f"wrote {DOCS / name}")
    for name, (size, lang) in runs.items():
        shots = OUT / f"{size}-{lang}"
        for picture in sorted(shots.glob("*.png")):
            if f"{size}-{lang}-{picture.name}" in README_SET:
                (DOCS / "web").mkdir(parents=True, exist_ok=True)
                shutil.copyfile(picture, DOCS / "web" / f"{size}-{lang}-{picture.name}")
        found = {k: v["violations"] for k, v in seen[name]["results"].items() if v["violations"]}
        print(f"{size} {lang}: {len(list(shots.glob('*.png')))} screens in {shots}; axe: {found}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

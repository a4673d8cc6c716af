"""Screenshots of the browser build's screens in headless chromium, for the README and for looking.

    .venv/bin/python tools/make_web_screenshots.py          # needs `npm ci` and Debian's chromium

Builds the site, serves it with ``canfield web``, and walks every screen (the table, Menu,
New game and its refusal, Settings, Statistics, the Reset question, Rules, About, the win)
the way tests/web/test_web_axe.py does, at a 360×640 phone and a 1280×800 desktop in all
four languages: every picture goes to ``build/web-screenshots/``, and the README's
selection to ``docs/screenshots/web/``.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "web"))
OUT = ROOT / "build" / "web-screenshots"
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
SIZES = {"phone": ("phone", True), "desktop": ("desktop", False)}


def main() -> int:
    from screens_harness import WIN_DECK, run_screens, winning_moves  # tests/web
    from web_harness import missing, start_server

    reason = missing()
    if reason is not None:
        print(f"make_web_screenshots: {reason}", file=sys.stderr)
        return 1
    site = OUT / "site"
    if site.exists():
        shutil.rmtree(site)
    OUT.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_web.py"), "--out", str(site)], check=True
    )
    server = start_server(site)
    runs = [(size, lang) for size in SIZES for lang in LOCALES] + [("landscape", "pt")]
    try:
        for size, lang in runs:
            shots = OUT / f"{size}-{lang}"
            shots.mkdir(exist_ok=True)
            run_screens(
                "axe",
                server.url,
                size=size if size != "phone" else "phone",
                touch=size != "desktop",
                locale=LOCALES[lang],
                bad_code="CF1-D3-AAAA",
                deck=WIN_DECK,
                moves=winning_moves(),
                shots=str(shots),
            )
            for picture in sorted(shots.glob("*.png")):
                name = f"{size}-{lang}-{picture.name}"
                if name in README_SET:
                    target = ROOT / "docs" / "screenshots" / "web" / name
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(picture, target)
            print(f"{size} {lang}: {len(list(shots.glob('*.png')))} screens in {shots}")
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())

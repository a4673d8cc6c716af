"""The README's browser screenshots: the built site in headless chromium, phone and desktop sizes.

    .venv/bin/python tools/web_screenshots.py   # after `make web`: docs/screenshots/web-*.png

Each is a real page load of ``dist/web`` served by ``canfield web``, a deal from its code
and a few actions played by taps, so the pictures show what a player gets.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
PLAY = [["stock"], ["tap", "QC"], ["stock"]]
SHOTS = [
    ("web-phone-en.png", 390, 844, "en-GB", True),
    ("web-phone-small-pt.png", 360, 640, "pt-PT", True),
    ("web-phone-landscape-hu.png", 640, 360, "hu-HU", True),
    ("web-desktop-id.png", 1280, 800, "id-ID", False),
]


def main() -> int:
    site = ROOT / "dist" / "web"
    if not (site / "sw.js").is_file():
        print("no built site: run `make web` first", file=sys.stderr)
        return 1
    server = subprocess.Popen(
        [sys.executable, "-m", "canfield", "web", "--port", "0", "--dir", str(site)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        url = server.stdout.readline().split(" at ", 1)[1].split(" ", 1)[0]
        for name, width, height, locale, touch in SHOTS:
            steps = [
                {"do": "goto", "code": "CF1-D3-AAAAACL"},
                {"do": "gestures", "list": PLAY},
                {"do": "screenshot", "path": str(OUT / name)},
            ]
            options = {
                "steps": steps,
                "viewport": {"width": width, "height": height},
                "locale": locale,
                "touch": touch,
            }
            subprocess.run(
                [
                    "node",
                    str(ROOT / "tests" / "web" / "scenarios.mjs"),
                    "journey",
                    url,
                    json.dumps(options),
                ],
                check=True,
                capture_output=True,
                cwd=ROOT,
            )
            print(f"wrote {OUT / name}")
    finally:
        server.terminate()
        server.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Walk the browser build with the real Orca (web_stack.py) where no test walks: the win, a
reload mid-game, offline, screens opened from a card (docs/web.md, "Heard with Orca"). Prints
what Orca said at each key and the errors in its log; a tool to look with, not a test.

    make web && .venv/bin/canfield web --port 8795 &
    cd tests/a11y && nice ../../.venv/bin/python orca_walk.py win --lang en

SCENARIO: win | reload | offline | dialogs (offline starts and kills its own server; dialogs
opens New game, Restart's question and Settings from a card). A debugging port
lets `win` deal WIN_DECK and play all but its last two moves through window.canfield (as
tests/web/scenarios.mjs does); every key after that is pressed with xdotool, as a player.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path.cwd()  # tests/a11y
ROOT = HERE.parents[1]
sys.path[:0] = [str(HERE), str(ROOT / "tests" / "web")]

from web_stack import WebStack  # noqa: E402

from canfield import i18n  # noqa: E402

CDP_PORT = 9335
EXAMPLE = "CF1-D3-AAAAACL"  # columns 6C KH QH AS, reserve top QC (goes on KH), then 8H
FOCUS_JS = (
    "const a=document.activeElement; return [a.tagName, a.className,"
    " a.getAttribute('aria-label'), (a.textContent||'').slice(0,80),"
    " !!document.querySelector('dialog[open]')];"
)
"""Where the page's focus is, and whether a dialog is open."""
ERROR_WORDS = ("ERROR", "EXCEPTION", "Exception", "dead")
NOISE = ("defunct", "Not event from context", "Speech Dispatcher", "SSIP", "BrlAPI", "brlapi")


def show_focus() -> None:
    print("## (CDP) focus now:", cdp(FOCUS_JS), flush=True)


def cdp(js: str, timeout: float = 120) -> str:
    """Evaluate ``js`` (an async function body) in the page over CDP; its JSON result."""
    node = f"""
const {{ chromium }} = require('playwright-core');
(async () => {{
  const b = await chromium.connectOverCDP('http://127.0.0.1:{CDP_PORT}');
  const page = b.contexts()[0].pages().find((p) => p.url().startsWith('http'));
  const r = await page.evaluate(async () => {{ {js} }});
  console.log(JSON.stringify(r));
  process.exit(0);
}})().catch((e) => {{ console.log('CDP-ERROR ' + e); process.exit(0); }});
"""
    command = ["node", "-e", node]  # its output says what went wrong, not its status
    out = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=timeout, check=False
    )
    return (out.stdout + out.stderr).strip()


class Walk:
    def __init__(self, stack: WebStack) -> None:
        self.stack = stack

    def errors(self, mark: int) -> list[str]:
        log = self.stack.orca_log
        assert log is not None
        with log.open("rb") as f:
            f.seek(mark)
            text = f.read().decode("utf-8", "replace")
        seen: list[str] = []
        for line in text.splitlines():
            if (
                any(w in line for w in ERROR_WORDS)
                and "SPEECH OUTPUT" not in line
                and not any(n in line for n in NOISE)
            ):
                short = line.strip()[:220]
                if short not in seen:
                    seen.append(short)
        return seen

    def report(self, title: str, mark: int, said: list[str]) -> None:
        print(f"## {title}: " + " | ".join(said), flush=True)
        for e in self.errors(mark)[:6]:
            print(f"   !! {e}", flush=True)

    def keys(self, title: str, *keys: str, wait: float = 0.4, quiet: float = 0.8) -> list[str]:
        mark = self.stack.orca_mark()
        said = self.stack.press(*keys, wait=wait)
        self.stack.orca_quiet(quiet=quiet, limit=30.0)
        said = self.stack.orca_said(mark)
        self.report(title, mark, said)
        return said

    def listen(
        self, title: str, quiet: float = 3.0, limit: float = 120.0, until: str | None = None
    ) -> list[str]:
        mark = self.stack.orca_mark()
        deadline = time.monotonic() + limit
        if until is not None:
            while time.monotonic() < deadline and not any(
                until in u for u in self.stack.orca_said(mark)
            ):
                time.sleep(0.3)
        self.stack.orca_quiet(quiet=quiet, limit=max(5.0, deadline - time.monotonic()))
        said = self.stack.orca_said(mark)
        self.report(title, mark, said)
        return said

    def first_load(self, lang: str) -> None:
        from canfield.presentation.welcome import welcome_title

        before = i18n.language()
        i18n.set_language(lang)
        title = welcome_title()
        i18n.set_language(before)
        # the stack's start waited for Orca's first focus: what it said so far, then the rest
        assert self.stack.orca_log is not None
        print("## first load (to Orca's start): " + " | ".join(self.stack.orca_said(0)), flush=True)
        self.listen("first load (the first-run screen)", quiet=2.0, limit=180, until=title)


def win_moves() -> tuple[str, list[str]]:
    from web_harness import WIN_DECK, winning_moves

    return WIN_DECK, winning_moves()


def scenario_win(w: Walk, lang: str) -> None:
    w.first_load(lang)
    w.keys("Escape (put the first-run screen away)", "Escape")
    w.keys("r (reserve), straight after Escape", "r")
    deck, moves = win_moves()
    setup = moves[:-2]  # leaves KC in the stock, all else home but KS..; D then W Enter F wins
    js = f"""
const t = window.canfield;
t.apply(await t.act('screen', {{screen: 'deal', variant: 'canfield', draw: 1,
  text: {json.dumps(deck)}, abandon: true}}));
for (const move of {json.dumps(setup)}) t.apply(await t.act('play', {{ move }}));
const a = document.activeElement;
return [a && a.getAttribute('aria-label') || a.textContent, a.tagName];
"""
    print(
        "## (CDP) deal WIN_DECK, play", len(setup), "of", len(moves), "moves:", cdp(js), flush=True
    )
    w.listen("after the CDP set-up (nothing pressed)", quiet=2.0, limit=20)
    w.keys("w (waste)", "w")
    w.keys("d (draw: king of clubs to the waste)", "d")
    w.keys("w (waste)", "w")
    w.keys("Enter (pick up)", "Return")
    w.keys("f (to its foundation: the win)", "f", quiet=3.0)
    w.listen("then, nothing pressed", quiet=5.0, limit=30)
    show_focus()
    w.keys("Tab", "Tab")
    w.keys("Tab", "Tab")
    w.keys("Escape (close the win screen)", "Escape", quiet=1.5)
    show_focus()
    w.keys("r", "r")
    w.keys("1", "1")
    w.keys("Tab", "Tab")


def opening_and_moves(w: Walk, lang: str) -> None:
    w.first_load(lang)
    w.keys("Escape (put the first-run screen away)", "Escape")
    said = w.keys("r (reserve)", "r") + w.keys("1 (column 1)", "1")
    if not any(
        "reserve" in u
        or "column 1" in u
        or "tartal" in u
        or "oszlop" in u
        or "kolom" in u
        or "cadang" in u
        for u in said
    ):
        w.keys("Orca+A (Insert+a: focus mode), as the pile keys went to Orca", "Insert+a")
        w.keys("1 (column 1)", "1")
    w.keys("r, Enter (pick up)", "r", "Return")
    w.keys("2 (put down: queen of clubs to column 2)", "2", quiet=1.5)
    w.keys("d (draw)", "d")
    w.keys("w, Enter (pick up)", "w", "Return")
    w.keys("Escape (put back)", "Escape")


def scenario_reload(w: Walk, lang: str) -> None:
    opening_and_moves(w, lang)
    time.sleep(2)  # the save
    w.keys("F5 (reload)", "F5", quiet=1.0)
    w.listen("after F5, nothing pressed", quiet=3.0, limit=120)
    print(
        "## (CDP) focus now:",
        cdp(
            FOCUS_JS.replace("];", ", !!document.querySelector('section.welcome:not([hidden])')];")
        ),
        flush=True,
    )
    w.keys("r (reserve)", "r")
    w.keys("1 (column 1)", "1")
    w.keys("Tab", "Tab")
    w.keys("Shift+Tab", "shift+Tab")
    w.keys("Escape", "Escape")
    w.keys("w (waste)", "w")


def scenario_offline(w: Walk, lang: str, server: subprocess.Popen[str]) -> None:
    opening_and_moves(w, lang)
    sw = cdp(
        "const r = await navigator.serviceWorker.ready;"
        " await new Promise((ok) => setTimeout(ok, 15000)); const ks = await caches.keys();"
        " let n = 0; for (const k of ks) n += (await (await caches.open(k)).keys()).length;"
        " return [r.active && r.active.state, !!navigator.serviceWorker.controller, ks, n];",
        timeout=180,
    )
    print("## (CDP) service worker:", sw, flush=True)
    server.kill()
    server.wait()
    print(f"## server {server.pid} killed", flush=True)
    w.keys("F5 (reload, offline)", "F5", quiet=1.0)
    w.listen("after F5 offline, nothing pressed", quiet=3.0, limit=120)
    print(
        "## (CDP) page now:",
        cdp(
            "const a=document.activeElement; return [location.href, document.title, a.tagName,"
            " a.getAttribute('aria-label'), !!document.querySelector('dialog[open]'),"
            " (document.body.innerText||'').slice(0,200)];"
        ),
        flush=True,
    )
    w.keys("r (reserve)", "r")
    w.keys("1 (column 1)", "1")
    w.keys("d (draw)", "d")
    w.keys("n (New game)", "n", quiet=1.5)
    w.keys("Escape", "Escape")


def scenario_dialogs(w: Walk, lang: str) -> None:
    """Screens opened from a card, where the focus leaves the table's application."""
    w.first_load(lang)
    w.keys("Escape (put the first-run screen away)", "Escape")
    w.keys("1 (column 1)", "1")
    w.keys("n (New game, from a card)", "n", quiet=2.0)
    show_focus()
    w.keys("Tab", "Tab")
    w.keys("Escape (close New game)", "Escape", quiet=1.5)
    show_focus()
    w.keys("r, Enter, 2 (a move)", "r", "Return", "2", quiet=1.5)
    w.keys("Ctrl+R (Restart asks first)", "ctrl+r", quiet=2.0)
    show_focus()
    w.keys("Escape (keep playing)", "Escape", quiet=1.5)
    show_focus()
    w.keys("Ctrl+, (Settings, from a card)", "ctrl+comma", quiet=2.0)
    w.keys("Escape (close Settings)", "Escape", quiet=1.5)
    w.keys("1", "1")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario", choices=["win", "reload", "offline", "dialogs"])
    parser.add_argument("--lang", default="en")
    parser.add_argument("--url", default="http://127.0.0.1:8795/")
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()
    server = None
    url = args.url
    if args.scenario == "offline":
        server = subprocess.Popen(
            [str(ROOT / ".venv" / "bin" / "canfield"), "web", "--port", "8796"],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert server.stdout is not None
        print("## server:", server.stdout.readline().strip(), "pid", server.pid, flush=True)
        url = "http://127.0.0.1:8796/"
    data = Path(tempfile.mkdtemp(prefix="orcawalk-"))
    stack = WebStack(data, f"{url}?code={EXAMPLE}", lang=args.lang)
    w = Walk(stack)
    try:
        stack.start((f"--remote-debugging-port={CDP_PORT}",))
        if args.scenario == "win":
            scenario_win(w, args.lang)
        elif args.scenario == "reload":
            scenario_reload(w, args.lang)
        elif args.scenario == "dialogs":
            scenario_dialogs(w, args.lang)
        else:
            assert server is not None
            scenario_offline(w, args.lang, server)
    finally:
        stack.close()
        if server is not None and server.poll() is None:
            server.kill()
        if args.keep:
            print(f"kept {data}")
        else:
            shutil.rmtree(data, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

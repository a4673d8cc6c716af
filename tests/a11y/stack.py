"""The real screen-reader stack for one app run: Xvfb, a D-Bus session, the AT-SPI bus, a reader.

Each :class:`Stack` has its own X display, session bus and accessibility bus,
so tests can run side by side. The app is the real ``canfield-app`` process
(xcb, accessibility always on, a temporary data folder); the reader is
``reader.py`` under Debian's own ``/usr/bin/python3`` with pyatspi, and keys
are pressed with xdotool, as a person would press them.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Final

HERE: Final = Path(__file__).resolve().parent
SYSTEM_PYTHON: Final = Path("/usr/bin/python3")
BUS_LAUNCHER: Final = Path("/usr/libexec/at-spi-bus-launcher")
TOOLS: Final = ("Xvfb", "dbus-daemon", "dbus-send", "xdotool")
ORCA: Final = "orca"
"""Debian's Orca (optional): when asked for, it runs beside the reader and its speech is logged."""
ORCA_SPEECH: Final = " - SPEECH OUTPUT: '"
"""How Orca's debug log writes each utterance it sends to the synthesiser."""
ORCA_CUSTOMIZATIONS: Final = """import __main__

import speechd
from orca import debug

if debug.debugFile is not None:  # each utterance on disk as it is said
    debug.debugFile.reconfigure(line_buffering=True)

# Orca will not start while another runs for the same user (all stacks here are root's,
# each with its own buses): the check comes after this file is run.
__main__.otherOrcas = lambda: []


class _NoSynthesiser:
    def __init__(self, *args, **kwargs):
        raise speechd.SSIPCommunicationError("no synthesiser in the test stack")


speechd.SSIPClient = _NoSynthesiser
"""
ORCA_LISTENING: Final = "ORCA: Starting ATSPI registry."
"""Orca's log as it starts handling events."""
ORCA_ON_FOCUS: Final = r"Changing locusOfFocus from \[frame \| [^\]]*\] to \[(?!frame)"
"""Orca's log as it goes from the app's window to the object focused in it."""
TAIL: Final = 0.25
"""Seconds of quiet after a key's burst of events before the reply (see :meth:`Stack.keys`)."""
BURST_SETTLE: Final = 0.6
"""The longest ``settle`` whose key is answered by one burst; a longer one waits it all."""
REPLY_TIMEOUT: Final = 60.0
"""Seconds to wait for one reply from the reader before giving up (never hang)."""


def missing() -> str | None:
    """What of the stack is not installed here, or ``None`` when all of it is."""
    gone = [tool for tool in TOOLS if shutil.which(tool) is None]
    if not BUS_LAUNCHER.exists():
        gone.append(str(BUS_LAUNCHER) + " (at-spi2-core)")
    if not SYSTEM_PYTHON.exists():
        gone.append(str(SYSTEM_PYTHON))
    elif (
        subprocess.run(
            [str(SYSTEM_PYTHON), "-c", "import pyatspi"], capture_output=True, check=False
        ).returncode
        != 0
    ):
        gone.append("python3-pyatspi")
    if not gone:
        return None
    return "screen-reader stack not installed: " + ", ".join(gone)


class Heard:
    """What followed some key presses: the events, and what two kinds of reader speak.

    ``new`` is a reader that speaks announcements (Orca 46 and later); ``old``
    one that does not (Orca 43); both speak notifications. ``spoken`` is the
    one that matches the reader the stack ran.
    """

    def __init__(self, reply: dict[str, Any], announcements: bool = True) -> None:
        self.events: list[dict[str, Any]] = reply["events"]
        self.new: list[str] = reply["speech"]
        self.old: list[str] = reply["speech_orca43"]
        self.spoken = self.new if announcements else self.old
        """What the reader that ran speaks."""

    def focus(self) -> list[dict[str, Any]]:
        """The objects that took the focus, in order."""
        return [
            e
            for e in self.events
            if e["type"].startswith("object:state-changed:focused") and e["detail1"]
        ]

    def said(self, text: str) -> bool:
        """Whether the reader says ``text`` once (and not a second time)."""
        return sum(text in s for s in self.spoken) == 1

    def heard(self, text: str) -> bool:
        """Whether the reader has said ``text`` at all (to know when to stop waiting)."""
        return any(text in s for s in self.spoken)

    def extend(self, later: Heard) -> None:
        """Add what came after, as one player hears it all."""
        self.events += later.events
        self.new += later.new
        self.old += later.old

    def __repr__(self) -> str:
        return f"Heard(new={self.new!r}, old={self.old!r})"


class StackError(RuntimeError):
    """A part of the stack did not start or the reader did not answer."""


class Stack:
    """Start with :meth:`start`; :meth:`close` ends every process it started."""

    def __init__(
        self,
        data_dir: Path,
        size: str = "1280x800",
        announcements: bool = True,
        orca: bool = False,
    ) -> None:
        self.data_dir = data_dir
        self.orca_log: Path | None = data_dir / "orca-debug.out" if orca else None
        """Where the real Orca's debug log goes (``orca=True``): what it spoke, in order."""
        self.announcements = announcements
        """False: the reader registers no announcement listener (like Orca 43)."""
        self.size = size
        self.env: dict[str, str] = {}
        self.procs: list[subprocess.Popen[Any]] = []
        self.app: subprocess.Popen[bytes] | None = None
        self.reader: subprocess.Popen[str] | None = None
        self.log = data_dir / "stack.log"
        self.started: Heard | None = None

    # -- processes --------------------------------------------------------------

    def _spawn(self, args: list[str], **kw: Any) -> subprocess.Popen[Any]:
        log = self.log.open("ab")
        proc = subprocess.Popen(args, env=self.env, stderr=log, start_new_session=True, **kw)
        log.close()
        self.procs.append(proc)
        return proc

    def _read_fd_line(self, args: list[str]) -> str:
        """Start ``args``; return the first line it writes to the pipe named FD (``-displayfd``)."""
        read, write = os.pipe()
        self._spawn([a.replace("FD", str(write)) for a in args], pass_fds=(write,))
        os.close(write)
        deadline = time.monotonic() + 20
        data = b""
        with os.fdopen(read, "rb", buffering=0) as pipe:
            while not data.endswith(b"\n") and time.monotonic() < deadline:
                chunk = pipe.read(1)
                if not chunk:
                    break
                data += chunk
        if not data.strip():
            raise StackError(f"{args[0]} did not start (see {self.log})")
        return data.decode().strip()

    def _start_session(self, **extra: str) -> None:
        """A clean environment (``extra`` added) with its own X server, D-Bus and AT-SPI bus:
        what the desktop app and chromium (tests/a11y/web_stack.py) both start on."""
        self.env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("DBUS_", "AT_SPI", "QT_", "WAYLAND", "XDG_RUNTIME"))
        }
        self.env.pop("DISPLAY", None)
        runtime = self.data_dir / "runtime"
        runtime.mkdir(mode=0o700, exist_ok=True)
        self.env["XDG_RUNTIME_DIR"] = str(runtime)
        self.env["NO_AT_BRIDGE"] = "0"
        self.env.update(extra)
        self.env["DISPLAY"] = ":" + self._start_x()
        self.env["DBUS_SESSION_BUS_ADDRESS"] = self._read_fd_line(
            ["dbus-daemon", "--session", "--nofork", "--print-address=FD"]
        )
        self._spawn([str(BUS_LAUNCHER), "--launch-immediately"])
        self._wait_for_a11y_bus()

    def start(self, app_args: tuple[str, ...] = ()) -> None:
        self._start_session()
        env = dict(self.env)
        env.update(
            QT_QPA_PLATFORM="xcb",
            QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1",
            QT_ACCESSIBILITY="1",
            CANFIELD_DATA_DIR=str(self.data_dir),
        )
        log = self.log.open("ab")
        self.app = subprocess.Popen(
            [
                sys.executable,
                "-c",
                "from canfield.gui.app import main; raise SystemExit(main())",
                *app_args,
            ],
            env=env,
            stdout=log,
            stderr=log,
            start_new_session=True,
        )
        log.close()
        self.procs.append(self.app)
        self.reader = self._spawn(
            [str(SYSTEM_PYTHON), str(HERE / "reader.py"), "canfield"]
            + ([] if self.announcements else ["--no-announcements"]),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.ask("wait_app", timeout=40)
        self.started = Heard(self.ask("focus", title="Canfield"), self.announcements)
        """What readers heard as the app started (the reader listens from before its window)."""
        if self.orca_log is not None:
            # Started onto the active window, Orca goes to its focused object at once.
            self._start_orca(self.orca_log)

    def _start_orca(self, log: Path) -> None:
        """Start Debian's Orca on this stack's buses, logging what it says; wait until it talks."""
        if shutil.which(ORCA) is None:
            raise StackError("orca is not installed (apt-get install orca)")
        home = self.data_dir / "orca-home"
        prefs = home / "prefs"
        prefs.mkdir(parents=True, exist_ok=True)
        # Orca's customisations file runs before speech starts: no synthesiser here (Orca's
        # speech-dispatcher client would spawn one and, now and then, wait for it for ever;
        # refused at once, Orca goes on and still logs each utterance, a line at a time).
        (prefs / "orca-customizations.py").write_text(ORCA_CUSTOMIZATIONS, encoding="utf-8")
        env = dict(self.env, HOME=str(home))
        out = self.log.open("ab")
        orca = subprocess.Popen(
            [ORCA, "--user-prefs", str(prefs), "--debug-file", str(log)],
            env=env,
            stdout=out,
            stderr=out,
            start_new_session=True,
        )
        out.close()
        self.procs.append(orca)
        deadline = time.monotonic() + 40
        while time.monotonic() < deadline:
            if self._orca_on_app(log):
                self.orca_quiet()  # what it says of the window and the focus, said in full
                return
            if orca.poll() is not None:
                break
            time.sleep(0.1)
        raise StackError(f"orca never went to the app's focus (see {log} and {self.log})")

    @staticmethod
    def _orca_on_app(log: Path) -> bool:
        """Whether Orca handles events and has gone to the app's focused object, not its window.

        Orca looks for the active window and its focused object as it starts, then
        starts handling events ("Starting ATSPI registry"). A key pressed before both
        were done was now and then not followed by a word (the test's first step).
        """
        if not log.exists():
            return False
        text = log.read_text(encoding="utf-8", errors="replace")
        return ORCA_LISTENING in text and re.search(ORCA_ON_FOCUS, text) is not None

    def orca_mark(self) -> int:
        """Where Orca's log ends now: :meth:`orca_said` from here is what it says next."""
        if self.orca_log is None or not self.orca_log.exists():
            return 0
        return self.orca_log.stat().st_size

    def orca_said(self, mark: int) -> list[str]:
        """What Orca spoke since ``mark``; the echo of a key pressed ends in a space ("r ")."""
        if self.orca_log is None or not self.orca_log.exists():
            return []
        with self.orca_log.open("rb") as log:
            log.seek(mark)
            text = log.read().decode("utf-8", "replace")
        said = []
        for line in text.splitlines():
            at = line.find(ORCA_SPEECH)
            if at < 0:
                continue
            # "...: 'queen of clubs.'{voice}", and a key's echo "...: 'r' {voice}".
            rest = line[at + len(ORCA_SPEECH) :]
            end = rest.rfind("'{")
            if end >= 0:
                said.append(rest[:end])
                continue
            end = rest.rfind("' {")
            said.append(rest[:end].rstrip() + " " if end >= 0 else rest)
        return said

    def _start_x(self) -> str:
        """Start Xvfb on a display number of its own; return that number.

        ``-displayfd`` alone takes the lowest free number, so a server starting
        while another stack's server on that number shuts down gets its socket
        file unlinked under it (the app then cannot connect). A random number
        from a wide range, not locked by any server, keeps stacks apart.
        """
        rng = random.Random(os.getpid() ^ time.monotonic_ns())
        for _ in range(10):
            number = rng.randrange(100, 30000)
            if Path(f"/tmp/.X{number}-lock").exists():
                continue
            with contextlib.suppress(StackError):
                return self._read_fd_line(
                    [
                        "Xvfb",
                        f":{number}",
                        "-displayfd",
                        "FD",
                        "-screen",
                        "0",
                        f"{self.size}x24",
                        "-nolisten",
                        "tcp",
                    ]
                )
        raise StackError(f"Xvfb did not start on any display (see {self.log})")

    def _wait_for_a11y_bus(self) -> None:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            done = subprocess.run(
                [
                    "dbus-send",
                    "--session",
                    "--print-reply",
                    "--dest=org.a11y.Bus",
                    "/org/a11y/bus",
                    "org.a11y.Bus.GetAddress",
                ],
                env=self.env,
                capture_output=True,
                check=False,
                timeout=10,
            )
            if done.returncode == 0 and b"unix:" in done.stdout:
                return
            time.sleep(0.1)
        raise StackError("the AT-SPI bus did not come up")

    # -- talking to the reader ----------------------------------------------------

    def ask(self, cmd: str, **args: Any) -> dict[str, Any]:
        reader = self.reader
        if reader is None or reader.stdin is None or reader.stdout is None:
            raise StackError("the reader is not running")
        reader.stdin.write(json.dumps({"cmd": cmd, **args}) + "\n")
        reader.stdin.flush()
        line = _readline(reader.stdout, REPLY_TIMEOUT)
        if not line:
            raise StackError(f"the reader gave no answer to {cmd!r} (see {self.log})")
        reply: dict[str, Any] = json.loads(line)
        if not reply.get("ok"):
            raise StackError(f"{cmd}: {reply.get('error')} (see {self.log})")
        return reply

    def tree(self) -> dict[str, Any]:
        tree: dict[str, Any] = self.ask("tree")["tree"]
        return tree

    def keys(self, *keys: str, settle: float = 0.6, keep: bool = False) -> Heard:
        """Press ``keys`` (xdotool names) and return what readers speak afterwards.

        A key's events come in one burst (measured under a load of 9 on 2 cores: from
        0.13 to 0.30 s after the key, milliseconds apart), so with ``settle`` up to
        :data:`BURST_SETTLE` the reply comes :data:`TAIL` after the burst's last event
        (after ``settle`` when none came). A longer ``settle`` is for a key whose work
        speaks later (a hint, a search, the win): the whole quiet spell is waited for.
        ``keep``: what came after the last reply's quiet spell is heard too (a player
        hears everything, however late).
        """
        tail = TAIL if settle <= BURST_SETTLE else None
        reply = self.ask("keys", keys=list(keys), settle=settle, keep=keep, tail=tail)
        self.orca_quiet()
        return Heard(reply, self.announcements)

    def orca_quiet(self, quiet: float = 0.4, limit: float = 10.0) -> None:
        """With Orca running, wait until it has handled every event (its log stops growing).

        A player waits for the reader to finish before the next key; pressed sooner, Orca
        drops the events it can no longer keep up with, and says less than a player hears.
        """
        if self.orca_log is None:
            return
        start = last_change = time.monotonic()
        size = self.orca_mark()
        while time.monotonic() - start < limit:
            time.sleep(0.05)
            now_size = self.orca_mark()
            if now_size != size:
                size, last_change = now_size, time.monotonic()
            elif time.monotonic() - last_change >= quiet:
                return

    def keys_until(self, *keys: str, text: str, limit: float = 30.0) -> Heard:
        """Press ``keys`` and listen until ``text`` is said, or ``limit`` seconds pass.

        For work whose sentence comes when it is done (a search under a loaded machine):
        a player waits for the answer, not for a fixed spell of quiet.
        """
        start = time.monotonic()
        heard = self.keys(*keys, settle=1.0)
        while not heard.heard(text) and time.monotonic() - start < limit:
            heard.extend(self.listen(1.0))
        return heard

    def listen(self, settle: float = 0.6) -> Heard:
        """What readers speak from now (and what came late for the last reply) until quiet."""
        return Heard(self.ask("listen", settle=settle, keep=True), self.announcements)

    def close(self) -> None:
        if self.reader is not None and self.reader.poll() is None:
            with contextlib.suppress(Exception):
                self.ask("quit")
        for proc in reversed(self.procs):
            if proc.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGTERM)
        for proc in reversed(self.procs):
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=5)
        for stream in (self.reader.stdin, self.reader.stdout) if self.reader else ():
            if stream is not None:
                stream.close()


def _readline(stream: Any, timeout: float) -> str:
    """One line from a pipe, or "" after ``timeout`` seconds (the reader never hangs a test)."""
    import selectors

    with selectors.DefaultSelector() as sel:
        sel.register(stream, selectors.EVENT_READ)
        if not sel.select(timeout):
            return ""
    line: str = stream.readline()
    return line


if __name__ == "__main__":
    # ``make test-a11y`` prints what is missing before pytest skips.
    reason = missing()
    print(reason or "screen-reader stack: present")
    if reason:
        print(
            "install on Debian: apt-get install xvfb dbus at-spi2-core python3-pyatspi xdotool "
            "libxcb-cursor0 libxkbcommon-x11-0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 "
            "libxcb-randr0 libxcb-render-util0 libxcb-shape0 libxcb-xinerama0 libxcb-xkb1"
        )

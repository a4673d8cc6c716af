"""A screen reader's view of the app, over AT-SPI: run by Debian's /usr/bin/python3 (pyatspi).

Not a test by itself: ``stack.py`` starts it (for the tests here) inside the same
D-Bus session as the app and talks to it in JSON lines on stdin/stdout.

Commands (one JSON object a line): ``{"cmd": "wait_app"}`` until the app is on
the bus; ``{"cmd": "tree"}`` the app's whole accessible tree; ``{"cmd": "keys",
"keys": ["ctrl+d"]}`` presses keys with xdotool and returns every event that
followed, and what a reader would speak for them; ``{"cmd": "focus"}`` gives
the app's window the X input focus and answers once the window is active;
``{"cmd": "selection"}`` the text selected
in the focused object; ``{"cmd": "quit"}``.

What is "spoken" follows what Orca does with each event, for two readers: one
that speaks ``object:announcement`` (Orca 46 and later) and one that does not
(Orca 43); both speak a notification as it shows. ``--no-announcements`` makes
the client itself behave like Orca 43: it does not register for
``object:announcement`` at all, so the app sees no reader that wants them. Both speak the name, role
and description of an object that takes the focus and a new name or
description of the object that has it (not a combo box's or a table cell's new
name, which Orca calls redundant); a focus that enters another list
names the list first, a focused control says its label (labelled-by) first,
and a dialog or a question (an alert) that opens is named with the labels in it
that label nothing, as Orca does.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from typing import Any

import pyatspi
from gi.repository import GLib

EVENTS = (
    "object:announcement",
    "object:state-changed",
    "object:property-change:accessible-name",
    "object:property-change:accessible-description",
    "object:text-changed",
    "object:text-caret-moved",
    "object:children-changed",
    "window:activate",
)
MAX_NODES = 2000
"""A bound on the tree walk (the app has a few hundred objects)."""
SPEAKING_ROLES = ("notification", "alert")


def role_of(acc: Any) -> str:
    try:
        return str(acc.getRoleName())
    except Exception:
        return "?"


def name_of(acc: Any) -> str:
    try:
        return str(acc.name or "")
    except Exception:
        return ""


def states_of(acc: Any) -> list[str]:
    try:
        return sorted(pyatspi.stateToString(s) for s in acc.getState().getStates())
    except Exception:
        return []


def text_of(acc: Any) -> str:
    try:
        text = acc.queryText()
    except Exception:
        return ""
    try:
        return str(text.getText(0, -1) or "")
    except Exception:
        return ""


def labels_of(acc: Any) -> list[str]:
    """The names of the objects that label ``acc`` (a combo box's or a field's label)."""
    try:
        relations = acc.getRelationSet()
    except Exception:
        return []
    names = []
    for relation in relations:
        if relation.getRelationType() != pyatspi.RELATION_LABELLED_BY:
            continue
        for i in range(relation.getNTargets()):
            names.append(name_of(relation.getTarget(i)))
    return names


def unrelated_labels(root: Any, budget: int = 400, words: int = 3) -> list[str]:
    """The showing labels under ``root`` with no relation (what Orca reads on opening).

    As Orca 43: a label that labels or describes a control is left out, and so is one
    of fewer than ``words`` words (a dialog's one-word headings).
    """
    found: list[str] = []
    stack = [root]
    while stack and budget > 0:
        acc = stack.pop()
        budget -= 1
        try:
            states = acc.getState()
            if not states.contains(pyatspi.STATE_SHOWING):
                continue
            if role_of(acc) == "label":
                related = bool(acc.getRelationSet())
                if not related and len(name_of(acc).split()) >= words:
                    found.append(name_of(acc))
                continue
            children = [acc.getChildAtIndex(i) for i in range(acc.childCount)]
        except Exception:
            continue
        stack.extend(reversed([c for c in children if c is not None]))
    return found


def window_of(acc: Any) -> Any:
    """The window (frame, dialog, alert) ``acc`` is in, or ``None``."""
    try:
        for _ in range(60):
            if acc is None or role_of(acc) in ("frame", "dialog", "alert", "window"):
                return acc
            acc = acc.parent
    except Exception:
        return None
    return None


def focused_in(root: Any, budget: int = 400) -> Any:
    """The showing object under ``root`` that has the focus, or ``None`` (as Orca looks)."""
    stack = [root]
    while stack and budget > 0:
        acc = stack.pop()
        budget -= 1
        try:
            states = acc.getState()
            if acc != root and states.contains(pyatspi.STATE_FOCUSED):
                return acc
            if not states.contains(pyatspi.STATE_SHOWING):
                continue
            children = [acc.getChildAtIndex(i) for i in range(acc.childCount)]
        except Exception:
            continue
        stack.extend(reversed([c for c in children if c is not None]))
    return None


def node(acc: Any, budget: list[int], depth: int = 0) -> dict[str, Any]:
    budget[0] -= 1
    entry: dict[str, Any] = {
        "role": role_of(acc),
        "name": name_of(acc),
        "description": getattr(acc, "description", "") or "",
        "states": states_of(acc),
        "children": [],
    }
    try:
        count = acc.childCount
    except Exception:
        count = 0
    entry["child_count"] = count
    if depth > 40:
        return entry
    for i in range(count):
        if budget[0] <= 0:
            break
        try:
            child = acc.getChildAtIndex(i)
        except Exception:
            child = None
        if child is None:
            entry["children"].append(None)
            continue
        try:
            index = child.getIndexInParent()
        except Exception:
            index = -2
        sub = node(child, budget, depth + 1)
        sub["index_in_parent"] = index
        entry["children"].append(sub)
    return entry


class Reader:
    def __init__(self, app_name: str, announcements: bool = True) -> None:
        self.app_name = app_name
        self.app: Any = None
        self.events: list[dict[str, Any]] = []
        self.focused: Any = None
        self.context: Any = None
        """The list the focus was last in (a reader names a list when the focus enters it)."""
        self.active: Any = None
        """The window that was last activated."""
        self.last_event = time.monotonic()
        self.pressed = self.last_event
        """When the last keys were pressed (each event says how long after, as ``t``)."""
        # Like Orca 43, a reader without announcements does not even listen for them.
        events = EVENTS if announcements else EVENTS[1:]
        pyatspi.Registry.registerEventListener(self.on_event, *events)
        GLib.io_add_watch(sys.stdin.fileno(), GLib.IO_IN | GLib.IO_HUP, self.on_command)

    # -- events ------------------------------------------------------------------

    def on_event(self, event: Any) -> None:
        source = event.source
        try:
            app = source.getApplication()
            if app is None or name_of(app).lower() != self.app_name:
                return
        except Exception:
            return
        self.last_event = time.monotonic()
        kind = event.type
        role = role_of(source)
        name = name_of(source)
        data = event.any_data
        entry: dict[str, Any] = {
            "type": kind,
            "role": role,
            "name": name,
            "detail1": event.detail1,
            "detail2": event.detail2,
            "data": data if isinstance(data, (str, int, float)) else None,
            "t": round(time.monotonic() - self.pressed, 3),
        }
        if kind.startswith("object:state-changed:focused") and event.detail1:
            try:
                entry["parent"] = name_of(source.parent)
            except Exception:
                entry["parent"] = ""
        new, old = self.speech_for(event, source, role, name)
        if new:
            entry["speech"] = new
        if old:
            entry["speech_orca43"] = old
        self.events.append(entry)

    def speech_for(self, event: Any, source: Any, role: str, name: str) -> tuple[str, str]:
        """What a reader with announcements says, and what one without them (Orca 43) says."""
        kind = event.type
        if kind.startswith("object:announcement"):
            return str(event.any_data or ""), ""
        if kind.startswith("object:text-caret-moved"):
            # Like Orca 43, a caret that moves in a focused field of the active window before
            # its focus event comes takes the reader there silently: the focus event after
            # says nothing. (In a window not yet active, as a dialog opens, it does not.)
            focused = "focused" in states_of(source)
            if source != self.focused and focused and window_of(source) == self.active:
                self.focused, self.context = source, None
            return "", ""
        if kind.startswith("object:state-changed:focused") and event.detail1:
            text = self.focus_speech(source, role, name)
            return text, text
        if kind.startswith("window:activate"):
            self.active = source
        if kind.startswith("window:activate") and role in ("dialog", "alert"):
            # Orca names a dialog (a question: an alert) that opens and reads its labels
            # that label nothing, then goes to the object focused in it (Qt may have
            # told its focus before the window was active).
            text = ", ".join(x for x in (name, role, *unrelated_labels(source)) if x)
            focused = focused_in(source)
            if focused is not None:
                then = self.focus_speech(focused, role_of(focused), name_of(focused))
                text = ", ".join(x for x in (text, then) if x)
            return text, text
        showing = kind.startswith("object:state-changed:showing") and event.detail1
        if showing and role in SPEAKING_ROLES:
            # Every Orca speaks a notification as it shows, new ones too.
            text = ", ".join(x for x in (name, text_of(source)) if x)
            return text, text
        on_focus = self.focused is not None and source == self.focused
        # Like Orca, a combo box's or a table cell's new name is not said (Orca calls it
        # redundant: it waits for a selection change, which Qt's combo box never sends).
        quiet = role in ("combo box", "table cell")
        if on_focus and kind.startswith("object:property-change:accessible-name") and not quiet:
            return name, name
        if on_focus and kind.startswith("object:property-change:accessible-description"):
            text = getattr(source, "description", "") or ""
            return text, text
        return "", ""

    def focus_speech(self, source: Any, role: str, name: str) -> str:
        """What a reader says as the focus goes to ``source`` (nothing if it is there already)."""
        if source == self.focused:
            return ""  # Orca says nothing for the object it is already on
        previous, self.focused = self.focused, source
        description = getattr(source, "description", "") or ""
        labels = [x for x in labels_of(source) if x and x != name]
        text = ", ".join(x for x in (*labels, name, role, description) if x)
        # Like Orca, a focus that enters another list says that list first ("column 2,
        # 3 cards, list"), so landing on a card in another pile names the pile; a focus
        # that goes from a list into one of its items (their common ancestor is the
        # list) does not. The parent is asked afresh, as Orca does: a card that moved
        # to another pile has a new one.
        try:
            source.clearCache()
            parent = source.parent
            in_list = role_of(parent) == "list"
        except Exception:
            parent, in_list = None, False
        if in_list and parent != self.context and parent != previous:
            text = name_of(parent) + ", list, " + text
        self.context = parent if in_list else (source if role == "list" else None)
        return text

    # -- commands ---------------------------------------------------------------

    def on_command(self, fd: int, condition: int) -> bool:
        line = sys.stdin.readline()
        if not line:
            pyatspi.Registry.stop()
            return False
        command = json.loads(line)
        handler = getattr(self, "cmd_" + command.pop("cmd"))
        handler(**command)
        return True

    def reply(self, value: object) -> None:
        sys.stdout.write(json.dumps(value) + "\n")
        sys.stdout.flush()

    def find_app(self) -> Any:
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            if app is not None and name_of(app).lower() == self.app_name:
                return app
        return None

    def cmd_wait_app(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout

        def look() -> bool:
            self.app = self.find_app()
            if self.app is not None and self.app.childCount > 0:
                self.reply({"ok": True})
                return False
            if time.monotonic() > deadline:
                self.reply({"ok": False, "error": "the app did not appear on the AT-SPI bus"})
                return False
            return True

        GLib.timeout_add(100, look)

    def cmd_tree(self) -> None:
        self.app = self.find_app()
        if self.app is None:
            self.reply({"ok": False, "error": "no app"})
            return
        self.reply({"ok": True, "tree": node(self.app, [MAX_NODES])})

    def cmd_focus(self, title: str = "") -> None:
        found = subprocess.run(
            ["xdotool", "search", "--sync", "--onlyvisible", "--name", title or "."],
            capture_output=True,
            text=True,
            timeout=20,
            check=False,
        )
        windows = found.stdout.split()
        if not windows:
            self.reply({"ok": False, "error": "no window"})
            return
        subprocess.run(["xdotool", "windowfocus", "--sync", windows[-1]], timeout=20, check=False)
        # The X focus is given; the app takes it when Qt handles the X event. Wait until its
        # window says it is active (as a reader asks), then for the focus events to settle.
        deadline = time.monotonic() + 20

        def active() -> bool:
            if self.active_window(title) is not None or time.monotonic() > deadline:
                self.settle(0.5, 5.0)
                return False
            return True

        if active():
            GLib.timeout_add(50, active)

    def active_window(self, title: str) -> Any:
        """The app's window named ``title`` (any, without one) when it is the active one."""
        app = self.find_app()
        for i in range(app.childCount if app is not None else 0):
            try:
                window = app.getChildAtIndex(i)
                if window is None or (title and title not in name_of(window)):
                    continue
                if window.getState().contains(pyatspi.STATE_ACTIVE):
                    return window
            except Exception:
                continue
        return None

    def cmd_keys(
        self,
        keys: list[str],
        settle: float = 0.6,
        limit: float = 8.0,
        keep: bool = False,
        tail: float | None = None,
    ) -> None:
        # ``keep``: events that came late for the last reply are heard with this one.
        if not keep:
            self.events = []
        self.pressed = time.monotonic()
        for key in keys:
            subprocess.run(["xdotool", "key", "--delay", "80", key], timeout=20, check=True)
        self.settle(settle, limit, tail)

    def cmd_listen(self, settle: float = 0.6, limit: float = 8.0, keep: bool = False) -> None:
        if not keep:
            self.events = []
        self.settle(settle, limit)

    def settle(self, quiet: float, limit: float, tail: float | None = None) -> None:
        """Reply with the events once none came for ``quiet`` seconds (at most ``limit``).

        ``tail``: once an event has come, reply when none came for this long (a key's
        events come in one burst).
        """
        start = time.monotonic()
        self.last_event = start
        before = len(self.events)

        def check() -> bool:
            now = time.monotonic()
            wait = tail if tail is not None and len(self.events) > before else quiet
            if now - self.last_event >= wait or now - start >= limit:
                events, self.events = self.events, []
                speech = [e["speech"] for e in events if e.get("speech")]
                old = [e["speech_orca43"] for e in events if e.get("speech_orca43")]
                self.reply({"ok": True, "events": events, "speech": speech, "speech_orca43": old})
                return False
            return True

        GLib.timeout_add(50, check)

    def cmd_selection(self) -> None:
        """The text selected in the object that has the focus (a link Tab went to)."""
        text = ""
        try:
            query = self.focused.queryText()
            if query.getNSelections() > 0:
                start, end = query.getSelection(0)
                text = query.getText(start, end)
        except Exception:
            text = ""
        self.reply({"ok": True, "text": text})

    def cmd_quit(self) -> None:
        self.reply({"ok": True})
        pyatspi.Registry.stop()


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    Reader(args[0].lower() if args else "canfield", "--no-announcements" not in sys.argv)
    pyatspi.Registry.start()


if __name__ == "__main__":
    main()

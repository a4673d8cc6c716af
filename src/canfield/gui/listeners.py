"""Whether a screen reader needs notifications, not announcements: asked of the AT-SPI registry.

Readers register the events they handle with the registry; Orca 46 and later
register ``object:announcement``, Orca 43 does not. Qt's own bridge asks the
registry the same question (``GetRegisteredEvents``) but keeps the answer, and
PySide6 cannot read that reply's ``a(ss)`` type, so this asks it through the
system's libdbus (which Qt loads anyway) with ctypes: a private connection, one
call with a short timeout, closed again. ``None`` means the answer could not
be had (no bus, no libdbus); the caller then plays safe.
"""

from __future__ import annotations

import ctypes
import ctypes.util
from typing import Final

_TYPE_ARRAY: Final = ord("a")
_TYPE_STRUCT: Final = ord("r")
_TYPE_STRING: Final = ord("s")


__all__ = ["notification_needed", "registered_events"]

_ANNOUNCEMENT_EVENTS: Final = frozenset({"", "object", "object:announcement"})
"""Registered event names (normalised by :func:`_plain`) that bring announcements."""
_SHOWING_EVENTS: Final = frozenset(
    {"", "object", "object:statechanged", "object:statechanged:showing"}
)
"""Names that bring ``object:state-changed:showing`` (how a notification is noticed)."""
_address: list[str] = []


def _plain(event: str) -> str:
    """``Object:StateChanged:Showing:`` and ``object:state-changed:showing`` alike."""
    return event.lower().replace("-", "").strip(":")


def notification_needed() -> bool | None:
    """Whether some listener notices notifications but not announcements (an older reader).

    Orca 43 registers for ``object:state-changed:showing`` but not for
    ``object:announcement``; Orca 46 and later register for both and would say
    a sentence twice if it came both ways. ``None``: the registry could not be
    asked.
    """
    address = _bus_address()
    if address is None:
        return None
    events = registered_events(address)
    if events is None:
        return None
    clients: dict[str, set[str]] = {}
    for bus, event in events:
        clients.setdefault(bus, set()).add(_plain(event))
    return any(
        names & _SHOWING_EVENTS and not names & _ANNOUNCEMENT_EVENTS for names in clients.values()
    )


def _bus_address() -> str | None:
    """The accessibility bus's address (asked of the session bus once)."""
    if _address:
        return _address[0]
    try:  # QtDBus exists on Linux; elsewhere there is no AT-SPI registry to ask
        from PySide6.QtDBus import QDBus, QDBusConnection, QDBusMessage
    except ImportError:
        return None

    ask = QDBusMessage.createMethodCall(
        "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress"
    )
    reply = QDBusConnection.sessionBus().call(ask, QDBus.CallMode.Block, 300)
    args = reply.arguments()
    if reply.type() != QDBusMessage.MessageType.ReplyMessage or not args:
        return None
    address = args[0]
    if not isinstance(address, str) or not address:
        return None
    _address.append(address)
    return address


def registered_events(address: str, timeout_ms: int = 300) -> list[tuple[str, str]] | None:
    """``(bus name, event)`` pairs the registry on ``address`` knows; ``None`` on any failure."""
    name = ctypes.util.find_library("dbus-1") or "libdbus-1.so.3"
    try:
        lib = ctypes.CDLL(name)
    except OSError:
        return None
    vp = ctypes.c_void_p
    lib.dbus_connection_open_private.restype = vp
    lib.dbus_connection_open_private.argtypes = [ctypes.c_char_p, vp]
    lib.dbus_bus_register.restype = ctypes.c_uint32
    lib.dbus_bus_register.argtypes = [vp, vp]
    lib.dbus_message_new_method_call.restype = vp
    lib.dbus_message_new_method_call.argtypes = [ctypes.c_char_p] * 4
    lib.dbus_connection_send_with_reply_and_block.restype = vp
    lib.dbus_connection_send_with_reply_and_block.argtypes = [vp, vp, ctypes.c_int, vp]
    lib.dbus_message_iter_init.restype = ctypes.c_uint32
    lib.dbus_message_iter_init.argtypes = [vp, vp]
    lib.dbus_message_iter_get_arg_type.restype = ctypes.c_int
    lib.dbus_message_iter_get_arg_type.argtypes = [vp]
    lib.dbus_message_iter_recurse.argtypes = [vp, vp]
    lib.dbus_message_iter_next.restype = ctypes.c_uint32
    lib.dbus_message_iter_next.argtypes = [vp]
    lib.dbus_message_iter_get_basic.argtypes = [vp, vp]
    lib.dbus_message_unref.argtypes = [vp]
    lib.dbus_connection_close.argtypes = [vp]
    lib.dbus_connection_unref.argtypes = [vp]
    lib.dbus_error_init.argtypes = [vp]
    lib.dbus_error_free.argtypes = [vp]
    error = ctypes.create_string_buffer(128)  # DBusError: two pointers and flags
    lib.dbus_error_init(error)
    conn = lib.dbus_connection_open_private(address.encode(), error)
    if not conn:
        lib.dbus_error_free(error)
        return None
    events: list[tuple[str, str]] | None = None
    msg = reply = None
    try:
        if not lib.dbus_bus_register(conn, error):
            return None
        msg = lib.dbus_message_new_method_call(
            b"org.a11y.atspi.Registry",
            b"/org/a11y/atspi/registry",
            b"org.a11y.atspi.Registry",
            b"GetRegisteredEvents",
        )
        reply = lib.dbus_connection_send_with_reply_and_block(conn, msg, timeout_ms, error)
        if not reply:
            return None
        # DBusMessageIter is a small opaque struct (under 100 bytes); 256 is ample.
        top, array, pair = (ctypes.create_string_buffer(256) for _ in range(3))
        if not lib.dbus_message_iter_init(reply, top):
            return None
        if lib.dbus_message_iter_get_arg_type(top) != _TYPE_ARRAY:
            return None
        lib.dbus_message_iter_recurse(top, array)
        events = []
        while lib.dbus_message_iter_get_arg_type(array) == _TYPE_STRUCT:
            lib.dbus_message_iter_recurse(array, pair)
            fields: list[str] = []
            while lib.dbus_message_iter_get_arg_type(pair) == _TYPE_STRING:
                value = ctypes.c_char_p()
                lib.dbus_message_iter_get_basic(pair, ctypes.byref(value))
                fields.append((value.value or b"").decode("utf-8", "replace"))
                lib.dbus_message_iter_next(pair)
            if len(fields) >= 2:
                events.append((fields[0], fields[1]))
            lib.dbus_message_iter_next(array)
        return events
    finally:
        if reply:
            lib.dbus_message_unref(reply)
        if msg:
            lib.dbus_message_unref(msg)
        lib.dbus_connection_close(conn)
        lib.dbus_connection_unref(conn)
        lib.dbus_error_free(error)

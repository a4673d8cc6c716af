"""``canfield web``: serve the browser version (``make web`` builds it into ``dist/web/``).

The site is static, so any web server can host it; this one is for playing on
this computer or on a phone on the same network. It listens on 127.0.0.1 unless
another address is asked for, serves only the regular files inside the site's
folder (no listings, no link that leads outside it), and says in one line who
can reach it.

An installed package holds no built site (it is made from a clone with
``make web``); point ``--dir`` at one, or set ``CANFIELD_WEB_DIR``.
"""

from __future__ import annotations

import argparse
import contextlib
import ipaddress
import os
import posixpath
import shutil
import sys
import threading
import webbrowser
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Final
from urllib.parse import unquote, urlsplit

from canfield.cli.common import CliError

__all__ = ["ENV_WEB_DIR", "default_site", "register", "run"]

ENV_WEB_DIR: Final = "CANFIELD_WEB_DIR"
DEFAULT_PORT: Final = 8000
_TYPES: Final = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".png": "image/png",
    ".svg": "image/svg+xml",
}
_LOCAL_NAMES: Final = ("localhost",)


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"port must be 0 to 65535 (0: any free one), not {text}")
    return value


def default_site() -> Path:
    """Where the built site is: ``$CANFIELD_WEB_DIR``, else ``dist/web`` of this clone."""
    given = os.environ.get(ENV_WEB_DIR)
    if given:
        return Path(given)
    return Path(__file__).resolve().parents[3] / "dist" / "web"


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "web",
        help="serve the browser version (build it first with `make web`)",
        description="Serve the browser version of the game (built by `make web` into "
        "dist/web/) so a browser on this computer, or a phone when --host allows it, "
        "can play and install it. Ctrl+C stops the server.",
    )
    parser.add_argument(
        "--port", type=_port, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})"
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this computer only; "
        "0.0.0.0: every network this computer is on)",
    )
    parser.add_argument("--open", action="store_true", help="open the page in the browser")
    parser.add_argument(
        "--dir",
        type=Path,
        default=None,
        help=f"the built site (default: ${ENV_WEB_DIR}, else this clone's dist/web)",
    )
    parser.set_defaults(func=run)


def _check_site(site: Path) -> Path:
    if not (site / "index.html").is_file():
        raise CliError(
            f"no built site at {site}: run `make web` in a clone of the project "
            f"(an installed package has none), or pass --dir or set {ENV_WEB_DIR}"
        )
    return site.resolve()


def _reach(host: str, port: int) -> str:
    """One line on who can open the page at this address."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        local = host.lower() in _LOCAL_NAMES
    else:
        local = address.is_loopback
    if local:
        return "only this computer can open it"
    return (
        f"anyone whose device can reach this computer on port {port} can open it "
        "(every network it is on for 0.0.0.0 or ::)"
    )


class _Handler(BaseHTTPRequestHandler):
    """GET and HEAD of the regular files inside ``root``; nothing else."""

    root: Path
    server_version = "canfield-web"

    def do_GET(self) -> None:
        self._serve(body=True)

    def do_HEAD(self) -> None:
        self._serve(body=False)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: a page load is a hundred requests."""

    def _file(self) -> Path | None:
        path = unquote(urlsplit(self.path).path)
        if path.endswith("/"):
            path += "index.html"
        relative = posixpath.normpath(path).lstrip("/")
        if relative.startswith("..") or "\0" in relative:
            return None
        try:
            real = (self.root / relative).resolve(strict=True)
        except (OSError, RuntimeError):
            return None
        if not real.is_relative_to(self.root) or not real.is_file():
            return None  # a link planted to lead outside, a folder, a FIFO, a device
        return real

    def _serve(self, *, body: bool) -> None:
        real = self._file()
        if real is None:
            self.send_error(HTTPStatus.NOT_FOUND)
            return
        try:
            handle = real.open("rb")
        except OSError:
            self.send_error(HTTPStatus.FORBIDDEN)
            return
        with handle:
            size = os.fstat(handle.fileno()).st_size
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", _TYPES.get(real.suffix, "application/octet-stream"))
            self.send_header("Content-Length", str(size))
            # the service worker and the page must be looked at again; the rest is versioned
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            if body:
                # the browser may stop reading (a reload)
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                    shutil.copyfileobj(handle, self.wfile)


def run(args: argparse.Namespace) -> int:
    site = _check_site(args.dir if args.dir is not None else default_site())
    handler = type("Handler", (_Handler,), {"root": site})
    try:
        server = ThreadingHTTPServer((args.host, args.port), handler)
    except OSError as exc:
        raise CliError(
            f"cannot listen on {args.host} port {args.port}: {exc.strerror or exc}"
        ) from None
    except (OverflowError, UnicodeError) as exc:
        raise CliError(f"cannot listen on {args.host!r}: {exc}") from None
    server.daemon_threads = True
    port = server.server_address[1]
    shown = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{'127.0.0.1' if args.host in ('0.0.0.0', '') else shown}:{port}/"
    print(f"serving {site} at {url} ({_reach(args.host, port)}); Ctrl+C stops", flush=True)
    if args.open:
        threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
    finally:
        server.server_close()
    return 0

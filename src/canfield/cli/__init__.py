"""The ``canfield`` command: no arguments opens the app; subcommands work in the terminal.

Every bad argument ends in a one-line message on stderr and exit status 2,
never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from collections.abc import Sequence
from typing import NoReturn

from canfield.cli.common import CliError
from canfield.errors import QUOTE_LIMIT, quoted

__all__ = ["main"]

EXIT_USAGE = 2
EXIT_BROKEN_PIPE = 141
"""What a shell reports for a writer stopped by SIGPIPE (128 + 13), as after ``| head``."""

# Each module has ``register(subparsers)``; its parsers set ``func(args) -> int``.
COMMANDS: dict[str, str] = {
    "show": "canfield.cli.show",
    "moves": "canfield.cli.show",
    "solve": "canfield.cli.solve",
    "survey": "canfield.cli.survey",
    "screenshot": "canfield.cli.screenshot",
    "web": "canfield.cli.web",
}
"""Each command by the module registering it (tests/cli/test_cli_commands.py holds them equal)."""
_COMMAND_MODULES = tuple(dict.fromkeys(COMMANDS.values()))


MAX_LINE = 400
"""Characters of an error line at most; every quoted input is already cut to 60 (``quoted``)."""
_LONG_QUOTE = re.compile("'([^'\n]{" + str(QUOTE_LIMIT + 1) + ",})'")


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one short line, not the whole usage text."""

    def error(self, message: str) -> NoReturn:
        # argparse quotes a bad value whole: cut it as every other error line does
        message = _LONG_QUOTE.sub(lambda found: quoted(found.group(1)), message)
        self.exit(EXIT_USAGE, f"{one_line(f'{self.prog}: error: {message}')}\n")


def one_line(text: str) -> str:
    """``text`` as one line of at most :data:`MAX_LINE` characters.

    A long path is cut in its middle, so the line keeps its start (the command)
    and its end (the reason, e.g. "File name too long").
    """
    line = " ".join(text.split())
    if len(line) <= MAX_LINE:
        return line
    half = (MAX_LINE - 5) // 2
    return f"{line[:half]} ... {line[-half:]}"


class _Version(argparse.Action):
    """``--version``: the version and which search runs (compiled core or pure Python)."""

    def __call__(self, parser: argparse.ArgumentParser, *_args: object, **_kw: object) -> None:
        from canfield import __version__
        from canfield.solver.search import search_engine

        print(f"canfield {__version__}, {search_engine()}")
        parser.exit()


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; with ``command`` (a key of :data:`COMMANDS`) only that command's
    module is imported and registered, which is all its arguments need: ``canfield solve``
    starts without the web server's, the survey's and the descriptions' imports."""
    parser = _Parser(
        prog="canfield",  # also under python -m canfield
        description="Canfield (Demon) solitaire. Without a command, opens the app.",
    )
    parser.add_argument(
        "--version", action=_Version, nargs=0, help="print the version and which search runs"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    names = (COMMANDS[command],) if command in COMMANDS else _COMMAND_MODULES
    for name in names:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    _never_fail_to_print()
    args_list = list(sys.argv[1:] if argv is None else argv)
    # the command's module alone where the command comes first, as it does but after --help
    parser = build_parser(args_list[0] if args_list else None)
    args = parser.parse_args(args_list)
    if args.command is None:
        return _open_app()
    try:
        result: int = args.func(args)
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's exit
    except BrokenPipeError:
        return _reader_gone()
    except CliError as exc:
        print(one_line(f"canfield {args.command}: error: {exc}"), file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:  # a file or network error no command worded itself: still one line
        where = f"{exc.filename}: " if exc.filename else ""
        print(
            one_line(f"canfield {args.command}: error: {where}{exc.strerror or exc}"),
            file=sys.stderr,
        )
        return EXIT_USAGE
    except KeyboardInterrupt:
        print(f"canfield {args.command}: interrupted", file=sys.stderr)
        return 130
    return result


def _reader_gone() -> int:
    """The reader of the output has gone (``| head``): stop quietly, as Unix tools do.

    Standard output is pointed at the null device so that the interpreter's own
    flush at exit does not report the same broken pipe again.
    """
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, sys.stdout.fileno())
    os.close(null)
    return EXIT_BROKEN_PIPE


def _never_fail_to_print() -> None:
    """Text the output's encoding lacks (Hungarian in cp1252, say) is escaped, not fatal.

    On Windows, output redirected to a file uses the ANSI code page; a
    description in Hungarian would otherwise stop with ``UnicodeEncodeError``.
    ``\\u0151`` keeps the information; the user's chosen encoding is kept.
    """
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)  # absent on replaced streams
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def _open_app() -> int:
    try:
        from canfield.gui.app import main as app_main
    except ImportError as exc:
        print(f"canfield: the app cannot start: {exc}", file=sys.stderr)
        return 1
    result: int = app_main([])
    return result

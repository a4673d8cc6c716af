"""``canfield screenshot``: render the app's window for a position to a PNG, offscreen.

The arguments live here; the Qt rendering is :mod:`canfield.gui.screenshot`,
imported only when the command runs, so the command line stays Qt-free.

Used for the README's screenshots and for looking at layouts at any size
without a display: the same window, table and card art the app shows.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any, Final

from canfield.cli.common import CliError, add_position_arguments, game_from_arguments
from canfield.deal import EXAMPLE_CODE, DealCode
from canfield.errors import quoted
from canfield.i18n import LANGUAGES
from canfield.outfile import output_problem
from canfield.variants import variant_named

__all__ = ["register", "run"]


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"size must be WIDTHxHEIGHT, e.g. 1280x800, not {quoted(text)}"
        ) from None
    if not (200 <= width <= 8000 and 200 <= height <= 8000):
        raise argparse.ArgumentTypeError(f"size {quoted(text)} out of range (200-8000 each way)")
    return width, height


def _dpr(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {quoted(text)}") from None
    if not 0.5 <= value <= 4:
        raise argparse.ArgumentTypeError(f"device pixel ratio {quoted(text)} out of range (0.5-4)")
    return value


MAX_FRAMES: Final = 2000
"""More than the whole win cascade (52 cards, one launched every 9 frames, then their fall)."""


def _frames(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {quoted(text)}") from None
    if not 0 <= value <= MAX_FRAMES:
        raise argparse.ArgumentTypeError(f"must be 0 to {MAX_FRAMES}, not {quoted(text)}")
    return value


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "screenshot",
        help="render the app for a position to a PNG (no display needed)",
        description="Render the app's window for a deal (and moves) to a PNG, offscreen. "
        f"Without a code or --deck the example deal {EXAMPLE_CODE} is used.",
    )
    parser.add_argument("out", help="PNG file to write")
    add_position_arguments(parser)
    parser.add_argument("--size", type=_size, default=(1280, 800), help="window size WxH")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="the app's language")
    parser.add_argument("--dpr", type=_dpr, default=1.0, help="device pixel ratio, e.g. 2")
    parser.add_argument("--four-colour", action="store_true", help="four-colour suits")
    parser.add_argument(
        "--frames",
        type=_frames,
        default=110,
        help=f"win cascade frames to show for a won game (0-{MAX_FRAMES})",
    )
    parser.add_argument("--hint", action="store_true", help="press Hint first and show its answer")
    parser.add_argument(
        "--welcome", action="store_true", help="show the first-run screen (How Canfield works)"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.code is None and args.deck is None:
        # the example deal, in the variant and draw mode asked for
        variant = variant_named(args.variant or "canfield")
        example = DealCode.parse(EXAMPLE_CODE)
        args.code = str(DealCode(example.number, args.draw or variant.draw, variant))
        args.draw = args.variant = None
    game = game_from_arguments(args)
    out = Path(args.out)
    if out.suffix.lower() != ".png":
        raise CliError(f"the output must be a .png file, not {quoted(out.name)}")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"cannot make the folder {out.parent}: {exc.strerror or exc}") from None
    problem = output_problem(out, ".png")  # a FIFO there would block the write for ever
    if problem is not None:
        raise CliError(problem)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if args.dpr != 1.0:
        os.environ["QT_SCALE_FACTOR"] = f"{args.dpr:g}"
    from canfield.gui.screenshot import render_window

    try:
        width, height = render_window(
            game,
            out,
            size=args.size,
            lang=args.lang,
            four_colour=args.four_colour,
            frames=args.frames,
            hint=args.hint,
            welcome=args.welcome,
        )
    except OSError as exc:
        raise CliError(str(exc)) from None
    print(f"wrote {out} ({width}x{height} px)")
    return 0

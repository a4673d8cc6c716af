"""The command line registers every command, and a command given first imports only its module."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

from canfield.cli import COMMANDS, build_parser


def _commands(parser: argparse.ArgumentParser) -> list[str]:
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return list(sub.choices)


def test_every_command_is_registered_by_the_module_named_for_it() -> None:
    assert _commands(build_parser()) == list(COMMANDS)
    for command, module in COMMANDS.items():
        alone = _commands(build_parser(command))
        assert command in alone
        assert all(COMMANDS[other] == module for other in alone), (command, alone)


def test_solve_starts_without_the_other_commands_modules() -> None:
    script = (
        "import json, sys\n"
        "from canfield.cli import main\n"
        "code = main(['solve', 'CF1-D3-AAAAACL', '--json'])\n"
        "names = [m for m in sys.modules if m.startswith(('canfield', 'http'))]\n"
        "print(json.dumps([code, names]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    code, modules = json.loads(done.stdout.strip().splitlines()[-1])
    assert code == 0
    assert "canfield.cli.solve" in modules
    for other in ("canfield.cli.web", "canfield.cli.survey", "canfield.cli.show", "http.server"):
        assert other not in modules

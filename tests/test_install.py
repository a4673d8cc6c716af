"""A player's install, done as a player does it: fresh venvs, pip, and the installed commands.

Each test copies the source tree, installs it (or the sdist and wheel ``python -m build``
makes of it) into a new venv with pip (from pip's cache and the registry), and runs what
was installed: ``canfield``, ``python -m canfield``, ``canfield-app`` offscreen. The
Windows and macOS steps of the README (``py -m venv .venv``, ``.venv\\Scripts\\pip install
.``, ``.venv\\Scripts\\canfield-app``) are these same steps in their Linux form. One test
installs with a Python that has no headers (Ubuntu without python3-dev), one installs the
sdist with the compiler disabled (``CC=/bin/false``: Windows without MSVC, a Mac without
Xcode's tools); both must succeed with the pure-Python search and say so once. The
Makefile's plan is read with ``make -n``: ``make run`` installs a player's environment,
``make test`` the extras, ``make dist`` runs ``python -m build``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from canfield.deal import EXAMPLE_CODE
from canfield.solver.search import COMPILED

ROOT = Path(__file__).resolve().parents[1]
PLAYING = {
    # what playing needs (pyproject's dependencies) and what those pull in
    "canfield",
    "pyside6-essentials",
    "shiboken6",
    "platformdirs",
    "babel",
    "rich",
    "markdown-it-py",
    "mdurl",
    "pygments",
    # what every venv has
    "pip",
    "setuptools",
}
NOT_BUILT = "canfield: the compiled search core is not built"
PURE = "pure-Python search (the compiled core was not built at install)"
ABOUT = """
import sys
from PySide6.QtCore import QTimer
from canfield.gui.app import main
from canfield.gui.dialogs.about import AboutDialog

def on_shown(window):
    about = AboutDialog(window)
    print(about.text().replace("\\n", " "), flush=True)
    about.close()
    QTimer.singleShot(0, window.close)

sys.exit(main([], on_shown=on_shown))
"""

pytestmark = pytest.mark.slow


def run(*args: str | Path, env: dict[str, str] | None = None, timeout: float = 600) -> str:
    """Run a command to its end; its stdout and stderr, or a failure that shows them."""
    done = subprocess.run(
        [str(a) for a in args],
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    out = done.stdout + done.stderr
    assert done.returncode == 0, f"{args} exited {done.returncode}:\n{out[-4000:]}"
    return out


def source_copy(tmp: Path) -> Path:
    """The project as a fresh clone has it: no venv, no build output, no compiled core."""
    junk = (".git", ".venv*", "build", "dist", "*.so", "*.egg-info", "__pycache__", ".*_cache")
    copy = tmp / "canfield"
    shutil.copytree(
        ROOT, copy, ignore=shutil.ignore_patterns(*junk, ".hypothesis", "node_modules", "out")
    )
    return copy


def player_env(tmp: Path) -> dict[str, str]:
    """A player's environment: offscreen Qt, a data folder of its own, nothing of this venv's."""
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "CC")}
    env.pop("CANFIELD_PURE_PYTHON", None)
    env.update(QT_QPA_PLATFORM="offscreen", CANFIELD_DATA_DIR=str(tmp / "data"))
    return env


def installed(venv: Path) -> set[str]:
    code = "import importlib.metadata as m; print(*(d.metadata['Name'] for d in m.distributions()))"
    names = run(venv / "bin" / "python", "-c", code).split()
    return {name.lower().replace("_", "-") for name in names}


def says_pure_python_once(pip_output: str) -> None:
    lines = [line for line in pip_output.splitlines() if NOT_BUILT in line]
    assert len(lines) == 1, lines or pip_output[-3000:]


def headerless_python(tmp: Path) -> Path:
    """This Python with its stdlib but without its C headers (Ubuntu without python3-dev)."""
    base = Path(os.path.realpath(getattr(sys, "_base_executable", sys.executable)))
    prefix = tmp / "python"
    (prefix / "bin").mkdir(parents=True)
    python = prefix / "bin" / base.name
    shutil.copy2(base, python)
    (prefix / "lib").symlink_to(Path(sys.base_prefix) / "lib")
    include = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['include'])")
    if not include.strip().startswith(str(prefix)):
        pytest.skip(f"this Python ({base}) keeps its headers outside its prefix: {include}")
    assert not (Path(include.strip()) / "Python.h").exists()
    return python


def test_source_install_without_python_headers_plays(tmp_path: Path) -> None:
    python = headerless_python(tmp_path)
    venv = tmp_path / "venv"
    run(python, "-m", "venv", venv)
    env = player_env(tmp_path)
    pip = run(venv / "bin" / "python", "-m", "pip", "install", "-v", source_copy(tmp_path), env=env)
    says_pure_python_once(pip)
    assert "Python's headers are missing" in pip

    assert installed(venv) <= PLAYING, installed(venv) - PLAYING
    assert not installed(venv) & {"dask", "distributed", "matplotlib", "mypy", "pytest"}
    bin_ = venv / "bin"
    assert run(bin_ / "canfield", "--version", env=env).strip() == f"canfield 0.1.0, {PURE}"
    assert run(bin_ / "python", "-m", "canfield", "--version", env=env).strip().endswith(PURE)
    shown = run(bin_ / "python", "-m", "canfield", "show", EXAMPLE_CODE, env=env)
    assert shown.startswith(EXAMPLE_CODE)
    solved = run(bin_ / "canfield", "solve", EXAMPLE_CODE, "--time-limit", "60", env=env)
    assert "verdict: won" in solved
    about = run(bin_ / "python", "-c", ABOUT, env=env, timeout=120)
    assert f"Search: {PURE}" in about

    # The installed gui script, as the README's `.venv\Scripts\canfield-app`: it opens its
    # window (the data file appears once it is listening), and a second start, by
    # `python -m canfield` alone, finds it.
    app_env = dict(env, CANFIELD_DATA_DIR=str(tmp_path / "app-data"))
    app = subprocess.Popen(
        [bin_ / "canfield-app"],
        env=app_env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while not (tmp_path / "app-data" / "canfield.sqlite3").exists():
            assert app.poll() is None, app.communicate()[1]
            assert time.monotonic() < deadline, "canfield-app opened no data file in 60 s"
            time.sleep(0.2)
        second = run(bin_ / "python", "-m", "canfield", env=app_env, timeout=60)
        assert "already running; brought its window forward" in second
        assert app.poll() is None
    finally:
        app.terminate()
        app.communicate(timeout=30)


def test_sdist_and_wheel_install_and_run(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    env = player_env(tmp_path)
    run(sys.executable, "-m", "build", "--outdir", dist, source_copy(tmp_path), env=env)
    (wheel,) = dist.glob("canfield-*.whl")
    (sdist,) = dist.glob("canfield-*.tar.gz")

    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", venv)
    bin_ = venv / "bin"
    run(bin_ / "python", "-m", "pip", "install", "--quiet", wheel, env=env)
    assert installed(venv) <= PLAYING, installed(venv) - PLAYING
    version = run(bin_ / "canfield", "--version", env=env)
    # The wheel was built here, by the compiler that built this venv's core.
    assert version.strip() == f"canfield 0.1.0, {'compiled search core' if COMPILED else PURE}"
    assert run(bin_ / "canfield", "show", EXAMPLE_CODE, env=env).startswith(EXAMPLE_CODE)
    solved = run(bin_ / "canfield", "solve", EXAMPLE_CODE, "--time-limit", "60", env=env)
    assert "verdict: won" in solved
    png = tmp_path / "table.png"
    run(bin_ / "canfield", "screenshot", png, EXAMPLE_CODE, env=env, timeout=120)
    assert png.read_bytes().startswith(b"\x89PNG\r\n\x1a\n") and png.stat().st_size > 10_000

    # The sdist on a machine without a C compiler.
    run(bin_ / "python", "-m", "pip", "uninstall", "--yes", "canfield", env=env)
    no_cc = dict(env, CC="/bin/false")
    pip = run(bin_ / "python", "-m", "pip", "install", "-v", sdist, env=no_cc)
    says_pure_python_once(pip)
    assert run(bin_ / "canfield", "--version", env=env).strip() == f"canfield 0.1.0, {PURE}"
    solved = run(bin_ / "canfield", "solve", EXAMPLE_CODE, "--time-limit", "60", env=env)
    assert "verdict: won" in solved


def make_plan(target: str, venv: Path) -> list[str]:
    """The commands ``make TARGET`` would run for a fresh clone whose venv is ``venv``."""
    make = shutil.which("make")
    if make is None:
        pytest.skip("make is not installed")
    plan = run(make, "-s", "-n", "-C", ROOT, target, f"VENV={venv}")
    return [line for line in plan.splitlines() if "pip install" in line or " -m build" in line]


def test_make_run_installs_a_players_environment_and_make_test_the_extras(
    tmp_path: Path,
) -> None:
    venv = tmp_path / "fresh"
    run_plan = make_plan("run", venv)
    assert f"{venv}/bin/python -m pip install --quiet -e ." in run_plan
    assert not [line for line in run_plan if "[" in line], run_plan
    assert any("-e '.[test]'" in line for line in make_plan("test", venv))
    assert f"{venv}/bin/python -m build --outdir dist ." in make_plan("dist", venv)

"""Hostile command lines end in one line and exit 2: never a traceback, never a hang (issue 25).

Each fault is made for real: ``/proc/self/mem`` (a regular file that cannot be
read), a symbolic-link loop, a FIFO with no reader, and listening sockets on
127.0.0.1 that refuse, speak plain HTTP, send garbage, announce an exabyte
or say nothing. Commands that could block run as real processes with a
timeout; the fuzz test at the end runs generated argument lists in-process.
"""

from __future__ import annotations

import http.server
import os
import signal
import socket
import socketserver
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from io import StringIO
from pathlib import Path

import psutil
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canfield import Game
from canfield.cli import main
from canfield.solver.survey_dask import CONNECT_TIMEOUT

CODE = "CF1-D3-AAAAACL"
HEAD = "deal,variant,draw,verdict,seconds,nodes\n"
HANG = 60.0
"""Seconds a command may take before the test calls it a hang (every case here ends in a few)."""


def run(args: list[str], timeout: float = HANG) -> subprocess.CompletedProcess[str]:
    """``canfield ARGS`` as a real process; a hang fails the test at ``timeout``."""
    return subprocess.run(
        [sys.executable, "-m", "canfield", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
    )


def one_line_exit_2(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, (done.returncode, done.stderr[-3000:])
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert len(lines[0]) < 400
    return lines[0]


def in_process(args: list[str]) -> tuple[int, str]:
    err = StringIO()
    with redirect_stdout(StringIO()), redirect_stderr(err):
        try:
            code = main(args)
        except SystemExit as exc:  # argparse: usage errors (2), --help (0)
            code = exc.code if isinstance(exc.code, int) else 2
    return code, err.getvalue()


# -- item 3: what used to end in a traceback --------------------------------------------------


def test_a_recycle_count_in_superscript_digits_is_one_line() -> None:
    position = Game.from_code(CODE).state.notation()
    for digits in ("²", "٣", "①"):
        done = run(["moves", "--position", position[: -len("0")] + digits])
        assert "recycles" in one_line_exit_2(done)


@pytest.mark.parametrize(
    "args",
    [
        ["survey", "--report", "/proc/self/mem"],
        ["survey", "--count", "2", "--out", "/proc/self/mem", "--scheduler", "tcp://127.0.0.1:1"],
        ["survey", "--plot", "{tmp}/p.png", "/proc/self/mem"],
        ["survey", "--plot", "/proc/self/mem", "{tmp}/a.csv"],
    ],
)
def test_a_file_that_cannot_be_read_is_one_line(tmp_path: Path, args: list[str]) -> None:
    (tmp_path / "a.csv").write_text(HEAD)
    one_line_exit_2(run([a.format(tmp=tmp_path) for a in args]))
    assert not (tmp_path / "p.png").exists()


@pytest.mark.parametrize(
    "args",
    [
        ["survey", "--plot", "{tmp}/p.png", "{tmp}/L"],
        ["survey", "--plot", "{tmp}/L.png", "{tmp}/a.csv"],
        ["survey", "--report", "{tmp}/L"],
        ["survey", "--count", "2", "--out", "{tmp}/L", "--scheduler", "tcp://127.0.0.1:1"],
        ["screenshot", "{tmp}/L.png"],
    ],
)
def test_a_symlink_loop_is_one_line(tmp_path: Path, args: list[str]) -> None:
    (tmp_path / "a.csv").write_text(HEAD)
    for name in ("L", "L.png"):
        (tmp_path / name).symlink_to(tmp_path / name)
    assert "symbolic links" in one_line_exit_2(run([a.format(tmp=tmp_path) for a in args]))
    assert (tmp_path / "L").is_symlink() and (tmp_path / "L.png").is_symlink()


@pytest.mark.parametrize(
    "address",
    ["tls://127.0.0.1:1", "ucx://127.0.0.1:1", "inproc://x", "127.0.0.1", "tcp://h:99999", "::"],
)
def test_a_scheduler_address_that_is_not_tcp_is_refused_before_anything(
    tmp_path: Path, address: str
) -> None:
    out = tmp_path / "s.csv"
    code, err = in_process(["survey", "--count", "2", "--out", str(out), "--scheduler", address])
    assert code == 2 and len(err.strip().splitlines()) == 1 and "tcp://HOST:PORT" in err
    assert not out.exists()


# -- item 4: what used to hang ------------------------------------------------------------------


@contextmanager
def listening(serve: Callable[[socket.socket], None]) -> Iterator[int]:
    """A real socket on 127.0.0.1 whose every connection ``serve`` answers (in threads)."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    stop = threading.Event()
    conns: list[socket.socket] = []

    def accept() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            conns.append(conn)
            threading.Thread(target=serve, args=(conn,), daemon=True).start()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield server.getsockname()[1]
    finally:
        stop.set()
        thread.join(5)
        server.close()
        for conn in conns:
            conn.close()


def _garbage(conn: socket.socket) -> None:
    try:
        conn.sendall(os.urandom(4096))
        conn.recv(1 << 16)
    except OSError:
        pass


def _exabyte(conn: socket.socket) -> None:
    """Announce a first frame of 2**64-1 bytes, as the garbage that made numpy try 3 EiB."""
    try:
        conn.sendall(b"\xff" * 8 + b"\x01" * 64)
        conn.recv(1 << 16)
    except OSError:
        pass


def _silent(conn: socket.socket) -> None:
    try:
        conn.recv(1 << 16)
        time.sleep(HANG)
    except OSError:
        pass


@contextmanager
def http_server() -> Iterator[int]:
    """A plain HTTP server (the standard library's) on 127.0.0.1."""
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("kind", ["http", "garbage", "exabyte", "silent", "refused"])
def test_a_scheduler_address_that_is_not_dask_fails_in_one_line_within_the_deadline(
    tmp_path: Path, kind: str
) -> None:
    out = tmp_path / "s.csv"
    servers = {"garbage": _garbage, "exabyte": _exabyte, "silent": _silent}

    def survey(port: int) -> subprocess.CompletedProcess[str]:
        return run(
            ["survey", "--count", "2", "--out", str(out), "--scheduler", f"tcp://127.0.0.1:{port}"]
        )

    if kind == "http":
        with http_server() as port:
            done = survey(port)
    elif kind == "refused":
        with socket.create_server(("127.0.0.1", 0)) as taken:
            port = taken.getsockname()[1]
        done = survey(port)
    else:
        with listening(servers[kind]) as port:
            done = survey(port)
    line = one_line_exit_2(done)
    assert f"cannot reach the Dask scheduler at tcp://127.0.0.1:{port}" in line
    if kind in ("http", "silent"):
        assert f"within {CONNECT_TIMEOUT:g} s" in line
    assert not out.exists()  # the file is made only once a scheduler is reached


def test_an_unknown_scheduler_host_is_one_line(tmp_path: Path) -> None:
    out = tmp_path / "s.csv"
    done = run(
        ["survey", "--count", "2", "--out", str(out), "--scheduler", "tcp://no-such.invalid:8786"]
    )
    assert "cannot reach the Dask scheduler" in one_line_exit_2(done)
    assert not out.exists()


@pytest.mark.parametrize("kind", ["fifo", "device", "folder"])
def test_screenshot_onto_a_fifo_a_device_or_a_folder_is_refused_at_once(
    tmp_path: Path, kind: str
) -> None:
    target = tmp_path / "x.png"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "device":
        target.symlink_to("/dev/null")  # a character device under a PNG's name
    else:
        target.mkdir()
    done = run(["screenshot", str(target), CODE])
    assert "is not a regular file" in one_line_exit_2(done)
    if kind == "fifo":
        assert os.path.exists(target) and not target.is_file()  # left as it was


def test_screenshot_replaces_a_link_instead_of_writing_through_it(tmp_path: Path) -> None:
    victim = tmp_path / "victim.png"
    victim.write_bytes(b"keep")
    link = tmp_path / "shot.png"
    link.symlink_to(victim)
    done = run(["screenshot", str(link), CODE, "--size", "400x300"])
    assert done.returncode == 0, done.stderr
    assert victim.read_bytes() == b"keep"
    assert link.is_file() and not link.is_symlink()
    assert link.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


_SURVEY = ("survey", "--first", "88", "--count", "24", "--time-limit", "1", "--jobs", "2")
SIGINT_AS_IN_A_TERMINAL = (
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "os.execv(sys.executable, [sys.executable, '-m', 'canfield', *sys.argv[1:]])"
)


@pytest.mark.slow
def test_a_second_ctrl_c_ends_a_survey_at_once_and_loses_no_row(tmp_path: Path) -> None:
    out = tmp_path / "s.csv"
    survey = subprocess.Popen(
        [sys.executable, "-c", SIGINT_AS_IN_A_TERMINAL, *_SURVEY, "--out", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + HANG
        while not (out.exists() and out.read_text().count("\n") >= 2):
            assert time.monotonic() < deadline, "no first row"
            time.sleep(0.05)
        workers = psutil.Process(survey.pid).children(recursive=True)
        os.killpg(survey.pid, signal.SIGINT)
        time.sleep(0.3)
        os.killpg(survey.pid, signal.SIGINT)
        _, err = survey.communicate(timeout=HANG)
    finally:
        if survey.poll() is None:
            os.killpg(survey.pid, signal.SIGKILL)
            survey.communicate()
    assert survey.returncode == 130
    assert "Traceback" not in err
    assert "stopped at once" in err  # the second Ctrl-C, not the cluster's slow close, ended it
    text = out.read_text()
    assert text.startswith(HEAD) and text.endswith("\n")
    _, alive = psutil.wait_procs(workers, timeout=30)
    assert not alive


# -- fuzz: generated argument lists -----------------------------------------------------------

_OPTIONS = ["--deck", "--draw", "--variant", "--position", "--moves", "--lang", "--json"]
_OPTIONS += ["--time-limit", "--table-limit", "--first", "--count", "--out", "--report"]
_OPTIONS += ["--plot", "--jobs", "--retry-unknown", "--scheduler", "--size", "--dpr", "-h"]
_VALUES = [
    CODE,
    "CF1-RAINBOW-D1-AAAAACL",
    "²",
    "٣",
    "",
    "-",
    "--",
    "1e999",
    "nan",
    "-1",
    "0",
    "3",
    "1" * 5000,
    "9" * 400,
    "x" * 4300,
    "QC>2 s KH>4",
    "s " * 3000,
    "/proc/self/mem",
    "/dev/zero",
    "/dev/null",
    "/",
    "tls://127.0.0.1:1",
    "tcp://127.0.0.1:1",
    "canfield",
    "rainbow",
    "hu",
    "\udcff\udcfe",
    "AS 2S 3S",
    Game.from_code(CODE).deck_string,
    Game.from_code(CODE).state.notation(),
    Game.from_code(CODE).state.notation()[:-1] + "²",
]
_COMMANDS = ["show", "moves", "solve", "survey", "nosuch", "--version", "-h"]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Real paths a machine leaves lying around: a FIFO, a loop, a folder, a survey, junk."""
    where = tmp_path_factory.mktemp("hostile")
    os.mkfifo(where / "fifo.csv")
    (where / "loop.png").symlink_to(where / "loop.png")
    (where / "dir.csv").mkdir()
    (where / "survey.csv").write_text(HEAD + "1,canfield,3,won,0.1,1\n")
    (where / "junk.csv").write_bytes(os.urandom(3000))
    return [str(where / name) for name in ("fifo.csv", "loop.png", "dir.csv", "survey.csv")] + [
        str(where / "junk.csv"),
        str(where / "new.png"),
        str(where / "missing" / "x.csv"),
    ]


@settings(max_examples=150, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_hostile_argument_lists_end_in_one_line(files: list[str], data: st.DataObject) -> None:
    command = data.draw(st.sampled_from(_COMMANDS))
    token = st.one_of(
        st.sampled_from(_OPTIONS),
        st.sampled_from(_VALUES),
        st.sampled_from(files),
        st.text(alphabet=st.characters(blacklist_characters="\x00"), max_size=12),
    )
    args = [command, *data.draw(st.lists(token, max_size=7))]
    if command == "solve":
        args += ["--time-limit", "0.05"]
    if command == "survey" and "--report" not in args and "--plot" not in args:
        args += ["--scheduler", "tcp://127.0.0.1:1"]  # never a local cluster here
    code, err = in_process(args)
    assert code in (0, 2, 141), (args, code, err[-2000:])
    assert "Traceback" not in err
    if code == 2:
        lines = err.strip().splitlines()
        assert len(lines) == 1, (args, err[-2000:])
        assert len(lines[0]) < 1000, (args, lines[0][:300])
    for path in files:
        assert not path.endswith("new.png") or not os.path.exists(path)


@pytest.mark.parametrize(
    "extra",
    [
        ["--size", "1e9x1"],
        ["--size", "²x²"],
        ["--dpr", "nan"],
        ["--frames", "9" * 5000],
        ["--lang", "zz"],
        ["CF1-D3-" + "Q" * 5000],
        ["--deck", "AS " * 3000],
        ["--moves", "QC>9 " * 1000],
    ],
)
def test_hostile_screenshot_arguments_end_in_one_line(tmp_path: Path, extra: list[str]) -> None:
    out = tmp_path / "x.png"
    one_line_exit_2(run(["screenshot", str(out), *extra]))
    assert not out.exists()

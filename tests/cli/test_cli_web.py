"""``canfield web``: bounds and one-line errors, and a server that serves only the site's files."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from canfield.cli import main


def _site(root: Path) -> Path:
    site = root / "site"
    (site / "pyodide").mkdir(parents=True)
    (site / "index.html").write_text("<!doctype html><title>t</title>")
    (site / "pyodide" / "x.wasm").write_bytes(b"\0asm")
    return site


@pytest.mark.parametrize("value", ["-1", "65536", "http", "1e3"])
def test_port_is_bounded(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["web", "--port", value])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--port" in err


def test_a_missing_site_says_to_run_make_web(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["web", "--dir", str(tmp_path / "nowhere")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "make web" in err


def test_a_taken_port_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["web", "--dir", str(_site(tmp_path)), "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"port {port}" in err


def test_an_unknown_host_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["web", "--dir", str(_site(tmp_path)), "--host", "no.such.host.invalid"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def _serve(site: Path, *extra: str) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "canfield", "web", "--port", "0", "--dir", str(site), *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    return process, process.stdout.readline()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    site = _site(tmp_path)
    process, line = _serve(site)
    try:
        assert "only this computer can open it" in line
        yield site, line.split(" at ", 1)[1].split(" ", 1)[0]
    finally:
        process.terminate()
        process.wait(timeout=10)


def _get(url: str) -> tuple[int, str, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.headers["Content-Type"], response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, "", b""


def test_serves_the_site_with_the_types_browsers_need(served: tuple[Path, str]) -> None:
    _, url = served
    assert url.startswith("http://127.0.0.1:")
    status, kind, body = _get(url)
    assert (status, kind) == (200, "text/html; charset=utf-8") and b"<title>t" in body
    assert _get(url + "pyodide/x.wasm")[:2] == (200, "application/wasm")


def test_serves_nothing_outside_the_site(served: tuple[Path, str], tmp_path: Path) -> None:
    site, url = served
    secret = tmp_path / "secret.txt"
    secret.write_text("private")
    (site / "planted").symlink_to(secret)
    os.mkfifo(site / "fifo")
    assert _get(url + "planted")[0] == 404  # a link planted to lead outside is not followed
    assert _get(url + "fifo")[0] == 404  # reading a FIFO would hang the server
    assert _get(url + "pyodide/")[0] == 404  # no folder listings
    assert _get(url + "..%2fsecret.txt")[0] == 404
    assert _get(url)[0] == 200  # and it still answers


def test_another_address_says_who_can_reach_it(tmp_path: Path) -> None:
    process, line = _serve(_site(tmp_path), "--host", "0.0.0.0")
    try:
        assert "anyone whose device can reach this computer" in line
    finally:
        process.terminate()
        process.wait(timeout=10)

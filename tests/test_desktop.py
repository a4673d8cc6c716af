"""Desktop integration files: valid for the freedesktop tools, and installed where XDG looks."""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
APP_ID = "io.github.canfield.Canfield"
DATA = ROOT / "data"


def test_desktop_entry_passes_desktop_file_validate() -> None:
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        pytest.skip("desktop-file-validate (Debian: desktop-file-utils) is not installed")
    result = subprocess.run(
        [tool, str(DATA / f"{APP_ID}.desktop")], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == ""  # no warnings either


def test_metainfo_passes_appstreamcli() -> None:
    tool = shutil.which("appstreamcli")
    if tool is None:
        pytest.skip("appstreamcli (Debian: appstream) is not installed")
    result = subprocess.run(
        [tool, "validate", "--no-net", str(DATA / f"{APP_ID}.metainfo.xml")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_entry_metainfo_and_icon_agree() -> None:
    entry = (DATA / f"{APP_ID}.desktop").read_text(encoding="utf-8").splitlines()
    assert f"Icon={APP_ID}" in entry
    assert "Exec=canfield-app" in entry
    meta = ET.parse(DATA / f"{APP_ID}.metainfo.xml").getroot()
    assert meta.findtext("id") == APP_ID
    assert meta.findtext("launchable") == f"{APP_ID}.desktop"
    svg = ET.parse(DATA / f"{APP_ID}.svg").getroot()
    assert svg.tag == "{http://www.w3.org/2000/svg}svg" and svg.get("viewBox") == "0 0 128 128"


def test_make_install_desktop_puts_the_files_where_xdg_looks(tmp_path: Path) -> None:
    make = shutil.which("make")
    if make is None:
        pytest.skip("make is not installed")
    subprocess.run(
        [make, "-s", "-C", str(ROOT), "install-desktop", f"PREFIX={tmp_path}"],
        check=True,
        capture_output=True,
    )
    share = tmp_path / "share"
    entry = share / "applications" / f"{APP_ID}.desktop"
    icon = share / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    meta = share / "metainfo" / f"{APP_ID}.metainfo.xml"
    assert icon.read_bytes() == (DATA / f"{APP_ID}.svg").read_bytes()
    assert meta.read_bytes() == (DATA / f"{APP_ID}.metainfo.xml").read_bytes()
    lines = entry.read_text(encoding="utf-8").splitlines()
    execs = [line for line in lines if line.startswith("Exec=")]
    assert execs == [f'Exec="{ROOT / ".venv" / "bin" / "canfield-app"}"']
    tool = shutil.which("desktop-file-validate")
    if tool is not None:
        subprocess.run([tool, str(entry)], check=True)
    subprocess.run(
        [make, "-s", "-C", str(ROOT), "uninstall-desktop", f"PREFIX={tmp_path}"], check=True
    )
    assert not entry.exists() and not icon.exists() and not meta.exists()

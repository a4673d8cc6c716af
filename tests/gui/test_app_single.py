"""One app per data folder, and what the player is told about their saved data."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_helpers import make_window
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from canfield import Game
from canfield.deal import EXAMPLE_CODE
from canfield.gui.single_instance import SingleInstance
from canfield.i18n import _
from canfield.storage import Store
from faults import fill, mounted_tmpfs

CODE = EXAMPLE_CODE
SCRIPT = "QC>2 s KH>4 s s 8H>f s s s s s s s 5D>1 s s s s"
APP = "from canfield.gui.app import main; raise SystemExit(main([]))"
DRIVER = str(Path(__file__).with_name("app_driver.py"))


def _env(data: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(QT_QPA_PLATFORM="offscreen", CANFIELD_DATA_DIR=str(data), **extra)
    return env


def test_a_second_start_brings_the_running_one_forward(tmp_path: Path, qtbot: QtBot) -> None:
    running = SingleInstance(tmp_path)
    assert running.listen()
    with qtbot.waitSignal(running.activated, timeout=30000):
        second = subprocess.Popen(
            [sys.executable, "-c", APP],
            env=_env(tmp_path),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
    _, err = second.communicate(timeout=30)
    assert second.returncode == 0
    assert "already running" in err
    assert not (tmp_path / "canfield.sqlite3").exists()  # it never touched the data


def test_another_data_folder_is_another_app(tmp_path: Path) -> None:
    first, other = SingleInstance(tmp_path / "a"), SingleInstance(tmp_path / "b")
    assert first.listen()
    assert not other.bring_forward()
    assert first.name != other.name


@pytest.fixture
def first_app(tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    with Store(tmp_path / "canfield.sqlite3") as store:
        store.save_game(Game.from_code(CODE))
    proc = subprocess.Popen(
        [sys.executable, DRIVER, *SCRIPT.split()],
        env=_env(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        yield proc
    finally:
        proc.kill()
        proc.communicate(timeout=30)


def test_two_apps_on_one_folder_lose_nothing(
    tmp_path: Path, first_app: subprocess.Popen[str]
) -> None:
    assert first_app.stdout is not None
    for line in first_app.stdout:
        if line.startswith("played 3"):
            break
    second = subprocess.run(
        [sys.executable, "-c", APP],
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert second.returncode == 0 and "already running" in second.stderr
    for line in first_app.stdout:
        if line.startswith("script done"):
            break
    first_app.send_signal(signal.SIGKILL)
    first_app.wait(30)
    with Store(tmp_path / "canfield.sqlite3") as store:
        game = store.load_game()
        assert game is not None
        expected = Game.from_code(CODE)
        for move in SCRIPT.split():  # the app refuses a move that is not legal, as here
            if expected.is_legal(move):
                expected.play(move)
        assert game.history == expected.history and len(game.history) > 10
        assert store.statistics(3).played == 0  # nobody recorded a loss for it


def test_full_disk_is_told_once_and_play_goes_on(tmp_path: Path, qtbot: QtBot) -> None:
    with mounted_tmpfs(tmp_path / "mnt") as data:
        with Store(data / "canfield.sqlite3") as store:
            store.save_game(Game.from_code(CODE))
        filler = fill(data)
        with pytest.warns(Warning):
            win = make_window(data)
        qtbot.addWidget(win)
        win.store.retry_interval = 0.0
        box = win.notify_storage()
        assert box is not None and box.isVisible()
        assert box.text() == _(
            "Your progress cannot be saved right now: the disk is full or failing."
        )
        box.close()
        win.model.play("QC>2")
        assert win.notify_storage() is None  # told once
        filler.unlink()
        win.model.play("s")
        QApplication.processEvents()
        assert win.store.saving
        assert win.statusBar().currentMessage() == _("Saving works again: your progress is saved.")
        win.close()
        win.store.close()
        with Store(data / "canfield.sqlite3") as store:
            loaded = store.load_game()
            assert loaded is not None and [m.notation() for m in loaded.history] == ["QC>2", "s"]

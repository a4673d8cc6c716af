"""``canfield screenshot`` writes a PNG of the app for a position, and refuses bad input."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QImage

from canfield.cli import main


def test_screenshot_writes_the_table(tmp_path: Path, qapp: object) -> None:
    out = tmp_path / "shot.png"
    assert main(["screenshot", str(out), "--size", "400x700", "--moves", "s QC>2"]) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (400, 700)
    middle = image.pixelColor(8, 560)
    assert middle.green() > middle.blue(), "the felt fills the table"


def test_screenshot_refuses_an_illegal_move(tmp_path: Path, capsys: object) -> None:
    assert main(["screenshot", str(tmp_path / "x.png"), "--moves", "KH>1"]) == 2
    assert not (tmp_path / "x.png").exists()


def test_screenshot_with_hint_shows_the_answer(tmp_path: Path, qapp: object) -> None:
    """On a deal lost from its start, --hint shows the verdict's note over the felt."""
    args = ["CF1-D3-AAAAAAU", "--size", "360x640", "--moves", "s s"]
    plain, hinted = tmp_path / "plain.png", tmp_path / "hinted.png"
    assert main(["screenshot", str(plain), *args]) == 0
    assert main(["screenshot", str(hinted), *args, "--hint"]) == 0
    at = (16, 548)  # the note's left margin (it spans the width): felt, unless it is there
    felt = QImage(str(plain)).pixelColor(*at)
    note = QImage(str(hinted)).pixelColor(*at)
    assert felt.green() > felt.red() + 30, "green felt"
    assert note.green() < felt.green() - 30 and note.green() < note.red() + 20, "the dark note"


def test_screenshot_with_welcome_shows_the_first_run_screen(tmp_path: Path, qapp: object) -> None:
    """--welcome draws the first-run panel (dark, with its gold border) over the table."""
    args = ["--size", "360x640"]
    plain, welcome = tmp_path / "plain.png", tmp_path / "welcome.png"
    assert main(["screenshot", str(plain), *args]) == 0
    assert main(["screenshot", str(welcome), *args, "--welcome"]) == 0
    at = (180, 420)  # the felt below the columns' first cards, unless the panel is there
    felt = QImage(str(plain)).pixelColor(*at)
    panel = QImage(str(welcome)).pixelColor(*at)
    assert felt.green() > felt.red() + 30, "green felt"
    assert panel.green() < felt.green() - 30, "the dark panel"

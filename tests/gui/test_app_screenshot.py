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

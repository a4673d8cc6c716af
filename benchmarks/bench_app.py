"""The app's responsiveness: start to first frame, tap to updated table, peak memory.

Runs offscreen. Start-up is measured on a real process (``python -m``-style
launch, fresh data folder) from just before it is spawned to the first frame
painted on the table. Tap latency is measured in-process with animations
off: a mouse press and release on a card (or the stock) as QTest sends them,
through the engine and the scene update, to a finished repaint of the view.

Prints figures; asserts nothing. Aims: start < 1.5 s, tap p99 < 16 ms.
"""

from __future__ import annotations

import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

STARTS = 5
TAPS = 400


def bench_start() -> tuple[list[float], float]:
    """Seconds from spawning the app to its first painted frame; child peak RSS in MiB."""
    times = []
    for _ in range(STARTS):
        with tempfile.TemporaryDirectory() as data:
            env = dict(os.environ, CANFIELD_DATA_DIR=data)
            began = time.time()
            out = subprocess.run(
                [sys.executable, str(Path(__file__).with_name("app_first_frame.py"))],
                env=env,
                capture_output=True,
                text=True,
                timeout=60,
                check=True,
            )
            line = next(s for s in out.stdout.splitlines() if s.startswith("first-frame "))
            times.append(float(line.split()[1]) - began)
    child_peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return times, child_peak


def bench_taps() -> list[float]:
    """Milliseconds per tap, press to repainted table, over a long random game."""
    from PySide6.QtCore import QPointF, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from canfield import Game
    from canfield.gui.app import create_application
    from canfield.gui.qtgeom import qpoint
    from canfield.gui.window import MainWindow
    from canfield.storage import Store

    app = create_application()
    rng = random.Random(3)
    latencies: list[float] = []
    with tempfile.TemporaryDirectory() as data:
        store = Store(Path(data) / "bench.sqlite3")
        window = MainWindow(store, Game.from_code("CF1-D3-AAAAACL"), background_solver=False)
        window.apply_settings(store.settings.replace(animations=False), save=False)
        window.resize(1280, 800)
        window.show()
        app.processEvents()
        view, scene = window.view, window.scene
        viewport = view.viewport()
        for _ in range(TAPS):
            state = window.model.state
            candidates = [c for c in (state.reserve[-1:] + state.waste[-1:]) if c is not None]
            for column in state.columns:
                candidates.extend(column[-2:])
            tappable = [c for c in candidates if window.model.game.tap_move(c) is not None]
            if tappable and rng.random() < 0.7:
                rect = scene.card_item(rng.choice(tappable)).sceneBoundingRect()
                point = QPointF(rect.center().x(), rect.top() + 8)
            elif state.stock or state.waste:
                point = qpoint(scene.table_layout.stock.center)
            else:
                window.model.set_game(Game.new(3))
                continue
            at = view.mapFromScene(point)
            began = time.perf_counter()
            QTest.mousePress(
                viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at
            )
            QTest.mouseRelease(
                viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at
            )
            viewport.repaint()
            latencies.append((time.perf_counter() - began) * 1000)
            if window.model.game.is_won:
                window.model.set_game(Game.new(3))
        window.close()
        store.close()
    QApplication.processEvents()
    return latencies


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> None:
    starts, child_peak = bench_start()
    print(
        f"start to first frame: median {statistics.median(starts):.3f} s, "
        f"worst {max(starts):.3f} s over {len(starts)} launches (aim < 1.5 s)"
    )
    print(f"peak memory of the app at start: {child_peak:.0f} MiB")
    taps = bench_taps()
    print(
        f"tap to repainted table (animations off): p50 {percentile(taps, 50):.2f} ms, "
        f"p99 {percentile(taps, 99):.2f} ms, max {max(taps):.2f} ms over {len(taps)} taps "
        "(aim p99 < 16 ms)"
    )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory after {len(taps)} taps: {peak:.0f} MiB")


if __name__ == "__main__":
    main()

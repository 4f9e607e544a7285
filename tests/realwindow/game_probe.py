"""Runs ``salient play FILE`` as a person starts it, and reports what its windows show.

Started by ``tests/realwindow/test_game_window.py`` in a process of its own on an X server
of a chosen size (the test's own Xvfb). It runs the real command (``editor.cli.main``: the
start dialog, then the game window) and only watches: when the start dialog shows, it writes
where its Start button is (``dialog.json``; the test clicks it with real input); once the
game window is on screen and settled, it writes the screen's area and the screen rectangles
of every control a person needs (``report.json``), saves the screen as ``screen.png``, and
closes the window, which ends the command.

    python -m tests.realwindow.game_probe FILE OUT_DIR
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRect, QTimer
from PySide6.QtWidgets import QApplication, QDockWidget, QTabBar, QWidget

SETTLE_S = 1.5
"""How long the window is left to settle (its placement is corrected after the first show)."""


def _rect(widget: QWidget) -> list[int]:
    top_left = widget.mapToGlobal(widget.rect().topLeft())
    return [top_left.x(), top_left.y(), widget.width(), widget.height()]


def _controls(window: Any) -> dict[str, list[int]]:
    """Every control a person needs to reach, by name, as screen rectangles."""
    found: dict[str, list[int]] = {
        "next-phase": _rect(window.top_bar.next_button),
        "top-bar": _rect(window.top_bar),
        "map": _rect(window.map_view),
        "menu-bar": _rect(window.menuBar()),
        "status-bar": _rect(window.statusBar()),
        "ai-speed": _rect(window.speed_box),
    }
    for chip_side, chip in window.top_bar.chips.items():
        found[f"side-{chip_side}"] = _rect(chip)
    for dock in window.findChildren(QDockWidget):
        if dock.isVisible() and not dock.visibleRegion().isEmpty():
            found[dock.objectName()] = _rect(dock)
    for index, bar in enumerate(window.findChildren(QTabBar)):
        if bar.isVisible():
            found[f"tabs-{index}"] = _rect(bar)
            for tab in range(bar.count()):
                # Tabs scrolled out of a narrow bar are reached with its arrows: only the
                # part of a tab the bar shows is on screen.
                box = bar.tabRect(tab).intersected(bar.rect())
                if box.isEmpty():
                    continue
                corner = bar.mapToGlobal(box.topLeft())
                found[f"tab-{bar.tabText(tab)}"] = [
                    corner.x(),
                    corner.y(),
                    box.width(),
                    box.height(),
                ]
    return found


def _report(window: Any, out: Path) -> None:
    screen = window.screen()
    area: QRect = screen.availableGeometry()
    frame = window.frameGeometry()
    scene = window.map_view.map_scene
    chips = {
        side: {
            "text": chip.name.text(),
            "fits": chip.name.fontMetrics().horizontalAdvance(chip.name.text())
            <= chip.name.contentsRect().width(),
        }
        for side, chip in window.top_bar.chips.items()
    }
    report = {
        "screen": [area.x(), area.y(), area.width(), area.height()],
        "frame": [frame.x(), frame.y(), frame.width(), frame.height()],
        "controls": _controls(window),
        "names_shown": scene.labels_shown,
        "names_visible": sum(1 for label in scene.labels.values() if label.isVisible()),
        "sides": chips,
        "next_phase_text": window.top_bar.next_button.text(),
    }
    screen.grabWindow(0).save(str(out / "screen.png"))
    (out / "report.json").write_text(json.dumps(report, indent=1), "utf-8")


def main(file: str, out_dir: str) -> int:
    from editor.cli import main as salient
    from editor.game.start_dialog import StartDialog
    from editor.game.window import GameWindow
    from editor.shared.app import application

    out = Path(out_dir)
    application()
    seen: dict[str, float] = {}

    def watch() -> None:
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, StartDialog) and widget.isVisible() and "dialog" not in seen:
                seen["dialog"] = time.monotonic()
                button = widget.start_button
                (out / "dialog.json").write_text(json.dumps({"start": _rect(button)}), "utf-8")
            if isinstance(widget, GameWindow) and widget.isVisible():
                first = seen.setdefault("window", time.monotonic())
                if time.monotonic() - first >= SETTLE_S and "reported" not in seen:
                    seen["reported"] = time.monotonic()
                    _report(widget, out)
                    widget.close()

    timer = QTimer()
    timer.timeout.connect(watch)
    timer.start(100)
    return salient(["play", file])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))

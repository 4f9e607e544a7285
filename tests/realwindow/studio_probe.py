"""A studio launched in a process of its own, the way a person's launch starts it, that reports
what it shows: run with ``python -c "from tests.realwindow.studio_probe import main; main()"``
on a display of the test's choosing (its own Xvfb at a given screen size).

The window is started through :func:`editor.studio.app.launch_studio`, exactly as ``salient``
starts it, so the picture and the numbers come from the start-up path people get. Steps given
on the command line act on it as a person would (with real input through the X server) before
the report; the report is one line, ``PROBE {json}``, on standard output.

Steps:
- ``rearrange``: drag the splitter between the map and the right column 120 pixels to the
  left, close the Layers panel with its close button, open the Unit types editor.
- ``reset``: View > Reset layout, chosen with the mouse, then a click on the Map tab.
- ``close``: close the window (as its close button does), which remembers the layout.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any


def _pump(seconds: float) -> None:
    from PySide6.QtWidgets import QApplication

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        QApplication.processEvents()
        time.sleep(0.01)


def _wait(condition: Any, what: str, timeout: float = 10.0) -> None:
    from PySide6.QtWidgets import QApplication

    end = time.monotonic() + timeout
    while not condition():
        QApplication.processEvents()
        if time.monotonic() > end:
            raise SystemExit(f"probe: timed out waiting for {what}")
        time.sleep(0.01)


def _global(widget: Any, x: float, y: float) -> tuple[int, int]:
    from PySide6.QtCore import QPoint

    point = widget.mapToGlobal(QPoint(round(x), round(y)))
    return point.x(), point.y()


def _rect(widget: Any) -> list[int]:
    """A widget's place on the screen: x, y, width, height."""
    x, y = _global(widget, 0, 0)
    return [x, y, widget.width(), widget.height()]


def report(window: Any) -> dict[str, Any]:
    from PySide6.QtWidgets import QTabBar

    from editor.shared.window_state import available_area

    port = window.view.viewport() if window.view is not None else None
    frame = window.frameGeometry()
    bar = window.tabs.tabBar()
    return {
        "screen": list(available_area(window).getRect()),
        "frame": [frame.x(), frame.y(), frame.width(), frame.height()],
        "window": _rect(window),
        "viewport": _rect(port) if port is not None and port.isVisible() else None,
        "docks": {
            name: {"visible": dock.isVisible(), "rect": _rect(dock)}
            for name, dock in window.docks.items()
        },
        "tabs": [window.tabs.tabText(i) for i in range(window.tabs.count())],
        "current_tab": window.tabs.tabText(window.tabs.currentIndex()),
        "tab_bar_shown": isinstance(bar, QTabBar) and bar.isVisible(),
    }


def _rearrange(window: Any, x: Any) -> None:
    from PySide6.QtWidgets import QAbstractButton

    inspector = window.docks["inspector"]
    left, top, _w, height = _rect(inspector)
    centre = window.centralWidget()
    centre_right = _rect(centre)[0] + centre.width()
    # The splitter lies between the middle of the window and the inspector's left edge.
    handle = ((centre_right + left) // 2, top + height // 3)
    # As a hand does it: onto the splitter (the cursor changes), press, move, let go.
    x.move(*handle)
    _pump(0.2)
    x.press(*handle)
    _pump(0.1)
    for step in range(10, 130, 10):
        x.move(handle[0] - step, handle[1])
        _pump(0.03)
    x.release(handle[0] - 120, handle[1])
    _pump(0.3)
    layers = window.docks["layers"]
    close = next(
        b
        for b in layers.findChildren(QAbstractButton)
        if b.objectName() == "qt_dockwidget_closebutton"
    )
    x.click(*_global(close, close.width() / 2, close.height() / 2))
    _wait(lambda: not layers.isVisible(), "the Layers panel to close")
    window.open_section("unit_types")
    _pump(0.3)


def _reset(window: Any, x: Any) -> None:
    bar = window.menuBar()
    view = next(a for a in bar.actions() if a.text().replace("&", "") == "View")
    rect = bar.actionGeometry(view)
    x.click(*_global(bar, rect.center().x(), rect.center().y()))
    menu = view.menu()
    _wait(menu.isVisible, "the View menu")
    reset = next(a for a in menu.actions() if a.text().replace("&", "") == "Reset layout")
    rect = menu.actionGeometry(reset)
    x.click(*_global(menu, rect.center().x(), rect.center().y()))
    _wait(lambda: not menu.isVisible(), "the View menu to close")
    _pump(0.5)
    bar = window.tabs.tabBar()
    if bar.isVisible():  # back to the map, with the tab a person would click
        rect = bar.tabRect(0)
        x.click(*_global(bar, rect.center().x(), rect.center().y()))
        _wait(lambda: window.tabs.currentIndex() == 0, "the map tab")
        _pump(0.3)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--file", type=Path, required=True)
    parser.add_argument("--shot", type=Path)
    parser.add_argument("steps", nargs="*", help="rearrange, reset, close")
    args = parser.parse_args(argv if argv is not None else sys.argv[1:])
    unknown = set(args.steps) - {"rearrange", "reset", "close"}
    if unknown:
        parser.error(f"unknown steps: {', '.join(sorted(unknown))}")

    from editor.shared.app import application, settle
    from editor.studio.app import launch_studio
    from tests.realwindow.x11 import XInput

    application()
    window = launch_studio(args.file, recover=False)
    _wait(
        lambda: window.windowHandle() is not None and window.windowHandle().isExposed(), "exposure"
    )
    settle(window)
    _pump(0.5)
    window.activateWindow()
    x = XInput()
    before = report(window)
    for step in args.steps:
        if step == "rearrange":
            _rearrange(window, x)
        elif step == "reset":
            _reset(window, x)
        elif step == "close":
            window.files.discard_session()
            window.close()
            _pump(0.3)
    if args.shot is not None and window.isVisible():
        picture = window.screen().grabWindow(window.winId())
        picture.save(str(args.shot))
    after = report(window) if window.isVisible() else None
    print("PROBE " + json.dumps({"start": before, "end": after}), flush=True)
    if window.isVisible():
        window.files.discard_session()
        window.close()


def run(display: str, state: Path, file: Path, *steps: str, shot: Path | None = None) -> dict:
    """Run the probe on ``display`` with its own state folder; its report."""
    import subprocess

    from tests.realwindow.x11 import environment

    root = Path(__file__).resolve().parents[2]
    command = [
        sys.executable,
        "-c",
        "from tests.realwindow.studio_probe import main; main()",
        "--file",
        str(file),
        *(["--shot", str(shot)] if shot is not None else []),
        *steps,
    ]
    done = subprocess.run(
        command,
        cwd=root,
        env=environment(display, [("SALIENT_STATE_DIR", str(state))]),
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("PROBE ")]
    assert done.returncode == 0 and lines, (done.stdout + done.stderr)[-3000:]
    return json.loads(lines[-1][len("PROBE ") :])

"""A second studio, in a process of its own, that pastes what another studio copied: run with
``python -c "from tests.realwindow.clipboard_probe import main; main()" --file F``.

It opens ``F`` the way ``salient F`` does, clicks the middle of its map and presses Ctrl+V
through the X server (so the paste goes through the system clipboard, owned by the other
process), waits for the regions to arrive, takes a picture, and reports one line,
``PROBE {json}``: the regions it holds, the status bar's message and the undo steps taken.
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


def _wait(condition: Any, timeout: float = 20.0) -> bool:
    from PySide6.QtWidgets import QApplication

    end = time.monotonic() + timeout
    while not condition():
        QApplication.processEvents()
        if time.monotonic() > end:
            return False
        time.sleep(0.01)
    return True


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--file", type=Path, required=True)
    parser.add_argument("--shot", type=Path)
    args = parser.parse_args(argv if argv is not None else sys.argv[1:])

    from PySide6.QtCore import QPoint

    from editor.shared.app import application, settle
    from editor.studio.app import launch_studio
    from tests.realwindow.x11 import XInput

    application()
    window = launch_studio(args.file, recover=False)
    _wait(lambda: window.windowHandle() is not None and window.windowHandle().isExposed())
    settle(window)
    window.activateWindow()
    _pump(0.5)
    x = XInput()
    port = window.view.viewport()
    middle = port.mapToGlobal(QPoint(port.width() // 2, port.height() // 2))
    x.click(middle.x(), middle.y())
    _pump(0.3)
    before = len(window.document.scenario.regions)
    steps = window.document.undo_stack.count()
    x.key("ctrl+v")
    arrived = _wait(lambda: len(window.document.scenario.regions) > before)
    _pump(0.5)
    if args.shot is not None:
        window.screen().grabWindow(window.winId()).save(str(args.shot))
    document = window.document
    report = {
        "arrived": arrived,
        "regions": [r.id for r in document.scenario.regions],
        "outlines": {r.id: r.polygon.model_dump(mode="json") for r in document.scenario.regions},
        "selection": list(document.selection.ids),
        "message": window.statusBar().currentMessage(),
        "undo_steps": document.undo_stack.count() - steps,
    }
    print("PROBE " + json.dumps(report), flush=True)
    window.files.discard_session()
    window.close()


def start(display: str, state: Path, file: Path, shot: Path | None = None) -> Any:
    """Start the probe on ``display`` with its own state folder (a ``Popen``)."""
    import subprocess

    from tests.realwindow.x11 import environment

    root = Path(__file__).resolve().parents[2]
    command = [
        sys.executable,
        "-c",
        "from tests.realwindow.clipboard_probe import main; main()",
        "--file",
        str(file),
        *(["--shot", str(shot)] if shot is not None else []),
    ]
    return subprocess.Popen(
        command,
        cwd=root,
        env=environment(display, [("SALIENT_STATE_DIR", str(state))]),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def report_of(output: str) -> dict[str, Any]:
    line = next((line for line in output.splitlines() if line.startswith("PROBE ")), None)
    assert line is not None, output[-3000:]
    return json.loads(line[len("PROBE ") :])

"""The studio in a real window with work it cannot save and files that try to hang or flood
it (issue 16): what a person sees."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from editor.studio.files import recoveries
from tests.realwindow.conftest import settle_input, wait_until

REAL_CRITICAL = QMessageBox.critical
"""Qt's own dialog, taken before the tests' guard replaces it with a failure."""

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "data" / "hostile"


class DialogCloser:
    """Answers the next modal dialog with a real key press once it is on screen, after a
    picture of it; a dialog that does not close on the key is rejected so nothing waits."""

    def __init__(self, x, shots, name: str) -> None:
        self.x, self.shots, self.name = x, shots, name
        self.seen: list[tuple[str, str]] = []
        self.timer = QTimer()
        self.timer.setInterval(100)
        self.timer.timeout.connect(self._look)
        self.timer.start()
        self._pressed = 0

    def _look(self) -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QMessageBox) or not dialog.isVisible():
            return
        if self._pressed == 0:
            self.seen.append((dialog.windowTitle(), dialog.text()))
            self.shots(dialog, self.name)
            self.x.key("Return")
        elif self._pressed > 20:
            dialog.reject()
        self._pressed += 1

    def stop(self) -> None:
        self.timer.stop()


@pytest.fixture
def closer(x, shots, monkeypatch) -> Iterator[DialogCloser]:
    monkeypatch.setattr(QMessageBox, "critical", REAL_CRITICAL)
    found = DialogCloser(x, shots, "studio-not-saved")
    yield found
    found.stop()


def test_ctrl_s_on_work_no_file_can_hold_says_not_saved_and_keeps_it(studio, x, closer):
    """Half of a character in the title: Ctrl+S showed nothing and lost the recovery copy.
    Now a dialog says "Not saved", names the field, and the work and its copy stay."""
    document = studio.document
    path = document.path
    before = path.read_bytes()
    info = document.scenario.info.model_copy(update={"title": "Crossing \ud800"})
    document.set_section("info", info)
    studio.view.setFocus()
    settle_input()
    x.key("ctrl+s")
    wait_until(lambda: closer.seen and QApplication.activeModalWidget() is None, 10, "the dialog")
    ((title, text),) = closer.seen
    assert title == "Not saved"
    assert "/info/title" in text and "recovery copy" in text
    assert studio.windowTitle().startswith(f"{path.name}*")
    assert "Not saved" in studio.statusBar().currentMessage()
    assert path.read_bytes() == before
    assert [r.original for r in recoveries()] == [path.resolve()]


def test_a_pipe_named_as_the_tracing_image_does_not_hang_the_window(
    qtbot, state_dir, tmp_path, shots
):
    """Opening a scenario whose tracing image is a named pipe hung the studio before its
    window drew. The watchdog only unblocks a reader that should not exist."""
    from editor.studio.app import launch_studio

    fifo = tmp_path / "map.png"
    os.mkfifo(fifo)
    raw = json.loads((CORPUS / "background-missing.json").read_text())
    raw["map"]["background"]["path"] = "map.png"
    path = tmp_path / "pipe.json"
    path.write_text(json.dumps(raw))
    done = threading.Event()
    rescued: list[bool] = []

    def watchdog() -> None:
        if not done.wait(120):
            rescued.append(True)
            os.close(os.open(fifo, os.O_WRONLY))

    threading.Thread(target=watchdog, daemon=True).start()
    window = launch_studio(path, recover=False)
    try:
        qtbot.waitExposed(window)
        window.validation.wait()
        settle_input(0.3)
        done.set()
        assert not rescued
        assert window.document is not None and window.scene.background is None
        listed = window.issues.issues
        assert [i.path for i in listed if i.code == "image-not-a-file"] == ["/map/background/path"]
        window.docks["issues"].show()
        settle_input()
        shots(window, "studio-pipe-background")
    finally:
        done.set()
        window.files.discard_session()
        window.close()
        window.deleteLater()


def test_a_file_with_hundreds_of_the_same_mistake_lists_a_few_and_counts_the_rest(
    qtbot, state_dir, tmp_path, shots
):
    from editor.studio.app import launch_studio
    from editor.studio.panels.issues import ROWS_PER_CODE
    from tests.test_hostile_files import MAKE

    path = MAKE.write_large(tmp_path, regions=300)["same-region-id-everywhere.json"]
    window = launch_studio(path, recover=False)
    try:
        qtbot.waitExposed(window)
        window.validation.wait()
        window.docks["issues"].show()
        window.docks["issues"].raise_()
        settle_input(0.3)
        panel = window.issues
        wait_until(lambda: panel.more.isVisible(), what="the count of issues not listed")
        assert panel.model.rowCount() <= ROWS_PER_CODE * len(panel.model.issues)
        assert "more not listed" in panel.more.text()
        shots(window, "studio-issues-capped")
        assert panel.more.visibleRegion().boundingRect().height() > 0
    finally:
        window.files.discard_session()
        window.close()
        window.deleteLater()

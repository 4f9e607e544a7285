"""Fixtures for studio tests: a copy of the sample scenario and a studio window on it."""

from __future__ import annotations

import gc
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

SAMPLE = Path(__file__).resolve().parents[2] / "sample_scenarios" / "vessa-crossing.json"


@pytest.fixture(autouse=True)
def collect_widgets() -> Iterator[None]:
    """Free each test's widgets before the next test starts.

    Left to the interpreter's exit, Python frees the wrappers of Qt objects in whatever order
    it likes, and a child freed after its parent crashes the process once the tests passed.
    """
    yield
    gc.collect()


@pytest.fixture(autouse=True)
def no_modal_dialogs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A modal dialog nobody answers would hang the suite: fail instead, naming it.

    Tests that expect a dialog patch the same function with the answer they want.
    """
    from PySide6.QtWidgets import QColorDialog, QFileDialog, QInputDialog, QMessageBox

    def refuse(name: str):
        def dialog(*args: object, **kwargs: object) -> None:
            raise AssertionError(f"unexpected modal dialog {name}: {args[1:3]}")

        return dialog

    for owner, names in (
        (QMessageBox, ("question", "warning", "critical", "information")),
        (QFileDialog, ("getOpenFileName", "getSaveFileName", "getExistingDirectory")),
        (QInputDialog, ("getText", "getInt", "getDouble", "getItem")),
        (QColorDialog, ("getColor",)),
    ):
        for name in names:
            monkeypatch.setattr(owner, name, refuse(f"{owner.__name__}.{name}"))


@pytest.fixture
def state_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh folder for the studio's settings and recovery copies."""
    folder = tmp_path / "state"
    monkeypatch.setenv("SALIENT_STATE_DIR", str(folder))
    return folder


@pytest.fixture
def sample_path(tmp_path: Path) -> Path:
    target = tmp_path / "vessa-crossing.json"
    shutil.copy(SAMPLE, target)
    return target


@pytest.fixture
def window(qtbot, state_dir: Path, sample_path: Path) -> Iterator[object]:
    """The studio with a copy of the sample open; closed without prompts afterwards."""
    from editor.app import settle
    from editor.window import StudioWindow

    studio = StudioWindow(autosave_ms=3_600_000)
    # Not handed to qtbot: pytest-qt closes its widgets before fixtures end, and the window
    # would ask about the test's unsaved edits. The session is discarded first instead.
    assert studio.files.open_path(sample_path, ask=False)
    studio.show()
    settle(studio)
    yield studio
    studio.files.discard_session()
    studio.close()
    studio.deleteLater()

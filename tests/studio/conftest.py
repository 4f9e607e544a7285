"""Fixtures for studio tests: a copy of the sample scenario and a studio window on it."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from editor.shared.app import settle
from editor.studio.window import StudioWindow
from tests import qt_fixtures
from tests.studio.mod_helpers import Files, mod_files

SAMPLE = Path(__file__).resolve().parents[2] / "sample_scenarios" / "vessa-crossing.json"

# Shared with every Qt test directory; pytest finds fixtures by their names here.
collect_widgets = qt_fixtures.collect_widgets
no_modal_dialogs = qt_fixtures.no_modal_dialogs
state_dir = qt_fixtures.state_dir


@pytest.fixture
def sample_path(tmp_path: Path) -> Path:
    target = tmp_path / "vessa-crossing.json"
    shutil.copy(SAMPLE, target)
    return target


@pytest.fixture
def window(qtbot, state_dir: Path, sample_path: Path) -> Iterator[object]:
    """The studio with a copy of the sample open; closed without prompts afterwards."""
    from editor.shared.app import settle
    from editor.studio.window import StudioWindow

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


# -- the mod tests' scenario files and studio (test_mod_*.py, test_revert_one_change.py) -------


@pytest.fixture
def files(tmp_path: Path) -> Files:
    """A base scenario and mods of it, written in the test's folder."""
    return mod_files(tmp_path)


@pytest.fixture
def studio(qtbot, state_dir: Path) -> Iterator[StudioWindow]:
    """A studio window with nothing open, whose autosave never fires during a test."""
    window = StudioWindow(autosave_ms=3_600_000)
    window.show()
    settle(window)
    yield window
    window.files.discard_session()
    window.close()
    window.deleteLater()

"""Test set-up shared by every test module."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

# Where PYTHONDONTWRITEBYTECODE is set (to keep __pycache__ folders out of the source tree),
# every process of a run compiled every module again: each xdist worker rewrote the asserts of
# all 300 test files (about 14 s of CPU), and each `python -m editor.cli`, player or probe
# process the tests start compiled the editor (about 1.6 s). The compiled files go to a folder
# of their own under the temporary directory instead, so the tree stays clean and one
# compilation serves every process of this run and the next.
if os.environ.get("PYTHONDONTWRITEBYTECODE") and not sys.pycache_prefix:
    del os.environ["PYTHONDONTWRITEBYTECODE"]
    sys.pycache_prefix = str(Path(tempfile.gettempdir()) / "salient-test-pycache")
    os.environ["PYTHONPYCACHEPREFIX"] = sys.pycache_prefix
    sys.dont_write_bytecode = False

# Tests that show real windows on an X server live in tests/realwindow and run in a process
# of their own (tests/test_real_windows.py starts Xvfb and that process). Everywhere else,
# Qt must never look for a display: CI has none, and a window popping up on a developer's
# screen during tests is just as wrong. This runs before any test imports Qt.
REAL_WINDOW = os.environ.get("SALIENT_REAL_WINDOW") == "1"
if not REAL_WINDOW:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    collect_ignore = ["realwindow"]

# The studio keeps settings, recent files and recovery copies in its state folder; tests get
# a fresh one so they never read or litter a developer's real one.
os.environ["SALIENT_STATE_DIR"] = tempfile.mkdtemp(prefix="salient-test-state-")


def pytest_configure(config) -> None:
    import uuid

    # One id for the whole run: xdist's workers share their controller's, a lone process
    # makes its own (tests/realwindow/background.py keys the real-window run with it).
    workerinput = getattr(config, "workerinput", None)
    config.salient_run_id = workerinput["testrunuid"] if workerinput else uuid.uuid4().hex


def pytest_collection_modifyitems(config, items) -> None:
    """Files holding slow tests first, then the others with the most tests first (what xdist's
    own ordering does, turned off in pyproject.toml), and the test that waits for the
    real-window run last: a file stays on one worker, so a long file handed out at the end
    would keep one worker busy while the other has nothing left to do, and the waiting test
    handed out early would hold a worker idle for minutes."""
    from tests.realwindow import background

    if REAL_WINDOW:
        return
    files: dict[str, list] = {}
    for item in items:
        files.setdefault(item.nodeid.split("::")[0], []).append(item)

    def order(name: str) -> tuple[int, int]:
        tests = files[name]
        if background.NODE_ID.startswith(name + "::"):
            return (2, 0)
        slow = any(item.get_closest_marker("slow") for item in tests)
        return (0 if slow else 1, -len(tests))

    items[:] = [item for name in sorted(files, key=order) for item in files[name]]


def pytest_collection_finish(session) -> None:
    """Freeze what collecting imported, and start the real-window tests in the background as
    soon as the test that reports on them is selected, so they run beside the offscreen tests
    instead of after them.

    Every Qt test ends with a full collection (``qt_fixtures.collect_widgets``); in a process
    that imported every test module (each xdist worker does) that collection walked all of
    their objects each time, 2-7 s a test on a busy machine. Frozen, they are left out; they
    live until the process ends anyway."""
    import gc

    from schemas.collector import freeze_for_good
    from tests.realwindow import background

    gc.collect()
    freeze_for_good()
    config = session.config
    if REAL_WINDOW or config.option.collectonly:
        return
    if not any(item.nodeid == background.NODE_ID for item in session.items):
        return
    # The process whose end means the run is over: xdist's controller, or this one.
    watch = os.getppid() if hasattr(config, "workerinput") else os.getpid()
    background.ensure_started(background.folder_for(config.salient_run_id), watch)


def pytest_unconfigure(config) -> None:
    """Empty the clipboard the studio's copies filled, while Python still runs: on the
    offscreen platform Qt deletes the clipboard's data after Python has shut down, and that
    segfaulted an xdist worker at its exit (after its results were in, so no run failed, but
    a crash report stands where none should). X11 hands the data to the clipboard manager
    instead; a person's copy is kept there, so the studio itself does not empty it."""
    import sys

    if "PySide6.QtWidgets" not in sys.modules:
        return
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if isinstance(app, QApplication):
        app.clipboard().clear()

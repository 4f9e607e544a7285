"""Fixtures every Qt test shares (studio and game view): widgets freed between tests, no modal
dialog left waiting, and a fresh state folder. Conftests import them by name."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent

_module: list[object] = [None]
"""The module of the last Qt test that ended (see :func:`collect_widgets`)."""
_held: list[bool] = [True]
"""Whether a test of that module used a fixture that outlives a test (module or class scope);
true at the start, so the first Qt module collects what the tests before it left frozen."""


@pytest.fixture(autouse=True)
def collect_widgets(request: pytest.FixtureRequest) -> Iterator[None]:
    """Free each test's widgets before the next test starts.

    Left to the interpreter's exit, Python frees the wrappers of Qt objects in whatever order
    it likes, and a child freed after its parent crashes the process once the tests passed.

    What survives the collection is frozen (moved out of the collector's reach): the windows
    of earlier tests that Qt never deleted and the caches of the run outlive every test, and
    collecting them again at the end of each test cost more and more as a worker's run went
    on (a second and more a test late in a worker, most of the suite's CPU). Where the tests
    move on from a module whose fixtures outlived a test (module or class scope), everything
    is thawed and collected once, so what those fixtures held and dropped is still freed, then
    frozen again. A module without such fixtures left nothing frozen to free, and thawing
    costs a collection of everything the worker holds (a quarter of a second and more each
    time, and a worker goes through some fifty Qt modules), so it is skipped there.
    """
    yield
    # The fixtures close their windows and call deleteLater(), which Qt carries out only
    # when control returns to an event loop; processEvents() is not one, so without this
    # every window, menu and panel of a worker's run stayed alive to its end (600 top-level
    # widgets after tests/studio/test_window.py alone). Each studio form then walked all of
    # them looking for windows to watch (editor/shared/widgets._watch_windows), a third of
    # the Qt tests' CPU late in a worker's run, and every collection below walked their
    # wrappers. What is posted already goes first, to objects still alive: a worker's
    # result queued as the window closed (a mod stack's live view) must not reach its
    # receivers in the next test, after their widgets are gone. This is what the running
    # studio does too, so the collection after it is the one a person meets: it found a
    # double delete of undo commands (editor/studio/document.py, ScenarioDocument.__del__).
    QCoreApplication.sendPostedEvents()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    if _module[0] is not request.module:
        if _held[0]:
            gc.unfreeze()
        _module[0], _held[0] = request.module, False
    _held[0] = _held[0] or _holds_fixtures(request)
    gc.collect()
    gc.freeze()


def _holds_fixtures(request: pytest.FixtureRequest) -> bool:
    """Whether the test used a fixture that outlives it but not the run (module, class or
    package scope). Where pytest's record of the test's fixtures is not there to ask, say yes:
    thawing is always safe, only slower."""
    info = getattr(request.node, "_fixtureinfo", None)
    defs = getattr(info, "name2fixturedefs", None)
    if defs is None:
        return True
    return any(
        getattr(d, "scope", "module") not in ("function", "session")
        for ds in defs.values()
        for d in ds
    )


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
    """A fresh folder for settings, recovery copies and autosaves.

    Its settings have the game view's check before sealing a plan (OO18,
    editor/game/wego/op_helpers.py) turned off: a test pressing Seal plan expects the plan
    sealed, not a question waiting for an answer; the tests of that question turn it on."""
    from editor.game.wego.op_helpers import set_check

    folder = tmp_path / "state"
    monkeypatch.setenv("SALIENT_STATE_DIR", str(folder))
    set_check(False)
    return folder

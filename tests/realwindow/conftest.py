"""Fixtures of the real-window tests: the studio and the game view shown on an X server
through Qt's xcb platform, driven by real input (see :mod:`tests.realwindow.x11`).

These tests run only in the process that ``tests/test_real_windows.py`` starts with
``SALIENT_REAL_WINDOW=1`` and ``QT_QPA_PLATFORM=xcb`` on an Xvfb display. Run them alone
with ``.venv/bin/python -m pytest tests/test_real_windows.py``; set ``SALIENT_SCREENSHOTS`` to
a folder to keep the pictures they take.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests import qt_fixtures
from tests.realwindow.x11 import XInput, start_xvfb

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_scenarios"

collect_widgets = qt_fixtures.collect_widgets
no_modal_dialogs = qt_fixtures.no_modal_dialogs
state_dir = qt_fixtures.state_dir


@pytest.fixture(autouse=True)
def delete_closed_windows() -> Iterator[None]:
    """Carry out the deletions a test's windows asked for (``deleteLater``) once it ends.

    Qt deletes such objects when control returns to an event loop, and these tests never
    run one (``processEvents`` is not), so every studio and game window of a worker's run
    stayed alive, hidden, to its end. The studio's wheel guard walks every top-level window's
    children each time the focus moves to another window (``editor.shared.widgets``), so the
    tests late in a worker paid for all the windows before them: 0.15 s of CPU a focus
    change after a studio that had opened every section editor. Torn down after the test's
    own fixtures (which close their windows) and before ``collect_widgets``."""
    yield
    from PySide6.QtCore import QCoreApplication, QEvent

    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def pytest_configure(config: pytest.Config) -> None:
    """Under xdist, each worker shows its windows on an X server of its own (the same size as
    the runner's), so that workers never share a screen, a mouse, a keyboard or a clipboard."""
    if getattr(config, "workerinput", None) is None or os.environ.get("QT_QPA_PLATFORM") != "xcb":
        return
    server = start_xvfb(1600, 1000)
    os.environ["DISPLAY"] = server.display
    config.salient_xvfb = server  # type: ignore[attr-defined]


def pytest_unconfigure(config: pytest.Config) -> None:
    server = getattr(config, "salient_xvfb", None)
    if server is not None:
        server.stop()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if os.environ.get("QT_QPA_PLATFORM") != "xcb" or not os.environ.get("DISPLAY"):
        raise pytest.UsageError(
            "the real-window tests need an X display and QT_QPA_PLATFORM=xcb; run them "
            "through tests/test_real_windows.py, which starts Xvfb"
        )


@pytest.fixture(scope="session")
def x() -> XInput:
    """Real mouse, wheel and keyboard input through the X server."""
    return XInput()


@pytest.fixture
def sample_copy(tmp_path: Path) -> Callable[[str], Path]:
    """A copy of a bundled sample in the test's folder (saves never touch the originals)."""

    def copy(name: str = "vessa-crossing.json") -> Path:
        target = tmp_path / name
        shutil.copy(SAMPLES / name, target)
        return target

    return copy


@pytest.fixture
def shots() -> Callable[[object, str], Any]:
    """Read what a window shows on the X screen back from the server (not rendered
    offscreen) and return it as a ``QImage``; written as ``NAME.png`` only when
    ``$SALIENT_SCREENSHOTS`` names a folder to keep the pictures in: the tests take some 180
    pictures, and encoding each as a PNG (about 0.05 s of CPU for a whole studio window) was
    wasted where nobody looks at them."""
    kept = os.environ.get("SALIENT_SCREENSHOTS")
    folder = Path(kept) if kept else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)

    def shoot(window: object, name: str) -> Any:
        from PySide6.QtWidgets import QApplication, QWidget

        assert isinstance(window, QWidget)
        QApplication.processEvents()
        screen = window.screen()
        picture = screen.grabWindow(window.winId()).toImage()
        assert not picture.isNull(), f"nothing read back of {name} from the X server"
        if folder is not None:
            path = folder / f"{name}.png"
            assert picture.save(str(path)), f"cannot save {path}"
        return picture

    return shoot


def colours(picture: Any, step: int = 16) -> int:
    """How many different colours a grid of a picture's pixels holds (a drawn window has
    many; an empty or black one a few)."""
    return len(
        {
            picture.pixel(px, py)
            for px in range(0, picture.width(), step)
            for py in range(0, picture.height(), step)
        }
    )


def wait_until(condition: Callable[[], object], timeout: float = 5.0, what: str = "") -> None:
    """Process Qt's events until ``condition()`` holds (the X server delivers input
    asynchronously), or fail saying what was awaited."""
    from PySide6.QtWidgets import QApplication

    deadline = time.monotonic() + timeout
    while True:
        QApplication.processEvents()
        if condition():
            return
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what or condition}")
        time.sleep(0.01)


def settle_input(seconds: float = 0.15) -> None:
    """Let the X server's events arrive and Qt handle them."""
    from PySide6.QtWidgets import QApplication

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        QApplication.processEvents()
        time.sleep(0.01)


def on_screen(widget: object, x: float, y: float) -> tuple[int, int]:
    """The screen position of a point given in a widget's own pixels."""
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QWidget

    assert isinstance(widget, QWidget)
    point = widget.mapToGlobal(QPoint(round(x), round(y)))
    return point.x(), point.y()


@contextmanager
def shown_studio(
    qtbot: Any,
    path: Path,
    *,
    maximized: bool = False,
    mods: list[Path] | None = None,
    settle: float = 0.5,
) -> Iterator[Any]:
    """The studio started on ``path`` as ``salient FILE`` starts it (with ``mods`` layered
    on), shown, active and settled; on the way out its session is discarded and it is
    closed, so no test leaves a recovery file or a window behind."""
    from editor.studio.app import launch_studio

    window = launch_studio(path, recover=False, **({"mods": mods} if mods else {}))
    try:
        qtbot.waitExposed(window)
        if maximized:
            window.showMaximized()
        window.activateWindow()
        if mods:
            window.mods.live.wait()
        settle_input(settle)
        yield window
    finally:
        window.files.discard_session()
        window.close()
        window.deleteLater()


def size_name(window: Any) -> str:
    """The screen's size as a picture's name takes it (``1280x720``)."""
    screen = window.screen().geometry()
    return f"{screen.width()}x{screen.height()}"


@pytest.fixture
def studio(qtbot, state_dir: Path, sample_copy: Callable[[str], Path]) -> Iterator[object]:
    """The studio started the way ``salient FILE`` starts it, on a copy of the sample."""
    with shown_studio(qtbot, sample_copy("vessa-crossing.json"), settle=0.3) as window:
        yield window

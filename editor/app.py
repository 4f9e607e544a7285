"""Starting the studio: the Qt application, the window, and the ``--screenshot`` mode."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication


def application() -> QApplication:
    """The running Qt application, created on first use."""
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    QCoreApplication.setOrganizationName("Salient")
    QCoreApplication.setApplicationName("Salient")
    QGuiApplication.setHighDpiScaleFactorRoundingPolicy(
        Qt.HighDpiScaleFactorRoundingPolicy.PassThrough
    )
    app = QApplication(sys.argv[:1])
    app.setStyle("Fusion")
    return app


def run_studio(path: Path, screenshot: Path | None = None) -> int:
    """Open ``path`` in the studio; with ``screenshot``, save the window as an image and exit.

    Returns the process exit status: with a screenshot, 1 when the file could not be opened.
    """
    app = application()
    from .window import StudioWindow

    window = StudioWindow()
    if screenshot is not None:
        opened = window.files.open_path(path, ask=False)
        window.show()
        settle(window)
        window.grab().save(str(screenshot))
        window.files.discard_session()
        window.close()
        return 0 if opened else 1
    window.show()
    window.files.offer_orphans()
    if window.document is None:
        window.files.open_path(path, ask=False)
    return app.exec()


def settle(window: object) -> None:
    """Let the window finish laying out, validating and drawing (for screenshots and tests)."""
    for _ in range(3):
        QApplication.processEvents()
    validation = getattr(window, "validation", None)
    if validation is not None:
        validation.wait()
    for _ in range(3):
        QApplication.processEvents()

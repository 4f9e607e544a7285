"""The Qt application both the studio and the game view run in, and waiting for a window
to settle (for screenshots and tests)."""

from __future__ import annotations

import sys

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


def settle(window: object) -> None:
    """Let the window finish laying out, validating and drawing (for screenshots and tests)."""
    for _ in range(3):
        QApplication.processEvents()
    validation = getattr(window, "validation", None)
    if validation is not None:
        validation.wait()
    for _ in range(3):
        QApplication.processEvents()

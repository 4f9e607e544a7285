"""A main window's place on the screen and the arrangement of its docks, kept between runs.

Both applications open their windows the same way: the first time, sized to the screen they
appear on (the whole available area on small screens, most of it on large ones); after that,
where the person left them, with the docks as they arranged them (Qt's ``saveGeometry`` and
``saveState`` in the state folder's settings). A saved layout that no longer fits (another
screen, an older arrangement of docks) gives way to the default.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMainWindow, QWidget

from editor.shared.settings import settings

SMALL_SCREEN = QSize(1440, 900)
"""Up to this size, a window starts maximised: every pixel counts."""
SHARE_OF_LARGE = 0.9
"""On larger screens, the share of the available width and height a window starts with."""


VIRTUAL_DESKTOP = QRect(0, 0, 1600, 1000)
"""The desk windows are sized for where there is no real screen (the offscreen platform of
tests and still pictures, whose pretend screen is 800x600)."""


def _virtual() -> bool:
    return QGuiApplication.platformName() in ("offscreen", "minimal")


def available_area(widget: QWidget) -> QRect:
    """The free area of the screen a window is on (see :data:`VIRTUAL_DESKTOP`)."""
    if _virtual():
        return QRect(VIRTUAL_DESKTOP)
    return widget.screen().availableGeometry()


def fitted_geometry(available: QRect, largest: QSize | None = None) -> QRect:
    """Where a main window starts on a screen whose free area is ``available``: all of it
    up to :data:`SMALL_SCREEN`, else :data:`SHARE_OF_LARGE` of it (at most ``largest``),
    centred."""
    if available.width() <= SMALL_SCREEN.width() or available.height() <= SMALL_SCREEN.height():
        return QRect(available)
    width = max(SMALL_SCREEN.width(), round(available.width() * SHARE_OF_LARGE))
    height = max(SMALL_SCREEN.height(), round(available.height() * SHARE_OF_LARGE))
    if largest is not None:
        width, height = min(width, largest.width()), min(height, largest.height())
    rect = QRect(0, 0, min(width, available.width()), min(height, available.height()))
    rect.moveCenter(available.center())
    return rect


def starts_maximised(available: QRect) -> bool:
    """Whether a window on this free area should start maximised (see :func:`fitted_geometry`)."""
    return available.width() <= SMALL_SCREEN.width() or available.height() <= SMALL_SCREEN.height()


class WindowState:
    """Reads and writes one window's geometry and dock arrangement under ``name`` in the
    settings; ``version`` changes whenever the window's docks do, so that an arrangement
    saved by another version is not forced onto docks it does not know."""

    def __init__(self, name: str, version: int) -> None:
        self.name = name
        self.version = version

    def _key(self, what: str) -> str:
        return f"{self.name}/{what}"

    def save(self, window: QMainWindow) -> None:
        store = settings()
        store.setValue(self._key("geometry"), window.saveGeometry())
        store.setValue(self._key("state"), window.saveState(self.version))
        store.setValue(self._key("version"), self.version)
        store.sync()

    def restore_geometry(self, window: QMainWindow) -> bool:
        """Put the window back where it was; ``False`` when nothing (usable) was saved."""
        saved = settings().value(self._key("geometry"))
        if not isinstance(saved, QByteArray) or saved.isEmpty() or _virtual():
            # Without a real screen there is no place to go back to (and Qt would squeeze
            # the window into the pretend screen).
            return False
        if not window.restoreGeometry(saved):
            return False
        # A window saved on a larger screen than this one would stick out of it.
        screen = available_area(window)
        frame = window.frameGeometry()
        return frame.width() <= screen.width() and frame.height() <= screen.height()

    def restore_docks(self, window: QMainWindow) -> bool:
        """Arrange the docks as they were; ``False`` when nothing (usable) was saved."""
        store = settings()
        saved = store.value(self._key("state"))
        version = store.value(self._key("version"))
        if not isinstance(saved, QByteArray) or saved.isEmpty():
            return False
        if str(version) != str(self.version):
            return False
        return bool(window.restoreState(saved, self.version))

    def forget(self) -> None:
        store = settings()
        for what in ("geometry", "state", "version"):
            store.remove(self._key(what))
        store.sync()

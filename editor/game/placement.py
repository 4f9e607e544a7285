"""Where the game window opens and how big: its preferred size, or the screen it is on when
that is smaller (a laptop's 1280 x 800, a projector's 1280 x 720).

The window must never open with its controls (the next-phase button at the top right, the
panels' tabs at the bottom right) beyond the screen's edge, so its first size is the
preferred one cut to the screen's available area (without the task bar) less the frame the
window manager adds. The frame is only known once the window is on screen; until then a
usual title bar is assumed, and :func:`keep_on_screen` corrects the guess after the first
show. The offscreen platform has no screen anyone looks at (its 800 x 600 is a stand-in), so
pictures rendered there keep the preferred size.
"""

from __future__ import annotations

from PySide6.QtCore import QMargins, QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

WINDOW_SIZE = (1500, 940)
"""The window's preferred first size (and that of ``salient play --screenshot`` images)."""

SMALLEST_SCREEN = (1280, 720)
"""The smallest screen the window is laid out for: every control stays visible there."""

FRAME_GUESS = QMargins(4, 32, 4, 4)
"""The frame a window manager usually adds (a title bar and thin borders), assumed until the
real one is known."""

PANEL_WIDTH = (340, 440)
"""The right-hand column of panels: its narrowest and widest first width."""


def on_real_screen() -> bool:
    return QGuiApplication.platformName() not in ("offscreen", "minimal")


def first_geometry(available: QRect, frame: QMargins) -> QRect:
    """The window's geometry (without its frame): the preferred size, or less when the
    available area is smaller, centred in that area."""
    room_w = available.width() - frame.left() - frame.right()
    room_h = available.height() - frame.top() - frame.bottom()
    width = max(1, min(WINDOW_SIZE[0], room_w))
    height = max(1, min(WINDOW_SIZE[1], room_h))
    x = available.left() + frame.left() + max(0, (room_w - width) // 2)
    y = available.top() + frame.top() + max(0, (room_h - height) // 2)
    return QRect(x, y, width, height)


def panel_width(window_width: int) -> int:
    """The first width of the panel column: 29% of the window, within :data:`PANEL_WIDTH`,
    so the map keeps most of a small screen."""
    narrow, wide = PANEL_WIDTH
    return max(narrow, min(wide, round(window_width * 0.29)))


def place(window: QWidget) -> QSize:
    """Give a window not yet shown its first geometry; returns its size."""
    if not on_real_screen():
        window.resize(*WINDOW_SIZE)
        return QSize(*WINDOW_SIZE)
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        window.resize(*WINDOW_SIZE)
        return QSize(*WINDOW_SIZE)
    geometry = first_geometry(screen.availableGeometry(), FRAME_GUESS)
    window.setGeometry(geometry)
    return geometry.size()


def keep_on_screen(window: QWidget) -> None:
    """Once shown (its frame is known), give the window the geometry :func:`first_geometry`
    gives for the real frame: the first guess may have left room for a title bar that
    there is none of, or too little for a thicker one."""
    if not on_real_screen() or window.isMaximized() or window.isFullScreen():
        return
    screen = window.screen()
    if screen is None:
        return
    outer, inner = window.frameGeometry(), window.geometry()
    frame = QMargins(
        inner.left() - outer.left(),
        inner.top() - outer.top(),
        outer.right() - inner.right(),
        outer.bottom() - inner.bottom(),
    )
    wanted = first_geometry(screen.availableGeometry(), frame)
    if wanted != inner:
        window.setGeometry(wanted)

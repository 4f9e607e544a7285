"""The studio window's docks: where they go by default, and the holders that keep them steady.

The map is what a designer looks at, so by default it gets the whole height and most of the
width: the scenario explorer and the layers on the left, the inspector on the right with the
issues (and the history, as a tab) under it, so a click on an issue shows its field just
above. The review of derived connections joins them when it is asked for. Column widths
follow the window's width within bounds.

Each dock keeps one holder widget for the window's life and the panels of a document are
swapped inside it: replacing a dock's widget makes Qt lay the docks out again from the new
panels' size hints, which is how the map came to be a strip after every New or Open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget

from editor.shared.widgets import set_muted
from editor.shared.window_state import WindowState

if TYPE_CHECKING:
    from editor.studio.window import StudioWindow

LEFT, RIGHT = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea

DOCKS: tuple[tuple[str, str, Qt.DockWidgetArea], ...] = (
    ("explorer", "Scenario", LEFT),
    ("layers", "Layers", LEFT),
    ("inspector", "Inspector", RIGHT),
    ("issues", "Issues", RIGHT),
    ("history", "History", RIGHT),
    ("connections", "Derived connections", RIGHT),
    ("mods", "Mods", RIGHT),
    ("changes", "Changes", RIGHT),
    ("find", "Find", RIGHT),
)
"""Every dock of the studio: its name (``dock-<name>`` is its object name), title and area."""

HIDDEN = ("connections", "mods", "changes", "find")
"""Docks shown only when asked for (Scenario > Derive connections shows its review, a stack
of mods the Mods dock, File > Compare the Changes dock, Edit > Find and Find usages their
results)."""

STATE = WindowState("studio", version=2)
"""Where the studio's geometry and dock arrangement are kept (version 2: the issues moved
from the bottom to the right column)."""


def _within(value: float, low: int, high: int) -> int:
    return int(max(low, min(high, value)))


def column_widths(width: int) -> tuple[int, int]:
    """The default widths of the left and right columns in a window ``width`` pixels wide."""
    return _within(width * 0.17, 210, 290), _within(width * 0.25, 350, 420)


def apply_default_layout(window: StudioWindow) -> None:
    """Put every dock back in its default place and size (View > Reset layout, first run)."""
    docks = window.docks
    for name, _title, area in DOCKS:
        dock = docks[name]
        dock.setFloating(False)
        window.addDockWidget(area, dock)
        dock.setVisible(name not in HIDDEN)
    window.splitDockWidget(docks["explorer"], docks["layers"], Qt.Orientation.Vertical)
    window.splitDockWidget(docks["inspector"], docks["issues"], Qt.Orientation.Vertical)
    window.tabifyDockWidget(docks["issues"], docks["history"])
    window.tabifyDockWidget(docks["issues"], docks["connections"])
    window.tabifyDockWidget(docks["issues"], docks["mods"])
    window.tabifyDockWidget(docks["issues"], docks["changes"])
    window.tabifyDockWidget(docks["issues"], docks["find"])
    docks["issues"].raise_()
    size_default_layout(window)


def size_default_layout(window: StudioWindow) -> None:
    """Give the default columns and rows their sizes for the window's current size."""
    docks = window.docks
    left, right = column_widths(window.width())
    window.resizeDocks(
        [docks["explorer"], docks["inspector"]], [left, right], Qt.Orientation.Horizontal
    )
    height = max(400, window.height() - 90)
    layers = _within(height * 0.45, 200, 320)
    issues = _within(height * 0.34, 170, 320)
    window.resizeDocks(
        [docks["explorer"], docks["layers"], docks["inspector"], docks["issues"]],
        [height - layers, layers, height - issues, issues],
        Qt.Orientation.Vertical,
    )


class PanelHolder(QWidget):
    """A dock's lasting content: shows one panel at a time, or a note covering it.

    The panel scrolls when its dock is smaller than it needs rather than widen its column:
    a column that followed each panel's needs would change width whenever the inspector
    shows another form, and the map beside it would move under the designer's pointer.
    """

    def __init__(self) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        layout.addWidget(self.scroll)
        self.panel: QWidget | None = None
        self.note = QWidget()
        note_layout = QVBoxLayout(self.note)
        note_layout.setContentsMargins(10, 10, 10, 10)
        self.note_text = QLabel()
        self.note_text.setWordWrap(True)
        set_muted(self.note_text)
        self.note_text.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.note_button = QPushButton()
        self.note_button.hide()
        self._action: object = None
        self.note_button.clicked.connect(self._act)
        note_layout.addWidget(self.note_text)
        note_layout.addWidget(self.note_button, 0, Qt.AlignmentFlag.AlignLeft)
        note_layout.addStretch(1)
        layout.addWidget(self.note)
        self.note.hide()

    def set_panel(self, panel: QWidget | None) -> None:
        """Show ``panel`` in place of the one shown before (which is deleted)."""
        old, self.panel = self.panel, panel
        if old is not None:
            self.scroll.takeWidget()
            old.hide()
            old.deleteLater()
        if panel is not None:
            self.scroll.setWidget(panel)
        self.scroll.setVisible(panel is not None and self.note.isHidden())

    def cover(self, text: str | None, button: str = "", action: object = None) -> None:
        """Hide the panel behind a note (``None``: show the panel again)."""
        covered = text is not None
        if covered:
            self.note_text.setText(text or "")
            self.note_button.setText(button)
            self.note_button.setVisible(bool(button) and action is not None)
            self._action = action
        self.note.setVisible(covered)
        self.scroll.setVisible(self.panel is not None and not covered)

    def _act(self) -> None:
        if callable(self._action):
            self._action()

    @property
    def covered(self) -> bool:
        return not self.note.isHidden()

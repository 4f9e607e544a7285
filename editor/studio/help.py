"""Help > Keyboard shortcuts and Help > About.

The shortcuts dialog is gathered, when it opens, from what actually answers keys: the
window's menus and actions (their shortcuts as Qt knows them), the map tools (their keys,
from the tool classes), the map view, and the spreadsheets' actions. A list typed by hand
went stale as soon as a key changed; this one cannot list a key the studio does not have.

Both dialogs are modeless: they stay open beside the work, and never block the window.
"""

from __future__ import annotations

import platform
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMenu,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.shared.widgets import filter_box

if TYPE_CHECKING:
    from editor.studio.window import StudioWindow

ROOT = Path(__file__).resolve().parents[2]

DOCS: tuple[tuple[str, str], ...] = (
    ("README.md", "Getting started"),
    ("docs/scenario-format.md", "The scenario format, every field and validation code"),
    ("docs/rules.md", "The rules as Salient plays them"),
    ("docs/architecture.md", "How Salient is built"),
    ("docs/performance.md", "Speed and memory"),
)

TOOL_KEYS: dict[str, tuple[tuple[str, str], ...]] = {
    "select": (
        ("Shift+click, Ctrl+click", "Add to the selection, or take from it"),
        ("Drag", "Move a structure, supply source or stack"),
    ),
    "draw": (
        ("Click", "Place a corner (it snaps to borders and corners)"),
        ("Shift", "Place the corner freely, without snapping"),
        ("Enter, double-click", "Close the region"),
        ("Backspace, Delete", "Take back the last corner"),
        ("Escape", "Drop the region being drawn"),
    ),
    "vertex": (
        ("Drag", "Move a point with every region sharing it"),
        ("Double-click a border", "Add a point"),
        ("Delete, Backspace", "Delete the selected point"),
        ("Escape", "Cancel the drag; then let go of the point"),
        ("Shift", "Move without snapping"),
    ),
    "split": (
        ("Click", "Place a point of the cut (it snaps)"),
        ("Shift", "Place the point freely, without snapping"),
        ("Enter, double-click", "Cut the region along the line"),
        ("Backspace, Delete", "Take back the last point"),
        ("Escape", "Drop the line"),
    ),
    "connect": (
        ("Click a region, then another", "Connect the two regions"),
        ("Press in a region, release in another", "Connect the two regions"),
        ("Escape", "Drop the connection being drawn"),
    ),
    "hexbrush": (
        ("Drag", "Paint the hexes under the brush (one undo step a stroke)"),
        ("Alt+click", "Pick the value of the hex clicked"),
        ("[ and ]", "Make the brush smaller or larger"),
        ("Escape", "Drop the stroke under way"),
    ),
    "hexline": (
        ("Drag", "Draw a road through hex centres, or a river along hexsides"),
        ("Shift+drag", "Erase the chosen feature along the line"),
        ("Escape", "Drop the line being drawn"),
    ),
}
"""Keys each map tool answers while it is active, by tool name. A tool class may declare its
own as ``keys`` (the same pairs), which then win; ``tests/studio/test_help.py`` checks that
every key a tool's code handles is listed."""

MAP_KEYS: tuple[tuple[str, str], ...] = (
    ("Wheel", "Zoom, keeping the point under the pointer"),
    ("Space + drag, middle button drag", "Pan the map"),
    ("Right-click a region", "Set its terrain or owner, rename it, add things there"),
)


def studio_version() -> str:
    try:
        return version("salient")
    except PackageNotFoundError:
        return "unknown"


def _keys(action: QAction) -> str:
    return ", ".join(
        sequence.toString(QKeySequence.SequenceFormat.NativeText)
        for sequence in action.shortcuts()
        if not sequence.isEmpty()
    )


def _text(action: QAction) -> str:
    return action.text().replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…")


def shortcut_groups(window: StudioWindow) -> list[tuple[str, list[tuple[str, str]]]]:
    """Every key of the studio, grouped: (group, [(keys, what they do)])."""
    # Imported when the dialog opens: the section editors load on first use.
    from editor.studio.sections.deck_list import LIST_KEYS
    from editor.studio.sections.table import SHEET_ACTIONS, SHEET_KEYS
    from editor.studio.window_actions import tool_classes

    groups: list[tuple[str, list[tuple[str, str]]]] = []
    listed: set[int] = set()

    def walk(menu: QMenu, title: str) -> None:
        rows = []
        for action in menu.actions():
            if action.menu() is not None:
                walk(action.menu(), f"{title} \u203a {_text(action.menu().menuAction())}")
            elif not action.isSeparator() and _keys(action):
                rows.append((_keys(action), _text(action)))
                listed.add(id(action))
        if rows:
            groups.append((f"{title} menu", rows))

    for action in window.menuBar().actions():
        if action.menu() is not None:
            walk(action.menu(), _text(action))
    others = [(_keys(a), _text(a)) for a in window.actions() if _keys(a) and id(a) not in listed]
    if others:
        groups.append(("Window", others))
    for cls in tool_classes():
        keys = getattr(cls, "keys", None) or TOOL_KEYS.get(cls.name, ())
        rows = [(cls.shortcut, f"Choose the {cls.label.lower()} tool")] if cls.shortcut else []
        groups.append((f"Map: {cls.label} tool", [*rows, *keys]))
    groups.append(("Map", list(MAP_KEYS)))
    sheet = [
        (QKeySequence(keys).toString(QKeySequence.SequenceFormat.NativeText), text)
        for text, _, keys in SHEET_ACTIONS
        if keys is not None
    ]
    groups.append(("Spreadsheets (terrain, units, sides...)", [*sheet, *SHEET_KEYS]))
    groups.append(("Lists of cards, events and conditions", list(LIST_KEYS)))
    return groups


class ShortcutsDialog(QDialog):
    """Every key of the studio, with a filter."""

    def __init__(self, window: StudioWindow) -> None:
        super().__init__(window)
        self.setWindowTitle("Keyboard shortcuts")
        self.resize(640, 680)
        layout = QVBoxLayout(self)
        self.filter = filter_box("Find a key or an action…", self._filter)
        layout.addWidget(self.filter)
        self.tree = QTreeWidget()
        self.tree.setColumnCount(2)
        self.tree.setHeaderLabels(["Keys", "What they do"])
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        layout.addWidget(self.tree, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)
        self.fill(window)

    def fill(self, window: StudioWindow) -> None:
        self.tree.clear()
        for title, rows in shortcut_groups(window):
            group = QTreeWidgetItem(self.tree, [title])
            group.setFirstColumnSpanned(True)
            font = group.font(0)
            font.setBold(True)
            group.setFont(0, font)
            for keys, does in rows:
                QTreeWidgetItem(group, [keys, does])
        self.tree.expandAll()
        self.tree.resizeColumnToContents(0)

    def rows(self) -> list[tuple[str, str, str]]:
        """(group, keys, what they do) of every row shown."""
        found = []
        for g in range(self.tree.topLevelItemCount()):
            group = self.tree.topLevelItem(g)
            for r in range(group.childCount()):
                item = group.child(r)
                if not item.isHidden():
                    found.append((group.text(0), item.text(0), item.text(1)))
        return found

    def _filter(self, text: str) -> None:
        needle = text.strip().lower()
        for g in range(self.tree.topLevelItemCount()):
            group = self.tree.topLevelItem(g)
            shown = 0
            for r in range(group.childCount()):
                item = group.child(r)
                words = f"{group.text(0)} {item.text(0)} {item.text(1)}".lower()
                item.setHidden(bool(needle) and needle not in words)
                shown += not item.isHidden()
            group.setHidden(shown == 0)


class AboutDialog(QDialog):
    """The version, and links to the documentation."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("About Salient")
        layout = QVBoxLayout(self)
        title = QLabel(f"<h2>Salient {studio_version()}</h2>")
        layout.addWidget(title)
        layout.addWidget(
            QLabel(
                "A studio for designing, modding and playtesting operational wargames "
                "on maps of areas."
            )
        )
        links = [
            f'<li><a href="{QUrl.fromLocalFile(str(ROOT / path)).toString()}">{text}</a>'
            f" ({path})</li>"
            for path, text in DOCS
            if (ROOT / path).is_file()
        ]
        self.docs = QLabel(f"<p>Documentation:</p><ul>{''.join(links)}</ul>")
        self.docs.setTextFormat(Qt.TextFormat.RichText)
        self.docs.setOpenExternalLinks(True)
        self.docs.setWordWrap(True)
        layout.addWidget(self.docs)
        details = QLabel(
            f"Python {platform.python_version()}, PySide6 {pyside_version}, "
            f"{platform.system()} ({sys.platform})"
        )
        details.setStyleSheet("color: #666;")
        details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(details)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)


def _show(window: StudioWindow, kind: type[QDialog]) -> QDialog:
    """Show the window's dialog of a kind, made once (and filled afresh for shortcuts)."""
    dialog = window.findChild(kind)
    if dialog is None:
        dialog = kind(window)
    elif isinstance(dialog, ShortcutsDialog):
        dialog.fill(window)
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog


def add_help_entries(window: StudioWindow, menu: QMenu) -> None:
    """Help > Keyboard shortcuts (F1) and Help > About Salient."""
    shortcuts = QAction("&Keyboard shortcuts…", window)
    shortcuts.setShortcut(QKeySequence(QKeySequence.StandardKey.HelpContents))
    shortcuts.setToolTip("Every key of every tool")
    shortcuts.triggered.connect(lambda: _show(window, ShortcutsDialog))
    about = QAction("&About Salient…", window)
    about.setMenuRole(QAction.MenuRole.AboutRole)
    about.triggered.connect(lambda: _show(window, AboutDialog))
    window.addAction(shortcuts)
    menu.addAction(shortcuts)
    menu.addSeparator()
    menu.addAction(about)


__all__ = ["AboutDialog", "ShortcutsDialog", "add_help_entries", "shortcut_groups"]

"""What the studio window calls: the Mods dock, marks and File menu entries of a document.

:func:`attach` and :func:`detach` are called by the window as a document comes and goes; a
document of a stack of mods (:class:`.document.ModdedDocument`) gets the live view of its
mods, the Mods dock, and marks in the inspector and on the map. The window itself knows
nothing else of mods.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel, QMenu

from editor.shared.widgets import set_muted

# The rest of the mod machinery (the dock, the stack, schemas.mods: a tenth of a second of
# imports) is loaded when a stack is opened, not with the window.
if TYPE_CHECKING:
    from editor.studio.mods.document import ModdedDocument
    from editor.studio.window import StudioWindow

NO_MODS = (
    "No mods: this scenario is edited itself.\n\nFile ▸ Open with mods… opens a base scenario "
    "with a stack of mods; edits then go into a mod, and the base is never written."
)


class ModsSession:
    """The mod machinery bound to one document of the window."""

    def __init__(self, window: StudioWindow, document: ModdedDocument) -> None:
        from editor.studio.mods.dock import ModsPanel
        from editor.studio.mods.inspector_marks import InspectorMarks
        from editor.studio.mods.live import LiveMods
        from editor.studio.mods.map_marks import MapMarks

        self.window = window
        self.document = document
        self.live = LiveMods(document)
        self.panel = ModsPanel(window, document, live=self.live)
        self.panel.goTo.connect(self.go_to)
        self.inspector_marks = InspectorMarks(window.inspector, self.live)
        assert window.scene is not None
        self.map_marks = MapMarks(window.scene, self.live)
        self.panel.marksToggled.connect(self.inspector_marks.set_shown)
        self.panel.marksToggled.connect(self.map_marks.set_shown)
        document.stackChanged.connect(self._remember)
        document.pathChanged.connect(lambda _path: self._remember())

    def _remember(self) -> None:
        from editor.studio.mods.opening import remember_stack

        remember_stack(self.document)

    def go_to(self, section: str, entity: str | None, keys: object) -> None:
        """Select what a row of the dock is about and show it."""
        document = self.document
        focus = tuple(keys) if isinstance(keys, tuple | list) else ()
        document.select(section, [entity] if entity else [], focus=focus)
        if entity is not None:
            self.window.zoom_to_entity(section, entity)
        self.window.docks["inspector"].raise_()

    def close(self) -> None:
        self.live.stop()
        self.map_marks.clear()


def attach(window: StudioWindow) -> None:
    """Bind the mods of the window's new document (called by ``set_document``)."""
    document = window.document
    holder = window.holders["mods"]
    # No document is a stack of mods before the module that makes them is loaded.
    module = sys.modules.get("editor.studio.mods.document")
    if module is None or not isinstance(document, module.ModdedDocument):
        window.mods = None
        note = QLabel(NO_MODS)
        note.setWordWrap(True)
        note.setAlignment(Qt.AlignmentFlag.AlignTop)
        set_muted(note, "padding: 8px;")
        holder.set_panel(note)
        return
    session = ModsSession(window, document)
    window.mods = session
    holder.set_panel(session.panel)
    dock = window.docks["mods"]
    hidden = dock.isHidden()
    dock.show()
    dock.raise_()
    if hidden and not dock.isFloating():
        # Shown for a stack: give it half of its column (it lists the stack, conflicts and
        # stale operations), the inspector above keeping the other half.
        QTimer.singleShot(0, window, lambda: share_column(window))  # dropped with the window


def share_column(window: StudioWindow, tries: int = 40) -> None:
    """Half of the right column for the Mods dock, half for the inspector above it, once
    the window is on screen (sizes given before that are laid out again)."""
    handle = window.windowHandle()
    if (handle is None or not handle.isExposed()) and tries > 0:
        QTimer.singleShot(50, window, lambda: share_column(window, tries - 1))
        return
    dock, inspector = window.docks["mods"], window.docks["inspector"]
    if dock.isFloating() or window.dockWidgetArea(dock) != window.dockWidgetArea(inspector):
        return
    half = (inspector.height() + dock.height()) // 2
    window.resizeDocks([inspector, dock], [half, half], Qt.Orientation.Vertical)


def detach(window: StudioWindow) -> None:
    """Let go of the mods of the document being replaced (called by ``_release_document``)."""
    session = getattr(window, "mods", None)
    if session is not None:
        session.close()
        window.mods = None
    window.holders["mods"].set_panel(None)


def open_with_mods(window: StudioWindow) -> None:
    """File > Open with mods: the dialog, then the stack."""
    from editor.studio.mods.document import ModdedDocument
    from editor.studio.mods.open_dialog import OpenWithModsDialog
    from editor.studio.mods.opening import open_stack

    document = window.document
    base: Path | None = None
    sources: list[str] = []
    if isinstance(document, ModdedDocument):
        base = document.base.path
        sources = [str(document.paths.get(e.key) or e.source) for e in document.entries]
        sources = [s for s in sources if Path(s.split("!", 1)[0]).exists()]
    elif document is not None:
        base = document.path
    dialog = OpenWithModsDialog(window, base, sources)
    dialog.chosen.connect(
        lambda path, chosen, switches, new: open_stack(
            window, path, list(chosen), enabled=dict(switches), start_new=bool(new)
        )
    )
    dialog.finished.connect(lambda _result: dialog.deleteLater())
    window.open_mods_dialog = dialog
    dialog.open()


def add_open_action(window: StudioWindow, menu: QMenu) -> QAction:
    """File > Open with mods…"""
    action = QAction("Open with &mods…", window)
    action.setShortcut(QKeySequence("Ctrl+Shift+O"))
    action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    action.setStatusTip("Open a base scenario with a stack of mods; edits go into the last mod")
    action.triggered.connect(lambda _checked=False: open_with_mods(window))
    action.setObjectName("open-with-mods")
    window.addAction(action)
    menu.addAction(action)
    return action


__all__ = ["ModsSession", "add_open_action", "attach", "detach", "open_with_mods"]

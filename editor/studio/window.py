"""The studio's main window: the map in the middle, panels docked around it.

The window holds at most one document at a time. Everything bound to a document (the map,
the panels, live validation, autosave) is built by :meth:`StudioWindow.set_document` and torn
down when another document takes its place; the docks and their holders stay where the
designer put them (see :mod:`.window_layout`), and the window's place and arrangement are
kept between runs. Section editors open as tabs beside the map (see :mod:`.window_tabs`).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable

from PySide6.QtCore import QObject, QPoint, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QCloseEvent, QKeyEvent
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QMenu, QUndoView

from editor.shared.docking import add_dock
from editor.shared.widgets import set_muted
from editor.shared.window_state import available_area, fitted_geometry, starts_maximised
from editor.studio import hex_tools, sections
from editor.studio.connections_review import ConnectionReview
from editor.studio.document import ScenarioDocument
from editor.studio.edit_commands import EditCommands
from editor.studio.files import Autosaver
from editor.studio.lab.actions import close_lab_windows
from editor.studio.map.scene import MapScene
from editor.studio.map.tools.base import Tool
from editor.studio.map.view import MapView
from editor.studio.mods.attach import attach as attach_mods
from editor.studio.mods.attach import detach as detach_mods
from editor.studio.panels.explorer import Explorer
from editor.studio.panels.inspector import Inspector
from editor.studio.panels.issues import IssuesPanel, Target, counts_text
from editor.studio.panels.layers import LayersPanel
from editor.studio.validation_runner import ValidationRunner
from editor.studio.window_actions import build_actions, tool_classes
from editor.studio.window_edits import EditController
from editor.studio.window_files import FileController
from editor.studio.window_layout import (
    DOCKS,
    STATE,
    PanelHolder,
    apply_default_layout,
    size_default_layout,
)
from editor.studio.window_map_menu import MapMenu
from editor.studio.window_new import NewScenario
from editor.studio.window_tabs import CentreTabs, EditorPage, placeholder_label
from schemas.issues import Issue

AUTOSAVE_MS = 30_000


class StudioWindow(QMainWindow):
    """A scenario designer's workspace."""

    def __init__(self, *, autosave_ms: int = AUTOSAVE_MS) -> None:
        super().__init__()
        self.session = uuid.uuid4().hex[:12]
        self.autosave_ms = autosave_ms
        self.document: ScenarioDocument | None = None
        self.scene: MapScene | None = None
        self.view: MapView | None = None
        self.validation: ValidationRunner | None = None
        self.autosaver: Autosaver | None = None
        self.load_issues: list[Issue] = []
        self.tools: dict[str, Tool] = {}
        self.mods: object = None
        """The mods of the document (``studio/mods/attach.py``), when it is a stack."""
        self.setWindowTitle("Salient")
        self.setDockNestingEnabled(True)
        self.placeholder = placeholder_label()
        self.tabs = CentreTabs(self.placeholder)
        self.tabs.currentEditorChanged.connect(lambda _key: self._cover_inspector())
        self.setCentralWidget(self.tabs)
        self.holders: dict[str, PanelHolder] = {}
        self.docks: dict[str, QDockWidget] = {}
        for name, title, area in DOCKS:
            self.docks[name] = add_dock(self, name, title, area)
            self.holders[name] = PanelHolder()
            self.docks[name].setWidget(self.holders[name])
        apply_default_layout(self)
        self._placed = False
        self._reopen_editors: tuple[list[str], str] | None = None
        """Editors to open with the next document, and the one to show (``None``: those of
        the last run)."""
        self.coordinates = QLabel()
        # A fixed width: a label whose size follows its text lays the status bar out again and
        # repaints all of it at each mouse move.
        widest = self.coordinates.fontMetrics().horizontalAdvance(
            "off the grid   x -0000000.0   y -0000000.0"
        )
        self.coordinates.setFixedWidth(max(170, widest + 8))
        self.hint = QLabel()
        self.issue_count = QLabel()
        self.zoom_note = set_muted(QLabel("Units hidden at this zoom"))
        self.zoom_note.setToolTip(
            "Stacks, structures and supply sources are too small to draw at this zoom: zoom in"
        )
        self.zoom_note.hide()
        self.statusBar().addWidget(self.hint, 1)
        self.statusBar().addPermanentWidget(self.zoom_note)
        self.statusBar().addPermanentWidget(self.issue_count)
        self.statusBar().addPermanentWidget(self.coordinates)
        self.files = FileController(self)
        self.edits = EditController(self)
        self.edit_commands = EditCommands(self)
        build_actions(self)
        self.set_document(None)

    # -- layout ----------------------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(1500, 920)

    def setVisible(self, visible: bool) -> None:
        """The first time the window shows: where the designer left it, with the docks as
        they were arranged; else fitted to the screen, in the default layout."""
        if not visible or self._placed:
            super().setVisible(visible)
            return
        self._placed = True
        if not STATE.restore_geometry(self):
            available = available_area(self)
            self.setGeometry(fitted_geometry(available))
            if starts_maximised(available):
                self.setWindowState(self.windowState() | Qt.WindowState.WindowMaximized)
        restored = STATE.restore_docks(self)
        super().setVisible(visible)
        if not restored:
            # Sized against the size the window really got.
            size_default_layout(self)

    def reset_layout(self) -> None:
        """View > Reset layout: every dock back in its default place and size, and the
        window fitted to its screen."""
        if not (self.isMaximized() or self.isFullScreen()):
            self.setGeometry(fitted_geometry(available_area(self)))
        apply_default_layout(self)
        self.remember_layout()
        self.show_message("The window's layout is back to the default.")

    def remember_layout(self) -> None:
        """Keep the window's place and its docks' arrangement for the next run."""
        STATE.save(self)

    # -- documents -------------------------------------------------------------------------------

    def set_document(
        self,
        document: ScenarioDocument | None,
        load_issues: list[Issue] | None = None,
        text_check: Callable[[], list[Issue]] | None = None,
    ) -> None:
        """Show a document (``None``: nothing open, e.g. a file that failed to load);
        ``text_check``: what is left to check of its file's text, run in the background
        once the map is shown, its issues joining ``load_issues``."""
        self._release_document()
        self.document = document
        self.edit_commands.set_document(document)
        self.load_issues = list(load_issues or [])
        issues = IssuesPanel(document)
        issues.activated.connect(self.show_target)
        issues.countsChanged.connect(self._show_counts)
        self.holders["issues"].set_panel(issues)
        self.issues = issues
        if document is None:
            self._show_empty()
            issues.set_issues(self.load_issues)
            self.update_title()
            self.actions_enabled(False)
            hex_tools.attach(self)
            attach_mods(self)
            return
        hexes = document.scenario.hex_map is not None
        if document.frame is None and not document.scenario.regions and not hexes:
            # An empty map still needs a sheet to draw on.
            document.set_frame(NewScenario().frame)
        self.scene = MapScene(document)
        self.view = MapView(self.scene)
        self.view.cursorMoved.connect(self._show_coordinates)
        self.view.toolChanged.connect(self._tool_changed)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._map_menu)
        self.tabs.show_map_widget(self.view)
        self.tools = {cls.name: cls(document) for cls in tool_classes()}
        for tool in self.tools.values():
            tool.message = self.show_message  # type: ignore[attr-defined]
        self.set_tool("select")
        self.inspector = Inspector(document)
        self.holders["inspector"].set_panel(self.inspector)
        document.selectionChanged.connect(lambda _selection: self._cover_inspector())
        self.explorer = Explorer(document)
        self.explorer.zoomRequested.connect(self.zoom_to_entity)
        self.explorer.addRequested.connect(self.edits.add_entity)
        self.explorer.duplicateRequested.connect(self.edits.duplicate_entity)
        self.explorer.renameRequested.connect(self.edits.rename_entity)
        self.holders["explorer"].set_panel(self.explorer)
        self.layers_panel = LayersPanel(self.scene)
        self.layers_panel.zoomHides.connect(self.zoom_note.setVisible)
        self.zoom_note.setVisible(self.layers_panel.hides)
        self.holders["layers"].set_panel(self.layers_panel)
        self.holders["history"].set_panel(QUndoView(document.undo_stack))
        self.connection_review = ConnectionReview(document)
        self.holders["connections"].set_panel(self.connection_review)
        self.undo_group.addStack(document.undo_stack)
        self.undo_group.setActiveStack(document.undo_stack)
        self.validation = ValidationRunner(document, text_check=text_check)
        self.validation.textChecked.connect(self._text_checked)
        self.validation.updated.connect(self._validated)
        self.autosaver = Autosaver(document, self.session, self.autosave_ms)
        self.autosaver.failed.connect(self.files.autosave_failed)
        document.undo_stack.cleanChanged.connect(self.update_title)
        document.undo_stack.indexChanged.connect(self.update_title)
        document.pathChanged.connect(self.update_title)
        self.update_title()
        self.actions_enabled(True)
        hex_tools.attach(self)  # the tools of the map's kind, and the hex options bar
        self.view.zoom_to_fit()
        self._open_remembered_editors()
        attach_mods(self)
        self.validation.run_after_paint(self.view.viewport())

    def _release_document(self) -> None:
        detach_mods(self)
        self.holders["changes"].set_panel(None)
        document = self.document
        if document is not None:
            for signal in (
                document.undo_stack.cleanChanged,
                document.undo_stack.indexChanged,
                document.pathChanged,
            ):
                signal.disconnect(self.update_title)
        if self.autosaver is not None:
            self.autosaver.stop()
            self.autosaver = None
        if self.validation is not None:
            self.validation.wait()
            self.validation.updated.disconnect()
            self.validation = None
        if self.document is not None:
            self._reopen_editors = (self.tabs.open_keys(), self.tabs.current_editor() or "")
        self.tabs.close_all()
        self.holders["inspector"].cover(None)
        for name in ("inspector", "explorer", "layers", "history", "connections"):
            self.holders[name].set_panel(None)
        self.zoom_note.hide()
        if self.view is not None:
            self.tabs.show_map_widget(self.placeholder)
            self.view.deleteLater()
            self.view = None
            self.scene = None
        self.tools = {}
        if self.document is not None:
            self.undo_group.removeStack(self.document.undo_stack)
            # PySide crashes if the stack's commands are freed in the same collection as the
            # scene and panels that listened to the document; empty it while they are alive.
            self.document.undo_stack.clear()

    def _show_empty(self) -> None:
        if self.load_issues:
            text = (
                f"This file could not be opened: {len(self.load_issues)} problem(s), listed "
                "under Issues with their line and column. Fix them in a text editor and open "
                "the file again, or open another scenario (File ▸ Open)."
            )
        else:
            text = "No scenario open. Use File ▸ New or File ▸ Open."
        self.tabs.show_map_widget(self.placeholder)
        self.placeholder.setText(text)

    def actions_enabled(self, enabled: bool) -> None:
        """Actions that need a scenario are off while none is open."""
        for action in self.document_actions:
            action.setEnabled(enabled)

    def update_title(self, *_why: object) -> None:
        document = self.document
        if document is None:
            failed = self.files.failed_path
            self.setWindowTitle(f"{failed.name} (not opened) — Salient" if failed else "Salient")
            return
        name = document.display_name
        self.setWindowTitle(f"{name}{'*' if document.modified else ''} — Salient")

    def focus_map(self) -> None:
        """Give the map the keyboard (after a dialog), so tool keys work at once."""
        if self.view is not None:
            self.activateWindow()
            self.tabs.show_map()
            self.view.setFocus()

    # -- tools and status ------------------------------------------------------------------------

    def set_tool(self, name: str) -> None:
        if not hex_tools.offered(self, name):
            self.show_message(hex_tools.refusal(self, name))
            return
        if self.view is not None and name in self.tools:
            self.view.set_tool(self.tools[name])

    def _tool_changed(self, tool: Tool) -> None:
        self.hint.setText(tool.hint)
        action = self.tool_actions.get(tool.name)
        if action is not None:
            action.setChecked(True)

    def show_message(self, text: str, *, lasting: bool = False) -> None:
        """A note in the status bar for a few seconds; ``lasting``: until the next note (a
        failure the person must not miss while looking elsewhere)."""
        self.statusBar().showMessage(text, 0 if lasting else 6000)
        self._lasting_message = lasting

    def forget_passing_message(self) -> None:
        """Clear a passing note (Undo and Redo call this: "Added the unit type Infantry"
        read on after the addition was undone); a lasting one stays."""
        if not getattr(self, "_lasting_message", False):
            self.statusBar().clearMessage()

    def _show_coordinates(self, point: QPointF) -> None:
        text = f"x {point.x():.1f}   y {point.y():.1f}"
        hex_id = hex_tools.hex_status(self, point)
        self.coordinates.setText(f"{hex_id}   {text}" if hex_id else text)

    def _show_counts(self, errors: int, warnings: int) -> None:
        if not errors and not warnings:
            self.issue_count.setText("✓ no issues")
            self.issue_count.setStyleSheet("color: #2e7d32;")
        else:
            self.issue_count.setText(counts_text(errors, warnings))
            self.issue_count.setStyleSheet("color: #c62828;" if errors else "color: #b26a00;")
        self.docks["issues"].setWindowTitle(f"Issues ({errors + warnings})")

    def forget_load_issues(self) -> None:
        """Stop listing what loading the file reported: the file was just written anew."""
        self.load_issues = []
        if self.validation is not None:
            self.issues.set_issues(list(self.validation.issues))

    def _text_checked(self, issues: list[Issue]) -> None:
        if issues:
            self.load_issues.extend(issues)
            if self.validation is not None:
                self.issues.set_issues([*self.load_issues, *self.validation.issues])

    def _validated(self, issues: list[Issue], problems: list[object]) -> None:
        self.issues.set_issues([*self.load_issues, *issues])
        if self.scene is not None:
            self.scene.set_issues(issues)
            self.scene.set_problems(problems)  # type: ignore[arg-type]

    def key_for_tool(self, key: Qt.Key) -> bool:
        """Offer a key to the current tool first (Delete, Escape); ``True`` if it used it."""
        if self.view is None or self.view.tool is None:
            return False
        event = QKeyEvent(QKeyEvent.Type.KeyPress, key, Qt.KeyboardModifier.NoModifier)
        return self.view.tool.key_press(event)

    def _map_menu(self, pos: QPoint) -> None:
        """Right-click on a region: set its terrain or owner, rename it, add things there,
        zoom to it, delete it (see :mod:`.window_map_menu`)."""
        if self.view is None or self.scene is None or self.document is None:
            return
        point = self.view.mapToScene(pos)
        region_id = self.tools["select"].region_at(point) if "select" in self.tools else None
        if region_id is None:
            ground = self.edit_commands.ground_menu((point.x(), point.y()))
            if ground is not None:
                ground.popup(self.view.viewport().mapToGlobal(pos))
                self.map_context_menu = ground
            return
        menu = QMenu(self)
        MapMenu(self).fill(menu, region_id, (point.x(), point.y()))
        menu.popup(self.view.viewport().mapToGlobal(pos))
        self.map_context_menu = menu

    # -- going to things -------------------------------------------------------------------------

    def show_target(self, target: Target) -> None:
        if target.section == "rules" and target.field[:1] in (("operational",), ("family",)):
            # The family and its tables are edited in the rules editor, which follows the
            # selection's field to the chapter and cell.
            page = self.open_section("rules")
            editor = page.widget() if page is not None else None
            if editor is not None and self.document is not None:
                editor.on_selection(self.document.selection)  # type: ignore[attr-defined]
            return
        if target.section and target.entity:
            self.zoom_to_entity(target.section, target.entity)
        elif target.at is not None and self.view is not None:
            self.view.zoom_to(QPointF(*target.at), self._span())

    def _span(self) -> float:
        assert self.scene is not None
        rect = self.scene.map_rect()
        return max(rect.width(), rect.height()) / 6 or 100.0

    def entity_rect(self, section: str, entity_id: str) -> QRectF | None:
        """Where an entity is drawn, for zooming to it."""
        scene = self.scene
        if scene is None:
            return None
        if scene.hexes is not None and section in ("regions", "connections"):
            return scene.hexes.rect_of(section, entity_id)
        if section == "regions" and entity_id in scene.region_paths:
            return scene.region_paths[entity_id].boundingRect()
        if section == "connections":
            link = scene.connections.item(entity_id)
            return link.path().boundingRect() if link is not None else None
        table = {"structures": scene.structure_items, "supply_sources": scene.source_items}
        if section in table and entity_id in table[section]:
            pos = table[section][entity_id].pos()
            return QRectF(pos.x() - 1, pos.y() - 1, 2, 2)
        if section in ("units", "leaders"):
            for item in scene.stack_items:
                if entity_id in getattr(item, "units", ()):
                    pos = item.pos()
                    return QRectF(pos.x() - 1, pos.y() - 1, 2, 2)
        return None

    def zoom_to_entity(self, section: str, entity_id: str) -> None:
        rect = self.entity_rect(section, entity_id)
        if rect is None or self.view is None:
            return
        span = self._span()
        if rect.width() < span and rect.height() < span:
            self.view.zoom_to(rect.center(), span)
        else:
            self.view.zoom_to_fit(rect)

    # -- section editors -------------------------------------------------------------------------

    def open_section(self, key: str) -> EditorPage | None:
        """Show the editor of a section as a tab beside the map (built on first use)."""
        if self.document is None:
            return None
        return self.tabs.open_editor(key, self.document)

    def close_section(self) -> None:
        """Close the section editor shown (Ctrl+W); the map cannot be closed."""
        key = self.tabs.current_editor()
        if key is not None:
            self.tabs.close_editor(key)

    def _open_remembered_editors(self) -> None:
        keys, current = self._reopen_editors or self.tabs.remembered()
        self._reopen_editors = None
        for key in keys:
            self.open_section(key)
        if current in self.tabs.pages:
            self.tabs.setCurrentWidget(self.tabs.pages[current])
        else:
            self.tabs.show_map()
        self.tabs.remember()

    def _cover_inspector(self) -> None:
        """Leave to a shown section editor the entities it edits (no second form of them)."""
        document = self.document
        holder = self.holders["inspector"]
        owner = self.tabs.owner_of(document.selection.section) if document else None
        if owner is None:
            holder.cover(None)
            return
        title = sections.entry(owner).title
        holder.cover(
            f"The selection is being edited in the {title} tab.\n\nSelect something on the "
            "map to edit it here.",
            "Show the map",
            self.tabs.show_map,
        )

    # -- closing ---------------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.files.may_discard():
            event.ignore()
            return
        if self.autosaver is not None:
            self.autosaver.discard()
        player = self.findChild(QObject, "studio-play")
        if player is not None:  # a game started with Play closes with the studio
            player.close_game()  # type: ignore[attr-defined]
        close_lab_windows(self)
        self.remember_layout()
        self.tabs.remember()
        self._release_document()
        self.document = None
        event.accept()

"""Menus, toolbar and shortcuts of the studio window.

Actions act on whatever document the window holds when they fire, so they are built once.
Delete and Escape go to the current map tool first (a tool may be half-way through drawing),
then to the selection.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QToolBar

from editor.studio import sections
from editor.studio.changes import add_compare_actions
from editor.studio.help import add_help_entries
from editor.studio.lab.actions import add_lab_actions
from editor.studio.map.tools.base import Tool
from editor.studio.map.tools.connect import ConnectTool
from editor.studio.map.tools.draw import DrawRegionTool
from editor.studio.map.tools.hexbrush import HexBrushTool
from editor.studio.map.tools.hexline import HexLineTool
from editor.studio.map.tools.select import SelectTool
from editor.studio.map.tools.split import SplitTool
from editor.studio.map.tools.vertex import VertexTool
from editor.studio.mods.attach import add_open_action as add_open_with_mods
from editor.studio.window_gis import add_map_actions

if TYPE_CHECKING:
    from editor.studio.window import StudioWindow


def tool_classes() -> list[type[Tool]]:
    """The map tools, in toolbar order."""
    regions = [DrawRegionTool, VertexTool, SplitTool, ConnectTool]
    return [SelectTool, *regions, HexBrushTool, HexLineTool]


def _action(
    window: StudioWindow,
    text: str,
    slot: object,
    shortcut: QKeySequence | str | QKeySequence.StandardKey | None = None,
    tip: str = "",
    document_only: bool = True,
) -> QAction:
    action = QAction(text, window)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    if tip:
        action.setToolTip(tip)
        action.setStatusTip(tip)
    action.triggered.connect(lambda _checked=False: slot())  # type: ignore[operator]
    window.addAction(action)
    if document_only:
        window.document_actions.append(action)
    return action


def build_actions(window: StudioWindow) -> None:
    """Create the window's menus and toolbars."""
    window.document_actions = []
    files, edits = window.files, window.edits
    menu = window.menuBar()

    file_menu = menu.addMenu("&File")
    file_menu.addAction(
        _action(window, "&New", files.new, QKeySequence.StandardKey.New, document_only=False)
    )
    file_menu.addAction(
        _action(window, "&Open…", files.open, QKeySequence.StandardKey.Open, document_only=False)
    )
    window.recent_menu = file_menu.addMenu("Open &recent")
    window.recent_menu.aboutToShow.connect(files.fill_recent_menu)
    add_open_with_mods(window, file_menu)
    file_menu.addSeparator()
    window.save_action = _action(window, "&Save", files.save, QKeySequence.StandardKey.Save)
    file_menu.addAction(window.save_action)
    file_menu.addAction(_action(window, "Save &as…", files.save_as, "Ctrl+Shift+S"))
    file_menu.addSeparator()
    add_compare_actions(window, file_menu)
    file_menu.addSeparator()
    file_menu.addAction(
        _action(
            window,
            "&Import regions from GeoJSON (exact, map units)…",
            files.import_geojson,
            tip="Add or update regions from a GeoJSON file in map units, as exported",
        )
    )
    file_menu.addAction(
        _action(
            window,
            "&Export regions to GeoJSON (exact, map units)…",
            files.export_geojson,
            tip="Write the regions to a GeoJSON file in map units, to import back exactly",
        )
    )
    add_map_actions(window, file_menu)
    file_menu.addSeparator()
    file_menu.addAction(
        _action(window, "&Quit", window.close, QKeySequence.StandardKey.Quit, document_only=False)
    )

    edit_menu = menu.addMenu("&Edit")
    window.undo_group = QUndoGroup(window)
    undo = window.undo_group.createUndoAction(window, "&Undo")
    undo.setShortcut(QKeySequence("Ctrl+Z"))
    redo = window.undo_group.createRedoAction(window, "&Redo")
    redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
    for action in (undo, redo):
        action.triggered.connect(window.forget_passing_message)
        window.addAction(action)
        edit_menu.addAction(action)
    edit_menu.addSeparator()
    window.edit_commands.add_clipboard_entries(edit_menu)
    edit_menu.addSeparator()
    edit_menu.addAction(
        _action(
            window, "&Delete", edits.delete_selection, "Delete", tip="Delete the selected entities"
        )
    )
    window.edit_commands.add_select_all(edit_menu)
    edit_menu.addAction(_action(window, "Select &none", edits.escape, "Escape"))
    edit_menu.addAction(
        _action(
            window,
            "Re&name…",
            edits.rename_selection,
            "F2",
            tip="Change the selected entity's id everywhere",
        )
    )
    edit_menu.addSeparator()
    window.edit_commands.add_find_entries(edit_menu)
    edit_menu.addSeparator()
    edit_menu.addAction(
        _action(
            window,
            "&Merge selected regions",
            edits.merge_regions,
            "Ctrl+M",
            tip="Join the selected neighbouring regions",
        )
    )

    view_menu = menu.addMenu("&View")
    view_menu.addAction(
        _action(window, "Zoom to &fit", lambda: window.view and window.view.zoom_to_fit(), "Ctrl+0")
    )
    view_menu.addAction(
        _action(
            window,
            "Zoom &in",
            lambda: window.view and window.view.zoom_by(1.25),
            QKeySequence.StandardKey.ZoomIn,
        )
    )
    view_menu.addAction(
        _action(
            window,
            "Zoom &out",
            lambda: window.view and window.view.zoom_by(0.8),
            QKeySequence.StandardKey.ZoomOut,
        )
    )
    view_menu.addAction(_action(window, "Zoom to &selection", edits.zoom_to_selection, "Z"))
    view_menu.addSeparator()
    panels = view_menu.addMenu("&Panels")
    for dock in window.docks.values():
        panels.addAction(dock.toggleViewAction())
    view_menu.addAction(
        _action(
            window,
            "&Reset layout",
            window.reset_layout,
            tip="Put every panel back in its default place and size",
            document_only=False,
        )
    )
    view_menu.addSeparator()
    view_menu.addAction(
        _action(window, "Show the &map", window.tabs.show_map, "Ctrl+1", document_only=False)
    )
    view_menu.addAction(
        _action(
            window,
            "&Close the section editor",
            window.close_section,
            QKeySequence.StandardKey.Close,
            tip="Close the section editor shown in the middle of the window",
        )
    )

    tool_bar = QToolBar("Map tools")
    tool_bar.setObjectName("toolbar-tools")
    tool_bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    window.addToolBar(Qt.ToolBarArea.TopToolBarArea, tool_bar)
    tools_menu = menu.addMenu("&Tools")
    group = QActionGroup(window)
    window.tool_actions = {}
    for cls in tool_classes():
        action = _action(
            window,
            cls.label,
            lambda name=cls.name: window.set_tool(name),
            cls.shortcut,
            tip=f"{cls.label} ({cls.shortcut}): {cls.hint}",
        )
        action.setCheckable(True)
        group.addAction(action)
        tool_bar.addAction(action)
        tools_menu.addAction(action)
        window.tool_actions[cls.name] = action
    tool_bar.addSeparator()
    window.play_action = _action(
        window, "▶ Play", lambda: _play(window), "F5", tip="Play this scenario now (F5)"
    )
    window.play_action.setObjectName("play")
    tool_bar.addAction(window.play_action)
    add_lab_actions(window, tools_menu, view_menu)

    scenario_menu = menu.addMenu("&Scenario")
    for entry in sections.EDITORS:
        scenario_menu.addAction(
            _action(
                window, entry.title, lambda key=entry.key: window.open_section(key), tip=entry.tip
            )
        )
    scenario_menu.addSeparator()
    scenario_menu.addAction(
        _action(window, "&Derive connections from borders", edits.derive_connections)
    )
    scenario_menu.addAction(
        _action(
            window,
            "&Validate now",
            lambda: window.validation and window.validation.run_now(),
            "Shift+F5",
        )
    )
    scenario_menu.addAction(window.play_action)

    add_help_entries(window, menu.addMenu("&Help"))


def _play(window: StudioWindow) -> None:
    # Imported on first use: the game view (and pyqtgraph) need not slow the studio's start.
    from editor.studio.play import play_from_studio

    play_from_studio(window)

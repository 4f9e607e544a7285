"""The File menu's map entries: Import map… (GIS files, with a live preview) and Export map
picture… (PNG, SVG, PDF). Kept apart from the rest of the menus: one call adds them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

if TYPE_CHECKING:
    from editor.studio.window import StudioWindow


def add_map_actions(window: StudioWindow, menu: QMenu) -> None:
    """Add Import map… and Export map picture… to ``menu``."""

    def import_map() -> None:
        from editor.studio.gis_import import open_import_dialog

        dialog = open_import_dialog(window)
        window.gis_dialog = dialog
        if dialog is not None:  # the window never holds a dialog that deleted itself
            dialog.finished.connect(lambda _result: setattr(window, "gis_dialog", None))

    def export_picture() -> None:
        from editor.studio.picture_dialog import open_picture_dialog

        dialog = open_picture_dialog(window)
        window.picture_dialog = dialog
        if dialog is not None:
            dialog.finished.connect(lambda _result: setattr(window, "picture_dialog", None))

    importing = QAction("Import &map…", window)
    importing.setShortcut(QKeySequence("Ctrl+Shift+I"))
    importing.setStatusTip(
        "Regions, towns, rivers and roads from GeoJSON, Shapefile or GeoPackage, projected and "
        "simplified, with a preview"
    )
    importing.triggered.connect(lambda _checked=False: import_map())
    exporting = QAction("Export map &picture…", window)
    exporting.setStatusTip("The map as a PNG, SVG or PDF for rulebooks, forums and print")
    exporting.triggered.connect(lambda _checked=False: export_picture())
    for action in (importing, exporting):
        window.addAction(action)
        menu.addAction(action)
    window.document_actions.append(exporting)

"""Edit commands of the studio window that are not tied to one panel.

Delete, Escape, rename, merge, add and duplicate act on the shared selection, so they work
the same from the map, the explorer or the menus.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import ValidationError
from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QInputDialog, QLineEdit

from editor.studio.document import LIST_SECTIONS, ScenarioDocument
from editor.studio.forms.defaults import default_model
from editor.studio.forms.model_form import humanise
from editor.studio.map.geometry_actions import delete_regions, merge_regions
from editor.studio.naming import new_id, numbered_id
from editor.studio.panels.inspector import document_choices, entity_type
from schemas.geometry.outlines import GeometryEditError
from schemas.units import Location

if TYPE_CHECKING:
    from editor.studio.window import StudioWindow


class EditController(QObject):
    def __init__(self, window: StudioWindow) -> None:
        super().__init__(window)
        self.window = window

    @property
    def document(self) -> ScenarioDocument | None:
        return self.window.document

    def delete_selection(self) -> None:
        if self.window.key_for_tool(Qt.Key.Key_Delete):
            return
        document = self.document
        if document is None or not document.selection.ids:
            return
        section, ids = document.selection.section, list(document.selection.ids)
        assert section is not None
        if document.scenario.hex_map is not None and section in ("regions", "connections"):
            self.window.show_message(clear_hexes(document, section, ids))
        elif section == "regions":
            self.window.show_message(delete_regions(document, ids))
        elif section in LIST_SECTIONS:
            document.delete(section, ids)

    def escape(self) -> None:
        if self.window.key_for_tool(Qt.Key.Key_Escape):
            return
        if self.document is not None:
            self.document.select(None)

    def merge_regions(self) -> None:
        document = self.document
        if document is None:
            return
        selection = document.selection
        if selection.section != "regions" or len(selection.ids) < 2:
            self.window.show_message("Select two or more neighbouring regions to merge.")
            return
        try:
            survivor = merge_regions(document, list(selection.ids))
        except GeometryEditError as error:
            self.window.show_message(str(error))
            return
        document.select("regions", [survivor])

    def zoom_to_selection(self) -> None:
        selection = self.document.selection if self.document else None
        if selection and selection.section and selection.ids:
            self.window.zoom_to_entity(selection.section, selection.ids[0])

    def rename_selection(self) -> None:
        selection = self.document.selection if self.document else None
        if selection and selection.section in LIST_SECTIONS and len(selection.ids) == 1:
            self.rename_entity(selection.section, selection.ids[0])

    def rename_entity(self, section: str, entity_id: str) -> None:
        document = self.document
        if document is None:
            return
        new, ok = QInputDialog.getText(
            self.window, "Rename", f"New id for {entity_id}:", QLineEdit.EchoMode.Normal, entity_id
        )
        if not ok or not new.strip() or new.strip() == entity_id:
            return
        try:
            document.rename(section, entity_id, new.strip())
        except (ValueError, ValidationError) as error:
            text = error.errors()[0]["msg"] if isinstance(error, ValidationError) else str(error)
            self.window.show_message(f"Cannot rename {entity_id}: {text}")
            return
        document.select(section, [new.strip()])

    def add_entity(self, section: str, place: dict[str, object] | None = None) -> None:
        """Add the plainest valid entity to a section and select it for editing.

        With regions selected on the map, the new entity goes there: a structure or supply
        source into the region, a unit or leader placed in it, a connection between the two.
        """
        document = self.document
        if document is None:
            return
        stem = section.rstrip("s") if section != "terrain" else "terrain"
        entity_id = numbered_id(document, section, stem)
        model = entity_type(section)
        given = {"id": entity_id, **(place if place is not None else self._placed(model))}
        try:
            entity = default_model(model, document_choices(document), stem=humanise(stem), **given)
        except ValueError as error:
            self.window.show_message(f"Cannot add to {humanise(section).lower()}: {error}")
            return
        document.add(section, entity, text=f"Add {entity_id}")  # type: ignore[arg-type]
        document.select(section, [entity_id])

    def _placed(self, model: type) -> dict[str, object]:
        """Field values putting a new entity where the designer has selected regions."""
        selection = self.document.selection if self.document else None
        if selection is None or selection.section != "regions" or not selection.ids:
            return {}
        fields = model.model_fields  # type: ignore[attr-defined]
        regions = list(selection.ids)
        if "a" in fields and "b" in fields and len(regions) == 2:
            return {"a": regions[0], "b": regions[1]}
        if "region" in fields:
            return {"region": regions[0]}
        if "location" in fields:
            return {"location": Location(region=regions[0])}
        return {}

    def duplicate_entity(self, section: str, entity_id: str) -> None:
        document = self.document
        original = document.get(section, entity_id) if document else None
        if document is None or original is None:
            return
        copy_id = new_id(document, section, entity_id)
        data = original.model_dump(by_alias=True)
        data["id"] = copy_id
        if data.get("name"):
            data["name"] = f"{data['name']} (copy)"
        copy = type(original).model_validate(data)
        position = document.index_of(section, entity_id) + 1
        document.add(section, copy, position, f"Duplicate {entity_id}")
        document.select(section, [copy_id])

    def derive_connections(self) -> None:
        dock = self.window.docks["connections"]
        dock.show()
        dock.raise_()
        self.window.connection_review.derive()


def clear_hexes(document: ScenarioDocument, section: str, ids: list[str]) -> str:
    """Delete on a hex map: a hex is a place of the grid and stays; a hexside loses its
    feature, bridge and crossing site (one undo step). Returns what the status bar says."""
    if section == "regions":
        return "Hexes are the grid's and cannot be deleted: paint them with the brush (B)"
    from schemas.hexgrid.edit import set_bridges, set_crossing_sites, set_hexsides
    from schemas.hexgrid.grid import HexGrid

    hex_map = document.scenario.hex_map
    assert hex_map is not None
    grid = HexGrid.of(hex_map)
    numbers = []
    for side in ids:
        first, _, second = side.partition("-")
        a, b = grid.find(first), grid.find(second)
        number = grid.hexside(a, b) if a is not None and b is not None else None
        if number is not None:
            numbers.append(number)
    edited = set_bridges(set_hexsides(hex_map, numbers, None, grid), numbers, False, grid)
    edited = set_crossing_sites(edited, numbers, False, grid)
    if edited is hex_map:
        return "The selected hexside has no feature to clear"
    what = ids[0] if len(ids) == 1 else f"{len(ids)} hexsides"
    document.set_section("hex_map", edited, f"Clear hexside {what}")
    return f"Cleared the features of {what}"

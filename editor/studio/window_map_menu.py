"""The map's context menu: what a designer does to a region where it is.

Right-click on a region sets its terrain or owner, renames it, adds a structure, a supply
source, a unit or a leader there, zooms to it or deletes it. With several regions selected,
a right-click on one of them sets the terrain or owner of all of them. Each entry is one
undoable step through the document.

Units and leaders added here belong to the nation that owns the region (the first nation
only where nobody does); a submenu adds them for another nation. A scenario without unit
types gets a plain infantry type in the same step, so the first unit can be placed at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import ValidationError
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QInputDialog, QLineEdit, QMenu

from editor.studio.document import ScenarioDocument
from editor.studio.map.geometry_actions import delete_regions
from editor.studio.naming import new_id
from schemas.units import Location, UnitType

if TYPE_CHECKING:
    from editor.studio.window import StudioWindow


def first_unit_type(document: ScenarioDocument) -> UnitType:
    """The type a new scenario's first unit gets: foot infantry of middling values."""
    return UnitType(
        id=new_id(document, "unit_types", "infantry"),
        name="Infantry",
        short_name="Inf",
        attack=2,
        defence=2,
        morale=3,
        movement=3,
        hit_points=2,
    )


def owner_nation(document: ScenarioDocument, region_id: str) -> str | None:
    """The nation a unit placed in a region belongs to by default: the region's owner,
    else the first nation."""
    region = document.get("regions", region_id)
    owner = region.owner if region is not None else None
    if owner and document.get("nations", owner) is not None:
        return str(owner)
    nations = document.items("nations")
    return nations[0].id if nations else None


class MapMenu:
    """Builds the context menu of a region for a window (see the module)."""

    def __init__(self, window: StudioWindow) -> None:
        self.window = window

    @property
    def document(self) -> ScenarioDocument:
        document = self.window.document
        assert document is not None
        return document

    def targets(self, region_id: str) -> list[str]:
        """The regions a terrain or owner chosen on ``region_id`` applies to: the selection
        when the region is in it, else the region alone."""
        selection = self.document.selection
        if selection.section == "regions" and region_id in selection.ids:
            return list(selection.ids)
        return [region_id]

    def fill(self, menu: QMenu, region_id: str, point: tuple[float, float]) -> None:
        document = self.document
        if document.scenario.hex_map is not None:
            self._fill_hex(menu, region_id, point)
            return
        region = document.get("regions", region_id)
        if region is None:
            return
        targets = self.targets(region_id)
        several = f" ({len(targets)} regions)" if len(targets) > 1 else ""
        menu.addSection(region.name or region_id)
        terrain = menu.addMenu(f"&Terrain{several}")
        self._choices(
            terrain,
            [(t.id, t.name or t.id) for t in document.items("terrain")],
            region.terrain,
            lambda value: self.set_field(targets, "terrain", value),
        )
        owner = menu.addMenu(f"&Owner{several}")
        sides = {s.id: s.name for s in document.items("sides")}
        self._choices(
            owner,
            [(None, "(nobody)")]
            + [
                (n.id, f"{n.name} ({sides.get(n.side, n.side)})") for n in document.items("nations")
            ],
            region.owner,
            lambda value: self.set_field(targets, "owner", value),
        )
        menu.addAction("&Rename…", lambda: self.rename(region_id))
        menu.addSeparator()
        self._add_entries(menu, region_id, point, owner_nation(document, region_id))
        self.window.edit_commands.fill_region_menu(menu, region_id, point)
        menu.addSeparator()
        menu.addAction(
            "&Zoom to the region", lambda: self.window.zoom_to_entity("regions", region_id)
        )
        menu.addAction("&Delete the region", lambda: self.delete(region_id))

    def _fill_hex(self, menu: QMenu, hex_id: str, point: tuple[float, float]) -> None:
        """The menu of a hex: its terrain and owner (of every selected hex), its name, and
        what can be added there (see :mod:`.panels.hex_inspector` for the rest)."""
        from schemas.hexgrid.decode import decode
        from schemas.hexgrid.edit import layer_values, paint, record_of, with_record_field
        from schemas.hexgrid.grid import HexGrid

        document = self.document
        hex_map = document.scenario.hex_map
        assert hex_map is not None
        grid = HexGrid.of(hex_map)
        index = grid.find(hex_id)
        if index is None:
            return
        decoded = decode(hex_map, grid)
        targets = [i for h in self.targets(hex_id) if (i := grid.find(h)) is not None]
        several = f" ({len(targets)} hexes)" if len(targets) > 1 else ""
        name = record_of(hex_map, hex_id).name
        menu.addSection(f"{name} ({hex_id})" if name else f"Hex {hex_id}")

        def painter(layer: str, what: str):  # noqa: ANN202 - a slot maker
            def chosen(value: str | None) -> None:
                edited = paint(hex_map, layer, targets, value, grid, decoded)  # type: ignore[arg-type]
                if edited is not hex_map:
                    where = hex_id if len(targets) == 1 else f"{len(targets)} hexes"
                    document.set_section("hex_map", edited, f"Set the {what} of {where}")

            return chosen

        terrain = menu.addMenu(f"&Terrain{several}")
        self._choices(
            terrain,
            [(t.id, t.name or t.id) for t in document.items("terrain")],
            layer_values(hex_map, "terrain", decoded)[index],
            painter("terrain", "terrain"),
        )
        owner = menu.addMenu(f"&Owner{several}")
        sides = {s.id: s.name for s in document.items("sides")}
        current_owner = layer_values(hex_map, "owners", decoded)[index]
        self._choices(
            owner,
            [(None, "(nobody)")]
            + [
                (n.id, f"{n.name} ({sides.get(n.side, n.side)})") for n in document.items("nations")
            ],
            current_owner,
            painter("owners", "owner"),
        )

        def rename() -> None:
            text, ok = QInputDialog.getText(
                self.window, "Name the hex", "Name:", QLineEdit.EchoMode.Normal, name
            )
            if ok and text.strip() != name:
                edited = with_record_field(hex_map, hex_id, "name", text.strip())
                document.set_section("hex_map", edited, f"Name hex {hex_id}")

        menu.addAction("&Name…", rename)
        menu.addSeparator()
        nations = document.items("nations")
        owner_id = current_owner or (nations[0].id if nations else None)
        self._add_entries(menu, hex_id, point, owner_id)
        menu.addAction(
            "Find &usages", lambda: self.window.edit_commands.find_usages("regions", hex_id)
        )
        menu.addSeparator()
        menu.addAction("&Zoom to the hex", lambda: self.window.zoom_to_entity("regions", hex_id))

    def _add_entries(
        self, menu: QMenu, region_id: str, point: tuple[float, float], nation: str | None
    ) -> None:
        """Add a structure, a supply source, a unit or a leader in a region (or hex)."""
        document = self.document
        menu.addAction(
            "Add a structure here",
            lambda: self.window.edits.add_entity(
                "structures", {"region": region_id, "anchor": point}
            ),
        )
        menu.addAction(
            "Add a supply source here",
            lambda: self.window.edits.add_entity("supply_sources", {"region": region_id}),
        )
        nations = {n.id: n.name or n.id for n in document.items("nations")}
        for section, noun in (("units", "unit"), ("leaders", "leader")):
            if nation is None:
                menu.addAction(f"Add a {noun} here (no nation yet)").setEnabled(False)
                continue
            menu.addAction(
                f"Add a {nations[nation]} {noun} here",
                lambda s=section: self.add_force(s, region_id, nation),
            )
            others = [n for n in nations if n != nation]
            if others:
                submenu = menu.addMenu(f"Add a {noun} of another nation")
                for other in others:
                    submenu.addAction(
                        nations[other], lambda s=section, o=other: self.add_force(s, region_id, o)
                    )

    @staticmethod
    def _choices(menu: QMenu, options: list[tuple[str | None, str]], current, chosen) -> None:  # noqa: ANN001
        group = QActionGroup(menu)
        for value, text in options:
            action = QAction(text, menu)
            action.setCheckable(True)
            action.setChecked(value == current)
            action.triggered.connect(lambda _checked=False, v=value: chosen(v))
            group.addAction(action)
            menu.addAction(action)

    # -- what the entries do ---------------------------------------------------------------------

    def set_field(self, region_ids: list[str], field: str, value: str | None) -> None:
        document = self.document
        changing = [
            r for r in region_ids if getattr(document.get("regions", r), field, value) != value
        ]
        if not changing:
            return
        what = changing[0] if len(changing) == 1 else f"{len(changing)} regions"
        try:
            with document.macro(f"Set the {field} of {what}"):
                for region_id in changing:
                    document.set_field("regions", region_id, [field], value)
        except (ValueError, ValidationError) as error:
            self.window.show_message(f"Cannot set the {field}: {error}")

    def rename(self, region_id: str) -> None:
        document = self.document
        region = document.get("regions", region_id)
        if region is None:
            return
        name, ok = QInputDialog.getText(
            self.window, "Rename the region", "Name:", QLineEdit.EchoMode.Normal, region.name
        )
        name = name.strip()
        if ok and name and name != region.name:
            document.set_field("regions", region_id, ["name"], name, f"Rename {region.name}")

    def add_force(self, section: str, region_id: str, nation: str) -> None:
        """Add a unit or leader of ``nation`` in a region, making a unit type first when the
        scenario has none (one step)."""
        document = self.document
        place = {"location": Location(region=region_id), "nation": nation}
        if section == "units" and not document.items("unit_types"):
            made = first_unit_type(document)
            with document.macro("Add a unit"):
                document.add("unit_types", made, text=f"Add unit type {made.name}")
                self.window.edits.add_entity(section, {**place, "type": made.id})
            self.window.show_message(
                f"Added the unit type {made.name} for it; change it under Scenario ▸ Unit types."
            )
            return
        self.window.edits.add_entity(section, place)

    def delete(self, region_id: str) -> None:
        self.window.show_message(delete_regions(self.document, [region_id]))

"""The inspector's page for a hex map's hexes and hexsides.

Hexes are the map's regions and hexsides its connections (see :mod:`schemas.places`), but
they are not entities of the file: a hex's terrain, owner and area are runs of the hex map,
its name, VP, income and limits its record, a hexside's feature a listing under its
connection type. This page shows them as fields and turns each edit into one edit of the hex
map (see :mod:`schemas.hexgrid.edit`), through the same forms as every other entity
(reference pickers, validation of each value). Several selected hexes take an edit of their
terrain, owner or area together.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtWidgets import QGroupBox, QLabel, QVBoxLayout, QWidget

from editor.studio.document import ScenarioDocument
from editor.studio.forms.context import FormContext
from editor.studio.forms.model_form import ModelEditor
from schemas.base import AreaId, ConnectionTypeId, NationId, SideId, Slug, StrictModel, TerrainId
from schemas.hexgrid.decode import NETWORK_LEVELS
from schemas.hexgrid.edit import (
    LayerName,
    has_crossing_site,
    hexside_features,
    layer_values,
    paint,
    record_of,
    set_bridges,
    set_crossing_sites,
    set_hexsides,
    set_record,
)
from schemas.hexgrid.grid import HexGrid
from schemas.hexmap import HexRecord
from schemas.places import HexPlaces


class HexFacts(StrictModel):
    """What a hex's runs say about it."""

    terrain: TerrainId
    """The hex's terrain."""
    owner: NationId | None = None
    """The nation that controls it at the start."""
    area: AreaId | None = None
    """The area it belongs to."""
    setup_zone: SideId | None = None
    """OT1: the side whose setup zone it is part of (operational rules)."""
    fixed_zone: Slug | None = None
    """OM20: the fixed zone it is part of (operational rules)."""


class HexsideFacts(StrictModel):
    """What a hexside has."""

    feature: ConnectionTypeId | None = None
    """The feature along it (a river, a ridge...); none: a plain hexside, whose type
    follows from its two hexes."""
    bridge: bool = False
    """A bridge crosses it."""
    crossing_site: bool = False
    """OH11: a crossing site (operational rules): a pontoon may span a major river here."""


HEX_MAP_LISTS = (
    "terrain",
    "owners",
    "areas",
    "hexes",
    "hexsides",
    "bridges",
    "crossing_sites",
    "roads",
    "setup_zones",
    "fixed_zones",
)
"""The hex map's lists, which the inspector's form of the grid leaves to the hex tools."""

FACT_LAYERS: dict[str, LayerName] = {
    "terrain": "terrain",
    "owner": "owners",
    "area": "areas",
    "setup_zone": "setup_zones",
    "fixed_zone": "fixed_zones",
}
ZONE_FACTS = ("setup_zone", "fixed_zone")
"""Read by the operational rules only: shown while the scenario plays them (or a hex shown
has one)."""


class HexPage(QWidget):
    """Shows and edits the selected hexes or hexside (see the module)."""

    def __init__(self, document: ScenarioDocument, context: FormContext) -> None:
        super().__init__()
        self.setObjectName("hex-page")
        self.document = document
        self.section: str | None = None
        self.ids: tuple[str, ...] = ()
        self._cache: HexPlaces | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.hex_box = QGroupBox("Hex")
        inner = QVBoxLayout(self.hex_box)
        self.facts = ModelEditor(HexFacts, context)
        self.facts.edited.connect(self._facts_edited)
        inner.addWidget(self.facts)
        self.record_note = QLabel()
        self.record_note.setWordWrap(True)
        self.record_note.setStyleSheet("color: #666;")
        inner.addWidget(self.record_note)
        self.record = ModelEditor(HexRecord, context, read_only=("hex",))
        self.record.edited.connect(self._record_edited)
        inner.addWidget(self.record)
        layout.addWidget(self.hex_box)
        self.side_box = QGroupBox("Hexside")
        side = QVBoxLayout(self.side_box)
        self.side_note = QLabel()
        self.side_note.setWordWrap(True)
        side.addWidget(self.side_note)
        self.side = ModelEditor(HexsideFacts, context)
        self.side.edited.connect(self._side_edited)
        side.addWidget(self.side)
        layout.addWidget(self.side_box)

    # -- showing -----------------------------------------------------------------------------

    def _places(self) -> tuple[HexPlaces, HexGrid]:
        """The map's places, read again only after the map changed (and then only the parts
        that did)."""
        scenario = self.document.scenario
        places = self._cache
        if places is None or places.hex_map is not scenario.hex_map:
            places = self._cache = HexPlaces(scenario, places)
        return places, places.grid

    def title(self) -> str:
        if self.section == "connections" and self.ids:
            return f"Hexside {self.ids[0]}"
        if len(self.ids) == 1:
            return f"Hex {self.ids[0]}"
        return f"{len(self.ids)} hexes selected: an edit of terrain, owner or area applies to all"

    def show_selection(self, section: str, ids: tuple[str, ...]) -> bool:
        """Show hexes (``regions``) or a hexside (``connections``); ``False`` when none of
        them is on the grid."""
        self.section, self.ids = section, ids
        places, grid = self._places()
        if section == "regions":
            indices = [i for h in ids if (i := grid.find(h)) is not None]
            if not indices:
                return False
            values = {
                name: layer_values(places.hex_map, layer, places.decoded)
                for name, layer in FACT_LAYERS.items()
            }
            shown = [
                HexFacts.model_construct(**{n: v[i] for n, v in values.items()}) for i in indices
            ]
            if len(shown) > 1:
                self.facts.show_values(shown)
            else:
                self.facts.show_value(shown[0])
            operational = self.document.scenario.rules.family == "operational"
            for name in ZONE_FACTS:
                held = any(getattr(fact, name) is not None for fact in shown)
                self.facts.set_row_visible(name, operational or held)
            single = len(indices) == 1
            self.record.setVisible(single)
            if single:
                hex_id = grid.ids[indices[0]]
                self.record.show_value(record_of(places.hex_map, hex_id))
                network = NETWORK_LEVELS[int(places.decoded.network[indices[0]])]
                self.record_note.setText(
                    f"Network: {network}. Name, VP, income and limits below are the hex's "
                    "record (a hex without one has none written)."
                )
            self.record_note.setVisible(single)
            self.hex_box.show()
            self.side_box.hide()
            return True
        first, _, second = ids[0].partition("-") if ids else ("", "", "")
        a, b = grid.find(first), grid.find(second)
        number = grid.hexside(a, b) if a is not None and b is not None else None
        if number is None:
            return False
        kind, bridge = hexside_features(places.hex_map, number, grid)
        site = has_crossing_site(places.hex_map, number, grid)
        self.side.show_value(
            HexsideFacts.model_construct(feature=kind, bridge=bridge, crossing_site=site)
        )
        operational = self.document.scenario.rules.family == "operational"
        self.side.set_row_visible("crossing_site", operational or site)
        link_at = np.flatnonzero(places.hexside_links == number)
        link_type = places.link_types[int(link_at[0])] if len(link_at) else None
        crossing = []
        if places.decoded.rail[number]:
            crossing.append("a railway")
        elif places.decoded.road[number]:
            crossing.append("a road")
        note = f"Between {first} and {second}."
        if link_type is not None:
            note += f" To the rules: a {link_type} connection."
        else:
            note += " Impassable to the rules (no connection)."
        if crossing:
            note += f" Crossed by {' and '.join(crossing)}."
        self.side_note.setText(note)
        self.hex_box.hide()
        self.side_box.show()
        return True

    # -- editing -----------------------------------------------------------------------------

    def _facts_edited(self, new: HexFacts | None) -> None:
        if new is None or self.section != "regions":
            return
        places, grid = self._places()
        indices = [i for h in self.ids if (i := grid.find(h)) is not None]
        hex_map = places.hex_map
        changed = []
        for name, layer in FACT_LAYERS.items():
            value = getattr(new, name)
            olds = layer_values(hex_map, layer, places.decoded)
            if any(olds[i] != value for i in indices) and name in self._edited_fields(new):
                changed.append(name)
                hex_map = paint(hex_map, layer, indices, value, grid)
                places = HexPlaces(
                    self.document.scenario.model_copy(update={"hex_map": hex_map}), places
                )
        if changed and hex_map is not self.document.scenario.hex_map:
            where = self.ids[0] if len(self.ids) == 1 else f"{len(indices)} hexes"
            self.document.set_section("hex_map", hex_map, f"Set {', '.join(changed)} of {where}")

    def _edited_fields(self, new: HexFacts) -> set[str]:
        """The fields the form says were edited (every field when it does not say)."""
        path = getattr(self.facts, "edit_path", ())
        return {str(path[0])} if path else set(FACT_LAYERS)

    def _record_edited(self, new: HexRecord | None) -> None:
        if new is None or self.section != "regions" or len(self.ids) != 1:
            return
        hex_map = self.document.scenario.hex_map
        assert hex_map is not None
        edited = set_record(hex_map, new)
        if edited is not hex_map:
            self.document.set_section("hex_map", edited, f"Edit hex {new.hex}")

    def _side_edited(self, new: HexsideFacts | None) -> None:
        if new is None or self.section != "connections" or not self.ids:
            return
        places, grid = self._places()
        first, _, second = self.ids[0].partition("-")
        a, b = grid.find(first), grid.find(second)
        number = grid.hexside(a, b) if a is not None and b is not None else None
        if number is None:
            return
        hex_map = set_hexsides(places.hex_map, [number], new.feature, grid)
        hex_map = set_bridges(hex_map, [number], new.bridge, grid)
        hex_map = set_crossing_sites(hex_map, [number], new.crossing_site, grid)
        if hex_map is not places.hex_map:
            self.document.set_section("hex_map", hex_map, f"Edit hexside {self.ids[0]}")

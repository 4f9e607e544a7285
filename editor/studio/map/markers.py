"""Symbols on the map: structures, supply sources and stacks of units, kept region by region.

Everything a region holds is laid out together (see :mod:`.placement`), so an edit redraws
the symbols of the regions it touches and nothing else: a region edit its own symbols, a
structure edit the regions it left and entered (with the stacks sheltered in it), a unit edit
the regions of its old and new place. An index of where each entity stands answers "what is
in this region" and "where was it before this edit" without looking through the scenario.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor

from editor.shared.vocabulary import word
from editor.studio.document import Selection
from editor.studio.map.items import MarkerItem
from editor.studio.map.placement import ROW_ABOVE_NAME, Contents, Spot, lay_out

if TYPE_CHECKING:
    from editor.studio.map.scene import MapScene

Key = tuple[str, str]
"""An entity: its section and id."""
Place = tuple[str, str]
"""Where an entity stands: ``("region", id)`` or, for units and leaders, ``("structure", id)``."""

Stack = tuple[str, list[str]]
"""A stack's key and the units and leaders in it."""

PLACED = ("structures", "supply_sources", "units", "leaders")
"""Sections whose entities are drawn as symbols."""


def place_of(section: str, entity: Any) -> Place | None:
    """Where an entity stands, as the scenario says (whether or not that place exists)."""
    if entity is None:
        return None
    if section in ("structures", "supply_sources"):
        return ("region", entity.region)
    location = entity.location
    if location is None or location.aboard is not None:
        return None  # not placed, or aboard a ship (drawn with no marker of its own)
    if location.structure is not None:
        return ("structure", location.structure)
    return ("region", location.region)


class PlaceIndex:
    """Where each structure, supply source, unit and leader stands, and what each place
    holds."""

    def __init__(self) -> None:
        self.place: dict[Key, Place] = {}
        self.members: dict[Place, set[Key]] = defaultdict(set)

    def clear(self) -> None:
        self.place.clear()
        self.members.clear()

    def move(self, key: Key, place: Place | None) -> Place | None:
        """Record where an entity now stands (``None``: nowhere); returns where it stood."""
        old = self.place.pop(key, None)
        if old is not None:
            self.members[old].discard(key)
        if place is not None:
            self.place[key] = place
            self.members[place].add(key)
        return old

    def region(self, place: Place | None) -> str | None:
        """The region of a place (a structure's as last recorded)."""
        if place is None:
            return None
        if place[0] == "region":
            return place[1]
        home = self.place.get(("structures", place[1]))
        return home[1] if home is not None else None

    def held(self, place: Place, section: str) -> list[str]:
        return [i for s, i in self.members.get(place, ()) if s == section]


class MarkerLayer:
    """The structure, supply source and stack items of a scene."""

    def __init__(self, scene: MapScene) -> None:
        self.scene = scene
        self.structures: dict[str, MarkerItem] = {}
        self.sources: dict[str, MarkerItem] = {}
        self.stacks: dict[str, MarkerItem] = {}
        """Stacks by key: ``side@region@structure`` (empty after the last ``@`` in the open)."""
        self.stack_of: dict[str, str] = {}
        """The stack each unit and leader on the map stands in."""
        self.index = PlaceIndex()
        self._in_region: dict[str, list[MarkerItem]] = {}
        self.waiting = False
        """The symbols are not drawn yet: the zoom hides them all (a big map zoomed out, as
        it opens), and drawing them would be a tenth of the time it takes to open. They
        are drawn when the zoom shows them or something asks for them (:meth:`ensure`)."""

    @property
    def in_region(self) -> dict[str, list[MarkerItem]]:
        """The symbols drawn in each region (not to be changed)."""
        return self._in_region

    def clear(self) -> None:
        """Forget every item (the scene has just been cleared)."""
        self.waiting = False
        for table in (self.structures, self.sources, self.stacks, self.stack_of):
            table.clear()
        self._in_region.clear()
        self.index.clear()

    def rebuild(self) -> None:
        """Draw every symbol again (a whole section changed, or the sides' colours)."""
        for items in self._in_region.values():
            for item in items:
                self.scene.discard(item)
        self.clear()
        self.build()

    def build(self) -> None:
        """Draw every symbol, or wait until the zoom shows symbols (see :attr:`waiting`)."""
        if not self.scene.detail.markers:
            self.waiting = True
            return
        self._build()

    def ensure(self) -> None:
        """Draw the symbols now if they were waiting."""
        if self.waiting:
            self.waiting = False
            self._build()

    def _build(self) -> None:
        doc = self.scene.document
        for section in PLACED:
            for entity in doc.items(section):
                self.index.move((section, entity.id), place_of(section, entity))
        self.refresh(
            {r for place in self.index.members if (r := self.index.region(place)) is not None}
        )

    def entities_changed(self, section: str, ids: Iterable[str]) -> set[str]:
        """Follow edits of placed entities; returns the regions whose symbols must change."""
        if self.waiting:
            return set()  # all read from the document when drawn
        doc = self.scene.document
        touched: set[str] = set()
        for entity_id in ids:
            key = (section, entity_id)
            place = place_of(section, doc.get(section, entity_id))
            # A structure's sheltered units belong to its old region until it is moved.
            old = self.index.region(self.index.place.get(key))
            self.index.move(key, place)
            touched |= {r for r in (old, self.index.region(place)) if r is not None}
        return touched

    def refresh(self, region_ids: Iterable[str]) -> None:
        """Draw again the symbols of these regions."""
        if self.waiting:
            return
        region_ids = list(region_ids)
        selection = self.scene.document.selection
        chosen = set(selection.ids) if selection.section in ("units", "leaders") else set()
        for region_id in region_ids:
            # Items still needed are changed rather than replaced: the first item added to
            # a large scene after one was removed costs milliseconds (Qt purges its index).
            spare: dict[Key, MarkerItem] = {}
            for item in self._in_region.pop(region_id, ()):
                spare[(item.kind, item.entity_id)] = item
                for unit_id in item.units:
                    if self.stack_of.get(unit_id) == item.entity_id:
                        del self.stack_of[unit_id]
            self._draw_region(region_id, chosen, spare)
            for item in spare.values():
                self._forget(item)
        self.scene.regions.names.symbols_moved(region_ids)

    def _forget(self, item: MarkerItem) -> None:
        table = {"structures": self.structures, "supply": self.sources}.get(item.kind, self.stacks)
        if table.get(item.entity_id) is item:
            del table[item.entity_id]
        self.scene.discard(item)

    def _draw_region(self, region_id: str, chosen: set[str], spare: dict[Key, MarkerItem]) -> None:
        scene, doc = self.scene, self.scene.document
        if scene.hexes is not None:  # a hex: its place and centre come from the grid
            region, point = scene.hexes.place(region_id), scene.hexes.centre(region_id)
            if region is None or point is None:
                return
        else:
            region = doc.get("regions", region_id)
            if region is None or region_id not in scene.regions.paths:
                return
            point = scene.regions.name_points[region_id]
        here = ("region", region_id)
        structures = [doc.get("structures", i) for i in self._held(here, "structures")]
        stacks = self._stacks(region_id, structures)
        contents = Contents(
            structures=[
                (s.id, s.anchor, [k for (home, _), (k, _) in stacks.items() if home == s.id])
                for s in structures
            ],
            sources=self._held(here, "supply_sources"),
            stacks=[k for (home, _), (k, _) in stacks.items() if not home],
        )
        roomy = scene.regions.names.holds(region_id)
        spots = lay_out(region, point, contents, roomy)
        drawn = self._in_region[region_id] = []
        for structure in structures:
            shape = "square" if structure.fortification else "circle"
            tip = f"{structure.name} ({word(structure.kind).lower()}"
            tip += f", fortification {structure.fortification})" if structure.fortification else ")"
            colour = self.side_colour(structure.owner or region.owner)
            item = self._marker(spare, "structures", structure.id, shape, colour, tip)
            self._put(item, spots[("structures", structure.id)], "structures", drawn)
            item.selected = scene.is_selected("structures", structure.id)
            self.structures[structure.id] = item
        for source_id in contents.sources:
            source = doc.get("supply_sources", source_id)
            colour = QColor("#3a9a3a" if source.operative else "#909090")
            tip = f"supply source {source.name or source.id}"
            item = self._marker(spare, "supply", source_id, "diamond", colour, tip)
            self._put(item, spots[("supply", source_id)], "supply", drawn)
            item.selected = scene.is_selected("supply_sources", source_id)
            self.sources[source_id] = item
        for key, unit_ids in stacks.values():
            first = doc.get("units", unit_ids[0]) or doc.get("leaders", unit_ids[0])
            colour = self.side_colour(first.nation)
            tip = self._stack_tip(key.split("@")[0], unit_ids)
            item = self._marker(spare, "stacks", key, "counter", colour, tip)
            item.text, item.units = str(len(unit_ids)), unit_ids
            item.selected = bool(chosen.intersection(unit_ids))
            self._put(item, spots[("stacks", key)], "stacks", drawn)
            self.stacks[key] = item
            for unit_id in unit_ids:
                self.stack_of[unit_id] = key

    def _stack_tip(self, side_id: str, unit_ids: list[str]) -> str:
        """A stack as a person reads it: "Red Army: 3rd Rifle Division, General Orlov"."""
        doc = self.scene.document
        side = doc.get("sides", side_id)
        names = []
        for unit_id in unit_ids:
            unit = doc.get("units", unit_id)
            if unit is None:
                leader = doc.get("leaders", unit_id)
                names.append(leader.name if leader is not None and leader.name else unit_id)
                continue
            kind = doc.get("unit_types", unit.type)
            names.append(unit.name or (kind.name if kind is not None else unit_id))
        return f"{side.name if side is not None else side_id}: {', '.join(names)}"

    def _held(self, place: Place, section: str) -> list[str]:
        """What a place holds of one section, in the scenario's order."""
        doc = self.scene.document
        held = self.index.held(place, section)
        return sorted(held, key=lambda entity_id: doc.index_of(section, entity_id))

    def _stacks(self, region_id: str, structures: list[Any]) -> dict[tuple[str, str], Stack]:
        """The stacks of a region, by (structure sheltering them or ``""``, side), in order:
        one per side and place, of the units and leaders standing there."""
        doc = self.scene.document
        found: dict[tuple[str, str], list[str]] = defaultdict(list)
        for shelter in [None, *structures]:
            place = ("region", region_id) if shelter is None else ("structure", shelter.id)
            for section in ("units", "leaders"):
                for unit_id in self._held(place, section):
                    nation = doc.get("nations", doc.get(section, unit_id).nation)
                    if nation is not None:
                        found[(shelter.id if shelter else "", nation.side)].append(unit_id)
        return {
            (home, side): (f"{side}@{region_id}@{home}", found[(home, side)])
            for home, side in sorted(found)
        }

    @staticmethod
    def _marker(
        spare: dict[Key, MarkerItem],
        kind: str,
        entity_id: str,
        shape: str,
        colour: QColor,
        tip: str,
    ) -> MarkerItem:
        """A symbol: the one drawn before when there was one (see :meth:`refresh`)."""
        item = spare.pop((kind, entity_id), None)
        if item is None:
            item = MarkerItem(kind, entity_id, kind)
        item.shape_kind, item.fill = shape, colour
        item.setToolTip(tip)
        item.update()
        return item

    def _put(self, item: MarkerItem, spot: Spot, group: str, drawn: list[MarkerItem]) -> None:
        item.setPos(spot.point)
        item.set_offset(spot.offset)
        item.in_row = spot.in_row
        self.scene.place(item, group)
        drawn.append(item)

    def side_colour(self, nation_id: str | None) -> QColor:
        doc = self.scene.document
        nation = doc.get("nations", nation_id) if nation_id else None
        side = doc.get("sides", nation.side) if nation else None
        return QColor(side.color if side else "#ffffff")

    def names_moved(self, gained: Iterable[str], lost: Iterable[str]) -> None:
        """Regions' names came or went: move the symbols the map placed over the name, or
        onto the point."""
        for regions, rise in ((gained, ROW_ABOVE_NAME), (lost, -ROW_ABOVE_NAME)):
            shift = QPointF(0, rise)
            for region_id in regions:
                for item in self._in_region.get(region_id, ()):
                    if item.in_row:
                        item.set_offset(item.offset + shift)

    def on_selection(self, before: Selection, after: Selection) -> None:
        """Restyle the symbols of what was or is selected (and nothing else)."""
        for section, table in (("structures", self.structures), ("supply_sources", self.sources)):
            for entity_id in _ids_in(before, section) | _ids_in(after, section):
                item = table.get(entity_id)
                selected = entity_id in _ids_in(after, section)
                if item is not None and item.selected != selected:
                    item.selected = selected
                    item.update()
        chosen = _ids_in(after, "units") | _ids_in(after, "leaders")
        units = _ids_in(before, "units") | _ids_in(before, "leaders") | chosen
        for key in {self.stack_of[u] for u in units if u in self.stack_of}:
            item = self.stacks[key]
            selected = bool(chosen.intersection(item.units))
            if item.selected != selected:
                item.selected = selected
                item.update()

    def all_items(self) -> dict[str, list[MarkerItem]]:
        """Every symbol, by visibility group."""
        return {
            "structures": list(self.structures.values()),
            "supply": list(self.sources.values()),
            "stacks": list(self.stacks.values()),
        }


def _ids_in(selection: Selection, section: str) -> set[str]:
    return set(selection.ids) if selection.section == section else set()

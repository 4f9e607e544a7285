"""What never changes during a game: lookups built once from the scenario."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from schemas.decks import Card, Event
from schemas.map import Connection, Region, Structure, SupplySource
from schemas.places import places_of
from schemas.rules import Rules
from schemas.scenario import Scenario
from schemas.schedule import Reinforcement
from schemas.sides import Nation, Side
from schemas.terrain import ConnectionType, TerrainType
from schemas.units import Leader, Unit, UnitType

if TYPE_CHECKING:
    from schemas.operational.organisation import Part


@dataclass(frozen=True, slots=True)
class Link:
    """One way out of a region: the neighbour and the connection leading there."""

    to: str
    connection: Connection
    kind: ConnectionType


class World:
    """Read-only view of a scenario shaped for the rules: by id, by region, by side."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.rules: Rules = scenario.rules
        # Drawn regions or hexes: the map's places and links, read the same way (a hex is a
        # region, a hexside a connection).
        places = places_of(scenario)
        self.regions: dict[str, Region] = {r.id: r for r in places.regions}
        terrain = {t.id: t for t in scenario.terrain}
        self.terrain_of: dict[str, TerrainType] = {
            r.id: terrain[r.terrain] for r in self.regions.values()
        }
        self.order: dict[str, int] = {region: i for i, region in enumerate(self.regions)}
        """Each region's place in map order (for sorting a few regions into it)."""
        # ``domain`` is asked of every region a move search looks at: answered from one dict.
        self._domains: dict[str, str] = {
            r.id: "unplayable" if r.unplayable else self.terrain_of[r.id].domain
            for r in self.regions.values()
        }
        self.connection_types: dict[str, ConnectionType] = {
            c.id: c for c in scenario.connection_types
        }
        self.connections: dict[str, Connection] = {c.id: c for c in places.connections}
        self.links: dict[str, list[Link]] = defaultdict(list)
        for connection in places.connections:
            kind = self.connection_types[connection.type]
            self.links[connection.a].append(Link(connection.b, connection, kind))
            self.links[connection.b].append(Link(connection.a, connection, kind))
        self.structures: dict[str, Structure] = {s.id: s for s in scenario.structures}
        self.structures_in: dict[str, list[Structure]] = defaultdict(list)
        for structure in scenario.structures:
            self.structures_in[structure.region].append(structure)
        self.supply_sources: dict[str, SupplySource] = {s.id: s for s in scenario.supply_sources}
        self.sides: dict[str, Side] = {s.id: s for s in scenario.sides}
        self.nations: dict[str, Nation] = {n.id: n for n in scenario.nations}
        self.side_of: dict[str, str] = {n.id: n.side for n in scenario.nations}
        self.turn_order: list[str] = list(scenario.calendar.turn_order)
        self.unit_types: dict[str, UnitType] = {t.id: t for t in scenario.unit_types}
        self.units: dict[str, Unit] = {u.id: u for u in scenario.units}
        self.parts: dict[str, Part] = {}
        """OU12: every part a unit may break down into (operational rules only)."""
        self._type_of: dict[str, UnitType] = {u.id: self.unit_types[u.type] for u in scenario.units}
        """Each unit's type (asked tens of thousands of times a game: one lookup)."""
        if scenario.rules.family == "operational":
            # OU12: the parts a unit may break down into are units of the game too, known
            # from the scenario alone (engine/operational/breakdown.py).
            from schemas.operational.organisation import parts_of

            self.parts = parts_of(scenario)
            for part in self.parts.values():
                self.units[part.id] = part.unit
                self._type_of[part.id] = part.kind
        self.leaders: dict[str, Leader] = {x.id: x for x in scenario.leaders}
        self.cards: dict[str, Card] = {c.id: c for c in scenario.cards}
        self.events: dict[str, Event] = {e.id: e for e in scenario.events}
        self.reinforcements: dict[str, Reinforcement] = {r.id: r for r in scenario.reinforcements}
        self.area_regions: dict[str, set[str]] = defaultdict(set)
        self.theatre_regions: dict[str, set[str]] = defaultdict(set)
        theatre_of_area = {a.id: a.theatre for a in scenario.areas}
        for region in self.regions.values():
            if region.area:
                self.area_regions[region.area].add(region.id)
                theatre = theatre_of_area.get(region.area)
                if theatre:
                    self.theatre_regions[theatre].add(region.id)
        self.closed_to: dict[str, set[str]] = {region_id: set() for region_id in self.regions}
        for area in scenario.areas:
            for region_id in self.area_regions[area.id]:
                self.closed_to[region_id].update(area.closed_to)
        playing = [s.id for s in scenario.sides if not s.neutral]
        self._at_war: frozenset[tuple[str, str]] = frozenset(
            (a, b) for a in playing for b in playing if a != b
        )
        """The pairs of sides at war (:meth:`at_war`), asked of nearly every stack looked at."""
        self.kept: dict[str, Any] = {}
        """Tables worked out from the scenario alone by the modules that use them, by a name
        of each module's own (asked at nearly every step of a search or every move the AI
        weighs: an attribute is read faster than a weak-keyed table per scenario)."""

    # -- sides ---------------------------------------------------------------------------------

    def at_war(self, a: str, b: str) -> bool:
        """Playing sides fight every other playing side; neutral sides fight nobody."""
        if (a, b) in self._at_war:
            return True
        if a != b:
            self.sides[a], self.sides[b]  # an unknown side raises KeyError, as it always did
        return False

    def enemies_of(self, side: str) -> list[str]:
        return [s for s in self.sides if self.at_war(side, s)]

    # -- regions -------------------------------------------------------------------------------

    def domain(self, region: str) -> str:
        """``land``, ``sea``, ``lake`` or ``unplayable``."""
        return self._domains[region]

    def land_stacking(self, region: str, network: str) -> int:
        """Land stacking limit of a region."""
        override = self.regions[region].stacking
        if override is not None:
            return override
        terrain = self.terrain_of[region]
        if network != "none" and terrain.stacking_with_trail is not None:
            return terrain.stacking_with_trail
        return terrain.stacking

    def air_stacking(self, region: str) -> int:
        override = self.regions[region].air_stacking
        if override is not None:
            return override
        limit = self.rules.stacking.air_default
        for structure in self.structures_in[region]:
            if structure.airport and structure.capacity.air is not None:
                limit = max(limit, structure.capacity.air)
        return limit

    def neighbours(self, region: str) -> list[Link]:
        return self.links.get(region, [])

    # -- units ---------------------------------------------------------------------------------

    def unit_type(self, unit_id: str) -> UnitType | None:
        return self._type_of.get(unit_id)

    def nation_of(self, unit_id: str) -> str:
        unit = self.units.get(unit_id)
        return unit.nation if unit else self.leaders[unit_id].nation

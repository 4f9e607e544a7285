"""Lookups the checks share, built once per validation run."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cached_property
from operator import attrgetter
from typing import TypeVar

import numpy as np

from ..base import Entity
from ..geometry import build_polygons
from ..geometry.adjacency import EdgeTable, edge_table
from ..geometry.build import Rings
from ..issues import Issue
from ..map import Area, Region, Structure
from ..places import HexPlaces, Places, places_of
from ..scenario import SECTIONS, Scenario
from ..schedule import Reinforcement
from ..sides import Nation, Side
from ..terrain import ConnectionType, TerrainType
from ..units import UnitType

ENTITY_COLLECTIONS = SECTIONS

_LOOKUPS = (
    "terrain",
    "regions",
    "structures",
    "areas",
    "sides",
    "nations",
    "unit_types",
    "connection_types",
    "reinforcements",
)
"""Sections with a first-entity-per-id lookup (an attribute of the same name)."""


class ScenarioIndex:
    """Id lookups and geometry of one scenario. Lookups keep the first entity of an id."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.position = _Positions(self)
        """``position[collection][id]``: index of the first entity with that id."""
        self.problem_shapes: list[object] = []
        """Gaps and overlaps the coverage check found, as shapely geometries (for the map)."""

    # Id lookups, built on first use: most checks need only a few of them.

    @cached_property
    def terrain(self) -> dict[str, TerrainType]:
        return _first(self.scenario.terrain)

    @cached_property
    def places(self) -> Places:
        """The map's places and links, drawn regions or hexes alike."""
        return places_of(self.scenario)

    @property
    def hex_map(self) -> bool:
        """The map is a hex grid (its outlines computed, not drawn)."""
        return self.scenario.hex_map is not None

    @cached_property
    def regions(self) -> Mapping[str, Region]:
        return self.places.region_lookup

    @cached_property
    def area_members(self) -> Mapping[str, Sequence[Region]]:
        """The regions of each area (see :meth:`Places.area_members`); the live validation
        patches it after an edit of a few regions instead of grouping every region again."""
        return self.places.area_members()

    @cached_property
    def structures(self) -> dict[str, Structure]:
        return _first(self.scenario.structures)

    @cached_property
    def areas(self) -> dict[str, Area]:
        return _first(self.scenario.areas)

    @cached_property
    def sides(self) -> dict[str, Side]:
        return _first(self.scenario.sides)

    @cached_property
    def nations(self) -> dict[str, Nation]:
        return _first(self.scenario.nations)

    @cached_property
    def unit_types(self) -> dict[str, UnitType]:
        return _first(self.scenario.unit_types)

    @cached_property
    def connection_types(self) -> dict[str, ConnectionType]:
        return _first(self.scenario.connection_types)

    @cached_property
    def reinforcements(self) -> dict[str, Reinforcement]:
        return _first(self.scenario.reinforcements)

    def successor(self, scenario: Scenario, changed: set[str]) -> ScenarioIndex:
        """An index of ``scenario``, a later version of this one's, in which only the sections
        named in ``changed`` may differ: the lookups of the other sections are taken over.

        Geometry is not taken over (the live validation keeps its own); the region domains
        are, when neither regions nor terrain changed.
        """
        new = ScenarioIndex(scenario)
        hexes = scenario.hex_map is not None or self.scenario.hex_map is not None
        if hexes and changed & {"hex_map", "terrain", "connections", "connection_types"}:
            # A hex map's places and links follow from the grid and the terrain table.
            changed = changed | {"regions", "connections", "terrain"}
        for name in _LOOKUPS:
            if name not in changed and name in self.__dict__:
                new.__dict__[name] = self.__dict__[name]
        for name, table in self.position.items():
            if name not in changed:
                new.position[name] = table
        if "domain_of" in self.__dict__ and not changed & {"regions", "terrain"}:
            new.__dict__["domain_of"] = self.domain_of
        if "area_members" in self.__dict__ and "regions" not in changed:
            new.__dict__["area_members"] = self.area_members
        return new

    def entities(self) -> Iterator[tuple[str, int, Entity]]:
        """Every entity with its collection name and position."""
        for name in ENTITY_COLLECTIONS:
            for index, entity in enumerate(getattr(self.scenario, name)):
                yield name, index, entity

    def region_terrain(self, region: Region) -> TerrainType | None:
        return self.terrain.get(region.terrain)

    def side_of_nation(self, nation_id: str | None) -> str | None:
        nation = self.nations.get(nation_id) if nation_id else None
        return nation.side if nation else None

    def is_playable(self, region: Region) -> bool:
        terrain = self.region_terrain(region)
        return not region.unplayable and terrain is not None and terrain.domain != "unplayable"

    def region_domain(self, region: Region) -> str | None:
        """Terrain domain, with the unplayable flag taking precedence."""
        return self.domain_of.get(region.id)

    @cached_property
    def domain_of(self) -> dict[str, str | None]:
        """Region id to its domain (terrain domain, or ``unplayable`` for flagged regions)."""
        return self.places.domain_of()

    @cached_property
    def rings(self) -> Rings:
        """Every ring of every drawn region, flattened."""
        return Rings.of([r.polygon for r in self.scenario.regions])

    @cached_property
    def polygons(self) -> np.ndarray:
        """Shapely polygon per place, ``None`` where its rings are unusable."""
        if isinstance(self.places, HexPlaces):
            return self.places.polygons()
        return build_polygons([r.polygon for r in self.scenario.regions], self.rings)

    @cached_property
    def valid_polygons(self) -> np.ndarray:
        """Like :attr:`polygons`, ``None`` also where the outline is invalid or flat."""
        import shapely

        geoms = self.polygons.copy()
        present = ~shapely.is_missing(geoms)
        ok = present & ~self.invalid_mask
        ok[ok] = shapely.area(geoms[ok]) > 0
        geoms[~ok] = None
        return geoms

    @cached_property
    def edges(self) -> EdgeTable:
        """Every edge of the valid outlines, all turned the same way."""
        import shapely

        return edge_table(shapely.orient_polygons(self.valid_polygons))

    @cached_property
    def invalid_mask(self) -> np.ndarray:
        """True for built polygons that shapely finds invalid."""
        import shapely

        geoms = self.polygons
        invalid = np.zeros(len(geoms), dtype=bool)
        if self.hex_map:
            return invalid  # computed hexagons
        present = ~shapely.is_missing(geoms)
        invalid[present] = ~shapely.is_valid(geoms[present])
        return invalid


class _Positions(dict[str, dict[str, int]]):
    """Id tables built on first use: most checks only need a few collections. Regions and
    connections are the map's places and links (a hex map's hexes and hexsides)."""

    def __init__(self, index: ScenarioIndex) -> None:
        super().__init__()
        self._index = index

    def __missing__(self, name: str) -> dict[str, int]:
        if name == "regions":
            ids = self._index.places.region_ids
        elif name == "connections":
            ids = self._index.places.connection_ids
        else:
            ids = list(map(attrgetter("id"), getattr(self._index.scenario, name)))
        table = dict(zip(reversed(ids), range(len(ids) - 1, -1, -1), strict=True))
        self[name] = table
        return table


E = TypeVar("E", bound=Entity)


def _first(items: list[E]) -> dict[str, E]:
    # Built from the end so that, for a repeated id, the first entity is the one kept.
    return {item.id: item for item in reversed(items)}


Check = Callable[[ScenarioIndex], Iterator[Issue]]
"""A check: a function from the index to the issues it finds."""

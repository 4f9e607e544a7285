"""Lookups the checks share, built once per validation run."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from typing import TypeVar

import numpy as np

from ..base import Entity
from ..geometry import SharedBorders, build_polygons, shared_borders
from ..map import Region, Structure
from ..scenario import Scenario
from ..terrain import TerrainType

ENTITY_COLLECTIONS = (
    "terrain",
    "connection_types",
    "theatres",
    "areas",
    "regions",
    "connections",
    "structures",
    "supply_sources",
    "sides",
    "nations",
    "unit_types",
    "units",
    "leaders",
    "cards",
    "events",
    "reinforcements",
    "replacements",
)
"""Top-level lists whose items have ids (each list is its own namespace, except that units
and leaders share one because both stand in stacks)."""


class ScenarioIndex:
    """Id lookups and geometry of one scenario. Lookups keep the first entity of an id."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.position: dict[str, dict[str, int]] = {}
        for name in ENTITY_COLLECTIONS:
            table: dict[str, int] = {}
            for index, entity in enumerate(getattr(scenario, name)):
                table.setdefault(entity.id, index)
            self.position[name] = table
        s = scenario
        self.terrain = _first(s.terrain)
        self.regions: dict[str, Region] = _first(s.regions)
        self.structures: dict[str, Structure] = _first(s.structures)
        self.areas = _first(s.areas)
        self.sides = _first(s.sides)
        self.nations = _first(s.nations)
        self.unit_types = _first(s.unit_types)
        self.connection_types = _first(s.connection_types)
        self.reinforcements = _first(s.reinforcements)

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
        if region.unplayable:
            return "unplayable"
        terrain = self.region_terrain(region)
        return terrain.domain if terrain else None

    @cached_property
    def polygons(self) -> np.ndarray:
        """Shapely polygon per region, ``None`` where its rings are unusable."""
        return build_polygons([r.polygon for r in self.scenario.regions])

    @cached_property
    def valid_polygons(self) -> np.ndarray:
        """Like :attr:`polygons`, ``None`` also where the outline is invalid or flat."""
        import shapely

        geoms = self.polygons.copy()
        present = ~shapely.is_missing(geoms)
        ok = np.zeros(len(geoms), dtype=bool)
        if present.any():
            subset = geoms[present]
            ok[present] = shapely.is_valid(subset) & (shapely.area(subset) > 0)
        geoms[~ok] = None
        return geoms

    @cached_property
    def borders(self) -> SharedBorders:
        """Regions sharing a border of positive length."""
        return shared_borders(self.valid_polygons)

    @cached_property
    def neighbours(self) -> set[tuple[int, int]]:
        return set(self.borders.pairs())


E = TypeVar("E", bound=Entity)


def _first(items: list[E]) -> dict[str, E]:
    out: dict[str, E] = {}
    for item in items:
        out.setdefault(item.id, item)
    return out

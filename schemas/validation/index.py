"""Lookups the checks share, built once per validation run."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from operator import attrgetter
from typing import TypeVar

import numpy as np

from ..base import Entity
from ..geometry import build_polygons
from ..geometry.adjacency import EdgeTable, edge_table
from ..geometry.build import Rings
from ..map import Region, Structure
from ..scenario import SECTIONS, Scenario
from ..terrain import TerrainType

ENTITY_COLLECTIONS = SECTIONS


class ScenarioIndex:
    """Id lookups and geometry of one scenario. Lookups keep the first entity of an id."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.position = _Positions(scenario)
        """``position[collection][id]``: index of the first entity with that id."""
        self.problem_shapes: list[object] = []
        """Gaps and overlaps the coverage check found, as shapely geometries (for the map)."""
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
        return self.domain_of.get(region.id)

    @cached_property
    def domain_of(self) -> dict[str, str | None]:
        """Region id to its domain (terrain domain, or ``unplayable`` for flagged regions)."""
        domains = {t.id: t.domain for t in reversed(self.scenario.terrain)}
        return {
            r.id: "unplayable" if r.unplayable else domains.get(r.terrain)
            for r in reversed(self.scenario.regions)
        }

    @cached_property
    def rings(self) -> Rings:
        """Every ring of every region, flattened."""
        return Rings.of([r.polygon for r in self.scenario.regions])

    @cached_property
    def polygons(self) -> np.ndarray:
        """Shapely polygon per region, ``None`` where its rings are unusable."""
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
        present = ~shapely.is_missing(geoms)
        invalid = np.zeros(len(geoms), dtype=bool)
        invalid[present] = ~shapely.is_valid(geoms[present])
        return invalid


class _Positions(dict[str, dict[str, int]]):
    """Id tables built on first use: most checks only need a few collections."""

    def __init__(self, scenario: Scenario) -> None:
        super().__init__()
        self._scenario = scenario

    def __missing__(self, name: str) -> dict[str, int]:
        items = getattr(self._scenario, name)
        ids = list(map(attrgetter("id"), items))
        table = dict(zip(reversed(ids), range(len(ids) - 1, -1, -1), strict=True))
        self[name] = table
        return table


E = TypeVar("E", bound=Entity)


def _first(items: list[E]) -> dict[str, E]:
    # Built from the end so that, for a repeated id, the first entity is the one kept.
    return {item.id: item for item in reversed(items)}

"""Outline changes in a designer's terms: vertices moved, added or removed, the area gained or
lost, and the neighbours whose shared border moved. Never a list of coordinates."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..map import Polygon
from ..scenario import Scenario


@dataclass(frozen=True, slots=True)
class GeometryChange:
    """How a region's outline changed."""

    moved_vertices: int
    added_vertices: int
    removed_vertices: int
    area_before: float
    area_after: float
    area_unit: str
    """``km²`` when the map has a scale (``map.units_per_km``), else ``map units²``."""
    borders: tuple[str, ...]
    """Ids of the regions that shared a vertex that moved or went: the borders that moved."""

    @property
    def area_change(self) -> float:
        return self.area_after - self.area_before

    def to_json(self) -> dict[str, Any]:
        return {
            "moved_vertices": self.moved_vertices,
            "added_vertices": self.added_vertices,
            "removed_vertices": self.removed_vertices,
            "area_before": round(self.area_before, 6),
            "area_after": round(self.area_after, 6),
            "area_change": round(self.area_change, 6),
            "area_unit": self.area_unit,
            "borders": list(self.borders),
        }


def _points(polygon: Polygon | None) -> list[tuple[float, float]]:
    if polygon is None:
        return []
    return [(p[0], p[1]) for ring in (polygon.exterior, *polygon.holes) for p in ring]


def _ring_area(ring: list[tuple[float, float]]) -> float:
    """Area of a ring by the shoelace formula (either orientation)."""
    if len(ring) < 3:
        return 0.0
    total = 0.0
    x0, y0 = ring[-1]
    for x1, y1 in ring:
        total += x0 * y1 - x1 * y0
        x0, y0 = x1, y1
    return abs(total) / 2


def _area(polygon: Polygon | None) -> float:
    """Area inside the outline and outside its holes (what shapely gives for a valid
    polygon; computed directly, since a diff of a whole map measures thousands)."""
    if polygon is None:
        return 0.0
    return _ring_area(polygon.exterior) - sum(_ring_area(h) for h in polygon.holes)


class OutlineIndex:
    """Which regions of a scenario own each vertex, built on first use."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self._owners: dict[tuple[float, float], list[str]] | None = None

    def owners(self, point: tuple[float, float]) -> list[str]:
        if self._owners is None:
            owners: dict[tuple[float, float], list[str]] = {}
            for region in self.scenario.regions:
                for p in _points(region.polygon):
                    owners.setdefault(p, []).append(region.id)
            self._owners = owners
        return self._owners.get(point, [])


def outline_change(
    region_id: str,
    old: Polygon | None,
    new: Polygon | None,
    index: OutlineIndex,
    units_per_km: float | None,
) -> GeometryChange:
    """The change between two outlines of a region; ``index`` finds its old neighbours."""
    before, after = _points(old), _points(new)
    before_set, after_set = set(before), set(after)
    gone = [p for p in before if p not in after_set]
    came = [p for p in after if p not in before_set]
    moved = min(len(gone), len(came))
    borders: dict[str, None] = {}
    for point in gone:
        for owner in index.owners(point):
            if owner != region_id:
                borders[owner] = None
    scale = units_per_km * units_per_km if units_per_km else 1.0
    return GeometryChange(
        moved,
        len(came) - moved,
        len(gone) - moved,
        _area(old) / scale,
        _area(new) / scale,
        "km²" if units_per_km else "map units²",
        tuple(borders),
    )

"""Turning region outlines from the file into shapely polygons and back."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain

import numpy as np
import shapely
from shapely.geometry import Polygon as ShapelyPolygon

from ..map import Polygon


def distinct_points(ring: Sequence[tuple[float, float]]) -> int:
    """Number of different points in a ring."""
    return len(set(ring))


def _usable(polygon: Polygon) -> bool:
    return distinct_points(polygon.exterior) >= 3 and all(
        distinct_points(hole) >= 3 for hole in polygon.holes
    )


def build_polygons(outlines: Sequence[Polygon | None]) -> np.ndarray:
    """Shapely polygons for many outlines at once; ``None`` where a ring has under 3 points.

    Rings are assembled with shapely's vectorised constructors: one call for every ring of
    every region, which is what keeps 10,000-region maps fast.
    """
    out = np.full(len(outlines), None, dtype=object)
    coords: list[Sequence[tuple[float, float]]] = []
    ring_owner: list[int] = []
    kept: list[int] = []
    for index, outline in enumerate(outlines):
        if outline is None or not _usable(outline):
            continue
        kept.append(index)
        for ring in (outline.exterior, *outline.holes):
            coords.append(ring)
            ring_owner.append(len(kept) - 1)
    if not kept:
        return out
    lengths = np.fromiter((len(r) for r in coords), dtype=np.int64, count=len(coords))
    flat = np.fromiter(
        chain.from_iterable(chain.from_iterable(coords)), dtype=float, count=2 * int(lengths.sum())
    ).reshape(-1, 2)
    ring_index = np.repeat(np.arange(len(coords)), lengths)
    rings = shapely.linearrings(flat, indices=ring_index)
    polygons = shapely.polygons(rings, indices=np.asarray(ring_owner))
    out[np.asarray(kept)] = polygons
    return out


def polygon_from_model(outline: Polygon) -> ShapelyPolygon:
    """One shapely polygon (for editing tools; use :func:`build_polygons` for many)."""
    return ShapelyPolygon(outline.exterior, list(outline.holes))


def _ring_points(ring: shapely.LinearRing) -> list[tuple[float, float]]:
    coords = [(float(x), float(y)) for x, y in ring.coords]
    return coords[:-1] if len(coords) > 1 and coords[0] == coords[-1] else coords


def polygon_to_model(polygon: ShapelyPolygon) -> Polygon:
    """The file's outline for a shapely polygon (closing points dropped)."""
    return Polygon(
        exterior=_ring_points(polygon.exterior),
        holes=[_ring_points(hole) for hole in polygon.interiors],
    )

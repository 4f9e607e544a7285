"""Turning region outlines from the file into shapely polygons and back."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import chain

import numpy as np
import shapely
from shapely.geometry import Polygon as ShapelyPolygon

from ..map import Polygon


def distinct_points(ring: Sequence[tuple[float, float]]) -> int:
    """Number of different points in a ring."""
    return len(set(ring))


@dataclass(frozen=True)
class Rings:
    """Every ring of many outlines, flattened into numpy arrays.

    Ring ``k`` covers ``coords[starts[k]:starts[k] + lengths[k]]`` and belongs to outline
    ``owner[k]``; each outline's exterior comes before its holes.
    """

    coords: np.ndarray
    lengths: np.ndarray
    owner: np.ndarray

    @classmethod
    def of(cls, outlines: Sequence[Polygon | None]) -> Rings:
        rings: list[Sequence[tuple[float, float]]] = []
        owner: list[int] = []
        for index, outline in enumerate(outlines):
            if outline is None:
                continue
            for ring in (outline.exterior, *outline.holes):
                rings.append(ring)
                owner.append(index)
        lengths = np.fromiter(map(len, rings), dtype=np.int64, count=len(rings))
        total = int(lengths.sum())
        coords = np.fromiter(
            chain.from_iterable(chain.from_iterable(rings)), dtype=float, count=2 * total
        ).reshape(-1, 2)
        return cls(coords, lengths, np.asarray(owner, dtype=np.int64))

    @cached_property
    def distinct_counts(self) -> np.ndarray:
        """Number of different points of each ring, in one sort for all rings."""
        if len(self.coords) == 0:
            return np.zeros(len(self.lengths), dtype=np.int64)
        ring_of = np.repeat(np.arange(len(self.lengths)), self.lengths)
        order = np.lexsort((self.coords[:, 1], self.coords[:, 0], ring_of))
        points, rings = self.coords[order], ring_of[order]
        new = np.ones(len(points), dtype=bool)
        new[1:] = (rings[1:] != rings[:-1]) | np.any(points[1:] != points[:-1], axis=1)
        return np.bincount(rings[new], minlength=len(self.lengths))


def build_polygons(outlines: Sequence[Polygon | None], rings: Rings | None = None) -> np.ndarray:
    """Shapely polygons for many outlines at once; ``None`` where a ring has under 3 points.

    Rings are assembled with shapely's vectorised constructors: one call for every ring of
    every region, which is what keeps 10,000-region maps fast. Pass ``rings`` when the caller
    already flattened the outlines.
    """
    out = np.full(len(outlines), None, dtype=object)
    rings = rings if rings is not None else Rings.of(outlines)
    if len(rings.lengths) == 0:
        return out
    short = rings.distinct_counts < 3
    broken = np.zeros(len(outlines), dtype=bool)
    broken[rings.owner[short]] = True
    keep_ring = ~broken[rings.owner]
    if not keep_ring.any():
        return out
    keep_coord = np.repeat(keep_ring, rings.lengths)
    kept_lengths = rings.lengths[keep_ring]
    ring_index = np.repeat(np.arange(len(kept_lengths)), kept_lengths)
    built = shapely.linearrings(rings.coords[keep_coord], indices=ring_index)
    kept_owner = rings.owner[keep_ring]
    # Consecutive numbering of the kept outlines, in order, for shapely.polygons.
    kept_outlines, polygon_index = np.unique(kept_owner, return_inverse=True)
    out[kept_outlines] = shapely.polygons(built, indices=polygon_index)
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

"""Polygons as flat arrays of rings over shared vertices: the form the topological
simplification works on.

A :class:`Rings` holds every ring of every part of every feature as one array of vertex ids
(rings not closed), with the coordinates of each distinct vertex stored once. Neighbours in
survey data and in a clean coverage share the very same points, so a point met in several
rings is one vertex: deciding per vertex whether it stays keeps shared borders identical on
both sides by construction. Polygons are rebuilt from the kept vertices with shapely's
vectorised constructors.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely


def vertex_ids(
    xy: np.ndarray, resolution: float, low: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """The id of each point and the distinct points by id: points in the same cell of a grid
    of ``resolution`` (whose corner is ``low``, by default the points' lowest coordinates)
    are one vertex, placed at the cell's centre.

    The cells are numbered by integers, so finding equal points is one sort of integers;
    points of one ring come in order, so the sort finds them mostly in place.
    """
    xy = np.asarray(xy, dtype=np.float64)
    n = len(xy)
    if n == 0:
        return np.empty(0, np.int64), np.empty((0, 2))
    if low is None:
        low = np.array([xy[:, 0].min(), xy[:, 1].min()])
    cells = xy - low
    cells *= 1.0 / resolution
    np.rint(cells, out=cells)
    rows = float(cells[:, 1].max()) + 1
    if float(cells[:, 0].max()) * rows + rows >= 2.0**62:  # a grid too fine for 64 bits
        order = np.lexsort((cells[:, 1], cells[:, 0]))
        ordered_cells = cells[order]
        first = np.empty(n, bool)
        first[0] = True
        first[1:] = np.any(ordered_cells[1:] != ordered_cells[:-1], axis=1)
        ids = np.empty(n, np.int64)
        ids[order] = np.cumsum(first) - 1
        return ids, low + ordered_cells[first] * resolution
    key = cells[:, 0].astype(np.int64) * np.int64(rows) + cells[:, 1].astype(np.int64)
    order = np.argsort(key)
    ordered = key[order]
    first = np.empty(n, bool)
    first[0] = True
    first[1:] = ordered[1:] != ordered[:-1]
    ids = np.empty(n, np.int64)
    ids[order] = np.cumsum(first) - 1
    column, row = np.divmod(ordered[first], np.int64(rows))
    return ids, low + np.column_stack([column, row]) * resolution


@dataclass
class Rings:
    """Every ring of a set of features over shared vertices.

    ``vertex[start[r]:start[r + 1]]`` are the vertex ids of ring ``r`` (not closed);
    ``xy[v]`` the coordinates of vertex ``v``. Rings are grouped by part (the exterior
    first, then the holes) and parts by feature, in order.
    """

    xy: np.ndarray
    vertex: np.ndarray
    start: np.ndarray
    ring_part: np.ndarray
    part_feature: np.ndarray
    features: int

    @property
    def rings(self) -> int:
        return len(self.start) - 1

    def ring_of(self) -> np.ndarray:
        """The ring of each entry of ``vertex``."""
        return np.repeat(np.arange(self.rings), np.diff(self.start))

    @classmethod
    def from_geometries(cls, geoms: np.ndarray, resolution: float) -> Rings:
        """The rings of (Multi)Polygons (``None`` where a feature has none); points closer
        than about ``resolution`` are one vertex."""
        geoms = np.asarray(geoms, dtype=object)
        present = np.flatnonzero(~shapely.is_missing(geoms))
        parts, part_index = shapely.get_parts(geoms[present], return_index=True)
        rings, ring_part = shapely.get_rings(parts, return_index=True)
        coords, coord_ring = shapely.get_coordinates(rings, return_index=True)
        counts = np.bincount(coord_ring, minlength=len(rings))
        closing = np.cumsum(counts) - 1  # each ring's repeated first point
        keep = np.ones(len(coords), bool)
        keep[closing[counts > 0]] = False
        west, south = shapely.total_bounds(rings)[:2] if len(rings) else (0.0, 0.0)
        ids, points = vertex_ids(coords, resolution, np.array([west, south]))
        ids = ids[keep]
        start = np.zeros(len(rings) + 1, np.int64)
        np.cumsum(np.maximum(counts - 1, 0), out=start[1:])
        return cls(points, ids, start, ring_part, present[part_index], len(geoms))

    def with_points(self, xy: np.ndarray, digits: int) -> Rings:
        """The same rings over new coordinates of the vertices (projected), rounded to
        ``digits`` decimals: vertices that become equal merge, points repeated in a row go,
        and rings left with fewer than three points go (and a part with its exterior)."""
        step = 10.0**-digits
        low = np.floor(np.array([xy[:, 0].min(), xy[:, 1].min()]) / step) * step
        ids, points = vertex_ids(xy, step, low)
        points = np.round(points, digits)
        moved = Rings(
            points, ids[self.vertex], self.start, self.ring_part, self.part_feature, self.features
        )
        if len(points) == len(xy):
            return moved
        return moved.only(moved.vertex != moved.vertex[moved.previous()])

    def previous(self) -> np.ndarray:
        """For each entry of ``vertex``, the index of the point before it in its ring."""
        index = np.arange(len(self.vertex)) - 1
        starts, ends = self.start[:-1], self.start[1:]
        filled = ends > starts
        index[starts[filled]] = ends[filled] - 1
        return index

    def following(self) -> np.ndarray:
        """For each entry of ``vertex``, the index of the point after it in its ring."""
        index = np.arange(len(self.vertex)) + 1
        starts, ends = self.start[:-1], self.start[1:]
        filled = ends > starts
        index[ends[filled] - 1] = starts[filled]
        return index

    def only(self, kept: np.ndarray) -> Rings:
        """Only the ``kept`` entries of ``vertex``; rings left with fewer than three points
        go, and a part goes with its exterior."""
        ring = self.ring_of()
        counts = np.bincount(ring[kept], minlength=self.rings)
        good = counts >= 3
        exterior = np.ones(self.rings, bool)
        exterior[1:] = self.ring_part[1:] != self.ring_part[:-1]
        part_ok = np.ones(len(self.part_feature), bool)
        part_ok[self.ring_part[exterior & ~good]] = False
        good &= part_ok[self.ring_part]
        start = np.zeros(int(good.sum()) + 1, np.int64)
        np.cumsum(counts[good], out=start[1:])
        parts = np.flatnonzero(part_ok)
        renumber = np.full(len(self.part_feature), -1)
        renumber[parts] = np.arange(len(parts))
        return Rings(
            self.xy,
            self.vertex[kept & good[ring]],
            start,
            renumber[self.ring_part[good]],
            self.part_feature[parts],
            self.features,
        )

    def multiplicity(self) -> np.ndarray:
        """How many ring points each vertex is (2 for a point of a shared border)."""
        return np.bincount(self.vertex, minlength=len(self.xy))

    def parts(self, keep: np.ndarray | None = None) -> np.ndarray:
        """Each part as a shapely polygon, with only the vertices ``keep`` marks (all when
        not given). A ring must keep at least three points (see ``ring_counts``)."""
        entries, ring = self.vertex, self.ring_of()
        if keep is not None:
            chosen = keep[entries]
            entries, ring = entries[chosen], ring[chosen]
        rings = shapely.linearrings(self.xy[entries], indices=ring)
        polygons: np.ndarray = shapely.polygons(rings, indices=self.ring_part)
        return polygons

    def ring_counts(self, keep: np.ndarray) -> np.ndarray:
        """Points each ring keeps with the vertices ``keep`` marks."""
        return np.bincount(self.ring_of()[keep[self.vertex]], minlength=self.rings)

    def features_of(self, parts: np.ndarray) -> np.ndarray:
        """One geometry per feature from its parts: a Polygon, a MultiPolygon, or ``None``."""
        out = np.full(self.features, None, dtype=object)
        feature = self.part_feature
        counts = np.bincount(feature, minlength=self.features)
        single = counts[feature] == 1
        out[feature[single]] = parts[single]
        if not single.all():
            shapely.multipolygons(parts[~single], indices=feature[~single], out=out)
        return out

    def vertices(self) -> int:
        """Vertices as the scenario stores them (rings not closed)."""
        return len(self.vertex)

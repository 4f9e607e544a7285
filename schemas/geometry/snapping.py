"""Snapping a pointer to the nearest vertex or edge of the map, fast on large maps.

Functions that look at the whole map accept an optional :class:`SnapIndex` of the same
outlines: it narrows the search to the regions near a point, which is what keeps them
interactive on 10,000-region maps. Without it they scan every outline.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Literal

import numpy as np
import shapely

from ..map import Polygon
from .outlines import TOLERANCE, XY, EdgeRef, VertexRef, finite_point


@dataclass(frozen=True, slots=True)
class Snap:
    """Where a point snapped to.

    ``kind`` is ``"vertex"`` (``point`` is an existing vertex; ``vertices`` lists every ring
    vertex at that place, in every region), ``"edge"`` (``point`` is the nearest point of an
    edge; ``edges`` lists every edge through it, nearest first, so a border shared by two
    regions appears twice) or ``"none"`` (nothing within the radius; ``point`` is unchanged).
    """

    point: XY
    kind: Literal["vertex", "edge", "none"]
    distance: float = 0.0
    vertices: tuple[VertexRef, ...] = ()
    edges: tuple[EdgeRef, ...] = ()

    @property
    def snapped(self) -> bool:
        return self.kind != "none"

    @property
    def regions(self) -> tuple[int, ...]:
        """Regions owning what the point snapped to, without repeats, in ascending order."""
        refs: Iterable[VertexRef | EdgeRef] = self.vertices or self.edges
        return tuple(sorted({ref.region for ref in refs}))


@dataclass(frozen=True, slots=True)
class _Parts:
    """Flat arrays of every vertex and every edge of a set of outlines."""

    xy: np.ndarray  # (V, 2) vertex coordinates
    v_ref: np.ndarray  # (V, 3) region, ring, index
    points: np.ndarray  # (V,) shapely points
    a: np.ndarray  # (E, 2) edge starts
    b: np.ndarray  # (E, 2) edge ends
    e_ref: np.ndarray  # (E, 3) region, ring, index of the start vertex
    lines: np.ndarray  # (E,) shapely line strings

    @classmethod
    def build(cls, outlines: Iterable[tuple[int, Polygon | None]]) -> _Parts:
        rings: list[Sequence[XY]] = []
        ring_ref: list[tuple[int, int]] = []
        for region, outline in outlines:
            if outline is None:
                continue
            for number, ring in enumerate((outline.exterior, *outline.holes)):
                if ring:
                    rings.append(ring)
                    ring_ref.append((region, number))
        lengths = np.fromiter((len(r) for r in rings), dtype=np.int64, count=len(rings))
        total = int(lengths.sum())
        xy = np.fromiter(
            chain.from_iterable(chain.from_iterable(rings)), dtype=float, count=2 * total
        ).reshape(-1, 2)
        ring_of = np.repeat(np.arange(len(rings)), lengths)
        starts = np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int64)
        position = np.arange(total) - starts[ring_of]
        refs = np.asarray(ring_ref, dtype=np.int64).reshape(-1, 2)
        v_ref = np.column_stack([refs[ring_of], position]).astype(np.int64).reshape(-1, 3)
        following = np.arange(total) + 1
        last = position == lengths[ring_of] - 1
        following[last] = starts[ring_of][last]
        a, b = xy, xy[following] if total else xy
        # A one-point ring, or a file that repeats the closing point, yields zero-length edges,
        # which could only ever snap to a point that is already a vertex.
        proper = np.any(a != b, axis=1)
        a, b, e_ref = a[proper], b[proper], v_ref[proper]
        return cls(
            xy=xy,
            v_ref=v_ref,
            points=shapely.points(xy) if total else np.empty(0, dtype=object),
            a=a,
            b=b,
            e_ref=e_ref,
            lines=(
                shapely.linestrings(np.stack([a, b], axis=1))
                if len(a)
                else np.empty(0, dtype=object)
            ),
        )

    def without(self, regions: np.ndarray) -> _Parts:
        keep_v = ~np.isin(self.v_ref[:, 0], regions)
        keep_e = ~np.isin(self.e_ref[:, 0], regions)
        return _Parts(
            self.xy[keep_v],
            self.v_ref[keep_v],
            self.points[keep_v],
            self.a[keep_e],
            self.b[keep_e],
            self.e_ref[keep_e],
            self.lines[keep_e],
        )

    @staticmethod
    def concat(first: _Parts, second: _Parts) -> _Parts:
        return _Parts(
            *(
                np.concatenate([getattr(first, f), getattr(second, f)])
                for f in ("xy", "v_ref", "points", "a", "b", "e_ref", "lines")
            )
        )


def _segment_distances(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, ...]:
    """Distance from ``p`` to each segment ``a[i]-b[i]`` and the nearest points on them."""
    d = b - a
    length2 = np.einsum("ij,ij->i", d, d)
    safe = np.where(length2 > 0, length2, 1.0)
    t = np.clip(np.einsum("ij,ij->i", p - a, d) / safe, 0.0, 1.0)
    t = np.where(length2 > 0, t, 0.0)
    nearest = a + t[:, None] * d
    return np.hypot(nearest[:, 0] - p[0], nearest[:, 1] - p[1]), nearest


class SnapIndex:
    """Every vertex and edge of a map, ready for fast snapping and neighbour look-ups.

    Build it once from the regions' outlines (positions in that sequence are the region
    numbers it reports) and query it as often as needed. After an edit, :meth:`updated`
    gives an index for the new outlines; it reuses the untouched regions' geometry, so it
    costs little more than re-creating the two search trees. An index never changes once built,
    which also makes it safe to keep with an undo step.
    """

    __slots__ = ("_count", "_edge_tree", "_parts", "_vertex_tree")

    def __init__(self, outlines: Sequence[Polygon | None]) -> None:
        self._setup(_Parts.build(enumerate(outlines)), len(outlines))

    def _setup(self, parts: _Parts, count: int) -> None:
        self._parts = parts
        self._count = count
        self._vertex_tree = shapely.STRtree(parts.points)
        self._edge_tree = shapely.STRtree(parts.lines)

    def __len__(self) -> int:
        """Number of region positions the index covers (including empty ones)."""
        return self._count

    def updated(self, changes: Mapping[int, Polygon | None]) -> SnapIndex:
        """A new index where the regions in ``changes`` have their new outline.

        A position past the end adds a region; ``None`` empties a position. Deleting a region
        from the middle of the list shifts every later position: build a new index then.
        """
        replaced = np.fromiter(changes.keys(), dtype=np.int64, count=len(changes))
        parts = _Parts.concat(self._parts.without(replaced), _Parts.build(changes.items()))
        index = SnapIndex.__new__(SnapIndex)
        index._setup(parts, max(self._count, int(replaced.max()) + 1 if len(replaced) else 0))
        return index

    # Candidate look-ups use the trees with a square window and measure exactly with numpy:
    # one tree query and a few array operations per call, whatever the size of the map.

    def _window(self, point: XY, reach: float) -> shapely.Geometry:
        x, y = point
        return shapely.box(x - reach, y - reach, x + reach, y + reach)

    def vertices_at(self, point: Sequence[float], tolerance: float = TOLERANCE) -> list[VertexRef]:
        """Every ring vertex within ``tolerance`` of ``point``, sorted."""
        xy = finite_point(point)
        if xy is None:
            return []
        found = self._vertex_tree.query(self._window(xy, tolerance))
        if len(found) == 0:
            return []
        where = self._parts.xy[found]
        near = found[np.hypot(where[:, 0] - xy[0], where[:, 1] - xy[1]) <= tolerance]
        return sorted(VertexRef(*map(int, ref)) for ref in self._parts.v_ref[near])

    def edges_at(self, point: Sequence[float], tolerance: float = TOLERANCE) -> list[EdgeRef]:
        """Every edge passing within ``tolerance`` of ``point``, sorted."""
        xy = finite_point(point)
        if xy is None:
            return []
        found = self._edge_tree.query(self._window(xy, tolerance))
        if len(found) == 0:
            return []
        distance, _ = _segment_distances(np.asarray(xy), self._parts.a[found], self._parts.b[found])
        near = found[distance <= tolerance]
        return sorted(EdgeRef(*map(int, ref)) for ref in self._parts.e_ref[near])

    def regions_near(self, point: Sequence[float], distance: float) -> list[int]:
        """Regions with a vertex or an edge within ``distance`` of ``point``, ascending."""
        regions = {ref.region for ref in self.edges_at(point, distance)}
        regions.update(ref.region for ref in self.vertices_at(point, distance))
        return sorted(regions)

    def regions_in_box(self, bounds: tuple[float, float, float, float]) -> list[int]:
        """Regions with a vertex or an edge inside the box ``(xmin, ymin, xmax, ymax)``."""
        box = shapely.box(*bounds)
        edges = self._edge_tree.query(box)
        vertices = self._vertex_tree.query(box)
        regions = np.concatenate([self._parts.e_ref[edges, 0], self._parts.v_ref[vertices, 0]])
        found: list[int] = np.unique(regions).tolist()
        return found

    def snap(
        self,
        point: Sequence[float],
        radius: float,
        *,
        exclude: Collection[int] = (),
        tolerance: float = TOLERANCE,
    ) -> Snap:
        """Snap ``point`` to the nearest vertex within ``radius``, else the nearest edge.

        Vertices win over edges even when an edge is closer: designers aim at corners, and a
        point dropped next to a corner must not start a sliver edge. Regions listed in
        ``exclude`` are ignored (the region being drawn or dragged, for instance).
        ``tolerance`` decides which vertices and edges count as "the same place" when
        reporting the owners.
        """
        xy = finite_point(point)
        if xy is None or not (radius >= 0):  # also rejects a NaN radius
            return Snap(point=xy or (math.nan, math.nan), kind="none")
        parts = self._parts
        excluded = np.fromiter(exclude, dtype=np.int64) if exclude else None
        p = np.asarray(xy)

        found = self._vertex_tree.query(self._window(xy, radius + tolerance))
        if excluded is not None and len(found):
            found = found[~np.isin(parts.v_ref[found, 0], excluded)]
        if len(found):
            where = parts.xy[found]
            distance = np.hypot(where[:, 0] - xy[0], where[:, 1] - xy[1])
            best = int(np.argmin(distance))
            if distance[best] <= radius:
                vx, vy = where[best]
                same = np.hypot(where[:, 0] - vx, where[:, 1] - vy) <= tolerance
                owners = sorted(VertexRef(*map(int, ref)) for ref in parts.v_ref[found[same]])
                return Snap(
                    point=(float(vx), float(vy)),
                    kind="vertex",
                    distance=float(distance[best]),
                    vertices=tuple(owners),
                )

        found = self._edge_tree.query(self._window(xy, radius + tolerance))
        if excluded is not None and len(found):
            found = found[~np.isin(parts.e_ref[found, 0], excluded)]
        if len(found):
            a, b = parts.a[found], parts.b[found]
            distance, nearest = _segment_distances(p, a, b)
            best = int(np.argmin(distance))
            if distance[best] <= radius:
                q = nearest[best]
                through, _ = _segment_distances(q, a, b)
                same = np.flatnonzero(through <= tolerance)
                same = same[np.argsort(distance[same], kind="stable")]
                return Snap(
                    point=(float(q[0]), float(q[1])),
                    kind="edge",
                    distance=float(distance[best]),
                    edges=tuple(EdgeRef(*map(int, parts.e_ref[found[i]])) for i in same),
                )
        return Snap(point=xy, kind="none")


def snap_point(
    point: Sequence[float],
    target: SnapIndex | Sequence[Polygon | None],
    radius: float,
    *,
    exclude: Collection[int] = (),
    tolerance: float = TOLERANCE,
) -> Snap:
    """Snap ``point`` to the map's vertices, else its edges, within ``radius``.

    ``target`` is normally a :class:`SnapIndex`; passing the outlines themselves builds a
    throw-away index, which is fine for one query and far too slow for a drawing tool.
    """
    index = target if isinstance(target, SnapIndex) else SnapIndex(target)
    return index.snap(point, radius, exclude=exclude, tolerance=tolerance)


# -------------------------------------------------------------------------- map helpers


def candidates(
    outlines: Sequence[Polygon | None], point: XY, reach: float, index: SnapIndex | None
) -> Iterable[int]:
    if index is None:
        return range(len(outlines))
    return [i for i in index.regions_near(point, reach) if i < len(outlines)]

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
from typing import Literal, NamedTuple

import numpy as np

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


class _Parts(NamedTuple):
    """Every vertex of a set of outlines in flat arrays, region by region.

    A region's vertices are one run of rows (``start``/``stop`` by region position); its
    edges are the rows whose edge to the ``following`` vertex of the ring is proper (not of
    zero length), so edges need no arrays of their own.
    """

    xy: np.ndarray
    """(V, 2) vertex coordinates."""
    ref: np.ndarray
    """(V, 3) region, ring, index of each vertex."""
    following: np.ndarray
    """(V,) the row of the next vertex of the same ring."""
    proper: np.ndarray
    """(V,) the edge from this vertex to the next has a length."""

    @classmethod
    def build(cls, outlines: Iterable[tuple[int, Polygon | None]], first_row: int = 0) -> _Parts:
        """The parts of ``outlines``; ``first_row`` is where their rows will start when
        appended to other parts (``following`` points at absolute rows)."""
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
        ref = np.column_stack([refs[ring_of], position]).astype(np.int64).reshape(-1, 3)
        following = np.arange(total) + 1
        last = position == lengths[ring_of] - 1
        following[last] = starts[ring_of][last]
        # A one-point ring, or a file that repeats the closing point, yields zero-length
        # edges, which could only ever snap to a point that is already a vertex.
        proper = np.any(xy != xy[following], axis=1) if total else np.zeros(0, dtype=bool)
        return cls(xy, ref, following + first_row, proper)

    @staticmethod
    def concat(first: _Parts, second: _Parts) -> _Parts:
        return _Parts(*(np.concatenate([a, b]) for a, b in zip(first, second, strict=True)))

    def runs(self, count: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Where each of ``count`` region positions has its rows, and its bounding box
        (``start``, ``stop``, boxes: four rows of left, top, right and bottom edges; NaN for
        positions without vertices). Rows of a region must be consecutive, as :meth:`build`
        makes them."""
        start = np.zeros(count, dtype=np.int64)
        stop = np.zeros(count, dtype=np.int64)
        boxes = np.full((4, count), np.nan)
        if len(self.xy):
            regions = self.ref[:, 0]
            firsts = np.flatnonzero(np.r_[True, regions[1:] != regions[:-1]])
            owners = regions[firsts]
            lasts = np.r_[firsts[1:], len(regions)]
            start[owners], stop[owners] = firsts, lasts
            boxes[:2, owners] = np.minimum.reduceat(self.xy, firsts).T
            boxes[2:, owners] = np.maximum.reduceat(self.xy, firsts).T
        return start, stop, boxes


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
    gives an index for the new outlines; it reuses the untouched regions' rows, so it costs
    about a copy of the arrays. An index never changes once built, which also makes it safe
    to keep with an undo step.

    The index is plain numpy: the vertices in flat arrays, region by region, and each
    region's bounding box. A query compares its window with every box at once (a few tens
    of microseconds for 30,000 regions) and measures the vertices and edges of the few
    regions it meets exactly. (It once kept a shapely point and line per vertex and edge
    in two STRtrees: 650 bytes a vertex, and a tenth of a second to rebuild the trees after
    each edit of a 10,000-region map.)
    """

    __slots__ = ("_boxes", "_count", "_dead", "_parts", "_start", "_stop", "_strips")

    def __init__(self, outlines: Sequence[Polygon | None]) -> None:
        self._count = len(outlines)
        self._parts = _Parts.build(enumerate(outlines))
        self._start, self._stop, self._boxes = self._parts.runs(self._count)
        self._dead = 0
        """Rows left behind by regions that :meth:`updated` replaced."""
        self._strips: _Strips | None = None

    def __len__(self) -> int:
        """Number of region positions the index covers (including empty ones)."""
        return self._count

    def updated(self, changes: Mapping[int, Polygon | None]) -> SnapIndex:
        """A new index where the regions in ``changes`` have their new outline.

        A position past the end adds a region; ``None`` empties a position. Deleting a region
        from the middle of the list shifts every later position: build a new index then.
        """
        count = max([self._count, *(p + 1 for p in changes)])
        replaced = sorted(changes)
        added = _Parts.build(((p, changes[p]) for p in replaced), len(self._parts.xy))
        start = np.zeros(count, dtype=np.int64)
        stop = np.zeros(count, dtype=np.int64)
        boxes = np.full((4, count), np.nan)
        start[: self._count], stop[: self._count] = self._start, self._stop
        boxes[:, : self._count] = self._boxes
        rows = np.asarray(replaced, dtype=np.int64)
        dead = self._dead + int((stop[rows] - start[rows]).sum())
        start[rows], stop[rows], boxes[:, rows] = 0, 0, np.nan
        new_start, new_stop, new_boxes = added.runs(count)
        present = np.unique(added.ref[:, 0]) if len(added.xy) else rows[:0]
        start[present] = new_start[present] + len(self._parts.xy)
        stop[present] = new_stop[present] + len(self._parts.xy)
        boxes[:, present] = new_boxes[:, present]
        index = SnapIndex.__new__(SnapIndex)
        index._count = count
        index._parts = _Parts.concat(self._parts, added)
        index._start, index._stop, index._boxes = start, stop, boxes
        index._dead = dead
        index._strips = None if self._strips is None else self._strips.updated(boxes, rows)
        if dead > len(index._parts.xy) // 2:
            index._compact()
        return index

    def _compact(self) -> None:
        """Drop the rows of replaced outlines (once they are half of all rows)."""
        lengths = self._stop - self._start
        keep = np.repeat(self._start, lengths) + _offsets(lengths)
        moved = np.full(len(self._parts.xy), -1, dtype=np.int64)
        moved[keep] = np.arange(len(keep))
        parts = self._parts
        self._parts = _Parts(
            parts.xy[keep], parts.ref[keep], moved[parts.following[keep]], parts.proper[keep]
        )
        self._stop = np.cumsum(lengths)
        self._start = self._stop - lengths
        self._dead = 0

    # Look-ups compare a square window with every region's box, then measure exactly the
    # vertices and edges of the regions it meets.

    def _rows(self, x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
        """The rows of the regions whose box meets the window, region by region."""
        if self._strips is None:
            self._strips = _Strips.of(self._boxes)
        meets = self._strips.meeting(self._boxes, x0, y0, x1, y1)
        if len(meets) == 0:
            return np.zeros(0, dtype=np.int64)
        start, stop = self._start[meets], self._stop[meets]
        found: np.ndarray = np.repeat(start, stop - start) + _offsets(stop - start)
        return found

    def _vertices_in(
        self, x0: float, y0: float, x1: float, y1: float, rows: np.ndarray | None = None
    ) -> np.ndarray:
        """Rows of the vertices inside the window (edges included); ``rows``: those of the
        regions it meets, when known."""
        rows = self._rows(x0, y0, x1, y1) if rows is None else rows
        xy = self._parts.xy[rows]
        inside = (xy[:, 0] >= x0) & (xy[:, 0] <= x1) & (xy[:, 1] >= y0) & (xy[:, 1] <= y1)
        found: np.ndarray = rows[inside]
        return found

    def _edges_in(
        self, x0: float, y0: float, x1: float, y1: float, rows: np.ndarray | None = None
    ) -> np.ndarray:
        """Rows of the edges (by their first vertex) whose box meets the window."""
        parts = self._parts
        rows = self._rows(x0, y0, x1, y1) if rows is None else rows
        rows = rows[parts.proper[rows]]
        a, b = parts.xy[rows], parts.xy[parts.following[rows]]
        low, high = np.minimum(a, b), np.maximum(a, b)
        meets = (low[:, 0] <= x1) & (high[:, 0] >= x0) & (low[:, 1] <= y1) & (high[:, 1] >= y0)
        found: np.ndarray = rows[meets]
        return found

    def vertices_at(self, point: Sequence[float], tolerance: float = TOLERANCE) -> list[VertexRef]:
        """Every ring vertex within ``tolerance`` of ``point``, sorted."""
        xy = finite_point(point)
        if xy is None:
            return []
        x, y = xy
        found = self._vertices_in(x - tolerance, y - tolerance, x + tolerance, y + tolerance)
        where = self._parts.xy[found]
        near = found[np.hypot(where[:, 0] - x, where[:, 1] - y) <= tolerance]
        return sorted(VertexRef(*map(int, ref)) for ref in self._parts.ref[near])

    def edges_at(self, point: Sequence[float], tolerance: float = TOLERANCE) -> list[EdgeRef]:
        """Every edge passing within ``tolerance`` of ``point``, sorted."""
        xy = finite_point(point)
        if xy is None:
            return []
        x, y = xy
        parts = self._parts
        found = self._edges_in(x - tolerance, y - tolerance, x + tolerance, y + tolerance)
        a, b = parts.xy[found], parts.xy[parts.following[found]]
        distance, _ = _segment_distances(np.asarray(xy), a, b)
        near = found[distance <= tolerance]
        return sorted(EdgeRef(*map(int, ref)) for ref in parts.ref[near])

    def regions_near(self, point: Sequence[float], distance: float) -> list[int]:
        """Regions with a vertex or an edge within ``distance`` of ``point``, ascending."""
        regions = {ref.region for ref in self.edges_at(point, distance)}
        regions.update(ref.region for ref in self.vertices_at(point, distance))
        return sorted(regions)

    def regions_in_box(self, bounds: tuple[float, float, float, float]) -> list[int]:
        """Regions with a vertex inside the box ``(xmin, ymin, xmax, ymax)`` or an edge
        whose own box meets it."""
        rows = self._rows(*bounds)
        edges = self._edges_in(*bounds, rows)
        vertices = self._vertices_in(*bounds, rows)
        ref = self._parts.ref
        found: list[int] = np.unique(np.concatenate([ref[edges, 0], ref[vertices, 0]])).tolist()
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
        x, y = xy
        reach = radius + tolerance
        window = (x - reach, y - reach, x + reach, y + reach)
        rows = self._rows(*window)

        found = self._vertices_in(*window, rows)
        if excluded is not None and len(found):
            found = found[~np.isin(parts.ref[found, 0], excluded)]
        if len(found):
            where = parts.xy[found]
            distance = np.hypot(where[:, 0] - x, where[:, 1] - y)
            best = int(np.argmin(distance))
            if distance[best] <= radius:
                vx, vy = where[best]
                same = np.hypot(where[:, 0] - vx, where[:, 1] - vy) <= tolerance
                owners = sorted(VertexRef(*map(int, ref)) for ref in parts.ref[found[same]])
                return Snap(
                    point=(float(vx), float(vy)),
                    kind="vertex",
                    distance=float(distance[best]),
                    vertices=tuple(owners),
                )

        found = self._edges_in(*window, rows)
        if excluded is not None and len(found):
            found = found[~np.isin(parts.ref[found, 0], excluded)]
        if len(found):
            a, b = parts.xy[found], parts.xy[parts.following[found]]
            distance, nearest = _segment_distances(p, a, b)
            best = int(np.argmin(distance))
            if distance[best] <= radius:
                q = nearest[best]
                through, _ = _segment_distances(q, a, b)
                same = np.flatnonzero(through <= tolerance)
                # Nearest first; edges as near as each other in the order of their refs.
                refs = parts.ref[found[same]]
                same = same[np.lexsort((refs[:, 2], refs[:, 1], refs[:, 0], distance[same]))]
                return Snap(
                    point=(float(q[0]), float(q[1])),
                    kind="edge",
                    distance=float(distance[best]),
                    edges=tuple(EdgeRef(*map(int, parts.ref[found[i]])) for i in same),
                )
        return Snap(point=xy, kind="none")


class _Strips(NamedTuple):
    """The regions' boxes sorted by their left edge, so that a window is compared only with
    the boxes whose left edge lies within the widest box of it: a narrow strip of the map.
    Boxes much wider than most (a sea around the map) are compared every time."""

    order: np.ndarray
    lefts: np.ndarray
    widest: float
    wide: np.ndarray
    limit: float
    """Boxes wider than this are ``wide``."""

    @classmethod
    def of(cls, boxes: np.ndarray) -> _Strips:
        present = np.flatnonzero(~np.isnan(boxes[0]))
        widths = boxes[2, present] - boxes[0, present]
        limit = 8 * float(np.median(widths)) if len(widths) else 0.0
        narrow = widths <= limit
        order = present[narrow][np.argsort(boxes[0, present[narrow]], kind="stable")]
        widest = float(widths[narrow].max()) if narrow.any() else 0.0
        return cls(order, boxes[0, order], widest, present[~narrow], limit)

    def updated(self, boxes: np.ndarray, rows: np.ndarray) -> _Strips:
        """The strips of ``boxes``, where only the boxes of ``rows`` changed (or came): the
        other boxes keep their order and the changed ones are put back where they belong,
        instead of sorting every box again at each edit. The same as :meth:`of` gives."""
        present = np.flatnonzero(~np.isnan(boxes[0]))
        widths = boxes[2, present] - boxes[0, present]
        limit = 8 * float(np.median(widths)) if len(widths) else 0.0
        if len(rows) * 8 > len(present) or limit != self.limit:
            return _Strips.of(boxes)  # which boxes count as wide changed: sort them all
        rows = np.unique(rows)
        lefts = np.full(len(boxes[0]), np.nan)
        lefts[present] = boxes[0, present]
        changed = np.zeros(len(lefts), dtype=bool)
        changed[rows] = True
        rest = self.order[~changed[self.order]]
        width = boxes[2, rows] - boxes[0, rows]
        narrow = rows[~np.isnan(width) & (width <= limit)]
        narrow = narrow[np.lexsort((narrow, lefts[narrow]))]
        rest_lefts = lefts[rest]
        low = np.searchsorted(rest_lefts, lefts[narrow], side="left")
        high = np.searchsorted(rest_lefts, lefts[narrow], side="right")
        at = [
            int(lo) + int(np.searchsorted(rest[lo:hi], row))
            for lo, hi, row in zip(low.tolist(), high.tolist(), narrow.tolist(), strict=True)
        ]
        order = np.insert(rest, at, narrow)
        is_narrow = widths <= limit
        widest = float(widths[is_narrow].max()) if is_narrow.any() else 0.0
        return _Strips(order, boxes[0, order], widest, present[~is_narrow], limit)

    def meeting(self, boxes: np.ndarray, x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
        """Positions of the regions whose box meets the window, ascending."""
        first = int(np.searchsorted(self.lefts, x0 - self.widest, side="left"))
        last = int(np.searchsorted(self.lefts, x1, side="right"))
        candidates = np.concatenate([self.order[first:last], self.wide])
        left, top, right, bottom = boxes[:, candidates]
        meets = (left <= x1) & (right >= x0) & (top <= y1) & (bottom >= y0)
        return np.sort(candidates[meets])


def _offsets(lengths: np.ndarray) -> np.ndarray:
    """``0..n-1`` for each ``n`` of ``lengths``, concatenated."""
    total = int(lengths.sum())
    ends = np.cumsum(lengths)
    offsets: np.ndarray = np.arange(total) - np.repeat(ends - lengths, lengths)
    return offsets


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

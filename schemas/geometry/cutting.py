"""Splitting a region along a drawn line, and merging neighbouring regions.

Splitting reports the points where the cut meets the old border, so the neighbours can receive
them too and keep sharing every vertex.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.errors import GEOSException
from shapely.geometry import LineString as ShapelyLineString
from shapely.geometry import Polygon as ShapelyPolygon
from shapely.ops import split as shapely_split

from ..map import Polygon
from .adjacency import shared_borders
from .outlines import (
    TOLERANCE,
    XY,
    GeometryEditError,
    close_to,
    drawn_points,
    nearest_edge,
    rings_of,
    segment_distance,
    to_model_like,
    usable_shape,
)


@dataclass(frozen=True, slots=True)
class SplitResult:
    """The two halves of a split region and the new points on its former border.

    ``border_points`` are the places where the cut meets the old border and where no vertex
    was before. The halves have them as vertices; neighbours along that border must receive
    them too (:func:`insert_shared_vertices` with ``exclude`` set to the split region).
    """

    first: Polygon
    second: Polygon
    border_points: tuple[XY, ...]

    @property
    def pieces(self) -> tuple[Polygon, Polygon]:
        return (self.first, self.second)


def _path(line: Sequence[Sequence[float]] | ShapelyLineString) -> list[XY]:
    raw = list(line.coords) if isinstance(line, ShapelyLineString) else list(line)
    points = drawn_points(raw, "line")
    if len(points) < 2:
        raise GeometryEditError("draw a line of at least two different points to split a region")
    return points


def _put_on_path(path: list[XY], point: XY, tolerance: float) -> None:
    """Make ``point`` a vertex of the path: replace a vertex within tolerance, else insert it."""
    distances = [math.hypot(v[0] - point[0], v[1] - point[1]) for v in path]
    nearest = min(range(len(path)), key=distances.__getitem__)
    if distances[nearest] <= tolerance:
        path[nearest] = point
        return
    segment = min(range(len(path) - 1), key=lambda i: segment_distance(point, path[i], path[i + 1]))
    path.insert(segment + 1, point)


def split_region(
    outline: Polygon,
    line: Sequence[Sequence[float]] | ShapelyLineString,
    *,
    tolerance: float = TOLERANCE,
) -> SplitResult:
    """Cut a region in two along a drawn polyline that crosses it from border to border.

    Before cutting, every place where the line meets the border becomes a vertex of both the
    ring and the line, with the same coordinates. That way the two halves share the cut's
    vertices exactly instead of each getting its own rounding of the crossing points. Line
    points within ``tolerance`` of the border (typically snapped ones) count as on it.

    Raises :class:`GeometryEditError` unless the result is exactly two pieces.
    """
    original = usable_shape(outline, "split the region")
    path = _path(line)
    rings = rings_of(outline)
    boundary = original.boundary
    line_geometry = ShapelyLineString(path)

    candidates = [v for v in path if boundary.distance(shapely.Point(v)) <= tolerance]
    try:
        meeting = line_geometry.intersection(boundary)
    except GEOSException as exc:  # pragma: no cover - GEOS rarely fails on valid input
        raise GeometryEditError(f"cannot split the region: {exc}") from exc
    candidates.extend(
        (float(x), float(y)) for x, y in shapely.get_coordinates(shapely.get_parts(meeting))
    )

    cuts: list[XY] = []
    border_points: list[XY] = []
    for candidate in candidates:
        if any(close_to(candidate, cut, tolerance) for cut in cuts):
            continue
        vertex = next(
            (v for ring in rings for v in ring if close_to(v, candidate, tolerance)), None
        )
        if vertex is None:
            number, edge = min(
                ((n, *nearest_edge(ring, candidate)) for n, ring in enumerate(rings)),
                key=lambda item: item[2],
            )[:2]
            rings[number].insert(edge + 1, candidate)
            border_points.append(candidate)
            vertex = candidate
        cuts.append(vertex)
        _put_on_path(path, vertex, tolerance)

    crossing = "the line must cross the region from border to border"
    if len(cuts) < 2:
        raise GeometryEditError(f"cannot split the region: {crossing}")
    try:
        prepared = ShapelyPolygon(rings[0], rings[1:])
        pieces = list(shapely_split(prepared, ShapelyLineString(path)).geoms)
    except (ValueError, GEOSException) as exc:
        raise GeometryEditError(f"cannot split the region: {exc}") from exc
    if len(pieces) < 2:
        raise GeometryEditError(f"cannot split the region: {crossing}")
    if len(pieces) > 2:
        raise GeometryEditError(
            f"cannot split the region: the line cuts it into {len(pieces)} pieces; "
            "it must cross the region once, from border to border"
        )
    total = sum(p.area for p in pieces)
    if (
        not all(p.is_valid and p.area > 0 for p in pieces)
        or abs(total - original.area) > 1e-9 * original.area
    ):
        raise GeometryEditError(
            "cannot split the region: the cut does not give two proper regions; "
            "draw the line a little differently"
        )
    first, second = (to_model_like(p, outline) for p in pieces)
    kept = set(first.exterior).union(*first.holes, second.exterior, *second.holes)
    return SplitResult(first, second, tuple(p for p in border_points if p in kept))


def merge_regions(outlines: Sequence[Polygon], *, tolerance: float = 0.0) -> Polygon:
    """The outline of several regions joined into one.

    The regions must form one connected piece through borders of positive length (longer
    than ``tolerance``): regions touching only at a corner do not merge. Vertices that were
    only on the removed inner borders disappear; vertices on the new outline stay, even when
    they now lie on a straight line, because the neighbours outside still share them. Holes
    are kept, and so is the first region's orientation.
    """
    if len(outlines) < 2:
        raise GeometryEditError("select at least two regions to merge")
    geoms = np.array(
        [usable_shape(o, "merge the regions", i) for i, o in enumerate(outlines)], dtype=object
    )
    borders = shared_borders(geoms, tolerance)
    parent = list(range(len(geoms)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for a, b in borders.pairs():
        parent[root(a)] = root(b)
    apart = [i for i in range(len(geoms)) if root(i) != root(0)]
    if apart:
        raise GeometryEditError(
            "cannot merge: the regions must form one piece, each sharing a border (not just "
            "a corner) with another selected region",
            regions=apart,
        )
    try:
        # The coverage union works on the shared edges themselves, so it keeps every vertex
        # exactly; a general union is only needed when the borders do not match vertex for
        # vertex (imported data).
        union = (
            shapely.coverage_union_all(geoms)
            if shapely.coverage_is_valid(geoms)
            else shapely.union_all(geoms)
        )
    except GEOSException as exc:  # pragma: no cover - GEOS rarely fails on valid input
        raise GeometryEditError(f"cannot merge the regions: {exc}") from exc
    if not isinstance(union, ShapelyPolygon) or union.is_empty:
        parts = len(shapely.get_parts(union))
        raise GeometryEditError(
            f"cannot merge: the regions together make {parts} separate pieces, not one"
        )
    return to_model_like(union, outlines[0])

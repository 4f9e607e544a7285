"""Fitting a newly drawn region into the map without an overlap or a sliver gap.

A designer draws an outline by clicking points, some of them snapped onto neighbours'
vertices and edges. The new region takes only the free ground inside the outline, and its
borders with the neighbours must be the neighbours' own edges, point for point; otherwise the
map would gain T-junctions, slivers of overlap, or thin gaps that nobody can see or click.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Polygon as ShapelyPolygon

from ..map import Polygon
from .build import build_polygons, distinct_points, polygon_to_model
from .outlines import TOLERANCE, XY, GeometryEditError, drawn_points, near_text, to_model_like
from .snapping import SnapIndex
from .validity import outline_problem
from .vertices import _check_map_edit, insert_shared_vertices

SLIVER_SHARE = 0.05
"""Enclosed free ground left between the new region and its neighbours is given to the new
region when it is smaller than this share of the new region's area: such slivers come from
drawing straight across a bend of a neighbour's border, never from intent."""


@dataclass(frozen=True, slots=True)
class DrawnRegion:
    """Where a drawn outline fits.

    ``outline`` is the new region's outline; ``changes`` holds the neighbours (by position)
    that received new shared vertices where the outline meets their edges; ``neighbours``
    lists every region sharing a border with the new one, ascending; ``enclosed`` is the area
    of free ground the new region and its neighbours now enclose (too large to be a sliver;
    the designer will likely draw a region there).
    """

    outline: Polygon
    changes: dict[int, Polygon]
    neighbours: tuple[int, ...]
    enclosed: float = 0.0


def _clean_ring(ring: Iterable[Sequence[float]]) -> list[XY]:
    points = drawn_points(ring, "outline")
    if len(points) > 1 and points[0] == points[-1]:
        points.pop()
    if distinct_points(points) < 3:
        raise GeometryEditError("draw at least three different points")
    return points


def _nearby(
    outlines: Sequence[Polygon | None],
    bounds: tuple[float, float, float, float],
    index: SnapIndex | None,
) -> list[int]:
    """Regions that may cover some of the box: those with an edge in it, and those around it.

    A region enclosing the whole box has no edge inside it, but its border crosses any ray
    leaving the box, so one thin query to the east finds it.
    """
    if index is None:
        return [i for i, o in enumerate(outlines) if o is not None]
    found = set(index.regions_in_box(bounds))
    found.update(index.regions_in_box((bounds[0], bounds[1], 1e300, bounds[1])))
    return sorted(i for i in found if i < len(outlines) and outlines[i] is not None)


def _apply(outlines: Sequence[Polygon | None], changes: dict[int, Polygon]) -> list[Polygon | None]:
    current = list(outlines)
    for position, outline in changes.items():
        current[position] = outline
    return current


def fit_drawn_region(
    outlines: Sequence[Polygon | None],
    ring: Sequence[Sequence[float]],
    *,
    index: SnapIndex | None = None,
    tolerance: float = TOLERANCE,
) -> DrawnRegion:
    """Fit the outline ``ring`` drawn over the map ``outlines`` (see :class:`DrawnRegion`).

    The drawn points that lie on a neighbour's edge (snapped there) first become vertices of
    that neighbour, so the clipped border starts exactly at them. The outline then loses the
    ground other regions cover, which makes its borders follow their vertices; the points
    where it crossed a border become shared vertices too. Refuses
    (:class:`GeometryEditError`) an outline that crosses itself, that leaves no free ground,
    or whose free ground falls into several pieces. ``index`` must describe ``outlines``.
    """
    points = _clean_ring(ring)
    drawn = ShapelyPolygon(points)
    problem = outline_problem(drawn)
    if problem is not None:
        reason, at = problem
        raise GeometryEditError(f"the drawn outline {reason}{near_text(at)}", at=at)
    bounds = tuple(float(v) for v in drawn.bounds)
    extent = max(bounds[2] - bounds[0], bounds[3] - bounds[1], *map(abs, bounds))
    # Points computed where the outline crosses a border are off it by rounding only.
    on_edge = max(tolerance, 1e-11 * extent)

    changes = insert_shared_vertices(outlines, points, on_edge, index=index)
    current = _apply(outlines, changes)
    near = _nearby(current, bounds, index)  # type: ignore[arg-type]
    near_geoms = build_polygons([current[i] for i in near])
    usable = ~shapely.is_missing(near_geoms)
    usable[usable] = shapely.is_valid(near_geoms[usable])
    near = [i for i, ok in zip(near, usable.tolist(), strict=True) if ok]
    near_geoms = near_geoms[usable]

    covering = near_geoms[shapely.intersects(near_geoms, drawn)] if len(near) else near_geoms
    free = shapely.difference(drawn, shapely.union_all(covering)) if len(covering) else drawn
    pieces = [
        p
        for p in shapely.get_parts(free)
        if isinstance(p, ShapelyPolygon) and p.area > 1e-9 * drawn.area
    ]
    if not pieces:
        raise GeometryEditError("the outline holds no free ground: other regions cover it all")
    if len(pieces) > 1:
        raise GeometryEditError(
            f"the free ground inside the outline falls into {len(pieces)} separate pieces; "
            "draw a region over one of them only"
        )
    shape: shapely.Geometry = pieces[0]

    shape, enclosed = _absorb_slivers(shape, near_geoms)
    like = next((current[i] for i in near if current[i] is not None), None)
    outline = to_model_like(shape, like) if like is not None else polygon_to_model(shape)

    # Where the outline crossed a border, the crossing point becomes the neighbour's vertex.
    new_points = [p for r in (outline.exterior, *outline.holes) for p in r]
    more = insert_shared_vertices(current, new_points, on_edge, index=index)
    changes.update(more)
    current = _apply(current, more)
    # And the neighbours' vertices along the new borders become the new region's vertices.
    theirs = [p for i in near for r in _rings(current[i]) for p in r]
    outline = insert_shared_vertices([outline], theirs, on_edge).get(0, outline)

    position = len(outlines)
    _check_map_edit(
        [*outlines, None], {**changes, position: outline}, "cannot add the region", index
    )
    new_geometry = build_polygons([outline])[0]
    touching = [
        i
        for i, g in zip(near, near_geoms, strict=True)
        if shapely.length(shapely.intersection(g.boundary, new_geometry.boundary)) > on_edge
    ]
    return DrawnRegion(outline, changes, tuple(touching), enclosed)


def _rings(outline: Polygon | None) -> list[list[XY]]:
    return [] if outline is None else [list(outline.exterior), *map(list, outline.holes)]


def _absorb_slivers(shape: ShapelyPolygon, neighbours: np.ndarray) -> tuple[ShapelyPolygon, float]:
    """Give the new region the small pockets of free ground it encloses with its neighbours.

    Pockets are the faces of the borders' arrangement that no region covers. They are found
    by polygonizing the linework rather than by looking at the holes of a union: a pocket
    that touches the outer edge at two corners cuts the union in two and is no hole of it.
    Returns the (possibly grown) shape and the area of larger pockets left alone.
    """
    if len(neighbours) == 0:
        return shape, 0.0
    touching = neighbours[shapely.intersects(neighbours, shape)]
    if len(touching) == 0:
        return shape, 0.0
    everything = np.concatenate([touching, [shape]])
    covered = shapely.union_all(neighbours)
    linework = shapely.union_all(shapely.boundary(everything))
    left_alone = 0.0
    for face in shapely.get_parts(shapely.polygonize(shapely.get_parts(linework))):
        pocket = shapely.difference(face, shapely.union(covered, shape))
        if shapely.area(pocket) <= 1e-9 * shape.area:
            continue  # a face of some region, not free ground
        if shapely.length(shapely.intersection(pocket.boundary, shape.boundary)) <= 0:
            continue  # enclosed before the new region came, or met at a corner only
        if pocket.area <= SLIVER_SHARE * shape.area:
            grown = shapely.union(shape, pocket)
            if isinstance(grown, ShapelyPolygon):
                shape = grown
                continue
        left_alone += pocket.area
    return shape, left_alone

"""Moving, inserting and deleting vertices, in every region that shares them.

The map is a coverage: neighbouring regions own the very same vertices along their common
border. A vertex that several regions share is moved, inserted or deleted in all of them at
once, and an edit that would open a gap or an overlap is refused.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence

import numpy as np
import shapely
from shapely.errors import GEOSException

from ..map import Polygon
from .build import build_polygons, distinct_points
from .outlines import (
    TOLERANCE,
    XY,
    GeometryEditError,
    VertexRef,
    close_to,
    finite_point,
    near_text,
    nearest_edge,
    outline_of,
    require_point,
    rings_of,
    segment_distance,
)
from .snapping import SnapIndex, candidates
from .validity import outline_problem


def find_vertex_owners(
    outlines: Sequence[Polygon | None],
    point: Sequence[float],
    tolerance: float = TOLERANCE,
    *,
    index: SnapIndex | None = None,
) -> list[VertexRef]:
    """Every ring vertex, in every region, within ``tolerance`` of ``point``, sorted."""
    xy = finite_point(point)
    if xy is None:
        return []
    owners: list[VertexRef] = []
    for region in candidates(outlines, xy, tolerance, index):
        outline = outlines[region]
        if outline is None:
            continue
        for number, ring in enumerate(rings_of(outline)):
            owners.extend(
                VertexRef(region, number, i)
                for i, vertex in enumerate(ring)
                if close_to(vertex, xy, tolerance)
            )
    return owners


def _check_map_edit(
    outlines: Sequence[Polygon | None],
    changes: Mapping[int, Polygon],
    action: str,
    index: SnapIndex | None,
) -> None:
    """Refuse ``changes`` if they break an outline, or make regions overlap or open a gap.

    Only what the edit makes worse counts: a map that already had an overlap somewhere can
    still be edited. Neighbours are found with the index when there is one, else among all
    the regions.
    """
    ids = sorted(changes)
    after = build_polygons([changes[i] for i in ids])
    for region, geometry in zip(ids, after, strict=True):
        problem = outline_problem(geometry)
        if problem is not None:
            reason, at = problem
            raise GeometryEditError(
                f"{action}: afterwards a region's outline {reason}{near_text(at)}",
                regions=(region,),
                at=at,
            )
    # Outlines that are already broken are left out of the comparison: GEOS cannot overlay
    # them reliably, and the edit is not to blame for them.
    before = _valid_only(build_polygons([outlines[i] for i in ids]))
    present = [g for g in (*after, *before) if g is not None]
    xmin, ymin, xmax, ymax = shapely.total_bounds(np.asarray(present, dtype=object))
    window = shapely.box(xmin, ymin, xmax, ymax)
    if index is not None:
        nearby = index.regions_in_box((xmin, ymin, xmax, ymax))
    else:
        nearby = list(range(len(outlines)))
    others = [j for j in nearby if j not in changes and j < len(outlines)]
    other_geoms = _valid_only(build_polygons([outlines[j] for j in others]))
    touching = ~shapely.is_missing(other_geoms)
    touching[touching] = shapely.intersects(other_geoms[touching], window)
    others = [j for j, keep in zip(others, touching.tolist(), strict=True) if keep]
    other_geoms = other_geoms[touching]
    try:
        _refuse_overlaps(ids, after, before, others, other_geoms, action)
        _refuse_gaps(ids, after, before, other_geoms, action)
    except GEOSException as exc:  # pragma: no cover - only on numerically hopeless input
        raise GeometryEditError(f"{action}: the result cannot be checked ({exc})") from exc


def _valid_only(geoms: np.ndarray) -> np.ndarray:
    present = ~shapely.is_missing(geoms)
    broken = present.copy()
    broken[present] = ~shapely.is_valid(geoms[present])
    geoms[broken] = None
    return geoms


def _refuse_overlaps(
    ids: list[int],
    after: np.ndarray,
    before: np.ndarray,
    others: list[int],
    other_geoms: np.ndarray,
    action: str,
) -> None:
    """Raise if a changed region overlaps a changed or nearby region more than before."""
    # Pair by pair: changed against changed and changed against the rest.
    left: list[int] = []
    right: list[int] = []
    for x in range(len(ids)):
        left.extend([x] * (len(ids) - x - 1 + len(others)))
        right.extend([*range(x + 1, len(ids)), *range(len(ids), len(ids) + len(others))])
    if left:
        after_all = np.concatenate([after, other_geoms])
        before_all = np.concatenate([before, other_geoms])
        li, ri = np.asarray(left), np.asarray(right)
        grown = shapely.area(shapely.intersection(after_all[li], after_all[ri]))
        had = np.zeros(len(li))
        known = ~(shapely.is_missing(before_all[li]) | shapely.is_missing(before_all[ri]))
        had[known] = shapely.area(
            shapely.intersection(before_all[li][known], before_all[ri][known])
        )
        scale = shapely.area(after_all[li]) + shapely.area(after_all[ri])
        worse = np.flatnonzero(grown - had > 1e-9 * scale)
        if len(worse):
            k = int(worse[0])
            names = [*ids, *others]
            common = shapely.point_on_surface(
                shapely.intersection(after_all[li[k]], after_all[ri[k]])
            )
            raise GeometryEditError(
                f"{action}: two regions would overlap",
                regions=(names[li[k]], names[ri[k]]),
                at=(float(common.x), float(common.y)),
            )


def _refuse_gaps(
    ids: list[int], after: np.ndarray, before: np.ndarray, other_geoms: np.ndarray, action: str
) -> None:
    """Raise if ground the regions covered before becomes a gap enclosed by regions.

    Ground given up along the edge of the map (a notch in the coast) is fine. Counting the
    holes of the union would not do: the gap left by deleting the point where four regions
    meet touches its surroundings only at corners, so the union falls apart into pieces
    instead of gaining a hole. What tells a gap is that no stretch of its border lies on the
    former edge of the covered ground.
    """

    def union(geoms: np.ndarray) -> shapely.Geometry:
        return shapely.union_all(geoms[~shapely.is_missing(geoms)])

    covered = union(np.concatenate([before, other_geoms]))
    lost = shapely.difference(covered, union(np.concatenate([after, other_geoms])))
    limit = 1e-9 * shapely.area(covered)
    edge = shapely.boundary(covered)
    for part in shapely.get_parts(lost):
        if shapely.area(part) <= limit:
            continue
        along_edge = shapely.length(shapely.intersection(shapely.boundary(part), edge))
        if along_edge <= 1e-9 * shapely.length(part):
            at = shapely.point_on_surface(part)
            raise GeometryEditError(
                f"{action}: it would open a gap between regions",
                regions=ids,
                at=(float(at.x), float(at.y)),
            )


# ------------------------------------------------------------------------- vertex edits


def move_shared_vertex(
    outlines: Sequence[Polygon | None],
    old: Sequence[float],
    new: Sequence[float],
    tolerance: float = TOLERANCE,
    *,
    index: SnapIndex | None = None,
    check: bool = True,
) -> dict[int, Polygon]:
    """Move the vertex at ``old`` to ``new`` in every region that has it.

    Returns the changed outlines by position; empty when no region has a vertex at ``old``.
    If the new place coincides with the next vertex of a ring, the two merge into one. With
    ``check`` (the default) the move is refused when a changed outline would collapse or cross
    itself, or when the move would make regions overlap or open a gap; turn it off for live
    previews while dragging.
    """
    source = require_point(old, "point to move")
    target = require_point(new, "new position")
    owners = find_vertex_owners(outlines, source, tolerance, index=index)
    if not owners or source == target:
        return {}
    changes: dict[int, Polygon] = {}
    by_region: dict[int, list[VertexRef]] = {}
    for ref in owners:
        by_region.setdefault(ref.region, []).append(ref)
    for region, refs in by_region.items():
        outline = outlines[region]
        assert outline is not None  # owners only come from existing outlines
        rings = rings_of(outline)
        for ref in refs:
            rings[ref.ring][ref.index] = target
        for ring_number in {ref.ring for ref in refs}:
            rings[ring_number] = _merge_repeats(rings[ring_number], target)
        changes[region] = outline_of(rings)
    if check:
        _check_map_edit(outlines, changes, "cannot move the point there", index)
    return changes


def _merge_repeats(ring: list[XY], point: XY) -> list[XY]:
    """Drop copies of ``point`` that directly follow another copy (cyclically)."""
    kept = [v for i, v in enumerate(ring) if not (v == point and ring[i - 1] == point)]
    return kept or ring[:1]


def insert_vertex_on_edge(
    outline: Polygon,
    point: Sequence[float],
    *,
    ring: int | None = None,
    edge: int | None = None,
    tolerance: float = TOLERANCE,
) -> Polygon:
    """The outline with ``point`` added as a vertex on the edge it lies on.

    By default the nearest edge of any ring is used; ``ring`` and ``edge`` pick one (as found
    by snapping). The point is stored exactly as given, so every region receiving the same
    point keeps sharing it. If the point already is a vertex of that ring, the outline is
    returned unchanged. Raises :class:`GeometryEditError` when the point is farther than
    ``tolerance`` from the edge.
    """
    xy = require_point(point, "point to insert")
    rings = rings_of(outline)
    if ring is not None and not 0 <= ring < len(rings):
        raise GeometryEditError(f"the region has no ring {ring}")
    if edge is not None:
        number = 0 if ring is None else ring
        if not 0 <= edge < len(rings[number]):
            raise GeometryEditError(f"the region's ring has no edge {edge}")
        target = rings[number]
        distance = segment_distance(xy, target[edge], target[(edge + 1) % len(target)])
        chosen = (number, edge, distance)
    else:
        chosen = (-1, -1, math.inf)
        for number, candidate in enumerate(rings):
            if ring is not None and number != ring:
                continue
            i, distance = nearest_edge(candidate, xy)
            if distance < chosen[2]:
                chosen = (number, i, distance)
    number, i, distance = chosen
    if i < 0 or distance > tolerance:
        raise GeometryEditError(
            "the point is not on the region's border; a new point must sit on an edge",
            at=xy,
        )
    if any(close_to(v, xy, tolerance) for v in rings[number]):
        return outline
    rings[number].insert(i + 1, xy)
    return outline_of(rings)


def insert_shared_vertices(
    outlines: Sequence[Polygon | None],
    points: Iterable[Sequence[float]],
    tolerance: float = TOLERANCE,
    *,
    exclude: Collection[int] = (),
    index: SnapIndex | None = None,
) -> dict[int, Polygon]:
    """Insert each point into every ring, of every region, that has an edge through it.

    Rings that already have the point as a vertex are left alone. Returns the changed outlines
    by position (empty when no edge passes through any of the points); regions in ``exclude``
    are skipped, such as the region that was just split and already has the points.
    """
    changes: dict[int, Polygon] = {}
    for point in points:
        xy = finite_point(point)
        if xy is None:
            continue
        for region in candidates(outlines, xy, tolerance, index):
            if region in exclude:
                continue
            outline = changes.get(region, outlines[region])
            if outline is None:
                continue
            rings = rings_of(outline)
            changed = False
            for ring in rings:
                if any(close_to(v, xy, tolerance) for v in ring):
                    continue
                i, distance = nearest_edge(ring, xy)
                if i >= 0 and distance <= tolerance:
                    ring.insert(i + 1, xy)
                    changed = True
            if changed:
                changes[region] = outline_of(rings)
    return changes


def insert_shared_vertex(
    outlines: Sequence[Polygon | None],
    point: Sequence[float],
    tolerance: float = TOLERANCE,
    *,
    exclude: Collection[int] = (),
    index: SnapIndex | None = None,
) -> dict[int, Polygon]:
    """Insert ``point`` into every ring whose edge passes through it (see
    :func:`insert_shared_vertices`), so neighbours along that edge keep the same vertices."""
    return insert_shared_vertices(outlines, [point], tolerance, exclude=exclude, index=index)


def _without_vertex(rings: list[list[XY]], point: XY, tolerance: float) -> bool:
    """Remove the vertex at ``point`` from the rings in place; whether one was found.

    Raises when a ring would keep fewer than 3 different points: such a ring is no longer a
    shape, and guessing whether the designer meant to delete the hole or the region is not
    this function's job.
    """
    found = False
    for number, ring in enumerate(rings):
        kept = [v for v in ring if not close_to(v, point, tolerance)]
        if len(kept) == len(ring):
            continue
        found = True
        if distinct_points(kept) < 3:
            what = "an outline" if number == 0 else "a hole"
            instead = "the region" if number == 0 else "the hole"
            raise GeometryEditError(
                f"cannot delete the point: {what} needs at least 3 points; "
                f"delete {instead} instead",
                at=point,
            )
        ring[:] = kept
    return found


def delete_vertex(
    outline: Polygon,
    point: Sequence[float],
    tolerance: float = TOLERANCE,
    *,
    check: bool = True,
) -> Polygon:
    """The outline without its vertex at ``point``.

    Refuses (:class:`GeometryEditError`) when there is no vertex there, when a ring would keep
    fewer than 3 points, or, with ``check``, when the outline would cross itself. A vertex
    shared with neighbours must go from all of them: use :func:`delete_shared_vertex`.
    """
    xy = require_point(point, "point to delete")
    rings = rings_of(outline)
    if not _without_vertex(rings, xy, tolerance):
        raise GeometryEditError("there is no point of the region there", at=xy)
    result = outline_of(rings)
    if check:
        problem = outline_problem(build_polygons([result])[0])
        if problem is not None:
            reason, at = problem
            raise GeometryEditError(
                f"cannot delete the point: afterwards the region's outline {reason}{near_text(at)}",
                at=at or xy,
            )
    return result


def delete_shared_vertex(
    outlines: Sequence[Polygon | None],
    point: Sequence[float],
    tolerance: float = TOLERANCE,
    *,
    index: SnapIndex | None = None,
    check: bool = True,
) -> dict[int, Polygon]:
    """Delete the vertex at ``point`` from every region that has it.

    Returns the changed outlines by position (empty when no region has a vertex there).
    Refuses when a ring would keep fewer than 3 points, and, with ``check``, when an outline
    would cross itself or the regions would overlap or leave a gap. Deleting the point where
    three regions meet always leaves a gap, so it is refused unless ``check`` is off.
    """
    xy = require_point(point, "point to delete")
    owners = find_vertex_owners(outlines, xy, tolerance, index=index)
    changes: dict[int, Polygon] = {}
    for region in sorted({ref.region for ref in owners}):
        outline = outlines[region]
        assert outline is not None  # owners only come from existing outlines
        rings = rings_of(outline)
        try:
            _without_vertex(rings, xy, tolerance)
        except GeometryEditError as exc:
            raise GeometryEditError(str(exc), regions=(region,), at=xy) from None
        changes[region] = outline_of(rings)
    if check and changes:
        _check_map_edit(outlines, changes, "cannot delete the point", index)
    return changes


# ---------------------------------------------------------------------- split and merge

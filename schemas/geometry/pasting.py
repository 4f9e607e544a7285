"""Placing pasted regions on a map so that it stays a clean coverage.

Pasted regions arrive as a group sharing borders among themselves. :func:`free_offset` finds
where the group fits without covering any region (where it was, when that ground is free, else
the nearest free place beside it or past the edge of the map). :func:`fit_pasted_regions`
then fits each pasted outline the way a drawn region is fitted: it keeps only the ground no
other region covers (regions pasted at the pointer over existing ones are clipped), and
borders with neighbours become the neighbours' own edges, vertex for vertex, so the map gains
no overlap, T-junction or sliver.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import Polygon as ShapelyPolygon

from ..map import Polygon
from .build import build_polygons
from .outlines import TOLERANCE, XY, GeometryEditError, to_model_like, usable_shape
from .snapping import SnapIndex
from .vertices import _check_map_edit, insert_shared_vertices

GAP_SHARE = 0.05
"""Space left between a group moved aside and the regions it would have covered, as a share
of the group's larger side."""

RINGS_SEARCHED = 3
"""How many rings of places around the original one are tried before the group is put past
the edge of the map."""

OVERLAP_SHARE = 1e-9
"""Shared area, as a share of a region's area, below which two regions only touch."""


def _bounds(outlines: Sequence[Polygon | None]) -> tuple[float, float, float, float] | None:
    points = [p for o in outlines if o is not None for p in o.exterior]
    if not points:
        return None
    xy = np.asarray(points, dtype=float)
    return (
        float(xy[:, 0].min()),
        float(xy[:, 1].min()),
        float(xy[:, 0].max()),
        float(xy[:, 1].max()),
    )


def translated(outline: Polygon, dx: float, dy: float) -> Polygon:
    """An outline moved by ``(dx, dy)``."""
    if not dx and not dy:
        return outline
    return Polygon(
        exterior=[(x + dx, y + dy) for x, y in outline.exterior],
        holes=[[(x + dx, y + dy) for x, y in hole] for hole in outline.holes],
    )


class _Ground:
    """Which regions of a map cover some ground, looked up through the index when there is
    one; shapes are built once per region asked about."""

    def __init__(self, outlines: Sequence[Polygon | None], index: SnapIndex | None) -> None:
        self.outlines, self.index = outlines, index
        self._shapes: dict[int, shapely.Geometry | None] = {}

    def near(self, bounds: tuple[float, float, float, float]) -> list[int]:
        """Regions that may cover part of the box: those with an edge in it, and those
        around it (a region enclosing the whole box has no edge inside it, but its border
        crosses any ray leaving the box, so one thin query to the east finds it)."""
        if self.index is None:
            return [i for i, o in enumerate(self.outlines) if o is not None]
        found = set(self.index.regions_in_box(bounds))
        found.update(self.index.regions_in_box((bounds[0], bounds[1], 1e300, bounds[1])))
        return sorted(i for i in found if i < len(self.outlines) and self.outlines[i] is not None)

    def shapes(self, positions: Sequence[int]) -> list[shapely.Geometry | None]:
        """The regions' shapes (``None`` for an outline that is not a valid polygon), built
        together for those not built yet."""
        missing = [p for p in dict.fromkeys(positions) if p not in self._shapes]
        if missing:
            built = build_polygons([self.outlines[p] for p in missing])
            valid = ~shapely.is_missing(built)
            valid[valid] = shapely.is_valid(built[valid])
            for position, geometry, ok in zip(missing, built, valid.tolist(), strict=True):
                self._shapes[position] = geometry if ok else None
        return [self._shapes[p] for p in positions]

    def shape(self, position: int) -> shapely.Geometry | None:
        return self.shapes([position])[0]

    def forget(self, position: int) -> None:
        self._shapes.pop(position, None)

    def covering(self, shape: shapely.Geometry) -> list[int]:
        """Regions sharing more than a touch of ground with ``shape``."""
        found = []
        least = OVERLAP_SHARE * shape.area
        near = self.near(shape.bounds)
        for position, other in zip(near, self.shapes(near), strict=True):
            if other is None or not shapely.intersects(other, shape):
                continue
            if shapely.area(shapely.intersection(other, shape)) > least:
                found.append(position)
        return found


def free_offset(
    outlines: Sequence[Polygon | None],
    group: Sequence[Polygon],
    *,
    index: SnapIndex | None = None,
) -> XY:
    """How far to move the ``group`` of outlines so that it covers no region of the map.

    ``(0, 0)`` when the ground under it is free (a group pasted into another map keeps its
    place). Otherwise the nearest free place is chosen among places beside the original one
    (a grid of the group's size plus a small gap, a few rings out) and places just past each
    edge of the map, level with the original one. ``index`` must describe ``outlines``.
    """
    shapes = [s for s in build_polygons(list(group)) if s is not None]
    if not shapes:
        return (0.0, 0.0)
    union = shapely.union_all(np.asarray(shapes, dtype=object))
    ground = _Ground(outlines, index)
    if not ground.covering(union):
        return (0.0, 0.0)
    minx, miny, maxx, maxy = union.bounds
    width, height = maxx - minx, maxy - miny
    gap = GAP_SHARE * max(width, height, 1e-9)
    candidates: list[XY] = []
    for ring in range(1, RINGS_SEARCHED + 1):
        for i in range(-ring, ring + 1):
            for j in range(-ring, ring + 1):
                if max(abs(i), abs(j)) == ring:
                    candidates.append((i * (width + gap), j * (height + gap)))
    extent = _bounds(outlines)
    if extent is not None:
        left, top, right, bottom = extent
        candidates += [
            (right + gap - minx, 0.0),
            (left - gap - maxx, 0.0),
            (0.0, bottom + gap - miny),
            (0.0, top - gap - maxy),
        ]
    candidates.sort(key=lambda d: (math.hypot(*d), d))
    for dx, dy in candidates:
        moved = shapely.transform(union, lambda xy, dx=dx, dy=dy: xy + np.array([dx, dy]))
        if not ground.covering(moved):
            return (dx, dy)
    return candidates[-1]  # past the edge of the map: free by construction


@dataclass(frozen=True, slots=True)
class FittedPaste:
    """Where pasted outlines fit.

    ``outlines`` has one entry per pasted outline, in order: its fitted outline, or ``None``
    when no free ground is left for it (or it was not a usable outline: see ``refused``).
    ``changes`` holds the map's regions (by position) that received shared vertices where
    pasted borders meet their edges. ``clipped`` lists the pasted outlines that lost ground to
    regions already there; ``pieces`` those whose free ground fell apart, with the number of
    pieces (the largest is kept).
    """

    outlines: tuple[Polygon | None, ...]
    changes: dict[int, Polygon]
    clipped: tuple[int, ...] = ()
    pieces: dict[int, int] = field(default_factory=dict)
    refused: dict[int, str] = field(default_factory=dict)


def _apart(
    outlines: Sequence[Polygon | None],
    pasted: Sequence[Polygon],
    index: SnapIndex | None,
    tolerance: float,
) -> FittedPaste | None:
    """The answer when no pasted outline comes near the map (pasted into an empty map, or
    moved aside to free ground): each is kept as it is. ``None`` when one comes near."""
    shapes = build_polygons(list(pasted))
    refused: dict[int, str] = {}
    for number, (outline, shape) in enumerate(zip(pasted, shapes, strict=True)):
        if shape is None or not shapely.is_valid(shape):
            try:
                usable_shape(outline, "paste the region")
            except GeometryEditError as error:
                refused[number] = str(error)
    present = [s for n, s in enumerate(shapes) if s is not None and n not in refused]
    if not present:
        return FittedPaste(tuple(None for _ in pasted), {}, refused=refused)
    ground = _Ground(outlines, index)
    minx, miny, maxx, maxy = shapely.total_bounds(np.asarray(present, dtype=object))
    extent = max(abs(minx), abs(miny), abs(maxx), abs(maxy), 1.0)
    reach = max(tolerance, 1e-11 * extent) * 2
    near = ground.near((minx - reach, miny - reach, maxx + reach, maxy + reach))
    together = shapely.union_all(np.asarray(present, dtype=object))
    for other in ground.shapes(near):
        if other is not None and shapely.dwithin(other, together, reach):
            return None
    kept = tuple(None if n in refused else o for n, o in enumerate(pasted))
    return FittedPaste(kept, {}, refused=refused)


def _points(outline: Polygon) -> list[XY]:
    return [p for ring in (outline.exterior, *outline.holes) for p in ring]


def fit_pasted_regions(
    outlines: Sequence[Polygon | None],
    pasted: Sequence[Polygon],
    *,
    index: SnapIndex | None = None,
    tolerance: float = TOLERANCE,
) -> FittedPaste:
    """Fit the ``pasted`` outlines, one after the other, into the map ``outlines``.

    Each keeps the ground that neither the map's regions nor the pasted regions fitted before
    it cover; where it meets a neighbour, each side gets the other's vertices on the shared
    border. Outlines that already fit are kept exactly. ``index`` must describe ``outlines``.
    Raises :class:`GeometryEditError` if the result would still overlap or leave a gap (a map
    whose outlines cannot be overlaid reliably).
    """
    quick = _apart(outlines, pasted, index, tolerance)
    if quick is not None:
        return quick
    current: list[Polygon | None] = list(outlines)
    base = len(current)
    idx = index if index is not None else SnapIndex(current)
    ground = _Ground(current, idx)
    changes: dict[int, Polygon] = {}
    clipped: list[int] = []
    pieces: dict[int, int] = {}
    refused: dict[int, str] = {}

    def apply(found: dict[int, Polygon]) -> None:
        nonlocal idx
        if not found:
            return
        for position, outline in found.items():
            current[position] = outline
            ground.forget(position)
            changes[position] = outline
        idx = idx.updated(found)
        ground.index = idx

    for number, outline in enumerate(pasted):
        position = base + number
        try:
            shape = usable_shape(outline, "paste the region")
        except GeometryEditError as error:
            refused[number] = str(error)
            current.append(None)
            continue
        extent = max(abs(v) for v in shape.bounds) or 1.0
        on_edge = max(tolerance, 1e-11 * extent)
        covering = ground.covering(shape)
        fitted = outline
        if covering:
            # The pasted corners lying on a neighbour's edge become its vertices first, so
            # that the clipped border starts exactly at them (as when drawing).
            apply(insert_shared_vertices(current, _points(outline), on_edge, index=idx))
            shapes = [ground.shape(i) for i in covering]
            taken = shapely.union_all(np.asarray([s for s in shapes if s is not None]))
            free = shapely.difference(shape, taken)
            parts = sorted(
                (
                    p
                    for p in shapely.get_parts(free)
                    if isinstance(p, ShapelyPolygon) and p.area > OVERLAP_SHARE * shape.area
                ),
                key=lambda p: -p.area,
            )
            clipped.append(number)
            if not parts:
                current.append(None)
                continue
            if len(parts) > 1:
                pieces[number] = len(parts)
            fitted = to_model_like(parts[0], outline)
        # Where the pasted border runs along a neighbour's edge, each gets the other's vertices.
        near = ground.near(build_polygons([fitted])[0].bounds)
        apply(insert_shared_vertices(current, _points(fitted), on_edge, index=idx))
        theirs = [p for i in near if (other := current[i]) is not None for p in _points(other)]
        fitted = insert_shared_vertices([fitted], theirs, on_edge).get(0, fitted)
        current.append(fitted)
        idx = idx.updated({position: fitted})
        ground.index = idx

    new = {base + n: o for n, o in enumerate(current[base:]) if o is not None}
    existing = {p: o for p, o in changes.items() if p < base}
    if new or existing:
        _check_map_edit(
            [*outlines, *([None] * len(pasted))],
            {**existing, **new},
            "cannot paste the regions",
            None if index is None else index,
        )
    return FittedPaste(tuple(current[base:]), existing, tuple(clipped), pieces, refused)

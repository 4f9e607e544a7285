"""The vocabulary shared by the editing tools: points, rings, references and errors.

Conventions used by every editing module:

* Points are ``(x, y)`` tuples in map coordinates (x east, y south).
* Rings of an outline are numbered ``0`` for the exterior and ``k`` for ``holes[k - 1]``.
* Edge ``i`` of a ring runs from vertex ``i`` to vertex ``i + 1``, the last one wrapping round
  to vertex ``0``.
* Two points are "the same vertex" when they are within ``tolerance`` of each other
  (:data:`TOLERANCE` by default). A point snapped to a vertex is an exact copy of it, and one
  snapped onto an edge is off it by rounding only, so the tolerance only has to absorb
  rounding, not sloppy drawing; snap first, then edit.

Nothing raises on a designer's mistake except :class:`GeometryEditError`, a ``ValueError``
whose message can be shown as it is. Functions that change several regions return
``{region position: new outline}`` and leave their inputs untouched, so the studio can build
one undoable command from the answer.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from shapely.errors import GEOSException
from shapely.geometry import Polygon as ShapelyPolygon
from shapely.geometry.polygon import orient

from ..map import Polygon
from .build import distinct_points, polygon_from_model, polygon_to_model
from .validity import outline_problem

XY = tuple[float, float]

TOLERANCE = 1e-9
"""Default distance under which two points count as the same vertex (map units)."""


class GeometryEditError(ValueError):
    """An edit the map cannot take; the message is meant for the designer.

    ``regions`` holds the positions of the regions concerned (in the sequence the function
    received) so the studio can name or highlight them; ``at`` is a point worth showing, when
    there is one.
    """

    def __init__(self, message: str, *, regions: Iterable[int] = (), at: XY | None = None) -> None:
        super().__init__(message)
        self.regions: tuple[int, ...] = tuple(regions)
        self.at: XY | None = at


class VertexRef(NamedTuple):
    """One vertex of one ring of one region."""

    region: int
    ring: int
    index: int  # type: ignore[assignment]  # the vertex number hides tuple.index, never called


class EdgeRef(NamedTuple):
    """One edge of one ring of one region: from vertex ``index`` to the next one."""

    region: int
    ring: int
    index: int  # type: ignore[assignment]  # the edge number hides tuple.index, never called


# --------------------------------------------------------------------------- small helpers


def rings_of(outline: Polygon) -> list[list[XY]]:
    """Copies of an outline's rings, exterior first, so edits never touch the input model."""
    return [list(outline.exterior), *(list(hole) for hole in outline.holes)]


def outline_of(rings: Sequence[Sequence[XY]]) -> Polygon:
    return Polygon(exterior=list(rings[0]), holes=[list(r) for r in rings[1:]])


def finite_point(point: Sequence[float]) -> XY | None:
    try:
        x, y = float(point[0]), float(point[1])
    except (TypeError, ValueError, IndexError):
        return None
    return (x, y) if math.isfinite(x) and math.isfinite(y) else None


def drawn_points(items: Iterable[Sequence[float]], what: str) -> list[XY]:
    """The points the designer drew, each as ``(x, y)``, without a point repeated in a row
    (a double-click adds the same point twice); an invalid point stops the edit."""
    points: list[XY] = []
    for item in items:
        xy = finite_point(item)
        if xy is None:
            raise GeometryEditError(f"the {what} has an invalid point: {item!r}")
        if not points or points[-1] != xy:
            points.append(xy)
    return points


def require_point(point: Sequence[float], what: str) -> XY:
    xy = finite_point(point)
    if xy is None:
        raise GeometryEditError(f"the {what} is not a valid point: {point!r}")
    return xy


def close_to(p: XY, q: XY, tolerance: float) -> bool:
    return math.hypot(p[0] - q[0], p[1] - q[1]) <= tolerance


def segment_distance(p: XY, a: XY, b: XY) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0
    if length2 > 0:
        t = min(1.0, max(0.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1])


def nearest_edge(ring: Sequence[XY], point: XY) -> tuple[int, float]:
    """Index and distance of the ring's edge nearest to ``point`` (``(-1, inf)`` if none)."""
    best, best_distance = -1, math.inf
    n = len(ring)
    if n < 2:
        return best, best_distance
    for i in range(n):
        distance = segment_distance(point, ring[i], ring[(i + 1) % n])
        if distance < best_distance:
            best, best_distance = i, distance
    return best, best_distance


def signed_area(ring: Sequence[XY]) -> float:
    n = len(ring)
    return 0.5 * sum(
        ring[i][0] * ring[(i + 1) % n][1] - ring[(i + 1) % n][0] * ring[i][1] for i in range(n)
    )


def to_model_like(geometry: ShapelyPolygon, like: Polygon) -> Polygon:
    """The model of ``geometry``, with the exterior turning the same way as ``like``'s.

    Files are allowed either orientation; keeping the designer's one avoids a noisy diff of
    every edited region in version control.
    """
    sign = 1.0 if signed_area(like.exterior) >= 0 else -1.0
    return polygon_to_model(orient(geometry, sign=sign))


def near_text(at: XY | None) -> str:
    return f" near ({at[0]:g}, {at[1]:g})" if at else ""


def usable_shape(outline: Polygon, action: str, position: int | None = None) -> ShapelyPolygon:
    """The shapely polygon of an input outline, or an error saying it must be fixed first."""
    regions = () if position is None else (position,)
    if distinct_points(outline.exterior) < 3 or any(distinct_points(h) < 3 for h in outline.holes):
        raise GeometryEditError(
            f"cannot {action}: a region's outline has fewer than 3 different points",
            regions=regions,
        )
    try:
        geometry = polygon_from_model(outline)
    except (ValueError, GEOSException) as exc:
        raise GeometryEditError(
            f"cannot {action}: a region's outline is not a polygon ({exc})", regions=regions
        ) from exc
    problem = outline_problem(geometry)
    if problem is not None:
        reason, at = problem
        raise GeometryEditError(
            f"cannot {action}: a region's outline {reason}{near_text(at)}; fix it first",
            regions=regions,
            at=at,
        )
    return geometry


# ------------------------------------------------------------------------------ snapping

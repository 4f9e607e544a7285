"""Topological simplification of a whole coverage, at the level of its arcs.

The coverage is cut into arcs (:mod:`.arcs`): each border between two regions, and each
stretch of the map's edge, is simplified once for every region along it, so neighbours keep
one common border and no gap or overlap can open between them. The target is a tolerance in
map units (no border moves further than that from where it was: Douglas-Peucker) or a vertex
budget, an average number of vertices per region, met exactly by counting the vertices each
tolerance keeps.

Simplifying borders one by one can still make a border cross another one, or squash a small
region or island flat. Every simplified region is checked (``shapely.is_valid``, and the
whole map with ``shapely.coverage_is_valid``); the borders of a region that fails get back
vertices (their tolerance at least halved each round) until it passes. A region that still
fails with every vertex back was broken in the data: the caller repairs it and simplifies
again.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely
import shapely.errors

from . import arcs
from .progress import Progress
from .rings import Rings

MIN_VERTICES = 4
"""The smallest budget per region: no ring drops below a triangle, and a region's outline
needs some room beyond that to keep its shape."""
ROUNDS = 8
"""Rounds of giving vertices back to the borders of regions that fail the checks, before
those still failing get every vertex back."""


@dataclass(frozen=True)
class Target:
    """What simplification aims at: ``tolerance`` in map units, or ``vertices`` per region
    on average; neither means no simplification."""

    tolerance: float | None = None
    vertices: float | None = None

    def __post_init__(self) -> None:
        if self.tolerance is not None and self.vertices is not None:
            raise ValueError("a simplification target is a tolerance or a vertex budget")

    @property
    def active(self) -> bool:
        return self.tolerance is not None or self.vertices is not None


@dataclass
class Simplified:
    """The simplified coverage and what it took."""

    parts: np.ndarray
    """One polygon per part of ``rings`` (see :meth:`Rings.features_of`)."""
    tolerance: float
    """Tolerance used, in map units (0 when nothing was simplified)."""
    vertices_before: int
    vertices_after: int
    broken: np.ndarray
    """Features with a part that is not a valid polygon, or not a valid part of the coverage,
    even with every vertex kept: the data itself is broken there."""


def vertex_count(geoms: np.ndarray) -> int:
    """Vertices as the scenario stores them: rings are not closed, so each ring's repeated
    closing point does not count."""
    present = geoms[~shapely.is_missing(geoms)]
    if len(present) == 0:
        return 0
    rings = int(shapely.get_num_interior_rings(shapely.get_parts(present)).sum())
    rings += len(shapely.get_parts(present))
    return int(shapely.get_num_coordinates(present).sum()) - rings


def simplify(
    rings: Rings, target: Target, resolution: float = 0.0, progress: Progress | None = None
) -> Simplified:
    """Simplify a coverage to a target (see the module's description). ``resolution`` is the
    size of the grid the coordinates lie on: vertices nearer their chord than half of it
    are dropped at any tolerance."""
    progress = progress or Progress()
    before = rings.vertices()
    none = np.empty(0, np.int64)
    budget = None
    if target.vertices is not None:
        budget = max(float(target.vertices), float(MIN_VERTICES)) * len(rings.part_feature)
    if not target.active or rings.rings == 0 or (budget is not None and before <= budget):
        return Simplified(rings.parts(), 0.0, before, before, none)
    progress.step("Finding the borders regions share", 0.3)
    weight = rings.multiplicity()
    if budget is None:
        assert target.tolerance is not None
        tolerance = float(target.tolerance)
        found = arcs.build(rings, max(resolution / 2, tolerance), None, progress)
    else:
        found = arcs.build(rings, resolution / 2, budget, progress)
        tolerance = _budget_tolerance(found, weight, budget)
    progress.step("Checking the simplified borders", 0.6)
    limits = np.full(found.count, tolerance)
    keep, parts, broken = _checked(rings, found, limits, progress)
    if budget is not None:
        # Vertices given back to pass the checks may overrun the budget: take as many from
        # everywhere else by raising the tolerance, keeping what the checks gave back.
        for _ in range(4):
            count = int(weight[keep].sum())
            if count <= budget:
                break
            given_back = limits < tolerance
            tolerance = max(
                _budget_tolerance(found, weight, 2 * budget - count),
                float(np.nextafter(tolerance, np.inf)),
            )
            limits = np.where(given_back, limits, tolerance)
            keep, parts, broken = _checked(rings, found, limits, progress)
    after = int(weight[keep].sum())
    return Simplified(parts, tolerance, before, after, broken)


def _budget_tolerance(found: arcs.Arcs, weight: np.ndarray, budget: float) -> float:
    """The smallest tolerance that keeps at most ``budget`` ring points."""
    sig = found.significance
    counted = np.flatnonzero(sig > 0)  # the others go at any tolerance
    order = counted[np.argsort(-sig[counted], kind="stable")]
    total = np.cumsum(weight[order])
    over = int(np.searchsorted(total, budget, side="right"))
    if over >= len(order):
        return 0.0
    if not np.isfinite(sig[order[over]]):
        # Junctions alone overrun the budget: every border becomes straight, the fewest
        # vertices there can be; any tolerance above every significance does that.
        finite = sig[np.isfinite(sig)]
        return float(np.nextafter(finite.max(), np.inf)) if len(finite) else 0.0
    return float(sig[order[over]])


def _checked(
    rings: Rings, found: arcs.Arcs, limits: np.ndarray, progress: Progress
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Keep what the tolerances ``limits`` (per arc, lowered in place) keep, then give
    vertices back to the borders of rings squashed below a triangle and of regions that
    fail the checks, until they pass or have every vertex back. Returns the kept vertices,
    the parts and the features broken in the data."""
    ring_of = rings.ring_of()
    for _ in range(ROUNDS):
        progress.check()
        keep = found.kept(limits)
        short = np.flatnonzero(np.bincount(ring_of[keep[rings.vertex]], minlength=rings.rings) < 3)
        if len(short):
            failing = _marked(short, rings.rings)[ring_of]
        else:
            parts = rings.parts(keep)
            bad = _failing(rings, keep, parts)
            if len(bad) == 0:
                return keep, parts, np.empty(0, np.int64)
            failing = _marked(bad, len(rings.part_feature))[rings.ring_part[ring_of]]
        touched = np.unique(found.arc[rings.vertex[failing]])
        touched = touched[touched >= 0]
        touched = touched[limits[touched] >= 0]
        if len(touched) == 0:
            break
        found.refine(rings.xy, touched)
        below = found.next_below(limits)[touched]
        lowered = np.minimum(limits[touched] / 2, below * (1 - 1e-9))
        limits[touched] = np.where(below > 0, lowered, -1.0)
    else:
        # Still failing after every round: the borders involved get every vertex back.
        limits[touched] = -1.0
    keep = found.kept(limits)
    if (np.bincount(ring_of[keep[rings.vertex]], minlength=rings.rings) < 3).any():
        keep = np.ones(len(rings.xy), bool)
    parts = rings.parts(keep)
    broken = np.unique(rings.part_feature[_failing(rings, keep, parts)])
    return keep, parts, broken


def _marked(indices: np.ndarray, size: int) -> np.ndarray:
    mask = np.zeros(size, bool)
    mask[indices] = True
    return mask


def _failing(rings: Rings, keep: np.ndarray, parts: np.ndarray) -> np.ndarray:
    """Parts that are not valid polygons, or not valid in the coverage (an overlap, a
    border that does not match)."""
    bad = np.flatnonzero(~shapely.is_valid(parts))
    if len(bad) or _proven(rings, keep, parts):
        return bad
    edges = shapely.coverage_invalid_edges(parts)
    return np.flatnonzero(~(shapely.is_missing(edges) | shapely.is_empty(edges)))


def _proven(rings: Rings, keep: np.ndarray, parts: np.ndarray) -> bool:
    """A cheap proof that valid parts form a clean coverage (``False`` means "not proven").

    With every ring turned the same way (exteriors one way, holes the other), two regions
    sharing a border run each of its edges in opposite directions, and no edge belongs to
    three rings; then the union of the parts (the edges run once) covers exactly the sum of
    their areas unless some overlap. The same proof as ``schemas.geometry``'s, on vertex ids.
    """
    kept = keep[rings.vertex]
    vertex = rings.vertex[kept]
    ring = rings.ring_of()[kept]
    counts = np.bincount(ring, minlength=rings.rings)
    ends = np.cumsum(counts)
    after = np.arange(1, len(vertex) + 1)
    after[ends[counts > 0] - 1] = (ends - counts)[counts > 0]
    x, y = rings.xy[vertex, 0], rings.xy[vertex, 1]
    turn = np.bincount(ring, weights=x * y[after] - x[after] * y, minlength=rings.rings)
    exterior = np.ones(rings.rings, bool)
    exterior[1:] = rings.ring_part[1:] != rings.ring_part[:-1]
    flip = ((turn > 0) != exterior)[ring]
    tail = np.where(flip, vertex[after], vertex)
    head = np.where(flip, vertex, vertex[after])
    size = np.int64(len(rings.xy))
    undirected = np.minimum(tail, head) * size + np.maximum(tail, head)
    order = np.argsort(undirected)
    ordered = undirected[order]
    twin = ordered[1:] == ordered[:-1]
    if (twin[1:] & twin[:-1]).any():
        return False  # an edge of three rings
    directed = (tail * size + head)[order]
    if (directed[1:][twin] == directed[:-1][twin]).any():
        return False  # two rings run an edge the same way: they overlap
    try:
        union = shapely.coverage_union_all(parts)
    except shapely.errors.GEOSException:
        return False
    if not shapely.is_valid(union):
        return False
    total = float(shapely.area(parts).sum())
    return bool(abs(float(shapely.area(union)) - total) <= 1e-9 * max(total, 1.0))

"""Topological simplification of a whole coverage with shapely's coverage simplification.

``shapely.coverage_simplify`` (GEOS's coverage simplifier, Visvalingam-Whyatt) simplifies
each border once for both regions that share it, so neighbours keep one common border and no
gap or overlap appears. The target is a tolerance in map units (roughly the square root of
the area of the triangles removed) or a vertex budget: an average number of vertices per
region, met by searching the tolerance.

Large coverages are simplified in two passes: first compact groups of regions on their own,
keeping each group's outer edge as it is (``simplify_boundary=False``), then the whole
coverage, whose shared edges are mostly simplified already. GEOS's cost per vertex grows with
the size of the coverage, so the groups make the first pass several times faster; the second
pass still sees every region, so the borders between groups are simplified with the same
topology checks as any other, and the result is a valid coverage.
"""

from __future__ import annotations

import math
import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np
import shapely

from .progress import Cancelled, Progress

GROUP_VERTICES = 150_000
"""Size of the groups of the first pass, in vertices (GEOS is fastest around this size)."""
SAMPLE_VERTICES = 40_000
"""Size of the sample on which the tolerance for a vertex budget is estimated."""
WORKERS = max(1, min(4, os.cpu_count() or 1))
"""Threads simplifying groups at once."""
MIN_VERTICES = 4
"""A simplified ring keeps at least a triangle (three points and the closing one)."""


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

    geoms: np.ndarray
    tolerance: float
    """Tolerance used, in map units (0 when nothing was simplified)."""
    vertices_before: int
    vertices_after: int


def vertex_count(geoms: np.ndarray) -> int:
    """Vertices as the scenario stores them: rings are not closed, so each ring's repeated
    closing point does not count."""
    present = geoms[~shapely.is_missing(geoms)]
    if len(present) == 0:
        return 0
    rings = int(shapely.get_num_interior_rings(shapely.get_parts(present)).sum())
    rings += len(shapely.get_parts(present))
    return int(shapely.get_num_coordinates(present).sum()) - rings


def _groups(geoms: np.ndarray, size: int = GROUP_VERTICES) -> list[np.ndarray]:
    """Compact groups of regions of about ``size`` vertices each, in the order of a Morton
    (Z-order) curve through their centres; none when the whole is small."""
    sizes = shapely.get_num_coordinates(geoms)
    total = int(sizes.sum())
    if total <= size * 2:
        return []
    centres = shapely.get_coordinates(shapely.centroid(geoms))
    low, high = centres.min(axis=0), centres.max(axis=0)
    cells = ((centres - low) / np.maximum(high - low, 1e-12) * 65535).astype(np.uint64)
    order = np.argsort(_morton(cells[:, 0]) | (_morton(cells[:, 1]) << np.uint64(1)))
    cumulative = np.cumsum(sizes[order])
    cuts = np.searchsorted(cumulative, np.arange(size, total, size))
    return [group for group in np.split(order, cuts) if len(group)]


def _morton(values: np.ndarray) -> np.ndarray:
    """Spread the bits of 16-bit integers apart, for interleaving two of them."""
    v = values & np.uint64(0xFFFF)
    v = (v | (v << np.uint64(8))) & np.uint64(0x00FF00FF)
    v = (v | (v << np.uint64(4))) & np.uint64(0x0F0F0F0F)
    v = (v | (v << np.uint64(2))) & np.uint64(0x33333333)
    return (v | (v << np.uint64(1))) & np.uint64(0x55555555)


def coverage_simplify(
    geoms: np.ndarray, tolerance: float, progress: Progress | None = None, share: float = 1.0
) -> np.ndarray:
    """``shapely.coverage_simplify`` of the whole coverage, in two passes when it is large."""
    progress = progress or Progress()
    geoms = np.asarray(geoms, dtype=object)
    groups = _groups(geoms)
    if groups:
        # GEOS releases the GIL: groups are simplified on every core at once.
        first = geoms.copy()
        with ThreadPoolExecutor(max_workers=WORKERS) as pool:
            jobs = [
                pool.submit(shapely.coverage_simplify, geoms[g], tolerance, simplify_boundary=False)
                for g in groups
            ]
            try:
                for number, (group, job) in enumerate(zip(groups, jobs, strict=True)):
                    first[group] = job.result()
                    progress.step(
                        f"Simplifying borders (group {number + 1} of {len(groups)})",
                        share * (number + 1) / (len(groups) + 1),
                    )
            except Cancelled:
                for job in jobs:
                    job.cancel()
                raise
        geoms = first
    progress.step("Simplifying the borders between groups", share * len(groups) / (len(groups) + 1))
    return shapely.coverage_simplify(geoms, tolerance)


def simplify(geoms: np.ndarray, target: Target, progress: Progress | None = None) -> Simplified:
    """Simplify a valid coverage to a target (see :class:`Target`)."""
    progress = progress or Progress()
    before = vertex_count(geoms)
    if not target.active or len(geoms) == 0:
        return Simplified(geoms, 0.0, before, before)
    if target.tolerance is not None:
        out = coverage_simplify(geoms, target.tolerance, progress)
        return Simplified(out, target.tolerance, before, vertex_count(out))
    assert target.vertices is not None
    budget = max(float(target.vertices), float(MIN_VERTICES)) * len(geoms)
    if before <= budget:
        return Simplified(geoms, 0.0, before, before)
    return _to_budget(geoms, budget, before, progress)


def _to_budget(geoms: np.ndarray, budget: float, before: int, progress: Progress) -> Simplified:
    """Search the tolerance that meets a vertex budget.

    The tolerance is estimated on a compact sample of the coverage, and the whole coverage is
    simplified once with it. The result is then simplified again with a tolerance a tenth
    larger each time until it fits, and the last step is narrowed down by bisection:
    simplifying a simplified coverage with a larger tolerance removes about what the larger
    tolerance alone would have removed, and these passes are cheap because the result is small.
    """
    tolerance = _estimate(geoms, budget / len(geoms), progress)
    current = coverage_simplify(geoms, tolerance, progress, share=0.8)
    count = vertex_count(current)
    if count <= budget:
        return Simplified(current, tolerance, before, count)
    # Grow the tolerance over the (small) result until the budget is met, then narrow the
    # last step down so that the budget is used rather than wasted.
    low, high, best = tolerance, tolerance, None
    for step in range(60):
        progress.step("Meeting the vertex budget", min(0.95, 0.8 + 0.02 * step))
        high = low * 1.1
        trial = shapely.coverage_simplify(current, high)
        trial_count = vertex_count(trial)
        if trial_count <= budget:
            best = (trial, high, trial_count)
            break
        if trial_count == count:  # nothing left to remove: triangles everywhere
            return Simplified(trial, high, before, trial_count)
        low, current, count = high, trial, trial_count
    if best is None:
        return Simplified(current, low, before, count)
    for _ in range(2):
        middle = math.sqrt(low * high)
        trial = shapely.coverage_simplify(current, middle)
        trial_count = vertex_count(trial)
        if trial_count <= budget:
            best, high = (trial, middle, trial_count), middle
        else:
            low = middle
    return Simplified(best[0], best[1], before, best[2])


def _estimate(geoms: np.ndarray, per_region: float, progress: Progress) -> float:
    """A tolerance giving about ``per_region`` vertices per region on a compact sample.

    A bisection whose every step that falls short of the target goes on from that step's
    (smaller) result, so only the first step pays for the whole sample.
    """
    groups = _groups(geoms, SAMPLE_VERTICES)
    sample = geoms[groups[len(groups) // 2]] if groups else geoms
    bounds = shapely.bounds(sample)
    span = float(np.median(np.maximum(bounds[:, 2] - bounds[:, 0], bounds[:, 3] - bounds[:, 1])))
    low, high = span * 1e-5, span
    target = per_region * len(sample)
    progress.step("Estimating the tolerance for the vertex budget", 0.05)
    for _ in range(16):
        middle = math.sqrt(low * high)
        trial = shapely.coverage_simplify(sample, middle)
        if vertex_count(trial) > target:
            low, sample = middle, trial
        else:
            high = middle
    return high

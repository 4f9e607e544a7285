"""Voronoi cells over a rectangle, rounded to a clean coverage.

The cells come from well-spread seed points (a staggered, jittered grid smoothed by a few Lloyd
steps). Coordinates are rounded vertex by vertex: a vertex shared by several cells is the same
floating-point number in each of them before rounding, so it stays the same after, and the map
keeps a clean coverage. GEOS snap-rounding is avoided on purpose: it moves edges, not only
vertices, and leaves slivers between neighbours.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import shapely

from ..geometry import shared_borders

CELL_SIZE = 40.0
"""Typical side of a cell, in map units."""
ASPECT = 1.5
"""Width of the map over its height."""
DECIMALS = 2
"""Coordinates are written with this many decimals."""
LLOYD_STEPS = 2
"""Relaxation steps: two already turn a jittered grid into even, round-looking cells."""
MAX_REPAIRS = 12
"""Rounds of nudging seeds away from a degenerate cell before giving up."""
MIN_BORDER = 0.03 * CELL_SIZE
"""Borders shorter than this are corners in all but name; they get no connection."""


@dataclass(frozen=True, slots=True)
class Tessellation:
    """The cells of the map and which of them are neighbours."""

    width: float
    height: float
    polygons: np.ndarray
    """Shapely polygon per cell."""
    rings: list[list[tuple[float, float]]]
    """Exterior ring of each cell, rounded, without the closing point."""
    centroids: np.ndarray
    """``(n, 2)`` centroid of each cell."""
    bounds: np.ndarray
    """``(n, 4)`` bounding box of each cell: min x, min y, max x, max y."""
    left: np.ndarray
    """First cell of each neighbouring pair (``left < right``)."""
    right: np.ndarray
    """Second cell of each neighbouring pair."""
    border: np.ndarray
    """Length of the common border of each pair."""

    @property
    def size(self) -> int:
        return len(self.polygons)


def map_size(regions: int) -> tuple[float, float]:
    """Width and height of a map holding ``regions`` cells of about ``CELL_SIZE`` per side."""
    height = math.sqrt(regions * CELL_SIZE * CELL_SIZE / ASPECT)
    return float(round(height * ASPECT)), float(round(height))


def _seed_points(regions: int, width: float, height: float, rng: np.random.Generator) -> np.ndarray:
    """Exactly ``regions`` points on a staggered grid, jittered, a few grid slots left empty."""
    cols = max(1, round(math.sqrt(regions * ASPECT)))
    rows = math.ceil(regions / cols)
    dx, dy = width / cols, height / rows
    row, col = np.divmod(np.arange(rows * cols), cols)
    x = (col + 0.5 + 0.25 * (row % 2 * 2 - 1)) * dx
    y = (row + 0.5) * dy
    keep = np.sort(rng.permutation(rows * cols)[:regions])
    jitter = rng.uniform(-0.3, 0.3, size=(regions, 2)) * (dx, dy)
    points = np.column_stack([x[keep], y[keep]]) + jitter
    return np.clip(points, (0.05 * dx, 0.05 * dy), (width - 0.05 * dx, height - 0.05 * dy))


def _cells(points: np.ndarray, width: float, height: float) -> np.ndarray:
    """Voronoi cell of every point, in the points' order, clipped to the map."""
    frame = shapely.box(0.0, 0.0, width, height)
    diagram = shapely.voronoi_polygons(shapely.multipoints(points), extend_to=frame, ordered=True)
    cells: np.ndarray = shapely.clip_by_rect(shapely.get_parts(diagram), 0.0, 0.0, width, height)
    return cells


def _relax(points: np.ndarray, width: float, height: float) -> np.ndarray:
    for _ in range(LLOYD_STEPS):
        points = shapely.get_coordinates(shapely.centroid(_cells(points, width, height)))
    return points


def _round_cells(cells: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rounded polygons, their flat coordinates (rings closed) and each coordinate's cell."""
    coords, owner = shapely.get_coordinates(shapely.get_exterior_ring(cells), return_index=True)
    coords = np.round(coords, DECIMALS) + 0.0  # ``+ 0.0`` turns -0.0 into 0.0
    repeated = np.zeros(len(coords), dtype=bool)
    repeated[1:] = (owner[1:] == owner[:-1]) & np.all(coords[1:] == coords[:-1], axis=1)
    coords, owner = coords[~repeated], owner[~repeated]
    counts = np.bincount(owner, minlength=len(cells))
    polygons = np.full(len(cells), None, dtype=object)
    # A ring needs three distinct points plus the closing one; shorter ones are degenerate.
    usable = counts >= 4
    take = usable[owner]
    ring_of = np.unique(owner[take], return_inverse=True)[1]
    rings = shapely.linearrings(coords[take], indices=ring_of)
    polygons[usable] = shapely.polygons(rings)
    return polygons, coords, owner


def _bad_cells(polygons: np.ndarray, width: float, height: float) -> np.ndarray:
    """Indices of cells that are missing, invalid, tiny, or break the coverage."""
    missing = shapely.is_missing(polygons)
    areas = np.zeros(len(polygons))
    areas[~missing] = shapely.area(polygons[~missing])
    bad = missing.copy()
    bad[~missing] |= ~shapely.is_valid(polygons[~missing])
    bad |= areas < 0.05 * CELL_SIZE * CELL_SIZE
    if bad.any():
        return np.flatnonzero(bad)
    edges = shapely.coverage_invalid_edges(polygons)
    broken: np.ndarray = ~shapely.is_empty(edges)
    if not broken.any() and not math.isclose(areas.sum(), width * height, rel_tol=1e-9):
        broken[:] = True  # a gap with no invalid edge should not happen; start afresh
    return np.flatnonzero(broken)


def tessellate(regions: int, rng: np.random.Generator) -> Tessellation:
    """A clean coverage of ``regions`` Voronoi cells over a rectangle."""
    width, height = map_size(regions)
    points = _relax(_seed_points(regions, width, height, rng), width, height)
    for _ in range(MAX_REPAIRS):
        polygons, coords, owner = _round_cells(_cells(points, width, height))
        bad = _bad_cells(polygons, width, height)
        if len(bad) == 0:
            return _finish(width, height, polygons, coords, owner)
        # Move the culprits a little; the diagram around them changes and the problem with it.
        points[bad] += rng.normal(scale=0.1 * CELL_SIZE, size=(len(bad), 2))
        margin = 0.01 * CELL_SIZE
        points = np.clip(points, margin, (width - margin, height - margin))
    raise RuntimeError(f"could not build a clean map of {regions} regions")


def _finish(
    width: float, height: float, polygons: np.ndarray, coords: np.ndarray, owner: np.ndarray
) -> Tessellation:
    starts = np.searchsorted(owner, np.arange(len(polygons) + 1))
    flat = [tuple(p) for p in coords.tolist()]
    # Each ring is stored closed; the file format wants the closing point dropped.
    rings = [flat[starts[i] : starts[i + 1] - 1] for i in range(len(polygons))]
    borders = shared_borders(polygons, tolerance=MIN_BORDER)
    return Tessellation(
        width=width,
        height=height,
        polygons=polygons,
        rings=rings,
        centroids=shapely.get_coordinates(shapely.centroid(polygons)),
        bounds=shapely.bounds(polygons),
        left=borders.left,
        right=borders.right,
        border=borders.length,
    )

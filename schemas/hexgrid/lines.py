"""Shapes drawn on a hex grid: lines through hex centres, paths along hexsides, ranges, fills.

These are what the studio's hex tools stand on (a road drawn from hex to hex, a river drawn
along hexsides, a brush of some radius, a fill of a patch of terrain); they are Qt-free so that
they are tested without a window. Every result is an array of hex indices (or hexside numbers)
in the grid's own numbering (see :mod:`.grid`).
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .grid import EDGE_CORNERS, HexGrid, round_axial

_NUDGE = np.array([1e-6, 2e-6, -3e-6])
"""Moves a line off the exact borders between hexes, one way or the other, so that rounding
is never a tie (the three cube coordinates of the nudge add up to zero)."""


def line(grid: HexGrid, start: int, end: int) -> np.ndarray:
    """The hexes a straight line from the centre of ``start`` to the centre of ``end`` passes
    through, both ends included; each hex is a neighbour of the one before.

    Where the line runs exactly along hexsides, it keeps to one side of them. Near the ragged
    edge of an offset grid the straight line may leave the map: then the line nudged to the
    other side is tried, and if that leaves the map too, the hexes off the map are dropped.
    """
    count = int(grid.distance(start, end))
    if count == 0:
        return np.array([start], dtype=np.int64)
    qa, ra = (float(v) for v in grid.axial(start))
    qb, rb = (float(v) for v in grid.axial(end))
    t = np.linspace(0.0, 1.0, count + 1)
    fallback = None
    for sign in (1.0, -1.0):
        nq, nr = sign * _NUDGE[0], sign * _NUDGE[1]
        q = qa + nq + (qb - qa) * t
        r = ra + nr + (rb - ra) * t
        hexes = grid.from_axial_index(*round_axial(q, r))
        if (hexes >= 0).all():
            return hexes
        fallback = hexes if fallback is None else fallback
    assert fallback is not None
    return fallback[fallback >= 0]


def within(grid: HexGrid, centre: int, radius: int) -> np.ndarray:
    """Hexes of the grid at most ``radius`` steps from ``centre`` (``centre`` included), by
    index. A radius of 0 is the hex alone."""
    if radius < 0:
        return np.empty(0, dtype=np.int64)
    q, r = grid.axial(centre)
    steps = np.arange(-radius, radius + 1)
    dq, dr = np.meshgrid(steps, steps, indexing="ij")
    keep = np.abs(dq + dr) <= radius
    found = grid.from_axial_index(q + dq[keep], r + dr[keep])
    return np.sort(found[found >= 0])


def ring(grid: HexGrid, centre: int, radius: int) -> np.ndarray:
    """Hexes of the grid exactly ``radius`` steps from ``centre``, by index."""
    found = within(grid, centre, radius)
    exact: np.ndarray = found[grid.distance(found, centre) == radius]
    return exact


def flood(grid: HexGrid, start: int, mask: np.ndarray) -> np.ndarray:
    """Hexes joined to ``start`` through hexes where ``mask`` is true (``mask`` has one value
    per hex), ``start`` included; empty when ``mask[start]`` is false. Sorted by index."""
    allowed = np.asarray(mask, dtype=bool)
    if not allowed[start]:
        return np.empty(0, dtype=np.int64)
    seen = np.zeros(grid.count, dtype=bool)
    seen[start] = True
    frontier = np.array([start], dtype=np.int64)
    neighbours = grid.neighbours
    while len(frontier):
        around = np.unique(neighbours[frontier].ravel())
        around = around[around >= 0]
        around = around[allowed[around] & ~seen[around]]
        seen[around] = True
        frontier = around
    return np.flatnonzero(seen)


def crossed_hexsides(grid: HexGrid, hexes: np.ndarray | list[int]) -> np.ndarray:
    """The hexside crossed between each hex of a path and the next (``-1`` where two
    consecutive hexes are not neighbours)."""
    path = np.asarray(hexes, dtype=np.int64)
    if len(path) < 2:
        return np.empty(0, dtype=np.int64)
    a, b = path[:-1], path[1:]
    match = grid.neighbours[a] == b[:, None]
    found = match.any(axis=1)
    direction = match.argmax(axis=1)
    sides = grid.hexsides.side_of[a, direction]
    return np.where(found, sides, -1)


# -- paths along hexsides ----------------------------------------------------------------------


@dataclass(frozen=True)
class _Corners:
    """The graph of the grid's corners joined by its hexsides (the map's edge left out)."""

    points: np.ndarray
    """``(v, 2)`` map point of each corner."""
    start: np.ndarray
    """CSR row starts: the edges of corner ``v`` are ``start[v]:start[v + 1]``."""
    to: np.ndarray
    """Corner at the other end of each edge."""
    side: np.ndarray
    """Hexside number of each edge."""


@lru_cache(maxsize=8)  # a few grids at a time: the open map, an edit of its parameters
def _corners(grid: HexGrid) -> _Corners:
    sides = grid.hexsides
    cx, cy = grid.corner_lattice(sides.left)
    pairs = np.array(EDGE_CORNERS[grid.orientation])[sides.direction]
    rows = np.arange(len(sides))
    ends_x = np.stack([cx[rows, pairs[:, 0]], cx[rows, pairs[:, 1]]], axis=1)
    ends_y = np.stack([cy[rows, pairs[:, 0]], cy[rows, pairs[:, 1]]], axis=1)
    span = int(ends_y.max() - ends_y.min() + 1) if len(rows) else 1
    keys = (ends_x - ends_x.min()) * span + (ends_y - ends_y.min()) if len(rows) else ends_x
    unique, vertex = np.unique(keys.ravel(), return_inverse=True)
    vertex = vertex.reshape(-1, 2)
    first = np.unique(keys.ravel(), return_index=True)[1]
    points = grid.lattice_point(ends_x.ravel()[first], ends_y.ravel()[first])
    a = np.concatenate([vertex[:, 0], vertex[:, 1]])
    b = np.concatenate([vertex[:, 1], vertex[:, 0]])
    side = np.concatenate([rows, rows])
    order = np.argsort(a, kind="stable")
    start = np.searchsorted(a[order], np.arange(len(unique) + 1))
    return _Corners(points, start, b[order], side[order])


def nearest_corner(grid: HexGrid, x: float, y: float) -> int:
    """The corner (a node of :func:`hexside_path`) nearest a map point; ``-1`` on a grid
    with no hexside."""
    graph = _corners(grid)
    if not len(graph.points):
        return -1
    d = np.hypot(graph.points[:, 0] - x, graph.points[:, 1] - y)
    return int(d.argmin())


def hexside_path(grid: HexGrid, start: tuple[float, float], end: tuple[float, float]) -> np.ndarray:
    """Hexsides, end to end, from the corner nearest ``start`` to the corner nearest ``end``,
    keeping as close to the straight line between the two points as the grid allows. Empty
    when both points are nearest the same corner. Hexsides on the map's edge are never used
    (they join a hex to nothing)."""
    graph = _corners(grid)
    source = nearest_corner(grid, *start)
    target = nearest_corner(grid, *end)
    if source < 0 or source == target:
        return np.empty(0, dtype=np.int64)
    points = graph.points.tolist()
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)

    def off_line(x: float, y: float) -> float:
        # Distance from the segment between the two points the user picked.
        if length == 0:
            return math.hypot(x - x0, y - y0)
        t = max(0.0, min(1.0, ((x - x0) * (x1 - x0) + (y - y0) * (y1 - y0)) / length**2))
        return math.hypot(x - (x0 + t * (x1 - x0)), y - (y0 + t * (y1 - y0)))

    tx, ty = points[target]
    best = {source: 0.0}
    came: dict[int, tuple[int, int]] = {}
    queue = [(math.hypot(tx - points[source][0], ty - points[source][1]), 0.0, source)]
    starts, to, side = graph.start.tolist(), graph.to.tolist(), graph.side.tolist()
    while queue:
        _, cost, node = heapq.heappop(queue)
        if node == target:
            break
        if cost > best.get(node, math.inf):
            continue
        px, py = points[node]
        for edge in range(starts[node], starts[node + 1]):
            nxt = to[edge]
            nx, ny = points[nxt]
            # Each side costs its length, plus how far its middle strays from the line.
            step = grid.size + off_line((px + nx) / 2, (py + ny) / 2)
            total = cost + step
            if total < best.get(nxt, math.inf):
                best[nxt] = total
                came[nxt] = (node, side[edge])
                heapq.heappush(queue, (total + math.hypot(tx - nx, ty - ny), total, nxt))
    if target not in came:
        return np.empty(0, dtype=np.int64)
    out = []
    node = target
    while node != source:
        node, number = came[node]
        out.append(number)
    return np.array(out[::-1], dtype=np.int64)

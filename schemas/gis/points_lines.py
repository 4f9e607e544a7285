"""Points and lines placed on an existing map: towns and ports, rivers, roads and railways.

All geometry here is in map units, already projected. Points fall into the region that holds
them. A river makes the connection between two neighbours a river crossing where it follows
their shared border (most of the border lies within ``follow`` of the river) or where it
separates them (it crosses both their common border and the straight line between the two
regions' inner points). Roads and railways raise the network of every region they run
through, and mark the connections whose border they cross.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely

from ..geometry.adjacency import shared_borders

NETWORK_RANK = {"none": 0, "trail": 1, "road": 2, "rail": 3}


@dataclass
class Placed:
    """Which region holds each point (``-1`` when none does)."""

    region: np.ndarray


def locate_points(points: np.ndarray, regions: np.ndarray) -> Placed:
    """The region holding each point; a point on a border goes to the first region listed."""
    found = np.full(len(points), -1, dtype=np.int64)
    present = np.flatnonzero(~shapely.is_missing(points))
    if len(present) == 0 or len(regions) == 0:
        return Placed(found)
    tree = shapely.STRtree(regions)
    hit_point, hit_region = tree.query(points[present], predicate="intersects")
    # The first region listed wins: assign in reverse so that earlier indices overwrite.
    order = np.lexsort((-hit_region, hit_point))[::-1]
    found[present[hit_point[order]]] = hit_region[order]
    return Placed(found)


def _borders(regions: np.ndarray) -> tuple[list[tuple[int, int]], np.ndarray]:
    found = shared_borders(regions)
    pairs = found.pairs()
    if not pairs:
        return [], np.empty(0, dtype=object)
    left = np.asarray([a for a, _ in pairs])
    right = np.asarray([b for _, b in pairs])
    lines = shapely.intersection(shapely.boundary(regions[left]), shapely.boundary(regions[right]))
    return pairs, lines


def river_pairs(regions: np.ndarray, rivers: np.ndarray, follow: float) -> set[tuple[int, int]]:
    """Neighbours a river runs between (see the module's description)."""
    rivers = rivers[~shapely.is_missing(rivers)]
    if len(rivers) == 0:
        return set()
    pairs, borders = _borders(regions)
    if not pairs:
        return set()
    course = shapely.union_all(rivers)
    near = shapely.buffer(course, follow) if follow > 0 else course
    shapely.prepare(near)
    out = set()
    border_length = shapely.length(borders)
    close = shapely.intersects(near, borders)
    inner = shapely.point_on_surface(regions)
    for k in np.flatnonzero(close).tolist():
        a, b = pairs[k]
        along = shapely.length(shapely.intersection(borders[k], near))
        if along >= 0.5 * border_length[k]:
            out.add((a, b))
            continue
        if shapely.intersects(course, borders[k]):
            between = shapely.linestrings(shapely.get_coordinates([inner[a], inner[b]]))
            if shapely.intersects(course, between):
                out.add((a, b))
    return out


def network_through(regions: np.ndarray, lines: np.ndarray, minimum: float) -> dict[int, float]:
    """Length of line inside each region it runs through (at least ``minimum``)."""
    lines = lines[~shapely.is_missing(lines)]
    if len(lines) == 0:
        return {}
    tree = shapely.STRtree(regions)
    line_index, region_index = tree.query(lines, predicate="intersects")
    lengths = shapely.length(shapely.intersection(lines[line_index], regions[region_index]))
    totals: dict[int, float] = {}
    for region, length in zip(region_index.tolist(), lengths.tolist(), strict=True):
        totals[region] = totals.get(region, 0.0) + length
    return {r: length for r, length in totals.items() if length >= minimum}


def crossing_pairs(regions: np.ndarray, lines: np.ndarray) -> set[tuple[int, int]]:
    """Neighbours whose common border a line crosses (it passes from one into the other)."""
    lines = lines[~shapely.is_missing(lines)]
    if len(lines) == 0:
        return set()
    pairs, borders = _borders(regions)
    if not pairs:
        return set()
    course = shapely.union_all(lines)
    shapely.prepare(course)
    out = set()
    for k in np.flatnonzero(shapely.intersects(course, borders)).tolist():
        a, b = pairs[k]
        inside_a = shapely.length(shapely.intersection(course, regions[a]))
        inside_b = shapely.length(shapely.intersection(course, regions[b]))
        if inside_a > 0 and inside_b > 0:
            out.add((a, b))
    return out

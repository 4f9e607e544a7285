"""Which regions share a border, and how long that border is.

Shared borders are found in two vectorised passes. First every edge of every ring is hashed by
its two end points: in a clean map (the studio keeps shared vertices shared) two neighbours
own the very same edges, so sorting the edges pairs the neighbours up and sums their common
length without any geometric predicate. Second, an STRtree query finds the pairs whose boxes
meet; the few of them the first pass did not settle (borders whose vertices do not match, such
as imported data with T-junctions) are measured exactly with shapely on the boundaries.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely
import shapely.errors


@dataclass(frozen=True, slots=True)
class SharedBorders:
    """Pairs of regions (by index, ``left < right``) and the length of their common border."""

    left: np.ndarray
    right: np.ndarray
    length: np.ndarray

    def pairs(self) -> list[tuple[int, int]]:
        return list(zip(self.left.tolist(), self.right.tolist(), strict=True))

    def __len__(self) -> int:
        return len(self.left)


@dataclass(frozen=True, slots=True)
class EdgeTable:
    """Every edge of every ring, each stored with its lower end point first.

    ``keys`` rows are ``(x0, y0, x1, y1)`` sorted so that identical edges are adjacent;
    ``reversed`` tells whether the ring ran from the higher point to the lower one; built
    from polygons turned the same way (``shapely.orient_polygons``), it tells apart the two
    sides of a border neighbours share.
    """

    keys: np.ndarray
    owner: np.ndarray
    reversed: np.ndarray


def edge_table(geoms: np.ndarray) -> EdgeTable:
    """Every edge of the (non-missing) geometries, sorted so that identical edges meet."""
    geoms = np.asarray(geoms, dtype=object)
    present = ~(shapely.is_missing(geoms) | shapely.is_empty(geoms))
    rings, ring_owner = shapely.get_rings(geoms[present], return_index=True)
    if len(rings) == 0:
        return EdgeTable(np.empty((0, 4)), np.empty(0, np.int64), np.empty(0, bool))
    coords, coord_ring = shapely.get_coordinates(rings, return_index=True)
    owner = present.nonzero()[0][ring_owner][coord_ring]
    # Consecutive points of one ring make an edge; repeated points make none.
    real = (coord_ring[:-1] == coord_ring[1:]) & np.any(coords[:-1] != coords[1:], axis=1)
    start, end, edge_owner = coords[:-1][real], coords[1:][real], owner[:-1][real]
    # Orient every edge the same way so that A->B and B->A hash alike.
    flip = (start[:, 0] > end[:, 0]) | ((start[:, 0] == end[:, 0]) & (start[:, 1] > end[:, 1]))
    keys = np.column_stack(
        [np.where(flip[:, None], end, start), np.where(flip[:, None], start, end)]
    )
    order = np.lexsort((edge_owner, keys[:, 3], keys[:, 2], keys[:, 1], keys[:, 0]))
    return EdgeTable(keys[order], edge_owner[order], flip[order])


def _edge_pairs(edges: EdgeTable, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Pair keys (``left * n + right``) and lengths of identical edges owned by two regions."""
    keys, edge_owner = edges.keys, edges.owner
    twin = np.all(keys[1:] == keys[:-1], axis=1) & (edge_owner[1:] != edge_owner[:-1])
    a, b = edge_owner[:-1][twin], edge_owner[1:][twin]
    seg = keys[1:][twin]
    lengths = np.hypot(seg[:, 2] - seg[:, 0], seg[:, 3] - seg[:, 1])
    pair = np.minimum(a, b).astype(np.int64) * n + np.maximum(a, b)
    unique, inverse = np.unique(pair, return_inverse=True)
    return unique, np.bincount(inverse, weights=lengths, minlength=len(unique))


def clean_coverage_union(
    geoms: np.ndarray, edges: EdgeTable | None = None
) -> shapely.Geometry | None:
    """The union of valid polygons when a cheap proof shows they form a clean coverage (no
    overlaps, borders matching vertex for vertex); ``None`` means "not proven", not "broken".

    With every ring turned the same way, neighbours in a clean coverage walk each shared edge
    in opposite directions, no edge belongs to three regions, and their union covers exactly
    the sum of their areas. Overlapping regions break one of these: duplicates walk shared
    edges the same way, crossing borders leave the union invalid or too small.
    """
    geoms = np.asarray(geoms, dtype=object)
    present = ~(shapely.is_missing(geoms) | shapely.is_empty(geoms))
    if edges is None:
        edges = edge_table(shapely.orient_polygons(geoms))
    if len(edges.keys):
        same = np.all(edges.keys[1:] == edges.keys[:-1], axis=1)
        if (same[1:] & same[:-1]).any():
            return None  # an edge owned three times or more
        twins = np.flatnonzero(same)
        if (edges.reversed[twins] == edges.reversed[twins + 1]).any():
            return None
        if (edges.owner[twins] == edges.owner[twins + 1]).any():
            return None
    try:
        union = shapely.coverage_union_all(geoms[present])
    except shapely.errors.GEOSException:
        return None  # GEOS refuses borders that cross without a shared vertex
    if not shapely.is_valid(union):
        return None
    total = float(shapely.area(geoms[present]).sum())
    return union if abs(shapely.area(union) - total) <= 1e-9 * max(total, 1.0) else None


def border_lengths(
    geoms: np.ndarray, left: np.ndarray, right: np.ndarray, edges: EdgeTable | None = None
) -> np.ndarray:
    """Length of the common border of each given pair of regions (0 where they do not share
    one, or where either is missing).

    Cheaper than :func:`shared_borders` when only a few pairs matter (checking connections):
    no spatial index is built. Pairs the edge hashing cannot settle are measured with shapely.
    """
    geoms = np.asarray(geoms, dtype=object)
    n = len(geoms)
    out = np.zeros(len(left))
    if len(left) == 0:
        return out
    present = ~(shapely.is_missing(geoms) | shapely.is_empty(geoms))
    keys, lengths = _edge_pairs(edges if edges is not None else edge_table(geoms), n)
    wanted = np.minimum(left, right).astype(np.int64) * n + np.maximum(left, right)
    where = np.searchsorted(keys, wanted)
    found = where < len(keys)
    found[found] = keys[where[found]] == wanted[found]
    out[found] = lengths[where[found]]
    both = present[left] & present[right]
    rest = np.flatnonzero(~found & both)
    if len(rest):
        common = shapely.intersection(
            shapely.boundary(geoms[left[rest]]), shapely.boundary(geoms[right[rest]])
        )
        out[rest] = shapely.length(common)
    return out


def shared_borders(geoms: np.ndarray, tolerance: float = 0.0) -> SharedBorders:
    """Neighbouring pairs among ``geoms`` whose common border is longer than ``tolerance``.

    ``geoms`` may hold ``None`` (or empty geometries) for regions that could not be built;
    they have no neighbours.
    """
    geoms = np.asarray(geoms, dtype=object)
    n = len(geoms)
    present = ~(shapely.is_missing(geoms) | shapely.is_empty(geoms))
    if present.sum() < 2:
        empty = np.empty(0, np.int64)
        return SharedBorders(empty, empty, np.empty(0))
    keys, lengths = _edge_pairs(edge_table(geoms), n)

    index = present.nonzero()[0]
    tree = shapely.STRtree(geoms[index])
    qa, qb = tree.query(geoms[index])
    qa, qb = index[qa], index[qb]
    keep = qa < qb
    candidates = qa[keep].astype(np.int64) * n + qb[keep]
    settled = keys[lengths > tolerance]
    unsettled = np.setdiff1d(candidates, settled, assume_unique=False)
    if len(unsettled):
        ua, ub = unsettled // n, unsettled % n
        touching = shapely.intersects(geoms[ua], geoms[ub])
        ua, ub = ua[touching], ub[touching]
        common = shapely.intersection(shapely.boundary(geoms[ua]), shapely.boundary(geoms[ub]))
        exact = shapely.length(common)
        extra_keys = ua.astype(np.int64) * n + ub
        keys = np.concatenate([keys[lengths > tolerance], extra_keys])
        lengths = np.concatenate([lengths[lengths > tolerance], exact])
    keep = lengths > tolerance
    keys, lengths = keys[keep], lengths[keep]
    order = np.argsort(keys, kind="stable")
    keys, lengths = keys[order], lengths[order]
    return SharedBorders(keys // n, keys % n, lengths)

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


def _edge_pairs(geoms: np.ndarray, present: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Pair keys (``left * n + right``) and lengths of identical edges owned by two regions."""
    n = len(geoms)
    rings, ring_owner = shapely.get_rings(geoms[present], return_index=True)
    if len(rings) == 0:
        return np.empty(0, np.int64), np.empty(0)
    coords, coord_ring = shapely.get_coordinates(rings, return_index=True)
    owner = present.nonzero()[0][ring_owner][coord_ring]
    same_ring = coord_ring[:-1] == coord_ring[1:]
    start, end, edge_owner = coords[:-1][same_ring], coords[1:][same_ring], owner[:-1][same_ring]
    # Orient every edge the same way so that A->B and B->A hash alike.
    flip = (start[:, 0] > end[:, 0]) | ((start[:, 0] == end[:, 0]) & (start[:, 1] > end[:, 1]))
    low = np.where(flip[:, None], end, start)
    high = np.where(flip[:, None], start, end)
    keys = np.column_stack([low, high])
    order = np.lexsort((edge_owner, keys[:, 3], keys[:, 2], keys[:, 1], keys[:, 0]))
    keys, edge_owner = keys[order], edge_owner[order]
    twin = np.all(keys[1:] == keys[:-1], axis=1) & (edge_owner[1:] != edge_owner[:-1])
    a, b = edge_owner[:-1][twin], edge_owner[1:][twin]
    seg = keys[1:][twin]
    lengths = np.hypot(seg[:, 2] - seg[:, 0], seg[:, 3] - seg[:, 1])
    pair = np.minimum(a, b).astype(np.int64) * n + np.maximum(a, b)
    unique, inverse = np.unique(pair, return_inverse=True)
    return unique, np.bincount(inverse, weights=lengths, minlength=len(unique))


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
    keys, lengths = _edge_pairs(geoms, present)

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

"""Which names' boxes overlap, and the overlaps kept from one choice of names to the next.

Choosing the names a map shows (:mod:`.names`) asks which of thousands of boxes overlap.
After an edit of a few regions at the same zoom most boxes have not moved, so the overlaps
of the last choice are kept (:class:`Clashes`) and only those of the boxes that moved are
looked for again: on a 10,000-region map at a working zoom, finding them all again was half
of choosing the names, which happens at every release of a dragged point.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

FEW = 8
"""Above this share of the boxes moved (one in ``FEW``), every overlap is looked for again."""


def overlapping(one: np.ndarray, other: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The pairs of boxes of ``one`` and ``other`` (rows of left, top, right, bottom) that
    overlap (more than touch), as two arrays of positions.

    In numpy, without building geometries (tens of thousands of shapely objects wake the
    garbage collector, which then scans the whole scenario). Boxes are sorted by band of
    the height of the tallest, then by left edge: a box can only meet boxes of its own band
    and the two beside it, and there only those whose left edge lies within the widest box
    of its own.
    """
    nothing = np.zeros(0, dtype=np.int64)
    if len(one) == 0 or len(other) == 0:
        return nothing, nothing
    both = np.concatenate([one, other])
    height = max(float(np.max(both[:, 3] - both[:, 1])), 1e-9)
    widest = float(np.max(other[:, 2] - other[:, 0]))
    low = float(both[:, 0].min()) - widest
    span = float(np.ptp(both[:, 0])) + widest + 2 * float(np.max(both[:, 2] - both[:, 0])) + 1
    keys = np.floor(other[:, 1] / height) * span + (other[:, 0] - low)
    # Not a stable sort: boxes with equal keys all fall in the same searched stretch, so
    # the pairs found are the same, and the unstable sort takes about 60% of the time.
    order = np.argsort(keys)
    keys = keys[order]
    # Searched in the same order, which searchsorted is much faster at.
    if one is other:
        searched, own_keys = order, keys
    else:
        own_keys = np.floor(one[:, 1] / height) * span + (one[:, 0] - low)
        searched = np.argsort(own_keys)
        own_keys = own_keys[searched]
    width = (one[:, 2] - one[:, 0])[searched]
    firsts, seconds = [], []
    for step in (-span, 0.0, span):
        start = np.searchsorted(keys, own_keys + step - widest, side="left")
        stop = np.searchsorted(keys, own_keys + step + width, side="left")
        counts = np.maximum(stop - start, 0)
        total = int(counts.sum())
        if total == 0:
            continue
        first = np.repeat(searched, counts)
        skip = np.repeat(np.cumsum(counts) - counts - start, counts)
        firsts.append(first)
        seconds.append(order[np.arange(total) - skip])
    if not firsts:
        return nothing, nothing
    first, second = np.concatenate(firsts), np.concatenate(seconds)
    a, b = one[first], other[second]
    meet = np.all(np.minimum(a[:, 2:], b[:, 2:]) > np.maximum(a[:, :2], b[:, :2]), axis=1)
    if one is other:
        meet &= first != second
    return first[meet], second[meet]


@dataclass(frozen=True)
class Clashes:
    """The overlapping pairs among the boxes shown at one zoom, by row of a table of names
    (``low`` < ``high``); ``box`` holds each row's box and ``shown`` which rows were laid
    out, so the next choice can tell which boxes moved."""

    scale: float
    ids: list[str]
    """The table's rows (the same list object while a table follows edits in place)."""
    shown: np.ndarray
    box: np.ndarray
    low: np.ndarray
    high: np.ndarray

    @classmethod
    def found(
        cls,
        scale: float,
        ids: list[str],
        rows: np.ndarray,
        box: np.ndarray,
        pairs: tuple[np.ndarray, np.ndarray],
    ) -> Clashes:
        """The overlaps among ``box`` (the boxes of ``rows``, a table of ``len(ids)``):
        ``pairs``, positions in ``rows`` as :func:`overlapping` of ``box`` with itself
        gives them."""
        first, second = pairs
        return cls._of(scale, ids, rows, box, rows[first], rows[second])

    def again(
        self, scale: float, ids: list[str], rows: np.ndarray, box: np.ndarray
    ) -> Clashes | None:
        """The overlaps once the boxes of ``rows`` are ``box``: those of the boxes that did
        not move are kept, those of the boxes that moved, came or went looked for again.
        ``None`` when they cannot be kept (another zoom or table, or many boxes moved)."""
        if scale != self.scale or ids is not self.ids:
            return None
        shown = np.zeros(len(ids), dtype=bool)
        shown[rows] = True
        full = np.zeros((len(ids), 4))
        full[rows] = box
        moved = (shown != self.shown) | (shown & np.any(full != self.box, axis=1))
        count = int(moved.sum())
        if count * FEW > max(len(rows), 1):
            return None
        keep = ~(moved[self.low] | moved[self.high])
        low, high = self.low[keep], self.high[keep]
        fresh = np.flatnonzero(moved & shown)
        if len(fresh):
            first, second = overlapping(full[fresh], box)
            a, b = fresh[first], rows[second]
            other = a != b
            a, b = a[other], b[other]
            low = np.concatenate([low, np.minimum(a, b)])
            high = np.concatenate([high, np.maximum(a, b)])
        return Clashes._of(scale, ids, rows, box, low, high, shown=shown, full=full)

    @classmethod
    def _of(
        cls,
        scale: float,
        ids: list[str],
        rows: np.ndarray,
        box: np.ndarray,
        a: np.ndarray,
        b: np.ndarray,
        *,
        shown: np.ndarray | None = None,
        full: np.ndarray | None = None,
    ) -> Clashes:
        if shown is None or full is None:
            shown = np.zeros(len(ids), dtype=bool)
            shown[rows] = True
            full = np.zeros((len(ids), 4))
            full[rows] = box
        # Each pair once (both orders come from overlapping a list with itself).
        pairs = np.unique(np.stack([np.minimum(a, b), np.maximum(a, b)], axis=1), axis=0)
        pairs = pairs.reshape(-1, 2).astype(np.int64)
        return cls(scale, ids, shown, full, pairs[:, 0], pairs[:, 1])

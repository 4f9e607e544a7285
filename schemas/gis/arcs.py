"""A coverage cut into arcs, and how significant each vertex of an arc is (Douglas-Peucker).

This is how TopoJSON simplifies a map. A **junction** is a vertex where the regions around a
border change: three regions meet, or the map's edge meets a border between two regions.
Found by hashing: each time a ring passes through a vertex it arrives from one neighbouring
vertex and leaves to another; a vertex that every ring passes through between the same two
neighbours is inside a border, any other is a junction. (A ring with no junction, an island
or a lake with its filling, gets one at its lowest vertex id, the same for both rings.) An
**arc** is a ring's run from one junction to the next: the border two regions share, or a
stretch of the map's edge. Each arc is stored once, however many rings run along it.

Each arc is then simplified once, with all arcs at once in numpy: the Douglas-Peucker
recursion goes one level at a time over every arc, and records for each vertex the largest
tolerance that would keep it (its distance from the chord that split it off, never more
than its parent's). Distances are to the chord as a segment, as GEOS measures them, so no
dropped vertex lies further than the tolerance from the simplified border. Simplifying to
any tolerance is then one comparison per vertex, and neighbours keep identical borders
because the decision is made once per vertex.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .progress import Progress
from .rings import Rings


@dataclass
class Arcs:
    """The arcs of a coverage and the significance of every vertex."""

    significance: np.ndarray
    """Per vertex: the largest tolerance that keeps it (infinite for junctions)."""
    arc: np.ndarray
    """Per vertex: the arc it lies inside (``-1`` for junctions)."""
    flat: np.ndarray
    """Vertex ids of every arc, end points included, one arc after the other."""
    start: np.ndarray
    """Offsets of the arcs in ``flat`` (one more than there are arcs)."""
    exact: np.ndarray
    """Per arc: whether every significance is known (the recursion may have stopped early,
    leaving 0 for vertices it knew would be dropped)."""

    @property
    def count(self) -> int:
        return len(self.start) - 1

    def kept(self, tolerance: np.ndarray | float) -> np.ndarray:
        """Per vertex: whether it stays at a tolerance (one, or one per arc)."""
        limit = np.asarray(tolerance, dtype=float)
        if limit.ndim:
            limit = np.where(self.arc >= 0, limit[np.maximum(self.arc, 0)], 0.0)
        return self.significance > limit

    def refine(self, xy: np.ndarray, arcs: np.ndarray) -> None:
        """Work out every significance of some arcs (where the recursion stopped early)."""
        arcs = arcs[~self.exact[arcs]]
        if len(arcs) == 0:
            return
        lengths = np.diff(self.start)[arcs]
        start = np.zeros(len(arcs) + 1, np.int64)
        np.cumsum(lengths, out=start[1:])
        entries = np.arange(start[-1]) + np.repeat(self.start[arcs] - start[:-1], lengths)
        flat = self.flat[entries]
        sig = significance(xy, flat, start)
        inside = np.isfinite(sig)
        self.significance[flat[inside]] = sig[inside]
        self.exact[arcs] = True

    def next_below(self, tolerance: np.ndarray) -> np.ndarray:
        """Per arc: the significance of its most significant vertex dropped at its tolerance
        (``-1`` when it drops none)."""
        sig = self.significance[self.flat]
        limit = np.repeat(tolerance, np.diff(self.start))
        dropped = np.where(sig <= limit, sig, -1.0)
        if len(dropped) == 0:
            return np.empty(0)
        return np.maximum.reduceat(dropped, self.start[:-1])


def junctions(rings: Rings) -> np.ndarray:
    """Per vertex: whether it is a junction (see the module's description)."""
    count = len(rings.xy)
    vertex = rings.vertex
    before = vertex[rings.previous()]
    after = vertex[rings.following()]
    pair = np.minimum(before, after) * np.int64(count) + np.maximum(before, after)
    lowest = np.full(count, np.iinfo(np.int64).max)
    highest = np.full(count, -1, dtype=np.int64)
    np.minimum.at(lowest, vertex, pair)
    np.maximum.at(highest, vertex, pair)
    junction: np.ndarray = (lowest != highest) & (highest >= 0)
    ring = rings.ring_of()
    crossed = np.bincount(ring[junction[vertex]], minlength=rings.rings) > 0
    lonely = np.flatnonzero(~crossed & (np.diff(rings.start) > 0))
    if len(lonely):
        junction[np.minimum.reduceat(vertex, rings.start[:-1])[lonely]] = True
    return junction


def cut(rings: Rings, junction: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each arc with at least one vertex between its ends, once: its vertex ids from one
    junction to the next, and the offsets of the arcs in that array."""
    vertex = rings.vertex
    at = np.flatnonzero(junction[vertex])
    ring = rings.ring_of()[at]
    first = at[np.searchsorted(ring, ring)]
    ring_start = rings.start[ring]
    size = rings.start[ring + 1] - ring_start
    following = np.empty_like(at)
    following[:-1] = at[1:]
    same = np.zeros(len(at), bool)
    same[:-1] = ring[1:] == ring[:-1]
    following = np.where(same, following, first + size)
    edges = following - at

    def wrap(position: np.ndarray) -> np.ndarray:
        wrapped: np.ndarray = ring_start + (position - ring_start) % size
        return wrapped

    inner = edges >= 2
    key = np.minimum(vertex[wrap(at + 1)[inner]], vertex[wrap(following - 1)[inner]])
    chosen = np.flatnonzero(inner)[np.unique(key, return_index=True)[1]]
    chosen.sort()
    lengths = edges[chosen] + 1
    start = np.zeros(len(chosen) + 1, np.int64)
    np.cumsum(lengths, out=start[1:])
    step = np.arange(start[-1]) - np.repeat(start[:-1], lengths)
    base = np.repeat(ring_start[chosen], lengths)
    offset = (np.repeat(at[chosen] - ring_start[chosen], lengths) + step) % np.repeat(
        size[chosen], lengths
    )
    return vertex[base + offset], start


@dataclass
class Budget:
    """Keep at most ``allowance`` ring points among the arcs' inner vertices, each vertex
    counting ``weight`` points (the rings it is in): lets the recursion stop early."""

    weight: np.ndarray
    """Per entry of the flat arc array."""
    allowance: float


def significance(
    xy: np.ndarray,
    flat: np.ndarray,
    start: np.ndarray,
    floor: float = 0.0,
    budget: Budget | None = None,
    progress: Progress | None = None,
) -> np.ndarray:
    """Douglas-Peucker significance of every entry of ``flat`` (arcs given by ``start``):
    the largest tolerance that keeps it, infinite at the arcs' ends.

    The recursion goes one level at a time over every stretch still open, the points inside
    open stretches kept packed together in order. It stops in a stretch whose vertices all
    lie within ``floor`` of its chord (they get 0: dropped at any tolerance above the
    floor). With a ``budget`` the floor rises as the recursion goes: once the vertices found
    so far fill the budget above some tolerance, nothing at or below it can be kept, so it
    is not looked at; every significance above the final tolerance is still exact.
    """
    progress = progress or Progress()
    x, y = xy[flat, 0], xy[flat, 1]
    sig = np.zeros(len(flat))
    first, last = start[:-1], start[1:] - 1
    sig[first] = np.inf
    sig[last] = np.inf
    inner = np.ones(len(flat), bool)
    inner[first] = False
    inner[last] = False
    where = np.flatnonzero(inner)  # the open stretches' points, in order
    px, py = x[where], y[where]
    size = last - first - 1
    open_ = size > 0
    size = size[open_]
    ax, ay, bx, by = x[first][open_], y[first][open_], x[last][open_], y[last][open_]
    parent = np.full(len(size), np.inf)
    found_value: list[np.ndarray] = []
    found_weight: list[np.ndarray] = []
    counted = found = 0
    while len(size):
        progress.check()
        offsets = np.zeros(len(size) + 1, np.int64)
        np.cumsum(size, out=offsets[1:])
        dx, dy = bx - ax, by - ay
        length = np.hypot(dx, dy)
        closed = length == 0
        length[closed] = 1.0
        ux, uy = dx / length, dy / length
        # Distance to the chord: to its line, |u x (p - a)|, combined with how far past
        # either end the point lies along it (u . (p - a) below 0 or above the length);
        # squared, square roots are taken of each stretch's largest only.
        repeat_ux, repeat_uy = np.repeat(ux, size), np.repeat(uy, size)
        across = repeat_ux * py
        across -= repeat_uy * px
        across -= np.repeat(ux * ay - uy * ax, size)
        across *= across
        along = repeat_ux * px
        along += repeat_uy * py
        along -= np.repeat(ux * ax + uy * ay, size)
        past = along - np.repeat(length, size)
        np.negative(along, out=along)
        np.maximum(past, along, out=past)
        np.maximum(past, 0.0, out=past)
        past *= past
        distance = np.add(across, past, out=across)
        if closed.any():
            # A closed arc (an island's ring) has no chord: distances from its one end.
            around = np.repeat(closed, size)
            distance[around] = (px[around] - np.repeat(ax, size)[around]) ** 2 + (
                py[around] - np.repeat(ay, size)[around]
            ) ** 2
        largest = np.maximum.reduceat(distance, offsets[:-1])
        hit = np.flatnonzero(distance == np.repeat(largest, size))
        np.sqrt(largest, out=largest)
        owner = np.searchsorted(offsets, hit, side="right") - 1
        first_hit = np.ones(len(hit), bool)
        first_hit[1:] = owner[1:] != owner[:-1]
        split = hit[first_hit]  # the farthest point of each stretch (the first, in a tie)
        value = np.minimum(largest, parent)
        go_on = value > floor
        sig[where[split[go_on]]] = value[go_on]
        if budget is not None and go_on.any():
            found_value.append(value[go_on])
            found_weight.append(budget.weight[where[split[go_on]]])
            found += int(go_on.sum())
            if found >= 1.2 * counted:  # a sort of what was found, only as it grows
                counted = found
                floor = max(floor, _threshold(found_value, found_weight, budget.allowance))
        # Each stretch that goes on becomes two: before its farthest point and after it.
        kx, ky = px[split], py[split]
        before = split - offsets[:-1]
        keep = np.repeat(go_on, size)
        keep[split] = False
        where, px, py = where[keep], px[keep], py[keep]
        chosen = np.flatnonzero(go_on)
        sizes = _pairs(before[chosen], (size - before - 1)[chosen])
        nonempty = sizes > 0
        size = sizes[nonempty]
        ax = _pairs(ax[chosen], kx[chosen])[nonempty]
        ay = _pairs(ay[chosen], ky[chosen])[nonempty]
        bx = _pairs(kx[chosen], bx[chosen])[nonempty]
        by = _pairs(ky[chosen], by[chosen])[nonempty]
        parent = np.repeat(value[chosen], 2)[nonempty]
    return sig


def _pairs(left: np.ndarray, right: np.ndarray) -> np.ndarray:
    """``left[0], right[0], left[1], right[1]...``"""
    out = np.empty(2 * len(left), dtype=left.dtype)
    out[0::2] = left
    out[1::2] = right
    return out


def _sample_tolerance(
    xy: np.ndarray, flat: np.ndarray, start: np.ndarray, budget: Budget, floor: float
) -> float:
    """The tolerance that meets the budget on every twentieth arc (0 for a small map)."""
    count = len(start) - 1
    if count < 400:
        return 0.0
    chosen = np.arange(0, count, 20)
    lengths = (start[1:] - start[:-1])[chosen]
    offsets = np.zeros(len(chosen) + 1, np.int64)
    np.cumsum(lengths, out=offsets[1:])
    entries = np.arange(offsets[-1]) + np.repeat(start[chosen] - offsets[:-1], lengths)
    sig = significance(xy, flat[entries], offsets, floor)
    inner = np.isfinite(sig)
    weight = budget.weight[entries][inner]
    ends = budget.weight[start[:-1]].sum() + budget.weight[start[1:] - 1].sum()
    whole = max(float(budget.weight.sum() - ends), 1.0)
    return _threshold([sig[inner]], [weight], budget.allowance * weight.sum() / whole)


def _threshold(values: list[np.ndarray], weights: list[np.ndarray], allowance: float) -> float:
    """The tolerance at which the vertices found so far fill the allowance (0 if they do
    not): the significance of the first vertex that no longer fits."""
    value, weight = np.concatenate(values), np.concatenate(weights)
    values[:] = [value]
    weights[:] = [weight]
    if weight.sum() <= allowance:
        return 0.0
    order = np.argsort(-value, kind="stable")
    over = np.searchsorted(np.cumsum(weight[order]), allowance, side="right")
    return float(value[order[over]])


def build(
    rings: Rings,
    floor: float = 0.0,
    budget: float | None = None,
    progress: Progress | None = None,
) -> Arcs:
    """Junctions, arcs and significance of a coverage; ``floor`` and ``budget`` (ring points
    to keep in all) let the recursion stop early (see :func:`significance`)."""
    junction = junctions(rings)
    flat, start = cut(rings, junction)
    if budget is None:
        per_entry = significance(rings.xy, flat, start, floor, None, progress)
    else:
        weight = rings.multiplicity()
        allowance = Budget(weight[flat], max(0.0, budget - float(weight[junction].sum())))
        # Start from most of the tolerance a sample of the arcs needs: far less to look at. If
        # that was too high (the vertices above it do not fill the budget), start again low.
        guess = _sample_tolerance(rings.xy, flat, start, allowance, floor)
        for share in (0.97, 0.8, 0.0):
            high = max(floor, share * guess)
            per_entry = significance(rings.xy, flat, start, high, allowance, progress)
            filled = allowance.weight[np.isfinite(per_entry) & (per_entry > high)].sum()
            if high == floor or filled >= allowance.allowance:
                break
    sig = np.zeros(len(rings.xy))
    sig[flat] = per_entry
    sig[junction] = np.inf
    arc = np.full(len(rings.xy), -1, dtype=np.int64)
    lengths = np.diff(start)
    owner = np.repeat(np.arange(len(lengths)), lengths)
    inside = np.ones(len(flat), bool)
    inside[start[:-1]] = False
    inside[start[1:] - 1] = False
    arc[flat[inside]] = owner[inside]
    arc[junction] = -1
    exact = np.full(len(lengths), floor <= 0 and budget is None)
    return Arcs(sig, arc, flat, start, exact)

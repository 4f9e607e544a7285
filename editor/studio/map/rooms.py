"""How much room each region has for its name, measured for thousands of regions at once."""

from __future__ import annotations

import numpy as np

from schemas.geometry.build import Rings

Room = tuple[float, float, float, float, float]
"""A region's name point (x, y), the room across it in map units (the width of the region
along a horizontal line through the point, its height along a vertical one) and the
region's area."""


def measure_rooms(rings: Rings, points: np.ndarray) -> list[Room]:
    """The room around each point (``points``: one row per outline, the outlines flattened
    into ``rings``) in its outline.

    A ray each way from the point, against every edge of every ring, in one pass: the
    nearest crossings left and right are the width, above and below the height. A point
    outside its outline (a name the designer put beside a small island) gets the outline's
    box instead. Names are centred on the point, but the width is measured in full: a
    designer's point is not always central, and a name overlapping a border a little still
    reads as the region's.
    """
    count = len(points)
    wide, tall, area = np.zeros(count), np.zeros(count), np.zeros(count)
    used = rings.lengths > 0
    if used.any():
        lengths, owner = rings.lengths[used], rings.owner[used]
        coords = rings.coords
        starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
        following = np.arange(1, len(coords) + 1)
        following[starts + lengths - 1] = starts
        region = np.repeat(owner, lengths)
        ax, ay = coords[:, 0], coords[:, 1]
        bx, by = ax[following], ay[following]
        px, py = points[region, 0], points[region, 1]
        # Areas by the shoelace formula; holes are subtracted.
        twice = np.add.reduceat(ax * by - bx * ay, starts)
        exterior = np.r_[True, owner[1:] != owner[:-1]]
        np.add.at(area, owner, np.where(exterior, 1.0, -1.0) * np.abs(twice) / 2)
        with np.errstate(divide="ignore", invalid="ignore"):
            across = (ay <= py) != (by <= py)
            dx = ax + (py - ay) / (by - ay) * (bx - ax) - px
            along = (ax <= px) != (bx <= px)
            dy = ay + (px - ax) / (bx - ax) * (by - ay) - py
        left = _nearest(count, region, across & (dx < 0), -dx)
        right = _nearest(count, region, across & (dx >= 0), dx)
        above = _nearest(count, region, along & (dy < 0), -dy)
        below = _nearest(count, region, along & (dy >= 0), dy)
        crossings = np.bincount(region[across & (dx < 0)], minlength=count)
        inside = (crossings % 2 == 1) & np.isfinite(left + right + above + below)
        wide = np.where(inside, left + right, 0.0)
        tall = np.where(inside, above + below, 0.0)
        lows = np.minimum.reduceat(coords, starts)[exterior]
        highs = np.maximum.reduceat(coords, starts)[exterior]
        outlined = owner[exterior]
        boxed = outlined[~inside[outlined]]
        size = (highs - lows)[~inside[outlined]]
        wide[boxed], tall[boxed] = size[:, 0], size[:, 1]
    return [
        (float(x), float(y), w, t, a)
        for (x, y), w, t, a in zip(
            points.tolist(), wide.tolist(), tall.tolist(), area.tolist(), strict=True
        )
    ]


def _nearest(count: int, region: np.ndarray, hit: np.ndarray, distance: np.ndarray) -> np.ndarray:
    out = np.full(count, np.inf)
    np.minimum.at(out, region[hit], distance[hit])
    return out

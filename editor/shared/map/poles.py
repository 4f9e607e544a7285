"""Where a region's name goes when the scenario does not say: its pole of inaccessibility
(the point inside it farthest from its border), where it has the most room. The studio and
the game map both place names and symbols from it."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely

from schemas.geometry import build_polygons
from schemas.geometry.build import Rings
from schemas.map import Region

_TOLERANCE = 0.04
"""How near to the true pole is near enough, as a share of the region's size."""


def poles(
    regions: Sequence[Region], rings: Rings | None = None
) -> list[tuple[float, float] | None]:
    """The pole of inaccessibility of each region (``None`` where its outline is unusable),
    for thousands of regions in one vectorised pass; ``rings``: the regions' outlines
    already flattened (:meth:`Rings.of`), when the caller has them."""
    if not regions:
        return []
    polygons = build_polygons([r.polygon for r in regions], rings)
    out: list[tuple[float, float] | None] = [None] * len(regions)
    usable = ~shapely.is_missing(polygons)
    usable[usable] &= shapely.is_valid(polygons[usable]) & ~shapely.is_empty(polygons[usable])
    if not usable.any():
        return out
    shapes = polygons[usable]
    bounds = shapely.bounds(shapes)
    size = np.sqrt(np.maximum((bounds[:, 2] - bounds[:, 0]) * (bounds[:, 3] - bounds[:, 1]), 0))
    try:
        circles = shapely.maximum_inscribed_circle(shapes, np.maximum(size * _TOLERANCE, 1e-9))
    except shapely.errors.GEOSException:
        centres = shapely.get_coordinates(shapely.point_on_surface(shapes))
    else:
        centres = shapely.get_coordinates(shapely.get_point(circles, 0))
    for index, (x, y) in zip(np.flatnonzero(usable).tolist(), centres.tolist(), strict=True):
        out[index] = (x, y)
    return out


def label_poles(
    regions: Sequence[Region], rings: Rings | None = None
) -> dict[str, tuple[float, float] | None]:
    """The pole of each region whose name has no anchor of the designer's, by id: all in
    one vectorised pass (one region at a time takes ten times as long on a large map).
    ``rings``: every region's outline already flattened, when the caller has them (the
    studio finds the poles on a second core, and flattening them again there held the
    interpreter lock the first core needed)."""
    placed = [r for r in regions if r.anchors.label is None]
    if rings is not None and len(placed) != len(regions):
        rings = None  # the flattened outlines are those of every region
    return dict(zip([r.id for r in placed], poles(placed, rings), strict=True))

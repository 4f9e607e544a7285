"""Blocks of symbols and the regions they belong to, in screen pixels: how much of a
block stands outside its region (tested for one place, or for many moves at once), and
the lines that tie a symbol pushed out of a small region back to it.

A block is probed at seven points: its centre, the middles of its quarters, and the
middles of its top and bottom edges (where a name hangs). The share of probes outside
the region is what the declutter (:mod:`map_declutter`) weighs against overlaps.
"""

from __future__ import annotations

from functools import reduce
from typing import TYPE_CHECKING

import numpy as np
import shapely
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QPainterPath, QPen

if TYPE_CHECKING:
    from editor.game.map.declutter import Group

PAD = 3.0
"""Room kept around each block (count badges overhang a counter's corner)."""
LEADER_PEN = QPen(QColor(20, 20, 20, 170), 1.0)
LEADER_PEN.setCosmetic(True)
LEADER_DOT = 2.5
"""Radius (pixels) of the dot a leader line starts from, inside the region."""

Rect = tuple[float, float, float, float]
"""left, top, right, bottom: plain floats, far quicker to compare than ``QRectF``."""


def _probes(rect: Rect) -> tuple[list[float], list[float]]:
    left, top, right, bottom = rect
    middle_x, middle_y = (left + right) / 2, (top + bottom) / 2
    quarter_x, quarter_y = (right - left) / 4, (bottom - top) / 4
    xs = [middle_x, left + quarter_x, right - quarter_x, left + quarter_x, right - quarter_x]
    ys = [middle_y, top + quarter_y, top + quarter_y, bottom - quarter_y, bottom - quarter_y]
    return [*xs, middle_x, middle_x], [*ys, top + PAD + 2, bottom - PAD - 2]


def outside_share(rect: Rect, path: QPainterPath | None, scale: float) -> float:
    """The share of a block's probes outside its region (``path``, map units)."""
    if path is None:
        return 0.0
    xs, ys = _probes(rect)
    points = zip(xs, ys, strict=True)
    outside = sum(not path.contains(QPointF(x / scale, y / scale)) for x, y in points)
    return outside / len(xs)


def outside_shares(
    rect: Rect, shape: shapely.Geometry, scale: float, shift_x: np.ndarray, shift_y: np.ndarray
) -> np.ndarray:
    """:func:`outside_share` for ``rect`` moved by each shift (columns of one), at once."""
    xs, ys = _probes(rect)
    inside = shapely.contains_xy(
        shape, (np.array(xs) + shift_x) / scale, (np.array(ys) + shift_y) / scale
    )
    return 1.0 - inside.mean(axis=1)


def outline_shape(path: QPainterPath) -> shapely.Geometry:
    """A region's outline as shapely geometry, filled as Qt fills it (odd-even)."""
    polygons = [
        shapely.make_valid(shapely.Polygon([(p.x(), p.y()) for p in polygon]))
        for polygon in path.toFillPolygons()
        if polygon.size() >= 3
    ]
    shape = reduce(shapely.symmetric_difference, polygons, shapely.Polygon())
    shapely.prepare(shape)
    return shape


class Shapes(dict[str, shapely.Geometry]):
    """Regions' outlines for shapely, each made when first needed."""

    def __init__(self, paths: dict[str, QPainterPath]) -> None:
        super().__init__()
        self.paths = paths

    def get(  # type: ignore[override]
        self, region: str, default: shapely.Geometry | None = None
    ) -> shapely.Geometry | None:
        if region not in self:
            path = self.paths.get(region)
            if path is None:
                return default
            self[region] = outline_shape(path)
        return self[region]


def leader_lines(
    placed: list[tuple[Group, QPointF]], paths: dict[str, QPainterPath], scale: float
) -> QPainterPath:
    """A line from each symbol whose middle stands outside its region (a region too small
    on screen to hold it) back to the point it was laid out from, inside the region: the
    symbol stays clearly tied to its region (map units at ``scale``)."""
    lines = QPainterPath()
    for group, shift in placed:
        path = paths.get(group.region)
        if path is None:
            continue
        for _, offset in group.members:
            middle = group.point + (offset + shift) / scale
            if path.contains(middle):
                continue
            lines.moveTo(group.point)
            lines.lineTo(middle)
            lines.addEllipse(group.point, LEADER_DOT / scale, LEADER_DOT / scale)
    return lines

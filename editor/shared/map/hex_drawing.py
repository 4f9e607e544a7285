"""Geometry of a hex map as Qt paths, shared by the game map and the still pictures.

Everything comes from the grid's arrays (:class:`schemas.hexgrid.grid.HexGrid`), never from
per-hex polygons: a pole of inaccessibility per hex, or a shapely intersection per hexside,
would cost seconds on a large map. Roads, railways and trails are the paths the file lists,
through hex centres, as printed hex maps show them.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPainterPath, QPolygonF

from schemas.hexgrid.grid import HexGrid
from schemas.hexmap import HexMap

ROAD_KINDS = ("trail", "road", "rail")
"""The kinds of path, drawn in this order (railways over roads over trails)."""

ROAD_LOOKS: dict[str, tuple[str, float, Qt.PenStyle]] = {
    "trail": ("#8c6d46", 1.5, Qt.PenStyle.DotLine),
    "road": ("#7a4b1e", 2.5, Qt.PenStyle.SolidLine),
    "rail": ("#2b2b2b", 2.0, Qt.PenStyle.DashLine),
}
"""Colour, width on screen (pixels) and line style of each kind of path."""


def hex_paths(grid: HexGrid) -> dict[str, QPainterPath]:
    """Every hex's outline, by id."""
    out: dict[str, QPainterPath] = {}
    for hex_id, corners in zip(grid.ids, grid.corners().tolist(), strict=True):
        path = QPainterPath()
        path.addPolygon(QPolygonF([QPointF(x, y) for x, y in corners]))
        path.closeSubpath()
        out[hex_id] = path
    return out


def plain_types(hex_map: HexMap) -> set[str]:
    """The connection types of hexsides without a feature (the outlines already show them)."""
    plain = hex_map.plain_hexsides
    return {plain.land, plain.sea, plain.lake}


def hexside_segment_paths(grid: HexGrid, numbers: list[int]) -> list[QPainterPath]:
    """A straight path along each hexside ``numbers`` names, in that order."""
    if not numbers:
        return []
    segments = grid.hexside_segments(np.array(numbers, dtype=np.int64)).tolist()
    out = []
    for (x0, y0), (x1, y1) in segments:
        path = QPainterPath(QPointF(x0, y0))
        path.lineTo(QPointF(x1, y1))
        out.append(path)
    return out


def road_paths(hex_map: HexMap, grid: HexGrid) -> dict[str, QPainterPath]:
    """One path per kind of road the file lists, through hex centres (a path is cut where it
    names a hex the grid lacks, and goes on from the next one it knows)."""
    centres = grid.centres().tolist()
    out: dict[str, QPainterPath] = {}
    for kind in ROAD_KINDS:
        path = QPainterPath()
        for text in hex_map.roads.get(kind, []):
            started = False
            for hex_id in text.split():
                index = grid.find(hex_id)
                if index is None:
                    started = False
                    continue
                point = QPointF(*centres[index])
                if started:
                    path.lineTo(point)
                else:
                    path.moveTo(point)
                    started = True
        if not path.isEmpty():
            out[kind] = path
    return out


def named_hexes(hex_map: HexMap, grid: HexGrid) -> list[str]:
    """Hexes whose record gives a name, in the file's order (the only hexes labelled: a
    thousand ids printed over the map would hide it)."""
    return [r.hex for r in hex_map.hexes if r.name and grid.find(r.hex) is not None]

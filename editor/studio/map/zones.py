"""The setup and fixed zones of a hex map drawn over its hexes (OT1, OM20): the layer
"Setup and fixed zones".

A side's setup zone is washed in its side's colour with diagonal hatching and ringed by a
solid line in that colour; a fixed zone is crossed with a dark violet hatch (a colour no
side is usually given) and ringed by a dashed line, so a hex in both shows both. The
outlines are the hexsides between a zone's hexes and the others, so a zone reads as one area
however it was painted. One item draws every zone; it is rebuilt when the hex map or the
sides change.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.studio.map.hexpaths import rings_path, segments_path
from schemas.hexgrid.decode import Layer, decode
from schemas.hexgrid.grid import HexGrid
from schemas.scenario import Scenario

FIXED_COLOUR = QColor("#5b2a86")
"""The colour of fixed zones (their hatch and outline)."""


class ZoneLook:
    """One zone as drawn: its hexes' fill, its outline and their colours."""

    def __init__(
        self, fill: QPainterPath, outline: QPainterPath, colour: QColor, *, fixed: bool
    ) -> None:
        self.fill, self.outline, self.colour, self.fixed = fill, outline, colour, fixed


class ZoneOverlay(QGraphicsItem):
    """Every setup and fixed zone of a hex map (see the module)."""

    def __init__(self, scenario: Scenario) -> None:
        super().__init__()
        self.setZValue(2)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.looks: list[ZoneLook] = []
        self._box = QRectF()
        self.set_scenario(scenario)

    def set_scenario(self, scenario: Scenario) -> None:
        hex_map = scenario.hex_map
        self.prepareGeometryChange()
        self.looks = []
        self._box = QRectF()
        if hex_map is None or not (hex_map.setup_zones or hex_map.fixed_zones):
            self.update()
            return
        grid = HexGrid.of(hex_map)
        decoded = decode(hex_map, grid)
        colours = {s.id: s.color for s in scenario.sides}
        for k, side in enumerate(decoded.setup_zones.keys):
            colour = QColor(colours.get(side, "#555555"))
            self._add(grid, decoded.setup_zones, k, colour, fixed=False)
        for k in range(len(decoded.fixed_zones.keys)):
            self._add(grid, decoded.fixed_zones, k, FIXED_COLOUR, fixed=True)
        self.update()

    def _add(self, grid: HexGrid, layer: Layer, code: int, colour: QColor, *, fixed: bool) -> None:
        inside = layer.code == code
        hexes = np.flatnonzero(inside)
        if not len(hexes):
            return
        fill = rings_path(grid.corners(hexes))
        fill.setFillRule(Qt.FillRule.WindingFill)
        sides = grid.hexsides
        edge = np.flatnonzero(inside[sides.left] != inside[sides.right])
        outline = segments_path(grid.hexside_segments(edge)) if len(edge) else QPainterPath()
        self.looks.append(ZoneLook(fill, outline, colour, fixed=fixed))
        box = fill.boundingRect()
        self._box = self._box.united(box) if not self._box.isEmpty() else box

    def zone_count(self) -> int:
        return len(self.looks)

    def boundingRect(self) -> QRectF:
        return self._box.adjusted(-2, -2, 2, 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        for look in self.looks:
            wash = QColor(look.colour)
            wash.setAlpha(40 if not look.fixed else 0)
            painter.setPen(Qt.PenStyle.NoPen)
            if wash.alpha():
                painter.setBrush(wash)
                painter.drawPath(look.fill)
            hatch = QColor(look.colour)
            hatch.setAlpha(150)
            pattern = Qt.BrushStyle.DiagCrossPattern if look.fixed else Qt.BrushStyle.BDiagPattern
            brush = QBrush(hatch, pattern)
            painter.setBrush(brush)
            painter.drawPath(look.fill)
            pen = QPen(look.colour, 2.5 if not look.fixed else 2.0)
            pen.setCosmetic(True)
            if look.fixed:
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(look.outline)

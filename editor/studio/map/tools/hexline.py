"""The line tool of a hex map: roads and railways through hex centres, rivers and other
hexside features along hexsides.

Press where the line starts, drag to where it ends, release: the line is one undo step.
Trails, roads and railways go from hex to hex through their centres (the hexes a straight
line between the two passes through, see :func:`schemas.hexgrid.lines.line`); a road drawn
from the end of one of its kind continues it. Hexside features (river, major river, stream,
ridge, minefield... any connection type of the scenario, bridges and crossing sites) go along
hexsides, from the corner nearest the press to the corner nearest the release, keeping close
to the straight line between them (:func:`schemas.hexgrid.lines.hexside_path`). Shift at the
press erases instead: the chosen feature (or bridge, or crossing site) from the hexsides along
the line, or every trail, road and railway step along it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import shiboken6
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.studio.map.hexes import CROSSING_COLOUR, HexMapItem
from editor.studio.map.tools.base import Tool
from schemas.hexgrid.edit import (
    add_path,
    erase_path,
    set_bridges,
    set_crossing_sites,
    set_hexsides,
)
from schemas.hexgrid.lines import hexside_path, line

if TYPE_CHECKING:
    from editor.studio.document import ScenarioDocument

NETWORKS = ("trail", "road", "rail")
"""Features drawn through hex centres; every other feature goes along hexsides."""
BRIDGE = "bridge"
CROSSING_SITE = "crossing site"
"""OH11: marks where a pontoon may span a major river (not a connection type: a space keeps
it apart from every connection type id)."""


class LineItem(QGraphicsItem):
    """The line being drawn."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(6)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.path = QPainterPath()
        self.colour = QColor("#1f6fd1")
        self.erasing = False

    def set_path(self, path: QPainterPath) -> None:
        self.prepareGeometryChange()
        self.path = path

    def boundingRect(self) -> QRectF:
        return self.path.boundingRect().adjusted(-20, -20, 20, 20)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        pen = QPen(QColor("#d32f2f") if self.erasing else self.colour, 5.0)
        pen.setCosmetic(True)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        if self.erasing:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.strokePath(self.path, pen)


class HexLineTool(Tool):
    name = "hexline"
    label = "Draw roads and rivers"
    hint = (
        "Drag from where a road or river starts to where it ends (roads through hex centres, "
        "rivers and other features along hexsides); Shift+drag erases."
    )
    shortcut = "L"
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__(document)
        self.feature = "river"
        """A network (trail, road, rail), ``bridge``, ``crossing site`` or a connection type
        id."""
        self._start: QPointF | None = None
        self._start_hex = -1
        self._erasing = False
        self._item: LineItem | None = None

    @property
    def hexes(self) -> HexMapItem | None:
        return self.scene.hexes if self.view is not None else None

    @property
    def along_centres(self) -> bool:
        return self.feature in NETWORKS

    def deactivate(self) -> None:
        self._start = None
        if _alive(self._item) and self.view is not None:
            self.scene.discard(self._item)
        self._item = None

    def press(self, event: QMouseEvent, point: QPointF) -> None:
        hexes = self.hexes
        if event.button() != Qt.MouseButton.LeftButton or hexes is None:
            return
        locked = "regions" if self.along_centres else "connections"
        if self.scene.locked(locked):
            self.message(f"The {locked} layer is locked or hidden: unlock it to draw")  # type: ignore[attr-defined]
            return
        index = hexes.hex_at(point)
        if index < 0:
            return
        self._start, self._start_hex = point, index
        self._erasing = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        if not _alive(self._item) or self._item.scene() is not self.scene:
            self._item = LineItem()
            self.scene.addItem(self._item)
        self._item.erasing = self._erasing
        self._item.colour = self._colour()
        self._show(point)

    def move(self, event: QMouseEvent, point: QPointF) -> None:
        if self._start is not None:
            self._show(point)

    def release(self, event: QMouseEvent, point: QPointF) -> None:
        if event.button() != Qt.MouseButton.LeftButton or self._start is None:
            return
        self._commit(point)
        self._start = None
        if _alive(self._item):
            self._item.set_path(QPainterPath())

    def key_press(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Escape and self._start is not None:
            self._start = None
            if _alive(self._item):
                self._item.set_path(QPainterPath())
            return True
        return False

    # -- the line ----------------------------------------------------------------------------

    def _colour(self) -> QColor:
        from editor.studio.map.hexes import ROADS

        if self.feature in ROADS:
            return QColor(ROADS[self.feature][0])
        if self.feature == CROSSING_SITE:
            return QColor(CROSSING_COLOUR)
        kind = next(
            (c for c in self.document.scenario.connection_types if c.id == self.feature), None
        )
        return QColor(kind.color) if kind is not None else QColor("#3b3b3b")

    def centre_line(self, point: QPointF) -> np.ndarray:
        hexes = self.hexes
        assert hexes is not None and hexes.grid is not None
        end = hexes.hex_at(point)
        if end < 0 or self._start_hex < 0:
            return np.array([self._start_hex], dtype=np.int64)
        return line(hexes.grid, self._start_hex, end)

    def side_line(self, point: QPointF) -> np.ndarray:
        hexes = self.hexes
        assert hexes is not None and hexes.grid is not None and self._start is not None
        return hexside_path(hexes.grid, (self._start.x(), self._start.y()), (point.x(), point.y()))

    def _show(self, point: QPointF) -> None:
        hexes = self.hexes
        assert hexes is not None and hexes.grid is not None and self._item is not None
        path = QPainterPath()
        if self.along_centres:
            centres = hexes.grid.centres(self.centre_line(point)).tolist()
            path.moveTo(*centres[0])
            for x, y in centres[1:]:
                path.lineTo(x, y)
        else:
            sides = self.side_line(point)
            for (x0, y0), (x1, y1) in hexes.grid.hexside_segments(sides).tolist():
                path.moveTo(x0, y0)
                path.lineTo(x1, y1)
        self._item.set_path(path)

    def _commit(self, point: QPointF) -> None:
        hexes = self.hexes
        assert hexes is not None and hexes.places is not None and hexes.grid is not None
        hex_map, grid = hexes.places.hex_map, hexes.grid
        word = "Erase" if self._erasing else "Draw"
        if self.along_centres:
            path = self.centre_line(point)
            if self._erasing:
                new = erase_path(hex_map, path.tolist(), grid)
            else:
                new = add_path(hex_map, self.feature, path.tolist(), grid)
            text = f"{word} {self.feature if not self._erasing else 'roads'} ({len(path)} hexes)"
        else:
            sides = self.side_line(point).tolist()
            if self.feature == BRIDGE:
                new = set_bridges(hex_map, sides, not self._erasing, grid)
            elif self.feature == CROSSING_SITE:
                new = set_crossing_sites(hex_map, sides, not self._erasing, grid)
            elif self._erasing:  # only the chosen feature goes: a ridge crossed stays
                decoded = hexes.places.decoded
                code = (
                    decoded.side_keys.index(self.feature)
                    if self.feature in decoded.side_keys
                    else -2
                )
                mine = [n for n in sides if decoded.side_type[n] == code]
                new = set_hexsides(hex_map, mine, None, grid)
            else:
                new = set_hexsides(hex_map, sides, self.feature, grid)
            text = f"{word} {self.feature} ({len(sides)} hexsides)"
        if new is not hex_map:
            self.document.set_section("hex_map", new, text)


def _alive(item: LineItem | None) -> bool:
    """Whether the tool's item still exists (a scene rebuilt after File > New or a change of
    the map's settings deletes every item in it)."""
    return item is not None and shiboken6.isValid(item)

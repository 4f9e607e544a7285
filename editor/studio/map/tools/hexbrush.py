"""The terrain brush of a hex map: paint terrain, owners, areas, setup zones or fixed zones
on hexes.

A stroke (press, drag, release) paints the hexes under the brush (one hex, or every hex
within a radius) and is **one** undo step: while the mouse moves, the tool only draws the
painted hexes over the map (one item, a path grown by the new hexes); on release the
document swaps the hex map for the painted one (see :mod:`schemas.hexgrid.edit`). The fill
paints, in one click, the hexes joined to the clicked one that have the same value. Alt+click
picks the value of the hex clicked (an eyedropper); ``[`` and ``]`` shrink and grow the brush,
Escape drops a stroke under way.

Between two mouse positions far apart (a quick drag), the hexes along the straight line
between them are painted too, so a stroke has no gaps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import numpy as np
import shiboken6
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.studio.map.hexes import HexMapItem
from editor.studio.map.hexpaths import polygon
from editor.studio.map.tools.base import Tool
from schemas.hexgrid.edit import LayerName, flood_region, layer_values, paint
from schemas.hexgrid.lines import line, within

if TYPE_CHECKING:
    from editor.studio.document import ScenarioDocument

Shape = Literal["hex", "radius", "fill"]
MAX_RADIUS = 20
LAYER_WORDS = {
    "terrain": "terrain",
    "owners": "owner",
    "areas": "area",
    "setup_zones": "setup zone",
    "fixed_zones": "fixed zone",
}
ZONE_LAYERS = ("setup_zones", "fixed_zones")
"""The layers of zones (OT1, OM20), drawn by the map's zones layer rather than its hexes."""


class StrokeItem(QGraphicsItem):
    """The hexes painted so far in a stroke, in the colour they will have, and the brush's
    outline under the pointer."""

    def __init__(self, colour: QColor) -> None:
        super().__init__()
        self.setZValue(5)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.colour = colour
        self.path = QPainterPath()
        self.footprint = QPainterPath()
        self._box = QRectF()

    def add(self, rings: list[list[list[float]]]) -> None:
        """Add hexes (their corners) to the painted area."""
        added = QPainterPath()
        for ring in rings:
            added.addPolygon(polygon(ring))
            added.closeSubpath()
        self.path.addPath(added)
        self._grow(added.boundingRect())

    def show_footprint(self, rings: list[list[list[float]]]) -> None:
        old = self.footprint.boundingRect()
        self.footprint = QPainterPath()
        for ring in rings:
            self.footprint.addPolygon(polygon(ring))
            self.footprint.closeSubpath()
        new = self.footprint.boundingRect()
        self._grow(new)
        margin = 4.0
        for rect in (old, new):
            if not rect.isEmpty():
                self.update(rect.adjusted(-margin, -margin, margin, margin))

    def _grow(self, rect: QRectF) -> None:
        if rect.isEmpty():
            return
        if not self._box.contains(rect):
            self.prepareGeometryChange()
            self._box = self._box.united(rect) if not self._box.isEmpty() else QRectF(rect)
        self.update(rect.adjusted(-4, -4, 4, 4))

    def boundingRect(self) -> QRectF:
        return self._box.adjusted(-4, -4, 4, 4)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if not self.path.isEmpty():
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(self.colour)
            painter.drawPath(self.path)
        if not self.footprint.isEmpty():
            pen = QPen(QColor(20, 20, 20, 220), 1.5, Qt.PenStyle.DashLine)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(self.footprint)


class HexBrushTool(Tool):
    name = "hexbrush"
    label = "Paint hexes"
    hint = (
        "Drag to paint hexes (one undo step per stroke); Alt+click picks a hex's value; "
        "[ and ] change the brush size; the bar above the map chooses what is painted."
    )
    shortcut = "B"
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__(document)
        self.layer: LayerName = "terrain"
        self.value: str | None = None
        """What is painted: a terrain, nation or area id, a side (setup zones) or a fixed
        zone's name (``None``: nobody's, no area, no zone)."""
        self.shape: Shape = "hex"
        self.radius = 1
        self.on_options: list[object] = []
        """Called after the tool changed its own options (Alt+click, [ and ])."""
        self._stroke: set[int] | None = None
        self._last = -1
        self._item: StrokeItem | None = None

    # -- what is painted ---------------------------------------------------------------------

    @property
    def hexes(self) -> HexMapItem | None:
        return self.scene.hexes if self.view is not None else None

    def paint_value(self) -> str | None:
        """The value painted, the first terrain when none was chosen (every hex has one)."""
        if self.layer == "terrain" and self.value is None:
            terrain = self.document.scenario.terrain
            return terrain[0].id if terrain else None
        return self.value

    def colour(self) -> QColor:
        scenario = self.document.scenario
        value = self.paint_value()
        if self.layer == "terrain":
            found = next((t.color for t in scenario.terrain if t.id == value), "#cccccc")
            return QColor(found)
        if self.layer == "owners":
            sides = {s.id: s.color for s in scenario.sides}
            side = next((n.side for n in scenario.nations if n.id == value), None)
            colour = QColor(sides.get(side or "", "#e4e4e4"))
        elif self.layer == "setup_zones":
            sides = {s.id: s.color for s in scenario.sides}
            colour = QColor(sides.get(value or "", "#e4e4e4"))
        elif self.layer == "fixed_zones":
            colour = QColor("#5b2a86" if value else "#e4e4e4")
        else:
            colour = QColor("#7d5ba6" if value else "#e4e4e4")
        colour.setAlpha(200)
        return colour

    def footprint(self, index: int) -> np.ndarray:
        """The hexes the brush covers when centred on hex ``index``."""
        hexes = self.hexes
        assert hexes is not None and hexes.grid is not None
        if index < 0:
            return np.empty(0, dtype=np.int64)
        if self.shape == "radius":
            return within(hexes.grid, index, self.radius)
        return np.array([index], dtype=np.int64)

    # -- events ------------------------------------------------------------------------------

    def activate(self, view) -> None:  # noqa: ANN001 - see Tool
        super().activate(view)
        self._ensure_item()

    def deactivate(self) -> None:
        self._stroke = None
        if _alive(self._item) and self.view is not None:
            self.scene.discard(self._item)
        self._item = None

    def _ensure_item(self) -> StrokeItem:
        if not _alive(self._item) or self._item.scene() is not self.scene:
            self._item = StrokeItem(self.colour())
            self.scene.addItem(self._item)
        return self._item

    def press(self, event: QMouseEvent, point: QPointF) -> None:
        hexes = self.hexes
        if event.button() != Qt.MouseButton.LeftButton or hexes is None:
            return
        if self.layer in ZONE_LAYERS and self.scene.locked("zones"):
            self.message("The zones layer is locked or hidden: unlock it to paint zones")  # type: ignore[attr-defined]
            return
        if self.scene.locked("regions"):
            self.message("The regions layer is locked or hidden: unlock it to paint hexes")  # type: ignore[attr-defined]
            return
        index = hexes.hex_at(point)
        if index < 0:
            return
        if event.modifiers() & Qt.KeyboardModifier.AltModifier:
            self._pick(index)
            return
        if self.shape == "fill":
            assert hexes.places is not None and hexes.grid is not None
            region = flood_region(
                hexes.places.hex_map, self.layer, index, hexes.grid, hexes.places.decoded
            )
            self._commit(set(region.tolist()))
            return
        item = self._ensure_item()
        item.colour = self.colour()
        item.path = QPainterPath()
        self._stroke = set()
        self._last = index
        self._add(self.footprint(index))

    def move(self, event: QMouseEvent, point: QPointF) -> None:
        hexes = self.hexes
        if hexes is None or hexes.grid is None:
            return
        index = hexes.hex_at(point)
        item = self._ensure_item()
        covered = self.footprint(index) if self.shape != "fill" else np.array([index])
        item.show_footprint([hexes._corners[i] for i in covered.tolist() if i >= 0])
        if self._stroke is None or index < 0 or index == self._last:
            return
        # A quick drag jumps hexes: paint along the straight line from the last one.
        path = line(hexes.grid, self._last, index) if self._last >= 0 else np.array([index])
        self._last = index
        for step in path.tolist():
            self._add(self.footprint(step))

    def release(self, event: QMouseEvent, point: QPointF) -> None:
        if event.button() != Qt.MouseButton.LeftButton or self._stroke is None:
            return
        stroke, self._stroke = self._stroke, None
        if _alive(self._item):
            self._item.path = QPainterPath()
            self._item.update()
        self._commit(stroke)

    def key_press(self, event: QKeyEvent) -> bool:
        key = event.key()
        if key == Qt.Key.Key_Escape and self._stroke is not None:
            self._stroke = None
            if _alive(self._item):
                self._item.path = QPainterPath()
                self._item.update()
            return True
        if key in (Qt.Key.Key_BracketLeft, Qt.Key.Key_BracketRight):
            step = 1 if key == Qt.Key.Key_BracketRight else -1
            self.radius = max(0, min(MAX_RADIUS, self.radius + step))
            self.shape = "radius" if self.radius > 0 else "hex"
            self._options_changed()
            return True
        return False

    # -- helpers -------------------------------------------------------------------------------

    def _add(self, covered: np.ndarray) -> None:
        assert self._stroke is not None and self._item is not None
        hexes = self.hexes
        assert hexes is not None
        new = [i for i in covered.tolist() if i not in self._stroke]
        if new:
            self._stroke.update(new)
            self._item.add([hexes._corners[i] for i in new])

    def _pick(self, index: int) -> None:
        hexes = self.hexes
        assert hexes is not None and hexes.places is not None
        values = layer_values(hexes.places.hex_map, self.layer, hexes.places.decoded)
        self.value = values[index]
        self._options_changed()

    def _options_changed(self) -> None:
        for listener in self.on_options:
            listener()  # type: ignore[operator]

    def _commit(self, stroke: set[int]) -> None:
        hexes = self.hexes
        if not stroke or hexes is None or hexes.places is None:
            return
        value = self.paint_value()
        if self.layer == "terrain" and value is None:
            return
        places = hexes.places
        new = paint(places.hex_map, self.layer, sorted(stroke), value, hexes.grid, places.decoded)
        if new is places.hex_map:
            return
        what = LAYER_WORDS[self.layer]
        table = {"terrain": "terrain", "owners": "nations", "areas": "areas"}.get(self.layer)
        if self.layer == "setup_zones":
            table = "sides"
        entity = self.document.get(table, value) if value is not None and table else None
        named = (entity.name or entity.id) if entity is not None else value or f"no {what}"
        count = len(stroke)
        text = f"Paint {count} hex{'es' if count > 1 else ''} {what}: {named}"
        self.document.set_section("hex_map", new, text)


def _alive(item: StrokeItem | None) -> bool:
    """Whether the tool's item still exists (a scene rebuilt after File > New or a change of
    the map's settings deletes every item in it)."""
    return item is not None and shiboken6.isValid(item)

"""A hex map in the studio, shown read-only: hexes in their terrain's colour, hexside
features, roads, and the names of named hexes.

The studio's tools edit drawn regions (outlines, shared vertices, splits), which a hex map
does not have: its hexes come from the grid (see :mod:`schemas.places`). Until hex editing
comes (painting terrain and owners, drawing rivers along hexsides), the studio shows the map
as the game will and says, in a note over the map, that its hexes are edited in the file;
every other section (sides, units, cards, the tables...) is edited as usual, and Play plays
it. The picture is one item drawn from a few paths (one per terrain), so a map of ten
thousand hexes costs a handful of fills.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QLabel, QStyleOptionGraphicsItem, QWidget

from editor.shared.map.drawing import LabelItem
from schemas.places import HexPlaces, places_of
from schemas.scenario import Scenario

NOTE = (
    "Hex map: shown read-only. The studio cannot edit hexes yet (terrain, owners, rivers "
    "and roads are edited in the file's hex_map section); every other section is edited "
    "as usual, and Play plays the map."
)
UNKNOWN = QColor("#cccccc")
OUTLINE = QColor(40, 40, 40, 110)
ROADS = {"trail": ("#8c6d46", Qt.PenStyle.DotLine), "road": ("#7a4b1e", Qt.PenStyle.SolidLine)}
ROADS["rail"] = ("#2b2b2b", Qt.PenStyle.DashLine)


class HexMapItem(QGraphicsItem):
    """Every hex of a scenario's hex map, drawn at once."""

    def __init__(self, scenario: Scenario) -> None:
        super().__init__()
        self.setZValue(-1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.fills: list[tuple[QColor, QPainterPath]] = []
        self.outlines = QPainterPath()
        self.features: list[tuple[QColor, QPainterPath]] = []
        self.roads: list[tuple[str, QPainterPath]] = []
        self.names: dict[str, tuple[QPointF, str]] = {}
        self._box = QRectF()
        self.set_scenario(scenario)

    def set_scenario(self, scenario: Scenario) -> None:
        """Draw ``scenario``'s hex map (after any edit: it takes milliseconds)."""
        self.prepareGeometryChange()
        places = places_of(scenario)
        assert isinstance(places, HexPlaces) and places.grid is not None
        grid = places.grid
        colours = {t.id: QColor(t.color) for t in scenario.terrain}
        corners = grid.corners().tolist()
        by_terrain: dict[str, QPainterPath] = {}
        outlines = QPainterPath()
        for terrain, ring in zip(places.terrain_ids, corners, strict=True):
            polygon = QPolygonF([QPointF(x, y) for x, y in ring])
            path = by_terrain.setdefault(terrain, QPainterPath())
            path.addPolygon(polygon)
            path.closeSubpath()
            outlines.addPolygon(polygon)
            outlines.closeSubpath()
        self.fills = [(colours.get(t, UNKNOWN), p) for t, p in by_terrain.items()]
        self.outlines = outlines
        kinds = {c.id: QColor(c.color) for c in scenario.connection_types}
        self.features = []
        hex_map = places.hex_map
        for kind, listed in hex_map.hexsides.items():
            path = QPainterPath()
            for text in listed:
                a, _, b = text.partition("-")
                ia, ib = grid.find(a), grid.find(b)
                number = grid.hexside(ia, ib) if ia is not None and ib is not None else None
                if number is None:
                    continue
                (x0, y0), (x1, y1) = grid.hexside_segments([number]).tolist()[0]
                path.moveTo(x0, y0)
                path.lineTo(x1, y1)
            self.features.append((kinds.get(kind, UNKNOWN), path))
        centres = grid.centres().tolist()
        self.roads = []
        for kind in ROADS:
            path = QPainterPath()
            for text in hex_map.roads.get(kind, []):
                indices = [grid.find(h) for h in text.split()]
                points = [QPointF(*centres[i]) for i in indices if i is not None]
                if len(points) > 1:
                    path.addPolygon(QPolygonF(points))
            self.roads.append((kind, path))
        self.names = {
            r.hex: (QPointF(*centres[i]), r.name)
            for r in hex_map.hexes
            if r.name and (i := grid.find(r.hex)) is not None
        }
        x0, y0, x1, y1 = grid.bounds()
        self._box = QRectF(x0, y0, x1 - x0, y1 - y0)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._box.adjusted(-2, -2, 2, 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        for colour, path in self.fills:
            painter.setBrush(colour)
            painter.drawPath(path)
        pen = QPen(OUTLINE)
        pen.setCosmetic(True)
        painter.strokePath(self.outlines, pen)
        for kind, path in self.roads:
            colour, style = ROADS[kind]
            road = QPen(QColor(colour), 2.0, style)
            road.setCosmetic(True)
            painter.strokePath(path, road)
        for colour, path in self.features:
            river = QPen(colour, 4.0)
            river.setCosmetic(True)
            river.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.strokePath(path, river)


def hex_labels(item: HexMapItem) -> list[LabelItem]:
    """The names of named hexes, at their centres, the same size on screen at any zoom."""
    labels = []
    for hex_id, (point, name) in item.names.items():
        label = LabelItem(hex_id, name)
        label.setPos(point)
        label.setZValue(50)
        labels.append(label)
    return labels


def hex_note(parent: QWidget) -> QLabel:
    """The note over the map saying what the studio does with a hex map."""
    note = QLabel(NOTE, parent)
    note.setObjectName("hex-map-note")
    note.setWordWrap(True)
    note.setStyleSheet(
        "QLabel { background: #fff8db; color: #3b3000; border: 1px solid #e0c060;"
        " padding: 6px; border-radius: 3px; }"
    )
    note.setMaximumWidth(560)
    note.adjustSize()
    note.move(10, 10)
    note.show()
    return note

"""The graphics items of the operational overlays (:mod:`.op_overlays`) and their colours:
the enemy zone's values painted over the hexes, the supply marks' discs, and the outline of a
set of hexes (an HQ's reach). Each is one item for the whole map that paints only what lies
in the exposed area, and leaves out its figures once hexes are too small on screen to read
them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsSceneHoverEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)
from shapely.geometry import Polygon
from shapely.ops import unary_union

from editor.game.map.style import Z_BADGES, Z_OVERLAY

if TYPE_CHECKING:
    from editor.game.map.scene import GameMapScene

ZOC_COLOUR = QColor(201, 42, 42)
"""The enemy zone's wash (stronger where the value is higher)."""
TEXT_FROM_PX = 14.0
"""The zone's values are written once a hex's size (centre to corner) is this many pixels
on screen."""
ZOC_FULL = 12.0
"""A zone value at or above which the wash is at its strongest."""

LOC_COLOURS: dict[str, QColor] = {
    "supported": QColor("#2b8a3e"),
    "extended": QColor("#e67700"),
    "isolated": QColor("#e03131"),
    "encircled": QColor("#7048e8"),
}
LOC_NAMES = {
    "supported": "Supported",
    "extended": "Extended",
    "isolated": "Isolated",
    "encircled": "Encircled",
}
LOC_LETTERS = {"supported": "S", "extended": "E", "isolated": "I", "encircled": "C"}
"""A supply mark's letter (C: enCircled, as E is Extended)."""
LEVEL_WORDS = {"basic": "Basic", "move_plus": "Move+"}


class ZocValuesItem(QGraphicsItem):
    """Every hex in the enemy's zone, washed by its value with the value written at its top:
    one item, painting only the hexes in the exposed area."""

    def __init__(self, scene: GameMapScene, values: dict[str, float]) -> None:
        super().__init__()
        self.setZValue(Z_OVERLAY)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.values = values
        grid = scene.grid
        assert grid is not None
        size = self.size = grid.size
        self.numbers_shown = True
        """Whether the last paint wrote the values (the hexes were large enough)."""
        self.font = QFont()
        self.font.setPixelSize(max(1, round(size * 0.42)))
        self.font.setBold(True)
        self.cells: list[tuple[QPainterPath, QRectF, QRectF, str, QColor]] = []
        bounds = QRectF()
        centres = grid.centres()
        for hex_id, value in sorted(values.items()):
            path = scene.paths.get(hex_id)
            index = grid.find(hex_id)
            if path is None or index is None:
                continue
            x, y = centres[index].tolist()
            wash = QColor(ZOC_COLOUR)
            wash.setAlpha(int(40 + 110 * min(value, ZOC_FULL) / ZOC_FULL))
            text = QRectF(x - size * 0.7, y - size * 0.92, size * 1.4, size * 0.5)
            box = path.boundingRect()
            self.cells.append((path, box, text, number(value), wash))
            bounds = bounds.united(box)
        self.bounds = bounds

    def boundingRect(self) -> QRectF:
        return self.bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        shown = option.exposedRect
        painter.setFont(self.font)
        # Zoomed far out the figures would be specks over a thousand hexes: only the wash
        # (stronger for a higher value) shows until a hex is TEXT_FROM_PX on screen.
        scale = option.levelOfDetailFromTransform(painter.worldTransform())
        self.numbers_shown = self.size * scale >= TEXT_FROM_PX
        for path, box, text, words, wash in self.cells:
            if not box.intersects(shown):
                continue
            painter.fillPath(path, wash)
            if not self.numbers_shown:
                continue
            painter.setPen(QPen(QColor(255, 255, 255), 1))
            painter.drawText(text.translated(0.6, 0.6), Qt.AlignmentFlag.AlignCenter, words)
            painter.setPen(QPen(ZOC_COLOUR.darker(170), 1))
            painter.drawText(text, Qt.AlignmentFlag.AlignCenter, words)


class HexMarksItem(QGraphicsItem):
    """Small marks placed on hexes for the whole map in one item: it paints only the marks in
    the exposed area, shows their text once hexes are :data:`TEXT_FROM_PX` on screen, and
    takes the mouse only over its marks (each mark's tooltip), so the hexes and counters
    under it keep theirs. A subclass places its marks (:meth:`place`) and paints one
    (:meth:`paint_mark`)."""

    def __init__(self, scene: GameMapScene, font_share: float) -> None:
        super().__init__()
        self.setZValue(Z_BADGES)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(True)
        grid = scene.grid
        assert grid is not None
        self.size = grid.size
        self.font = QFont()
        self.font.setPixelSize(max(1, round(self.size * font_share)))
        self.font.setBold(True)
        self.centres = grid.centres()
        self.grid = grid
        self.boxes: list[tuple[QRectF, str]] = []
        """Each mark's box and tooltip, in the order they are painted."""
        self.outline = QPainterPath()
        self._bounds: QRectF | None = None

    def centre(self, hex_id: str) -> tuple[float, float] | None:
        index = self.grid.find(hex_id)
        if index is None:
            return None
        x, y = self.centres[index].tolist()
        return x, y

    def place(self, box: QRectF, tip: str, *, round_mark: bool) -> None:
        """Add a mark's box (a disc or a square) and its tooltip."""
        self.boxes.append((box, tip))
        if round_mark:
            self.outline.addEllipse(box)
        else:
            self.outline.addRect(box)
        self._bounds = None

    def boundingRect(self) -> QRectF:
        # Marks are placed before the item joins a scene, so the bounds are worked out once.
        if self._bounds is None:
            self._bounds = self.outline.boundingRect()
        return self._bounds

    def shape(self) -> QPainterPath:
        return self.outline

    def hoverMoveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        at = event.pos()
        tip = next((t for box, t in self.boxes if box.contains(at)), "")
        if tip != self.toolTip():
            self.setToolTip(tip)
        super().hoverMoveEvent(event)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        shown = option.exposedRect
        scale = option.levelOfDetailFromTransform(painter.worldTransform())
        text = self.size * scale >= TEXT_FROM_PX
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setFont(self.font)
        edge = QPen(QColor(255, 255, 255), max(self.size * 0.04, 1 / max(scale, 1e-6)))
        for index, (box, _tip) in enumerate(self.boxes):
            if box.intersects(shown):
                painter.setPen(edge)
                self.paint_mark(painter, index, text)

    def paint_mark(self, painter: QPainter, index: int, text: bool) -> None:
        raise NotImplementedError


class BadgesItem(HexMarksItem):
    """Marks that are rounded badges of a colour with white words (the units' values, the
    AA cover): a subclass fills :attr:`badges` as it places them."""

    def __init__(self, scene: GameMapScene, font_share: float) -> None:
        super().__init__(scene, font_share)
        self.badges: list[tuple[QRectF, str, QColor]] = []
        """Each badge's box, words and colour, in the order of :attr:`boxes`."""

    def badge(self, box: QRectF, words: str, colour: QColor, tip: str) -> None:
        self.badges.append((box, words, colour))
        self.place(box, tip, round_mark=False)

    def paint_mark(self, painter: QPainter, index: int, text: bool) -> None:
        box, words, colour = self.badges[index]
        painter.setBrush(colour)
        painter.drawRoundedRect(box, box.height() * 0.3, box.height() * 0.3)
        if text:
            painter.setPen(QPen(QColor(255, 255, 255), 1))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, words)


class SupplyMarksItem(HexMarksItem):
    """A disc in the LOC state's colour at the lower left of each hex holding the side's
    units, with the state's initial (and a ``+`` when a level above Basic covers one of them)
    once hexes are large enough on screen; pointing at a disc lists the hex's units."""

    def __init__(self, scene: GameMapScene, cells: list[tuple[str, str, bool, str]]) -> None:
        super().__init__(scene, 0.3)
        size = self.size
        radius = size * 0.24
        self.discs: list[tuple[QRectF, str, QColor, str]] = []
        for hex_id, state, plus, tip in cells:
            found = self.centre(hex_id)
            if found is None:
                continue
            x, y = found
            box = QRectF(x - size * 0.62 - radius, y + size * 0.3 - radius, 2 * radius, 2 * radius)
            letter = LOC_LETTERS[state] + ("+" if plus else "")
            self.discs.append((box, letter, LOC_COLOURS[state], tip))
            self.place(box, tip, round_mark=True)

    def paint_mark(self, painter: QPainter, index: int, text: bool) -> None:
        box, letter, colour, _tip = self.discs[index]
        painter.setBrush(colour)
        painter.drawEllipse(box)
        if text:
            painter.setPen(QPen(QColor(255, 255, 255), 1))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, letter)


def number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def band_outline(scene: GameMapScene, hexes: list[str]) -> QPainterPath:
    """The outline of a set of hexes (their union's edges, holes included)."""
    grid = scene.grid
    path = QPainterPath()
    if grid is None or not hexes:
        return path
    found = [i for i in (grid.find(h) for h in hexes) if i is not None]
    corners = grid.corners(np.array(found, dtype=np.int64)).tolist()
    union = unary_union([Polygon(c) for c in corners]).buffer(0)
    shapes = getattr(union, "geoms", [union])
    for shape in shapes:
        for ring in (shape.exterior, *shape.interiors):
            points = [QPointF(x, y) for x, y in ring.coords]
            path.addPolygon(QPolygonF(points))
            path.closeSubpath()
    return path

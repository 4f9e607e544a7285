"""A hex map in the studio: hexes in their terrain's (or owner's) colour, hexside features,
bridges, roads, names, the selected hex and hexside, and hex coordinates at zoom.

Nothing here is one item per hex. :class:`HexMapItem` draws the whole grid from a few paths
per **tile** of ``TILE`` x ``TILE`` hexes (one per colour, and the outlines), computed from the
grid's arrays: a repaint only fills the tiles it exposes, and an edit only rebuilds the tiles
whose hexes changed colour, so a brush stroke on a map of ten thousand hexes redraws a few
hundred. Hexside features, bridges and roads are a handful of paths for the whole map.

The item does not listen to the document itself (a graphics item is not a QObject and dies
with its scene): the scene hands it every change and selection (:meth:`HexMapItem.on_change`,
:meth:`HexMapItem.on_selection`). Hexes are the map's regions (section ``regions``, ids such
as ``c4r12``), hexsides its connections (``c4r12-c5r12``), as :mod:`schemas.places` makes
them, so the selection, Find and the issues list name them as they name drawn regions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.shared.map.drawing import LabelItem
from editor.studio.map.hexpaths import polygon, rings_path, segments_path
from schemas.hexgrid.edit import hexside_near
from schemas.hexgrid.grid import HexGrid
from schemas.map import Anchors
from schemas.places import HexPlaces
from schemas.scenario import Scenario

if TYPE_CHECKING:
    from editor.studio.document import Change, Selection

NO_ANCHORS = Anchors()
TILE = 16
"""Hexes per side of a drawing tile."""
UNKNOWN = QColor("#cccccc")
NOBODY = QColor("#e4e4e4")
OUTLINE = QColor(40, 40, 40, 110)
SELECTED = QColor("#ffd400")
TRACING_ALPHA = 90
"""Opacity of hex fills over an image to trace (out of 255)."""
COORDINATES = QColor(30, 30, 30, 170)
ROADS = {"trail": ("#8c6d46", Qt.PenStyle.DotLine), "road": ("#7a4b1e", Qt.PenStyle.SolidLine)}
ROADS["rail"] = ("#2b2b2b", Qt.PenStyle.DashLine)
OUTLINES_FROM_PX = 9.0
"""Hex outlines are drawn once a hex is this many pixels across (below, they are a grey
wash that hides the colours and costs most of a repaint)."""
COORDINATES_FROM_PX = 60.0
"""Hex coordinates are written once a hex is this many pixels across (legible, and not
crowding the names)."""

CROSSING_COLOUR = "#0b7285"
"""OH11: the mark of a crossing site (and the line tool's colour while drawing them)."""
HEXSIDE_PICK = 0.7
"""A click this far from a hex's centre towards a side (1 on the side) picks the hexside."""


class HexPlace:
    """A hex as the map lays out its symbols (see :func:`.placement.lay_out`): its owner,
    and no anchors."""

    __slots__ = ("owner",)
    anchors = NO_ANCHORS

    def __init__(self, owner: str | None) -> None:
        self.owner = owner


@dataclass
class Tile:
    """The paths of one block of hexes."""

    hexes: np.ndarray
    rect: QRectF
    fills: list[tuple[QColor, QPainterPath]] = field(default_factory=list)
    outlines: QPainterPath = field(default_factory=QPainterPath)


class HexMapItem(QGraphicsItem):
    """Every hex of a scenario's hex map, drawn in tiles (see the module)."""

    def __init__(self, scenario: Scenario, fill_mode: str = "terrain") -> None:
        super().__init__()
        self.setZValue(-1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.fill_mode = fill_mode
        self.grid: HexGrid | None = None
        self.places: HexPlaces | None = None
        self.tiles: list[Tile] = []
        self._corners: list[list[list[float]]] = []
        self._corner_array = np.empty((0, 6, 2))
        self._centres = np.empty((0, 2))
        self._keys: list[str | None] = []
        self._colours: dict[str | None, QColor] = {}
        self.features: list[tuple[QColor, QPainterPath]] = []
        self.bridges = QPainterPath()
        self.crossing_sites = QPainterPath()
        """OH11: a short thick teal stroke across each marked crossing site's hexside."""
        self.roads: list[tuple[str, QPainterPath]] = []
        self.lines: list[tuple[QPen, list[tuple[QRectF, QPainterPath]]]] = []
        """What is drawn of roads, features and bridges: a pen, and pieces by tile."""
        self.names: dict[str, tuple[QPointF, str]] = {}
        self.labels: dict[str, LabelItem] = {}
        self.selected_hexes: list[str] = []
        self.selected_sides: list[str] = []
        self._box = QRectF()
        self.set_scenario(scenario)

    # -- building ----------------------------------------------------------------------------

    def set_scenario(self, scenario: Scenario) -> None:
        """Draw ``scenario``'s hex map again, rebuilding only the tiles whose colours changed."""
        places = HexPlaces(scenario, self.places)
        grid = places.grid
        new_grid = grid != self.grid
        if new_grid:
            self.prepareGeometryChange()
            self.grid = grid
            self._corner_array = grid.corners()
            self._corners = self._corner_array.tolist()
            self._centres = grid.centres()
            self._keys = []
            self.tiles = self._make_tiles(grid)
            x0, y0, x1, y1 = grid.bounds()
            self._box = QRectF(x0, y0, x1 - x0, y1 - y0)
        self.places = places
        keys, colours = self._fill_keys(scenario, places)
        if colours != self._colours or len(keys) != len(self._keys):
            dirty = self.tiles
        else:
            old = np.array(self._keys, dtype=object)
            differ = np.flatnonzero(old != np.array(keys, dtype=object))
            touched = set((self._tile_of(differ)).tolist())
            dirty = [self.tiles[t] for t in sorted(touched)]
        self._keys, self._colours = keys, colours
        table = {k: n for n, k in enumerate(dict.fromkeys(keys))}
        codes = np.fromiter((table[k] for k in keys), dtype=np.int64, count=len(keys))
        for tile in dirty:
            self._build_tile(tile, codes, list(table))
        self._build_lines(scenario, places)
        self.update()

    def _make_tiles(self, grid: HexGrid) -> list[Tile]:
        tiles = []
        column, row = grid.column_row(np.arange(grid.count))
        block = (row // TILE) * ((grid.columns + TILE - 1) // TILE) + column // TILE
        order = np.argsort(block, kind="stable")
        starts = np.flatnonzero(np.diff(block[order], prepend=-1))
        corners = self._corner_array
        for hexes in np.split(order, starts[1:]):
            pts = corners[hexes].reshape(-1, 2)
            (x0, y0), (x1, y1) = pts.min(axis=0), pts.max(axis=0)
            rect = QRectF(float(x0), float(y0), float(x1 - x0), float(y1 - y0))
            tiles.append(Tile(hexes, rect))
        return tiles

    def _tile_of(self, hexes: np.ndarray) -> np.ndarray:
        assert self.grid is not None
        column, row = self.grid.column_row(hexes)
        across = (self.grid.columns + TILE - 1) // TILE
        found: np.ndarray = (row // TILE) * across + column // TILE
        return found

    def _fill_keys(
        self, scenario: Scenario, places: HexPlaces
    ) -> tuple[list[str | None], dict[str | None, QColor]]:
        """What decides each hex's colour (its terrain, or its owner), and the colours."""
        if self.fill_mode == "owner":
            decoded = places.decoded.owners
            table = np.array([*decoded.keys, None], dtype=object)
            keys: list[str | None] = table[decoded.code].tolist()
            sides = {s.id: s.color for s in scenario.sides}
            colours = {n.id: QColor(sides.get(n.side, "#cccccc")) for n in scenario.nations}
            colours[None] = NOBODY
            return keys, colours
        terrain: dict[str | None, QColor] = {t.id: QColor(t.color) for t in scenario.terrain}
        if scenario.map.background is not None:
            # An image to trace lies under the grid: let it show through.
            for colour in terrain.values():
                colour.setAlpha(TRACING_ALPHA)
        return list(places.terrain_ids), terrain

    def _build_tile(self, tile: Tile, codes: np.ndarray, keys: list[str | None]) -> None:
        corners = self._corner_array[tile.hexes]
        here = codes[tile.hexes]
        tile.fills = [
            (self._colours.get(keys[code], UNKNOWN), rings_path(corners[here == code]))
            for code in np.unique(here).tolist()
        ]
        tile.outlines = rings_path(corners)

    def _build_lines(self, scenario: Scenario, places: HexPlaces) -> None:
        grid = places.grid
        assert grid is not None
        decoded = places.decoded
        kinds = {c.id: QColor(c.color) for c in scenario.connection_types}
        self.lines = []
        self.roads = []
        centres = self._centres
        positions = grid.positions
        for kind, (colour, style) in ROADS.items():
            pairs: list[tuple[int, int]] = []
            for text in places.hex_map.roads.get(kind, []):  # type: ignore[call-overload]
                indices = [i for h in text.split() if (i := positions.get(h)) is not None]
                pairs.extend(pairwise(indices))
            ends = np.array(pairs, dtype=np.int64).reshape(-1, 2)
            segments = centres[ends]
            pen = QPen(QColor(colour), 2.0 if kind != "rail" else 2.5, style)
            self.roads.append((kind, segments_path(segments)))
            self._add_lines(pen, segments)
        self.features = []
        segments_all = grid.hexside_segments() if len(decoded.side_type) else np.empty((0, 2, 2))
        for code, kind in enumerate(decoded.side_keys):
            segments = segments_all[decoded.side_type == code]
            colour = kinds.get(kind, UNKNOWN)
            self.features.append((colour, segments_path(segments)))
            pen = QPen(colour, 4.0)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            self._add_lines(pen, segments)
        sides = grid.hexsides
        bridged = np.flatnonzero(decoded.bridge_source >= 0)
        a, b = centres[sides.left[bridged]], centres[sides.right[bridged]]
        segments = np.stack([a + (b - a) * 0.3, a + (b - a) * 0.7], axis=1)
        self.bridges = segments_path(segments)
        pen = QPen(QColor("#3b3b3b"), 5.0)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        self._add_lines(pen, segments)
        sited = np.flatnonzero(decoded.crossing_source >= 0)
        a, b = centres[sides.left[sited]], centres[sides.right[sited]]
        # Shorter and wider than a bridge, in a colour of its own, so that a site with a bridge
        # shows both.
        segments = np.stack([a + (b - a) * 0.42, a + (b - a) * 0.58], axis=1)
        self.crossing_sites = segments_path(segments)
        pen = QPen(QColor(CROSSING_COLOUR), 9.0)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        self._add_lines(pen, segments)
        points = centres.tolist()
        self.names = {
            r.hex: (QPointF(*points[i]), r.name)
            for r in places.hex_map.hexes
            if r.name and (i := grid.find(r.hex)) is not None
        }
        self._update_labels()

    def _add_lines(self, pen: QPen, segments: np.ndarray) -> None:
        """Segments drawn with ``pen``, cut by tile (the tile of each one's middle): Qt's
        rasteriser pays for the area a path spans, so a river network across the whole map
        drawn as one path cost hundreds of milliseconds even when a corner was repainted."""
        if not len(segments):
            return
        pen.setCosmetic(True)
        middle = segments.mean(axis=1)
        hexes = self.grid.hex_at(middle[:, 0], middle[:, 1]) if self.grid else middle[:, 0]
        tiles = self._tile_of(np.maximum(hexes, 0))
        order = np.argsort(tiles, kind="stable")
        starts = np.flatnonzero(np.diff(tiles[order], prepend=-1))
        margin = self.grid.size * 2 if self.grid else 0.0
        pieces = []
        for chunk in np.split(order, starts[1:]):
            rect = self.tiles[int(tiles[chunk[0]])].rect.adjusted(-margin, -margin, margin, margin)
            pieces.append((rect, segments_path(segments[chunk])))
        self.lines.append((pen, pieces))

    def _update_labels(self) -> None:
        scene = self.scene()
        for hex_id in list(self.labels):
            if hex_id not in self.names:
                label = self.labels.pop(hex_id)
                if label.scene() is not None:
                    label.scene().removeItem(label)
        for hex_id, (point, name) in self.names.items():
            label = self.labels.get(hex_id)
            if label is not None and label.text == name:
                continue
            if label is not None and label.scene() is not None:
                label.scene().removeItem(label)
            label = self.labels[hex_id] = LabelItem(hex_id, name)
            label.setPos(point)
            label.setZValue(50)
            if scene is not None:
                scene.addItem(label)

    # -- following the document ----------------------------------------------------------------

    def on_change(self, change: Change, scenario: Scenario) -> None:
        """Redraw what a document change touches (the map, the tables that colour it)."""
        if change.section in ("hex_map", "terrain", "connection_types", "nations", "sides"):
            self.set_scenario(scenario)

    def on_selection(self, selection: Selection) -> None:
        hexes = list(selection.ids) if selection.section == "regions" else []
        sides = list(selection.ids) if selection.section == "connections" else []
        if (hexes, sides) != (self.selected_hexes, self.selected_sides):
            self.selected_hexes, self.selected_sides = hexes, sides
            self.update()

    def set_fill_mode(self, mode: str, scenario: Scenario) -> None:
        if mode != self.fill_mode:
            self.fill_mode = mode
            self._colours = {}
            self.set_scenario(scenario)

    # -- questions -------------------------------------------------------------------------------

    def hex_at(self, point: QPointF) -> int:
        """Index of the hex under a map point, ``-1`` off the grid."""
        assert self.grid is not None
        return int(self.grid.hex_at(point.x(), point.y()))

    def hex_id_at(self, point: QPointF) -> str | None:
        index = self.hex_at(point)
        return self.grid.ids[index] if self.grid is not None and index >= 0 else None

    def hexside_id_at(self, point: QPointF, closeness: float = HEXSIDE_PICK) -> str | None:
        """The hexside a map point lies near (within the outer part of a hex, towards one of
        its sides), ``None`` nearer the middle of a hex or on the map's edge."""
        if self.grid is None:
            return None
        _, side, towards = hexside_near(self.grid, point.x(), point.y())
        return self.grid.hexside_id(side) if side >= 0 and towards >= closeness else None

    def place(self, hex_id: str) -> HexPlace | None:
        """What the map's symbols need of a hex (its owner; a hex has no anchors): the
        region model the rules see (:meth:`HexPlaces.region_at`) costs far more to build."""
        assert self.places is not None and self.grid is not None
        index = self.grid.find(hex_id)
        if index is None:
            return None
        owners = self.places.decoded.owners
        code = int(owners.code[index])
        return HexPlace(owners.keys[code] if code >= 0 else None)

    def centre(self, hex_id: str) -> QPointF | None:
        index = self.grid.find(hex_id) if self.grid is not None else None
        return QPointF(*self._centres[index].tolist()) if index is not None else None

    def rect_of(self, section: str, entity_id: str) -> QRectF | None:
        """Where a hex or a hexside is drawn, for zooming to it."""
        grid = self.grid
        if grid is None:
            return None
        ids = entity_id.split("-") if section == "connections" else [entity_id]
        indices = [grid.find(i) for i in ids]
        if section not in ("regions", "connections") or None in indices:
            return None
        pts = np.array([self._corners[i] for i in indices if i is not None]).reshape(-1, 2)
        (x0, y0), (x1, y1) = pts.min(axis=0), pts.max(axis=0)
        return QRectF(float(x0), float(y0), float(x1 - x0), float(y1 - y0))

    def typical_size(self) -> float:
        """How wide a hex is, in map units (what the zoom's detail is chosen from)."""
        return self.grid.size * 2 if self.grid is not None else 1.0

    def hex_colour(self, key: str | None) -> QColor:
        return self._colours.get(key, UNKNOWN)

    # -- painting --------------------------------------------------------------------------------

    def boundingRect(self) -> QRectF:
        return self._box.adjusted(-4, -4, 4, 4)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        exposed = option.exposedRect  # type: ignore[attr-defined]
        scale = painter.worldTransform().m11() or 1.0
        across = (self.grid.size * 2 if self.grid else 0.0) * abs(scale)
        shown = [t for t in self.tiles if t.rect.intersects(exposed)]
        painter.setPen(Qt.PenStyle.NoPen)
        # Hexes tile the map exactly, so their fills need no antialiasing (which would leave
        # hairline seams between neighbours, and cost Qt's rasteriser twenty times as much
        # on ten thousand hexes); nor do their thin outlines. Lines and names keep it.
        smooth = painter.testRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        for tile in shown:
            for colour, path in tile.fills:
                painter.setBrush(colour)
                painter.drawPath(path)
        if across >= OUTLINES_FROM_PX:
            pen = QPen(OUTLINE)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for tile in shown:
                painter.drawPath(tile.outlines)
            painter.setPen(Qt.PenStyle.NoPen)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, smooth)
        # Lines are drawn with drawPath and a pen, never strokePath: Qt's raster engine
        # strokes a cosmetic pen itself, where strokePath builds the outline of every
        # segment first; and only the pieces of them near what is exposed.
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for pen, pieces in self.lines:
            painter.setPen(pen)
            for rect, path in pieces:
                if rect.intersects(exposed):
                    painter.drawPath(path)
        self._paint_selection(painter)
        if across >= COORDINATES_FROM_PX:
            self._paint_coordinates(painter, exposed, across)

    def _paint_selection(self, painter: QPainter) -> None:
        grid = self.grid
        if grid is None or not (self.selected_hexes or self.selected_sides):
            return
        pen = QPen(SELECTED, 3.0)
        pen.setCosmetic(True)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        path = QPainterPath()
        for hex_id in self.selected_hexes[:5000]:
            index = grid.find(hex_id)
            if index is not None:
                path.addPolygon(polygon(self._corners[index]))
                path.closeSubpath()
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
        sides = QPainterPath()
        for side_id in self.selected_sides[:5000]:
            first, _, second = side_id.partition("-")
            a, b = grid.find(first), grid.find(second)
            number = grid.hexside(a, b) if a is not None and b is not None else None
            if number is not None:
                (x0, y0), (x1, y1) = grid.hexside_segments(np.array([number]))[0].tolist()
                sides.moveTo(x0, y0)
                sides.lineTo(x1, y1)
        wide = QPen(SELECTED, 7.0)
        wide.setCosmetic(True)
        wide.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(wide)
        painter.drawPath(sides)

    def _paint_coordinates(self, painter: QPainter, exposed: QRectF, across: float) -> None:
        """Each exposed hex's id near its top edge, in a small font, at screen size."""
        grid = self.grid
        assert grid is not None
        x, y = self._centres[:, 0], self._centres[:, 1]
        margin = grid.size
        inside = np.flatnonzero(
            (x >= exposed.left() - margin)
            & (x <= exposed.right() + margin)
            & (y >= exposed.top() - margin)
            & (y <= exposed.bottom() + margin)
        )
        if len(inside) > 4000:  # never more than a screenful
            return
        transform = painter.worldTransform()
        painter.save()
        painter.resetTransform()
        font = QFont(painter.font())
        font.setPointSizeF(7.0 if across < 90 else 8.0)
        painter.setFont(font)
        painter.setPen(COORDINATES)
        # The top of a hex (a flat side or a corner) is its apothem or its size above the
        # centre; the id sits just inside it.
        rise = grid.size * (0.62 if grid.orientation == "flat" else 0.55)
        ids = grid.ids
        for index in inside.tolist():
            cx, cy = self._centres[index].tolist()
            at = transform.map(QPointF(cx, cy - rise))
            painter.drawText(
                QRectF(at.x() - 40, at.y() - 6, 80, 14), Qt.AlignmentFlag.AlignCenter, ids[index]
            )
        painter.restore()


def hex_labels(item: HexMapItem) -> list[LabelItem]:
    """The names of named hexes, at their centres, the same size on screen at any zoom."""
    return list(item.labels.values())

"""Regions and connections of the game map.

A region is filled with its terrain's colour and shows its controller as a band of the
side's colour just inside its border: the terrain stays readable (forest, marsh, hills) and
the front line reads as two colours meeting at every contested border. A region too small
on screen for a band gets its controller as a tint instead. Seas and lakes keep their own
colour. Outlines, name points and shared borders come from the map helpers both maps share
(:mod:`editor.shared.map`), which the studio map uses too.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsPathItem, QStyleOptionGraphicsItem, QWidget

from editor.game.map.hexes import hex_points, hexside_borders
from editor.game.map.style import (
    BAND_MIN_REGION_PX,
    BAND_PX,
    BORDER,
    UNCONTROLLED,
    UNPLAYABLE,
    Z_CONNECTIONS,
    Z_REGIONS,
    mix,
)
from editor.shared.map.borders import follows_border, shared_borders
from editor.shared.map.drawing import outline_path
from editor.shared.map.hex_drawing import hex_paths
from editor.shared.map.poles import label_poles
from engine.game import Game
from schemas.hexgrid.grid import HexGrid
from schemas.map import Connection

_HATCH = QBrush(QColor(0, 0, 0, 50), Qt.BrushStyle.BDiagPattern)
_NO_PEN = QPen(Qt.PenStyle.NoPen)
_NO_BRUSH = QBrush(Qt.BrushStyle.NoBrush)
_INTERSECT = Qt.ClipOperation.IntersectClip
_ROUND = Qt.PenJoinStyle.RoundJoin


class RegionItem(QGraphicsPathItem):
    """A region: terrain fill, controller band, border."""

    def __init__(self, region_id: str, path: QPainterPath) -> None:
        super().__init__(path)
        self._path = path
        """The outline (``path()`` hands out a new copy at each call)."""
        self.region_id = region_id
        self.terrain = QColor("#cccccc")
        self.band: QColor | None = None
        """The controller's colour; ``None`` for seas, lakes and unplayable regions."""
        self._tint = self.terrain
        self.hatched = False
        self.band_px = BAND_PX
        """The band's width on screen (a hex map's are thinner: every hex has one)."""
        self.size = max(path.boundingRect().width(), path.boundingRect().height())
        self.setZValue(Z_REGIONS)
        self.setAcceptHoverEvents(True)
        self._border = QPen(BORDER)
        self._border.setCosmetic(True)
        self._border.setWidthF(1.0)

    def set_look(self, terrain: QColor, band: QColor | None, hatched: bool) -> None:
        if (terrain, band, hatched) != (self.terrain, self.band, self.hatched):
            self.terrain, self.band, self.hatched = terrain, band, hatched
            # Mixed once here, not at every paint (a hex map paints a thousand of them).
            self._tint = mix(terrain, band, 0.5) if band is not None else terrain
            self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        # Called for every region at every repaint (1,200 times on a 40 x 30 hex map), so
        # it asks Qt as little as it can: a region without a band is filled and outlined
        # in one call, as strokePath would outline it after the fill.
        path = self._path
        band = self.band
        banded = False
        if band is not None:
            scale = option.levelOfDetailFromTransform(painter.worldTransform())  # type: ignore[attr-defined]
            banded = self.size * scale >= BAND_MIN_REGION_PX
        if not banded and not self.hatched:
            painter.setPen(self._border)
            painter.setBrush(self._tint if band is not None else self.terrain)
            painter.drawPath(path)
            return
        painter.setPen(_NO_PEN)
        painter.setBrush(self.terrain if banded or band is None else self._tint)
        painter.drawPath(path)
        if self.hatched:
            painter.setBrush(_HATCH)
            painter.drawPath(path)
        if banded:
            assert band is not None
            painter.save()
            painter.setClipPath(path, _INTERSECT)
            pen = QPen(band, 2 * self.band_px / scale)
            pen.setJoinStyle(_ROUND)
            painter.strokePath(path, pen)
            painter.restore()
        painter.setBrush(_NO_BRUSH)
        painter.setPen(self._border)
        painter.drawPath(path)


def terrain_colour(game: Game, region_id: str) -> QColor:
    if game.world.regions[region_id].unplayable:
        return UNPLAYABLE
    return QColor(game.world.terrain_of[region_id].color)


def band_colour(game: Game, region_id: str, nation_colours: dict[str, QColor]) -> QColor | None:
    """The controller's colour for a land region (grey when nobody controls it)."""
    if game.world.domain(region_id) != "land":
        return None
    owner = game.state.owner.get(region_id)
    return nation_colours.get(owner, UNCONTROLLED) if owner else UNCONTROLLED


def name_points(
    game: Game, paths: dict[str, QPainterPath], grid: HexGrid | None = None
) -> dict[str, QPointF]:
    """Where each region's name hangs: its label anchor, else its pole of inaccessibility
    (a little below a hex's centre)."""
    if grid is not None:
        return hex_points(grid)
    regions = game.scenario.regions
    found = label_poles(regions)
    out: dict[str, QPointF] = {}
    for region in regions:
        pole = found.get(region.id)
        if region.anchors.label is not None:
            out[region.id] = QPointF(*region.anchors.label)
        elif pole is not None:
            out[region.id] = QPointF(*pole)
        else:
            out[region.id] = paths[region.id].boundingRect().center()
    return out


def region_paths(game: Game, grid: HexGrid | None = None) -> dict[str, QPainterPath]:
    """Every region's outline (every hex's, from the grid, on a hex map)."""
    if grid is not None:
        return hex_paths(grid)
    return {region.id: outline_path(region) for region in game.scenario.regions}


class ConnectionItem(QGraphicsPathItem):
    """A connection: a river or crest along the shared border, or a line between names."""

    def __init__(self, connection_id: str, path: QPainterPath, along: bool) -> None:
        super().__init__(path)
        self.connection_id = connection_id
        self.along = along
        self.setZValue(Z_CONNECTIONS)
        self.setAcceptHoverEvents(True)


def connection_items(
    game: Game, points: dict[str, QPointF], grid: HexGrid | None = None
) -> tuple[list[ConnectionItem], dict[str, QPointF]]:
    """Items for the connections worth drawing, and the middle of each crossing (where a
    bridge is marked). Plain land and sea links between neighbours are not drawn: the
    shared border already says it. On a hex map (``grid``), features lie on their hexside."""
    world = game.world
    borders: list[tuple[str, QPainterPath]] = []
    lines: list[Connection] = []
    if grid is not None:
        borders, others = hexside_borders(game, grid)
        lines = [world.connections[c] for c in others]
    else:
        along = []
        for connection in game.scenario.connections:
            kind = world.connection_types[connection.type]
            a, b = world.regions[connection.a], world.regions[connection.b]
            if follows_border(kind, a, b):
                along.append((connection.id, a, b))
            elif not kind.adjacent or a.off_map or b.off_map:
                lines.append(connection)
        for (connection_id, _, _), border in zip(along, shared_borders(along), strict=True):
            if border.isEmpty():
                lines.append(world.connections[connection_id])
            else:
                borders.append((connection_id, border))
    items: list[ConnectionItem] = []
    middles: dict[str, QPointF] = {}
    for connection_id, border in borders:
        connection = world.connections[connection_id]
        kind = world.connection_types[connection.type]
        item = ConnectionItem(connection_id, border, True)
        pen = QPen(QColor(kind.color))
        pen.setCosmetic(True)
        pen.setWidthF(6.0 if "major" in kind.id else 4.5)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        item.setPen(pen)
        items.append(item)
        middles[connection_id] = border.pointAtPercent(0.5)
    for connection in lines:
        kind = world.connection_types[connection.type]
        path = QPainterPath()
        path.addPolygon(
            QPolygonF(
                [
                    points[connection.a],
                    *(QPointF(*p) for p in connection.waypoints),
                    points[connection.b],
                ]
            )
        )
        item = ConnectionItem(connection.id, path, False)
        colour = QColor(kind.color)
        colour.setAlpha(200)
        pen = QPen(colour)
        pen.setCosmetic(True)
        pen.setWidthF(2.0)
        pen.setStyle(Qt.PenStyle.DashLine)
        item.setPen(pen)
        items.append(item)
    return items, middles


def connection_tip(game: Game, connection_id: str, bridged: bool) -> str:
    """A connection's tooltip: what it is, what crosses it, and what it joins."""
    world = game.world
    connection = world.connections[connection_id]
    kind = world.connection_types[connection.type]
    features = [
        name
        for name, present in (
            ("bridge", bridged),
            ("road", connection.road),
            ("railway", connection.rail),
        )
        if present
    ]
    extra = f" ({', '.join(features)})" if features else ""
    a, b = world.regions[connection.a].name, world.regions[connection.b].name
    return f"{kind.name}{extra} between {a} and {b}"

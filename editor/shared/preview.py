"""A still picture of a scenario's map: for the docs, file thumbnails, quick checks, and the
map pictures designers export for rulebooks, forums and print (:mod:`.map_pictures`).

:func:`paint_map` paints with a QPainter on any paint device (an image, an SVG generator, a
PDF writer), the map fitted into a frame; the interactive map of the studio is a
QGraphicsScene of its own. Colours come from the scenario (terrain, sides), so the picture
shows what the designer chose. Sizes of lines, symbols and names are given in pixels of a
96 dpi screen and scaled to the device's resolution, so a 300 dpi picture or a PDF page
looks like the screen picture, only sharper.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import shapely
import shapely.errors
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPainter,
    QPen,
    QPolygonF,
    QTransform,
)

from editor.shared.map.drawing import anchor_of, outline_path
from editor.shared.map.hex_drawing import (
    ROAD_LOOKS,
    hex_paths,
    hexside_segment_paths,
    named_hexes,
    plain_types,
    road_paths,
)
from schemas.geometry import polygon_from_model
from schemas.hexgrid.grid import HexGrid
from schemas.map import Region
from schemas.places import HexPlaces, places_of
from schemas.scenario import Scenario
from schemas.terrain import ConnectionType

MARGIN = 24.0
"""Room around the map, in 96 dpi pixels."""
SCALE_ROOM = 22.0
"""Room added under the map for the scale bar, in 96 dpi pixels (the bar never covers it)."""
SCREEN_DPI = 96.0
PAPER = QColor("#f4f1ea")


@dataclass(frozen=True)
class Look:
    """What a picture shows beside the regions."""

    labels: bool = True
    """Region names."""
    symbols: bool = True
    """Structures (towns, forts...) and supply sources."""
    scale_bar: bool = False
    """A scale bar, when the scenario knows its scale (see :func:`km_per_unit`)."""
    fill: Callable[[Region], QColor | None] | None = None
    """A region's colour in place of its terrain's (``None`` from it keeps the terrain's):
    for pictures that show a measure on the map, such as the balance lab's captures."""


def km_per_unit(scenario: Scenario) -> float | None:
    """Kilometres in one map unit: from the map's projection, else its scale setting;
    ``None`` when the scenario does not say."""
    if scenario.map.projection is not None:
        return float(scenario.map.projection.km_per_unit)
    if scenario.map.units_per_km:
        return 1.0 / float(scenario.map.units_per_km)
    return None


def map_bounds(scenario: Scenario) -> QRectF:
    """The box of every region's outline (every hex's, on a hex map), in map units."""
    if scenario.hex_map is not None:
        grid = HexGrid.of(scenario.hex_map)
        if not grid.count:
            return QRectF(0, 0, 1, 1)
        x0, y0, x1, y1 = grid.bounds()
        return QRectF(x0, y0, x1 - x0 or 1, y1 - y0 or 1)
    xs = [x for r in scenario.regions for x, _ in r.polygon.exterior]
    ys = [y for r in scenario.regions for _, y in r.polygon.exterior]
    if not xs:
        return QRectF(0, 0, 1, 1)
    return QRectF(min(xs), min(ys), max(xs) - min(xs) or 1, max(ys) - min(ys) or 1)


def room_below(scenario: Scenario, look: Look) -> float:
    """Room under the map beside the margin, in 96 dpi pixels: the scale bar's, when drawn."""
    return SCALE_ROOM if look.scale_bar and km_per_unit(scenario) is not None else 0.0


def picture_height(
    scenario: Scenario, width: float, dpi: float = SCREEN_DPI, look: Look | None = None
) -> float:
    """The height a picture ``width`` device units wide needs for the whole map."""
    bounds = map_bounds(scenario)
    px = dpi / SCREEN_DPI
    margin = MARGIN * px
    scale = max(width - 2 * margin, 1.0) / bounds.width()
    below = room_below(scenario, look) * px if look is not None else 0.0
    return bounds.height() * scale + 2 * margin + below


def _border_lines(a: Region, b: Region) -> list[list[tuple[float, float]]]:
    """The shared border of two regions as polylines (empty when they do not touch)."""
    try:
        common = shapely.intersection(
            polygon_from_model(a.polygon).boundary, polygon_from_model(b.polygon).boundary
        )
    except (ValueError, shapely.errors.GEOSException):
        return []
    merged = shapely.line_merge(common) if common.geom_type == "MultiLineString" else common
    return [list(part.coords) for part in shapely.get_parts(merged) if part.geom_type != "Point"]


def _fitted(scenario: Scenario, frame: QRectF, dpi: float, look: Look) -> tuple[QTransform, float]:
    """The map fitted and centred in ``frame``: map units to device units, and the scale."""
    px = dpi / SCREEN_DPI
    margin = MARGIN * px
    below = room_below(scenario, look) * px
    inner = frame.adjusted(margin, margin, -margin, -margin - below)
    bounds = map_bounds(scenario)
    scale = max(min(inner.width() / bounds.width(), inner.height() / bounds.height()), 1e-12)
    left = inner.left() + (inner.width() - bounds.width() * scale) / 2
    top = inner.top() + (inner.height() - bounds.height() * scale) / 2
    transform = QTransform()
    transform.translate(left, top)
    transform.scale(scale, scale)
    transform.translate(-bounds.left(), -bounds.top())
    return transform, scale


class _Painter:
    """One picture: map units to device units, and sizes of 96 dpi pixels to device units."""

    def __init__(
        self, painter: QPainter, scenario: Scenario, frame: QRectF, dpi: float, look: Look
    ) -> None:
        self.painter = painter
        self.scenario = scenario
        self.px = dpi / SCREEN_DPI
        self.bounds = map_bounds(scenario)
        self.map_transform, self.scale = _fitted(scenario, frame, dpi, look)
        self.frame = frame
        self.look = look
        self.places = places_of(scenario)
        self.grid = self.places.grid
        if self.grid is not None:
            self.paths = hex_paths(self.grid)
        else:
            self.paths = {r.id: outline_path(r) for r in scenario.regions}
        self.by_id = self.places.region_lookup

    def width(self, pixels: float) -> float:
        """A line ``pixels`` wide (at 96 dpi), in map units."""
        return pixels * self.px / self.scale

    def on_device(self, point: QPointF) -> QPointF:
        return self.map_transform.map(point)

    def regions(self) -> None:
        painter = self.painter
        terrain = {t.id: t for t in self.scenario.terrain}
        border = QPen(QColor(60, 60, 60, 150), self.width(1.0))
        border.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        chosen = self.look.fill
        for region in self.places.regions:
            kind = terrain.get(region.terrain)
            colour = QColor(kind.color if kind else "#cccccc")
            if chosen is not None:
                colour = chosen(region) or colour
            if region.unplayable:
                colour = QColor("#8a8a8a")
            painter.setPen(border)
            painter.setBrush(QBrush(colour))
            painter.drawPath(self.paths[region.id])
            if region.off_map:
                self._hatch(region)

    def _hatch(self, region: Region) -> None:
        """Diagonal lines across an off-map box, cut to its outline with shapely (a pattern
        brush or a clip comes out wrong in some SVG viewers)."""
        try:
            shape = polygon_from_model(region.polygon)
        except (ValueError, shapely.errors.GEOSException):
            return
        west, south, east, north = shape.bounds
        step = self.width(8.0)
        starts = [west + i * step for i in range(int((east - west + north - south) / step) + 1)]
        lines = shapely.MultiLineString(
            [[(x, south), (x - (north - south), north)] for x in starts]
        )
        try:
            cut = shapely.intersection(lines, shape)
        except shapely.errors.GEOSException:
            return
        self.painter.setPen(QPen(QColor(0, 0, 0, 60), self.width(1.0)))
        for part in shapely.get_parts(cut):
            if part.geom_type == "LineString":
                self.painter.drawPolyline(QPolygonF([QPointF(x, y) for x, y in part.coords]))

    def connections(self) -> None:
        """Crossings (rivers, crests) along the border they cross; links between anchors."""
        painter = self.painter
        kinds = {k.id: k for k in self.scenario.connection_types}
        if self.grid is not None:
            self._hexsides(kinds)
        for connection in self.scenario.connections:
            a, b = self.by_id.get(connection.a), self.by_id.get(connection.b)
            kind = kinds.get(connection.type)
            if a is None or b is None or kind is None or kind.id in ("land", "sea"):
                continue
            colour = QColor(kind.color)
            along = kind.adjacent and not (a.off_map or b.off_map)
            border = _border_lines(a, b) if along else []
            if border:
                pen = QPen(colour, self.width(4.0))
                pen.setCapStyle(Qt.PenCapStyle.RoundCap)
                painter.setPen(pen)
                for line in border:
                    painter.drawPolyline(QPolygonF([QPointF(x, y) for x, y in line]))
                if connection.bridge:
                    mid = border[0][len(border[0]) // 2]
                    painter.setPen(QPen(QColor("#303030"), self.width(3.0)))
                    half = self.width(5.0)
                    painter.drawLine(QPointF(mid[0] - half, mid[1]), QPointF(mid[0] + half, mid[1]))
                continue
            pen = QPen(colour, self.width(2.0))
            pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            points = [
                anchor_of(a, "label", self.paths[a.id]),
                *(QPointF(*p) for p in connection.waypoints),
                anchor_of(b, "label", self.paths[b.id]),
            ]
            painter.drawPolyline(QPolygonF(points))

    def _hexsides(self, kinds: dict[str, ConnectionType]) -> None:
        """A hex map's hexside features along their hexsides, then its roads through hex
        centres (the plain hexsides are the outlines already drawn)."""
        places, grid, painter = self.places, self.grid, self.painter
        assert isinstance(places, HexPlaces) and grid is not None
        plain = plain_types(places.hex_map)
        chosen = [i for i, kind in enumerate(places.link_types) if kind not in plain]
        numbers = places.hexside_links[chosen].tolist()
        for index, path in zip(chosen, hexside_segment_paths(grid, numbers), strict=True):
            connection = places.connection_at(index)
            kind = kinds.get(connection.type)
            pen = QPen(QColor(kind.color if kind else "#4a7ab0"), self.width(4.0))
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            painter.drawPath(path)
            if connection.bridge:
                painter.setPen(QPen(QColor("#303030"), self.width(3.0)))
                mid = path.pointAtPercent(0.5)
                half = self.width(5.0)
                painter.drawLine(QPointF(mid.x() - half, mid.y()), QPointF(mid.x() + half, mid.y()))
        for kind_of_road, path in road_paths(places.hex_map, grid).items():
            colour, pixels, style = ROAD_LOOKS[kind_of_road]
            pen = QPen(QColor(colour), self.width(pixels))
            pen.setStyle(style)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(path)

    def _label_order(self) -> list[Region]:
        """Regions to name, the most important first: on a hex map the named hexes, those
        with a structure before the others; elsewhere every region, the biggest first."""
        if self.grid is not None:
            assert isinstance(self.places, HexPlaces)
            built = {s.region for s in self.scenario.structures}
            named = named_hexes(self.places.hex_map, self.grid)
            ordered = sorted(named, key=lambda h: h not in built)
            return [self.by_id[h] for h in ordered]
        return sorted(
            self.scenario.regions,
            key=lambda r: (
                -self.paths[r.id].boundingRect().width() * self.paths[r.id].boundingRect().height()
            ),
        )

    def symbols(self) -> None:
        """Structures as discs (squares when fortified) in their owner's side colour, supply
        sources as triangles; drawn on the device, the same size whatever the map's scale."""
        painter = self.painter
        owners = {n.id: n for n in self.scenario.nations}
        sides = {s.id: s for s in self.scenario.sides}

        def colour_of(nation: str | None) -> QColor:
            owner = owners.get(nation or "")
            side = sides.get(owner.side) if owner else None
            return QColor(side.color if side else "#ffffff")

        radius = 7.0 * self.px
        painter.setPen(QPen(QColor("#202020"), 1.5 * self.px))
        for structure in self.scenario.structures:
            region = self.by_id.get(structure.region)
            if region is None:
                continue
            centre = self.on_device(
                QPointF(*structure.anchor)
                if structure.anchor
                else anchor_of(region, "structure", self.paths[region.id])
            )
            painter.setBrush(colour_of(structure.owner or region.owner))
            box = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
            if structure.fortification > 0:
                painter.drawRect(box)
            else:
                painter.drawEllipse(box)
        side = 6.0 * self.px
        for source in self.scenario.supply_sources:
            region = self.by_id.get(source.region)
            if region is None:
                continue
            centre = self.on_device(anchor_of(region, "supply", self.paths[region.id]))
            painter.setBrush(colour_of(region.owner))
            painter.drawPolygon(
                QPolygonF(
                    [
                        QPointF(centre.x(), centre.y() - side),
                        QPointF(centre.x() + side, centre.y() + side * 0.8),
                        QPointF(centre.x() - side, centre.y() + side * 0.8),
                    ]
                )
            )

    def labels(self) -> None:
        """Region names under their anchors, the biggest regions first; a name that would
        cover one already written is left out (a wider picture has room for more)."""
        painter = self.painter
        font = QFont("DejaVu Sans")
        font.setPointSizeF(9.0)
        painter.setFont(font)
        painter.setPen(QColor("#1a1a1a"))
        metrics = QFontMetricsF(font, painter.device())
        placed: list[QRectF] = []
        for region in self._label_order():
            if not region.name:
                continue
            centre = self.on_device(anchor_of(region, "label", self.paths[region.id]))
            width = metrics.horizontalAdvance(region.name) + 4 * self.px
            box = QRectF(centre.x() - width / 2, centre.y() + 8 * self.px, width, metrics.height())
            if any(box.intersects(other) for other in placed):
                continue
            placed.append(box)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, region.name)

    def scale_bar(self) -> None:
        """A bar about a fifth of the map's width, of a round length (1, 2 or 5 times a
        power of ten km), in the bottom left corner, half black and half white."""
        km = km_per_unit(self.scenario)
        if km is None:
            return
        device_per_km = self.scale / km
        wanted = self.frame.width() / 5 / device_per_km
        power = 10 ** math.floor(math.log10(wanted))
        length = max((f * power for f in (1, 2, 5) if f * power <= wanted), default=power)
        bar = length * device_per_km
        painter = self.painter
        height = 5.0 * self.px
        left = self.frame.left() + MARGIN * self.px
        bottom = self.frame.bottom() - MARGIN * self.px * 0.75
        painter.setPen(QPen(QColor("#202020"), 1.0 * self.px))
        for half, fill in ((0, "#202020"), (1, "#ffffff")):
            painter.setBrush(QColor(fill))
            painter.drawRect(QRectF(left + half * bar / 2, bottom - height, bar / 2, height))
        font = QFont("DejaVu Sans")
        font.setPointSizeF(8.0)
        painter.setFont(font)
        metrics = QFontMetricsF(font, painter.device())
        text = f"{length:g} km"
        painter.drawText(
            QPointF(left + bar + 4 * self.px, bottom - height / 2 + metrics.capHeight() / 2), text
        )
        painter.drawText(QPointF(left, bottom - height - 3 * self.px), "0")


def picture_transform(
    scenario: Scenario, frame: QRectF, look: Look = Look(), dpi: float = SCREEN_DPI
) -> QTransform:
    """Map units to device units for a picture painted by :func:`paint_map` in ``frame``:
    where to add marks of one's own on top of it."""
    return _fitted(scenario, frame, dpi, look)[0]


def paint_map(
    painter: QPainter,
    scenario: Scenario,
    frame: QRectF,
    look: Look = Look(),
    dpi: float = SCREEN_DPI,
    ground: bool = True,
) -> None:
    """Paint the map fitted and centred in ``frame`` (device units) on the painter's device,
    whose resolution is ``dpi``; ``ground`` fills the frame with the paper colour first."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    if ground:
        painter.fillRect(frame, PAPER)
    picture = _Painter(painter, scenario, frame, dpi, look)
    painter.save()
    painter.setTransform(picture.map_transform, combine=True)
    picture.regions()
    picture.connections()
    painter.restore()
    if look.symbols:
        picture.symbols()
    if look.labels:
        picture.labels()
    if look.scale_bar:
        picture.scale_bar()
    painter.restore()


def render_map(
    scenario: Scenario,
    width: int = 1200,
    *,
    labels: bool = True,
    look: Look | None = None,
    dpi: float = SCREEN_DPI,
) -> QImage:
    """Paint the map into an image ``width`` pixels wide, with the height it needs; the image
    records ``dpi`` for printing."""
    look = look or Look(labels=labels)
    height = max(1, math.ceil(picture_height(scenario, width, dpi, look)))
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    dots_per_metre = round(dpi / 0.0254)
    image.setDotsPerMeterX(dots_per_metre)
    image.setDotsPerMeterY(dots_per_metre)
    image.fill(PAPER)
    painter = QPainter(image)
    try:
        paint_map(painter, scenario, QRectF(0, 0, width, height), look, dpi, ground=False)
    finally:
        painter.end()
    return image

"""A still picture of a scenario's map: for the docs, file thumbnails and quick checks.

This paints straight onto a QImage with QPainter; the interactive map of the studio is a
QGraphicsScene of its own. Colours come from the scenario (terrain, sides), so the picture shows
what the designer chose.
"""

from __future__ import annotations

import math

import shapely
import shapely.errors
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)

from editor.shared.map.drawing import anchor_of, outline_path
from schemas.geometry import polygon_from_model
from schemas.map import Region
from schemas.scenario import Scenario

MARGIN = 24.0


def _bounds(scenario: Scenario) -> QRectF:
    xs = [x for r in scenario.regions for x, _ in r.polygon.exterior]
    ys = [y for r in scenario.regions for _, y in r.polygon.exterior]
    if not xs:
        return QRectF(0, 0, 1, 1)
    return QRectF(min(xs), min(ys), max(xs) - min(xs) or 1, max(ys) - min(ys) or 1)


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


def _draw_connections(
    painter: QPainter,
    scenario: Scenario,
    by_id: dict[str, Region],
    paths: dict[str, QPainterPath],
    scale: float,
) -> None:
    """Crossings (rivers, crests) along the border they cross; links between anchors."""
    kinds = {k.id: k for k in scenario.connection_types}
    for connection in scenario.connections:
        a, b = by_id.get(connection.a), by_id.get(connection.b)
        kind = kinds.get(connection.type)
        if a is None or b is None or kind is None or kind.id in ("land", "sea"):
            continue
        colour = QColor(kind.color)
        border = _border_lines(a, b) if kind.adjacent and not (a.off_map or b.off_map) else []
        if border:
            pen = QPen(colour, 4.0 / scale)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            for line in border:
                painter.drawPolyline(QPolygonF([QPointF(x, y) for x, y in line]))
            if connection.bridge:
                mid = border[0][len(border[0]) // 2]
                painter.setPen(QPen(QColor("#303030"), 3.0 / scale))
                painter.drawLine(
                    QPointF(mid[0] - 5 / scale, mid[1]), QPointF(mid[0] + 5 / scale, mid[1])
                )
            continue
        pen = QPen(colour, 2.0 / scale)
        pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        points = [
            anchor_of(a, "label", paths[a.id]),
            *(QPointF(*p) for p in connection.waypoints),
            anchor_of(b, "label", paths[b.id]),
        ]
        painter.drawPolyline(QPolygonF(points))


def render_map(scenario: Scenario, width: int = 1200, *, labels: bool = True) -> QImage:
    """Paint the map, scaled to ``width`` pixels wide, with the height it needs."""
    bounds = _bounds(scenario)
    scale = (width - 2 * MARGIN) / bounds.width()
    height = max(1, math.ceil(bounds.height() * scale + 2 * MARGIN))
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("#f4f1ea"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.translate(MARGIN, MARGIN)
    painter.scale(scale, scale)
    painter.translate(-bounds.left(), -bounds.top())

    terrain = {t.id: t for t in scenario.terrain}
    paths = {r.id: outline_path(r) for r in scenario.regions}
    border = QPen(QColor(60, 60, 60, 150), 1.0 / scale)
    for region in scenario.regions:
        kind = terrain.get(region.terrain)
        colour = QColor(kind.color if kind else "#cccccc")
        if region.unplayable:
            colour = QColor("#8a8a8a")
        painter.setPen(border)
        painter.setBrush(QBrush(colour))
        painter.drawPath(paths[region.id])
        if region.off_map:
            painter.setBrush(QBrush(QColor(0, 0, 0, 40), Qt.BrushStyle.BDiagPattern))
            painter.drawPath(paths[region.id])

    by_id = {r.id: r for r in scenario.regions}
    _draw_connections(painter, scenario, by_id, paths, scale)

    owners = {n.id: n for n in scenario.nations}
    sides = {s.id: s for s in scenario.sides}
    radius = 7.0 / scale
    for structure in scenario.structures:
        region = by_id.get(structure.region)
        if region is None:
            continue
        centre = (
            QPointF(*structure.anchor)
            if structure.anchor
            else anchor_of(region, "structure", paths[region.id])
        )
        owner = owners.get(structure.owner or region.owner or "")
        side = sides.get(owner.side) if owner else None
        painter.setPen(QPen(QColor("#202020"), 1.5 / scale))
        painter.setBrush(QColor(side.color if side else "#ffffff"))
        if structure.fortification > 0:
            painter.drawRect(
                QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
            )
        else:
            painter.drawEllipse(centre, radius, radius)

    if labels:
        font = QFont("DejaVu Sans")
        font.setPointSizeF(max(1.0, 9.0 / scale))
        painter.setFont(font)
        painter.setPen(QColor("#1a1a1a"))
        for region in scenario.regions:
            centre = anchor_of(region, "label", paths[region.id])
            box = QRectF(centre.x() - 60 / scale, centre.y() + 8 / scale, 120 / scale, 14 / scale)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, region.name)
    painter.end()
    return image

"""The shared borders that crossings (rivers, crests) are drawn along."""

from __future__ import annotations

from typing import Any

import shapely
from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainterPath

from schemas.geometry import build_polygons, polygon_from_model

PLAIN_CONNECTIONS = ("land", "sea")
"""Connection types drawn as thin lines between regions rather than along their border."""


def add_border(path: QPainterPath, a: object, b: object) -> bool:
    """Add the border two regions share to ``path``; ``False`` if they share none."""
    try:
        common = shapely.intersection(
            polygon_from_model(a.polygon).boundary,  # type: ignore[attr-defined]
            polygon_from_model(b.polygon).boundary,  # type: ignore[attr-defined]
        )
    except (ValueError, shapely.errors.GEOSException):
        return False
    merged = shapely.line_merge(common) if common.geom_type == "MultiLineString" else common
    return _trace(path, merged)


def follows_border(kind: Any, a: Any, b: Any) -> bool:
    """Crossings (rivers, crests) are drawn along the border the two regions share."""
    return kind.id not in PLAIN_CONNECTIONS and kind.adjacent and not (a.off_map or b.off_map)


def shared_borders(pairs: list[tuple[str, Any, Any]]) -> list[QPainterPath]:
    """The shared border of each pair of regions (empty where they share none), found with
    shapely's vectorised operations: one call for thousands of rivers."""
    if not pairs:
        return []
    outlines = [r.polygon for _, a, b in pairs for r in (a, b)]
    polygons = build_polygons(outlines)
    if shapely.is_missing(polygons).any():
        return [_single_border(a, b) for _, a, b in pairs]
    edges = shapely.boundary(polygons)
    try:
        common = shapely.intersection(edges[0::2], edges[1::2])
    except shapely.errors.GEOSException:
        return [_single_border(a, b) for _, a, b in pairs]
    out = []
    for geometry in shapely.line_merge(common).tolist():
        path = QPainterPath()
        _trace(path, geometry)
        out.append(path)
    return out


def _single_border(a: Any, b: Any) -> QPainterPath:
    path = QPainterPath()
    add_border(path, a, b)
    return path


def _trace(path: QPainterPath, geometry: shapely.Geometry) -> bool:
    """Add the lines of a border to ``path`` (the points where two regions only touch
    are no border); ``False`` if it has none."""
    traced = False
    for part in shapely.get_parts(geometry).tolist():
        if part.geom_type != "LineString":
            continue
        coords = shapely.get_coordinates(part).tolist()
        path.moveTo(QPointF(*coords[0]))
        for x, y in coords[1:]:
            path.lineTo(QPointF(x, y))
        traced = True
    return traced

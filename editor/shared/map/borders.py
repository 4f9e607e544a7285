"""The shared borders that crossings (rivers, crests) are drawn along."""

from __future__ import annotations

from typing import Any

import numpy as np
import shapely
from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainterPath

from editor.shared.map.outlines import line_paths
from schemas.geometry import build_polygons, polygon_from_model

_LINE_STRING = 1  # shapely.GeometryType.LINESTRING

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
    return _traced(shapely.line_merge(common))


def _traced(borders: np.ndarray) -> list[QPainterPath]:
    """The path of each border, as :func:`_trace` makes it, built in one pass
    (:func:`~editor.shared.map.outlines.line_paths`): tracing 2,000 rivers point by point
    was a tenth of a second of opening a 10,000-region map. A border with two successive
    points Qt would take as one, or with a point that is not finite, is traced point by
    point as before."""
    parts, owners = shapely.get_parts(borders, return_index=True)
    lines = shapely.get_type_id(parts) == _LINE_STRING
    parts, owners = parts[lines], owners[lines]
    coords, of_part = shapely.get_coordinates(parts, return_index=True)
    lengths = np.bincount(of_part, minlength=len(parts))
    odd = np.zeros(len(borders), dtype=bool)
    odd[owners[lengths < 2]] = True  # Qt makes a lone point a moveTo alone
    if len(coords) > 1:
        gap = np.abs(np.diff(coords, axis=0))
        smaller = np.minimum(np.abs(coords[1:]), np.abs(coords[:-1]))
        # Qt's fuzzy equality of points, widened a hundredfold for safety.
        near = np.all((gap <= 1e-10) | (gap * 1e10 <= smaller), axis=1)
        within = of_part[1:] == of_part[:-1]
        odd[owners[of_part[1:][near & within]]] = True
    odd[owners[of_part[~np.isfinite(coords).all(axis=1)]]] = True
    kept = ~odd[owners]
    point_kept = kept[of_part]
    paths = line_paths(len(borders), owners[kept], lengths[kept], coords[point_kept])
    for index in np.flatnonzero(odd).tolist():
        paths[index] = QPainterPath()
        _trace(paths[index], borders[index])
    return paths


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

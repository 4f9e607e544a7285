"""Small GIS files written by the tests themselves: GeoJSON, Shapefile and GeoPackage."""

from __future__ import annotations

import json
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pyogrio.raw
import pyproj
import shapely


def grid(
    west: float, south: float, cols: int, rows: int, step: float, density: float | None = None
) -> list[shapely.Polygon]:
    """Cells of ``step`` degrees (or CRS units), their edges cut every ``density`` units
    (shared edges get the very same points on both sides)."""
    cells = []
    for j in range(rows):
        for i in range(cols):
            cell = shapely.box(
                west + i * step, south + j * step, west + (i + 1) * step, south + (j + 1) * step
            )
            if density:
                cell = shapely.segmentize(cell, density)
                cell = shapely.set_coordinates(cell, np.round(shapely.get_coordinates(cell), 9))
            cells.append(cell)
    return cells


def write_geojson(
    path: Path, shapes: Sequence[shapely.Geometry], properties: Sequence[dict[str, Any]]
) -> Path:
    """A GeoJSON file in longitude and latitude (no CRS member: RFC 7946's WGS 84)."""
    features = [
        {"type": "Feature", "properties": props, "geometry": shapely.geometry.mapping(shape)}
        for shape, props in zip(shapes, properties, strict=True)
    ]
    path.write_text(json.dumps({"type": "FeatureCollection", "features": features}), "utf-8")
    return path


def write_ogr(
    path: Path,
    shapes: Sequence[shapely.Geometry],
    properties: Sequence[dict[str, Any]],
    crs: str | None,
    driver: str,
    layer: str | None = None,
) -> Path:
    """A Shapefile or GeoPackage (``driver``) through GDAL."""
    names = list(properties[0]) if properties else []
    columns = [np.asarray([p[n] for p in properties], dtype=object) for n in names]
    kinds = {shapely.get_type_id(s) for s in shapes}
    geometry_type = {3: "Polygon", 6: "MultiPolygon", 0: "Point", 1: "LineString"}
    kind = "MultiPolygon" if kinds == {3, 6} else geometry_type[kinds.pop()]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # no CRS, when a test wants none
        _write(path, shapes, columns, names, driver, kind, crs, layer)
    return path


def _write(
    path: Path,
    shapes: Sequence[shapely.Geometry],
    columns: list[np.ndarray],
    names: list[str],
    driver: str,
    kind: str,
    crs: str | None,
    layer: str | None,
) -> None:
    pyogrio.raw.write(
        path,
        shapely.to_wkb(np.asarray(shapes, dtype=object)),
        columns,
        names,
        driver=driver,
        geometry_type=kind,
        crs=crs,
        layer=layer,
        encoding="UTF-8" if driver == "ESRI Shapefile" else None,
    )


def to_crs(shapes: Sequence[shapely.Geometry], crs: str) -> list[shapely.Geometry]:
    """Shapes in longitude and latitude, projected into ``crs``."""
    transformer = pyproj.Transformer.from_crs("OGC:CRS84", crs, always_xy=True)
    return list(
        shapely.transform(
            np.asarray(shapes, dtype=object),
            lambda xy: np.column_stack(transformer.transform(xy[:, 0], xy[:, 1])),
        )
    )


GEOD = pyproj.Geod(ellps="WGS84")


def distance_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Distance on the ellipsoid between two (longitude, latitude) points."""
    return GEOD.inv(a[0], a[1], b[0], b[1])[2] / 1000.0

"""Regions as GeoJSON in real longitude and latitude, for a scenario that knows its projection.

The features carry the same properties as the exact export of :mod:`schemas.geojson` (so the
file can be imported back, and a GIS shows the regions' ids, names and terrain), but the
coordinates are longitude and latitude on WGS 84 as RFC 7946 asks: exteriors anticlockwise,
holes clockwise, rings closed, seven decimals (about a centimetre). Straight map edges are
written as straight lines between their end points, which on the Earth bend very slightly;
an import back through the same projection gives the same vertices to a few micrometres.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import shapely

from ..geojson import region_feature
from ..geometry.build import build_polygons
from ..places import HexPlaces, places_of
from ..scenario import Scenario
from .projection import Projector
from .readers import GisError

DECIMALS = 7
"""Decimals of longitude and latitude written (1e-7 degree is about 1 cm)."""


def _rings(polygon: shapely.Geometry) -> list[list[list[float]]]:
    polygon = shapely.orient_polygons(polygon)  # exterior anticlockwise, as RFC 7946 asks
    rings = [polygon.exterior, *polygon.interiors]
    return [np.round(np.asarray(ring.coords), DECIMALS).tolist() for ring in rings]


def lonlat_features(scenario: Scenario) -> list[dict[str, Any]]:
    """Every region (every hex, on a hex map) as a feature in longitude and latitude."""
    model = scenario.map.projection
    if model is None:
        raise GisError(
            "the scenario does not say where its map lies on the Earth (no map.projection); "
            "only the exact export in map units is possible"
        )
    projector = Projector.from_model(model)
    places = places_of(scenario)
    if isinstance(places, HexPlaces):
        shapes = places.polygons()  # from the grid's arrays, not hex by hex
    else:
        shapes = np.asarray(build_polygons([r.polygon for r in places.regions]), dtype=object)
    lonlat = projector.to_crs(shapes)
    features = []
    for region, shape in zip(places.regions, lonlat, strict=True):
        feature = region_feature(region)
        if shape is None:
            feature["geometry"] = None
        else:
            feature["geometry"] = {"type": "Polygon", "coordinates": _rings(shape)}
        features.append(feature)
    return features


def lonlat_geojson_text(scenario: Scenario) -> str:
    """The export as text, one feature per line (a changed region is one changed line)."""
    features = ",\n".join(json.dumps(f, ensure_ascii=False) for f in lonlat_features(scenario))
    head = json.dumps({"type": "FeatureCollection", "name": scenario.info.title})[:-1]
    return f'{head}, "features": [\n{features}\n]}}\n'

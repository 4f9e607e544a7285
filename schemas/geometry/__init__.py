"""Geometry on shapely, shared by validation and the studio. No Qt here."""

from .adjacency import SharedBorders, shared_borders
from .build import build_polygons, distinct_points, polygon_from_model, polygon_to_model

__all__ = [
    "SharedBorders",
    "build_polygons",
    "distinct_points",
    "polygon_from_model",
    "polygon_to_model",
    "shared_borders",
]

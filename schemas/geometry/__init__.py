"""Geometry on shapely, shared by validation and the studio. No Qt here."""

from .adjacency import SharedBorders, shared_borders
from .build import build_polygons, distinct_points, polygon_from_model, polygon_to_model
from .cutting import SplitResult, merge_regions, split_region
from .outlines import TOLERANCE, EdgeRef, GeometryEditError, VertexRef
from .snapping import Snap, SnapIndex, snap_point
from .validity import outline_problem
from .vertices import (
    delete_shared_vertex,
    delete_vertex,
    find_vertex_owners,
    insert_shared_vertex,
    insert_shared_vertices,
    insert_vertex_on_edge,
    move_shared_vertex,
)

__all__ = [
    "TOLERANCE",
    "EdgeRef",
    "GeometryEditError",
    "SharedBorders",
    "Snap",
    "SnapIndex",
    "SplitResult",
    "VertexRef",
    "build_polygons",
    "delete_shared_vertex",
    "delete_vertex",
    "distinct_points",
    "find_vertex_owners",
    "insert_shared_vertex",
    "insert_shared_vertices",
    "insert_vertex_on_edge",
    "merge_regions",
    "move_shared_vertex",
    "outline_problem",
    "polygon_from_model",
    "polygon_to_model",
    "shared_borders",
    "snap_point",
    "split_region",
]

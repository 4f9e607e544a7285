"""Splitting a region in two along a line drawn across it."""

from __future__ import annotations

import math
from collections.abc import Sequence

import shapely
from shapely.geometry import LineString
from shapely.geometry import Polygon as ShapelyPolygon

from editor.studio.document import ScenarioDocument
from editor.studio.map.geometry_actions import apply_outlines, copy_with
from editor.studio.map.snapping import SnapCache
from editor.studio.map.tools.draw import SketchTool
from editor.studio.naming import new_id
from schemas.geometry import GeometryEditError, insert_shared_vertices, polygon_from_model
from schemas.geometry import split_region as split_outline
from schemas.geometry.outlines import XY
from schemas.map import Anchors, Connection, Polygon, Region

JOINING_DOMAIN = {"land": "land", "sea": "sea", "lake": "sea"}
"""Connection domain that joins two pieces of a region, by terrain domain."""


class SplitTool(SketchTool):
    name = "split"
    label = "Split region"
    hint = (
        "Click a line across a region, from border to border (points snap; Shift places "
        "freely); Enter or a double-click cuts; Backspace undoes a point."
    )
    shortcut = "X"
    closed = False
    minimum = 2

    def commit(self, points: list[XY]) -> None:
        region_id = region_crossed(self.document, points)
        split_region(self.document, region_id, points)


def region_crossed(document: ScenarioDocument, line: Sequence[XY]) -> str:
    """The region a drawn line cuts through: the selected one if the line crosses it, else
    the one whose inside the line runs through longest."""
    cache = SnapCache.of(document)
    path = LineString(line)
    candidates = [p for p in cache.index.regions_in_box(path.bounds) if cache.outlines[p]]
    inside: dict[str, float] = {}
    for position in candidates:
        outline = cache.outlines[position]
        assert outline is not None
        geometry = polygon_from_model(outline)
        if not geometry.is_valid:
            continue
        length = shapely.length(shapely.intersection(path, geometry))
        length -= shapely.length(shapely.intersection(path, geometry.boundary))
        if length > 0:
            inside[cache.region_id(position)] = length
    selection = document.selection
    if selection.section == "regions":
        chosen = [i for i in selection.ids if i in inside]
        if len(chosen) == 1:
            return chosen[0]
    if not inside:
        raise GeometryEditError("cannot split: the line must cross a region from border to border")
    return max(inside, key=inside.__getitem__)


def split_region(document: ScenarioDocument, region_id: str, line: Sequence[XY]) -> str:
    """Cut a region along ``line`` (one undo step); returns the id of the new piece.

    The larger piece keeps the id and everything attached to it; the smaller one gets a new
    id and a name saying where it lies, with the same terrain, owner and area. Neighbours
    receive the points where the cut meets their border. Connections follow the piece that
    still touches the other region (both pieces get one when both touch), and the two
    pieces are connected to each other so the map stays connected.
    """
    cache = SnapCache.of(document)
    region: Region = document.get("regions", region_id)
    result = split_outline(region.polygon, line)
    first, second = result.first, result.second
    if polygon_from_model(first).area < polygon_from_model(second).area:
        first, second = second, first
    kept_shape, new_shape = polygon_from_model(first), polygon_from_model(second)

    position = cache.position(region_id)
    assert position is not None
    outlines = list(cache.outlines)
    outlines[position] = first
    outlines.append(second)
    shared = insert_shared_vertices(
        outlines,
        result.border_points,
        exclude={position, len(outlines) - 1},
        index=cache.index,
    )
    neighbours = {cache.region_id(p): outline for p, outline in shared.items()}

    piece_id = new_id(document, "regions", region_id)
    kept_anchors, new_anchors = _share_anchors(region.anchors, kept_shape, new_shape)
    kept = copy_with(region, polygon=first, anchors=kept_anchors)
    piece = Region(
        id=piece_id,
        name=_piece_name(document, region, kept_shape, new_shape),
        terrain=region.terrain,
        owner=region.owner,
        area=region.area,
        network=region.network,
        stacking=region.stacking,
        air_stacking=region.air_stacking,
        off_map=region.off_map,
        unplayable=region.unplayable,
        polygon=second,
        anchors=new_anchors,
    )

    with document.macro(f"Split {region.name}"):
        document.replace("regions", kept)
        document.add("regions", piece, document.index_of("regions", region_id) + 1)
        apply_outlines(document, neighbours, "Share the cut's points")
        _follow_connections(document, region_id, piece_id, kept_shape, new_shape)
        for structure in list(document.items("structures")):
            anchor = structure.anchor
            if structure.region == region_id and anchor and new_shape.covers(shapely.Point(anchor)):
                document.replace("structures", copy_with(structure, region=piece_id))
        joining = _joining_type(document, region)
        if joining is not None:
            link = new_id(document, "connections", f"{region_id}-{piece_id}")
            document.add("connections", Connection(id=link, a=region_id, b=piece_id, type=joining))
    document.select("regions", [region_id, piece_id])
    return piece_id


def _share_anchors(
    anchors: Anchors, kept: ShapelyPolygon, piece: ShapelyPolygon
) -> tuple[Anchors, Anchors]:
    """Anchors that now lie in the new piece move to it; the others stay."""
    stay, move = anchors.model_dump(), {}
    for name, point in anchors.model_dump().items():
        here = None if point is None else shapely.Point(point)
        if here is not None and piece.covers(here) and not kept.covers(here):
            move[name], stay[name] = point, None
    return Anchors.model_validate(stay), Anchors.model_validate(move)


def _piece_name(
    document: ScenarioDocument, region: Region, kept: ShapelyPolygon, piece: ShapelyPolygon
) -> str:
    """The region's name and the side the new piece lies on, e.g. "Kessel (east)"."""
    a, b = kept.representative_point(), piece.representative_point()
    angle = math.degrees(math.atan2(-(b.y - a.y), b.x - a.x)) % 360  # y grows southwards
    sides = ("east", "north-east", "north", "north-west", "west", "south-west", "south")
    side = (*sides, "south-east")[round(angle / 45) % 8]
    names = {r.name for r in document.items("regions")}
    name, number = f"{region.name} ({side})", 2
    while name in names:
        name, number = f"{region.name} ({side} {number})", number + 1
    return name


def _touches(shape: ShapelyPolygon, other: Polygon) -> bool:
    return (
        shapely.length(shapely.intersection(shape.boundary, polygon_from_model(other).boundary)) > 0
    )


def _follow_connections(
    document: ScenarioDocument,
    region_id: str,
    piece_id: str,
    kept: ShapelyPolygon,
    piece: ShapelyPolygon,
) -> None:
    """Give each connection of the split region to the piece that touches its other end."""
    for connection in list(document.items("connections")):
        if region_id not in (connection.a, connection.b):
            continue
        other = document.get("regions", connection.b if connection.a == region_id else connection.a)
        if other is None:
            continue
        on_kept, on_piece = _touches(kept, other.polygon), _touches(piece, other.polygon)
        if not on_piece:
            continue  # stays with the kept piece (also links that need no common border)
        ends = {
            "a": piece_id if connection.a == region_id else connection.a,
            "b": piece_id if connection.b == region_id else connection.b,
        }
        if on_kept:
            copy_id = new_id(document, "connections", f"{piece_id}-{other.id}")
            document.add("connections", copy_with(connection, id=copy_id, **ends))
        else:
            document.replace("connections", copy_with(connection, **ends))


def _joining_type(document: ScenarioDocument, region: Region) -> str | None:
    """The connection type joining two pieces of ``region``; none for unplayable ground."""
    terrain = document.get("terrain", region.terrain)
    domain = JOINING_DOMAIN.get(terrain.domain if terrain else "land")
    if domain is None or region.unplayable:
        return None
    preferred = document.get("connection_types", domain)
    if preferred is not None and preferred.adjacent and preferred.domain == domain:
        return domain
    return next(
        (t.id for t in document.items("connection_types") if t.adjacent and t.domain == domain),
        None,
    )

"""Where pasted regions go on the map, and what moves with them (anchors, structures'
symbols, connections' bends)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeVar

import shapely
from pydantic import BaseModel

from ..base import Entity
from ..geometry.build import build_polygons, polygon_from_model
from ..geometry.outlines import XY
from ..geometry.pasting import fit_pasted_regions, free_offset, translated
from ..map import Polygon, Region, Structure
from .records import MapOutlines, Note
from .resolver import Resolver

M = TypeVar("M", bound=BaseModel)

COVERED = (
    "the regions already there cover all its ground",
    "the regions already there cover all their ground",
)


@dataclass
class PlacedMap:
    """Where the pasted regions went: by how much they moved, their fitted outlines (by
    their id in the copy, and by their id in the scenario), the regions of the map that got
    shared vertices, and the pasted regions left out (with the reason, for one and for
    several), clipped, or cut into pieces."""

    offset: XY = (0.0, 0.0)
    outlines: dict[str, Polygon] = field(default_factory=dict)
    existing: dict[str, Polygon] = field(default_factory=dict)
    gone: dict[str, tuple[str, str]] = field(default_factory=dict)
    clipped: list[str] = field(default_factory=list)
    pieces: dict[str, int] = field(default_factory=dict)
    by_new: dict[str, Polygon] = field(default_factory=dict)


def place_regions(resolver: Resolver, at: XY | None, map_outlines: MapOutlines | None) -> PlacedMap:
    """Place the copied regions: where they were when that ground is free, else beside;
    centred on ``at`` and clipped by the regions there when a point is given."""
    regions = resolver.items.get("regions", {})
    if not regions:
        return PlacedMap()
    current = map_outlines or MapOutlines.of(resolver.scenario)
    group = [r.polygon for r in regions.values()]  # type: ignore[attr-defined]
    if at is None:
        offset = free_offset(current.outlines, group, index=current.index)
    else:
        shapes = [s for s in build_polygons(group) if s is not None]
        minx, miny, maxx, maxy = shapely.total_bounds(shapes) if shapes else (0, 0, 0, 0)
        offset = (float(at[0] - (minx + maxx) / 2), float(at[1] - (miny + maxy) / 2))
    moved = [translated(p, *offset) for p in group]
    fitted = fit_pasted_regions(current.outlines, moved, index=current.index)
    placed = PlacedMap(offset=offset)
    for number, region_id in enumerate(regions):
        outline = fitted.outlines[number]
        if outline is None:
            refused = fitted.refused.get(number)
            placed.gone[region_id] = (refused, refused) if refused else COVERED
            continue
        placed.outlines[region_id] = outline
        if number in fitted.pieces:
            placed.pieces[region_id] = fitted.pieces[number]
        elif number in fitted.clipped:
            placed.clipped.append(region_id)
    for position, outline in fitted.changes.items():
        existing_id = current.ids[position]
        if existing_id is not None:
            placed.existing[existing_id] = outline
    if offset != (0.0, 0.0) and at is None:
        resolver.notes.append(
            Note(
                "moved",
                "The pasted regions would have covered regions already on the map; they were "
                f"put beside them (moved by {offset[0]:.6g}, {offset[1]:.6g})",
            )
        )
    return placed


def note_map(resolver: Resolver, placed: PlacedMap) -> None:
    """Notes about pasted regions that lost ground."""
    ids = resolver.new_id.get("regions", {})
    clipped = [new for r in placed.clipped if (new := ids.get(r))]
    if clipped:
        resolver.notes.append(
            Note(
                "clipped",
                f"{len(clipped)} pasted region{'s' if len(clipped) > 1 else ''} lost the "
                "ground regions already there cover",
                tuple(("regions", new) for new in clipped),
            )
        )
    for region_id, count in placed.pieces.items():
        new = ids.get(region_id)
        if new:
            resolver.notes.append(
                Note(
                    "clipped",
                    f"Region {new}: the free ground fell into {count} pieces; the largest was kept",
                    (("regions", new),),
                )
            )


def with_fields(model: M, **changes: Any) -> M:
    """A copy of ``model`` with ``changes``, validated again (``model_copy`` would not)."""
    data = model.model_dump(by_alias=True)
    data.update(changes)
    return type(model).model_validate(data)


def _moved(point: Any, dx: float, dy: float) -> XY | None:
    return None if point is None else (float(point[0]) + dx, float(point[1]) + dy)


def _inside(point: XY | None, shape: shapely.Geometry | None) -> bool:
    return point is not None and shape is not None and shape.contains(shapely.Point(point))


def placed_entity(
    collection: str, entity: Entity, placed: PlacedMap, shapes: dict[str, Any]
) -> Entity:
    """A map entity moved with the pasted regions (anchors outside its new outline are
    given back to the map to choose)."""
    dx, dy = placed.offset
    if collection == "regions" and isinstance(entity, Region):
        outline = placed.by_new[entity.id]
        shape = shapes.setdefault(entity.id, polygon_from_model(outline))
        anchors = {}
        for key, value in entity.anchors.model_dump().items():
            point = _moved(value, dx, dy)
            anchors[key] = point if _inside(point, shape) else None
        return with_fields(entity, polygon=outline, anchors=anchors)
    if collection == "structures" and isinstance(entity, Structure) and entity.anchor is not None:
        anchor = _moved(entity.anchor, dx, dy)
        region = entity.region
        shape = shapes.get(region)
        if shape is None and region in placed.by_new:
            shape = shapes.setdefault(region, polygon_from_model(placed.by_new[region]))
        keep = shape is None or _inside(anchor, shape)
        return with_fields(entity, anchor=anchor if keep else None)
    waypoints = getattr(entity, "waypoints", None)
    if collection == "connections" and waypoints and (dx or dy):
        return with_fields(entity, waypoints=[(x + dx, y + dy) for x, y in waypoints])
    return entity

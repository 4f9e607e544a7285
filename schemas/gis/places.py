"""Points and lines of a GIS layer turned into scenario entities on an existing map.

Points become structures (towns, ports...) or supply sources in the region that holds them;
rivers become river connections between the neighbours they separate; roads and railways
raise the network of the regions they run through and mark the connections they cross. The
layer is projected with the scenario's own ``map.projection``, so the scenario must have one
(an import of regions gives it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import shapely

from ..geometry.build import build_polygons
from ..map import Connection, PlaceValue, Region, Structure, SupplySource
from ..scenario import Scenario
from .naming import IdMaker, Lookup, slugify, text_value
from .options import ImportOptions
from .points_lines import (
    NETWORK_RANK,
    crossing_pairs,
    locate_points,
    network_through,
    river_pairs,
)
from .progress import Progress
from .projection import Projector
from .readers import GisError, Layer
from .regions import Note, source_crs

STRUCTURE_KINDS = ("city", "village", "fort", "airfield", "port")


@dataclass
class PlacesPlan:
    """Entities an import of points or lines adds or changes."""

    structures: list[Structure] = field(default_factory=list)
    supply_sources: list[SupplySource] = field(default_factory=list)
    connections: list[Connection] = field(default_factory=list)
    """New connections, and changed copies of existing ones (same ids)."""
    regions: list[Region] = field(default_factory=list)
    """Changed copies of existing regions (networks)."""
    notes: list[Note] = field(default_factory=list)


def _projected(layer: Layer, scenario: Scenario, options: ImportOptions) -> np.ndarray:
    model = scenario.map.projection
    if model is None:
        raise GisError(
            "the scenario does not say where its map lies on the Earth (no map.projection): "
            "import its regions from GIS data first, so that points and lines can be placed"
        )
    projector = Projector.from_model(model, source_crs(layer, options.crs))
    return projector.to_map(layer.geometries)


def _regions(scenario: Scenario) -> np.ndarray:
    shapes = build_polygons([r.polygon for r in scenario.regions])
    return np.asarray(shapes, dtype=object)


def plan_points(
    layer: Layer, scenario: Scenario, options: ImportOptions, progress: Progress | None = None
) -> PlacesPlan:
    """Structures or supply sources for the points of a layer."""
    progress = progress or Progress()
    progress.step("Placing points", 0.2)
    points = _projected(layer, scenario, options)
    kinds = shapely.get_type_id(points[~shapely.is_missing(points)])
    if len(kinds) == 0 or not np.isin(kinds, (0, 4)).all():
        raise GisError(f"layer '{layer.name}' holds geometries other than points")
    singles = np.asarray(
        [shapely.get_geometry(p, 0) if p is not None else None for p in points], dtype=object
    )
    regions = _regions(scenario)
    placed = locate_points(singles, regions).region
    plan = PlacesPlan()
    fields = options.fields
    nations = Lookup(scenario.nations)
    existing_structures = {s.id: s for s in scenario.structures}
    existing_sources = {s.id: s for s in scenario.supply_sources}
    ids = IdMaker()

    def value(key: str | None, index: int) -> Any:
        return layer.fields[key][index] if key and key in layer.fields else None

    for index, point in enumerate(singles):
        name = text_value(value(fields.name, index) or "")
        label = f"'{name}'" if name else f"point {index + 1}"
        if point is None:
            plan.notes.append(Note("skipped", f"{label} has no geometry; it is left out"))
            continue
        if placed[index] < 0:
            at = (float(shapely.get_x(point)), float(shapely.get_y(point)))
            plan.notes.append(Note("outside", f"{label} lies in no region; it is left out", at=at))
            continue
        region = scenario.regions[placed[index]].id
        kind = text_value(value(fields.kind, index) or options.points_as).lower()
        if kind not in (*STRUCTURE_KINDS, "supply"):
            plan.notes.append(
                Note(
                    "property", f"{label}: unknown kind '{kind}'; it becomes a {options.points_as}"
                )
            )
            kind = options.points_as
        stem = slugify(value(fields.id, index)) or slugify(name) or f"{kind}-{index + 1}"
        entity_id = ids.claim(stem, stem)
        if kind == "supply":
            source = {
                **(
                    existing_sources[entity_id].model_dump()
                    if entity_id in existing_sources
                    else {}
                )
            }
            source.update(id=entity_id, name=name, region=region)
            plan.supply_sources.append(SupplySource.model_validate(source))
            continue
        data = (
            existing_structures[entity_id].model_dump() if entity_id in existing_structures else {}
        )
        data.update(
            id=entity_id,
            name=name or entity_id,
            region=region,
            kind=kind,
            anchor=(float(shapely.get_x(point)), float(shapely.get_y(point))),
        )
        if kind == "port":
            data["port"] = True
        if kind == "airfield":
            data["airport"] = True
        owner = value(fields.owner, index)
        if owner is not None and nations.find(owner) is not None:
            data["owner"] = nations.find(owner)
        vp = value(fields.vp, index)
        if isinstance(vp, int | float):
            data["values"] = {s.id: PlaceValue(**{fields.vp_as: round(vp)}) for s in scenario.sides}
        plan.structures.append(Structure.model_validate(data))
    return plan


def plan_lines(
    layer: Layer, scenario: Scenario, options: ImportOptions, progress: Progress | None = None
) -> PlacesPlan:
    """River crossings, or road and rail networks, for the lines of a layer."""
    progress = progress or Progress()
    kind = options.lines_as
    if kind is None:
        raise GisError("say what the lines are: river, major-river, road or rail")
    progress.step("Placing lines", 0.2)
    lines = _projected(layer, scenario, options)
    present = lines[~shapely.is_missing(lines)]
    if len(present) == 0 or not np.isin(shapely.get_type_id(present), (1, 5)).all():
        raise GisError(f"layer '{layer.name}' holds geometries other than lines")
    regions = _regions(scenario)
    plan = PlacesPlan()
    by_pair = {frozenset((c.a, c.b)): c for c in scenario.connections}
    ids = IdMaker(c.id for c in scenario.connections)
    region_ids = [r.id for r in scenario.regions]
    follow = options.follow_km / scenario.map.projection.km_per_unit  # type: ignore[union-attr]
    if kind in ("river", "major-river"):
        if kind not in {t.id for t in scenario.connection_types}:
            raise GisError(f"the scenario's connection table has no type '{kind}'")
        for a, b in sorted(river_pairs(regions, lines, follow)):
            ends = (region_ids[a], region_ids[b])
            old = by_pair.get(frozenset(ends))
            if old is None:
                new_id = ids.claim(f"{ends[0]}-{ends[1]}", "river")
                plan.connections.append(Connection(id=new_id, a=ends[0], b=ends[1], type=kind))
            elif old.type != kind and old.type == "land":
                plan.connections.append(old.model_copy(update={"type": kind}))
        return plan
    rank = NETWORK_RANK[kind]
    for index in network_through(regions, lines, follow):
        region = scenario.regions[index]
        if NETWORK_RANK[region.network] < rank:
            plan.regions.append(region.model_copy(update={"network": kind}))
    for a, b in sorted(crossing_pairs(regions, lines)):
        ends = (region_ids[a], region_ids[b])
        old = by_pair.get(frozenset(ends))
        if old is None:
            new_id = ids.claim(f"{ends[0]}-{ends[1]}", kind)
            # Validated from data: the flag set ("road" or "rail") is named by the options.
            data = {"id": new_id, "a": ends[0], "b": ends[1], kind: True}
            plan.connections.append(Connection.model_validate(data))
        elif not getattr(old, kind):
            plan.connections.append(old.model_copy(update={kind: True}))
    return plan

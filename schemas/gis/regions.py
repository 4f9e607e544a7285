"""Regions from a polygon layer: projected, cleaned, simplified, named.

Two steps, so that a dialog can preview quickly:

- :func:`prepare` does the geometry (projection, repair, overlaps, simplification, slivers,
  multi-part features, gaps) and returns a :class:`Prepared` coverage in map units with the
  list of what it changed. It is the slow part, reports progress and can be cancelled.
- :func:`plan_regions` names the prepared shapes from the layer's properties and builds the
  regions to add and to update; it is quick, so changing which property holds the name does
  not redo the geometry.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, get_args

import numpy as np
import pyproj
import shapely

from ..map import MapProjection, Network, PlaceValue, Polygon, Region
from ..scenario import Scenario
from . import coverage
from .coverage import Change
from .naming import IdMaker, Lookup, slugify, text_value
from .options import FieldMap, ImportOptions
from .progress import Progress
from .projection import Projector, choose_target, metres_per_unit, parse_crs, project_points
from .readers import GisError, Layer
from .rings import Rings
from .simplify import Target, simplify, vertex_count


@dataclass
class Prepared:
    """A layer's polygons as a clean coverage in map units, one shape per future region."""

    projector: Projector
    shapes: list[shapely.Geometry]
    feature: list[int]
    """Index in the layer of the feature each shape comes from."""
    part: list[int]
    """0 for a feature's main shape, 1, 2... for further parts kept as regions."""
    changes: list[Change]
    min_area: float
    """Area threshold used for slivers and gaps, in map units squared."""
    tolerance: float = 0.0
    vertices_before: int = 0
    vertices_after: int = 0

    def km2(self, area: float) -> float:
        return area * self.projector.km_per_unit**2


def source_crs(layer: Layer, given: str | None) -> pyproj.CRS:
    """The data's CRS: the one given, else the file's, else longitude and latitude when the
    coordinates look like them."""
    if given:
        return parse_crs(given, "data's CRS")
    if layer.crs:
        return parse_crs(layer.crs, f"CRS of '{layer.path.name}'")
    present = layer.geometries[~shapely.is_missing(layer.geometries)]
    if len(present):
        west, south, east, north = shapely.total_bounds(present).tolist()
        if west >= -180 and east <= 360 and south >= -90 and north <= 90:
            return pyproj.CRS("OGC:CRS84")
    raise GisError(
        f"'{layer.path.name}' does not say which CRS its coordinates are in; give it (--crs)"
    )


def default_projection(layer: Layer, options: ImportOptions) -> pyproj.CRS:
    """The projection an import with these options would put a first layer on (see
    :func:`~.projection.project_points`), for showing it before importing."""
    source = source_crs(layer, options.crs)
    present = layer.geometries[~shapely.is_missing(layer.geometries)]
    if len(present) == 0:
        raise GisError(f"layer '{layer.name}' of '{layer.path.name}' has no geometry")
    return choose_target(shapely.get_coordinates(present), source, options.projection)


def _digits(km_per_unit: float) -> int:
    """Decimals of map units kept: map coordinates are rounded to the metre or finer."""
    return max(0, -math.floor(math.log10(0.001 / km_per_unit)))


def source_resolution(crs: pyproj.CRS) -> float:
    """About a centimetre in the data's units: points of the data closer than that are one
    vertex (they end up in the same metre of the map anyway)."""
    if crs.is_geographic:
        return 1e-7
    try:
        return 0.01 / metres_per_unit(crs)
    except GisError:
        return 0.01


def prepare(
    layer: Layer,
    options: ImportOptions,
    existing: MapProjection | None = None,
    progress: Progress | None = None,
) -> Prepared:
    """Project, clean and simplify a polygon layer (see the module's description).

    The polygons are taken apart into rings over shared vertices once (:mod:`.rings`); each
    distinct vertex is projected once. A broken outline or coverage (an outline crossing
    itself, features overlapping, borders that do not match) shows when the simplified
    map is checked: only then is the data repaired and cleaned, and simplified again.
    """
    progress = progress or Progress()
    progress.step("Projecting", 0.05)
    source = source_crs(layer, options.crs)
    geoms, changes = coverage.polygonal(layer.geometries)
    if shapely.is_missing(geoms).all():
        raise GisError(f"layer '{layer.name}' of '{layer.path.name}' has no polygon to import")
    rings = Rings.from_geometries(geoms, source_resolution(source))
    projector, xy = project_points(
        rings.xy, source, options.projection, options.km_per_unit, existing
    )
    digits = _digits(projector.km_per_unit)
    resolution = 10.0**-digits
    rings = rings.with_points(xy, digits)
    target = Target(
        tolerance=options.simplify_km / projector.km_per_unit if options.simplify_km else None,
        vertices=options.simplify_vertices,
    )
    before = rings.vertices()
    stage = _share(progress, 0.1, 0.8)
    result = simplify(rings, target, resolution, stage) if target.active else None
    if result is None or len(result.broken):
        # Broken outlines or borders (or no simplification asked, so nothing was checked):
        # check everything, repair, clean, then simplify again.
        progress.step("Repairing outlines", 0.3)
        geoms, repaired = coverage.repair(rings.features_of(rings.parts()))
        geoms, cleaned = coverage.clean(geoms, progress)
        changes += repaired + cleaned
        if target.active and (repaired or cleaned):
            rings = Rings.from_geometries(geoms, resolution / 2)
            result = simplify(rings, target, resolution, stage)
            if len(result.broken) == 0:
                geoms = rings.features_of(result.parts)
        elif result is not None and len(result.broken) == 0:
            geoms = rings.features_of(result.parts)
    else:
        geoms = rings.features_of(result.parts)
    progress.step("Merging slivers and gaps", 0.85)
    if options.min_area_km2 is None:
        present = geoms[~shapely.is_missing(geoms)]
        min_area = float(np.median(shapely.area(present))) / 1000.0 if len(present) else 0.0
    else:
        min_area = options.min_area_km2 / projector.km_per_unit**2
    pieces = coverage.explode(geoms)
    changes += coverage.merge_slivers(pieces, min_area)
    changes += coverage.resolve_parts(pieces, options.multipart)
    changes += coverage.fill_gaps(pieces, min_area)
    live = [i for i, shape in enumerate(pieces.shapes) if shape is not None]
    polygons, index = shapely.get_parts(
        np.asarray([pieces.shapes[i] for i in live], dtype=object), return_index=True
    )
    feature = np.asarray(pieces.owner, dtype=np.int64)[live][index].tolist()
    part: list[int] = []
    counter: dict[int, int] = {}
    for owner in feature:
        part.append(counter.get(owner, 0))
        counter[owner] = part[-1] + 1
    # One ring direction whatever the file's (GeoJSON asks exteriors anticlockwise on the
    # Earth, Shapefiles clockwise, GIS tools write either): exteriors anticlockwise in map
    # units as written (x east, y south), holes the other way. The longitude-latitude export
    # turns them round for RFC 7946, so an exported file imported back lists every outline's
    # vertices in the order they had, and the scenario file changes only where borders moved.
    shapes = list(shapely.orient_polygons(polygons, exterior_cw=False))
    progress.step("Done", 1.0)
    return Prepared(
        projector,
        shapes,
        feature,
        part,
        changes,
        min_area,
        result.tolerance if result else 0.0,
        before,
        vertex_count(np.asarray(shapes, dtype=object)),
    )


def _share(progress: Progress, start: float, end: float) -> Progress:
    """A progress for one stage, mapped onto ``start``-``end`` of the whole."""
    report = progress.report
    if report is None:
        return Progress(None, progress.cancelled)
    return Progress(
        lambda text, done: report(text, start + (end - start) * done), progress.cancelled
    )


def outline_models(shapes: list[shapely.Geometry]) -> list[Polygon]:
    """The format's outlines of many shapely polygons at once (closing points dropped).

    The points come straight from valid shapely polygons, so the models are constructed
    without validating every point again (the slow part for large maps).
    """
    if not shapes:
        return []
    rings, owner = shapely.get_rings(np.asarray(shapes, dtype=object), return_index=True)
    coords, ring_of = shapely.get_coordinates(rings, return_index=True)
    starts = np.searchsorted(ring_of, np.arange(len(rings) + 1))
    points = list(zip(coords[:, 0].tolist(), coords[:, 1].tolist(), strict=True))
    out: list[list[list[tuple[float, float]]]] = [[] for _ in shapes]
    for ring, shape in enumerate(owner.tolist()):
        out[shape].append(points[starts[ring] : starts[ring + 1] - 1])
    return [Polygon.model_construct(exterior=r[0], holes=r[1:]) for r in out]


NETWORKS = frozenset(get_args(Network))
"""Values a network property may hold (``none``, ``trail``, ``road``, ``rail``)."""


@dataclass
class Note:
    """One line of the list of what an import changed or could not do."""

    kind: str
    text: str
    region: str | None = None
    at: tuple[float, float] | None = None


@dataclass
class RegionPlan:
    """The regions an import adds and updates, and everything worth telling the designer."""

    added: list[Region] = field(default_factory=list)
    updated: list[Region] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    projection: MapProjection | None = None
    shapes: dict[str, shapely.Geometry] = field(default_factory=dict)
    """The shapely polygon of each region added or updated, by id (its outline as built)."""


def _feature_label(layer: Layer, fields: FieldMap, index: int) -> str:
    if fields.name and fields.name in layer.fields:
        value = layer.fields[fields.name][index]
        if value is not None and text_value(value):
            return f"'{text_value(value)}'"
    return f"feature {index + 1}"


def plan_regions(
    prepared: Prepared, layer: Layer, scenario: Scenario, fields: FieldMap
) -> RegionPlan:
    """Name the prepared shapes and build the regions (see the module's description)."""
    plan = RegionPlan(projection=prepared.projector.model())
    existing = {r.id: r for r in scenario.regions}
    ids = IdMaker()
    terrain, nations, areas = (
        Lookup(scenario.terrain),
        Lookup(scenario.nations),
        Lookup(scenario.areas),
    )
    land = [t.id for t in scenario.terrain if t.domain == "land"]
    default_terrain = land[0] if land else (scenario.terrain[0].id if scenario.terrain else "")
    unknown: dict[str, dict[str, int]] = {"terrain": {}, "owner": {}, "area": {}, "network": {}}
    stems: dict[int, str] = {}
    names: dict[int, str] = {}

    def value(key: str | None, index: int) -> Any:
        if key is None or key not in layer.fields:
            return None
        return layer.fields[key][index]

    outlines = outline_models(prepared.shapes)
    for outline, shape, index, part in zip(
        outlines, prepared.shapes, prepared.feature, prepared.part, strict=True
    ):
        if index not in stems:
            name = value(fields.name, index)
            names[index] = text_value(name) if name is not None else ""
            stems[index] = slugify(value(fields.id, index)) or slugify(name)
        stem = stems[index] or f"region-{index + 1}"
        wanted = stem if part == 0 else f"{stem}-{part + 1}"
        # A made-up id must not update whichever existing region happens to have it.
        avoid = () if stems[index] else existing.keys()
        region_id = ids.claim(wanted, stem, avoid)
        if part == 0 and region_id != wanted:
            plan.notes.append(
                Note(
                    "duplicate-id",
                    f"two features give the id '{wanted}'; this one is '{region_id}'",
                    region_id,
                )
            )
        name = names[index] or region_id
        data: dict[str, Any] = existing[region_id].model_dump() if region_id in existing else {}
        data.update(id=region_id, polygon=outline)
        if names[index] or region_id not in existing:
            data["name"] = name if part == 0 else f"{name} ({part + 1})"
        for key, lookup, column in (
            ("terrain", terrain, fields.terrain),
            ("owner", nations, fields.owner),
            ("area", areas, fields.area),
        ):
            raw = value(column, index)
            if raw is None or text_value(raw) == "":
                continue
            found = lookup.find(raw)
            if found is None:
                counts = unknown[key]
                counts[text_value(raw)] = counts.get(text_value(raw), 0) + 1
            else:
                data[key] = found
        raw = value(fields.network, index)
        if raw is not None and text_value(raw) != "":
            network = text_value(raw).casefold()
            if network in NETWORKS:
                data["network"] = network
            else:
                counts = unknown["network"]
                counts[text_value(raw)] = counts.get(text_value(raw), 0) + 1
        data.setdefault("terrain", default_terrain)
        vp = value(fields.vp, index)
        if vp is not None:
            try:
                points = round(float(vp))
            except (TypeError, ValueError):
                plan.notes.append(Note("property", f"VP '{vp}' is not a number", region_id))
            else:
                data["values"] = {
                    side.id: PlaceValue(**{fields.vp_as: points}) for side in scenario.sides
                }
        region = Region.model_validate(data)
        plan.shapes[region_id] = shape
        if region_id in existing:
            plan.updated.append(region)
        else:
            plan.added.append(region)
    for key, counts in unknown.items():
        if counts:
            listed = ", ".join(f"'{v}'" for v in sorted(counts)[:8])
            more = "..." if len(counts) > 8 else ""
            fallback = f"they get '{default_terrain}'" if key == "terrain" else "left empty"
            known = "the scenario does not have"
            if key == "network":
                known, fallback = "that is not none, trail, road or rail", "left unchanged"
            plan.notes.append(
                Note(
                    "unknown-reference",
                    f"{sum(counts.values())} features name a {key} {known} "
                    f"({listed}{more}); {fallback}",
                )
            )
    plan.notes[:0] = describe(prepared, layer, fields, dict(stems))
    return plan


def describe(
    prepared: Prepared, layer: Layer, fields: FieldMap, stems: dict[int, str]
) -> list[Note]:
    """The geometry changes as sentences."""

    def who(index: int | None) -> str:
        if index is None or index < 0:
            return "a neighbour"
        return _feature_label(layer, fields, index)

    def km2(area: float) -> str:
        return f"{prepared.km2(area):.3g} km²"

    notes = []
    for change in prepared.changes:
        region = stems.get(change.feature) if change.feature is not None else None
        text = {
            "repaired": f"the outline of {who(change.feature)} crossed itself; it was repaired",
            "skipped": f"{who(change.feature)} has no polygon; it is left out",
            "overlap": f"the borders of {who(change.feature)} were matched to its neighbours "
            f"({km2(change.area)} moved)",
            "covered": f"{who(change.feature)} ({km2(change.area)}) lies wholly over other "
            "features; it is left out",
            "sliver": f"a sliver of {who(change.feature)} ({km2(change.area)}) joined "
            f"{who(change.into)}",
            "speck": f"a speck of {who(change.feature)} ({km2(change.area)}) touching nothing "
            "was left out",
            "part": f"a further part of {who(change.feature)} ({km2(change.area)}) became a "
            "region of its own",
            "part-joined": f"a further part of {who(change.feature)} ({km2(change.area)}) "
            f"joined {who(change.into)}",
            "gap-filled": f"a gap of {km2(change.area)} joined {who(change.into)}",
            "gap-left": f"a gap of {km2(change.area)} is left (above the merging threshold)",
        }[change.kind]
        notes.append(Note(change.kind, text, region, change.at))
    return notes

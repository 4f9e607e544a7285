"""Real geography into scenarios, and back out: GIS import and export. No Qt here.

Reading (:mod:`.readers`, pyogrio), projecting (:mod:`.projection`, pyproj), cleaning and
simplifying the coverage (:mod:`.coverage`, :mod:`.simplify`, shapely), naming
(:mod:`.naming`), regions (:mod:`.regions`), points and lines (:mod:`.places`), putting the
result into a scenario (:mod:`.apply`) and exporting longitude and latitude (:mod:`.export`).

For a preview that updates as the designer changes settings, call :func:`.regions.prepare`
(slow: geometry; it takes a :class:`Progress` that reports and can cancel) only when the
geometry settings change, and :func:`.regions.plan_regions` (quick: names, ids, fields) for
everything else. :func:`import_layer` does the whole import in one call.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..scenario import Scenario
from .apply import apply_places, apply_regions
from .coverage import Change
from .export import lonlat_features, lonlat_geojson_text
from .naming import slugify
from .options import FieldMap, ImportOptions, guess_fields
from .places import PlacesPlan, plan_lines, plan_points
from .progress import Cancelled, Progress
from .projection import Projector
from .readers import GisError, Layer, list_layers, read_layer
from .regions import Note, Prepared, RegionPlan, plan_regions, prepare


@dataclass
class Imported:
    """The scenario after an import, and what the import did."""

    scenario: Scenario
    kind: str
    """``regions``, ``points`` or ``lines``."""
    notes: list[Note] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    prepared: Prepared | None = None


def import_layer(
    layer: Layer,
    scenario: Scenario,
    options: ImportOptions | None = None,
    progress: Progress | None = None,
) -> Imported:
    """Import a layer into a scenario: polygons become regions, points structures or supply
    sources, lines river crossings or networks (see :class:`ImportOptions`)."""
    options = options or ImportOptions()
    progress = progress or Progress()
    kinds = layer.kinds()
    fields = guess_fields(list(layer.fields), options.fields)
    if len(kinds) != 1:
        found = ", ".join(sorted(kinds)) or "nothing"
        raise GisError(
            f"layer '{layer.name}' of '{layer.path.name}' holds {found}; a layer to import "
            "holds polygons, points or lines"
        )
    kind = kinds.pop()
    if kind == "polygon":
        prepared = prepare(layer, options, scenario.map.projection, progress)
        plan = plan_regions(prepared, layer, scenario, fields)
        result, notes = apply_regions(scenario, plan, options.connect)
        return Imported(
            result,
            "regions",
            [*plan.notes, *notes],
            [r.id for r in plan.added],
            [r.id for r in plan.updated],
            prepared,
        )
    with_fields = replace(options, fields=fields)
    if kind == "point":
        places = plan_points(layer, scenario, with_fields, progress)
        entities = [*places.structures, *places.supply_sources]
    elif kind == "line":
        places = plan_lines(layer, scenario, with_fields, progress)
        entities = [*places.connections, *places.regions]
    else:
        raise GisError(f"layer '{layer.name}' holds geometry collections; split them first")
    before = {e.id for e in (*scenario.structures, *scenario.supply_sources)}
    before |= {e.id for e in (*scenario.connections, *scenario.regions)}
    return Imported(
        apply_places(scenario, places),
        "points" if kind == "point" else "lines",
        places.notes,
        [e.id for e in entities if e.id not in before],
        [e.id for e in entities if e.id in before],
    )


__all__ = [
    "Cancelled",
    "Change",
    "FieldMap",
    "GisError",
    "ImportOptions",
    "Imported",
    "Layer",
    "Note",
    "PlacesPlan",
    "Prepared",
    "Progress",
    "Projector",
    "RegionPlan",
    "apply_places",
    "apply_regions",
    "guess_fields",
    "import_layer",
    "list_layers",
    "lonlat_features",
    "lonlat_geojson_text",
    "plan_lines",
    "plan_points",
    "plan_regions",
    "prepare",
    "read_layer",
    "slugify",
]

"""Regions to and from GeoJSON, so that outlines can be traced or corrected in a GIS.

Coordinates are the scenario's map coordinates, written as they are: ``x`` to the right and
``y`` growing *downwards*, as in the studio. Nothing is projected or flipped, so a GIS that
takes the numbers for longitude and latitude shows the map upside down; that is the price of
an exact round trip (export, edit in QGIS, import gives back the very same numbers).

Each region is one ``Polygon`` feature: the exterior ring first, then the holes, each ring
closed as GeoJSON requires and in the scenario's own point order. The region's id is both the
feature's ``id`` and its ``id`` property (GIS tools tend to keep properties and drop feature
ids); every other field of a region is a property of the same name (anchors and per-side values
as small objects, ``null`` anchors when the map places every symbol by itself). An import only
changes the fields a feature gives.

Importing maps properties to region fields (:class:`PropertyMapping`). A feature whose id
matches an existing region updates that region; any other feature becomes a new region. A
``MultiPolygon`` feature becomes one region per part: the first part takes the feature's id,
the others ``<id>-2``, ``<id>-3``..., so importing the same file twice gives the same regions.
Problems are :class:`~schemas.issues.Issue` records whose JSON pointers lead into the GeoJSON
file; their codes are in :data:`GEOJSON_CODES`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from .base import Entity
from .geometry.build import distinct_points, polygon_from_model
from .geometry.validity import outline_problem
from .issues import CodeInfo, Issue, pointer
from .map import Anchors, Polygon, Region
from .places import places_of
from .scenario import Scenario

GEOJSON_CODES: dict[str, CodeInfo] = {
    "geojson-not-features": CodeInfo("error", "The data is not a GeoJSON feature or collection."),
    "geojson-geometry": CodeInfo("error", "A feature has no usable polygon; it is skipped."),
    "geojson-outline": CodeInfo("warning", "An imported outline is not a valid region outline."),
    "geojson-multipolygon": CodeInfo("warning", "A multi-part feature became several regions."),
    "geojson-duplicate-id": CodeInfo("warning", "Two features give the same region id."),
    "geojson-unknown-reference": CodeInfo(
        "warning", "A property names a terrain, nation or area the scenario does not have."
    ),
    "geojson-property": CodeInfo("warning", "A property does not fit its region field."),
}
"""Codes of the problems an import reports (they are not validation codes of a scenario)."""

EXPORTED_FIELDS = (
    "id",
    "name",
    "terrain",
    "owner",
    "area",
    "network",
    "off_map",
    "unplayable",
    "income",
    "stacking",
    "air_stacking",
    "description",
    "anchors",
    "values",
)
"""Region fields written as properties, in this order."""

_MAPPED_FIELDS = ("name", "terrain", "owner", "area", "description")
"""Fields an import reads through :class:`PropertyMapping` (or a fixed property name) and
checks against the scenario; every other exported field but the id is read from the
property of its own name."""
_OPTIONAL_FIELDS = tuple(f for f in EXPORTED_FIELDS if f not in ("id", *_MAPPED_FIELDS))
_NESTED = ("anchors", "values")
"""Fields that are objects; GIS tools may hand them back as JSON text."""
_NULLABLE = {"owner", "area", "stacking", "air_stacking"}
"""Fields where ``null`` means "nothing"; elsewhere a ``null`` property is treated as absent,
because GIS tools write ``null`` for any empty cell."""


@dataclass(frozen=True, slots=True)
class PropertyMapping:
    """Which property holds each region field; ``None`` leaves the field alone.

    Without an id property (or when a feature lacks it) the feature's own ``id`` is used,
    then its name; ids are turned into valid slugs.
    """

    id: str | None = "id"
    name: str | None = "name"
    terrain: str | None = "terrain"
    owner: str | None = "owner"


@dataclass
class ImportResult:
    """What importing would do: regions to add, regions to update, and the problems met."""

    added: list[Region] = field(default_factory=list)
    updated: list[Region] = field(default_factory=list)
    """Edited copies of existing regions (same ids)."""
    unchanged: list[str] = field(default_factory=list)
    """Ids of existing regions the file gives back exactly as they are."""
    issues: list[Issue] = field(default_factory=list)


def _issue(code: str, path: str, message: str, entity: str | None = None, **kw: Any) -> Issue:
    return Issue(code, GEOJSON_CODES[code].severity, path, message, entity, **kw)


# -- export ---------------------------------------------------------------------------------------


def _closed(ring: Sequence[tuple[float, float]]) -> list[list[float]]:
    points = [[x, y] for x, y in ring]
    return [*points, points[0]] if points else points


def region_feature(region: Region) -> dict[str, Any]:
    """One region as a GeoJSON ``Polygon`` feature."""
    outline = region.polygon
    properties = region.model_dump(mode="json", include=set(EXPORTED_FIELDS))
    properties = {name: properties[name] for name in EXPORTED_FIELDS}
    if region.anchors == Anchors():
        properties["anchors"] = None
    return {
        "type": "Feature",
        "id": region.id,
        "properties": properties,
        "geometry": {
            "type": "Polygon",
            "coordinates": [_closed(outline.exterior), *map(_closed, outline.holes)],
        },
    }


def export_regions(scenario: Scenario) -> dict[str, Any]:
    """Every region of the scenario (every hex of a hex map, its outline computed) as a
    GeoJSON ``FeatureCollection``."""
    return {
        "type": "FeatureCollection",
        "name": scenario.info.title,
        "features": [region_feature(region) for region in places_of(scenario).regions],
    }


def geojson_text(scenario: Scenario) -> str:
    """The export as text, one feature per line so that a changed region is one changed line."""
    collection = export_regions(scenario)
    features = ",\n".join(json.dumps(f, ensure_ascii=False) for f in collection["features"])
    head = json.dumps({"type": "FeatureCollection", "name": collection["name"]})[:-1]
    return f'{head}, "features": [\n{features}\n]}}\n'


# -- import ---------------------------------------------------------------------------------------


def features_of(data: Any) -> tuple[list[tuple[str, dict[str, Any]]], list[Issue]]:
    """The features of a GeoJSON document with their JSON pointers."""
    if isinstance(data, dict) and data.get("type") == "Feature":
        return [("", data)], []
    if not (isinstance(data, dict) and data.get("type") == "FeatureCollection"):
        message = "expected a GeoJSON FeatureCollection or Feature"
        return [], [_issue("geojson-not-features", "", message)]
    items = data.get("features")
    if not isinstance(items, list):
        return [], [_issue("geojson-not-features", "/features", "'features' is not a list")]
    out, issues = [], []
    for index, item in enumerate(items):
        path = pointer("features", index)
        if isinstance(item, dict) and item.get("type") == "Feature":
            out.append((path, item))
        else:
            issues.append(_issue("geojson-not-features", path, "this item is not a Feature"))
    return out, issues


def property_names(data: Any) -> list[str]:
    """Every property name the features use, in order of first appearance."""
    names: dict[str, None] = {}
    for _, feature in features_of(data)[0]:
        properties = feature.get("properties")
        if isinstance(properties, dict):
            names.update(dict.fromkeys(map(str, properties)))
    return list(names)


def slug(value: Any) -> str:
    """A valid id made from any value (``"Lake Vessa"`` -> ``"lake-vessa"``); ``""`` if none.

    Letters are transliterated, never dropped (``"Récollet"`` -> ``"recollet"``): the same
    ids as the GIS import makes.
    """
    from .gis.naming import slugify  # imported here: schemas.gis imports this module

    return slugify(value)


def _position(value: Any) -> tuple[float, float] | None:
    if not isinstance(value, list | tuple) or len(value) < 2:
        return None
    x, y = value[0], value[1]  # a third coordinate (height) is dropped
    if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in (x, y)):
        return None
    if not (math.isfinite(x) and math.isfinite(y)):
        return None
    return float(x), float(y)


def _outline(rings: Any, path: str) -> Polygon | Issue:
    if not isinstance(rings, list) or not rings:
        return _issue("geojson-geometry", path, "a polygon needs a list of rings")
    parsed: list[list[tuple[float, float]]] = []
    for number, ring in enumerate(rings):
        points = [_position(p) for p in ring] if isinstance(ring, list) else [None]
        if any(p is None for p in points):
            return _issue(
                "geojson-geometry", f"{path}/{number}", "a ring holds something other than [x, y]"
            )
        clean = [p for p in points if p is not None]
        if distinct_points(clean) < 3:
            message = "a ring has fewer than 3 different points"
            return _issue("geojson-geometry", f"{path}/{number}", message)
        parsed.append(clean)
    return Polygon(exterior=parsed[0], holes=parsed[1:])


def _outlines(feature: dict[str, Any], path: str) -> tuple[list[Polygon], list[Issue]]:
    geometry = feature.get("geometry")
    path = f"{path}/geometry"
    if not isinstance(geometry, dict):
        return [], [_issue("geojson-geometry", path, "the feature has no geometry")]
    kind, coordinates = geometry.get("type"), geometry.get("coordinates")
    if kind == "Polygon":
        parts = [(f"{path}/coordinates", coordinates)]
    elif kind == "MultiPolygon" and isinstance(coordinates, list) and coordinates:
        parts = [(f"{path}/coordinates/{i}", c) for i, c in enumerate(coordinates)]
    elif kind == "MultiPolygon":
        return [], [_issue("geojson-geometry", path, "the MultiPolygon has no parts")]
    else:
        message = f"a {kind} geometry cannot be a region; only Polygon and MultiPolygon can"
        return [], [_issue("geojson-geometry", path, message)]
    out, issues = [], []
    for part_path, rings in parts:
        outline = _outline(rings, part_path)
        if isinstance(outline, Issue):
            return [], [outline]
        out.append(outline)
        problem = outline_problem(polygon_from_model(outline))
        if problem is not None:
            words, at = problem
            issues.append(_issue("geojson-outline", part_path, f"the outline {words}", at=at))
    return out, issues


class _Lookup:
    """Finds an entity by id or, failing that, by its name (case does not matter)."""

    def __init__(self, entities: Sequence[Entity]) -> None:
        self.ids = {e.id for e in entities}
        self.names = {str(getattr(e, "name", "")).casefold(): e.id for e in reversed(entities)}

    def find(self, value: Any) -> str | None:
        text = str(value).strip()
        if text in self.ids:
            return text
        return self.names.get(text.casefold(), slug(text) if slug(text) in self.ids else None)


class _Importer:
    def __init__(self, scenario: Scenario, mapping: PropertyMapping) -> None:
        self.scenario = scenario
        self.mapping = mapping
        self.existing = {r.id: r for r in reversed(scenario.regions)}
        self.lookups = {
            "terrain": _Lookup(scenario.terrain),
            "owner": _Lookup(scenario.nations),
            "area": _Lookup(scenario.areas),
        }
        self.claimed: set[str] = set()
        self.result = ImportResult()

    @property
    def default_terrain(self) -> str:
        # New regions need a terrain; the table's first row is as good a guess as any, and
        # the designer sees the warning that says so.
        return self.scenario.terrain[0].id if self.scenario.terrain else "clear"

    def fallback(self, name: str) -> str:
        if name == "terrain":
            return f"the region gets '{self.default_terrain}'"
        return f"the region gets no {name}"

    def run(self, data: Any) -> ImportResult:
        features, issues = features_of(data)
        self.result.issues.extend(issues)
        for number, (path, feature) in enumerate(features):
            self.feature(number, path, feature)
        return self.result

    def feature(self, number: int, path: str, feature: dict[str, Any]) -> None:
        outlines, issues = _outlines(feature, path)
        raw = feature.get("properties")
        properties: dict[str, Any] = raw if isinstance(raw, dict) else {}
        stem = self.feature_id(properties, feature) or self.unused(f"region-{number + 1}")
        if len(outlines) > 1:
            message = f"{len(outlines)} parts become regions {stem}, {stem}-2..."
            issues.append(_issue("geojson-multipolygon", f"{path}/geometry", message, stem))
        for part, outline in enumerate(outlines):
            wanted = stem if part == 0 else f"{stem[:60]}-{part + 1}"
            region_id = self.claim(wanted, path)
            self.region(region_id, part, outline, properties, path)
        self.result.issues.extend(
            Issue(i.code, i.severity, i.path, i.message, i.entity or stem, at=i.at) for i in issues
        )

    def feature_id(self, properties: dict[str, Any], feature: dict[str, Any]) -> str:
        name_key = self.mapping.name
        for value in (
            properties.get(self.mapping.id) if self.mapping.id else None,
            feature.get("id"),
            properties.get(name_key) if name_key else None,
        ):
            if value is not None and slug(value):
                return slug(value)
        return ""

    def claim(self, wanted: str, path: str) -> str:
        if wanted not in self.claimed:
            self.claimed.add(wanted)
            return wanted
        fresh = self.unused(wanted)
        message = f"another feature already gives the id '{wanted}'; this one becomes '{fresh}'"
        self.result.issues.append(_issue("geojson-duplicate-id", path, message, fresh))
        self.claimed.add(fresh)
        return fresh

    def unused(self, wanted: str) -> str:
        """An id neither the scenario nor this file uses (a feature without an id must not
        update whichever region happens to be called ``region-3``)."""
        taken = self.claimed | set(self.existing)
        if wanted not in taken:
            return wanted
        number = 2
        while f"{wanted[:56]}-{number}" in taken:
            number += 1
        return f"{wanted[:56]}-{number}"

    def region(
        self,
        region_id: str,
        part: int,
        outline: Polygon,
        properties: dict[str, Any],
        path: str,
    ) -> None:
        old = self.existing.get(region_id)
        data: dict[str, Any] = old.model_dump() if old else {"id": region_id}
        data["polygon"] = outline
        # Fields the mapping does not name (area, description) keep their own property.
        mapped = {f: getattr(self.mapping, f, f) for f in _MAPPED_FIELDS}
        given = {f: properties[k] for f, k in mapped.items() if k is not None and k in properties}
        given.update({f: properties[f] for f in _OPTIONAL_FIELDS if f in properties})
        given = {f: v for f, v in given.items() if v is not None or f in _NULLABLE}
        for name in _NESTED:
            if isinstance(given.get(name), str):
                given[name] = _json_or_text(given[name])
        for name, key in mapped.items():
            value = given.get(name)
            if name in self.lookups and value is not None and name in given:
                found = self.lookups[name].find(value)
                if found is None:
                    kind = {"owner": "nation"}.get(name, name)
                    message = f"no {kind} '{value}'; " + (
                        f"the {name} is left as it was" if old else self.fallback(name)
                    )
                    where = _prop(path, key)
                    issue = _issue("geojson-unknown-reference", where, message, region_id)
                    self.result.issues.append(issue)
                    del given[name]
                else:
                    given[name] = found
        if "name" in given:
            given["name"] = str(given["name"]) + (f" ({part + 1})" if part else "")
        data.update(given)
        data.setdefault("name", region_id)
        if "terrain" not in data:
            data["terrain"] = self.default_terrain
        region = self.validated(data, old, mapped, path)
        if region is None:
            return
        if old is None:
            self.result.added.append(region)
        elif region == old:
            self.result.unchanged.append(region_id)
        else:
            self.result.updated.append(region)

    def validated(
        self, data: dict[str, Any], old: Region | None, keys: dict[str, str | None], path: str
    ) -> Region | None:
        # Each bad value is reported and dropped (back to what the region had), so one odd
        # cell in a GIS table does not lose the outline.
        for _ in range(len(data)):
            try:
                return Region.model_validate(data)
            except ValidationError as error:
                bad = {str(e["loc"][0]) for e in error.errors() if e["loc"]}
                if not bad or not bad <= set(data) - {"id", "polygon"}:
                    message = f"the region cannot be built: {error.errors()[0]['msg']}"
                    self.result.issues.append(_issue("geojson-property", path, message))
                    return None
                for name in sorted(bad):
                    key = keys.get(name) or name
                    message = f"'{data[name]}' does not fit the region's {name}; it is ignored"
                    issue = _issue("geojson-property", _prop(path, key), message, data["id"])
                    self.result.issues.append(issue)
                    if old is not None:
                        data[name] = getattr(old, name)
                    else:
                        del data[name]
                data.setdefault("name", data["id"])
        return None


def _json_or_text(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text  # reported by validation as a value that does not fit


def _prop(path: str, key: str | None) -> str:
    return f"{path}{pointer('properties', key or '')}"


def import_regions(
    data: Any, scenario: Scenario, mapping: PropertyMapping | None = None
) -> ImportResult:
    """The regions a GeoJSON document adds to or updates in ``scenario`` (left unchanged)."""
    return _Importer(scenario, mapping or PropertyMapping()).run(data)

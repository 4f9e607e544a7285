"""GeoJSON export and import of regions: exact round trips, mapped properties, clear issues."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from schemas.geojson import (
    GEOJSON_CODES,
    PropertyMapping,
    export_regions,
    geojson_text,
    import_regions,
    property_names,
)
from schemas.io import load_file, load_text
from schemas.scenario import Scenario
from tests.factory import base

SAMPLE = Path(__file__).resolve().parent.parent / "sample_scenarios" / "vessa-crossing.json"


@pytest.fixture(scope="module")
def sample() -> Scenario:
    scenario = load_file(SAMPLE).scenario
    assert scenario is not None
    return scenario


@pytest.fixture
def grid() -> Scenario:
    scenario = load_text(json.dumps(base())).scenario
    assert scenario is not None
    return scenario


def feature(geometry: Any, **properties: Any) -> dict[str, Any]:
    return {"type": "Feature", "properties": properties, "geometry": geometry}


def square(x: float, y: float, size: float = 50) -> dict[str, Any]:
    ring = [[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]]
    return {"type": "Polygon", "coordinates": [ring]}


def collection(*features: Any) -> dict[str, Any]:
    return {"type": "FeatureCollection", "features": list(features)}


def codes(issues: list[Any]) -> list[tuple[str, str]]:
    return [(i.code, i.path) for i in issues]


def test_round_trip_into_an_empty_map_gives_the_same_regions(sample: Scenario) -> None:
    data = json.loads(geojson_text(sample))
    empty = sample.model_copy(update={"regions": []})
    result = import_regions(data, empty)
    assert result.issues == []
    assert result.added == sample.regions  # ids, exact coordinates, holes, every field
    holed = next(r for r in result.added if r.polygon.holes)
    assert holed.polygon == next(r for r in sample.regions if r.id == holed.id).polygon


def test_exported_rings_are_closed_polygons_with_their_holes(sample: Scenario) -> None:
    data = export_regions(sample)
    assert data["type"] == "FeatureCollection"
    assert len(data["features"]) == len(sample.regions)
    by_id = {f["id"]: f for f in data["features"]}
    for region in sample.regions:
        found = by_id[region.id]
        assert found["properties"]["id"] == region.id
        assert found["properties"]["terrain"] == region.terrain
        rings = found["geometry"]["coordinates"]
        assert len(rings) == 1 + len(region.polygon.holes)
        assert all(ring[0] == ring[-1] for ring in rings)
        assert [tuple(p) for p in rings[0][:-1]] == region.polygon.exterior


def test_importing_the_export_changes_nothing(sample: Scenario) -> None:
    result = import_regions(json.loads(geojson_text(sample)), sample)
    assert (result.added, result.updated, result.issues) == ([], [], [])
    assert result.unchanged == [r.id for r in sample.regions]


def test_edits_made_elsewhere_update_the_regions_they_touch(grid: Scenario) -> None:
    data = export_regions(grid)
    edited = next(f for f in data["features"] if f["id"] == "c2")
    edited["geometry"]["coordinates"][0][1] = [210.0, -5.0]  # a moved vertex
    edited["properties"]["name"] = "Middle"
    del edited["id"]  # GIS tools often drop feature ids; the property still names it
    data["features"].append(feature(square(400, 0), id="New Land", name="New", terrain="clear"))
    result = import_regions(data, grid)
    assert [r.id for r in result.updated] == ["c2"]
    (c2,) = result.updated
    assert c2.name == "Middle"
    assert c2.polygon.exterior[1] == (210.0, -5.0)
    assert c2.area == "east"  # fields the file does not carry stay as they were
    assert [r.id for r in result.added] == ["new-land"]


def test_properties_map_to_fields_by_id_or_name() -> None:
    scenario = load_text(json.dumps(base())).scenario
    assert scenario is not None
    data = collection(
        feature(square(0, 500), NAME="Lake Vessa", cover="Forest", ctrl="redland"),
        feature(square(50, 500), NAME="Dune", cover="clear", ctrl="Blueland"),
    )
    assert property_names(data) == ["NAME", "cover", "ctrl"]
    mapping = PropertyMapping(id=None, name="NAME", terrain="cover", owner="ctrl")
    result = import_regions(data, scenario, mapping)
    assert result.issues == []
    got = [(r.id, r.name, r.terrain, r.owner) for r in result.added]
    assert got == [
        ("lake-vessa", "Lake Vessa", "forest", "redland"),
        ("dune", "Dune", "clear", "blueland"),
    ]


def test_unknown_terrain_and_owner_are_reported(grid: Scenario) -> None:
    data = collection(feature(square(0, 500), id="x", name="X", terrain="swamp", owner="nobody"))
    result = import_regions(data, grid)
    assert codes(result.issues) == [
        ("geojson-unknown-reference", "/features/0/properties/terrain"),
        ("geojson-unknown-reference", "/features/0/properties/owner"),
    ]
    assert all(i.severity == "warning" for i in result.issues)
    (region,) = result.added
    assert (region.terrain, region.owner) == (grid.terrain[0].id, None)
    assert "swamp" in result.issues[0].message


def test_bad_features_are_skipped_with_issues_pointing_at_them(grid: Scenario) -> None:
    data = collection(
        feature({"type": "Point", "coordinates": [1, 2]}, id="p"),
        feature(None, id="nothing"),
        feature({"type": "Polygon", "coordinates": [[[0, 0], ["a", 1], [1, 1]]]}, id="text"),
        {"type": "Something"},
        feature({"type": "Polygon", "coordinates": [[[0, 0], [1, 1], [0, 0]]]}, id="flat"),
        feature(square(0, 500), id="good", name="Good", terrain="clear"),
    )
    result = import_regions(data, grid)
    assert sorted(codes(result.issues), key=lambda c: c[1]) == [
        ("geojson-geometry", "/features/0/geometry"),
        ("geojson-geometry", "/features/1/geometry"),
        ("geojson-geometry", "/features/2/geometry/coordinates/0"),
        ("geojson-not-features", "/features/3"),
        ("geojson-geometry", "/features/4/geometry/coordinates/0"),
    ]
    assert all(i.severity == GEOJSON_CODES[i.code].severity for i in result.issues)
    assert [r.id for r in result.added] == ["good"]


def test_data_that_is_not_geojson_features_is_refused(grid: Scenario) -> None:
    result = import_regions({"type": "Polygon", "coordinates": []}, grid)
    assert codes(result.issues) == [("geojson-not-features", "")]
    assert result.added == result.updated == []


def test_a_bad_field_value_is_dropped_not_the_region(grid: Scenario) -> None:
    data = collection(feature(square(0, 500), id="r", name="R", network="highway", income=2))
    result = import_regions(data, grid)
    assert codes(result.issues) == [("geojson-property", "/features/0/properties/network")]
    (region,) = result.added
    assert (region.network, region.income) == ("none", 2)


def test_an_invalid_outline_is_imported_with_a_warning(grid: Scenario) -> None:
    bow_tie = {"type": "Polygon", "coordinates": [[[0, 500], [50, 550], [50, 500], [0, 550]]]}
    result = import_regions(collection(feature(bow_tie, id="bow")), grid)
    (issue,) = result.issues
    assert (issue.code, issue.severity, issue.entity) == ("geojson-outline", "warning", "bow")
    assert issue.at == pytest.approx((25.0, 525.0))
    assert [r.id for r in result.added] == ["bow"]


def test_multipolygon_parts_become_regions_and_reimport_updates_them(grid: Scenario) -> None:
    parts = [square(0, 500)["coordinates"], square(100, 500)["coordinates"]]
    data = collection(feature({"type": "MultiPolygon", "coordinates": parts}, name="Isles"))
    result = import_regions(data, grid)
    assert codes(result.issues) == [("geojson-multipolygon", "/features/0/geometry")]
    assert [(r.id, r.name) for r in result.added] == [("isles", "Isles"), ("isles-2", "Isles (2)")]
    again = grid.model_copy(update={"regions": [*grid.regions, *result.added]})
    second = import_regions(data, again)
    assert second.added == []
    assert second.unchanged == ["isles", "isles-2"]


def test_ids_are_slugs_and_repeated_ids_get_fresh_ones(grid: Scenario) -> None:
    data = collection(
        feature(square(0, 500), id="Marsh Land!", name="A"),
        feature(square(50, 500), id="marsh-land", name="B"),
        feature(square(100, 500), id=17, name="C"),
        feature(square(150, 500)),
    )
    taken = grid.model_copy(update={"regions": [*grid.regions[:-1], grid.regions[-1]]})
    taken.regions[-1] = taken.regions[-1].model_copy(update={"id": "region-4"})
    result = import_regions(data, taken)
    # A feature without any id never takes over an existing region.
    assert [r.id for r in result.added] == ["marsh-land", "marsh-land-2", "17", "region-4-2"]
    assert codes(result.issues) == [("geojson-duplicate-id", "/features/1")]


def test_a_single_feature_and_closing_points_are_accepted(grid: Scenario) -> None:
    single = copy.deepcopy(feature(square(0, 500), id="one"))
    result = import_regions(single, grid)
    (region,) = result.added
    assert region.polygon.exterior == [(0.0, 500.0), (50.0, 500.0), (50.0, 550.0), (0.0, 550.0)]
    assert region.name == "one"


def test_accented_names_make_transliterated_ids(grid: Scenario) -> None:
    data = collection(
        feature(square(0, 500), name="Sault-au-Récollet"),
        feature(square(50, 500), name="Champlain—L'Île-des-Sœurs"),
    )
    result = import_regions(data, grid, PropertyMapping(id=None))
    assert [r.id for r in result.added] == ["sault-au-recollet", "champlain-l-ile-des-soeurs"]

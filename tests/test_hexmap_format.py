"""The hex map in the format (OH1, OH2): its compact encoding read into hexes and hexsides,
canonical files, the places view both kinds of map share, and GeoJSON."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import numpy as np
import pytest

from schemas import load_text
from schemas.generator import generate_hex_scenario
from schemas.geojson import export_regions
from schemas.io import dumps, load_file
from schemas.jsonschema import scenario_json_schema
from schemas.map import Connection, Region
from schemas.places import AreaPlaces, HexPlaces, places_of
from schemas.scenario import Scenario
from tests.hexes import HexBuilder

ROOT = Path(__file__).resolve().parents[1]


def scenario_of(b: HexBuilder) -> Scenario:
    return b.build()


def hex_places(b: HexBuilder) -> HexPlaces:
    places = places_of(b.build())
    assert isinstance(places, HexPlaces)
    return places


@pytest.fixture(scope="module")
def generated() -> Scenario:
    return generate_hex_scenario(16, 12, 4)


# -- the encoding read into hexes ---------------------------------------------------------------


def test_runs_give_hexes_their_terrain_owner_and_area() -> None:
    b = HexBuilder(columns=5, rows=3).terrain("forest", "c2r1*3", "c5r3")
    b.set("areas", [{"id": "north", "name": "North"}])
    b.hex_map["areas"] = {"north": ["c1r1*5"]}
    places = hex_places(b)
    lookup = places.region_lookup
    terrain = [lookup[h].terrain for h in ("c1r1", "c2r1", "c4r1", "c5r1", "c5r3", "c4r3")]
    assert terrain == ["clear", "forest", "forest", "clear", "forest", "clear"]
    assert lookup["c1r2"].owner == "redland"
    assert lookup["c3r2"].owner == "blueland"
    assert [lookup[f"c{c}r1"].area for c in range(1, 6)] == ["north"] * 5
    assert lookup["c1r2"].area is None


def test_a_hex_without_a_record_is_called_by_its_id() -> None:
    b = HexBuilder().record("c2r2", name="Kessel", income=2, values={"blue": {"capture": 3}})
    lookup = hex_places(b).region_lookup
    assert lookup["c2r2"].name == "Kessel"
    assert lookup["c2r2"].income == 2
    assert lookup["c2r2"].values["blue"].capture == 3
    assert lookup["c1r1"].name == "c1r1"
    assert "c9r9" not in lookup
    assert lookup.get("c9r9") is None


def test_hexsides_become_connections_with_their_feature_bridge_and_road() -> None:
    b = HexBuilder(columns=4, rows=2)
    b.hexside("c2r1", "c3r1", "river").bridge("c2r1", "c3r1")
    b.hexside("c2r2", "c3r2", "major-river")
    b.road("road", "c1r1", "c2r1", "c3r1")
    b.road("rail", "c3r1", "c4r1")
    b.road("trail", "c1r2", "c2r2")
    scenario = b.build()
    places = places_of(scenario)
    links = {c.id: c for c in places.connections}
    assert links["c2r1-c3r1"] == Connection(
        id="c2r1-c3r1", a="c2r1", b="c3r1", type="river", bridge=True, road=True
    )
    assert links["c2r2-c3r2"].type == "major-river"
    assert links["c3r1-c4r1"].rail and not links["c3r1-c4r1"].road
    assert not links["c1r2-c2r2"].road  # a trail links nothing, it marks its hexes
    assert links["c1r1-c1r2"].type == "land"
    lookup = places.region_lookup
    networks = [lookup[h].network for h in ("c1r1", "c3r1", "c4r1", "c1r2", "c4r2")]
    assert networks == ["road", "rail", "rail", "trail", "none"]


def test_plain_hexsides_take_the_type_for_what_they_join() -> None:
    b = HexBuilder(columns=4, rows=2).terrain("sea", "c4r1*1", "c4r2").terrain("lake", "c1r2")
    places = hex_places(b)
    links = {c.id: c.type for c in places.connections}
    assert links["c3r1-c4r1"] == "sea"  # the coast
    assert links["c4r1-c4r2"] == "sea"
    assert links["c1r1-c1r2"] == "air"  # nothing but aircraft crosses a lake
    assert links["c1r1-c2r1"] == "land"


def test_unplayable_hexes_have_no_plain_links() -> None:
    b = HexBuilder(columns=3, rows=1).record("c2r1", unplayable=True)
    ids = set(hex_places(b).connection_ids)
    assert ids == set()  # c1r1 and c3r1 only touch c2r1
    assert hex_places(b).domain_of()["c2r1"] == "unplayable"


def test_hexside_ids_are_written_first_hex_first() -> None:
    b = HexBuilder(columns=4, rows=2).hexside("c3r2", "c2r2", "river")
    scenario = b.build()
    assert scenario.hex_map is not None
    assert scenario.hex_map.hexsides["river"] == ["c2r2-c3r2"]
    assert "c2r2-c3r2" in places_of(scenario).connection_ids


def test_built_models_equal_validated_ones(generated: Scenario) -> None:
    places = places_of(generated)
    for region in list(places.regions)[:50]:
        assert Region.model_validate(region.model_dump()) == region
    for connection in list(places.connections)[:200]:
        assert Connection.model_validate(connection.model_dump()) == connection


def test_hex_outlines_come_from_the_grid() -> None:
    places = hex_places(HexBuilder(columns=3, rows=2, size=20.0))
    assert places.grid is not None
    region = places.region_lookup["c2r2"]
    expected = places.grid.corners(np.array([places.grid.find("c2r2")]))[0].tolist()
    assert [list(p) for p in region.polygon.exterior] == expected


def test_area_places_are_the_files_own_lists() -> None:
    scenario = load_file(ROOT / "sample_scenarios" / "vessa-crossing.json").scenario
    assert scenario is not None
    places = places_of(scenario)
    assert isinstance(places, AreaPlaces)
    assert places.regions is scenario.regions
    assert places.connections is scenario.connections


# -- files --------------------------------------------------------------------------------------


def test_a_hex_scenario_saves_canonically_and_loads_back(generated: Scenario) -> None:
    text = dumps(generated)
    again = load_text(text)
    assert again.ok, [str(i) for i in again.issues[:5]]
    assert again.scenario == generated
    assert dumps(again.scenario) == text


def test_generation_is_deterministic() -> None:
    assert dumps(generate_hex_scenario(10, 8, 2, "pointy")) == dumps(
        generate_hex_scenario(10, 8, 2, "pointy")
    )


def test_a_hex_file_stores_no_geometry_per_hex(generated: Scenario) -> None:
    raw = json.loads(dumps(generated))
    assert raw["regions"] == []
    assert "connections" not in raw
    hex_map = raw["hex_map"]
    assert set(hex_map) <= {
        "orientation", "size", "origin", "columns", "rows", "offset", "base_terrain", "terrain",
        "owners", "areas", "hexes", "hexsides", "bridges", "roads", "plain_hexsides",
    }  # fmt: skip
    assert not any("polygon" in record for record in hex_map["hexes"])


def test_area_files_are_unchanged() -> None:
    path = ROOT / "sample_scenarios" / "vessa-crossing.json"
    text = path.read_text()
    result = load_text(text)
    assert result.ok and result.scenario is not None
    assert result.scenario.hex_map is None
    assert dumps(result.scenario) == text
    assert "hex_map" not in text


def test_the_json_schema_accepts_a_hex_file(generated: Scenario) -> None:
    schema = scenario_json_schema()
    jsonschema.validate(json.loads(dumps(generated)), schema)
    assert "hex_map" in schema["properties"]


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda h: h.update(columns=0), "/hex_map/columns"),
        (lambda h: h.update(size=-1), "/hex_map/size"),
        (lambda h: h.update(offset="zigzag"), "/hex_map/offset"),
        (lambda h: h.update(terrain={"forest": ["c01r1"]}), "/hex_map/terrain/forest/0"),
        (lambda h: h.update(terrain={"forest": ["c1r1*0"]}), "/hex_map/terrain/forest/0"),
        (lambda h: h.update(bridges=["c1r1"]), "/hex_map/bridges/0"),
        (lambda h: h.update(roads={"highway": ["c1r1"]}), "/hex_map/roads/highway"),
        (lambda h: h.update(roads={"road": ["c1r1  c2r1"]}), "/hex_map/roads/road/0"),
        (lambda h: h.update(columns=1000, rows=1000), "/hex_map"),
    ],
)  # fmt: skip
def test_values_that_do_not_fit_the_format_are_schema_issues_where_they_are(
    change: object, path: str
) -> None:
    b = HexBuilder()
    change(b.hex_map)  # type: ignore[operator]
    result = load_text(json.dumps(b.raw))
    assert result.scenario is None
    assert ("schema", path) in [(i.code, i.path) for i in result.issues]


# -- GeoJSON ------------------------------------------------------------------------------------


def test_geojson_export_gives_every_hex_as_a_polygon() -> None:
    b = HexBuilder(columns=3, rows=2).terrain("forest", "c2r1").record("c2r1", name="Wood")
    scenario = b.build()
    collection = export_regions(scenario)
    features = {f["id"]: f for f in collection["features"]}
    assert len(features) == 6
    wood = features["c2r1"]
    assert wood["properties"]["terrain"] == "forest"
    assert wood["properties"]["name"] == "Wood"
    ring = wood["geometry"]["coordinates"][0]
    assert len(ring) == 7 and ring[0] == ring[-1]


# -- diffs and mods -----------------------------------------------------------------------------


def test_a_mod_made_from_an_edited_hex_map_gives_the_edit_back(generated: Scenario) -> None:
    from schemas.diff.report import diff_scenarios
    from schemas.mods.apply import apply_mods
    from schemas.mods.make import make_mod

    raw = json.loads(dumps(generated))
    hex_map = raw["hex_map"]
    hex_map["terrain"].setdefault("hills", []).append("c1r1*2")
    for runs in hex_map["terrain"].values():
        if runs is not hex_map["terrain"]["hills"]:
            runs[:] = [r for r in runs if not r.startswith("c1r1")]
    hex_map.setdefault("hexsides", {}).setdefault("ridge", []).append("c5r5-c5r6")
    edited = load_text(json.dumps(raw)).scenario
    assert edited is not None
    report = diff_scenarios(generated, edited)
    assert "hex_map" in json.dumps(report.to_json())
    mod = make_mod(generated, edited, mod_id="hills", name="Hills", base_id="gen")
    result = apply_mods(generated, [mod], validate=False)
    assert result.scenario is not None
    assert dumps(result.scenario) == dumps(edited)

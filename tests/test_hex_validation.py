"""Validation of hex maps: the encoding's own problems, and the checks every map shares,
each reported at the JSON pointer of the item inside the compact encoding."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from schemas import CODES, load_text
from schemas.validation import validate_scenario
from schemas.validation.incremental import IncrementalValidator
from tests.hexes import HexBuilder


def base() -> HexBuilder:
    """A clean little hex scenario: a river with a bridge, a road, a town, two armies."""
    b = HexBuilder(columns=6, rows=4)
    b.terrain("forest", "c2r2*2").terrain("sea", "c6r4")
    b.hexside("c3r1", "c4r1", "river").hexside("c3r2", "c4r2", "river").bridge("c3r1", "c4r1")
    b.road("road", "c1r1", "c2r1", "c3r1", "c4r1")
    b.record("c2r3", name="Redtown", values={"blue": {"capture": 2}})
    b.structure("redtown", "c2r3")
    b.source("red-depot", "c1r1", "red").source("blue-depot", "c6r1", "blue")
    b.unit("r1", "inf", "c1r2")
    b.unit("b1", "inf", "c5r2", nation="blueland")
    b.rules("victory", victory_level=None)  # 2 VP at stake: it plays to the last turn
    return b


def issues_of(b: HexBuilder) -> list[tuple[str, str]]:
    result = load_text(json.dumps(b.raw))
    assert result.scenario is not None, [str(i) for i in result.issues]
    return [(i.code, i.path) for i in result.issues]


def test_the_base_is_clean() -> None:
    assert issues_of(base()) == []


# (code, how to break the base, pointer expected inside the hex map)
HEX_CASES: list[tuple[str, Callable[[HexBuilder], object], str]] = [
    ("hex-map-regions", lambda b: b.raw["regions"].append(
        {"id": "box", "name": "Box", "terrain": "clear",
         "polygon": {"exterior": [[500, 0], [600, 0], [600, 100]]}}), "/regions/0"),
    ("hex-outside-grid", lambda b: b.terrain("forest", "c9r1"), "/hex_map/terrain/forest/1"),
    ("hex-listed-twice", lambda b: b.terrain("hills", "c1r2*3"), "/hex_map/terrain/hills/0"),
    ("hexside-not-adjacent", lambda b: b.hexside("c1r1", "c3r1", "ridge"),
     "/hex_map/hexsides/ridge/0"),
    ("hexside-listed-twice", lambda b: b.hexside("c3r1", "c4r1", "ridge"),
     "/hex_map/hexsides/ridge/0"),
    ("hex-path-gap", lambda b: b.road("rail", "c1r3", "c2r3", "c4r3"), "/hex_map/roads/rail/0"),
]  # fmt: skip
"""Read by ``tests/test_validation_codes.py``, which wants a fixture for every code."""


@pytest.mark.parametrize(("code", "breakage", "path"), HEX_CASES, ids=lambda c: c)
def test_hex_code(code: str, breakage: Callable[[HexBuilder], object], path: str) -> None:
    b = base()
    breakage(b)
    found = issues_of(b)
    assert (code, path) in found, found
    assert CODES[code].severity == "error"


def test_a_run_past_the_end_of_its_row_is_cut_there() -> None:
    b = base().terrain("hills", "c5r3*4")
    result = load_text(json.dumps(b.raw))
    (issue,) = [i for i in result.issues if i.code == "hex-outside-grid"]
    assert issue.path == "/hex_map/terrain/hills/0"
    assert "past the end of row 3" in issue.message
    assert result.scenario is not None


def test_a_hex_listed_twice_keeps_its_first_listing() -> None:
    b = base().terrain("hills", "c2r2*3")
    result = load_text(json.dumps(b.raw))
    (issue,) = [i for i in result.issues if i.code == "hex-listed-twice"]
    assert issue.entity == "c2r2"
    assert "already has terrain 'forest'" in issue.message
    assert "1 more" in issue.message
    assert result.index is not None
    lookup = result.index.regions
    assert [lookup[h].terrain for h in ("c2r2", "c3r2", "c4r2")] == ["forest", "forest", "hills"]


def test_a_hex_with_two_records_is_reported_at_the_second() -> None:
    b = base()
    b.hex_map["hexes"].append({"hex": "c2r3", "name": "Again"})
    assert ("hex-listed-twice", "/hex_map/hexes/1/hex") in issues_of(b)


def test_a_bridge_twice_is_reported() -> None:
    b = base().bridge("c3r1", "c4r1")
    assert ("hexside-listed-twice", "/hex_map/bridges/1") in issues_of(b)


def test_a_hexside_off_the_grid_is_reported_once() -> None:
    b = base().hexside("c7r1", "c8r1", "ridge")
    assert issues_of(b) == [("hex-outside-grid", "/hex_map/hexsides/ridge/0")]


# -- the shared checks, located in the encoding -------------------------------------------------


def test_unknown_terrain_of_a_run_points_at_its_key() -> None:
    b = base().terrain("swamp", "c1r4")
    assert ("unknown-reference", "/hex_map/terrain/swamp") in issues_of(b)


def test_unknown_base_terrain_and_nation_point_at_them() -> None:
    b = base()
    b.hex_map["base_terrain"] = "grass"
    b.hex_map["owners"]["atlantis"] = ["c1r4"]
    found = issues_of(b)
    assert ("unknown-reference", "/hex_map/base_terrain") in found
    assert ("unknown-reference", "/hex_map/owners/atlantis") in found


def test_unknown_hexside_type_points_at_its_key() -> None:
    b = base().hexside("c1r3", "c1r4", "canal")
    assert ("unknown-reference", "/hex_map/hexsides/canal") in issues_of(b)


def test_a_unit_in_a_hex_that_does_not_exist_is_an_unknown_reference() -> None:
    b = base().unit("r2", "inf", "c9r9")
    assert ("unknown-reference", "/units/2/location/region") in issues_of(b)


def test_a_river_hexside_at_sea_is_located_at_its_listing() -> None:
    b = base().hexside("c5r4", "c6r4", "river")
    found = issues_of(b)
    assert ("connection-domain", "/hex_map/hexsides/river/2") in found


def test_a_plain_hexside_type_that_does_not_fit_is_reported_once() -> None:
    b = base()
    b.hex_map["plain_hexsides"] = {"land": "sea"}
    found = issues_of(b)
    assert found.count(("connection-domain", "/hex_map/plain_hexsides/land")) == 1


def test_an_isolated_hex_is_located_in_the_encoding() -> None:
    b = base()
    b.raw["terrain"].append(
        {"id": "void", "name": "Void", "domain": "unplayable", "stacking": 0, "supply": "never"}
    )
    # c1r4's only neighbours are c1r3 and c2r4: walled in by unplayable hexes.
    b.terrain("void", "c1r3", "c2r4")
    found = issues_of(b)
    assert ("region-isolated", "/hex_map/base_terrain") in found, found
    b.record("c1r4", name="Hermitage")
    assert ("region-isolated", "/hex_map/hexes/1") in issues_of(b)


def test_a_hex_record_moving_tension_without_an_index() -> None:
    b = base().record("c2r3", values={"blue": {"capture": 2, "tension": 1}})
    found = issues_of(b)
    assert ("tension-without-index", "/hex_map/hexes/0/values/blue/tension") in found


def test_a_hex_records_stacking_limit_counts_at_the_start() -> None:
    b = base().record("c1r2", stacking=1)
    assert ("start-overstacked", "/units/0/location") in issues_of(b)


def test_a_unit_at_sea_cannot_start_there() -> None:
    b = base().unit("r2", "inf", "c6r4")
    assert ("unit-impassable-location", "/units/2/location") in issues_of(b)


def test_links_between_hexes_that_are_not_neighbours() -> None:
    b = base()
    b.raw["connections"] = [
        {"id": "ferry", "a": "c1r4", "b": "c4r4", "type": "strait"},
        {"id": "twice", "a": "c1r1", "b": "c2r1"},
        {"id": "far", "a": "c1r1", "b": "c5r1"},
    ]
    found = issues_of(b)
    assert ("connection-duplicate", "/connections/1") in found
    assert ("connection-not-touching", "/connections/2") in found
    assert not [f for f in found if f[1] == "/connections/0"]


def test_live_validation_of_a_hex_map_equals_a_fresh_one() -> None:
    scenario = base().build()
    live = IncrementalValidator(scenario)
    assert live.issues == []
    assert scenario.hex_map is not None
    broken = scenario.hex_map.model_copy(
        update={"hexsides": {**scenario.hex_map.hexsides, "ridge": ["c1r1-c3r1"]}}
    )
    after = live.update({"hex_map": broken})
    fresh = validate_scenario(scenario.model_copy(update={"hex_map": broken}))
    assert after == fresh
    assert [(i.code, i.path) for i in after] == [
        ("hexside-not-adjacent", "/hex_map/hexsides/ridge/0")
    ]
    units = [*scenario.units, scenario.units[0].model_copy(update={"id": "r9"})]
    after = live.update({"units": units})
    moved = scenario.model_copy(update={"hex_map": broken, "units": units})
    assert after == validate_scenario(moved)


def test_a_path_through_a_hex_off_the_grid_names_it() -> None:
    b = base().road("trail", "c5r4", "c6r4", "c7r4")
    result = load_text(json.dumps(b.raw))
    (issue,) = [i for i in result.issues if i.code == "hex-outside-grid"]
    assert issue.path == "/hex_map/roads/trail/0"
    assert "c7r4 (hex 3 of this trail)" in issue.message


def test_a_path_that_jumps_names_where() -> None:
    b = base().road("rail", "c1r3", "c2r3", "c4r3")
    (issue,) = [i for i in load_text(json.dumps(b.raw)).issues if i.code == "hex-path-gap"]
    assert "from c2r3 to c4r3 (hex 3)" in issue.message

"""Edits of a hex map without Qt (schemas/hexgrid/edit.py): what the studio's brush, line tool,
hexside editor and hex inspector write into the file, compactly and reversibly."""

from __future__ import annotations

import numpy as np
import pytest

from schemas.generator import generate_hex_scenario
from schemas.generator.hexes import runs
from schemas.hexgrid import HexGrid
from schemas.hexgrid.decode import decode
from schemas.hexgrid.edit import (
    add_path,
    erase_path,
    flood_region,
    has_crossing_site,
    hexside_features,
    hexside_near,
    layer_values,
    paint,
    record_of,
    runs_of,
    set_bridges,
    set_crossing_sites,
    set_hexsides,
    set_record,
    with_record_field,
)
from schemas.hexmap import HexMap, HexRecord


def small(**extra: object) -> HexMap:
    return HexMap(size=10, columns=6, rows=4, base_terrain="clear", **extra)  # type: ignore[arg-type]


def test_runs_match_the_generators_and_read_back_to_the_same_values() -> None:
    scenario = generate_hex_scenario(30, 20, seed=3)
    hex_map = scenario.hex_map
    assert hex_map is not None
    grid = HexGrid.of(hex_map)
    values = layer_values(hex_map, "terrain", decode(hex_map, grid))
    assert runs_of(grid, values, hex_map.base_terrain) == runs(grid, values, hex_map.base_terrain)
    assert runs_of(grid, values, hex_map.base_terrain) == hex_map.terrain


def test_painting_writes_runs_and_painting_back_restores_the_map() -> None:
    hex_map = small()
    grid = HexGrid.of(hex_map)
    painted = paint(hex_map, "terrain", [1, 2, 3, 8], "forest", grid)
    assert painted.terrain == {"forest": ["c2r1*3", "c3r2"]}
    # Painting the base terrain back leaves no run at all.
    assert paint(painted, "terrain", [1, 2, 3, 8], "clear", grid) == hex_map
    # Painting what is already there changes nothing (the same object: no undo step).
    assert paint(painted, "terrain", [1, 2], "forest", grid) is painted


def test_painting_owners_and_areas_and_clearing_them() -> None:
    hex_map = small(owners={"redland": ["c1r1*2"]})
    grid = HexGrid.of(hex_map)
    owned = paint(hex_map, "owners", [6, 7], "blueland", grid)
    assert owned.owners == {"redland": ["c1r1*2"], "blueland": ["c1r2*2"]}
    cleared = paint(owned, "owners", [0, 1], None, grid)
    assert cleared.owners == {"blueland": ["c1r2*2"]}
    with pytest.raises(ValueError, match="every hex has a terrain"):
        paint(hex_map, "terrain", [0], None, grid)


def test_keys_keep_their_order_when_painted() -> None:
    hex_map = small(terrain={"woods": ["c6r4"], "forest": ["c1r1"]})
    grid = HexGrid.of(hex_map)
    painted = paint(hex_map, "terrain", [5], "forest", grid)
    assert list(painted.terrain) == ["woods", "forest"]
    assert painted.terrain["forest"] == ["c1r1", "c6r1"]


def test_fill_takes_the_joined_patch_of_the_same_value_only() -> None:
    # A wall of forest down column 3 splits the clear hexes in two.
    hex_map = small(terrain={"forest": [f"c3r{r}" for r in range(1, 5)]})
    grid = HexGrid.of(hex_map)
    decoded = decode(hex_map, grid)
    left = flood_region(hex_map, "terrain", 0, grid, decoded)
    column, _ = grid.column_row(left)
    assert set(column.tolist()) == {0, 1} and len(left) == 8
    wall = flood_region(hex_map, "terrain", 2, grid, decoded)
    assert sorted(grid.ids[i] for i in wall) == ["c3r1", "c3r2", "c3r3", "c3r4"]


def test_hexside_features_are_set_replaced_and_cleared() -> None:
    hex_map = small(hexsides={"river": ["c1r1-c2r1"]})
    grid = HexGrid.of(hex_map)
    first = grid.hexside(0, 1)
    second = grid.hexside(1, 2)
    assert first is not None and second is not None
    more = set_hexsides(hex_map, [first, second], "river", grid)
    assert more.hexsides == {"river": ["c1r1-c2r1", grid.hexside_id(second)]}
    ridge = set_hexsides(more, [first], "ridge", grid)
    assert ridge.hexsides == {"river": [grid.hexside_id(second)], "ridge": ["c1r1-c2r1"]}
    assert hexside_features(ridge, first, grid) == ("ridge", False)
    plain = set_hexsides(ridge, [first, second], None, grid)
    assert plain.hexsides == {}
    assert set_hexsides(plain, [first], None, grid) is plain
    bridged = set_bridges(hex_map, [first], True, grid)
    assert bridged.bridges == ["c1r1-c2r1"] and hexside_features(bridged, first, grid)[1]
    assert set_bridges(bridged, [first], False, grid).bridges == []
    # OH11: crossing sites are marked and cleared the same way, apart from bridges.
    sited = set_crossing_sites(bridged, [first, second], True, grid)
    assert len(sited.crossing_sites) == 2 and sited.bridges == bridged.bridges
    assert has_crossing_site(sited, second, grid)
    assert set_crossing_sites(sited, [first, second], True, grid) is sited
    cleared = set_crossing_sites(sited, [second], False, grid)
    assert cleared.crossing_sites == ["c1r1-c2r1"] and not has_crossing_site(cleared, second, grid)


def test_roads_continue_from_their_end_and_erasing_splits_them() -> None:
    hex_map = small()
    grid = HexGrid.of(hex_map)
    road = add_path(hex_map, "road", [0, 1, 2], grid)
    assert road.roads == {"road": ["c1r1 c2r1 c3r1"]}
    longer = add_path(road, "road", [2, 3, 4], grid)
    assert longer.roads == {"road": ["c1r1 c2r1 c3r1 c4r1 c5r1"]}
    cut = erase_path(longer, [2, 3], grid)
    assert cut.roads == {"road": ["c1r1 c2r1 c3r1", "c4r1 c5r1"]}
    # A piece of one hex left by a cut goes (a path of one hex would give it a road alone).
    end = erase_path(cut, [3, 4], grid)
    assert end.roads == {"road": ["c1r1 c2r1 c3r1"]}
    assert erase_path(end, [10, 11], grid) is end
    assert add_path(end, "rail", [5], grid) is end  # one hex is not a line


def test_records_are_added_edited_and_dropped_when_empty() -> None:
    hex_map = small()
    named = with_record_field(hex_map, "c2r3", "name", "Ford")
    assert named.hexes == [HexRecord(hex="c2r3", name="Ford")]
    assert record_of(named, "c2r3").name == "Ford"
    assert record_of(named, "c1r1") == HexRecord(hex="c1r1")
    assert with_record_field(named, "c2r3", "name", "").hexes == []
    assert set_record(hex_map, HexRecord(hex="c1r1")) is hex_map


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_a_point_near_a_side_names_that_hexside(orientation: str) -> None:
    grid = HexGrid(orientation, 10.0, (0.0, 0.0), 5, 5, "odd")  # type: ignore[arg-type]
    centre = grid.centres(np.array([12]))[0]
    for direction in range(6):
        neighbour = grid.neighbour(12, direction)
        towards = grid.centres(np.array([neighbour]))[0]
        point = centre + (towards - centre) * 0.45
        index, side, closeness = hexside_near(grid, *point.tolist())
        assert index == 12 and side == grid.hexside(12, neighbour)
        assert 0.85 < closeness < 0.95
    assert hexside_near(grid, *centre.tolist())[2] == 0.0
    assert hexside_near(grid, -500.0, -500.0) == (-1, -1, 0.0)


def test_decoding_an_edited_map_from_the_one_before_reads_the_same_arrays() -> None:
    scenario = generate_hex_scenario(20, 12, seed=5)
    hex_map = scenario.hex_map
    assert hex_map is not None
    grid = HexGrid.of(hex_map)
    before = decode(hex_map, grid)
    painted = paint(hex_map, "owners", range(30, 60), "redland", grid, before)
    river = set_hexsides(painted, [3, 4, 5], "river", grid)
    for edited in (painted, river):
        again = decode(edited, grid, (hex_map, before))
        fresh = decode(edited, grid)
        for name in ("record_of", "network", "side_type", "bridge_source", "road", "rail"):
            assert np.array_equal(getattr(again, name), getattr(fresh, name)), name
        for name in ("terrain", "owners", "areas"):
            assert np.array_equal(getattr(again, name).code, getattr(fresh, name).code), name
        assert again.side_keys == fresh.side_keys
    # The untouched parts are the very arrays of the map before.
    assert decode(painted, grid, (hex_map, before)).terrain is before.terrain
    # A map before with problems is read whole: its problems must be found again.
    broken = hex_map.model_copy(update={"bridges": ["c1r1-c5r5"]})
    damaged = decode(broken, grid)
    assert damaged.issues
    assert decode(broken, grid, (broken, damaged)).issues == damaged.issues

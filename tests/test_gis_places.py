"""GIS import of points and lines onto a map made from GIS data (issue 17): towns become
structures in the region that holds them, rivers river crossings where they follow or cross
borders, roads networks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import shapely

from editor.cli import main
from schemas import load_file
from schemas.geojson import geojson_text
from schemas.gis import GisError, ImportOptions, import_layer, read_layer
from schemas.scenario import Scenario
from schemas.starter import new_scenario
from tests.gis_files import grid, write_geojson, write_ogr


@pytest.fixture
def board(tmp_path: Path) -> Scenario:
    """Three by two cells of 0.1 degree in Bavaria, named a b c (south row), d e f (north)."""
    cells = grid(11.0, 48.0, 3, 2, 0.1, density=0.01)
    path = write_geojson(tmp_path / "cells.geojson", cells, [{"name": n} for n in "abcdef"])
    return import_layer(read_layer(path), new_scenario("t"), ImportOptions()).scenario


def pairs(scenario: Scenario, kind: str) -> set[frozenset[str]]:
    return {frozenset((c.a, c.b)) for c in scenario.connections if c.type == kind}


def test_every_neighbour_pair_gets_a_land_connection(board: Scenario) -> None:
    assert len(pairs(board, "land")) == 7
    assert frozenset(("a", "e")) not in pairs(board, "land")  # corners do not connect


def test_a_river_along_a_border_makes_a_river_crossing(board: Scenario, tmp_path: Path) -> None:
    # Along the border between a and b (longitude 11.1), wandering a little off it.
    river = shapely.LineString([(11.1, 47.99), (11.1003, 48.03), (11.0998, 48.07), (11.1, 48.1)])
    path = write_geojson(tmp_path / "river.geojson", [river], [{"name": "Isar"}])
    result = import_layer(read_layer(path), board, ImportOptions(lines_as="river"))
    assert pairs(result.scenario, "river") == {frozenset(("a", "b"))}
    assert result.updated == ["a-b"]  # the land connection became a river crossing
    assert len(pairs(result.scenario, "land")) == 6


def test_a_river_crossing_between_two_regions(board: Scenario, tmp_path: Path) -> None:
    # From the middle of d across the d-e border... and on along the b-e border: only the
    # pairs it separates become river crossings.
    river = shapely.LineString([(11.05, 48.15), (11.15, 48.1), (11.19, 48.1)])
    path = write_geojson(tmp_path / "r.geojson", [river], [{"name": "Amper"}])
    result = import_layer(read_layer(path), board, ImportOptions(lines_as="major-river"))
    assert frozenset(("b", "e")) in pairs(result.scenario, "major-river")
    assert frozenset(("a", "b")) not in pairs(result.scenario, "major-river")


def test_a_road_raises_networks_and_marks_connections(board: Scenario, tmp_path: Path) -> None:
    road = shapely.LineString([(11.02, 48.05), (11.28, 48.05)])
    path = write_geojson(tmp_path / "road.geojson", [road], [{"ref": "B2"}])
    result = import_layer(read_layer(path), board, ImportOptions(lines_as="road"))
    networks = {r.id: r.network for r in result.scenario.regions}
    assert networks == {
        "a": "road",
        "b": "road",
        "c": "road",
        "d": "none",
        "e": "none",
        "f": "none",
    }
    marked = {frozenset((c.a, c.b)) for c in result.scenario.connections if c.road}
    assert marked == {frozenset(("a", "b")), frozenset(("b", "c"))}


def test_towns_become_structures_in_the_region_holding_them(
    board: Scenario, tmp_path: Path
) -> None:
    towns = [shapely.Point(11.05, 48.05), shapely.Point(11.25, 48.15), shapely.Point(12.5, 48)]
    path = write_ogr(
        tmp_path / "towns.gpkg",
        towns,
        [
            {"name": "Fürstenfeldbruck", "kind": "city"},
            {"name": "Port", "kind": "port"},
            {"name": "Far", "kind": "village"},
        ],
        "EPSG:4326",
        "GPKG",
    )
    result = import_layer(read_layer(path), board, ImportOptions())
    structures = {s.id: (s.region, s.kind, s.port) for s in result.scenario.structures}
    assert structures == {
        "furstenfeldbruck": ("a", "city", False),
        "port": ("f", "port", True),
    }
    assert any(n.kind == "outside" and "'Far'" in n.text for n in result.notes)


def test_points_as_supply_sources(board: Scenario, tmp_path: Path) -> None:
    path = write_geojson(tmp_path / "s.geojson", [shapely.Point(11.15, 48.05)], [{"name": "Depot"}])
    result = import_layer(read_layer(path), board, ImportOptions(points_as="supply"))
    assert [(s.id, s.region) for s in result.scenario.supply_sources] == [("depot", "b")]


def test_lines_need_a_kind_and_a_projected_scenario(board: Scenario, tmp_path: Path) -> None:
    path = write_geojson(
        tmp_path / "l.geojson", [shapely.LineString([(11, 48), (11.2, 48.1)])], [{}]
    )
    with pytest.raises(GisError, match="say what the lines are"):
        import_layer(read_layer(path), board, ImportOptions())
    with pytest.raises(GisError, match="import its regions"):
        import_layer(read_layer(path), new_scenario("t"), ImportOptions(lines_as="road"))


def test_command_line_import_and_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cells = grid(11.0, 48.0, 3, 2, 0.1, density=0.001)
    source = write_geojson(tmp_path / "cells.geojson", cells, [{"NAME": n} for n in "abcdef"])
    out = tmp_path / "map.json"
    assert main(["import-map", str(source), "--simplify", "6v", "-o", str(out)]) == 0
    loaded = load_file(out)
    assert loaded.ok and loaded.scenario is not None
    assert [r.id for r in loaded.scenario.regions] == list("abcdef")
    assert "simplified with a tolerance" in capsys.readouterr().out
    river = write_geojson(
        tmp_path / "river.geojson", [shapely.LineString([(11.1, 47.99), (11.1, 48.1)])], [{}]
    )
    assert main(["import-map", str(river), "--as", "river", "-o", str(out)]) == 0
    assert load_file(out).scenario.connections[0].type == "river"  # type: ignore[union-attr]
    exported = tmp_path / "lonlat.geojson"
    assert main(["export-map", str(out), "--geojson", str(exported)]) == 0
    ring = json.loads(exported.read_text())["features"][0]["geometry"]["coordinates"][0]
    assert {(round(x, 4), round(y, 4)) for x, y in ring} >= {(11.0, 48.0), (11.1, 48.1)}
    assert main(["export-map", str(out), "--geojson", str(exported), "--exact"]) == 0
    assert exported.read_text() == geojson_text(load_file(out).scenario)  # type: ignore[arg-type]
    bad = tmp_path / "bad.geojson"
    bad.write_text("nonsense")
    assert main(["import-map", str(bad), "-o", str(out)]) == 1
    assert "bad.geojson" in capsys.readouterr().err
    assert main(["import-map", str(source), "--simplify", "lots", "-o", str(out)]) == 2


def test_the_command_offers_the_import_choices() -> None:
    from typing import get_args

    from editor.commands import gis as command
    from schemas.gis.options import LineKind, PointKind, VpAs

    assert get_args(PointKind) == command.POINT_KINDS
    assert get_args(LineKind) == command.LINE_KINDS
    assert get_args(VpAs) == command.VP_AS


def test_starting_salient_does_not_import_the_gis_libraries() -> None:
    import subprocess
    import sys

    code = "import sys, editor.cli; print('pyproj' in sys.modules, 'pyogrio' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]

"""GIS import of regions: projection, simplification, naming, slivers, multi-part features,
and the longitude-latitude export (issue 17). Every file is written by the test."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import shapely

from schemas import load_text
from schemas.geometry.build import build_polygons
from schemas.gis import (
    Cancelled,
    FieldMap,
    GisError,
    ImportOptions,
    Progress,
    import_layer,
    lonlat_features,
    read_layer,
    slugify,
)
from schemas.gis.projection import Projector
from schemas.io import dumps
from schemas.map import Polygon
from schemas.scenario import Scenario
from schemas.starter import new_scenario
from schemas.validation import validate_scenario
from tests.gis_files import distance_km, grid, to_crs, write_geojson, write_ogr


def shapes_of(scenario: Scenario) -> np.ndarray:
    return np.asarray(build_polygons([r.polygon for r in scenario.regions]), dtype=object)


def imported(path: Path, **options: object) -> Scenario:
    layer = read_layer(path)
    return import_layer(layer, new_scenario("Test"), ImportOptions(**options)).scenario  # type: ignore[arg-type]


def map_point(scenario: Scenario, lon: float, lat: float) -> np.ndarray:
    """Where a longitude and latitude lands on the scenario's map."""
    assert scenario.map.projection is not None
    projector = Projector.from_model(scenario.map.projection)
    return shapely.get_coordinates(projector.to_map(np.asarray([shapely.Point(lon, lat)])))[0]


def check_distances(scenario: Scenario, corners: list[tuple[float, float]]) -> None:
    """Map distances between the corners match the distances on the Earth within 0.5%."""
    assert scenario.map.projection is not None
    km = scenario.map.projection.km_per_unit
    points = [map_point(scenario, *c) for c in corners]
    for i in range(len(corners)):
        for j in range(i + 1, len(corners)):
            on_map = float(np.hypot(*(points[i] - points[j]))) * km
            true = distance_km(corners[i], corners[j])
            assert on_map == pytest.approx(true, rel=0.005), (corners[i], corners[j])


def test_geojson_in_lonlat_is_projected_to_true_distances_north_up(tmp_path: Path) -> None:
    # 2 x 2 degrees in southern Finland: degrees of longitude are half as long as those of
    # latitude there, which keeping degrees as map units would get wrong.
    cells = grid(24.0, 60.0, 4, 4, 0.5, density=0.05)
    path = write_geojson(tmp_path / "finland.geojson", cells, [{"n": i} for i in range(16)])
    scenario = imported(path)
    bounds = shapely.total_bounds(shapes_of(scenario))
    assert bounds[:2].tolist() == pytest.approx([0, 0], abs=1e-6)
    check_distances(scenario, [(24, 60), (26, 60), (24, 62), (26, 62)])
    # North up: the northern edge is at the top (small y), and west on the left.
    north, south = map_point(scenario, 25, 62), map_point(scenario, 25, 60)
    assert north[1] < south[1]
    assert map_point(scenario, 24, 61)[0] < map_point(scenario, 26, 61)[0]
    assert scenario.map.units_per_km == pytest.approx(1.0 / scenario.map.projection.km_per_unit)
    assert validate_scenario(scenario) == []


def test_a_wide_extent_gets_a_conic_projection_within_half_a_percent(tmp_path: Path) -> None:
    cells = grid(0.0, 44.0, 10, 3, 1.0, density=0.1)
    path = write_geojson(tmp_path / "wide.geojson", cells, [{"n": i} for i in range(30)])
    scenario = imported(path)
    assert scenario.map.projection is not None
    assert "+proj=lcc" in scenario.map.projection.crs
    check_distances(scenario, [(0, 44), (10, 44), (0, 47), (10, 47), (5, 45.5)])


def test_shapefile_keeps_accented_names_and_makes_ascii_ids(tmp_path: Path) -> None:
    cells = grid(-73.7, 45.45, 2, 1, 0.05, density=0.005)
    names = ["Sault-au-Récollet", "Champlain—L'Île-des-Sœurs"]
    path = write_ogr(
        tmp_path / "districts.shp",
        cells,
        [{"NOM": n, "NO": i + 10} for i, n in enumerate(names)],
        "EPSG:4326",
        "ESRI Shapefile",
    )
    layer = read_layer(path)
    result = import_layer(
        layer, new_scenario("Montreal"), ImportOptions(fields=FieldMap(name="NOM"))
    )
    regions = result.scenario.regions
    assert [r.name for r in regions] == names
    assert [r.id for r in regions] == ["sault-au-recollet", "champlain-l-ile-des-soeurs"]
    check_distances(result.scenario, [(-73.7, 45.45), (-73.6, 45.5)])


def test_geopackage_in_a_projected_crs_keeps_it(tmp_path: Path) -> None:
    lonlat = grid(-75.5, 45.0, 3, 3, 0.2, density=0.02)
    utm = to_crs(lonlat, "EPSG:32618")
    path = write_ogr(
        tmp_path / "utm.gpkg", utm, [{"name": f"Cell {i}"} for i in range(9)], "EPSG:32618", "GPKG"
    )
    scenario = imported(path)
    assert scenario.map.projection is not None
    assert scenario.map.projection.crs == "EPSG:32618"
    check_distances(scenario, [(-75.5, 45.0), (-74.9, 45.0), (-75.5, 45.6), (-74.9, 45.6)])
    assert [r.id for r in scenario.regions][:2] == ["cell-0", "cell-1"]


def test_geopackage_reprojected_on_request(tmp_path: Path) -> None:
    utm = to_crs(grid(-75.5, 45.0, 2, 2, 0.2), "EPSG:32618")
    path = write_ogr(tmp_path / "u.gpkg", utm, [{"n": i} for i in range(4)], "EPSG:32618", "GPKG")
    scenario = imported(path, projection="tmerc", km_per_unit=0.5)
    assert scenario.map.projection is not None
    assert "+proj=tmerc" in scenario.map.projection.crs
    assert scenario.map.projection.km_per_unit == 0.5
    check_distances(scenario, [(-75.5, 45.0), (-75.1, 45.4)])


def wiggly_coverage(count: int = 60, per_region: int = 300) -> list[shapely.Geometry]:
    """A valid coverage of Voronoi cells with long, wavy shared borders, in degrees."""
    rng = np.random.default_rng(7)
    points = shapely.multipoints(rng.uniform([5, 45], [7, 46.5], (count, 2)))
    frame = shapely.box(5, 45, 7, 46.5)
    cells = shapely.get_parts(shapely.voronoi_polygons(points, extend_to=frame))
    cells = shapely.intersection(cells, frame)
    step = float(shapely.length(cells).mean()) / per_region
    dense = shapely.segmentize(cells, step)
    coords = np.round(shapely.get_coordinates(dense), 9)
    k = 2 * np.pi / (step * 8)
    wave = 0.4 / k * np.column_stack([np.sin(k * coords[:, 1]), np.sin(k * coords[:, 0])])
    return list(shapely.set_coordinates(dense, coords + wave))


@pytest.mark.parametrize("budget", [12, 30])
def test_simplified_coverage_is_valid_within_the_vertex_budget(tmp_path: Path, budget: int) -> None:
    cells = wiggly_coverage()
    assert shapely.coverage_is_valid(np.asarray(cells, dtype=object))
    path = write_geojson(tmp_path / "w.geojson", cells, [{"n": i} for i in range(len(cells))])
    scenario = imported(path, simplify_vertices=budget)
    shapes = shapes_of(scenario)
    assert len(shapes) == len(cells)
    assert shapely.is_valid(shapes).all()
    assert shapely.coverage_is_valid(shapes)
    total = sum(len(r.polygon.exterior) + sum(map(len, r.polygon.holes)) for r in scenario.regions)
    assert total <= budget * len(cells)
    assert total >= 0.9 * budget * len(cells)  # the budget is used, not wasted
    # Neighbours keep one border: the union has no hole and the same outline area.
    assert shapely.area(shapely.union_all(shapes)) == pytest.approx(shapes_area(shapes), rel=1e-9)
    assert validate_scenario(scenario) == []


def shapes_area(shapes: np.ndarray) -> float:
    return float(shapely.area(shapes).sum())


def test_simplifying_by_tolerance_in_km(tmp_path: Path) -> None:
    cells = wiggly_coverage(30, 200)
    path = write_geojson(tmp_path / "w.geojson", cells, [{"n": i} for i in range(len(cells))])
    layer = read_layer(path)
    fine = import_layer(layer, new_scenario("t"), ImportOptions(simplify_km=0.05))
    coarse = import_layer(layer, new_scenario("t"), ImportOptions(simplify_km=2.0))
    assert fine.prepared is not None and coarse.prepared is not None
    assert coarse.prepared.vertices_after < fine.prepared.vertices_after
    assert fine.prepared.vertices_after < fine.prepared.vertices_before
    assert shapely.coverage_is_valid(shapes_of(coarse.scenario))


def test_a_sliver_joins_its_neighbour_and_is_listed(tmp_path: Path) -> None:
    a, b = shapely.box(10, 50, 10.5, 50.5), shapely.box(10.5, 50, 11, 50.5)
    sliver = shapely.box(10, 50.5, 11, 50.5001)  # 70 m x 11 m
    c = shapely.box(10, 50.5001, 11, 51)
    path = write_geojson(
        tmp_path / "s.geojson",
        [a, b, sliver, c],
        [{"name": n} for n in ("A", "B", "Sliver", "C")],
    )
    result = import_layer(read_layer(path), new_scenario("t"), ImportOptions())
    assert [r.id for r in result.scenario.regions] == ["a", "b", "c"]
    slivers = [n for n in result.notes if n.kind == "sliver"]
    assert len(slivers) == 1 and "'Sliver'" in slivers[0].text and "'C'" in slivers[0].text
    assert shapely.coverage_is_valid(shapes_of(result.scenario))


def test_small_gaps_are_filled_and_large_ones_left(tmp_path: Path) -> None:
    ring = shapely.box(0, 50, 3, 53)
    small = shapely.box(0.9, 50.9, 0.9005, 50.9005)
    large = shapely.box(1.8, 51.8, 2.2, 52.2)
    left = shapely.box(0, 50, 1.5, 53).difference(small).difference(large)
    right = ring.difference(shapely.box(0, 50, 1.5, 53)).difference(large)
    path = write_geojson(tmp_path / "g.geojson", [left, right], [{"n": 1}, {"n": 2}])
    result = import_layer(read_layer(path), new_scenario("t"), ImportOptions(min_area_km2=1.0))
    kinds = sorted(n.kind for n in result.notes if n.kind.startswith("gap"))
    assert kinds == ["gap-filled", "gap-left"]
    assert len(result.scenario.regions[0].polygon.holes) == 0  # the small gap joined it


def test_overlapping_features_are_cleaned(tmp_path: Path) -> None:
    a, b = shapely.box(0, 40, 1.02, 41), shapely.box(1, 40, 2, 41)
    path = write_geojson(tmp_path / "o.geojson", [a, b], [{"n": 1}, {"n": 2}])
    result = import_layer(read_layer(path), new_scenario("t"), ImportOptions(min_area_km2=0))
    shapes = shapes_of(result.scenario)
    assert shapely.coverage_is_valid(shapes)
    assert shapely.area(shapely.intersection(shapes[0], shapes[1])) == pytest.approx(0, abs=1e-9)
    assert any(n.kind == "overlap" for n in result.notes)


def multipart_files(tmp_path: Path) -> Path:
    main = shapely.box(0, 0, 1, 1)
    island = shapely.box(3, 0, 3.2, 0.2)  # touches nothing
    exclave = shapely.box(1.5, 0.4, 1.7, 0.6)  # inside the neighbour's hole
    neighbour = shapely.box(1, 0, 2, 1).difference(exclave)
    feature = shapely.MultiPolygon([main, island, exclave])
    return write_geojson(
        tmp_path / "m.geojson", [feature, neighbour], [{"name": "Home"}, {"name": "Next"}]
    )


def test_multipart_features_split_into_regions(tmp_path: Path) -> None:
    scenario = imported(multipart_files(tmp_path), min_area_km2=0)
    ids = [r.id for r in scenario.regions]
    assert ids == ["home", "home-2", "home-3", "next"]
    assert [r.name for r in scenario.regions][:2] == ["Home", "Home (2)"]
    assert shapely.coverage_is_valid(shapes_of(scenario))


def test_multipart_largest_keeps_islands_and_gives_exclaves_away(tmp_path: Path) -> None:
    result = import_layer(
        read_layer(multipart_files(tmp_path)),
        new_scenario("t"),
        ImportOptions(min_area_km2=0, multipart="largest"),
    )
    ids = [r.id for r in result.scenario.regions]
    assert ids == ["home", "home-2", "next"]  # the island stays, the exclave joined "next"
    assert len(result.scenario.regions[2].polygon.holes) == 0
    assert sorted(n.kind for n in result.notes if n.kind.startswith("part")) == [
        "part",
        "part-joined",
    ]


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("Sault-au-Récollet", "sault-au-recollet"),
        ("Champlain—L'Île-des-Sœurs", "champlain-l-ile-des-soeurs"),
        ("Œuvre", "oeuvre"),
        ("L\u2019Acadie", "l-acadie"),
        ("Straße", "strasse"),
        ("Łódź", "lodz"),
        ("Москва", "moskva"),
        ("Ærø", "aero"),
        ("12", "12"),
    ],
)
def test_slugs_transliterate_instead_of_dropping_letters(name: str, slug: str) -> None:
    assert slugify(name) == slug


def test_duplicate_names_get_numbered_ids(tmp_path: Path) -> None:
    cells = grid(0, 40, 3, 1, 0.1)
    path = write_geojson(tmp_path / "d.geojson", cells, [{"name": "Verdun"}] * 3)
    scenario = imported(path)
    assert [r.id for r in scenario.regions] == ["verdun", "verdun-2", "verdun-3"]


def test_fields_map_terrain_owner_and_vp(tmp_path: Path) -> None:
    cells = grid(0, 40, 2, 1, 0.1)
    props = [
        {"name": "A", "landcover": "Forest", "country": "redland", "vp": 3},
        {"name": "B", "landcover": "Lava", "country": "Blueland", "vp": None},
    ]
    path = write_geojson(tmp_path / "f.geojson", cells, props)
    scenario = new_scenario("t")
    fields = FieldMap(terrain="landcover", owner="country", vp="vp")
    result = import_layer(read_layer(path), scenario, ImportOptions(fields=fields))
    a, b = result.scenario.regions
    assert (a.terrain, a.owner, b.owner) == ("forest", "redland", "blueland")
    assert b.terrain == "clear"
    assert {side: v.capture for side, v in a.values.items()} == {"blue": 3, "red": 3}
    assert any("'Lava'" in n.text for n in result.notes if n.kind == "unknown-reference")


def test_network_is_read_from_its_property_by_name_or_as_told(tmp_path: Path) -> None:
    cells = grid(0, 40, 3, 1, 0.1)
    props = [{"name": "A", "network": "Rail"}, {"name": "B", "network": "road"},
             {"name": "C", "network": "motorway"}]  # fmt: skip
    path = write_geojson(tmp_path / "n.geojson", cells, props)
    result = import_layer(read_layer(path), new_scenario("t"), ImportOptions())
    assert [r.network for r in result.scenario.regions] == ["rail", "road", "none"]
    unknown = [n.text for n in result.notes if n.kind == "unknown-reference"]
    assert len(unknown) == 1 and "'motorway'" in unknown[0] and "network" in unknown[0]
    told = ImportOptions(fields=FieldMap(network="name"))
    result = import_layer(read_layer(path), new_scenario("t"), told)
    assert [r.network for r in result.scenario.regions] == ["none", "none", "none"]


def signed_area(ring: list[tuple[float, float]]) -> float:
    return 0.5 * sum(
        a[0] * b[1] - b[0] * a[1] for a, b in zip(ring, ring[1:] + ring[:1], strict=True)
    )


def test_outlines_get_one_ring_direction_whatever_the_file_has(tmp_path: Path) -> None:
    outer = shapely.Polygon(
        [(0, 40), (0.3, 40), (0.3, 40.3), (0, 40.3)], [[(0.1, 40.1), (0.2, 40.1), (0.2, 40.2)]]
    )
    turned = shapely.orient_polygons(outer, exterior_cw=True)  # not as RFC 7946 asks
    beside = shapely.orient_polygons(shapely.box(0.3, 40, 0.6, 40.3))
    path = write_geojson(tmp_path / "o.geojson", [turned, beside], [{"n": 1}, {"n": 2}])
    for region in imported(path).regions:
        assert signed_area(region.polygon.exterior) > 0  # anticlockwise in map units
        assert all(signed_area(hole) < 0 for hole in region.polygon.holes)
    assert len(imported(path).regions[0].polygon.holes) == 1


def test_an_export_imported_back_keeps_every_vertex_in_its_place(tmp_path: Path) -> None:
    """A map exported in longitude and latitude, edited in a GIS and imported back changes
    only where it was edited: the untouched outlines come back vertex for vertex, in the
    same order, so the scenario file's diff shows the edit and nothing else."""
    cells = grid(24.0, 60.0, 3, 2, 0.5, density=0.1)
    path = write_geojson(tmp_path / "e.geojson", cells, [{"name": f"C{i}"} for i in range(6)])
    scenario = imported(path, min_area_km2=0)
    # As a map drawn or built without the import might have them: exteriors anticlockwise
    # in map units (as the import makes them), each starting at another vertex.
    drawn = []
    for region in scenario.regions:
        ring = list(region.polygon.exterior)
        ring = ring if signed_area(ring) > 0 else ring[::-1]
        outline = Polygon(exterior=ring[3:] + ring[:3])
        drawn.append(region.model_copy(update={"polygon": outline}))
    scenario = scenario.model_copy(update={"regions": drawn})
    assert all(signed_area(r.polygon.exterior) > 0 for r in drawn)
    features = lonlat_features(scenario)
    back = write_geojson(
        tmp_path / "back.geojson",
        [shapely.geometry.shape(f["geometry"]) for f in features],
        [f["properties"] for f in features],
    )
    again = import_layer(read_layer(back), scenario, ImportOptions(min_area_km2=0)).scenario
    assert [r.polygon for r in again.regions] == [r.polygon for r in scenario.regions]


def test_cleaning_an_edit_leaves_the_outlines_away_from_it_as_they_were(tmp_path: Path) -> None:
    """A vertex moved into the neighbour in one feature only (an edit in a GIS without
    topological editing): the overlap is cleaned, and every outline away from the edit comes
    out vertex for vertex as an import of the unedited file gives it."""
    cells = grid(24.0, 60.0, 4, 1, 0.5, density=0.1)
    names = [{"name": f"C{i}"} for i in range(4)]
    before = imported(write_geojson(tmp_path / "a.geojson", cells, names), min_area_km2=0)
    ring = [(24.55, 60.2) if p == (24.5, 60.2) else p for p in cells[0].exterior.coords]
    assert ring != list(cells[0].exterior.coords)
    edited = write_geojson(tmp_path / "b.geojson", [shapely.Polygon(ring), *cells[1:]], names)
    result = import_layer(read_layer(edited), new_scenario("t"), ImportOptions(min_area_km2=0))
    assert [n.kind for n in result.notes if n.kind != "connections"] == ["overlap"]
    after = result.scenario
    assert validate_scenario(after) == []
    assert [r.polygon for r in after.regions[2:]] == [r.polygon for r in before.regions[2:]]


def test_lonlat_export_gives_the_real_coordinates_back(tmp_path: Path) -> None:
    cells = grid(24.0, 60.0, 2, 2, 0.5, density=0.1)
    path = write_geojson(tmp_path / "e.geojson", cells, [{"name": f"C{i}"} for i in range(4)])
    scenario = imported(path)
    features = lonlat_features(scenario)
    for cell, feature in zip(cells, features, strict=True):
        ring = np.asarray(feature["geometry"]["coordinates"][0])
        # Every exported vertex lies on the original cell's outline, to the metre the import
        # rounds map coordinates to (1e-5 degree of longitude is 0.56 m at 60 degrees north).
        assert shapely.distance(cell.exterior, shapely.points(ring)).max() < 1e-5
        assert shapely.Polygon(ring).area == pytest.approx(cell.area, rel=1e-4)
    # Importing the export again, into the same scenario, updates the regions in place.
    back = write_geojson(
        tmp_path / "back.geojson",
        [shapely.geometry.shape(f["geometry"]) for f in features],
        [f["properties"] for f in features],
    )
    again = import_layer(read_layer(back), scenario, ImportOptions(min_area_km2=0))
    assert again.updated == [r.id for r in scenario.regions] and again.added == []
    old, new = shapes_of(scenario), shapes_of(again.scenario)
    assert shapely.hausdorff_distance(old, new).max() < 1e-3  # map units (1 m)


def test_the_projection_survives_saving(tmp_path: Path) -> None:
    path = write_geojson(tmp_path / "p.geojson", grid(0, 40, 2, 1, 0.1), [{"n": 1}, {"n": 2}])
    scenario = imported(path)
    text = dumps(scenario)
    loaded = load_text(text)
    assert loaded.scenario == scenario and loaded.ok
    assert '"projection": {' in text


def test_a_version_1_file_is_migrated() -> None:
    text = dumps(new_scenario("Old")).replace('"schema_version": 2', '"schema_version": 1')
    result = load_text(text, validate=False)
    assert result.scenario is not None and result.scenario.schema_version == 2


def test_a_later_import_uses_the_scenario_projection(tmp_path: Path) -> None:
    first = write_geojson(tmp_path / "a.geojson", grid(0, 40, 2, 1, 0.1), [{"n": 1}, {"n": 2}])
    scenario = imported(first)
    second = write_geojson(tmp_path / "b.geojson", grid(0.2, 40, 1, 1, 0.1), [{"n": 3}])
    result = import_layer(read_layer(second), scenario, ImportOptions())
    shapes = shapes_of(result.scenario)
    assert shapely.coverage_is_valid(shapes)
    assert shapes[1].touches(shapes[2])  # the new cell lands right beside the old ones
    with pytest.raises(GisError, match="already lies on a projection"):
        import_layer(read_layer(second), scenario, ImportOptions(projection="lcc"))


def test_progress_is_reported_and_cancel_stops(tmp_path: Path) -> None:
    path = write_geojson(
        tmp_path / "c.geojson", grid(0, 40, 3, 3, 0.1), [{"n": i} for i in range(9)]
    )
    layer = read_layer(path)
    seen: list[float] = []
    import_layer(layer, new_scenario("t"), ImportOptions(), Progress(lambda _, f: seen.append(f)))
    assert seen == sorted(seen) and seen[-1] == 1.0
    with pytest.raises(Cancelled):
        import_layer(layer, new_scenario("t"), ImportOptions(), Progress(cancelled=lambda: True))


def test_bad_files_and_settings_give_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(GisError, match="no such file"):
        read_layer(tmp_path / "missing.geojson")
    bad = tmp_path / "bad.geojson"
    bad.write_text("{not json")
    with pytest.raises(GisError, match=r"bad\.geojson"):
        read_layer(bad)
    path = write_geojson(tmp_path / "ok.geojson", grid(0, 40, 1, 1, 0.1), [{"n": 1}])
    with pytest.raises(GisError, match="no layer 'roads'"):
        read_layer(path, "roads")
    with pytest.raises(GisError, match="not one PROJ knows"):
        imported(path, projection="+proj=nonsense")
    # Projected numbers in a file that does not say its CRS.
    utm = to_crs(grid(-75.5, 45.0, 1, 1, 0.2), "EPSG:32618")
    nocrs = write_ogr(tmp_path / "nocrs.shp", utm, [{"n": 1}], None, "ESRI Shapefile")
    with pytest.raises(GisError, match="--crs"):
        imported(nocrs)
    scenario = imported(nocrs, crs="EPSG:32618")
    assert scenario.map.projection is not None


def test_features_without_polygons_and_broken_outlines(tmp_path: Path) -> None:
    cells = grid(0, 40, 2, 1, 0.1, density=0.01)
    bowtie = shapely.Polygon([(0.3, 40), (0.4, 40.1), (0.4, 40), (0.3, 40.1)])
    path = write_geojson(tmp_path / "b.geojson", [*cells, bowtie], [{"n": 1}, {"n": 2}, {"n": 3}])
    text = path.read_text().replace(
        '"properties": {"n": 2}, "geometry": {', '"properties": {"n": 2}, "geometry": null, "x": {'
    )
    path.write_text(text)
    result = import_layer(read_layer(path), new_scenario("t"), ImportOptions(simplify_vertices=6))
    kinds = {n.kind for n in result.notes}
    assert {"skipped", "repaired"} <= kinds
    assert len(result.scenario.regions) == 3  # the first cell and the two halves of the bow tie
    assert shapely.coverage_is_valid(shapes_of(result.scenario))


def test_the_winter_war_sample_is_its_regions_file_imported() -> None:
    """The Winter War sample's map is built by importing its regions.geojson (docs/gis-import.md,
    *Worked example*): importing the file onto the sample's projection gives every region of
    the sample back, outline vertex for vertex, with its name, terrain, owner, area and
    network. (A failure here means the file was edited and the sample not rebuilt.)"""
    root = Path(__file__).resolve().parents[1] / "sample_scenarios"
    sample = load_text((root / "winter-war.json").read_text("utf-8")).scenario
    assert sample is not None
    base = sample.model_copy(update={"regions": [], "connections": []})
    fields = FieldMap(
        id="id", name="name", terrain="terrain", owner="owner", area="area", network="network"
    )
    options = ImportOptions(fields=fields, min_area_km2=0, connect=False)
    source = root / "sources" / "winter-war" / "regions.geojson"
    result = import_layer(read_layer(source), base, options)
    assert result.notes == []
    assert result.scenario.map.projection == sample.map.projection
    wanted = {r.id: r for r in sample.regions if not r.off_map}
    got = {r.id: r for r in result.scenario.regions}
    assert sorted(got) == sorted(wanted)
    for key, region in got.items():
        same = ("polygon", "name", "terrain", "owner", "area", "network")
        assert [getattr(region, f) for f in same] == [getattr(wanted[key], f) for f in same], key

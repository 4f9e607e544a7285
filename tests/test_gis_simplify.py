"""The topological simplification of a coverage at the level of its arcs (issue 17): junctions,
arcs, Douglas-Peucker significance, borders kept identical on both sides, regions that fail
the checks given their vertices back, broken data found. Planar shapes, no projection."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import shapely

from schemas.gis import ImportOptions, import_layer, read_layer
from schemas.gis.arcs import build, cut, junctions, significance
from schemas.gis.rings import Rings
from schemas.gis.simplify import Target, simplify
from schemas.starter import new_scenario
from tests.gis_files import grid, write_geojson
from tests.test_gis_import import shapes_of, wiggly_coverage


def rings_of(shapes: list[shapely.Geometry]) -> Rings:
    return Rings.from_geometries(np.asarray(shapes, dtype=object), 1e-9)


def wavy(shape: shapely.Geometry, step: float, height: float) -> shapely.Geometry:
    """A shape whose edges are cut every ``step`` and pushed about by up to ``height``,
    the same way at the same point (neighbours keep one border)."""
    dense = shapely.segmentize(shape, step)
    xy = np.round(shapely.get_coordinates(dense), 9)
    wave = height * np.column_stack([np.sin(xy[:, 1] * 7.1), np.sin(xy[:, 0] * 5.3)])
    return shapely.set_coordinates(dense, xy + wave)


def test_a_grid_has_a_junction_where_regions_meet_and_an_arc_per_border() -> None:
    cells = [shapely.segmentize(c, 0.25) for c in grid(0, 0, 2, 2, 1.0)]
    rings = rings_of(cells)
    junction = junctions(rings)
    points = {tuple(p) for p in rings.xy[junction].round(9).tolist()}
    # The middle (four regions) and where each inner border meets the map's edge.
    assert points == {(1.0, 1.0), (1.0, 0.0), (0.0, 1.0), (2.0, 1.0), (1.0, 2.0)}
    _, start = cut(rings, junction)
    # Four inner borders of 4 edges, four stretches of the edge of 8 (round a corner), each
    # stored once with its two ends though two rings run along an inner border.
    assert sorted(np.diff(start).tolist()) == [5, 5, 5, 5, 9, 9, 9, 9]


def test_significance_keeps_what_geos_douglas_peucker_keeps() -> None:
    rng = np.random.default_rng(3)
    for _ in range(60):
        count = int(rng.integers(5, 150))
        xy = np.cumsum(rng.normal(size=(count, 2)), axis=0)
        if rng.random() < 0.3:
            xy[-1] = xy[0]  # a closed arc: an island's ring
        sig = significance(xy, np.arange(count), np.array([0, count]))
        tolerance = float(rng.uniform(0.2, 3))
        line = shapely.simplify(shapely.linestrings(xy), tolerance, preserve_topology=False)
        np.testing.assert_array_equal(xy[sig > tolerance], shapely.get_coordinates(line))


def test_neighbours_keep_one_border_and_no_vertex_moves_past_the_tolerance() -> None:
    cells = [wavy(c, 0.02, 0.01) for c in grid(0, 0, 4, 3, 1.0)]
    result = simplify(rings_of(cells), Target(tolerance=0.015))
    parts = result.parts
    assert shapely.is_valid(parts).all() and shapely.coverage_is_valid(parts)
    assert result.vertices_after < result.vertices_before / 2
    # One border: the union has no slit or sliver (same area as the parts together).
    union = shapely.union_all(parts)
    assert shapely.area(union) == pytest.approx(float(shapely.area(parts).sum()), rel=1e-12)
    for before, after in zip(cells, parts, strict=True):
        # Every dropped vertex lies within the tolerance of the simplified outline.
        dropped = shapely.points(shapely.get_coordinates(before))
        assert shapely.distance(after.boundary, dropped).max() <= 0.015 + 1e-9


@pytest.mark.parametrize("budget", [8, 12, 40])
def test_a_vertex_budget_is_met_and_used(budget: int) -> None:
    cells = wiggly_coverage(40, 200)
    result = simplify(rings_of(cells), Target(vertices=budget))
    assert shapely.coverage_is_valid(result.parts)
    assert result.vertices_after <= budget * len(cells)
    assert result.vertices_after >= 0.9 * budget * len(cells)


def test_a_budget_below_the_junctions_makes_every_border_straight() -> None:
    cells = wiggly_coverage(40, 200)
    rings = rings_of(cells)
    corners = int(rings.multiplicity()[junctions(rings)].sum())  # where regions meet
    result = simplify(rings, Target(vertices=4))
    assert 4 * len(cells) < corners
    assert result.vertices_after == corners  # nothing but the junctions is left
    assert shapely.coverage_is_valid(result.parts) and np.isfinite(result.tolerance)


def test_a_lake_with_an_island_keeps_both_rings_shared_and_at_least_a_triangle() -> None:
    land = wavy(shapely.box(0, 0, 10, 10), 0.05, 0.02)
    lake = wavy(shapely.box(3, 3, 7, 7), 0.05, 0.02)
    island = wavy(shapely.box(4.8, 4.8, 5.2, 5.2), 0.05, 0.02)
    shapes = [
        shapely.Polygon(land.exterior, [lake.exterior]),
        shapely.Polygon(lake.exterior, [island.exterior]),
        island,
    ]
    result = simplify(rings_of(shapes), Target(tolerance=1.0))
    ground, water, isle = result.parts
    assert shapely.coverage_is_valid(result.parts)
    # The lake's shore is one ring for both, the island's too, whatever became of them.
    assert shapely.equals(shapely.Polygon(ground.interiors[0]), shapely.Polygon(water.exterior))
    assert shapely.equals(shapely.Polygon(water.interiors[0]), isle)
    assert len(isle.exterior.coords) >= 4  # a triangle at least, not a line
    assert shapely.area(isle) > 0


def test_a_border_straightened_across_an_island_gets_its_vertices_back() -> None:
    # A coast with a deep, narrow bay; an island sits in the bay, touching nothing. Cutting
    # the bay off (a large tolerance) would cover the island: the checks give the coast
    # back what it needs.
    coast = shapely.Polygon(
        [(0, 0), (10, 0), (10, 10), (5.3, 10), (5.3, 2), (4.7, 2), (4.7, 10), (0, 10)]
    )
    coast = shapely.segmentize(coast, 0.5)
    island = shapely.segmentize(shapely.box(4.85, 6, 5.15, 6.5), 0.05)
    result = simplify(rings_of([coast, island]), Target(tolerance=3.0))
    land, isle = result.parts
    assert shapely.is_valid(land) and shapely.coverage_is_valid(result.parts)
    assert shapely.area(shapely.intersection(land, isle)) == pytest.approx(0.0, abs=1e-12)
    assert len(result.broken) == 0


def test_a_feature_lying_inside_another_is_found_broken() -> None:
    # Both levels of a division in one layer: a province and, inside it, one of its
    # districts, touching none of its edges. Borders alone cannot show this.
    province = wavy(shapely.box(0, 0, 10, 10), 0.1, 0.02)
    district = wavy(shapely.box(3, 3, 5, 5), 0.1, 0.02)
    result = simplify(rings_of([province, district]), Target(tolerance=0.05))
    assert 1 in result.broken.tolist()


def test_an_import_cleans_overlaps_found_while_simplifying(tmp_path: Path) -> None:
    province = wavy(shapely.box(10, 40, 11, 41), 0.01, 0.002)
    district = wavy(shapely.box(10.3, 40.3, 10.5, 40.5), 0.01, 0.002)
    path = write_geojson(tmp_path / "nested.geojson", [province, district], [{"n": 1}, {"n": 2}])
    result = import_layer(
        read_layer(path), new_scenario("t"), ImportOptions(simplify_vertices=30, min_area_km2=0)
    )
    assert shapely.coverage_is_valid(shapes_of(result.scenario))
    assert [r.id for r in result.scenario.regions] == ["region-1"]
    covered = [n for n in result.notes if n.kind == "covered"]
    assert len(covered) == 1 and "feature 2" in covered[0].text


def test_significance_stops_early_only_below_what_the_budget_keeps() -> None:
    cells = wiggly_coverage(40, 200)
    rings = rings_of(cells)
    exact = build(rings)
    budget = 20.0 * len(cells)
    early = build(rings, budget=budget)
    weight = rings.multiplicity()
    order = np.argsort(-exact.significance)
    over = np.searchsorted(np.cumsum(weight[order]), budget, side="right")
    tolerance = exact.significance[order[over]]
    above = exact.significance > tolerance
    np.testing.assert_array_equal(early.significance[above], exact.significance[above])
    assert (early.significance[~above] <= tolerance).all()

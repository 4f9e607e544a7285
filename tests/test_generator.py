"""The procedural scenario generator: deterministic, valid, and a sensible map to play on."""

from __future__ import annotations

import functools
import hashlib
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
import shapely

from schemas.generator import MIN_REGIONS, generate_scenario
from schemas.generator import tessellation as tess
from schemas.geometry import build_polygons, shared_borders
from schemas.io import dumps, load_text
from schemas.scenario import Scenario
from schemas.validation import validate_scenario

ROOT = Path(__file__).resolve().parent.parent


@functools.cache
def generated(regions: int, seed: int) -> Scenario:
    """Generated once per test session; tests only read it."""
    return generate_scenario(regions, seed)


def describe(issues: list) -> list[str]:
    return [f"{i.severity} {i.code} {i.path}: {i.message}" for i in issues]


def domain_of(scenario: Scenario) -> dict[str, str]:
    terrain = {t.id: t.domain for t in scenario.terrain}
    return {r.id: terrain[r.terrain] for r in scenario.regions}


# -- determinism -----------------------------------------------------------------------------


def test_same_arguments_give_the_same_bytes() -> None:
    assert dumps(generate_scenario(60, 5)) == dumps(generate_scenario(60, 5))


def test_other_seeds_give_other_maps() -> None:
    first, second = generated(60, 1), generated(60, 2)
    assert first.regions[0].polygon != second.regions[0].polygon


def test_same_bytes_in_other_processes() -> None:
    """Hash randomisation differs between processes; the output must not care."""
    code = (
        "import hashlib; from schemas.generator import generate_scenario; "
        "from schemas.io import dumps; "
        "print(hashlib.sha256(dumps(generate_scenario(150, 9)).encode()).hexdigest())"
    )
    here = hashlib.sha256(dumps(generated(150, 9)).encode()).hexdigest()
    for hash_seed in ("1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == here


def test_round_trip_is_byte_identical() -> None:
    text = dumps(generated(200, 3))
    result = load_text(text)
    assert result.ok, describe(result.issues)
    assert result.issues == []
    assert dumps(result.scenario) == text


# -- validity --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("regions", "seed"),
    [(12, 0), (12, 7), (13, 3), (20, 1), (50, 2), (50, 11), (200, 3), (200, 8), (1000, 4)],
)
def test_validates_without_errors(regions: int, seed: int) -> None:
    issues = validate_scenario(generated(regions, seed))
    assert [i for i in issues if i.is_error] == [], describe(issues)


@pytest.mark.parametrize("regions", [12, 16, 20, 35, 50, 120, 200])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_small_maps_have_no_warnings_either(regions: int, seed: int) -> None:
    assert describe(validate_scenario(generated(regions, seed))) == []


@pytest.mark.parametrize("regions", [MIN_REGIONS - 1, 5, 0, -3])
def test_too_few_regions_is_refused(regions: int) -> None:
    with pytest.raises(ValueError, match=f"at least {MIN_REGIONS} regions"):
        generate_scenario(regions, 0)


def test_negative_seed_is_refused() -> None:
    with pytest.raises(ValueError, match="seed"):
        generate_scenario(20, -1)


# -- geometry --------------------------------------------------------------------------------


@pytest.mark.parametrize(("regions", "seed"), [(12, 0), (200, 3), (1000, 4)])
def test_regions_tile_a_rectangle(regions: int, seed: int) -> None:
    scenario = generated(regions, seed)
    assert len(scenario.regions) == regions
    polygons = build_polygons([r.polygon for r in scenario.regions])
    assert shapely.is_valid(polygons).all()
    assert (shapely.area(polygons) > 0).all()
    assert shapely.coverage_is_valid(polygons)
    xmin, ymin, xmax, ymax = shapely.total_bounds(polygons)
    assert (xmin, ymin) == (0.0, 0.0)
    assert shapely.area(polygons).sum() == pytest.approx((xmax - xmin) * (ymax - ymin))


def test_coordinates_have_two_decimals() -> None:
    points = np.array([p for r in generated(200, 3).regions for p in r.polygon.exterior])
    assert np.array_equal(points, np.round(points, 2))


def test_cells_are_even_sized() -> None:
    """Relaxed seeds give cells of similar size: no slivers, no giants."""
    polygons = build_polygons([r.polygon for r in generated(1000, 4).regions])
    areas = shapely.area(polygons)
    assert areas.min() > 0.4 * areas.mean()
    assert areas.max() < 2.0 * areas.mean()


def test_degenerate_cells_are_nudged_until_clean(monkeypatch: pytest.MonkeyPatch) -> None:
    """Flag a cell as degenerate once: the map is rebuilt around moved seeds, still whole."""
    real = tess._bad_cells
    calls: list[int] = []

    def flaky(polygons: np.ndarray, width: float, height: float) -> np.ndarray:
        calls.append(1)
        return np.array([3]) if len(calls) == 1 else real(polygons, width, height)

    monkeypatch.setattr(tess, "_bad_cells", flaky)
    cells = tess.tessellate(40, np.random.default_rng(0))
    assert len(calls) == 2
    assert cells.size == 40
    assert shapely.coverage_is_valid(cells.polygons)


def test_bad_cells_are_found() -> None:
    square = shapely.box(0, 0, 40, 40)
    bowtie = shapely.Polygon([(40, 0), (80, 40), (80, 0), (40, 40)])
    bad = tess._bad_cells(np.array([square, bowtie], dtype=object), 80.0, 40.0)
    assert bad.tolist() == [1]


# -- the map's contents ----------------------------------------------------------------------


@pytest.mark.parametrize(("regions", "seed"), [(12, 0), (200, 3), (1000, 4)])
def test_every_region_has_a_connection(regions: int, seed: int) -> None:
    scenario = generated(regions, seed)
    linked = Counter(end for c in scenario.connections for end in (c.a, c.b))
    assert all(linked[r.id] > 0 for r in scenario.regions)


def test_connections_follow_shared_borders_and_terrain() -> None:
    scenario = generated(1000, 4)
    ids = [r.id for r in scenario.regions]
    borders = shared_borders(build_polygons([r.polygon for r in scenario.regions]))
    touching = {(ids[a], ids[b]) for a, b in borders.pairs()}
    domain = domain_of(scenario)
    kinds = Counter()
    for connection in scenario.connections:
        assert (connection.a, connection.b) in touching
        ends = {domain[connection.a], domain[connection.b]}
        if "lake" in ends:
            assert connection.type == "air"
        elif "sea" in ends:
            assert connection.type == "sea"
        else:
            assert connection.type in ("land", "river", "major-river")
        kinds[connection.type] += 1
    assert kinds["land"] and kinds["sea"] and kinds["river"] and kinds["air"]


def test_sea_lies_south_and_lakes_inland() -> None:
    scenario = generated(1000, 4)
    domain = domain_of(scenario)
    polygons = build_polygons([r.polygon for r in scenario.regions])
    y = shapely.get_coordinates(shapely.centroid(polygons))[:, 1]
    sea = np.array([domain[r.id] == "sea" for r in scenario.regions])
    assert 0.1 < sea.mean() < 0.4
    assert y[sea].mean() > y[~sea].mean()
    assert any(d == "lake" for d in domain.values())


def test_terrain_comes_in_clusters() -> None:
    """Neighbours share their terrain far more often than a random shuffle would give."""
    scenario = generated(1000, 4)
    terrain = {r.id: r.terrain for r in scenario.regions}
    land = [c for c in scenario.connections if c.type in ("land", "river", "major-river")]
    same = np.mean([terrain[c.a] == terrain[c.b] for c in land])
    shares = np.array(list(Counter(terrain[r] for c in land for r in (c.a, c.b)).values()))
    by_chance = ((shares / shares.sum()) ** 2).sum()
    assert same > by_chance + 0.2


def test_rivers_roads_and_rails() -> None:
    scenario = generated(1000, 4)
    network = {r.id: r.network for r in scenario.regions}
    rivers = [c for c in scenario.connections if c.type in ("river", "major-river")]
    assert any(c.bridge for c in rivers) and not all(c.bridge for c in rivers)
    roads = [c for c in scenario.connections if c.road]
    rails = [c for c in scenario.connections if c.rail]
    assert roads and rails
    for connection in roads:
        assert {network[connection.a], network[connection.b]} <= {"road", "rail"}
    for connection in rails:
        assert network[connection.a] == network[connection.b] == "rail"


@pytest.mark.parametrize(("regions", "seed"), [(12, 0), (200, 3), (1000, 4)])
def test_both_sides_hold_ground_forces_and_supply(regions: int, seed: int) -> None:
    scenario = generated(regions, seed)
    side_of = {n.id: n.side for n in scenario.nations}
    owner = {r.id: side_of[r.owner] for r in scenario.regions if r.owner}
    structure_region = {s.id: s.region for s in scenario.structures}
    for side in ("west", "east"):
        assert side in owner.values()
        placed = [u for u in scenario.units if side_of[u.nation] == side and u.location]
        assert placed
        for unit in placed:
            where = unit.location.region or structure_region[unit.location.structure]
            assert owner[where] == side
        sources = [s for s in scenario.supply_sources if s.sides == [side]]
        assert any(s.operative for s in sources)
        assert all(owner[s.region] == side for s in sources)
        assert [r for r in scenario.reinforcements if r.side == side]
        assert [g for g in scenario.replacements if g.side == side]
        assert [leader for leader in scenario.leaders if side_of[leader.nation] == side]


@pytest.mark.parametrize(("regions", "seed"), [(12, 0), (1000, 4)])
def test_units_start_within_stacking_limits(regions: int, seed: int) -> None:
    scenario = generated(regions, seed)
    terrain = {t.id: t for t in scenario.terrain}
    region = {r.id: r for r in scenario.regions}
    structure = {s.id: s for s in scenario.structures}
    unit_type = {t.id: t for t in scenario.unit_types}
    side_of = {n.id: n.side for n in scenario.nations}
    land: Counter[tuple[str, str]] = Counter()
    inside: Counter[str] = Counter()
    for unit in scenario.units:
        if unit.location is None:
            continue
        kind = unit_type[unit.type]
        if kind.domain == "land":
            assert unit.location.region is not None
            land[(unit.location.region, side_of[unit.nation])] += kind.stacking
        else:
            home = structure[unit.location.structure]
            assert home.airport if kind.domain == "air" else home.port
            inside[home.id] += kind.stacking
    for (region_id, _), points in land.items():
        place = region[region_id]
        row = terrain[place.terrain]
        trail = place.network != "none" and row.stacking_with_trail is not None
        assert points <= (row.stacking_with_trail if trail else row.stacking)
    for structure_id, points in inside.items():
        capacity = structure[structure_id].capacity
        assert points <= (capacity.air if structure[structure_id].airport else capacity.naval)


def test_arguments_must_be_whole_numbers() -> None:
    with pytest.raises(TypeError):
        generate_scenario(20.5, 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        generate_scenario(20, "7")  # type: ignore[arg-type]


def test_railheads_sit_on_the_home_edges() -> None:
    scenario = generated(1000, 4)
    bounds = {r.id: shapely.bounds(shapely.Polygon(r.polygon.exterior)) for r in scenario.regions}
    width = max(b[2] for b in bounds.values())
    for source in scenario.supply_sources:
        if not source.operative:
            continue
        box = bounds[source.region]
        assert box[0] == 0.0 if source.sides == ["west"] else box[2] == width


def test_structures_of_every_kind() -> None:
    scenario = generated(200, 3)
    kinds = Counter(s.kind for s in scenario.structures)
    assert kinds["city"] >= 4 and kinds["airfield"] >= 2 and kinds["fort"] >= 2
    domain = domain_of(scenario)
    ports = [s for s in scenario.structures if s.port]
    assert ports and all(domain[s.sea_region] == "sea" for s in ports)
    assert any(s.fortification for s in scenario.structures if s.kind == "city")
    assert all(s.airport and s.capacity.air for s in scenario.structures if s.kind == "airfield")


def test_decks_and_story() -> None:
    scenario = generated(50, 2)
    for side in ("west", "east"):
        deck = [c for c in scenario.cards if c.side == side]
        assert {c.color for c in deck} == {"black", "red"}
        assert any(c.mandatory for c in deck)
    assert scenario.events and all(e.turns.to_turn for e in scenario.events)
    assert scenario.tension is not None
    assert len(scenario.victory.sudden_death) == 2
    assert all(side.briefing for side in scenario.sides)
    assert {n.id for n in scenario.nations if n.parent} == {"west-air", "east-air"}


@pytest.mark.slow
def test_ten_thousand_regions() -> None:
    scenario = generate_scenario(10_000, 1)
    assert len(scenario.regions) == 10_000
    assert describe(validate_scenario(scenario)) == []

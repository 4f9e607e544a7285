"""Hex grid geometry (OH1): numbering, neighbours, hexsides, pixels and the shapes the studio's
hex tools draw, for both orientations and every offset convention."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
import shapely

from schemas.hexgrid.grid import DIRECTIONS, HexGrid, parse_hex_id
from schemas.hexgrid.lines import (
    crossed_hexsides,
    flood,
    hexside_path,
    line,
    nearest_corner,
    ring,
    within,
)

KINDS = list(itertools.product(("flat", "pointy"), ("odd", "even", "axial")))


def grid_of(orientation: str, offset: str, columns: int = 9, rows: int = 7) -> HexGrid:
    return HexGrid(orientation, 10.0, (3.0, -2.0), columns, rows, offset)  # type: ignore[arg-type]


@pytest.fixture(params=KINDS, ids=lambda k: f"{k[0]}-{k[1]}")
def grid(request: pytest.FixtureRequest) -> HexGrid:
    return grid_of(*request.param)


# -- numbering ----------------------------------------------------------------------------------


def test_ids_count_columns_and_rows_from_one_row_by_row(grid: HexGrid) -> None:
    assert grid.ids[:3] == ["c1r1", "c2r1", "c3r1"]
    assert grid.ids[grid.columns] == "c1r2"
    assert grid.ids[-1] == f"c{grid.columns}r{grid.rows}"
    assert all(grid.find(hex_id) == i for i, hex_id in enumerate(grid.ids))


@pytest.mark.parametrize("text", ["c0r1", "c1r0", "c01r1", "c10r1", "c1r8", "r1c1", "c1r1 ", ""])
def test_ids_off_the_grid_or_misspelt_name_no_hex(text: str) -> None:
    assert grid_of("flat", "odd").find(text) is None


def test_parse_hex_id_refuses_leading_zeros() -> None:
    assert parse_hex_id("c4r12") == (3, 11)
    assert parse_hex_id("c04r12") is None


def test_axial_coordinates_round_trip(grid: HexGrid) -> None:
    column, row = grid.column_row(np.arange(grid.count))
    q, r = grid.to_axial(column, row)
    back = grid.from_axial(q, r)
    assert (back[0] == column).all() and (back[1] == row).all()


# -- centres and corners ------------------------------------------------------------------------


def test_the_first_hex_is_centred_on_the_origin(grid: HexGrid) -> None:
    assert tuple(grid.centres(np.array([0]))[0]) == (3.0, -2.0)


@pytest.mark.parametrize(
    ("orientation", "offset", "lower"),
    [("flat", "odd", "c1r1"), ("flat", "even", "c2r1")],
)
def test_flat_offset_says_which_columns_sit_half_a_hex_lower(
    orientation: str, offset: str, lower: str
) -> None:
    g = grid_of(orientation, offset)
    y1, y2 = g.centres(np.array([g.find("c1r1"), g.find("c2r1")]))[:, 1]
    assert (y1 > y2) == (lower == "c1r1")
    assert abs(abs(y1 - y2) - 10.0 * np.sqrt(3) / 2) < 1e-9


@pytest.mark.parametrize(("offset", "right"), [("odd", "c1r1"), ("even", "c1r2")])
def test_pointy_offset_says_which_rows_sit_half_a_hex_right(offset: str, right: str) -> None:
    g = grid_of("pointy", offset)
    x1, x2 = g.centres(np.array([g.find("c1r1"), g.find("c1r2")]))[:, 0]
    assert (x1 > x2) == (right == "c1r1")


def test_axial_maps_are_parallelograms() -> None:
    g = grid_of("pointy", "axial")
    # Each row starts half a hex further right than the one above.
    starts = g.centres(np.array([g.find(f"c1r{r}") for r in range(1, 5)]))[:, 0]
    assert np.allclose(np.diff(starts), 10.0 * np.sqrt(3) / 2)


def test_corners_are_shared_exactly_and_the_grid_is_a_clean_coverage(grid: HexGrid) -> None:
    polygons = shapely.polygons(grid.corners())
    assert shapely.is_valid(polygons).all()
    assert bool(shapely.coverage_is_valid(polygons))
    hexagon = 3 * np.sqrt(3) / 2 * 10.0**2
    assert np.allclose(shapely.area(polygons), hexagon)
    assert abs(shapely.coverage_union_all(polygons).area - grid.count * hexagon) < 1e-6


def test_neighbours_share_a_side_of_exactly_the_same_points(grid: HexGrid) -> None:
    for i, d in itertools.product(range(grid.count), range(6)):
        j = grid.neighbours[i, d]
        if j < 0:
            continue
        mine = {tuple(p) for p in grid.edge(i, d).tolist()}
        theirs = {tuple(p) for p in grid.edge(int(j), (d + 3) % 6).tolist()}
        assert mine == theirs


# -- pixels -------------------------------------------------------------------------------------


def test_pixel_to_hex_and_back(grid: HexGrid) -> None:
    centres = grid.centres()
    assert (grid.hex_at(centres[:, 0], centres[:, 1]) == np.arange(grid.count)).all()
    # Points well inside each hex (nine tenths of the way to each corner) stay in it.
    corners = grid.corners()
    inner = centres[:, None, :] + 0.9 * (corners - centres[:, None, :])
    found = grid.hex_at(inner[..., 0].ravel(), inner[..., 1].ravel())
    assert (found == np.repeat(np.arange(grid.count), 6)).all()


def test_points_off_the_grid_are_in_no_hex(grid: HexGrid) -> None:
    x0, y0, x1, y1 = grid.bounds()
    far = grid.hex_at(np.array([x0 - 50, x1 + 50, x0 - 50]), np.array([y0, y1, y1 + 80]))
    assert (far == -1).all()


# -- neighbours and hexsides --------------------------------------------------------------------


def test_neighbours_are_mutual_and_one_step_apart(grid: HexGrid) -> None:
    centres = grid.centres()
    step = 10.0 * np.sqrt(3)
    for i, d in itertools.product(range(grid.count), range(6)):
        j = int(grid.neighbours[i, d])
        if j >= 0:
            assert grid.neighbours[j, (d + 3) % 6] == i
            assert abs(np.hypot(*(centres[j] - centres[i])) - step) < 1e-9
            assert grid.distance(i, j) == 1


@pytest.mark.parametrize(
    ("orientation", "offset", "hex_id", "expected"),
    [
        # Flat, odd columns low: c2r1 stands up and to the right of c1r1.
        ("flat", "odd", "c1r1", {"ne": "c2r1", "se": "c2r2", "s": "c1r2"}),
        ("flat", "even", "c1r1", {"se": "c2r1", "s": "c1r2"}),
        ("flat", "odd", "c2r2", {"n": "c2r1", "ne": "c3r1", "se": "c3r2", "s": "c2r3",
                                 "sw": "c1r2", "nw": "c1r1"}),
        ("pointy", "odd", "c1r1", {"e": "c2r1", "sw": "c1r2", "se": "c2r2"}),
        ("pointy", "even", "c1r1", {"e": "c2r1", "se": "c1r2"}),
        ("pointy", "axial", "c2r2", {"ne": "c3r1", "e": "c3r2", "se": "c2r3", "sw": "c1r3",
                                     "w": "c1r2", "nw": "c2r1"}),
    ],
)  # fmt: skip
def test_neighbours_by_direction(
    orientation: str, offset: str, hex_id: str, expected: dict[str, str]
) -> None:
    g = grid_of(orientation, offset)
    here = g.find(hex_id)
    assert here is not None
    found = {
        name: g.ids[int(g.neighbours[here, d])]
        for d, name in enumerate(DIRECTIONS[orientation])
        if g.neighbours[here, d] >= 0
    }
    assert found == expected


def test_hexsides_are_every_neighbouring_pair_once_in_canonical_order(grid: HexGrid) -> None:
    sides = grid.hexsides
    pairs = {
        (min(i, int(j)), max(i, int(j)))
        for i in range(grid.count)
        for j in grid.neighbours[i]
        if j >= 0
    }
    assert len(sides) == len(pairs)
    assert set(zip(sides.left.tolist(), sides.right.tolist(), strict=True)) == pairs
    assert (sides.left < sides.right).all()
    keys = list(zip(sides.left.tolist(), sides.right.tolist(), strict=True))
    assert keys == sorted(keys)
    for number in range(len(sides)):
        a, b, d = int(sides.left[number]), int(sides.right[number]), int(sides.direction[number])
        assert grid.neighbours[a, d] == b
        assert grid.hexsides.side_of[a, d] == number
        assert grid.hexsides.side_of[b, (d + 3) % 6] == number
        assert grid.hexside(a, b) == grid.hexside(b, a) == number


def test_hexside_ids_name_both_hexes_first_row_first(grid: HexGrid) -> None:
    number = grid.hexside(grid.find("c2r2"), grid.find("c2r3"))
    assert number is not None
    assert grid.hexside_id(number) == "c2r2-c2r3"
    assert grid.hexside_ids[number] == "c2r2-c2r3"


def test_hexside_segments_are_the_shared_edges(grid: HexGrid) -> None:
    segments = grid.hexside_segments()
    polygons = shapely.polygons(grid.corners())
    shared = shapely.intersection(polygons[grid.hexsides.left], polygons[grid.hexsides.right])
    assert np.allclose(shapely.length(shared), 10.0)
    mids = segments.mean(axis=1)
    assert (shapely.distance(shared, shapely.points(mids)) < 1e-9).all()


def test_hexes_that_are_not_neighbours_share_no_hexside() -> None:
    g = grid_of("flat", "odd")
    assert g.hexside(g.find("c1r1"), g.find("c3r1")) is None
    assert g.hexside(0, 0) is None


# -- lines, ranges, fills -----------------------------------------------------------------------


def test_lines_through_centres_step_from_neighbour_to_neighbour(grid: HexGrid) -> None:
    rng = np.random.default_rng(5)
    for a, b in rng.integers(0, grid.count, size=(40, 2)).tolist():
        hexes = line(grid, a, b)
        assert hexes[0] == a and hexes[-1] == b
        assert len(hexes) == grid.distance(a, b) + 1
        assert (crossed_hexsides(grid, hexes) >= 0).all()


def test_a_line_to_itself_is_one_hex() -> None:
    assert line(grid_of("flat", "odd"), 5, 5).tolist() == [5]


def test_within_a_radius_is_the_hexes_that_near(grid: HexGrid) -> None:
    centre = grid.find("c5r4")
    assert centre is not None
    for radius in range(4):
        found = within(grid, centre, radius)
        everything = np.arange(grid.count)
        near = everything[grid.distance(everything, centre) <= radius]
        assert found.tolist() == near.tolist()
    assert len(within(grid, centre, 2)) == 1 + 6 + 12
    assert within(grid, centre, 0).tolist() == [centre]
    assert len(ring(grid, centre, 2)) == 12


def test_a_brush_at_the_edge_keeps_to_the_grid() -> None:
    g = grid_of("flat", "odd")
    assert set(within(g, 0, 1).tolist()) == {0, *[int(j) for j in g.neighbours[0] if j >= 0]}


def test_flood_fill_stays_in_its_patch(grid: HexGrid) -> None:
    # A wall down the third column splits the map in two.
    column, _ = grid.column_row(np.arange(grid.count))
    open_ground = column != 2
    left = flood(grid, 0, open_ground)
    assert set(left.tolist()) == set(np.flatnonzero(column < 2).tolist())
    assert flood(grid, grid.find("c3r1"), open_ground).tolist() == []
    assert len(flood(grid, 0, np.ones(grid.count, dtype=bool))) == grid.count


def test_a_path_along_hexsides_is_a_chain_of_edges_near_the_line(grid: HexGrid) -> None:
    centres = grid.centres()
    start = tuple(centres[grid.find("c2r2")])
    end = tuple(centres[grid.find("c8r6")])
    sides = hexside_path(grid, start, end)
    assert len(sides) > 0
    segments = grid.hexside_segments(sides)
    points = [{tuple(p) for p in seg.tolist()} for seg in segments]
    for before, after in itertools.pairwise(points):
        assert before & after  # consecutive hexsides meet at a corner
    # It starts and ends at the corners nearest the two points picked.
    graph_start = nearest_corner(grid, *start)
    assert graph_start >= 0
    first, last = segments[0], segments[-1]
    assert min(np.hypot(*(first - start).T)) <= 10.0 + 1e-9
    assert min(np.hypot(*(last - end).T)) <= 10.0 + 1e-9
    # And it keeps close to the straight line: no corner strays more than a hex away.
    seg = shapely.LineString([start, end])
    assert max(seg.distance(shapely.Point(p)) for pts in points for p in pts) <= 10.0 * 1.01


def test_a_path_along_hexsides_of_one_corner_is_empty() -> None:
    g = grid_of("flat", "odd")
    point = tuple(g.corners(np.array([10]))[0, 0])
    assert hexside_path(g, point, point).tolist() == []


def test_crossed_hexsides_mark_jumps() -> None:
    g = grid_of("flat", "odd")
    path = [g.find("c1r1"), g.find("c1r2"), g.find("c3r2")]
    crossed = crossed_hexsides(g, path)
    assert crossed[0] == g.hexside(path[0], path[1])
    assert crossed[1] == -1

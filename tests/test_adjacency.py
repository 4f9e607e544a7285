"""Shared borders and the clean-coverage shortcut, checked against shapely's own answers."""

from __future__ import annotations

import numpy as np
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from schemas.geometry import shared_borders
from schemas.geometry.adjacency import border_lengths, clean_coverage_union


def voronoi(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    frame = shapely.box(0, 0, 100, 100)
    cells = shapely.voronoi_polygons(
        shapely.multipoints(rng.uniform(0, 100, (n, 2))), extend_to=frame
    )
    cells = shapely.intersection(np.asarray(shapely.get_parts(cells)), frame)
    return shapely.set_precision(cells, 0.01, mode="pointwise")


def test_shared_borders_match_brute_force() -> None:
    cells = voronoi(300, 1)
    found = set(shared_borders(cells).pairs())
    expected = set()
    for i in range(len(cells)):
        for j in range(i + 1, len(cells)):
            common = shapely.intersection(cells[i].boundary, cells[j].boundary)
            if common.length > 0:
                expected.add((i, j))
    assert found == expected


def test_t_junctions_are_measured_exactly() -> None:
    left = shapely.Polygon([(0, 0), (2, 0), (2, 2), (0, 2)])
    right = shapely.Polygon([(2, 0), (4, 0), (4, 2), (2, 2), (2, 1)])
    far = shapely.Polygon([(10, 10), (11, 10), (11, 11)])
    geoms = np.array([left, right, None, far], dtype=object)
    borders = shared_borders(geoms)
    assert borders.pairs() == [(0, 1)] and borders.length.tolist() == [2.0]
    lengths = border_lengths(geoms, np.array([0, 0, 1]), np.array([1, 3, 2]))
    assert lengths.tolist() == [2.0, 0.0, 0.0]


def test_clean_map_is_proven_clean() -> None:
    union = clean_coverage_union(voronoi(200, 2))
    assert union is not None
    assert abs(union.area - 10_000) < 1e-6


@settings(max_examples=200, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    moves=st.lists(
        st.tuples(st.integers(0, 29), st.floats(-8, 8), st.floats(-8, 8), st.floats(0.5, 1.5)),
        max_size=3,
    ),
    duplicate=st.booleans(),
)
def test_shortcut_never_claims_a_broken_coverage_is_clean(seed, moves, duplicate) -> None:
    cells = list(voronoi(30, seed))
    for index, dx, dy, scale in moves:
        moved = shapely.affinity.translate(cells[index], dx, dy)
        cells[index] = shapely.affinity.scale(moved, scale, scale)
    if duplicate:
        cells.append(cells[0])
    geoms = np.array([c for c in cells if c.is_valid and c.area > 0], dtype=object)
    if clean_coverage_union(geoms) is not None:
        assert shapely.coverage_is_valid(geoms)

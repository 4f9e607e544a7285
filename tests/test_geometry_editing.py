"""Topological editing helpers: snapping, split, merge and shared-vertex edits."""

from __future__ import annotations

import math

import numpy as np
import pytest
import shapely

from schemas.geometry import (
    EdgeRef,
    GeometryEditError,
    SnapIndex,
    VertexRef,
    build_polygons,
    delete_shared_vertex,
    delete_vertex,
    find_vertex_owners,
    insert_shared_vertex,
    insert_shared_vertices,
    insert_vertex_on_edge,
    merge_regions,
    move_shared_vertex,
    polygon_from_model,
    shared_borders,
    snap_point,
    split_region,
)
from schemas.geometry.snapping import _Strips
from schemas.map import Polygon


def square(x: float, y: float, size: float = 1.0) -> Polygon:
    return Polygon(exterior=[(x, y), (x + size, y), (x + size, y + size), (x, y + size)])


def grid(columns: int, rows: int) -> list[Polygon]:
    """Unit squares, row by row; cell (x, y) is at position ``y * columns + x``."""
    return [square(x, y) for y in range(rows) for x in range(columns)]


def apply(outlines: list[Polygon], changes: dict[int, Polygon]) -> list[Polygon]:
    result = list(outlines)
    for position, outline in changes.items():
        result[position] = outline
    return result


def assert_clean_coverage(outlines: list[Polygon]) -> None:
    """No gap, no overlap, and neighbours matching vertex for vertex."""
    geoms = build_polygons(outlines)
    assert all(g is not None and g.is_valid for g in geoms)
    assert shapely.coverage_is_valid(geoms)
    union = shapely.coverage_union_all(geoms)
    assert union.area == pytest.approx(sum(g.area for g in geoms))
    assert all(len(part.interiors) == 0 for part in shapely.get_parts(union))


def vertices(outline: Polygon) -> set[tuple[float, float]]:
    return set(outline.exterior).union(*outline.holes)


# ------------------------------------------------------------------------------ snapping


def test_snap_prefers_a_vertex_over_a_closer_edge() -> None:
    index = SnapIndex(grid(2, 2))
    # The edge x=1 is 0.01 away, the shared corner (1, 1) about 0.05: the corner wins.
    snap = index.snap((1.01, 1.05), radius=0.1)
    assert snap.kind == "vertex"
    assert snap.point == (1.0, 1.0)
    assert snap.vertices == (
        VertexRef(0, 0, 2),
        VertexRef(1, 0, 3),
        VertexRef(2, 0, 1),
        VertexRef(3, 0, 0),
    )
    assert snap.regions == (0, 1, 2, 3)


def test_snap_to_an_edge_reports_both_neighbours() -> None:
    index = SnapIndex(grid(2, 2))
    snap = index.snap((0.5, 1.02), radius=0.1)
    assert snap.kind == "edge"
    assert snap.point == pytest.approx((0.5, 1.0))
    assert set(snap.edges) == {EdgeRef(0, 0, 2), EdgeRef(2, 0, 0)}
    assert snap.distance == pytest.approx(0.02)


def test_snap_respects_the_radius() -> None:
    index = SnapIndex(grid(2, 2))
    assert index.snap((1.2, 1.0), radius=0.1).kind == "edge"  # corner is 0.2 away
    assert index.snap((1.2, 1.0), radius=0.25).kind == "vertex"
    missed = index.snap((0.5, 0.5), radius=0.1)
    assert missed.kind == "none"
    assert not missed.snapped
    assert missed.point == (0.5, 0.5)


def test_snap_can_ignore_regions_and_bad_input() -> None:
    outlines = [square(0, 0), square(5, 0)]
    index = SnapIndex(outlines)
    assert index.snap((1.05, 0.0), radius=0.1, exclude={0}).kind == "none"
    assert index.snap((1.05, 0.0), radius=0.1, exclude={1}).kind == "vertex"
    assert index.snap((math.nan, 0.0), radius=0.1).kind == "none"
    assert index.snap((1.0, 0.0), radius=math.nan).kind == "none"
    assert snap_point((1.05, 0.0), outlines, 0.1).point == (1.0, 0.0)
    assert SnapIndex([]).snap((0.0, 0.0), 1.0).kind == "none"
    assert SnapIndex([None]).snap((0.0, 0.0), 1.0).kind == "none"


def test_snap_index_update_replaces_and_adds_regions() -> None:
    index = SnapIndex(grid(2, 1))
    updated = index.updated({1: square(1, 0, 0.5), 2: square(10, 10)})
    assert len(updated) == 3
    assert updated.snap((1.5, 0.5), 0.01).kind == "vertex"
    assert updated.snap((2.0, 1.0), 0.01).kind == "none"  # the old corner of region 1 is gone
    assert updated.snap((10.0, 10.0), 0.01).vertices == (VertexRef(2, 0, 0),)
    # The original index is untouched, which keeps it usable by an undo step.
    assert index.snap((2.0, 1.0), 0.01).kind == "vertex"
    emptied = index.updated({0: None})
    assert emptied.snap((0.0, 0.0), 0.01).kind == "none"


def test_snapping_on_10000_regions() -> None:
    # How fast (built in 2 s, 1,000 snaps in 1 s; a mouse move while dragging a point) is
    # measured by benchmarks/run.py and benchmarks/studio_edits.py, never asserted here.
    index = SnapIndex(grid(100, 100))
    points = np.random.default_rng(7).uniform(0, 100, size=(1000, 2))
    snaps = [index.snap(p, radius=0.2) for p in points]
    kinds = {s.kind for s in snaps}
    assert kinds == {"vertex", "edge", "none"}
    for snap, p in zip(snaps, points, strict=True):
        if snap.kind == "vertex":
            assert snap.point == (round(p[0]), round(p[1]))
            assert 1 <= len(snap.vertices) <= 4
        elif snap.kind == "edge":
            assert 1 <= len(snap.edges) <= 2 and snap.distance <= 0.2
        else:
            assert min(abs(c - round(c)) for c in p) > 0.2


def test_an_updated_index_answers_as_a_fresh_one() -> None:
    outlines: list[Polygon | None] = list(grid(12, 12))
    index = SnapIndex(outlines)
    rng = np.random.default_rng(3)
    for step in range(40):
        position = int(rng.integers(0, len(outlines) + 2))
        if step % 5 == 4:
            change: Polygon | None = None
        else:
            x, y = rng.uniform(0, 12, size=2)
            change = square(float(x), float(y), float(rng.uniform(0.5, 2)))
        if position >= len(outlines):
            outlines.append(None)
            position = len(outlines) - 1
        outlines[position] = change
        changes = {position: change}
        if step % 10 == 9:  # many at once: the rows left behind are dropped
            for other in range(0, len(outlines), 2):
                if outlines[other] is not None and other != position:
                    changes[other] = outlines[other] = square(other % 12, other // 12, 0.9)
        followed = index.updated(changes)._strips  # kept up to date, not sorted again
        index = index.updated(changes)
        fresh = SnapIndex(outlines)
        assert len(index) == len(fresh)
        if step:
            assert followed is not None
            sorted_afresh = _Strips.of(index._boxes)
            assert followed.order.tolist() == sorted_afresh.order.tolist()
            assert followed.wide.tolist() == sorted_afresh.wide.tolist()
            assert (followed.widest, followed.limit) == (sorted_afresh.widest, sorted_afresh.limit)
        for p in rng.uniform(-1, 13, size=(25, 2)):
            assert index.snap(p, 0.6) == fresh.snap(p, 0.6)
            assert index.vertices_at(p, 0.8) == fresh.vertices_at(p, 0.8)
            assert index.edges_at(p, 0.3) == fresh.edges_at(p, 0.3)
            box = (p[0] - 1, p[1] - 1, p[0] + 1.5, p[1] + 0.5)
            assert index.regions_in_box(box) == fresh.regions_in_box(box)


# -------------------------------------------------------------------------------- split


def test_split_square_gives_two_halves_sharing_the_cut() -> None:
    outline = square(0, 0, 10)
    result = split_region(outline, [(3.5, -1), (5, 5), (6.5, 11)])
    first, second = (polygon_from_model(p) for p in result.pieces)
    assert first.is_valid and second.is_valid
    assert shapely.union(first, second).equals(polygon_from_model(outline))
    assert first.area + second.area == pytest.approx(100)
    shared = vertices(result.first) & vertices(result.second)
    assert shared == {(3.75, 0.0), (5.0, 5.0), (6.25, 10.0)}
    assert set(result.border_points) == {(3.75, 0.0), (6.25, 10.0)}
    assert shared_borders(np.array([first, second], dtype=object)).length == pytest.approx(
        [math.hypot(1.25, 5) * 2]
    )


def test_split_keeps_orientation_and_existing_vertices() -> None:
    clockwise = Polygon(exterior=[(0, 0), (0, 10), (10, 10), (10, 0)])
    result = split_region(clockwise, [(0, 0), (10, 10)])
    assert result.border_points == ()  # the cut runs corner to corner
    for piece in result.pieces:
        assert not polygon_from_model(piece).exterior.is_ccw


def test_split_by_a_snapped_line_on_a_rotated_region() -> None:
    # Rotated edges make snapped points land a rounding error off the border.
    c, s = math.cos(0.3), math.sin(0.3)
    outline = Polygon(
        exterior=[(x * c - y * s + 0.123, x * s + y * c + 7.765) for x, y in grid_corners()]
    )
    index = SnapIndex([outline])
    start = index.snap((3 * c - 0.01 * s + 0.123, 3 * s + 0.01 * c + 7.765), 0.1)
    end = index.snap((7 * c - 9.99 * s + 0.123, 7 * s + 9.99 * c + 7.765), 0.1)
    assert start.kind == end.kind == "edge"
    result = split_region(outline, [start.point, end.point])
    assert set(result.border_points) == {start.point, end.point}
    assert vertices(result.first) & vertices(result.second) == {start.point, end.point}
    area = sum(polygon_from_model(p).area for p in result.pieces)
    assert area == pytest.approx(100)


def grid_corners() -> list[tuple[float, float]]:
    return [(0, 0), (10, 0), (10, 10), (0, 10)]


def test_split_points_go_to_the_neighbours() -> None:
    outlines = [square(0, 0, 10), square(0, 10, 10), square(10, 0, 10)]
    result = split_region(outlines[0], [(4, -1), (4, 11)])
    after = apply(outlines, {0: result.first})
    after.append(result.second)
    changes = insert_shared_vertices(after, result.border_points, exclude={0, 3})
    assert set(changes) == {1}  # region 2 is not on the cut's way
    after = apply(after, changes)
    assert (4.0, 10.0) in after[1].exterior
    assert_clean_coverage(after)


def test_split_through_a_hole() -> None:
    outline = Polygon(
        exterior=[(0, 0), (10, 0), (10, 10), (0, 10)],
        holes=[[(4, 4), (6, 4), (6, 6), (4, 6)]],
    )
    result = split_region(outline, [(5, -1), (5, 11)])
    assert all(not p.holes for p in result.pieces)
    assert set(result.border_points) == {(5, 0), (5, 4), (5, 6), (5, 10)}
    assert sum(polygon_from_model(p).area for p in result.pieces) == pytest.approx(96)


@pytest.mark.parametrize(
    "line",
    [
        [(2, 2), (8, 8)],  # inside only
        [(-5, -5), (-1, -3)],  # outside only
        [(5, -1), (5, 5)],  # stops inside
        [(0, 0), (10, 0)],  # along the border
    ],
)
def test_split_refuses_a_line_that_does_not_cross(line: list[tuple[float, float]]) -> None:
    with pytest.raises(GeometryEditError, match="from border to border"):
        split_region(square(0, 0, 10), line)


def test_split_refuses_more_than_two_pieces_and_bad_lines() -> None:
    u_shape = Polygon(exterior=[(0, 0), (3, 0), (3, 3), (2, 3), (2, 1), (1, 1), (1, 3), (0, 3)])
    with pytest.raises(GeometryEditError, match="3 pieces"):
        split_region(u_shape, [(-1, 2), (4, 2)])
    with pytest.raises(GeometryEditError, match="at least two"):
        split_region(square(0, 0), [(0.5, -1), (0.5, -1)])
    with pytest.raises(GeometryEditError, match="invalid point"):
        split_region(square(0, 0), [(0.5, -1), (math.inf, 2)])
    bow_tie = Polygon(exterior=[(0, 0), (2, 2), (2, 0), (0, 2)])
    with pytest.raises(GeometryEditError, match="crosses itself"):
        split_region(bow_tie, [(-1, 1), (3, 1)])


# -------------------------------------------------------------------------------- merge


def test_merge_two_neighbours() -> None:
    a, b = square(0, 0), square(1, 0)
    merged = merge_regions([a, b])
    geometry = polygon_from_model(merged)
    assert geometry.equals(shapely.box(0, 0, 2, 1))
    # No vertex strictly inside; the ends of the old border stay, on the outline.
    assert not any(geometry.contains(shapely.Point(v)) for v in merged.exterior)
    assert set(merged.exterior) == {(0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1)}


def test_merge_drops_interior_vertices_and_keeps_holes() -> None:
    with_hole = Polygon(
        exterior=[(0, 0), (3, 0), (3, 1.5), (3, 3), (0, 3)],
        holes=[[(1, 1), (2, 1), (2, 2), (1, 2)]],
    )
    right = Polygon(exterior=[(3, 0), (6, 0), (6, 3), (3, 3), (3, 1.5)])
    merged = merge_regions([with_hole, right])
    assert (3, 1.5) not in merged.exterior
    assert len(merged.holes) == 1
    assert polygon_from_model(merged).area == pytest.approx(17)
    # Merging the enclave fills the hole.
    filled = merge_regions([with_hole, square(1, 1)])
    assert filled.holes == []


def test_merge_keeps_the_first_region_orientation() -> None:
    clockwise = Polygon(exterior=[(0, 0), (0, 1), (1, 1), (1, 0)])
    merged = merge_regions([clockwise, square(1, 0)])
    assert not polygon_from_model(merged).exterior.is_ccw


@pytest.mark.parametrize(
    ("group", "apart"),
    [
        ([square(0, 0), square(5, 5)], (1,)),
        ([square(0, 0), square(1, 1)], (1,)),  # touching at a corner only
        ([square(0, 0), square(1, 0), square(3, 0)], (2,)),
    ],
)
def test_merge_refuses_regions_that_are_not_neighbours(
    group: list[Polygon], apart: tuple[int, ...]
) -> None:
    with pytest.raises(GeometryEditError, match="one piece") as caught:
        merge_regions(group)
    assert caught.value.regions == apart


def test_merge_needs_two_proper_regions() -> None:
    with pytest.raises(GeometryEditError, match="at least two"):
        merge_regions([square(0, 0)])
    with pytest.raises(GeometryEditError, match="fewer than 3"):
        merge_regions([square(0, 0), Polygon(exterior=[(1, 0), (2, 0)])])


# ------------------------------------------------------------------------- vertex edits


def three_regions() -> list[Polygon]:
    """Three regions meeting at (1, 1): two squares below, one rectangle on top."""
    return [
        Polygon(exterior=[(0, 0), (1, 0), (1, 1), (0, 1)]),
        Polygon(exterior=[(1, 0), (2, 0), (2, 1), (1, 1)]),
        Polygon(exterior=[(0, 1), (1, 1), (2, 1), (2, 2), (0, 2)]),
    ]


@pytest.mark.parametrize("use_index", [False, True])
def test_move_a_vertex_shared_by_three_regions(use_index: bool) -> None:
    outlines = three_regions()
    index = SnapIndex(outlines) if use_index else None
    owners = find_vertex_owners(outlines, (1, 1), index=index)
    assert {o.region for o in owners} == {0, 1, 2}
    changes = move_shared_vertex(outlines, (1, 1), (1.3, 0.8), index=index)
    assert set(changes) == {0, 1, 2}
    after = apply(outlines, changes)
    for outline in after:
        assert (1.3, 0.8) in outline.exterior
        assert (1.0, 1.0) not in outline.exterior
    assert_clean_coverage(after)
    borders = shared_borders(build_polygons(after))
    assert borders.pairs() == [(0, 1), (0, 2), (1, 2)]


def test_move_nothing_there_changes_nothing() -> None:
    assert move_shared_vertex(three_regions(), (5, 5), (6, 6)) == {}
    assert move_shared_vertex(three_regions(), (1, 1), (1, 1)) == {}


def test_move_refuses_self_crossing_and_overlap() -> None:
    outlines = three_regions()
    with pytest.raises(GeometryEditError, match="crosses itself"):
        move_shared_vertex(outlines, (1, 1), (1.5, -0.5))
    # (1, 0) lies on the coast of region 0 only; dragging it into region 1 overlaps it.
    coast = [
        Polygon(exterior=[(0, 0), (1, 0), (2, 0), (4, 0), (4, 2), (0, 2)]),
        Polygon(exterior=[(2, 0), (2, -2), (4, -2), (4, 0)]),
    ]
    with pytest.raises(GeometryEditError, match="overlap") as caught:
        move_shared_vertex(coast, (1, 0), (2.5, -0.5))
    assert caught.value.regions == (0, 1)
    assert move_shared_vertex(coast, (1, 0), (1.5, -0.5)).keys() == {0}
    # Previews may skip the checks.
    assert move_shared_vertex(outlines, (1, 1), (1.5, -0.5), check=False)


def test_move_onto_the_next_vertex_merges_them() -> None:
    outlines = three_regions()
    changes = move_shared_vertex(outlines, (1, 1), (2, 1))
    assert changes[2].exterior == [(0, 1), (2, 1), (2, 2), (0, 2)]
    assert changes[1].exterior == [(1, 0), (2, 0), (2, 1)]
    assert_clean_coverage(apply(outlines, changes))


def test_insert_shared_vertex_keeps_borders_identical() -> None:
    outlines = grid(2, 1)
    index = SnapIndex(outlines)
    snap = index.snap((1.01, 0.4), 0.05)
    assert snap.kind == "edge"
    changes = insert_shared_vertex(outlines, snap.point, index=index)
    assert set(changes) == {0, 1}
    after = apply(outlines, changes)
    assert snap.point in after[0].exterior and snap.point in after[1].exterior
    assert_clean_coverage(after)
    # The border is now two identical edges on both sides, found without the exact fallback.
    assert shared_borders(build_polygons(after)).length == pytest.approx([1.0])
    # Inserting it again changes nothing, and a point off every edge changes nothing.
    assert insert_shared_vertex(after, snap.point) == {}
    assert insert_shared_vertex(after, (0.5, 0.5)) == {}


def test_insert_vertex_on_edge() -> None:
    outline = square(0, 0)
    result = insert_vertex_on_edge(outline, (0.5, 0.0))
    assert result.exterior == [(0, 0), (0.5, 0), (1, 0), (1, 1), (0, 1)]
    closing = insert_vertex_on_edge(outline, (0.0, 0.5), ring=0, edge=3)
    assert closing.exterior[-1] == (0.0, 0.5)
    assert insert_vertex_on_edge(outline, (1.0, 1.0)) is outline
    with pytest.raises(GeometryEditError, match="not on the region's border"):
        insert_vertex_on_edge(outline, (0.5, 0.5))
    with pytest.raises(GeometryEditError, match="not on the region's border"):
        insert_vertex_on_edge(outline, (0.5, 0.0), ring=0, edge=1)
    with pytest.raises(GeometryEditError, match="no ring"):
        insert_vertex_on_edge(outline, (0.5, 0.0), ring=1)


def test_delete_refuses_on_a_triangle() -> None:
    triangle = Polygon(exterior=[(0, 0), (1, 0), (0, 1)])
    with pytest.raises(GeometryEditError, match="at least 3 points"):
        delete_vertex(triangle, (1, 0))
    hole = Polygon(exterior=[(0, 0), (4, 0), (4, 4), (0, 4)], holes=[[(1, 1), (2, 1), (1, 2)]])
    with pytest.raises(GeometryEditError, match="hole needs at least 3"):
        delete_vertex(hole, (2, 1))
    with pytest.raises(GeometryEditError, match="no point"):
        delete_vertex(triangle, (0.5, 0.5))


def test_delete_vertex() -> None:
    outline = Polygon(exterior=[(0, 0), (0.5, 0), (1, 0), (1, 1), (0, 1)])
    assert delete_vertex(outline, (0.5, 0)).exterior == [(0, 0), (1, 0), (1, 1), (0, 1)]
    dart = Polygon(exterior=[(0, 0), (2, 0), (1, 1), (2, 2), (0, 2)])
    assert delete_vertex(dart, (1, 1)).exterior == [(0, 0), (2, 0), (2, 2), (0, 2)]
    # Without its corner (4, 0) the outline would cut through its own notch.
    notched = Polygon(exterior=[(0, 0), (4, 0), (4, 4), (0, 4), (0, 3), (3, 2), (0, 1)])
    with pytest.raises(GeometryEditError, match="crosses itself"):
        delete_vertex(notched, (4, 0))
    assert delete_vertex(notched, (4, 0), check=False).exterior[1] == (4, 4)


def test_delete_shared_vertex_from_every_owner() -> None:
    outlines = grid(2, 1)
    changes = insert_shared_vertex(outlines, (1.0, 0.5))
    outlines = apply(outlines, changes)
    changes = delete_shared_vertex(outlines, (1.0, 0.5), index=SnapIndex(outlines))
    assert set(changes) == {0, 1}
    assert changes[0] == square(0, 0)
    assert changes[1] == square(1, 0)
    assert delete_shared_vertex(outlines, (7, 7)) == {}


def test_delete_shared_vertex_refuses_a_gap_or_a_triangle() -> None:
    # Deleting the point where four squares meet would leave a diamond that nobody owns.
    with pytest.raises(GeometryEditError, match="gap") as caught:
        delete_shared_vertex(grid(3, 3), (1, 1))
    assert set(caught.value.regions) == {0, 1, 3, 4}
    triangles = [
        Polygon(exterior=[(0, 0), (1, 0), (0, 1)]),
        Polygon(exterior=[(1, 0), (1, 1), (0, 1)]),
    ]
    with pytest.raises(GeometryEditError, match="at least 3 points") as caught:
        delete_shared_vertex(triangles, (1, 0))
    assert caught.value.regions == (0,)

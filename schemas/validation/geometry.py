"""Region outlines: each must be a proper polygon, and together they must tile the map."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import shapely

from ..geometry import outline_problem
from ..geometry.adjacency import clean_coverage_union
from ..geometry.validity import CROSSES_ITSELF
from ..issues import Issue, make_issue, pointer
from .index import ScenarioIndex


def _point(geometry: shapely.Geometry) -> tuple[float, float]:
    p = shapely.point_on_surface(geometry)
    return (float(p.x), float(p.y))


def check_polygons(ix: ScenarioIndex) -> Iterator[Issue]:
    if ix.hex_map:
        return  # a grid's hexagons are computed, never drawn
    geoms = ix.polygons
    present = ~shapely.is_missing(geoms)
    # Flat means every point on one line: the hull has no area. (A bow-tie's signed area can
    # be zero too, but it is a self-intersection, not a flat outline.) Valid polygons always
    # have an area, so only the invalid ones need a look.
    exterior_area = np.ones(len(geoms))
    suspects = ix.invalid_mask
    exterior_area[suspects] = shapely.area(
        shapely.convex_hull(shapely.get_exterior_ring(geoms[suspects]))
    )
    flat: set[int] = set()
    rings = ix.rings
    counts = rings.distinct_counts
    first_ring = np.searchsorted(rings.owner, rings.owner)
    for k in np.flatnonzero(counts < 3).tolist():
        index = int(rings.owner[k])
        region = ix.scenario.regions[index]
        number = k - int(first_ring[k])
        ring_path = ("exterior",) if number == 0 else ("holes", number - 1)
        yield make_issue(
            "polygon-too-few-points",
            pointer("regions", index, "polygon", *ring_path),
            f"region '{region.id}': a ring needs at least 3 different points, it has "
            f"{int(counts[k])}",
            region.id,
        )
    for index in np.flatnonzero(present & (exterior_area <= 0)).tolist():
        region = ix.scenario.regions[index]
        flat.add(index)
        yield make_issue(
            "polygon-zero-area",
            pointer("regions", index, "polygon", "exterior"),
            f"region '{region.id}': the outline encloses no area (its points are in a line)",
            region.id,
        )
    for index in ix.invalid_mask.nonzero()[0].tolist():
        if index in flat:
            continue
        region = ix.scenario.regions[index]
        problem = outline_problem(geoms[index])
        if problem is None:
            continue
        words, at = problem
        where = f" near ({at[0]:g}, {at[1]:g})" if at else ""
        code = "polygon-self-intersection" if words == CROSSES_ITSELF else "polygon-invalid"
        yield make_issue(
            code,
            pointer("regions", index, "polygon"),
            f"region '{region.id}': the outline {words}{where}",
            region.id,
            at,
        )


def check_coverage(ix: ScenarioIndex) -> Iterator[Issue]:
    """Overlaps and gaps between regions (only among outlines that are valid on their own)."""
    if ix.hex_map:
        return  # a grid covers its ground exactly, by construction
    geoms = ix.valid_polygons
    index = (~shapely.is_missing(geoms)).nonzero()[0]
    if len(index) == 0:
        return
    valid = geoms[index]
    union = clean_coverage_union(valid, ix.edges)
    clean = union is not None or bool(shapely.coverage_is_valid(valid))
    if not clean:
        yield from _overlaps(ix, index, valid)
    if union is None:
        union = shapely.coverage_union_all(valid) if clean else shapely.union_all(valid)
    extent = shapely.area(shapely.envelope(union))
    tree = shapely.STRtree(valid)
    for part in shapely.get_parts(union):
        for ring in part.interiors:
            # Regions drawn as islands inside the hole are not part of the gap.
            rough = shapely.difference(shapely.Polygon(ring), union)
            gap, rows = settled_gap(valid, tree, ring, rough, clean)
            if gap.area <= extent * 1e-12:
                continue
            ix.problem_shapes.append(gap)
            yield gap_issue(ix, index[rows], valid[rows], shapely.STRtree(valid[rows]), gap)


def settled_gap(
    outlines: np.ndarray,
    tree: shapely.STRtree,
    ring: shapely.LinearRing,
    rough: shapely.Geometry,
    clean: bool,
) -> tuple[shapely.Geometry, np.ndarray]:
    """The gap inside ``ring``, a hole of the union of ``outlines`` (found as ``rough``),
    worked out again from the outlines around it only; and their rows in ``outlines``.

    Where a union puts the points at which borders cross depends, in the last bits, on every
    outline in it; so does, through them, which neighbour seems to share the longest border
    with a gap. Worked out from its own neighbourhood, a gap comes out the same to the last
    bit whether it was found on the whole map or near an edit (the live validation).
    """
    x0, y0, x1, y1 = ring.bounds
    pad = 1e-9 * max(x1 - x0, y1 - y0, 1.0)
    rows = np.sort(tree.query(shapely.box(x0 - pad, y0 - pad, x1 + pad, y1 + pad)))
    near = outlines[rows]
    union = shapely.coverage_union_all(near) if clean else shapely.union_all(near)
    inside = shapely.point_on_surface(rough)
    holes = [
        shapely.Polygon(hole)
        for part in shapely.get_parts(union)
        if part.geom_type == "Polygon"
        for hole in part.interiors
    ]
    around = [hole for hole in holes if hole.contains(inside)]
    if rough.is_empty or not around:
        return rough, rows
    smallest = min(around, key=lambda hole: hole.area)
    return shapely.difference(smallest, union), rows


def gap_issue(
    ix: ScenarioIndex,
    index: np.ndarray,
    valid: np.ndarray,
    tree: shapely.STRtree,
    gap: shapely.Geometry,
) -> Issue:
    """The issue of one gap; ``valid`` holds the outlines (of regions ``index``) that may
    touch it, in the tree ``tree``."""
    regions = ix.scenario.regions
    # Sorted, so that neighbours with equally long borders with the gap come in file order
    # (the tree's own order depends on every outline in it).
    around = np.sort(tree.query(gap, predicate="intersects"))
    # Name the region sharing the longest border with the gap: the one to fix first.
    shared = shapely.length(shapely.intersection(shapely.boundary(valid[around]), gap.boundary))
    order = around[np.argsort(-shared, kind="stable")]
    names = ", ".join(f"'{regions[index[i]].id}'" for i in order[:4])
    at = _point(gap)
    first = int(index[order[0]]) if len(order) else None
    return make_issue(
        "coverage-gap",
        pointer("regions", first, "polygon") if first is not None else pointer("regions"),
        f"a gap of area {gap.area:.4g} near ({at[0]:.6g}, {at[1]:.6g}), next to {names}, "
        "belongs to no region; move the borders or draw a region there",
        regions[first].id if first is not None else None,
        at,
    )


def _overlaps(ix: ScenarioIndex, index: np.ndarray, valid: np.ndarray) -> Iterator[Issue]:
    # Only regions with an edge the coverage check rejected can overlap anything.
    suspects = ~shapely.is_empty(shapely.coverage_invalid_edges(valid))
    if not suspects.any():
        return
    tree = shapely.STRtree(valid)
    left, right = tree.query(valid[suspects], predicate="intersects")
    left = suspects.nonzero()[0][left]
    keep = left != right
    left, right = left[keep], right[keep]
    pairs = np.unique(np.sort(np.column_stack([left, right]), axis=1), axis=0)
    if len(pairs) == 0:
        return
    inner = shapely.relate_pattern(valid[pairs[:, 0]], valid[pairs[:, 1]], "T********")
    for a, b in pairs[inner].tolist():
        issue, common = overlap_issue(ix, int(index[a]), int(index[b]), valid[a], valid[b])
        ix.problem_shapes.append(common)
        yield issue


def overlap_issue(
    ix: ScenarioIndex, first: int, second: int, a: shapely.Geometry, b: shapely.Geometry
) -> tuple[Issue, shapely.Geometry]:
    """The issue of regions ``first`` and ``second`` (file positions, outlines ``a`` and
    ``b``) overlapping, and the ground they share."""
    regions = ix.scenario.regions
    common = shapely.intersection(a, b)
    at = _point(common)
    issue = make_issue(
        "region-overlap",
        pointer("regions", first, "polygon"),
        f"region '{regions[first].id}' overlaps region '{regions[second].id}' (area "
        f"{common.area:.4g} near ({at[0]:.6g}, {at[1]:.6g}))",
        regions[first].id,
        at,
    )
    return issue, common


def check_anchors(ix: ScenarioIndex) -> Iterator[Issue]:
    geoms = ix.valid_polygons
    checks: list[tuple[int, tuple[float, float], tuple[str | int, ...], str]] = []
    for index, region in enumerate(ix.scenario.regions):
        for name in ("label", "structure", "stack", "supply"):
            point = getattr(region.anchors, name)
            if point is not None:
                checks.append((index, point, ("regions", index, "anchors", name), region.id))
    position = ix.position["regions"]
    for index, structure in enumerate(ix.scenario.structures):
        home = position.get(structure.region)
        if structure.anchor is not None and home is not None:
            checks.append((home, structure.anchor, ("structures", index, "anchor"), structure.id))
    checks = [c for c in checks if geoms[c[0]] is not None]
    if not checks:
        return
    polys = np.array([geoms[c[0]] for c in checks], dtype=object)
    xy = np.array([c[1] for c in checks], dtype=float)
    inside = shapely.intersects_xy(polys, xy[:, 0], xy[:, 1])
    ids = ix.places.region_ids
    for (home, point, path, owner), ok in zip(checks, inside.tolist(), strict=True):
        if not ok:
            yield make_issue(
                "anchor-outside-region",
                pointer(*path),
                f"the point ({point[0]:g}, {point[1]:g}) lies outside region '{ids[home]}'",
                owner,
                point,
            )

"""Making imported polygons a clean coverage: repaired outlines, no overlaps, no slivers, no
small gaps, and multi-part features handled as the designer chooses.

Everything here works on map units and on plain shapely arrays. Each function returns what it
changed as :class:`Change` records naming features by their index in the layer; the importer
turns them into sentences with the regions' ids.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np
import shapely

from .progress import Progress

MultipartMode = Literal["split", "largest"]
"""``split``: each part of a multi-part feature becomes a region of its own (the largest part
keeps the feature's id). ``largest``: the largest part is the region; the other parts join
the neighbour they share the longest border with, and parts that touch no other region (true
islands) stay regions of their own."""

ChangeKind = Literal[
    "repaired",  # an invalid outline (self-crossing...) was made valid
    "skipped",  # a feature with no usable polygon
    "overlap",  # the coverage was cleaned: overlaps given to one side, borders matched
    "covered",  # a feature lying wholly over others was left out when cleaning
    "sliver",  # a piece below the area threshold joined a neighbour
    "speck",  # a piece below the area threshold touching nothing was left out
    "part",  # a further part of a multi-part feature became a region of its own
    "part-joined",  # a further part joined a neighbour (multipart "largest")
    "gap-filled",  # a gap below the area threshold joined a neighbour
    "gap-left",  # a gap above the threshold stays (the validator will report it)
]


@dataclass(frozen=True)
class Change:
    """One thing the import changed in the data, with its area in map units squared."""

    kind: ChangeKind
    feature: int | None
    """Index of the feature concerned in the layer (``None`` for a gap)."""
    into: int | None = None
    """Index of the feature that received the piece, if one did."""
    area: float = 0.0
    at: tuple[float, float] | None = None
    """A point of the piece, to show it on the map."""


def _point(geom: shapely.Geometry) -> tuple[float, float]:
    spot = shapely.point_on_surface(geom)
    return (float(shapely.get_x(spot)), float(shapely.get_y(spot)))


def polygonal(geoms: np.ndarray) -> tuple[np.ndarray, list[Change]]:
    """Each feature's geometry if it is a non-empty (Multi)Polygon, else ``None`` (a
    "skipped" change). Validity is not looked at here (see :func:`repair`)."""
    out = np.asarray(geoms, dtype=object).copy()
    present = ~shapely.is_missing(out)
    types = np.full(len(out), -1)
    types[present] = shapely.get_type_id(out[present])
    usable = np.isin(types, (3, 6))
    usable[usable] = ~shapely.is_empty(out[usable])
    skipped = np.flatnonzero(~usable)
    out[skipped] = None
    return out, [Change("skipped", index) for index in skipped.tolist()]


def repair(geoms: np.ndarray) -> tuple[np.ndarray, list[Change]]:
    """Invalid outlines made valid with ``shapely.make_valid`` (what is left of them that is
    polygonal); features with no area left become ``None``."""
    out = np.asarray(geoms, dtype=object).copy()
    changes: list[Change] = []
    check = np.flatnonzero(~shapely.is_missing(out))
    bad = check[~shapely.is_valid(out[check])]
    for index in bad.tolist():
        fixed = shapely.make_valid(out[index], method="structure", keep_collapsed=False)
        parts = [p for p in shapely.get_parts(fixed) if shapely.get_type_id(p) in (3, 6)]
        polygons = [q for p in parts for q in shapely.get_parts(p)]
        if not polygons:
            out[index] = None
            changes.append(Change("skipped", index))
            continue
        out[index] = polygons[0] if len(polygons) == 1 else shapely.multipolygons(polygons)
        changes.append(Change("repaired", index, area=float(shapely.area(out[index]))))
    empty = np.flatnonzero(~shapely.is_missing(out))
    empty = empty[shapely.is_empty(out[empty]) | (shapely.area(out[empty]) <= 0)]
    for index in empty.tolist():
        out[index] = None
        changes.append(Change("skipped", index))
    return out, changes


def clean(geoms: np.ndarray, progress: Progress | None = None) -> tuple[np.ndarray, list[Change]]:
    """The features as a valid coverage: when borders do not match or features overlap,
    ``shapely.coverage_clean`` snaps the borders together and gives each overlap to the
    feature with the longest border around it."""
    progress = progress or Progress()
    present = np.flatnonzero(~shapely.is_missing(geoms))
    if len(present) == 0 or shapely.coverage_is_valid(geoms[present]):
        return geoms, []
    progress.step("Matching borders and removing overlaps", 0.3)
    before = shapely.area(geoms[present])
    cleaned = shapely.coverage_clean(geoms[present], merge_strategy="longest_border")
    # GEOS rebuilds every outline, starting its rings elsewhere: keep the features it left
    # point for point as they were, so that a map edited in one place changes only there.
    same = shapely.equals_exact(shapely.normalize(geoms[present]), shapely.normalize(cleaned))
    cleaned[same] = geoms[present][same]
    out = geoms.copy()
    out[present] = cleaned
    after = shapely.area(cleaned)
    changes = []
    for i, (index, b, a) in enumerate(zip(present, before, after, strict=True)):
        if a <= 0 or shapely.is_empty(cleaned[i]):
            # It lay wholly over other features (both levels of a division in one layer).
            out[index] = None
            changes.append(Change("covered", int(index), area=float(b), at=_point(geoms[index])))
        elif abs(b - a) > 1e-9 * max(b, 1e-12):
            changes.append(
                Change("overlap", int(index), area=float(abs(b - a)), at=_point(cleaned[i]))
            )
    return out, changes


@dataclass
class Pieces:
    """Polygons with the feature each came from."""

    shapes: list[shapely.Geometry]
    owner: list[int]

    def tree(self) -> shapely.STRtree:
        return shapely.STRtree(np.asarray(self.shapes, dtype=object))


def explode(geoms: np.ndarray) -> Pieces:
    """One polygon per part, largest part of each feature first."""
    present = np.flatnonzero(~shapely.is_missing(geoms))
    parts, index = shapely.get_parts(geoms[present], return_index=True)
    owner = present[index]
    order = np.lexsort((-shapely.area(parts), owner))
    return Pieces(list(parts[order]), owner[order].tolist())


def _longest_border(pieces: Pieces, tree: shapely.STRtree, i: int, avoid: int | None) -> int:
    """The piece sharing the longest border with piece ``i`` (``-1`` when none does);
    pieces of feature ``avoid`` are not candidates."""
    shape = pieces.shapes[i]
    candidates = [
        j
        for j in tree.query(shape, predicate="intersects").tolist()
        if j != i and pieces.shapes[j] is not None and pieces.owner[j] != avoid
    ]
    if not candidates:
        return -1
    others = np.asarray([pieces.shapes[j] for j in candidates], dtype=object)
    shared = shapely.length(shapely.intersection(shape.boundary, shapely.boundary(others)))
    best = int(np.argmax(shared))
    return candidates[best] if shared[best] > 0 else -1


def _join(pieces: Pieces, i: int, j: int) -> None:
    merged = shapely.union(pieces.shapes[j], pieces.shapes[i])
    if shapely.get_type_id(merged) == 6 and len(shapely.get_parts(merged)) == 1:
        merged = shapely.get_parts(merged)[0]
    pieces.shapes[j] = merged
    pieces.shapes[i] = None


def merge_slivers(pieces: Pieces, min_area: float) -> list[Change]:
    """Pieces smaller than ``min_area`` join the neighbour they share the longest border with;
    small pieces touching nothing are left out, unless they are a feature's only piece."""
    if min_area <= 0:
        return []
    areas = np.asarray([shapely.area(s) for s in pieces.shapes])
    small = [int(i) for i in np.argsort(areas) if areas[i] < min_area]
    if not small:
        return []
    counts: dict[int, int] = {}
    for owner in pieces.owner:
        counts[owner] = counts.get(owner, 0) + 1
    tree = pieces.tree()
    changes = []
    for i in small:
        at = _point(pieces.shapes[i])
        j = _longest_border(pieces, tree, i, avoid=None)
        if j >= 0:
            _join(pieces, i, j)
            counts[pieces.owner[i]] -= 1
            changes.append(Change("sliver", pieces.owner[i], pieces.owner[j], areas[i], at))
        elif counts[pieces.owner[i]] > 1:
            pieces.shapes[i] = None
            counts[pieces.owner[i]] -= 1
            changes.append(Change("speck", pieces.owner[i], None, areas[i], at))
    return changes


def resolve_parts(pieces: Pieces, mode: MultipartMode) -> list[Change]:
    """Decide what the further parts of multi-part features become (see
    :data:`MultipartMode`); the first (largest) part of each feature stays its region."""
    changes = []
    seen: set[int] = set()
    tree = pieces.tree() if mode == "largest" else None
    for i, owner in enumerate(pieces.owner):
        if pieces.shapes[i] is None:
            continue
        if owner not in seen:
            seen.add(owner)
            continue
        area, at = float(shapely.area(pieces.shapes[i])), _point(pieces.shapes[i])
        if tree is not None:
            j = _longest_border(pieces, tree, i, avoid=owner)
            if j >= 0:
                changes.append(Change("part-joined", owner, pieces.owner[j], area, at))
                _join(pieces, i, j)
                continue
        changes.append(Change("part", owner, None, area, at))
    return changes


def fill_gaps(pieces: Pieces, min_area: float) -> list[Change]:
    """Holes in the coverage (ground enclosed by regions but in none of them) smaller than
    ``min_area`` join the neighbour they share the longest border with; larger ones stay."""
    live = [s for s in pieces.shapes if s is not None]
    if not live:
        return []
    union = shapely.coverage_union_all(np.asarray(live, dtype=object))
    holes = [shapely.Polygon(ring) for part in shapely.get_parts(union) for ring in part.interiors]
    if not holes:
        return []
    changes = []
    tree = pieces.tree()
    for hole in sorted(holes, key=shapely.area):
        area, at = float(shapely.area(hole)), _point(hole)
        if area >= min_area:
            changes.append(Change("gap-left", None, None, area, at))
            continue
        pieces.shapes.append(hole)
        pieces.owner.append(-1)
        i = len(pieces.shapes) - 1
        j = _longest_border(pieces, tree, i, avoid=-1)
        if j < 0:
            pieces.shapes.pop()
            pieces.owner.pop()
            changes.append(Change("gap-left", None, None, area, at))
            continue
        _join(pieces, i, j)
        pieces.shapes.pop()
        pieces.owner.pop()
        changes.append(Change("gap-filled", None, pieces.owner[j], area, at))
    return changes

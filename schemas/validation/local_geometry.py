"""Region outlines and map coverage, kept up to date near edits.

:class:`RegionGeometry` holds every region's shapely outline (as :class:`ScenarioIndex`
builds them) and rebuilds only the outlines of edited regions. :class:`Coverage` holds what
:func:`check_coverage` finds (regions whose borders do not match their neighbours', overlaps,
gaps) and, after an edit, looks again only around the edited outlines:

- a region's borders are judged against the outlines whose boxes meet its box (GEOS does the
  same), so only regions whose boxes meet a changed box are judged again;
- an overlap involves a changed region, or it is unchanged;
- a gap is a hole in the union of all outlines. Holes far from the edit stay as they were;
  near it, the union of the outlines in a window around the edit has the same holes as the
  whole map's, as long as every hole it finds lies inside the window and no open ground
  near the edit runs out of the window (unless it is the map's outside). Otherwise the
  window grows until that holds (at worst to the whole map).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
import shapely
import shapely.errors

from ..geometry.adjacency import EdgeTable
from ..issues import Issue
from ..map import Region
from ..scenario import Scenario
from .geometry import gap_issue, overlap_issue, settled_gap
from .index import ScenarioIndex
from .subsets import moved, owner_of

Box = tuple[float, float, float, float]
_T = TypeVar("_T")
ARRAYS = ("polygons", "invalid_mask", "valid_polygons")


class RegionGeometry:
    """Shapely outlines of every region, in file order, as :class:`ScenarioIndex` builds them."""

    def __init__(self, ix: ScenarioIndex) -> None:
        self.arrays: dict[str, np.ndarray] = {name: getattr(ix, name) for name in ARRAYS}
        self.boxes = _boxes(ix.scenario.regions, ix.polygons)
        """Bounds of each outline's points (also for outlines shapely cannot build)."""
        self._tree: shapely.STRtree | None = None
        self._valid_boxes: np.ndarray | None = None
        self._edges: EdgeTable | None = ix.__dict__.get("edges")

    @property
    def valid(self) -> np.ndarray:
        return self.arrays["valid_polygons"]

    @property
    def tree(self) -> shapely.STRtree:
        """A tree of the valid outlines (rebuilt after edits: 2 ms for 10,000 regions, 5 to
        7 ms for 30,000; after deletions alone, the tree before them renumbered)."""
        if self._tree is None:
            self._tree = shapely.STRtree(self.valid)
        return self._tree

    def lend(self, ix: ScenarioIndex) -> None:
        """Give an index of the same scenario these outlines (and their edge table, kept
        from one edit to the next until the outlines change), instead of building them."""
        for name, values in self.arrays.items():
            ix.__dict__[name] = values
        if self._edges is not None:
            ix.__dict__["edges"] = self._edges

    def keep(self, ix: ScenarioIndex) -> None:
        """Keep what an index built from these outlines (its edge table) for the next."""
        self._edges = ix.__dict__.get("edges", self._edges)

    @property
    def valid_boxes(self) -> np.ndarray:
        if self._valid_boxes is None:
            self._valid_boxes = shapely.bounds(self.valid)
        return self._valid_boxes

    def update(
        self,
        scenario: Scenario,
        survivors: np.ndarray | None,
        fresh: list[tuple[int, Region]],
        same_outlines: bool = False,
    ) -> None:
        """Follow an edit. ``survivors[i]`` is the old position of the region now at ``i``
        (-1 for new ones), ``None`` when no region moved; ``fresh`` are the new regions.
        ``same_outlines``: each fresh region replaced one with the same outline at its
        place (a rename, another terrain)."""
        if survivors is None and same_outlines:
            # The outlines, their boxes, the tree over them (5 ms to build again at 30,000
            # regions) and the edge table all stay as they are.
            return
        old_tree, old_valid_boxes = self._tree, self._valid_boxes
        if survivors is not None:
            keep = survivors >= 0
            for name, old in self.arrays.items():
                new = np.zeros(len(survivors), dtype=old.dtype) if old.dtype == bool else None
                if new is None:
                    new = np.full(len(survivors), None, dtype=object)
                new[keep] = old[survivors[keep]]
                self.arrays[name] = new
            boxes = np.full((len(survivors), 4), np.nan)
            boxes[keep] = self.boxes[survivors[keep]]
            self.boxes = boxes
        if fresh:
            rows = np.array([p for p, _ in fresh], dtype=np.int64)
            mini = ScenarioIndex(scenario.model_copy(update={"regions": [r for _, r in fresh]}))
            for name in ARRAYS:
                self.arrays[name][rows] = getattr(mini, name)
            self.boxes[rows] = _boxes([r for _, r in fresh], mini.polygons)
        self._tree = None
        if old_tree is not None and survivors is not None and not fresh and keep.all():
            # Regions deleted, none added or changed: every outline left is in the tree
            # before the edit, the same object; its answers only need new positions.
            self._tree = Renumbered.of(old_tree, survivors)
        self._valid_boxes = None
        if old_valid_boxes is not None:
            # The bounds of the outlines kept are the same: worked out for the new ones only.
            if survivors is None:
                boxes = old_valid_boxes.copy()
            else:
                boxes = np.full((len(survivors), 4), np.nan)
                boxes[keep] = old_valid_boxes[survivors[keep]]
            if fresh:
                boxes[rows] = shapely.bounds(self.valid[rows])
            self._valid_boxes = boxes
        self._edges = None


class Renumbered:
    """An STRtree of the outlines before regions were deleted, answering with the positions
    the outlines have after it (those of deleted regions left out): building a tree of
    30,000 outlines again cost 5 to 7 ms, a fifth of deleting a region. Deletions chain up
    to :data:`DEPTH` times; then the tree is built again."""

    DEPTH = 8

    def __init__(self, tree: shapely.STRtree, new_of_old: np.ndarray, depth: int) -> None:
        self._tree = tree
        self._new_of_old = new_of_old
        """For each outline of the tree, its position now (-1: deleted)."""
        self.depth = depth

    @classmethod
    def of(cls, tree: Any, survivors: np.ndarray) -> Renumbered | None:
        """``tree`` (an STRtree or a renumbered one) after the deletions that left the
        outlines ``survivors`` lists (each one's position before); ``None`` past the depth."""
        if isinstance(tree, Renumbered):
            base, before, depth = tree._tree, tree._new_of_old, tree.depth
        else:
            base, before, depth = tree, None, 0
        if depth >= cls.DEPTH:
            return None
        count = len(before) if before is not None else len(base.geometries)
        positions = np.full(count if before is None else int(before.max(initial=-1)) + 1, -1)
        positions[survivors] = np.arange(len(survivors))
        if before is None:
            return cls(base, positions, 1)
        # Chained: the base tree's outline -> its position after the last deletion.
        mapped = np.where(before >= 0, positions[np.maximum(before, 0)], -1)
        return cls(base, mapped, depth + 1)

    def query(self, geometry: Any, predicate: str | None = None) -> np.ndarray:
        found: np.ndarray = self._tree.query(geometry, predicate=predicate)
        if found.ndim == 1:
            moved: np.ndarray = self._new_of_old[found]
            return moved[moved >= 0]
        moved = self._new_of_old[found[1]]
        kept = moved >= 0
        return np.vstack([found[0][kept], moved[kept]])


def _boxes(regions: list[Region], polygons: np.ndarray) -> np.ndarray:
    boxes: np.ndarray = shapely.bounds(polygons)
    for i in np.flatnonzero(np.isnan(boxes[:, 0])).tolist():
        outline = regions[i].polygon
        points = [p for ring in (outline.exterior, *outline.holes) for p in ring]
        if points:
            xs, ys = zip(*points, strict=True)
            boxes[i] = (min(xs), min(ys), max(xs), max(ys))
    return boxes


@dataclass
class _Overlap:
    first: Region
    second: Region
    issue: Issue
    common: Any


@dataclass
class _Gap:
    box: Box
    """Bounds of the hole's outer ring."""
    shape: Any
    first: Region | None
    """The region the issue points at (the one sharing the longest border with the gap)."""
    issue: Issue


class Coverage:
    """Overlaps and gaps of the map (see the module's docstring)."""

    def __init__(self, ix: ScenarioIndex, geometry: RegionGeometry) -> None:
        from ..geometry.adjacency import clean_coverage_union

        self.suspects: dict[int, Region] = {}
        """Regions (by object id) some of whose edges do not match their neighbours'."""
        self.overlaps: dict[tuple[int, int], _Overlap] = {}
        self.gaps: list[_Gap] = []
        self._extent = 0.0
        self.measure(geometry)
        valid = geometry.valid
        index = (~shapely.is_missing(valid)).nonzero()[0]
        if len(index) == 0:
            return
        outlines = valid[index]
        regions = ix.scenario.regions
        union = clean_coverage_union(outlines, ix.edges)
        clean = union is not None or bool(shapely.coverage_is_valid(outlines))
        if not clean:
            bad = ~shapely.is_empty(shapely.coverage_invalid_edges(outlines))
            self.suspects = {id(regions[p]): regions[p] for p in index[bad].tolist()}
            self._add_overlaps(ix, geometry, index[bad].tolist())
            union = shapely.union_all(outlines)
        elif union is None:
            union = shapely.coverage_union_all(outlines)
        for part in shapely.get_parts(union):
            for ring in part.interiors:
                rough = shapely.difference(shapely.Polygon(ring), union)
                self.gaps.append(_gap(ix, geometry, ring, rough, clean))

    def update(
        self, ix: ScenarioIndex, geometry: RegionGeometry, boxes: list[Box], fresh: list[int]
    ) -> None:
        """Look again around an edit: ``boxes`` bound the old and new outlines of the regions
        it changed, ``fresh`` are the (new) positions of the regions it changed or added.
        Records of regions no longer in the map must already be dropped (:meth:`forget`)."""
        if not boxes:
            return
        self._judge_borders(ix, geometry, boxes)
        self._add_overlaps(ix, geometry, fresh)
        self.measure(geometry)
        self.gaps = self._refresh_gaps(ix, geometry, boxes)

    def forget(self, gone: set[int]) -> None:
        """Drop what involves the regions (object ids) that left the map or changed."""
        for key in gone & self.suspects.keys():
            del self.suspects[key]
        self.overlaps = {
            k: v for k, v in self.overlaps.items() if k[0] not in gone and k[1] not in gone
        }

    def issues(self, position: Mapping[int, int]) -> tuple[list[Issue], list[Any]]:
        """The issues and problem shapes, in file order; ``position`` maps region object ids
        to their positions."""
        issues, shapes = [], []
        if self.suspects:
            rows = sorted(
                (position[k[0]], position[k[1]], o)
                for k, o in self.overlaps.items()
                if k[0] in self.suspects or k[1] in self.suspects
            )
            for first, _, overlap in rows:
                issues.append(moved(overlap.issue, "regions", first))
                shapes.append(overlap.common)
        extent = self._extent
        keyed = []
        for gap in self.gaps:
            if gap.shape.area <= extent * 1e-12:
                continue
            at = position[id(gap.first)] if gap.first is not None else -1
            keyed.append((at, gap.box, gap))
        for at, _, gap in sorted(keyed, key=lambda row: (row[0], row[1])):
            issues.append(moved(gap.issue, "regions", at) if at >= 0 else gap.issue)
            shapes.append(gap.shape)
        return issues, shapes

    def measure(self, geometry: RegionGeometry) -> None:
        """Note the area of the map's bounding box: gaps smaller than a millionth of a
        millionth of it are rounding noise, as in :func:`check_coverage`."""
        boxes = geometry.valid_boxes
        if np.isnan(boxes[:, 0]).all():
            self._extent = 0.0
            return
        width = np.nanmax(boxes[:, 2]) - np.nanmin(boxes[:, 0])
        height = np.nanmax(boxes[:, 3]) - np.nanmin(boxes[:, 1])
        self._extent = float(width * height)

    # -- looking again -------------------------------------------------------------------------

    def _judge_borders(self, ix: ScenarioIndex, geometry: RegionGeometry, boxes: list[Box]) -> None:
        tree, valid_boxes = geometry.tree, geometry.valid_boxes
        near = np.unique(tree.query(shapely.box(*np.array(boxes).T))[1])
        if len(near) == 0:
            return
        around = np.unique(tree.query(shapely.box(*valid_boxes[near].T))[1])
        bad = ~shapely.is_empty(shapely.coverage_invalid_edges(geometry.valid[around]))
        regions = ix.scenario.regions
        judged = set(near.tolist())
        for p, broken in zip(around.tolist(), bad.tolist(), strict=True):
            if p in judged:
                region = regions[p]
                if broken:
                    self.suspects[id(region)] = region
                else:
                    self.suspects.pop(id(region), None)

    def _add_overlaps(self, ix: ScenarioIndex, geometry: RegionGeometry, fresh: list[int]) -> None:
        valid, tree = geometry.valid, geometry.tree
        regions = ix.scenario.regions
        for p in fresh:
            if valid[p] is None:
                continue
            others = tree.query(valid[p], predicate="intersects")
            others = others[others != p]
            if len(others) == 0:
                continue
            inner = shapely.relate_pattern(valid[p], valid[others], "T********")
            for q in others[inner].tolist():
                first, second = min(p, q), max(p, q)
                key = (id(regions[first]), id(regions[second]))
                if key not in self.overlaps:
                    issue, common = overlap_issue(ix, first, second, valid[first], valid[second])
                    self.overlaps[key] = _Overlap(regions[first], regions[second], issue, common)

    def _refresh_gaps(
        self, ix: ScenarioIndex, geometry: RegionGeometry, boxes: list[Box]
    ) -> list[_Gap]:
        """The gaps after an edit within ``boxes``.

        Open ground can join other open ground through a single point, and whether a hole
        is a hole depends on all it is joined to; so the area looked at is closed over
        boxes that meet: the edit's, those of the gaps they meet, of the holes found that
        meet those, and so on.
        """
        valid, tree, valid_boxes = geometry.valid, geometry.tree, geometry.valid_boxes
        if np.isnan(valid_boxes[:, 0]).all():
            return []
        extent = (
            float(np.nanmin(valid_boxes[:, 0])),
            float(np.nanmin(valid_boxes[:, 1])),
            float(np.nanmax(valid_boxes[:, 2])),
            float(np.nanmax(valid_boxes[:, 3])),
        )
        size = max(extent[2] - extent[0], extent[3] - extent[1], 1e-9)
        limit = _grow(extent, size * 0.01)
        area = list(boxes)
        kept = list(self.gaps)
        window = _grow(_cover(area), size * 1e-3)
        while True:
            kept = _close(kept, area)
            window = _clip(_grow(_cover([window, *area]), _span(_cover(area)) * 0.5), limit)
            rows = np.sort(tree.query(shapely.box(*window)))
            union = _union(valid[rows], clean=not self.suspects)
            rings = [
                ring
                for part in shapely.get_parts(union)
                if part.geom_type == "Polygon"
                for ring in part.interiors
            ]
            holes = _closure(rings, area)
            reach = area + [ring.bounds for ring in holes]
            if any(_meets(g.box, reach) for g in kept):
                area = reach  # an old gap joins in: drop it and look again
                continue
            if window == limit or not self._leaks(window, union, reach, extent, holes):
                break
            window = _grow(window, _span(window) * 0.5)
        clean = not self.suspects
        return kept + [
            _gap(ix, geometry, ring, shapely.difference(shapely.Polygon(ring), union), clean)
            for ring in holes
        ]

    @staticmethod
    def _leaks(window: Box, union: Any, reach: list[Box], extent: Box, holes: list[Any]) -> bool:
        """Whether the window may be too small: a hole reaches its edge, or open ground in
        the area looked at runs out of it without being the map's outside."""
        if any(not _inside(ring.bounds, window) for ring in holes):
            return True
        frame = shapely.box(*window)
        looked_at = shapely.union_all(shapely.box(*np.array(reach).T))
        inside_map = shapely.box(*extent)
        for part in shapely.get_parts(shapely.difference(frame, union)):
            if (
                shapely.intersects(part, looked_at)
                and shapely.intersects(part, frame.exterior)
                and shapely.within(part, inside_map)
            ):
                return True
        return False


def _close(gaps: list[_Gap], area: list[Box]) -> list[_Gap]:
    """The gaps that stay; ``area`` grows by the boxes of those that meet it, transitively."""
    return _spread(gaps, area, lambda gap: gap.box)[1]


def _closure(rings: list[Any], area: list[Box]) -> list[Any]:
    """The rings whose boxes meet ``area`` or, transitively, another such ring's."""
    return _spread(rings, list(area), lambda ring: ring.bounds)[0]


def _spread(
    items: list[_T], reach: list[Box], box_of: Callable[[_T], Box]
) -> tuple[list[_T], list[_T]]:
    """The items whose boxes meet ``reach`` or, transitively, another such item's (``reach``
    grows by their boxes), and the items left."""
    met: list[_T] = []
    rest = list(items)
    grew = True
    while grew:
        grew = False
        left = []
        for item in rest:
            box = box_of(item)
            if _meets(box, reach):
                met.append(item)
                reach.append(box)
                grew = True
            else:
                left.append(item)
        rest = left
    return met, rest


def _cover(boxes: list[Box]) -> Box:
    every = np.array(boxes, dtype=float)
    return (*every[:, :2].min(axis=0), *every[:, 2:].max(axis=0))


def _span(box: Box) -> float:
    return max(box[2] - box[0], box[3] - box[1])


def _union(outlines: np.ndarray, clean: bool) -> Any:
    if clean:
        try:
            return shapely.coverage_union_all(outlines)
        except shapely.errors.GEOSException:
            pass
    return shapely.union_all(outlines)


def _gap(ix: ScenarioIndex, geometry: RegionGeometry, ring: Any, rough: Any, clean: bool) -> _Gap:
    """A gap, worked out as :func:`check_coverage` does (see :func:`settled_gap`)."""
    shape, rows = settled_gap(geometry.valid, geometry.tree, ring, rough, clean)
    outlines = geometry.valid[rows]
    issue = gap_issue(ix, rows, outlines, shapely.STRtree(outlines), shape)
    first = None
    if issue.path != "/regions":
        first = ix.scenario.regions[owner_of(issue)[1]]
    return _Gap(tuple(ring.bounds), shape, first, issue)


def _meets(box: Box, boxes: list[Box]) -> bool:
    return any(
        box[0] <= b[2] and b[0] <= box[2] and box[1] <= b[3] and b[1] <= box[3] for b in boxes
    )


def _inside(box: Box, window: Box) -> bool:
    return box[0] > window[0] and box[1] > window[1] and box[2] < window[2] and box[3] < window[3]


def _grow(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def _clip(box: Box, limit: Box) -> Box:
    return (
        max(box[0], limit[0]),
        max(box[1], limit[1]),
        min(box[2], limit[2]),
        min(box[3], limit[3]),
    )

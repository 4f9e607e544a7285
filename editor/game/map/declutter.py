"""Keeping the map's symbols off the region names, at whatever zoom the map is shown.

Counters, structures and supply sources keep their size on screen while the regions grow
and shrink with the zoom, so a layout that is clear zoomed in (see :mod:`map_layout`) piles
symbols on the neighbours' names when the whole map is fitted in a small window. This
module moves each group of symbols, as a block, the least distance that keeps it clear of
every name and every group already placed while its centre stays inside its own region.
Where no such spot exists (a crowded corner seen from far away), the group stays in its
region and the name it would cover is hidden rather than drawn half covered: a truncated
name is unreadable, and the region's tooltip still gives it. Blocks of regions too small
for them (see :mod:`map_piles`) may move only a little way and may step out of their
region: a line then ties each symbol outside back to it (:mod:`map_outlines`).

Each block tries the moves of :data:`SHIFTS` at once with numpy and shapely (overlaps,
distance, share outside its region), after checking whether staying put is good enough,
which it is for most blocks.

Everything here is in screen pixels at one scale (pixels per map unit): the view zooms
uniformly, so a point of the map at ``p`` is at ``p * scale`` on screen, up to a shift that
moves everything together and so changes nothing.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np
import shapely
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath

from editor.game.map.outlines import PAD, Rect, Shapes, outside_share, outside_shares

CELL = 96.0
"""Side of the grid cells obstacles are filed in, so each group meets only its neighbours."""
LABEL_WEIGHT = 1.0
GROUP_WEIGHT = 3.0
"""Covering another group hides stacks: far worse than covering part of a name."""
OUTSIDE = 50000.0
"""A block leaving its region reads as standing in the neighbour: worse than any overlap."""
DISTANCE_WEIGHT = 2.0
NAME_CLASH = 0.15
"""Share of a name's box under another name beyond which it is hidden."""


@dataclass
class Group:
    """Symbols laid out together around one map point: they move as one block. The block
    laid out above a region's name carries the name along (and a region without one has a
    block of its name alone), so a name always stays under its own symbols."""

    region: str
    point: QPointF
    """The map point the symbols' offsets are measured from."""
    box: QRectF
    """The symbols' extent in pixels, relative to ``point`` at their laid-out place
    (empty for a name alone)."""
    members: list[tuple[object, QPointF]] = field(default_factory=list)
    """Each symbol (an item with ``set_offset``) and its laid-out offset."""
    above: bool = False
    """Laid out above the region's name (and so carrying it)."""
    name: QRectF | None = None
    """The region's name (and VP star) in pixels relative to ``point``, when the block
    carries it."""
    reach: float = math.inf
    """How far (pixels) the block may move: a region too small on screen for its symbols
    keeps them close, overlapping a little, rather than sends them over its neighbours."""
    outside: float = 0.0
    """What hanging out of its region costs this block (0: :data:`OUTSIDE`); chips, in
    regions too small for them anyway, step out a little rather than cover each other."""

    def extent(self) -> QRectF:
        if self.name is None:
            return self.box
        return self.name if self.box.isEmpty() else self.box.united(self.name)


def _shifts() -> list[tuple[float, float]]:
    """Candidate moves, nearest first: rings of growing radius, up and down first."""
    out = [(0.0, 0.0)]
    for radius in (5.0, 10.0, 16.0, 23.0, 31.0, 40.0, 50.0, 62.0, 76.0):
        count = 8 if radius < 20 else 12
        ring = []
        for i in range(count):
            angle = 2 * math.pi * i / count
            ring.append((radius * math.sin(angle), -radius * math.cos(angle)))
        # At equal distance, vertical moves first: names are wide and short.
        ring.sort(key=lambda p: abs(p[0]))
        out += ring
    return out


SHIFTS = _shifts()
_SHIFT_X = np.array([x for x, _ in SHIFTS])[:, None]
_SHIFT_Y = np.array([y for _, y in SHIFTS])[:, None]
_DISTANCES = np.hypot(_SHIFT_X[:, 0], _SHIFT_Y[:, 0])
_FIRST_STEP = float(_DISTANCES[1]) * DISTANCE_WEIGHT
"""The cost of the shortest move: staying cheaper than that cannot be bettered."""
REACH = max(math.hypot(x, y) for x, y in SHIFTS)


def _rect(rect: QRectF, at: QPointF, pad: float = 0.0) -> Rect:
    left, top = rect.left() + at.x() - pad, rect.top() + at.y() - pad
    return (left, top, left + rect.width() + 2 * pad, top + rect.height() + 2 * pad)


def _overlap(a: Rect, b: Rect) -> float:
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return width * height if width > 0 and height > 0 else 0.0


def _area(rect: Rect) -> float:
    return (rect[2] - rect[0]) * (rect[3] - rect[1])


class _Grid:
    """Rectangles filed by the cells they touch, each with a weight and an owner."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[tuple[Rect, float, int]]] = defaultdict(list)

    @staticmethod
    def _cells(rect: Rect) -> Iterable[tuple[int, int]]:
        for x in range(math.floor(rect[0] / CELL), math.floor(rect[2] / CELL) + 1):
            for y in range(math.floor(rect[1] / CELL), math.floor(rect[3] / CELL) + 1):
                yield x, y

    def add(self, rect: Rect, weight: float, owner: int) -> None:
        for cell in self._cells(rect):
            self.cells[cell].append((rect, weight, owner))

    def remove(self, owner: int, rect: Rect) -> None:
        for cell in self._cells(rect):
            entries = self.cells.get(cell, [])
            entries[:] = [e for e in entries if e[2] != owner]

    def near(self, rect: Rect) -> list[tuple[Rect, float, int]]:
        """Entries overlapping ``rect``, each once."""
        seen: dict[tuple[Rect, int], tuple[Rect, float, int]] = {}
        for cell in self._cells(rect):
            for entry in self.cells.get(cell, ()):
                if _overlap(entry[0], rect) > 0:
                    seen[(entry[0], entry[2])] = entry
        return list(seen.values())


def place(
    groups: list[Group],
    fixed: list[QRectF],
    paths: dict[str, QPainterPath],
    scale: float,
    shapes: Shapes,
    keep: dict[int, QPointF] | None = None,
) -> tuple[list[QPointF], set[str]]:
    """Where each group goes (its shift in pixels, in the order given) and the regions
    whose name stays covered. ``fixed`` are pinned symbols (pixels at ``scale``);
    ``shapes``: the regions' outlines for shapely, made from ``paths``; ``keep``: groups
    (by index) that stay where they are, shifted so, and are only in the others' way."""
    keep = keep or {}
    pinned = [_rect(r, QPointF()) for r in fixed]
    # Names alone make way for symbols only (two names meeting are settled by hiding one).
    names, blocks = _Grid(), _Grid()
    for rect in pinned:
        blocks.add(rect, GROUP_WEIGHT, -1)
    homes = [_rect(g.extent(), g.point * scale, PAD) for g in groups]
    alone = [g.box.isEmpty() for g in groups]
    # Every block waits at home while the others choose, so those choosing first keep
    # clear of those to come; blocks that may barely move (chips) choose first, then the
    # biggest, names alone last.
    for index, home in enumerate(homes):
        shift = keep.get(index)
        rect = home if shift is None else _shifted(home, shift.x(), shift.y())
        if alone[index]:
            names.add(rect, LABEL_WEIGHT, index)
        else:
            blocks.add(rect, GROUP_WEIGHT, index)
    order = sorted(
        (i for i in range(len(groups)) if i not in keep),
        key=lambda i: (alone[i], groups[i].reach == math.inf, -_area(homes[i])),
    )
    shifts: list[QPointF] = [keep.get(i, QPointF()) for i in range(len(groups))]
    for index in order:
        group, home = groups[index], homes[index]
        grid = names if alone[index] else blocks
        grid.remove(index, home)
        reach = (home[0] - REACH, home[1] - REACH, home[2] + REACH, home[3] + REACH)
        best = (0.0, 0.0)
        # A name alone moves only when symbols sit on it or it hangs out of a region that
        # could hold it (a thin off-map box); a block looks all around it.
        path = paths.get(group.region)
        if not alone[index] or blocks.near(home) or _astray(home, path, scale):
            nearby = blocks.near(reach) + ([] if alone[index] else names.near(reach))
            best = _best_shift(home, nearby, path, scale, group, shapes.get(group.region))
        shifts[index] = QPointF(*best)
        grid.add(_shifted(home, *best), LABEL_WEIGHT if alone[index] else GROUP_WEIGHT, index)
    return shifts, _covered(groups, shifts, pinned, scale)


def _shifted(rect: Rect, dx: float, dy: float) -> Rect:
    return (rect[0] + dx, rect[1] + dy, rect[2] + dx, rect[3] + dy)


def _meets(one: Rect, other: Rect) -> bool:
    return one[0] < other[2] and other[0] < one[2] and one[1] < other[3] and other[1] < one[3]


Placed = tuple[tuple[object, ...], QPointF, Rect]
"""A group as last placed: its extent (:func:`_extent_key`), its shift and where it went
(pixels)."""


def settled(groups: list[Group], before: list[Placed], scale: float) -> dict[int, QPointF]:
    """The groups (by index) that stay where they were last placed, at the same scale and
    beside the same pinned symbols (``before``), with their shifts. A group new or changed
    since (a stack came, went or was drawn otherwise) is placed again, among the others
    where they stand, and so is a group standing where such a group is laid out: both then
    choose their spots again. Blocks elsewhere stay put, so a move redraws its own corner
    of the map instead of sending every block of a crowded map looking for a spot again
    (and blocks far from a move do not jump about); room a block leaves is taken by the
    blocks around it at the next full placement (a zoom)."""
    waiting: dict[tuple[object, ...], list[tuple[QPointF, Rect]]] = {}
    for key, shift, placed in before:
        waiting.setdefault(key, []).append((shift, placed))
    kept: dict[int, tuple[QPointF, Rect]] = {}
    changed: list[Rect] = []
    for index, group in enumerate(groups):
        found = waiting.get(_extent_key(group))
        if found:
            kept[index] = found.pop(0)
        else:
            changed.append(_rect(group.extent(), group.point * scale, PAD))
    return {
        index: shift
        for index, (shift, placed) in kept.items()
        if not any(_meets(placed, rect) for rect in changed)
    }


def _astray(home: Rect, path: QPainterPath | None, scale: float) -> bool:
    """Whether a name hangs out of a region wide and tall enough on screen to hold it."""
    if path is None:
        return False
    box = path.boundingRect()
    fits = box.width() * scale >= home[2] - home[0] and box.height() * scale >= home[3] - home[1]
    return fits and outside_share(home, path, scale) > 0


def _best_shift(
    home: Rect,
    nearby: list[tuple[Rect, float, int]],
    path: QPainterPath | None,
    scale: float,
    group: Group,
    shape: shapely.Geometry | None,
) -> tuple[float, float]:
    """The nearest move of ``home`` within the group's reach with the least overlap,
    inside its region (``shape``: the region's outline for shapely, to test every move
    at once; ``None``, like ``path``, for a group without a region outline)."""
    left, top, right, bottom = home
    reach, outside = group.reach, group.outside or OUTSIDE
    stay = outside * outside_share(home, path, scale)
    for (ol, ot, orr, ob), weight, _ in nearby:
        if orr <= left or ol >= right or ob <= top or ot >= bottom:
            continue
        width = (right if right < orr else orr) - (left if left > ol else ol)
        height = (bottom if bottom < ob else ob) - (top if top > ot else ot)
        stay += width * height * weight
    if stay <= _FIRST_STEP or reach < _DISTANCES[1]:
        return (0.0, 0.0)  # no move can do better: most blocks stop here
    # Every move at once: the cost of the block's overlaps, its distance, and its share
    # outside its region, for each of SHIFTS.
    cost = _DISTANCES * DISTANCE_WEIGHT
    if nearby:
        rects = np.array([rect for rect, _, _ in nearby])
        weights = np.array([weight for _, weight, _ in nearby])
        width = np.minimum(right + _SHIFT_X, rects[:, 2]) - np.maximum(left + _SHIFT_X, rects[:, 0])
        height = np.minimum(bottom + _SHIFT_Y, rects[:, 3]) - np.maximum(
            top + _SHIFT_Y, rects[:, 1]
        )
        cost = cost + (np.clip(width, 0, None) * np.clip(height, 0, None)) @ weights
    if shape is not None:
        cost = cost + outside * outside_shares(home, shape, scale, _SHIFT_X, _SHIFT_Y)
    cost[0] = stay
    cost[reach < _DISTANCES] = np.inf
    best = int(np.argmin(cost))  # the first of equal costs: the nearest
    return SHIFTS[best]


def _covered(
    groups: list[Group], shifts: list[QPointF], pinned: list[Rect], scale: float
) -> set[str]:
    """Regions whose name is under symbols, or mostly under another name (the one of
    the two met second is hidden), once every block is placed."""
    symbols = _Grid()
    names: dict[int, Rect] = {}
    for index, group in enumerate(groups):
        at = group.point * scale + shifts[index]
        if not group.box.isEmpty():
            symbols.add(_rect(group.box, at), GROUP_WEIGHT, index)
        if group.name is not None:
            names[index] = _rect(group.name, at)
    for rect in pinned:
        symbols.add(rect, GROUP_WEIGHT, -1)
    covered: set[str] = set()
    shown = _Grid()
    for index, name in names.items():
        under = any(owner != index for _, _, owner in symbols.near(name))
        # Name boxes have a little room around the letters: a corner touching is fine.
        crowded = any(
            _overlap(name, rect) > NAME_CLASH * _area(name) for rect, _, _ in shown.near(name)
        )
        if under or crowded:
            covered.add(groups[index].region)
        else:
            shown.add(name, LABEL_WEIGHT, index)
    return covered


class Clutter:
    """The blocks of symbols of every region of a scene, kept apart and off the names at
    the scale the map is shown at."""

    def __init__(
        self,
        points: dict[str, QPointF],
        names: dict[str, QRectF],
        paths: dict[str, QPainterPath],
    ) -> None:
        """``names``: each region's name as a box in pixels around its map point in
        ``points`` (its VP star included)."""
        self.points = points
        self.names = names
        self.paths = paths
        self.groups: dict[str, list[Group]] = {}
        self.fixed: dict[str, list[tuple[QPointF, QRectF]]] = {}
        """Symbols the designer pinned to a point of their own: obstacles that stay."""
        self.scale: float | None = None
        """Pixels per map unit, once a view has said it."""
        self.covered: set[str] = set()
        """Regions whose name a block of symbols covers at this scale (hidden)."""
        self.name_shifts: dict[str, QPointF] = {}
        """How far (pixels) each region's name moved with its block."""
        self.shapes = Shapes(paths)
        self.placed: list[tuple[Group, QPointF]] = []
        """Every block with its shift (pixels), as last placed."""
        self._placing: tuple[object, list[Placed], set[str]] | None = None
        """What :func:`place` was last asked (the scale and the pinned symbols) and its
        answer, block by block."""

    def set_region(
        self, region: str, groups: list[Group], fixed: list[tuple[QPointF, QRectF]]
    ) -> None:
        """A region's blocks as laid out (the one ``above`` its name first, if any)."""
        self.groups[region] = groups
        self.fixed[region] = fixed

    def apply(self, names_shown: bool) -> None:
        """Move every block to its clear spot (``names_shown``: whether names are drawn
        at all; hidden names need no room)."""
        scale = self.scale
        groups: list[Group] = []
        for region, point in self.points.items():
            region_groups = self.groups.get(region, [])
            for group in region_groups:
                group.name = None
            if not names_shown or region not in self.names:
                # Names hidden, or a place without a name (a hex of a hex map).
                groups += region_groups
                continue
            above = next((g for g in region_groups if g.above), None)
            if above is None:
                above = Group(region, point, QRectF(), above=True)
                groups.append(above)
            above.name = self.names[region]
            groups += region_groups
        if scale is None:
            shifts, self.covered = [QPointF()] * len(groups), set()
        else:
            fixed = [
                box.translated(point * scale)
                for region_fixed in self.fixed.values()
                for point, box in region_fixed
            ]
            # Most redraws change looks, not extents (a stack selected, a counter marked):
            # the blocks then go where they went. A move changes a few blocks: only they
            # and their neighbours are placed again (see ``settled``).
            asked = (scale, [r.getRect() for r in fixed])
            keys = [_extent_key(g) for g in groups]
            before = self._placing
            same = before is not None and before[0] == asked
            if same and before is not None and [key for key, _, _ in before[1]] == keys:
                shifts, self.covered = [shift for _, shift, _ in before[1]], before[2]
            else:
                kept = settled(groups, before[1], scale) if same and before is not None else {}
                shifts, self.covered = place(groups, fixed, self.paths, scale, self.shapes, kept)
            homes = [_rect(g.extent(), g.point * scale, PAD) for g in groups]
            placed = [
                (key, shift, _shifted(home, shift.x(), shift.y()))
                for key, shift, home in zip(keys, shifts, homes, strict=True)
            ]
            self._placing = (asked, placed, self.covered)
        self.name_shifts = {}
        self.placed = list(zip(groups, shifts, strict=True))
        for group, shift in self.placed:
            if group.name is not None:
                self.name_shifts[group.region] = shift
            for item, offset in group.members:
                item.set_offset(offset + shift)  # type: ignore[attr-defined]


def _extent_key(group: Group) -> tuple[object, ...]:
    """All of a group that :func:`place` weighs (not its members: which items move)."""
    name = group.name.getRect() if group.name is not None else None
    point = (group.point.x(), group.point.y())
    return (group.region, point, group.box.getRect(), name, group.reach, group.outside)

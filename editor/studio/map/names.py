"""Which region names the map shows at each zoom: each name where its own region holds it.

Names are drawn at a fixed screen size, hanging under their region's name point (see
:class:`.items.LabelItem`). A name is shown when, at the current zoom, its region has room
for it across that point (see :mod:`.rooms`), in the usual font or else in a smaller one
that still reads well, and when it overlaps neither a symbol (a structure, a supply source,
a stack) nor a name already placed, bigger regions being placed first. So a zoomed-out map
names its big regions and leaves its small ones bare, and zooming in names more and more.

The decision has to stay cheap on a 10,000-region map, where it is taken at every zoom
step (and not at other repaints). Each region's room is measured once, and again when the
region changes; from it follows the smallest zoom at which its name fits in each font.
Regions are kept sorted by that zoom, so at a zoom the names worth looking at are a prefix
found by bisection (zoomed out on a big map, few or none), and only they are laid out and
checked for overlaps, with a spatial index.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from editor.shared.map.drawing import LabelItem
from editor.studio.map.name_clashes import Clashes, overlapping
from editor.studio.map.name_widths import NameWidths, Widths, known_widths
from editor.studio.map.placement import ROW_ABOVE_NAME
from editor.studio.map.rooms import Room, measure_rooms
from schemas.collector import gc_paused
from schemas.geometry.build import Rings
from schemas.map import Polygon

if TYPE_CHECKING:
    from editor.studio.map.scene import MapScene

GROUPS = ("structures", "supply", "stacks")
"""The groups of symbols that names keep clear of."""
HIDDEN, USUAL, SMALL = 0, 1, 2
"""How a name is shown (the font sizes are :data:`.items.LabelItem.SIZES`)."""


@dataclass
class _Table:
    """Every region's name, ready for choosing."""

    ids: list[str]
    row_of: dict[str, int]
    x: np.ndarray
    y: np.ndarray
    need: np.ndarray
    """The zoom (pixels per map unit) each font needs: one column per font, usual first.
    For a name not measured yet, the least it can need (its height's need)."""
    width: np.ndarray
    """The width of each name's box in each font, in pixels; NaN until measured (the
    names a zoom may show are measured when it first looks at them)."""
    rank: np.ndarray
    """Place in the order names are placed: bigger regions first."""
    order: np.ndarray
    """Rows sorted by the zoom the small font needs..."""
    threshold: np.ndarray
    """... and that zoom, in that order."""
    area: np.ndarray
    """Each region's area (bigger regions' names are placed first)."""
    by_area: np.ndarray
    """Rows by area, biggest first (``rank`` inverted), kept to follow edits."""
    wide: np.ndarray
    tall: np.ndarray
    """Each region's room for its name (see :mod:`.rooms`), to work out ``need`` once a
    name is measured."""
    widths: NameWidths | dict[str, Widths]
    """Where the names not measured yet are measured."""

    @classmethod
    def made(
        cls,
        ids: list[str],
        row_of: dict[str, int],
        x: np.ndarray,
        y: np.ndarray,
        need: np.ndarray,
        width: np.ndarray,
        order: np.ndarray,
        area: np.ndarray,
        by_area: np.ndarray,
        wide: np.ndarray,
        tall: np.ndarray,
        widths: NameWidths | dict[str, Widths],
    ) -> _Table:
        """A table from its columns, ``rank`` and ``threshold`` derived from the orders."""
        threshold = need[order, 1]
        return cls(ids, row_of, x, y, need, width, _ranks(by_area), order, threshold, area,
                   by_area, wide, tall, widths)  # fmt: skip

    @classmethod
    def of(cls, rooms: dict[str, Room], widths: NameWidths | dict[str, Widths]) -> _Table:
        ids = [i for i in rooms if i in widths]
        x, y, wide, tall, area = np.array([rooms[i] for i in ids], dtype=float).reshape(-1, 5).T
        width = known_widths(widths, ids)
        need = _needs(width, wide, tall)
        row_of = dict(zip(ids, range(len(ids)), strict=True))
        by_area = np.lexsort((np.arange(len(area)), -area))
        order = np.argsort(need[:, 1], kind="stable")
        return cls.made(ids, row_of, x, y, need, width, order, area, by_area, wide, tall, widths)

    def changed(
        self, ids: Sequence[str], rooms: dict[str, Room], widths: NameWidths | dict[str, Widths]
    ) -> _Table | None:
        """The table after the rooms or names of regions it holds changed, its rows kept
        (a new table: the old one may be in use); ``None`` when one is not in it."""
        rows = [self.row_of.get(i, -1) for i in ids if i in widths]
        if not rows or min(rows) < 0 or len(rows) != len(ids):
            return None
        at = np.array(rows, dtype=np.int64)
        x, y, area = self.x.copy(), self.y.copy(), self.area.copy()
        wide, tall = self.wide.copy(), self.tall.copy()
        fresh = np.array([rooms[i] for i in ids], dtype=float).reshape(-1, 5)
        x[at], y[at], area[at] = fresh[:, 0], fresh[:, 1], fresh[:, 4]
        wide[at], tall[at] = fresh[:, 2], fresh[:, 3]
        width, need = self.width.copy(), self.need.copy()
        width[at] = known_widths(widths, ids)
        need[at] = _needs(width[at], fresh[:, 2], fresh[:, 3])
        # The orders follow the few rows that moved instead of sorting every row again.
        by_area = _resorted(self.by_area, -area, at)
        order = _resorted(self.order, need[:, 1], at)
        columns = (x, y, need, width, order, area, by_area, wide, tall, widths)
        return _Table.made(self.ids, self.row_of, *columns)

    def _measure(self, rows: np.ndarray) -> None:
        """Measure the names of these rows not measured yet, and sort them again by the zoom
        they now need (never less than before: only a measured width can raise it)."""
        at = rows[np.isnan(self.width[rows, 0])]
        if len(at) == 0:
            return
        found = self.widths.measured([self.ids[row] for row in at.tolist()])
        measured = np.array(found, dtype=float).reshape(-1, 2)
        self.width[at] = measured
        self.need[at] = _needs(measured, self.wide[at], self.tall[at])
        self.order = _resorted(self.order, self.need[:, 1], at)
        self.threshold = self.need[self.order, 1]

    def choose(
        self,
        scale: float,
        symbols: _Symbols,
        groups: tuple[bool, ...],
        preferred: frozenset[str] = frozenset(),
        clashes: Clashes | None = None,
    ) -> tuple[np.ndarray, Clashes | None]:
        """How each name is shown at ``scale`` (:data:`HIDDEN`, :data:`USUAL` or
        :data:`SMALL`, by row), clear of each other and of the ``symbols`` of the groups
        shown (one flag per group of :data:`GROUPS`); the ``preferred`` regions' names (the
        selected ones) are placed first. With it, the overlaps among the names laid out,
        to pass as ``clashes`` to the next choice (only those of names that moved are then
        looked for again)."""
        state = np.zeros(len(self.ids), dtype=np.int8)
        rows = self.order[: int(np.searchsorted(self.threshold, scale, side="right"))]
        if np.isnan(self.width[rows, 0]).any():
            # The names that may fit, measured: those that do not fit after all drop out,
            # and no other can come in (an unmeasured name needs at least its bound).
            self._measure(rows)
            rows = self.order[: int(np.searchsorted(self.threshold, scale, side="right"))]
        if len(rows) == 0:
            return state, None
        rank = self.rank[rows]
        if preferred:
            first = [self.row_of[i] for i in preferred if i in self.row_of]
            rank = np.where(np.isin(rows, first), -1, rank)
        rows = rows[np.argsort(rank, kind="stable")]
        small = self.need[rows, 0] > scale
        width = np.where(small, self.width[rows, 1], self.width[rows, 0])
        height = np.array(LabelItem.heights())[small.astype(int)]
        left = self.x[rows] * scale - width / 2
        top = self.y[rows] * scale + LabelItem.DROP
        box = np.stack([left, top, left + width, top + height], axis=1)
        hidden = symbols.covering(box, rows, self, scale, groups)
        kept = clashes.again(scale, self.ids, rows, box) if clashes is not None else None
        found = (
            kept
            if kept is not None
            else Clashes.found(scale, self.ids, rows, box, overlapping(box, box))
        )
        # Each pair as positions in ``rows``: the first has the bigger region.
        at = np.empty(len(self.ids), dtype=np.int64)
        at[rows] = np.arange(len(rows))
        one, other = at[found.low], at[found.high]
        first, second = np.minimum(one, other), np.maximum(one, other)
        if len(first):
            beaten: dict[int, list[int]] = {}
            for winner, loser in zip(first.tolist(), second.tolist(), strict=True):
                beaten.setdefault(winner, []).append(loser)
            for winner in sorted(beaten):
                if not hidden[winner]:
                    hidden[beaten[winner]] = True
        state[rows[~hidden]] = np.where(small[~hidden], SMALL, USUAL)
        return state, found


def _needs(width: np.ndarray, wide: np.ndarray, tall: np.ndarray) -> np.ndarray:
    """The zoom each name needs in each font, from its widths and its region's room; for a
    name not measured yet (NaN), the least it can need, which its height needs."""
    heights = np.array(LabelItem.heights())
    width = np.nan_to_num(width, nan=0.0)
    with np.errstate(divide="ignore"):
        # A name hangs under its point (by LabelItem.DROP pixels).
        need = np.maximum(
            width / wide[:, None], (LabelItem.DROP + heights[None, :]) / tall[:, None]
        )
    return np.where(np.isfinite(need), need, np.inf)


def _ranks(by_area: np.ndarray) -> np.ndarray:
    """Each row's place in ``by_area``."""
    rank = np.empty(len(by_area), dtype=np.int64)
    rank[by_area] = np.arange(len(by_area))
    return rank


def _resorted(order: np.ndarray, keys: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """``order`` (every row, sorted by its key, equal keys by row) once the keys of ``rows``
    changed to those in ``keys``: the other rows keep their order and the changed ones are
    put back where they now belong (sorting 10,000 rows again cost a few milliseconds at
    each edit of a big map; this costs a copy)."""
    rows = np.unique(rows)
    if len(rows) * 8 > len(order) or np.isnan(keys[rows]).any():
        return np.lexsort((np.arange(len(keys)), keys))
    moved = np.zeros(len(keys), dtype=bool)
    moved[rows] = True
    rest = order[~moved[order]]
    rows = rows[np.lexsort((rows, keys[rows]))]
    rest_keys = keys[rest]
    low = np.searchsorted(rest_keys, keys[rows], side="left")
    high = np.searchsorted(rest_keys, keys[rows], side="right")
    at = [
        int(lo) + int(np.searchsorted(rest[lo:hi], row))
        for lo, hi, row in zip(low.tolist(), high.tolist(), rows.tolist(), strict=True)
    ]
    resorted: np.ndarray = np.insert(rest, at, rows)
    return resorted


_Row = tuple[float, float, float, float, float, float, int, bool]
"""A symbol: its point, its box around it, its group and whether it is in a name's row."""


@dataclass
class _Symbols:
    """The symbols on the map, which names keep clear of. They are drawn at a fixed screen
    size, so each is a map point and a box in pixels around it."""

    x: np.ndarray
    y: np.ndarray
    box: np.ndarray
    """Left, top, right, bottom in pixels from the point. A symbol the map placed in the row
    over its region's name covers both places the row takes, with and without the name."""
    regions: np.ndarray
    """The region of each symbol (ids, an array of objects)."""
    group: np.ndarray
    """Index of each symbol's group in :data:`GROUPS`."""
    in_row: np.ndarray
    """Placed by the map clear of its own region's name (see :mod:`.placement`)."""
    _rows: tuple[dict[str, int], np.ndarray] | None = field(default=None, repr=False)

    @classmethod
    def of(cls, scene: MapScene, cache: dict[str, list[_Row]]) -> _Symbols:
        """The symbols of ``scene``; ``cache`` keeps each region's rows until its symbols
        change (reading a symbol's place from Qt costs microseconds, and a zoomed-in big map
        has thousands)."""
        return cls._gather(scene, cache, scene.markers.in_region)

    @classmethod
    def _gather(
        cls, scene: MapScene, cache: dict[str, list[_Row]], region_ids: Iterable[str]
    ) -> _Symbols:
        table: list[_Row] = []
        regions: list[str] = []
        in_region = scene.markers.in_region
        for region_id in region_ids:
            items = in_region.get(region_id)
            if not items:
                continue
            rows = cache.get(region_id)
            if rows is None:
                rows = cache[region_id] = cls._rows_of(scene, region_id, items)
            table += rows
            regions += [region_id] * len(rows)
        array = np.array(table, dtype=float).reshape(-1, 8)
        group, in_row = array[:, 6].astype(int), array[:, 7].astype(bool)
        owners = np.empty(len(regions), dtype=object)
        owners[:] = regions
        return cls(array[:, 0], array[:, 1], array[:, 2:6], owners, group, in_row)

    def moved(
        self, scene: MapScene, cache: dict[str, list[_Row]], region_ids: set[str]
    ) -> _Symbols:
        """The symbols once those of ``region_ids`` were drawn again: their rows are
        replaced and every other row kept (gathering them all again cost a few
        milliseconds at each edit of a big map)."""
        # Compared in numpy, an edited region at a time: a Python test per symbol cost a
        # few milliseconds at each edit of a big map zoomed in (thousands of symbols).
        keep = np.ones(len(self.x), dtype=bool)
        for region_id in region_ids:
            keep &= self.regions != region_id
        fresh = self._gather(scene, cache, sorted(region_ids))
        joined = _Symbols(
            np.concatenate([self.x[keep], fresh.x]),
            np.concatenate([self.y[keep], fresh.y]),
            np.concatenate([self.box[keep], fresh.box]),
            np.concatenate([self.regions[keep], fresh.regions]),
            np.concatenate([self.group[keep], fresh.group]),
            np.concatenate([self.in_row[keep], fresh.in_row]),
        )
        if self._rows is not None:
            row_of, rows = self._rows
            added = [row_of.get(r, -1) for r in fresh.regions]
            joined._rows = (row_of, np.concatenate([rows[keep], np.array(added, dtype=np.int64)]))
        return joined

    @staticmethod
    def _rows_of(scene: MapScene, region_id: str, items: list[Any]) -> list[_Row]:
        # The box of a symbol in the row over the name comes out the same whether the name
        # is shown or not (see ``box``), so the rows stay true as names come and go; they
        # change only when the region's symbols are drawn again (``symbols_moved``).
        named = scene.regions.names.holds(region_id)
        table: list[_Row] = []
        for item in items:
            point, rect = item.pos(), item.boundingRect()
            top, bottom = rect.top(), rect.bottom()
            if item.in_row:
                # Where it is without the name, stretched up to where the name puts it.
                lift = ROW_ABOVE_NAME if named else 0.0
                top, bottom = top - lift + ROW_ABOVE_NAME, bottom - lift
            group = GROUPS.index(item.kind)
            table.append(
                (
                    point.x(),
                    point.y(),
                    rect.left(),
                    top,
                    rect.right(),
                    bottom,
                    group,
                    item.in_row,
                )
            )
        return table

    @classmethod
    def none(cls) -> _Symbols:
        empty = np.zeros(0)
        return cls(
            empty,
            empty,
            np.zeros((0, 4)),
            empty.astype(object),
            empty.astype(int),
            empty.astype(bool),
        )

    def covering(
        self,
        box: np.ndarray,
        rows: np.ndarray,
        table: _Table,
        scale: float,
        groups: tuple[bool, ...],
    ) -> np.ndarray:
        """Which of the names of ``rows`` of ``table`` (their boxes as rows of ``box``) a
        symbol shown overlaps at ``scale``. A region's name is not in the way of the
        symbols the map placed clear of it."""
        covered = np.zeros(len(rows), dtype=bool)
        keep = np.array(groups, dtype=bool)[self.group]
        if not keep.any():
            return covered
        points = np.stack([self.x, self.y, self.x, self.y], axis=1)[keep] * scale
        names, found = overlapping(box, points + self.box[keep])
        own = (self.rows_in(table)[keep][found] == rows[names]) & self.in_row[keep][found]
        covered[names[~own]] = True
        return covered

    def rows_in(self, table: _Table) -> np.ndarray:
        """The row of each symbol's region in ``table`` (-1 for none)."""
        # Tables that follow edits in place share their rows (``_Table.changed``).
        if self._rows is None or self._rows[0] is not table.row_of:
            rows = np.array([table.row_of.get(r, -1) for r in self.regions], dtype=np.int64)
            self._rows = (table.row_of, rows)
        return self._rows[1]


class NameLayer:
    """Decides which region names a scene shows, and shows them (see the module)."""

    def __init__(self, scene: MapScene) -> None:
        self.scene = scene
        self.rooms: dict[str, Room] = {}
        self.shown: dict[str, bool] = {}
        """Regions whose name is shown at the current zoom, and whether in the small font."""
        self.scale: float | None = None
        """The zoom the names were chosen for (``None``: to be chosen again)."""
        self._groups: tuple[bool, ...] = ()
        """Which groups of symbols were shown when the names were chosen."""
        self._table: _Table | None = None
        self._state: np.ndarray | None = None
        """How each name of the table is shown (see :data:`SMALL`)."""
        self._symbols: _Symbols | None = None
        self._symbol_rows: dict[str, list[_Row]] = {}
        self._symbols_moved: set[str] = set()
        """Regions whose symbols changed since ``_symbols`` was gathered."""
        self._clashes: Clashes | None = None
        """The overlaps among the names laid out at the last choice."""
        self.preferred: frozenset[str] = frozenset()
        """Regions whose names come first (the selected ones: a designer reads what they
        picked)."""

    def prefer(self, region_ids: frozenset[str]) -> None:
        """Place these regions' names first from now on (choose again at the next repaint)."""
        if region_ids != self.preferred:
            self.preferred = region_ids
            self.scale = None

    def clear(self) -> None:
        self.rooms.clear()
        self.shown.clear()
        self.scale, self._table, self._state, self._symbols = None, None, None, None
        self._clashes = None
        self._symbol_rows.clear()
        self._symbols_moved.clear()

    def measure(
        self, ids: list[str], outlines: Sequence[Polygon], rings: Rings | None = None
    ) -> None:
        """Measure the room of these regions around their name points (after they changed);
        ``rings``: their ``outlines``, when already flattened."""
        points = self.scene.regions.name_points
        xy = np.array([points[i].toTuple() for i in ids], dtype=float).reshape(-1, 2)
        rings = rings if rings is not None else Rings.of(outlines)
        changed = []
        for region_id, room in zip(ids, measure_rooms(rings, xy), strict=True):
            if self.rooms.get(region_id) != room:
                self.rooms[region_id] = room
                changed.append(region_id)
        if changed:
            self.stale(changed)

    def forget(self, region_id: str) -> None:
        if self.rooms.pop(region_id, None) is not None:
            self.shown.pop(region_id, None)
            self.stale()

    def stale(self, region_ids: Sequence[str] | None = None) -> None:
        """Names, regions or name points changed (of ``region_ids``, or any): choose again at
        the next repaint. The table of names follows a few regions' changes in place (built
        again, it costs 15 ms on a 10,000-region map)."""
        table = None
        if self._table is not None and region_ids is not None:
            table = self._table.changed(region_ids, self.rooms, self.scene.regions.widths)
        if table is None:
            self._state = None
        self._table, self.scale = table, None

    def symbols_moved(self, region_ids: Sequence[str] | None = None) -> None:
        """Symbols came, went or moved (in ``region_ids``, or anywhere): choose again at the
        next repaint."""
        if region_ids is None:
            self._symbol_rows.clear()
            self._symbols = None
        else:
            for region_id in region_ids:
                self._symbol_rows.pop(region_id, None)
            self._symbols_moved.update(region_ids)
        self.scale = None

    def holds(self, region_id: str) -> bool:
        """Whether a region's name is shown (so symbols placed by the map keep clear)."""
        return region_id in self.shown

    def show_at(self, scale: float) -> None:
        """Show the names that fit at ``scale`` (pixels per map unit); nothing to do when
        neither the zoom, the names nor the symbols shown changed since the last time."""
        groups = tuple(self.scene.group_shown(group) for group in GROUPS)
        if (scale == self.scale and groups == self._groups) or scale <= 0:
            return
        self.scale, self._groups = scale, groups
        # Tens of thousands of small objects made beside a loaded scenario's million: the
        # collector would scan them all, for nothing to collect.
        with gc_paused():
            self._choose(scale, groups)

    def _choose(self, scale: float, groups: tuple[bool, ...]) -> None:
        table = self._table
        if table is None:
            table = self._table = _Table.of(self.rooms, self.scene.regions.widths)
        before = self._state
        if before is None:
            before = np.zeros(len(table.ids), dtype=np.int8)
            for region_id, small in list(self.shown.items()):
                row = table.row_of.get(region_id)
                if row is not None:
                    before[row] = SMALL if small else USUAL
                else:  # not a region any more
                    del self.shown[region_id]
        if any(groups):
            if self._symbols is None:
                self._symbols = _Symbols.of(self.scene, self._symbol_rows)
            elif self._symbols_moved:
                self._symbols = self._symbols.moved(
                    self.scene, self._symbol_rows, self._symbols_moved
                )
            self._symbols_moved.clear()
            symbols = self._symbols
        else:
            symbols = _Symbols.none()  # not even gathered: a big map zoomed out
        after, self._clashes = table.choose(scale, symbols, groups, self.preferred, self._clashes)
        self._state = after
        self._apply(table, before, after)

    def _apply(self, table: _Table, before: np.ndarray, after: np.ndarray) -> None:
        """Show, hide or change the names whose state changed (only they are visited)."""
        scene, regions = self.scene, self.scene.regions
        gained: list[str] = []
        lost: list[str] = []
        for row in np.flatnonzero(before != after).tolist():
            region_id, state = table.ids[row], int(after[row])
            label = regions.labels.get(region_id)
            if (
                label is None
                and state != HIDDEN
                and scene.near_view(regions.name_points[region_id])
            ):
                label = regions.label(region_id)
            if state == HIDDEN:
                del self.shown[region_id]
                lost.append(region_id)
            else:
                self.shown[region_id] = state == SMALL
                if label is not None:
                    label.set_small(state == SMALL)
                if before[row] != HIDDEN:
                    continue
                gained.append(region_id)
            if label is not None:  # the others are made when the view comes near
                scene.place(label, "labels")
        scene.markers.names_moved(gained=gained, lost=lost)

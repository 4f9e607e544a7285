"""Edits of a hex map, without Qt: each returns a new :class:`~schemas.hexmap.HexMap`.

The studio's hex tools (the terrain brush, the line tool, the hexside editor, the hex
inspector) change a hex map only through these functions, and the document swaps the whole
``hex_map`` section for the result as one undo step; undo puts the very object back, so an
undone stroke gives the file back byte for byte. An edit that changes nothing returns the
map it was given (the same object), so the studio pushes no empty step.

What is written stays compact and stable:

- a per-hex layer (terrain, owners, areas) is written again as runs along rows from its
  per-hex values, its keys in the order they had (new ones after them), so painting a few
  hexes changes a few runs;
- hexside features and bridges keep their listings in the order they had; cleared ones are
  taken out, new ones appended in the grid's own order;
- a road drawn from the end of a path of its kind continues that path; erasing splits paths.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from itertools import pairwise
from typing import Any, Literal

import numpy as np

from ..hexmap import HexMap, HexRecord
from .decode import Decoded, decode
from .grid import SQRT3, HexGrid

LayerName = Literal["terrain", "owners", "areas", "setup_zones", "fixed_zones"]
LAYERS: tuple[LayerName, ...] = ("terrain", "owners", "areas", "setup_zones", "fixed_zones")
"""The per-hex facts written as runs, which the brush paints."""


def layer_values(hex_map: HexMap, layer: LayerName, decoded: Decoded) -> list[str | None]:
    """The value of every hex in a layer: its terrain id (the base terrain where no run lists
    it), or its owner or area id (``None``: nobody's, no area)."""
    part = getattr(decoded, layer)
    default = hex_map.base_terrain if layer == "terrain" else None
    table = np.array([*part.keys, default], dtype=object)
    values: list[str | None] = table[part.code].tolist()
    return values


def runs_of(grid: HexGrid, values: Sequence[str | None], skip: str | None) -> dict[str, list[str]]:
    """Per value, the runs of hexes along rows holding it (``skip`` and ``None`` left out),
    values in order of first appearance."""
    codes = {v: k for k, v in enumerate(dict.fromkeys(values))}
    array = np.fromiter((codes[v] for v in values), dtype=np.int64, count=len(values))
    keys = list(codes)
    columns = grid.columns
    table = array.reshape(grid.rows, columns)
    # A run starts where a row starts or its value changes.
    starts = np.ones(table.shape, dtype=bool)
    starts[:, 1:] = table[:, 1:] != table[:, :-1]
    flat_starts = np.flatnonzero(starts.ravel())
    ends = np.append(flat_starts[1:], grid.count)
    # A run never crosses a row's end: the start of each row is a start.
    out: dict[str, list[str]] = {}
    for start, end, code in zip(
        flat_starts.tolist(), ends.tolist(), array[flat_starts].tolist(), strict=True
    ):
        value = keys[code]
        if value is None or value == skip:
            continue
        row, column = divmod(start, columns)
        count = end - start
        out.setdefault(value, []).append(
            f"c{column + 1}r{row + 1}" + (f"*{count}" if count > 1 else "")
        )
    return out


def paint(
    hex_map: HexMap,
    layer: LayerName,
    hexes: Iterable[int],
    value: str | None,
    grid: HexGrid | None = None,
    decoded: Decoded | None = None,
) -> HexMap:
    """The map with ``hexes`` (indices) given ``value`` in ``layer`` (``None``: no owner, no
    area, no zone; not allowed for terrain)."""
    if layer == "terrain" and value is None:
        raise ValueError("every hex has a terrain: choose one to paint")
    grid = grid or HexGrid.of(hex_map)
    decoded = decoded or decode(hex_map, grid)
    values = layer_values(hex_map, layer, decoded)
    changed = False
    for index in hexes:
        if values[index] != value:
            values[index] = value
            changed = True
    if not changed:
        return hex_map
    skip = hex_map.base_terrain if layer == "terrain" else None
    found = runs_of(grid, values, skip)
    before: dict[str, list[str]] = getattr(hex_map, layer)
    ordered = {k: found[k] for k in before if k in found}
    ordered.update({k: v for k, v in found.items() if k not in ordered})
    return hex_map.model_copy(update={layer: ordered})


def flood_region(
    hex_map: HexMap, layer: LayerName, start: int, grid: HexGrid, decoded: Decoded
) -> np.ndarray:
    """The hexes joined to ``start`` through hexes with the same value in ``layer``."""
    from .lines import flood

    values = layer_values(hex_map, layer, decoded)
    codes = {v: k for k, v in enumerate(dict.fromkeys(values))}
    array = np.fromiter((codes[v] for v in values), dtype=np.int64, count=len(values))
    return flood(grid, start, array == array[start])


# -- hexsides ------------------------------------------------------------------------------------


def hexside_near(grid: HexGrid, x: float, y: float) -> tuple[int, int, float]:
    """The hex under a map point, the hexside of it the point is nearest (``-1`` on the map's
    edge or off the map) and how far towards that side the point lies (0 at the centre, 1 on
    the side)."""
    index = int(grid.hex_at(x, y))
    if index < 0:
        return -1, -1, 0.0
    cx, cy = grid.centres(np.array([index]))[0].tolist()
    dx, dy = x - cx, y - cy
    angle = math.degrees(math.atan2(dy, dx))
    first = -90.0 if grid.orientation == "flat" else -60.0  # the direction numbered 0
    direction = round((angle - first) / 60.0) % 6
    towards = first + 60.0 * direction
    along = dx * math.cos(math.radians(towards)) + dy * math.sin(math.radians(towards))
    apothem = grid.size * SQRT3 / 2
    side = int(grid.hexsides.side_of[index, direction])
    return index, side, max(0.0, along / apothem)


def _number(grid: HexGrid, text: str) -> int | None:
    first, _, second = text.partition("-")
    a, b = grid.find(first), grid.find(second)
    return grid.hexside(a, b) if a is not None and b is not None else None


def set_hexsides(
    hex_map: HexMap, numbers: Iterable[int], kind: str | None, grid: HexGrid | None = None
) -> HexMap:
    """The map with hexsides ``numbers`` given the feature ``kind`` (a connection type id),
    or none (``None``). A hexside has one feature: setting one replaces the other."""
    grid = grid or HexGrid.of(hex_map)
    wanted = set(numbers)
    if not wanted:
        return hex_map
    out: dict[str, list[str]] = {}
    have: set[int] = set()
    changed = False
    for key, listed in hex_map.hexsides.items():
        kept = []
        for text in listed:
            number = _number(grid, text)
            if number in wanted and key != kind:
                changed = True
                continue
            if number in wanted:
                have.add(number)
            kept.append(text)
        if kept:
            out[key] = kept
        else:
            changed = True
    if kind is not None:
        new = sorted(wanted - have)
        if new:
            out.setdefault(kind, []).extend(grid.hexside_id(n) for n in new)
            changed = True
    if not changed:
        return hex_map
    return hex_map.model_copy(update={"hexsides": out})


def set_bridges(
    hex_map: HexMap, numbers: Iterable[int], on: bool, grid: HexGrid | None = None
) -> HexMap:
    """The map with a bridge over each of ``numbers`` (``on``) or none."""
    return _set_marked(hex_map, "bridges", numbers, on, grid)


def set_crossing_sites(
    hex_map: HexMap, numbers: Iterable[int], on: bool, grid: HexGrid | None = None
) -> HexMap:
    """OH11: the map with a crossing site marked on each of ``numbers`` (``on``) or none."""
    return _set_marked(hex_map, "crossing_sites", numbers, on, grid)


def _set_marked(
    hex_map: HexMap, part: str, numbers: Iterable[int], on: bool, grid: HexGrid | None
) -> HexMap:
    grid = grid or HexGrid.of(hex_map)
    wanted = set(numbers)
    old: list[str] = getattr(hex_map, part)
    listed = {(_number(grid, t)): t for t in old}
    if on:
        new = sorted(wanted - listed.keys())
        if not new:
            return hex_map
        marked = [*old, *(grid.hexside_id(n) for n in new)]
    else:
        marked = [t for t in old if _number(grid, t) not in wanted]
        if len(marked) == len(old):
            return hex_map
    return hex_map.model_copy(update={part: marked})


def has_crossing_site(hex_map: HexMap, number: int, grid: HexGrid) -> bool:
    """OH11: whether a crossing site is marked on the hexside ``number``."""
    return any(_number(grid, t) == number for t in hex_map.crossing_sites)


def hexside_features(hex_map: HexMap, number: int, grid: HexGrid) -> tuple[str | None, bool]:
    """A hexside's feature (connection type id, ``None`` for a plain one) and whether a
    bridge crosses it."""
    kind = next(
        (k for k, listed in hex_map.hexsides.items() for t in listed if _number(grid, t) == number),
        None,
    )
    return kind, any(_number(grid, t) == number for t in hex_map.bridges)


# -- roads and railways ------------------------------------------------------------------------


def add_path(hex_map: HexMap, kind: str, hexes: Sequence[int], grid: HexGrid) -> HexMap:
    """The map with a trail, road or railway along ``hexes`` (neighbours in order). A path
    that starts or ends where one of its kind ends continues that one."""
    if len(hexes) < 2:
        return hex_map
    ids = [grid.ids[i] for i in hexes]
    paths = list(hex_map.roads.get(kind, []))  # type: ignore[call-overload]
    for k, text in enumerate(paths):
        old = text.split()
        if old[-1] == ids[0]:
            paths[k] = " ".join([*old, *ids[1:]])
            break
        if old[-1] == ids[-1]:
            paths[k] = " ".join([*old, *reversed(ids[:-1])])
            break
    else:
        paths.append(" ".join(ids))
    roads: dict[str, list[str]] = dict(hex_map.roads.items())
    roads[kind] = paths
    return hex_map.model_copy(update={"roads": _ordered_roads(roads)})


def erase_path(hex_map: HexMap, hexes: Sequence[int], grid: HexGrid) -> HexMap:
    """The map without any trail, road or railway step between consecutive ``hexes``; paths
    are split where a step goes, and a single hex left over from a split goes with it."""
    ids = [grid.ids[i] for i in hexes]
    steps = {frozenset(p) for p in pairwise(ids)}
    on_line = set(ids)
    roads: dict[str, list[str]] = {}
    changed = False
    for kind, paths in hex_map.roads.items():
        kept: list[str] = []
        for text in paths:
            old = text.split()
            if len(old) == 1:
                if old[0] in on_line and len(ids) == 1:
                    changed = True
                    continue
                kept.append(text)
                continue
            pieces: list[list[str]] = [[old[0]]]
            for a, b in pairwise(old):
                if frozenset((a, b)) in steps:
                    pieces.append([b])
                    changed = True
                else:
                    pieces[-1].append(b)
            kept.extend(" ".join(p) for p in pieces if len(p) > 1 or len(pieces) == 1)
        if kept:
            roads[kind] = kept
    if not changed:
        return hex_map
    return hex_map.model_copy(update={"roads": _ordered_roads(roads)})


def _ordered_roads(roads: dict[str, list[str]]) -> dict[str, list[str]]:
    return {k: roads[k] for k in ("trail", "road", "rail") if roads.get(k)}


# -- hex records -----------------------------------------------------------------------------------


def record_of(hex_map: HexMap, hex_id: str) -> HexRecord:
    """A hex's record, or an empty one (all defaults) when it has none."""
    found = next((r for r in hex_map.hexes if r.hex == hex_id), None)
    return found if found is not None else HexRecord(hex=hex_id)


def set_record(hex_map: HexMap, record: HexRecord) -> HexMap:
    """The map with ``record`` as its hex's record; a record left with every default is
    taken out (the hex then needs none)."""
    empty = record == HexRecord(hex=record.hex)
    hexes = list(hex_map.hexes)
    position = next((k for k, r in enumerate(hexes) if r.hex == record.hex), None)
    if position is None:
        if empty:
            return hex_map
        hexes.append(record)
    elif hexes[position] == record:
        return hex_map
    elif empty:
        del hexes[position]
    else:
        hexes[position] = record
    return hex_map.model_copy(update={"hexes": hexes})


def with_record_field(hex_map: HexMap, hex_id: str, name: str, value: Any) -> HexMap:
    """The map with one field of a hex's record set (validated by the record's model)."""
    old = record_of(hex_map, hex_id)
    data = old.model_dump()
    data[name] = value
    return set_record(hex_map, HexRecord.model_validate(data))

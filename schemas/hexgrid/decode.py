"""Reading a :class:`~schemas.hexmap.HexMap` into per-hex and per-hexside arrays.

Decoding never fails: a run off the grid, a hex listed twice, two hexes that are not
neighbours named as a hexside, a road that jumps are each an :class:`~schemas.issues.Issue` at
the JSON pointer of the bad item, and the rest of the map is read as well as it can be (the
first listing of a hex wins, the bad item is left out). Each array also remembers where in the
file its values came from, so that a check about a hex or a hexside can point into the
compact encoding (see :meth:`schemas.places.HexPlaces.region_pointer`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from ..hexmap import HexMap
from ..issues import Issue, make_issue, pointer
from .grid import HexGrid, parse_hex_id

_RUN = re.compile(r"c([0-9]+)r([0-9]+)(?:\*([0-9]+))?")

NETWORK_LEVELS = ("none", "trail", "road", "rail")
"""A hex's network as a number: its position here."""


@dataclass
class Layer:
    """One per-hex fact given as runs (terrain, owner, area, setup or fixed zone)."""

    keys: list[str]
    """The value of each code: the terrain, nation or area id."""
    code: np.ndarray
    """Per hex: index into ``keys``, ``-1`` for the layer's default."""
    source: np.ndarray
    """Per hex: the run that set it (an index into ``runs``), ``-1`` for none."""
    runs: list[tuple[str, int]] = field(default_factory=list)
    """Each run as (key, position in the key's list)."""


@dataclass
class Decoded:
    """A hex map read into arrays over the grid's hexes and hexsides."""

    grid: HexGrid
    terrain: Layer
    owners: Layer
    areas: Layer
    setup_zones: Layer
    """OT1: each hex's setup zone (keyed by side)."""
    fixed_zones: Layer
    """OM20: each hex's fixed zone."""
    record_of: np.ndarray
    """Per hex: its hex record (an index into ``hex_map.hexes``), ``-1`` for none."""
    network: np.ndarray
    """Per hex: its network level (see :data:`NETWORK_LEVELS`)."""
    network_source: np.ndarray
    """Per hex: the path that gave it its network (an index into ``path_items``)."""
    side_type: np.ndarray
    """Per hexside: index into ``side_keys``, ``-1`` for a plain hexside."""
    side_source: np.ndarray
    """Per hexside: position of its listing under its type, ``-1`` for none."""
    side_keys: list[str]
    bridge_source: np.ndarray
    """Per hexside: position in ``bridges``, ``-1`` without a bridge."""
    crossing_source: np.ndarray
    """Per hexside: position in ``crossing_sites``, ``-1`` where none is marked (OH11)."""
    road: np.ndarray
    rail: np.ndarray
    road_source: np.ndarray
    """Per hexside: the path that crossed it first with a road or railway."""
    path_items: list[tuple[str, int]]
    """Paths referred to above: (network kind, position in its list)."""
    issues: list[Issue]


def decode(
    hex_map: HexMap,
    grid: HexGrid | None = None,
    previous: tuple[HexMap, Decoded] | None = None,
) -> Decoded:
    """Arrays of a hex map, and the problems of its encoding.

    ``previous``: an earlier map of the same grid and its arrays. The parts of the map that
    are the very same objects there (an edit copies the map with one part replaced, so a
    brush stroke leaves the hexsides, roads and other layers untouched) are taken from it
    instead of being read again; only when that map had no problem, so that the problems
    found are always every problem of the map."""
    grid = grid or HexGrid.of(hex_map)
    issues: list[Issue] = []
    usable = previous is not None and not previous[1].issues and previous[1].grid == grid
    old_map, old = previous if usable and previous is not None else (None, None)

    def same(part: str) -> bool:
        return old_map is not None and getattr(old_map, part) is getattr(hex_map, part)

    terrain = old.terrain if old and same("terrain") else None
    terrain = terrain or _layer(grid, "terrain", hex_map.terrain, issues, "terrain")
    owners = old.owners if old and same("owners") else None
    owners = owners or _layer(grid, "owners", hex_map.owners, issues, "owner")
    areas = old.areas if old and same("areas") else None
    areas = areas or _layer(grid, "areas", hex_map.areas, issues, "area")
    setup = old.setup_zones if old and same("setup_zones") else None
    setup = setup or _layer(grid, "setup_zones", hex_map.setup_zones, issues, "setup zone")
    fixed = old.fixed_zones if old and same("fixed_zones") else None
    fixed = fixed or _layer(grid, "fixed_zones", hex_map.fixed_zones, issues, "fixed zone")
    record_of = old.record_of if old and same("hexes") else _records(grid, hex_map, issues)
    if old and same("hexsides"):
        side_type, side_source, side_keys = old.side_type, old.side_source, old.side_keys
    else:
        side_type, side_source, side_keys = _hexsides(grid, hex_map, issues)
    if old and same("bridges"):
        bridge_source = old.bridge_source
    else:
        bridge_source = _marked(grid, hex_map.bridges, "bridges", "a bridge", issues)
    if old and same("crossing_sites"):
        crossing_source = old.crossing_source
    else:
        crossing_source = _marked(
            grid, hex_map.crossing_sites, "crossing_sites", "a crossing site", issues
        )
    if old and same("roads"):
        network, network_source = old.network, old.network_source
        road, rail, road_source, items = old.road, old.rail, old.road_source, old.path_items
    else:
        network, network_source, road, rail, road_source, items = _roads(grid, hex_map, issues)
    return Decoded(
        grid,
        terrain,
        owners,
        areas,
        setup,
        fixed,
        record_of,
        network,
        network_source,
        side_type,
        side_source,
        side_keys,
        bridge_source,
        crossing_source,
        road,
        rail,
        road_source,
        items,
        issues,
    )


def _records(grid: HexGrid, hex_map: HexMap, issues: list[Issue]) -> np.ndarray:
    record_of = np.full(grid.count, -1, dtype=np.int64)
    for k, record in enumerate(hex_map.hexes):
        index = _hex(grid, record.hex, ("hex_map", "hexes", k, "hex"), issues)
        if index is None:
            continue
        if record_of[index] >= 0:
            issues.append(
                make_issue(
                    "hex-listed-twice",
                    pointer("hex_map", "hexes", k, "hex"),
                    f"hex {record.hex} already has a record (hexes #{record_of[index] + 1}); "
                    "this one is ignored",
                    record.hex,
                )
            )
            continue
        record_of[index] = k
    return record_of


def _hexsides(
    grid: HexGrid, hex_map: HexMap, issues: list[Issue]
) -> tuple[np.ndarray, np.ndarray, list[str]]:
    side_count = len(grid.hexsides)
    side_type = np.full(side_count, -1, dtype=np.int64)
    side_source = np.full(side_count, -1, dtype=np.int64)
    side_keys = list(hex_map.hexsides)
    for code, (kind, listed) in enumerate(hex_map.hexsides.items()):
        for k, text in enumerate(listed):
            where: tuple[str | int, ...] = ("hex_map", "hexsides", kind, k)
            number = _hexside(grid, text, where, issues)
            if number is None:
                continue
            if side_type[number] >= 0:
                first = side_keys[side_type[number]]
                issues.append(
                    make_issue(
                        "hexside-listed-twice",
                        pointer(*where),
                        f"hexside {text} is already listed as {first} (#{side_source[number] + 1}"
                        "); a hexside has one feature type, so this listing is ignored",
                        text,
                    )
                )
                continue
            side_type[number] = code
            side_source[number] = k
    return side_type, side_source, side_keys


def _marked(
    grid: HexGrid, listed: list[str], part: str, what: str, issues: list[Issue]
) -> np.ndarray:
    """Per hexside: its position in a list of marked hexsides (bridges, crossing sites)."""
    side_count = len(grid.hexsides)
    bridge_source = np.full(side_count, -1, dtype=np.int64)
    for k, text in enumerate(listed):
        where = ("hex_map", part, k)
        number = _hexside(grid, text, where, issues)
        if number is None:
            continue
        if bridge_source[number] >= 0:
            issues.append(
                make_issue(
                    "hexside-listed-twice",
                    pointer(*where),
                    f"hexside {text} already has {what} (#{bridge_source[number] + 1})",
                    text,
                )
            )
            continue
        bridge_source[number] = k
    return bridge_source


def _roads(
    grid: HexGrid, hex_map: HexMap, issues: list[Issue]
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, list[tuple[str, int]]]:
    side_count = len(grid.hexsides)
    network = np.zeros(grid.count, dtype=np.int8)
    network_source = np.full(grid.count, -1, dtype=np.int64)
    road = np.zeros(side_count, dtype=bool)
    rail = np.zeros(side_count, dtype=bool)
    road_source = np.full(side_count, -1, dtype=np.int64)
    items: list[tuple[str, int]] = []
    for kind, paths in hex_map.roads.items():
        level = NETWORK_LEVELS.index(kind)
        for p, path in enumerate(paths):
            where = ("hex_map", "roads", kind, p)
            items.append((kind, p))
            item = len(items) - 1
            previous: int | None = None
            for position, text in enumerate(path.split()):
                index = grid.find(text)
                if index is None:
                    issues.append(
                        _outside(grid, text, where, f" (hex {position + 1} of this {kind})")
                    )
                    previous = None
                    continue
                if network[index] < level:
                    network[index] = level
                    network_source[index] = item
                if previous is not None and previous != index:
                    number = grid.hexside(previous, index)
                    if number is None:
                        issues.append(
                            make_issue(
                                "hex-path-gap",
                                pointer(*where),
                                f"this {kind} jumps from {grid.ids[previous]} to {text} (hex "
                                f"{position + 1}), which are not neighbours",
                                text,
                            )
                        )
                    elif kind != "trail":
                        (rail if kind == "rail" else road)[number] = True
                        if road_source[number] < 0:
                            road_source[number] = item
                previous = index
    return network, network_source, road, rail, road_source, items


def _layer(
    grid: HexGrid, name: str, runs: dict[str, list[str]], issues: list[Issue], what: str
) -> Layer:
    layer = Layer(
        list(runs), np.full(grid.count, -1, dtype=np.int64), np.full(grid.count, -1, np.int64)
    )
    columns, rows = grid.columns, grid.rows
    codes, starts, lengths = [], [], []
    for code, (key, listed) in enumerate(runs.items()):
        for k, text in enumerate(listed):
            found = _RUN.fullmatch(text)
            if found is None:  # the format's pattern refuses these; kept for safety
                continue
            column, row = int(found.group(1)) - 1, int(found.group(2)) - 1
            count = int(found.group(3) or 1)
            where = ("hex_map", name, key, k)
            if not (0 <= column < columns and 0 <= row < rows):
                issues.append(_outside(grid, text.split("*")[0], where))
                continue
            if column + count > columns:
                issues.append(
                    make_issue(
                        "hex-outside-grid",
                        pointer(*where),
                        f"the run {text} goes past the end of row {row + 1} ({columns} "
                        f"columns); it stops there",
                        text,
                    )
                )
                count = columns - column
            layer.runs.append((key, k))
            codes.append(code)
            starts.append(row * columns + column)
            lengths.append(count)
    if not layer.runs:
        return layer
    # Every run's hexes at once: a hex listed by several runs takes the first (file order).
    length = np.array(lengths, dtype=np.int64)
    run_of = np.repeat(np.arange(len(length)), length)
    ends = np.cumsum(length)
    hexes = np.repeat(np.array(starts, dtype=np.int64), length) + (
        np.arange(ends[-1]) - np.repeat(ends - length, length)
    )
    _, first = np.unique(hexes, return_index=True)
    layer.code[hexes[first]] = np.array(codes, dtype=np.int64)[run_of[first]]
    layer.source[hexes[first]] = run_of[first]
    if len(first) == len(hexes):
        return layer
    again = np.ones(len(hexes), dtype=bool)
    again[first] = False
    for run in np.unique(run_of[again]).tolist():
        repeated = hexes[again & (run_of == run)]
        hex_index = int(repeated[0])
        earlier, _ = layer.runs[layer.source[hex_index]]
        more = len(repeated) - 1
        issues.append(
            make_issue(
                "hex-listed-twice",
                pointer("hex_map", name, *layer.runs[run]),
                f"hex {grid.ids[hex_index]} already has {what} '{earlier}'"
                + (f" (and {more} more of this run)" if more else "")
                + "; the first listing counts",
                grid.ids[hex_index],
            )
        )
    return layer


def _outside(grid: HexGrid, text: str, where: tuple[str | int, ...], which: str = "") -> Issue:
    return make_issue(
        "hex-outside-grid",
        pointer(*where),
        f"there is no hex {text}{which}: the grid has {grid.columns} columns and {grid.rows} rows",
        text,
    )


def _hex(grid: HexGrid, text: str, where: tuple[str | int, ...], issues: list[Issue]) -> int | None:
    index = grid.find(text)
    if index is None and parse_hex_id(text) is not None:
        issues.append(_outside(grid, text, where))
    return index


def _hexside(
    grid: HexGrid, text: str, where: tuple[str | int, ...], issues: list[Issue]
) -> int | None:
    first, second = text.split("-")
    a = _hex(grid, first, where, issues)
    b = _hex(grid, second, where, issues) if a is not None else None
    if a is None or b is None:
        return None
    number = grid.hexside(a, b)
    if number is None:
        issues.append(
            make_issue(
                "hexside-not-adjacent",
                pointer(*where),
                f"{first} and {second} are not neighbours, so they share no hexside",
                text,
            )
        )
    return number

"""Procedural hex scenarios: the generator's land, places and forces on a hex grid.

The hexes stand in for the Voronoi cells (same stages, same streams of randomness, hexes
about as large as cells), and the result is written the compact way: terrain, owners and
areas as runs of hexes, rivers as hexsides, roads and railways as paths. Deterministic: the
same arguments give the same file, byte for byte.
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import shapely

from ..collector import gc_paused
from ..hexgrid.grid import HexGrid, Orientation
from ..hexmap import MAX_HEXES, hexside_connection_types
from ..scenario import Scenario
from ..terrain import default_connection_types
from .build import populate, reachable_victory_level, scenario_json
from .tessellation import CELL_SIZE, Tessellation
from .world import JSON, MAIN_NATION, World

HEX_SIZE = round(math.sqrt(2 * CELL_SIZE * CELL_SIZE / (3 * math.sqrt(3))), 1)
"""Side of a generated hex: its area is that of a generated cell (``CELL_SIZE`` squared)."""
MIN_SIDE = 4
"""Fewest columns or rows: room for two sides, a coast and their towns."""
MIN_HEXES = 48


def _check(columns: int, rows: int, seed: int) -> None:
    for name, value in (("columns", columns), ("rows", rows), ("seed", seed)):
        if isinstance(value, bool) or not isinstance(value, int | np.integer):
            raise TypeError(f"{name} must be a whole number, not {value!r}")
    if columns < MIN_SIDE or rows < MIN_SIDE or columns * rows < MIN_HEXES:
        raise ValueError(
            f"a generated hex map needs at least {MIN_SIDE} columns, {MIN_SIDE} rows and "
            f"{MIN_HEXES} hexes (two sides, a coast and their towns); {columns} x {rows} is "
            "too small"
        )
    if columns * rows > MAX_HEXES:
        raise ValueError(
            f"a hex map holds at most {MAX_HEXES} hexes; {columns} x {rows} is too many"
        )
    if seed < 0:
        raise ValueError(f"the seed must be zero or positive, not {seed}")


def hex_cells(grid: HexGrid) -> Tessellation:
    """The hexes of ``grid`` as the generator's cells (its frame from (0, 0) to the grid's
    far corner)."""
    corners = grid.corners()
    polygons = shapely.polygons(corners)
    x0, y0, x1, y1 = grid.bounds()
    bounds = np.column_stack([corners.min(axis=1), corners.max(axis=1)])
    # Hexes of the outer columns and rows touch the frame, though half of them stop short of
    # it on a ragged edge: the stages read "touches the edge" from the bounds.
    column, row = grid.column_row(np.arange(grid.count))
    bounds[column == 0, 0] = x0
    bounds[row == 0, 1] = y0
    bounds[column == grid.columns - 1, 2] = x1
    bounds[row == grid.rows - 1, 3] = y1
    sides = grid.hexsides
    return Tessellation(
        width=x1 - x0,
        height=y1 - y0,
        polygons=polygons,
        rings=[],
        centroids=grid.centres(),
        bounds=bounds,
        left=sides.left,
        right=sides.right,
        border=np.full(len(sides), grid.size),
    )


def generate_hex_scenario(
    columns: int, rows: int, seed: int, orientation: Orientation = "flat"
) -> Scenario:
    """A complete, valid scenario on a hex map of ``columns`` x ``rows`` hexes.

    Raises :class:`ValueError` for a grid too small to hold two sides (see ``MIN_SIDE``,
    ``MIN_HEXES``), more than ``MAX_HEXES`` hexes, or a negative seed.
    """
    _check(columns, rows, seed)
    columns, rows, seed = int(columns), int(rows), int(seed)
    probe = HexGrid(orientation, HEX_SIZE, (0.0, 0.0), columns, rows, "odd")
    x0, y0, _, _ = probe.bounds()
    grid = HexGrid(orientation, HEX_SIZE, (-x0, -y0), columns, rows, "odd")
    streams = np.random.SeedSequence(seed).spawn(4)
    world, forces = populate(hex_cells(grid), seed, streams, ids=list(grid.ids))
    raw = scenario_json(world, forces, _info(world, columns, rows))
    raw["connection_types"] = [
        t.model_dump() for t in [*default_connection_types(), *hexside_connection_types()]
    ]
    raw["hex_map"] = _hex_map(world, grid)
    with gc_paused():
        scenario = Scenario.model_validate(raw)
    return reachable_victory_level(scenario)


def _info(world: World, columns: int, rows: int) -> JSON:
    west, east = world.nation_names
    count = columns * rows
    return {
        "title": f"{west} against {east}",
        "author": "Salient scenario generator",
        "description": (
            f"A generated campaign on a map of {columns} x {rows} hexes (seed {world.seed}): "
            "two powers meet along a wavering front, with a sea coast to the south, rivers "
            "running down to it and a neutral world watching. A starting point for designers, "
            "not a finished game."
        ),
        "playing_time": f"about {2 + count // 100} hours",
    }


def runs(grid: HexGrid, values: list[str | None], skip: str | None) -> dict[str, list[str]]:
    """Per value, the runs of hexes along rows that hold it (``skip`` and ``None`` left out),
    values in order of first appearance."""
    out: dict[str, list[str]] = {}
    columns = grid.columns
    for row in range(grid.rows):
        line = values[row * columns : (row + 1) * columns]
        column = 0
        while column < columns:
            value = line[column]
            end = column + 1
            while end < columns and line[end] == value:
                end += 1
            if value is not None and value != skip:
                count = end - column
                run = f"c{column + 1}r{row + 1}" + (f"*{count}" if count > 1 else "")
                out.setdefault(value, []).append(run)
            column = end
    return out


def paths(edges: list[tuple[int, int]]) -> list[list[int]]:
    """The edges of a graph as few paths as a greedy walk finds, each edge used once: walks
    start at nodes of odd degree (where a path must end), then anywhere on what is left."""
    around: dict[int, list[int]] = {}
    for a, b in edges:
        around.setdefault(a, []).append(b)
        around.setdefault(b, []).append(a)
    used: set[tuple[int, int]] = set()
    out: list[list[int]] = []
    starts = sorted(n for n, nbs in around.items() if len(nbs) % 2) + sorted(around)
    for start in starts:
        while True:
            path = [start]
            node = start
            while True:
                step = next(
                    (n for n in around[node] if (min(node, n), max(node, n)) not in used), None
                )
                if step is None:
                    break
                used.add((min(node, step), max(node, step)))
                path.append(step)
                node = step
            if len(path) == 1:
                break
            out.append(path)
    return out


def _network_paths(world: World, grid: HexGrid) -> dict[str, list[str]]:
    sides = grid.hexsides
    ids = grid.ids
    level = {"none": 0, "trail": 1, "road": 2, "rail": 3}
    network = [level[n] for n in world.network.tolist()]
    covered = [0] * grid.count
    out: dict[str, list[str]] = {}
    for kind, flags in (("rail", world.rail), ("road", world.road)):
        chosen = np.flatnonzero(flags)
        edges = list(zip(sides.left[chosen].tolist(), sides.right[chosen].tolist(), strict=True))
        found = paths(edges)
        for path in found:
            for hex_index in path:
                covered[hex_index] = max(covered[hex_index], level[kind])
        alone = [i for i, n in enumerate(network) if n == level[kind] and covered[i] < n]
        for i in alone:
            covered[i] = level[kind]
        found += [[i] for i in alone]
        if found:
            out[kind] = [" ".join(ids[i] for i in path) for path in found]
    # Trails: the hexes with a trail and no road, chained through neighbouring ones.
    trail = np.array([n == 1 and covered[i] < 1 for i, n in enumerate(network)], dtype=bool)
    both = trail[sides.left] & trail[sides.right]
    # A spanning forest of the trail hexes is enough: a trail links nothing, it only marks
    # the hexes it runs through.
    parent = list(range(grid.count))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    forest = []
    for a, b in zip(sides.left[both].tolist(), sides.right[both].tolist(), strict=True):
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[ra] = rb
            forest.append((a, b))
    # A trail hex with no trail next to it is left out: on hexes a trail is a way somewhere.
    found = paths(forest)
    if found:
        out["trail"] = [" ".join(ids[i] for i in path) for path in found]
    return {kind: out[kind] for kind in ("trail", "road", "rail") if kind in out}


def _hex_map(world: World, grid: HexGrid) -> JSON:
    terrain = world.scape.terrain.tolist()
    base = Counter(terrain).most_common(1)[0][0]
    owners: list[str | None] = [
        MAIN_NATION[int(s)] if t not in ("sea", "lake") and s >= 0 else None
        for t, s in zip(terrain, world.side.tolist(), strict=True)
    ]
    income = dict.fromkeys(world.cities, 1)
    for capital in world.capitals:
        income[capital] = 3
    # Towns get a record (their name on the map and their income); villages, forts and
    # airfields are named by their structures.
    records = [
        {"hex": grid.ids[cell], "name": world.names[cell], "income": income[cell]}
        for cell in sorted(income)
    ]
    sides = grid.hexsides
    ids = grid.ids
    hexsides: dict[str, list[str]] = {}
    for number, kind in enumerate(world.scape.river.tolist()):
        if kind:
            a, b = int(sides.left[number]), int(sides.right[number])
            hexsides.setdefault(kind, []).append(f"{ids[a]}-{ids[b]}")
    bridges = [
        f"{ids[a]}-{ids[b]}"
        for a, b in zip(
            sides.left[world.bridge].tolist(), sides.right[world.bridge].tolist(), strict=True
        )
    ]
    return {
        "orientation": grid.orientation,
        "size": grid.size,
        "origin": list(grid.origin),
        "columns": grid.columns,
        "rows": grid.rows,
        "offset": grid.offset,
        "base_terrain": base,
        "terrain": runs(grid, terrain, base),
        "owners": runs(grid, owners, None),
        "areas": runs(grid, list(world.area_of), None),
        "hexes": records,
        "hexsides": hexsides,
        "bridges": bridges,
        "roads": _network_paths(world, grid),
    }

"""The Kharkov 1942 grid from the real geography: terrain, owners, rivers, roads, bridges.

The map of ``geography.py`` (longitude and latitude) is projected through the scenario's
projection onto flat-topped hexes about 5 km across; ``build.py`` assembles the scenario from
what this module computes:

- **terrain**: every hex takes the terrain of the last zone its centre lies in, else clear
  steppe and farmland;
- **owners**: the hexes whose centre lies east of the front line of 11 May (the polygon
  ``SOVIET_HELD``) are Soviet, the others German;
- **rivers** run along hexsides: each river's line, point to point, follows the chain of
  hexsides nearest to it (``schemas.hexgrid.lines.hexside_path``); the Northern Donets is a
  major river and wins a hexside a tributary shares with it;
- **roads and railways** are paths of hexes: leg by leg, the cheapest chain of hexes from
  the hex of one point to the hex of the next, a step costing more the further its hex
  strays from the real line and much more over a river hexside away from a real crossing
  (where a tributary meets a road's line, or a Donets crossing of ``DONETS_CROSSINGS``);
- **bridges** stand on every river hexside a road or railway path crosses.
"""

from __future__ import annotations

import heapq
import itertools
import math
from pathlib import Path

import numpy as np
import shapely
from geography import (
    DONETS_CROSSINGS,
    EAST,
    MAJOR_RIVERS,
    MAP,
    RAILWAYS,
    RIVERS,
    ROADS,
    SOUTH,
    SOVIET_HELD,
    ZONES,
    project,
)

from schemas import load_text
from schemas.hexgrid.grid import HexGrid
from schemas.hexgrid.lines import hexside_path
from schemas.hexmap import hexside_connection_types
from schemas.terrain import default_connection_types

HEX_SIZE = 3.0
"""Centre to corner, km: a hex is 5.2 km across its flats, about 23 km²."""
BRIDGE_REACH = 1.5 * HEX_SIZE
"""A river hexside is a crossing place when a real crossing is this close (km)."""
RIVER_DETOUR = 20.0
"""What a road pays, in hexes, to cross a river away from a real crossing."""

# -- the grid -------------------------------------------------------------------------------------


def make_grid() -> HexGrid:
    """Flat-topped hexes covering the map rectangle, hex ``c1r1`` at its top-left corner."""
    (width, height), = project([(EAST, SOUTH)]).tolist()  # fmt: skip
    columns = math.ceil(width / (1.5 * HEX_SIZE)) + 1
    rows = math.ceil(height / (math.sqrt(3) * HEX_SIZE)) + 1
    return HexGrid("flat", HEX_SIZE, (0.0, 0.0), columns, rows, "odd")


def hex_of(grid: HexGrid, lon: float, lat: float) -> int:
    (x, y), = project([(lon, lat)]).tolist()  # fmt: skip
    index = int(grid.hex_at(x, y))
    assert index >= 0, f"({lon}, {lat}) is off the map"
    return index


def inside(grid: HexGrid, outline: list[tuple[float, float]]) -> np.ndarray:
    """Which hexes have their centre inside a lon/lat polygon."""
    polygon = shapely.Polygon(project(outline))
    centres = grid.centres()
    return shapely.contains_xy(polygon, centres[:, 0], centres[:, 1])


# -- terrain, owners, rivers, roads ---------------------------------------------------------------


def terrain_of(grid: HexGrid) -> list[str]:
    terrain = np.full(grid.count, "clear", dtype=object)
    for kind, _what, outline in ZONES:
        terrain[inside(grid, outline)] = kind
    return [str(t) for t in terrain]


def owners_of(grid: HexGrid) -> list[str]:
    soviet = inside(grid, SOVIET_HELD)
    return ["ussr" if s else "germany" for s in soviet.tolist()]


def hexsides_along(grid: HexGrid, points: list[tuple[float, float]]) -> list[int]:
    xy = project(points).tolist()
    out: list[int] = []
    for start, end in itertools.pairwise(xy):
        out += hexside_path(grid, tuple(start), tuple(end)).tolist()
    return out


def rivers_of(grid: HexGrid) -> dict[str, list[int]]:
    """Hexside numbers per connection type; a major river wins a shared hexside."""
    major: list[int] = []
    for points in MAJOR_RIVERS.values():
        major += hexsides_along(grid, points)
    taken = set(major)
    minor: list[int] = []
    for points in RIVERS.values():
        minor += [side for side in hexsides_along(grid, points) if side not in taken]
    return {
        "major-river": sorted(set(major)),
        "river": sorted(set(minor)),
    }


def crossings() -> dict[str, np.ndarray]:
    """Map points where roads and railways cross the rivers, per connection type: on the
    tributaries, wherever a road or railway line meets a river line; on the Donets, the known
    crossing places (``DONETS_CROSSINGS``), since the road along its bank touches the drawn
    river at every town on it."""
    ways = [shapely.LineString(project(p)) for p in [*ROADS.values(), *RAILWAYS.values()]]
    points: set[tuple[float, float]] = set()
    for points_of_river in RIVERS.values():
        river = shapely.LineString(project(points_of_river))
        for way in ways:
            meet = shapely.get_parts(way.intersection(river))
            points |= {(g.x, g.y) for g in meet if g.geom_type == "Point"}
    donets = project([(lon, lat) for _, lon, lat in DONETS_CROSSINGS])
    return {"river": np.array(sorted(points), dtype=float), "major-river": donets}


def crossing_sides(grid: HexGrid, rivers: dict[str, list[int]]) -> set[int]:
    """The river hexsides within ``BRIDGE_REACH`` of a real crossing of their river type: the
    only ones a road or railway crosses cheaply (and where its bridge stands)."""
    points = crossings()
    middles = grid.hexside_segments().mean(axis=1)
    out: set[int] = set()
    for kind, sides in rivers.items():
        near = points[kind]
        for side in sides:
            if len(near) and np.hypot(*(near - middles[side]).T).min() <= BRIDGE_REACH:
                out.add(side)
    return out


def hex_path(
    grid: HexGrid, points: list[tuple[float, float]], barred: set[int], open_sides: set[int]
) -> list[int]:
    """The chain of hexes a lon/lat line runs through: for each leg, the cheapest chain from
    the hex of its start to the hex of its end, each step costing one plus how far the hex
    beyond strays from the leg (in hexes), and ``RIVER_DETOUR`` more over a river hexside
    (``barred``) that is not a real crossing (``open_sides``). So a road along a river bank
    stays on its bank, and crosses where the real road does."""
    xy = project(points).tolist()
    centres = grid.centres()
    neighbours = grid.neighbours
    path: list[int] = [int(grid.hex_at(*xy[0]))]
    for (x0, y0), (x1, y1) in itertools.pairwise(xy):
        target = int(grid.hex_at(x1, y1))
        leg = shapely.LineString([(x0, y0), (x1, y1)])
        stray = shapely.distance(leg, shapely.points(centres)) / grid.size
        start = path[-1]
        best = {start: 0.0}
        came: dict[int, int] = {}
        queue = [(0.0, start)]
        while queue:
            cost, here = heapq.heappop(queue)
            if here == target:
                break
            if cost > best[here]:
                continue
            for there in neighbours[here].tolist():
                if there < 0:
                    continue
                side = grid.hexside(here, there)
                step = 1.0 + float(stray[there])
                if side in barred and side not in open_sides:
                    step += RIVER_DETOUR
                if cost + step < best.get(there, math.inf):
                    best[there] = cost + step
                    came[there] = here
                    heapq.heappush(queue, (cost + step, there))
        leg_hexes = [target]
        while leg_hexes[-1] != start:
            leg_hexes.append(came[leg_hexes[-1]])
        path += leg_hexes[-2::-1]
    return path


def network_of(grid: HexGrid, rivers: dict[str, list[int]]) -> dict[str, list[list[int]]]:
    """Roads and railways as hex paths."""
    barred = {side for sides in rivers.values() for side in sides}
    open_sides = crossing_sides(grid, rivers)
    return {
        kind: [hex_path(grid, points, barred, open_sides) for points in lines.values()]
        for kind, lines in (("road", ROADS), ("rail", RAILWAYS))
    }


def bridges_of(
    grid: HexGrid, paths: dict[str, list[list[int]]], rivers: dict[str, list[int]]
) -> list[int]:
    """Every river hexside a road or railway path crosses."""
    river_sides = {side for sides in rivers.values() for side in sides}
    out: set[int] = set()
    for found in paths.values():
        for path in found:
            for a, b in itertools.pairwise(path):
                side = grid.hexside(a, b)
                if side in river_sides:
                    out.add(side)
    return sorted(out)


def write_sample(out: Path, text: str, note: str = "") -> int:
    """Write a built hex sample to ``out``, print its issues and a one-line summary (with
    ``note`` after it); the exit code is 1 when an issue is an error. Both Kharkov samples'
    builds end here."""
    issues = load_text(text).issues
    for issue in issues:
        print(issue)
    out.write_text(text, encoding="utf-8")
    loaded = load_text(text).scenario
    assert loaded is not None and loaded.hex_map is not None
    hex_map = loaded.hex_map
    print(
        f"{out.name}: {hex_map.columns} x {hex_map.rows} hexes, {len(loaded.units)} units, "
        f"{len(issues)} issues{note}"
    )
    return 1 if any(i.severity == "error" for i in issues) else 0


def map_fields() -> dict:
    """The scenario's ``map`` part both Kharkov samples write (north up, 1 unit a km, the
    sources' projection)."""
    return {
        "orientation": "north",
        "units_per_km": 1.0,
        "projection": MAP.model().model_dump(mode="json"),
    }


def connection_types() -> list[dict]:
    """The connection types both Kharkov samples use: land, sea and air steps and the rivers'
    hexsides."""
    wanted = ("land", "sea", "air", "river", "major-river")
    kinds = [*default_connection_types(), *hexside_connection_types()]
    return [t.model_dump(mode="json") for t in kinds if t.id in wanted]


def grid_fields(grid: HexGrid) -> dict:
    """The grid's own fields of ``hex_map`` (orientation, size, origin, columns, rows,
    offset)."""
    return {
        "orientation": grid.orientation,
        "size": grid.size,
        "origin": list(grid.origin),
        "columns": grid.columns,
        "rows": grid.rows,
        "offset": grid.offset,
    }

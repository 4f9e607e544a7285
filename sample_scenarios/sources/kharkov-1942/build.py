"""Build the Kharkov 1942 hex sample.

Run ``.venv/bin/python sample_scenarios/sources/kharkov-1942/build.py``.

The map is the real geography of ``geography.py`` (longitude and latitude) projected through
the projection stored in the scenario (pyproj, via ``schemas.gis``) onto a grid of flat-topped
hexes about 5 km across:

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
- **bridges** stand on every river hexside a road or railway path crosses;
- **towns** are hex records with their name and VP.

Then the forces of ``forces.py`` are put on the hexes under their positions, and the rules,
supply sources and victory written below are added. The result is validated and written to
``sample_scenarios/kharkov-1942.json`` in canonical form: the same sources give the same bytes
(``tests/samples/test_kharkov.py`` checks it).
"""

from __future__ import annotations

import heapq
import itertools
import math
import sys
from pathlib import Path
from typing import Any

import numpy as np
import shapely

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path[:0] = [str(HERE), str(ROOT)]

from forces import AXIS, AXIS_UNITS, NATIONS, SIDES, SOV, SOVIET_UNITS, UNIT_TYPES  # noqa: E402
from geography import (  # noqa: E402
    DONETS_CROSSINGS,
    EAST,
    MAJOR_RIVERS,
    MAP,
    NORTH,
    RAILWAYS,
    RIVERS,
    ROADS,
    SOUTH,
    SOVIET_HELD,
    TOWNS,
    WEST,
    ZONES,
    project,
)

from schemas import dumps, load_text  # noqa: E402
from schemas.generator.hexes import runs  # noqa: E402
from schemas.generator.landscape import terrain_table  # noqa: E402
from schemas.hexgrid.grid import HexGrid  # noqa: E402
from schemas.hexgrid.lines import hexside_path  # noqa: E402
from schemas.hexmap import hexside_connection_types  # noqa: E402
from schemas.scenario import SCHEMA_VERSION, Scenario  # noqa: E402
from schemas.terrain import default_connection_types  # noqa: E402

OUT = ROOT / "sample_scenarios" / "kharkov-1942.json"

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


# -- the scenario ---------------------------------------------------------------------------------

TOWN_VALUES: dict[str, dict[str, dict[str, int]]] = {
    # What each town is worth: capture (and its loss when retaken), held at the end.
    "kharkov": {SOV: {"capture": 6, "hold_at_end": 6}, AXIS: {"capture": 6, "hold_at_end": 5}},
    "chuguev": {SOV: {"capture": 2, "hold_at_end": 1}, AXIS: {"capture": 2, "hold_at_end": 1}},
    "merefa": {SOV: {"capture": 2, "hold_at_end": 1}, AXIS: {"capture": 2, "hold_at_end": 1}},
    "krasnograd": {SOV: {"capture": 2, "hold_at_end": 1}, AXIS: {"capture": 2, "hold_at_end": 1}},
    "balakleya": {SOV: {"capture": 2, "hold_at_end": 1}, AXIS: {"capture": 2, "hold_at_end": 1}},
    "zmiev": {SOV: {"capture": 1}, AXIS: {"capture": 1}},
    "volchansk": {SOV: {"capture": 1}, AXIS: {"capture": 1, "hold_at_end": 1}},
    "izyum": {SOV: {"capture": 2, "hold_at_end": 2}, AXIS: {"capture": 4, "hold_at_end": 2}},
    "barvenkovo": {SOV: {"capture": 1, "hold_at_end": 1}, AXIS: {"capture": 2, "hold_at_end": 1}},
    "lozovaya": {SOV: {"capture": 1, "hold_at_end": 1}, AXIS: {"capture": 2, "hold_at_end": 1}},
    "slavyansk": {SOV: {"capture": 2, "hold_at_end": 1}, AXIS: {"capture": 2, "hold_at_end": 1}},
    "kupiansk": {SOV: {"capture": 1}, AXIS: {"capture": 3, "hold_at_end": 1}},
}

SUPPLY: list[tuple[str, str, str, str]] = [
    # (id, name, town, side)
    ("kharkov-depots", "Kharkov depots", "kharkov", AXIS),
    ("krasnograd-railhead", "Krasnograd railhead", "krasnograd", AXIS),
    ("slavyansk-railhead", "Slavyansk railhead", "slavyansk", AXIS),
    ("kramatorsk-depots", "Kramatorsk depots", "kramatorsk", AXIS),
    ("kupiansk-railhead", "Kupiansk railhead", "kupiansk", SOV),
    ("velikiy-burluk-depots", "Velikiy Burluk depots", "velikiy-burluk", SOV),
    ("izyum-crossings", "Izyum crossings", "izyum", SOV),
    ("lozovaya-railhead", "Lozovaya railhead", "lozovaya", SOV),
]

STACKING = {"clear": 3, "forest": 2, "hills": 2, "marsh": 1, "urban": 4}
"""Divisions a hex holds: a 5 km hex takes about a corps' front."""

CALENDAR: dict[str, Any] = {
    "start_date": "1942-05-12",
    "turns": 9,
    "turn_length_days": 2,
    "turn_order": [SOV, AXIS],
    "turn_system": "wego",
}

RULES: dict[str, Any] = {
    # Supply counts hexes on a hex map: ten hexes are about 50 km from a railhead.
    "supply": {"range": 10},
    "victory": {"victory_level": None},
}

INFO = {
    "title": "Kharkov, May 1942",
    "author": "Salient sample",
    "description": (
        "12-29 May 1942 on the steppe south and east of Kharkov. Marshal Timoshenko's armies "
        "strike for Kharkov from two sides, out of the Donets bridgeheads at Staryi Saltov and "
        "out of the Izyum bulge, while Army Group South has massed its own pincer, Operation "
        "Fridericus, to cut that bulge off at Izyum. Nine two-day WEGO turns on a map of "
        "about 1,800 hexes 5 km across: the Northern Donets and its tributaries on the "
        "hexsides, their bridges, Kharkov, the railways that fed both sides."
    ),
    "playing_time": "2-3 hours",
}

VICTORY: dict[str, Any] = {
    "sudden_death": [
        {
            "id": "kharkov-falls",
            "side": SOV,
            "condition": {"kind": "controls", "regions": ["@kharkov"]},
            "check": "end_of_turn",
            "description": "The Soviet side holds Kharkov at the end of a turn.",
        },
        {
            "id": "bulge-cut",
            "side": AXIS,
            "condition": {"kind": "controls", "regions": ["@izyum", "@barvenkovo"]},
            "check": "end_of_turn",
            "description": "Army Group South holds Izyum and Barvenkovo at the end of a turn: "
            "the bulge is cut off.",
        },
    ],
    "description": (
        "The side with more VP after the ninth turn wins. The Soviet side wins at once by "
        "holding Kharkov at the end of a turn; Army Group South wins at once by holding both "
        "Izyum and Barvenkovo at the end of a turn, which cuts the bulge off."
    ),
}


def symmetric(values: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    """A place taken back costs its taker what it gained: a town changing hands back and forth
    is worth nothing to either side."""
    return {side: {"loss": v.get("capture", 0), **v} for side, v in values.items()}


def scenario() -> dict[str, Any]:
    grid = make_grid()
    ids = grid.ids
    terrain = terrain_of(grid)
    owners = owners_of(grid)
    rivers = rivers_of(grid)
    paths = network_of(grid, rivers)
    bridges = bridges_of(grid, paths, rivers)
    town_hex = {key: ids[hex_of(grid, lon, lat)] for key, (_, lon, lat) in TOWNS.items()}
    assert len(set(town_hex.values())) == len(town_hex), "two towns on one hex"
    records = []
    for key, (name, _lon, _lat) in TOWNS.items():
        record: dict[str, Any] = {"hex": town_hex[key], "name": name}
        if key in TOWN_VALUES:
            record["values"] = symmetric(TOWN_VALUES[key])
        records.append(record)
    records.sort(key=lambda r: grid.find(r["hex"]))
    owner_of = dict(zip(ids, owners, strict=True))
    side_of_nation = {n["id"]: n["side"] for n in NATIONS}
    units = []
    for key, name, kind, lon, lat in SOVIET_UNITS:
        units.append((key, name, kind, "ussr", lon, lat))
    for key, name, kind, nation, lon, lat in AXIS_UNITS:
        units.append((key, name, kind, nation, lon, lat))
    unit_list = []
    for key, name, kind, nation, lon, lat in units:
        where = ids[hex_of(grid, lon, lat)]
        holder = side_of_nation[owner_of[where]]
        assert holder == side_of_nation[nation], f"{key} stands on the enemy's hex {where}"
        unit_list.append(
            {"id": key, "name": name, "type": kind, "nation": nation, "location": {"region": where}}
        )
    hexsides = {
        kind: [grid.hexside_id(number) for number in numbers]
        for kind, numbers in rivers.items()
        if numbers
    }
    terrain_types = []
    for t in terrain_table():
        data = t.model_dump(mode="json")
        if t.id in STACKING:
            data["stacking"] = STACKING[t.id]
            terrain_types.append(data)

    def sub(text: str) -> str:
        return town_hex[text[1:]] if text.startswith("@") else text

    victory = {
        **VICTORY,
        "sudden_death": [
            {**sd, "condition": {**sd["condition"],
                                 "regions": [sub(r) for r in sd["condition"]["regions"]]}}
            for sd in VICTORY["sudden_death"]
        ],
    }  # fmt: skip
    return {
        "schema_version": SCHEMA_VERSION,
        "info": INFO,
        "calendar": CALENDAR,
        "rules": RULES,
        "map": {
            "orientation": "north",
            "units_per_km": 1.0,
            "projection": MAP.model().model_dump(mode="json"),
        },
        "terrain": terrain_types,
        "connection_types": [
            t.model_dump(mode="json")
            for t in [*default_connection_types(), *hexside_connection_types()]
            if t.id in ("land", "sea", "air", "river", "major-river")
        ],
        "regions": [],
        "hex_map": {
            "orientation": grid.orientation,
            "size": grid.size,
            "origin": list(grid.origin),
            "columns": grid.columns,
            "rows": grid.rows,
            "offset": grid.offset,
            "base_terrain": "clear",
            "terrain": runs(grid, list(terrain), "clear"),
            "owners": runs(grid, list(owners), None),
            "hexes": records,
            "hexsides": hexsides,
            "bridges": [grid.hexside_id(number) for number in bridges],
            "roads": {
                kind: [" ".join(ids[i] for i in path) for path in found]
                for kind, found in paths.items()
            },
        },
        "supply_sources": [
            {"id": key, "name": name, "region": town_hex[town], "sides": [side]}
            for key, name, town, side in SUPPLY
        ],
        "sides": SIDES,
        "nations": NATIONS,
        "unit_types": UNIT_TYPES,
        "units": unit_list,
        "victory": victory,
    }


def text() -> str:
    """The sample's file, canonical, as ``main`` writes it."""
    built = Scenario.model_validate(scenario())
    return dumps(built)


def main() -> int:
    out = text()
    issues = load_text(out).issues
    for issue in issues:
        print(issue)
    OUT.write_text(out, encoding="utf-8")
    loaded = load_text(out).scenario
    assert loaded is not None
    hex_map = loaded.hex_map
    assert hex_map is not None
    print(
        f"{OUT.name}: {hex_map.columns} x {hex_map.rows} hexes, {len(loaded.units)} units, "
        f"{len(issues)} issues; west {WEST}, north {NORTH}"
    )
    return 1 if any(i.severity == "error" for i in issues) else 0


if __name__ == "__main__":
    raise SystemExit(main())

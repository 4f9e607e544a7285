"""Build the Kharkov 1942 sample of the operational rules family.

Run ``.venv/bin/python sample_scenarios/sources/kharkov-1942-operational/build.py``.

The map and the counters are the Kharkov hex sample's (``../kharkov-1942/``: the same real
geography projected onto the same 5 km hexes, the same 61 divisions and corps where they
stood on 12 May 1942); this script plays them under the operational rules
(docs/rules-operational.md) instead of the area rules:

- **terrain** is renamed to the family's rows (Table OH3): the steppe is rolling steppe, the
  Donets woods woods, the Izyum heights rough, the Oskol flood plain marsh, Kharkov a city;
  the Northern Donets and its tributaries keep their hexsides (Table OH6);
- **units** get their type's operational values and their own echelon, quality, strength,
  readiness and dug-in state (``command.py``), and answer to army HQs under one HQ a side;
- **supply** sources, depots and pools, and the **assets** off the map (``command.py``);
- **turns** of the family's day: two day turns and a night turn a day, with a day of rain;
- **victory** by the towns held at the end of each turn and by kills (Table OV4).

The result is validated and written to ``sample_scenarios/kharkov-1942-operational.json`` in
canonical form: the same sources give the same bytes
(``tests/samples/test_kharkov_operational.py`` checks it).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path[:0] = [str(HERE), str(HERE.parent / "kharkov-1942"), str(ROOT)]

from command import (  # noqa: E402
    AIR_SUPERIORITY,
    ARMY_OF,
    ASSETS,
    DUG_IN,
    ECHELON,
    HQ_TYPE,
    HQS,
    OP_TYPES,
    POOLS,
    SOURCES,
    STATE,
)
from forces import AXIS, AXIS_UNITS, NATIONS, SIDES, SOV, SOVIET_UNITS, UNIT_TYPES  # noqa: E402
from geography import TOWNS  # noqa: E402
from hexes import (  # noqa: E402
    bridges_of,
    connection_types,
    grid_fields,
    hex_of,
    make_grid,
    map_fields,
    network_of,
    owners_of,
    rivers_of,
    terrain_of,
    write_sample,
)

from schemas import dumps  # noqa: E402
from schemas.generator.hexes import runs  # noqa: E402
from schemas.operational.presets import operational_terrain_types  # noqa: E402
from schemas.scenario import SCHEMA_VERSION, Scenario  # noqa: E402

OUT = ROOT / "sample_scenarios" / "kharkov-1942-operational.json"

TERRAIN = {
    # The Kharkov sample's terrain id -> the row of Table OH3 it plays as.
    "clear": "rolling-steppe",
    "forest": "woods",
    "hills": "rough",
    "marsh": "marsh",
    "urban": "city",
}

LOCATIONS: dict[str, dict[str, int]] = {
    # OV2: VP a side scores at the end of every turn it holds the town. Each side scores
    # what its plan was after: the Soviet side Kharkov and the towns on the way to it, Army
    # Group South the bulge's neck (Izyum, Barvenkovo) and keeping Kharkov.
    "kharkov": {SOV: 4, AXIS: 1},
    "chuguev": {SOV: 1},
    "merefa": {SOV: 1},
    "krasnograd": {SOV: 1},
    "balakleya": {SOV: 1, AXIS: 1},
    "volchansk": {SOV: 1},
    "izyum": {SOV: 1, AXIS: 3},
    "barvenkovo": {SOV: 1, AXIS: 2},
    "lozovaya": {SOV: 1, AXIS: 1},
    "slavyansk": {SOV: 1},
}

CALENDAR: dict[str, Any] = {
    "start_date": "1942-05-12",
    "turns": 18,
    "turn_length_days": 1,
    "turn_order": [SOV, AXIS],
    "turn_system": "wego",
}

WEATHER = ["good", "good", "good", "mud", "good", "good"]
"""OW1: one weather a day from 12 May; the rain of the fourth day turns the steppe to mud."""

STACKING = {"division": 4.0, "corps": 4.0}
"""Table OM4 at 5 km hexes: two divisions (or corps of a division's size) to a hex, with room
for a brigade or an HQ."""

INFO = {
    "title": "Kharkov, May 1942 (operational rules)",
    "author": "Salient sample",
    "description": (
        "The second battle of Kharkov, 12-17 May 1942, under the operational rules: the "
        "South-Western Front's two-pronged offensive on Kharkov and Army Group South's "
        "answer, on the Kharkov sample's map of about 1,800 hexes 5 km across. Divisions "
        "and corps with quality, strength, readiness and dug-in state; army HQs under a "
        "front HQ a side with their railheads, depots and supply points; the Luftwaffe, "
        "the Soviet air forces and the Direction's staff off the map; two day turns and "
        "a night turn a day, and a day of rain. Each side scores the towns it holds at the "
        "end of every turn and the enemy units it destroys."
    ),
    "playing_time": "3-4 hours",
}

VICTORY_TEXT = (
    "The side with more VP after the eighteenth turn wins; equal VP is a draw. At the end "
    "of every turn each side scores the towns it holds: Kharkov is worth 4 a turn to the "
    "Soviet side (1 to Army Group South), Izyum 3 and Barvenkovo 2 to Army Group South (1 "
    "each to the Soviet side), Balakleya and Lozovaya 1 to either side, and Chuguev, "
    "Merefa, Krasnograd, Volchansk and Slavyansk 1 to the Soviet side only. Destroying an "
    "enemy unit scores at once by its category and quality (Table OV4): 1 to 3 VP for a "
    "division, 3 to 7 for an HQ."
)


AXIS_START_VP = 0
"""Army Group South's VP at the start (the sample's balance, on its page): 6 until the
assets flew their missions, 0 since."""


def unit_types() -> list[dict[str, Any]]:
    """The Kharkov sample's counter types with their operational values, and the HQ type."""
    out = []
    for kind in [*UNIT_TYPES, HQ_TYPE]:
        data = {k: v for k, v in kind.items() if k != "destroyed_vp"}
        data["operational"] = OP_TYPES[kind["id"]]
        out.append(data)
    return out


def operational(town_hex: dict[str, str]) -> dict[str, Any]:
    """``rules.operational``: the tables left out take the checklist's values."""
    return {
        "stacking": STACKING,
        "turns": {"pattern": ["day", "day", "night"], "weather": WEATHER},
        "victory": {
            "locations": [
                {"hex": town_hex[town], "per_turn": values} for town, values in LOCATIONS.items()
            ]
        },
        "command": {
            "hqs": [{"unit": key, "parent": parent} for key, _, parent, *_ in HQS],
            "attachments": [{"unit": unit, "hq": hq} for unit, hq in ARMY_OF.items()],
        },
        "supply": {
            "sources": [
                {"hex": town_hex[town], "side": side, "kind": kind} for town, side, kind in SOURCES
            ],
            "pools": POOLS,
        },
        "assets": {"assets": ASSETS, "air_superiority": AIR_SUPERIORITY},
    }


def scenario() -> dict[str, Any]:
    grid = make_grid()
    ids = grid.ids
    terrain = [TERRAIN[t] for t in terrain_of(grid)]
    owners = owners_of(grid)
    rivers = rivers_of(grid)
    paths = network_of(grid, rivers)
    bridges = bridges_of(grid, paths, rivers)
    town_hex = {key: ids[hex_of(grid, lon, lat)] for key, (_, lon, lat) in TOWNS.items()}
    records = [{"hex": town_hex[key], "name": name} for key, (name, _lon, _lat) in TOWNS.items()]
    records.sort(key=lambda r: grid.find(r["hex"]))
    owner_of = dict(zip(ids, owners, strict=True))
    side_of_nation = {n["id"]: n["side"] for n in NATIONS}
    placed: list[tuple[str, str, str, str, str, dict[str, Any]]] = []
    for key, name, kind, lon, lat in SOVIET_UNITS:
        placed.append((key, name, kind, "ussr", ids[hex_of(grid, lon, lat)], {}))
    for key, name, kind, nation, lon, lat in AXIS_UNITS:
        placed.append((key, name, kind, nation, ids[hex_of(grid, lon, lat)], {}))
    for key, name, _parent, nation, echelon, lon, lat in HQS:
        placed.append((key, name, "hq", nation, ids[hex_of(grid, lon, lat)], {"echelon": echelon}))
    units = []
    for key, name, kind, nation, where, state in placed:
        holder = side_of_nation[owner_of[where]]
        assert holder == side_of_nation[nation], f"{key} stands on the enemy's hex {where}"
        if kind != "hq":
            state = {"echelon": ECHELON[kind], **STATE[kind]}
            if kind in DUG_IN:
                state["dug_in"] = True
        units.append(
            {
                "id": key,
                "name": name,
                "type": kind,
                "nation": nation,
                "location": {"region": where},
                "operational": state,
            }
        )
    hexsides = {
        kind: [grid.hexside_id(number) for number in numbers]
        for kind, numbers in rivers.items()
        if numbers
    }
    used = set(terrain)
    return {
        "schema_version": SCHEMA_VERSION,
        "info": INFO,
        "calendar": CALENDAR,
        "rules": {
            "family": "operational",
            "victory": {"victory_level": None},
            "fog": {"enabled": False},
            "operational": operational(town_hex),
        },
        "map": map_fields(),
        "terrain": [t.model_dump(mode="json") for t in operational_terrain_types() if t.id in used],
        "connection_types": connection_types(),
        "regions": [],
        "hex_map": {
            **grid_fields(grid),
            "base_terrain": "rolling-steppe",
            "terrain": runs(grid, terrain, "rolling-steppe"),
            "owners": runs(grid, list(owners), None),
            "hexes": records,
            "hexsides": hexsides,
            "bridges": [grid.hexside_id(number) for number in bridges],
            "roads": {
                kind: [" ".join(ids[i] for i in path) for path in found]
                for kind, found in paths.items()
            },
        },
        # Army Group South's start VP (0 since the Luftwaffe flies its missions; 6 before):
        # measured with the normal AI, on the page.
        "sides": [
            {**side, "start_vp": AXIS_START_VP} if side["id"] == "axis" else side for side in SIDES
        ],
        "nations": NATIONS,
        "unit_types": unit_types(),
        "units": units,
        "victory": {"description": VICTORY_TEXT},
    }


def text() -> str:
    """The sample's file, canonical, as ``main`` writes it."""
    return dumps(Scenario.model_validate(scenario()))


def main() -> int:
    return write_sample(OUT, text())


if __name__ == "__main__":
    raise SystemExit(main())

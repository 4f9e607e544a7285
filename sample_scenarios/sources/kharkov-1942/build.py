"""Build the Kharkov 1942 hex sample.

Run ``.venv/bin/python sample_scenarios/sources/kharkov-1942/build.py``.

The map is the real geography of ``geography.py`` (longitude and latitude) projected through
the projection stored in the scenario (pyproj, via ``schemas.gis``) onto a grid of flat-topped
hexes about 5 km across:

- **terrain, owners, rivers, roads, railways and bridges** come from ``hexes.py`` (its
  docstring says how each is found);
- **towns** are hex records with their name and VP.

Then the forces of ``forces.py`` are put on the hexes under their positions, and the rules,
supply sources and victory written below are added. The result is validated and written to
``sample_scenarios/kharkov-1942.json`` in canonical form: the same sources give the same bytes
(``tests/samples/test_kharkov.py`` checks it).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path[:0] = [str(HERE), str(ROOT)]

from forces import AXIS, AXIS_UNITS, NATIONS, SIDES, SOV, SOVIET_UNITS, UNIT_TYPES  # noqa: E402
from geography import (  # noqa: E402
    NORTH,
    TOWNS,
    WEST,
)
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
from schemas.generator.landscape import terrain_table  # noqa: E402
from schemas.scenario import SCHEMA_VERSION, Scenario  # noqa: E402

OUT = ROOT / "sample_scenarios" / "kharkov-1942.json"

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
        "map": map_fields(),
        "terrain": terrain_types,
        "connection_types": connection_types(),
        "regions": [],
        "hex_map": {
            **grid_fields(grid),
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
    return write_sample(OUT, text(), f"; west {WEST}, north {NORTH}")


if __name__ == "__main__":
    raise SystemExit(main())

"""A small, valid scenario as raw JSON data, for tests to break one thing at a time.

The map is a 3 x 3 grid of land squares (100 units each) above a strip of sea:

    w1 c1 e1
    w2 c2 e2
    w3 c3 e3
    sea------

The west column belongs to Red, the east column to Blue, the centre is Blue's too. There is a
fort in c2, a port in w3, an airfield in e1, supply sources at both edges.
"""

from __future__ import annotations

import copy
from typing import Any

from schemas.scenario import SCHEMA_VERSION


def square(x: float, y: float, w: float = 100, h: float = 100) -> dict[str, Any]:
    return {"exterior": [[x, y], [x + w, y], [x + w, y + h], [x, y + h]]}


def _regions() -> list[dict[str, Any]]:
    out = []
    for row, y in enumerate((0, 100, 200), start=1):
        for col, x in zip("wce", (0, 100, 200), strict=True):
            region_id = f"{col}{row}"
            owner = "redland" if col == "w" else "blueland"
            out.append(
                {
                    "id": region_id,
                    "name": region_id.upper(),
                    "terrain": "forest" if region_id == "c2" else "clear",
                    "owner": owner,
                    "area": "west" if col == "w" else "east",
                    "polygon": square(x, y),
                }
            )
    out.append(
        {
            "id": "sea",
            "name": "The Sea",
            "terrain": "sea",
            "polygon": {
                "exterior": [[0, 300], [100, 300], [200, 300], [300, 300], [300, 400], [0, 400]]
            },
        }
    )
    return out


def _connections() -> list[dict[str, Any]]:
    out = []
    names = [[f"{c}{r}" for c in "wce"] for r in (1, 2, 3)]
    for r in range(3):
        for c in range(3):
            here = names[r][c]
            if c < 2:
                out.append({"id": f"{here}-{names[r][c + 1]}", "a": here, "b": names[r][c + 1]})
            if r < 2:
                out.append({"id": f"{here}-{names[r + 1][c]}", "a": here, "b": names[r + 1][c]})
    for bottom in names[2]:
        out.append({"id": f"{bottom}-sea", "a": bottom, "b": "sea", "type": "sea"})
    return out


BASE: dict[str, Any] = {
    "schema_version": SCHEMA_VERSION,
    "info": {"title": "Test grid"},
    "calendar": {"start_date": "1940-05-10", "turns": 6, "turn_order": ["red", "blue"]},
    "terrain": [
        {"id": "clear", "name": "Clear", "stacking": 12, "forage": 6},
        {"id": "forest", "name": "Forest", "movement_cost": 2, "stacking": 8},
        {"id": "sea", "name": "Sea", "domain": "sea", "stacking": 0},
        {"id": "lake", "name": "Lake", "domain": "lake", "stacking": 0},
    ],
    "areas": [{"id": "west", "name": "West"}, {"id": "east", "name": "East"}],
    "regions": _regions(),
    "connections": _connections(),
    "structures": [
        {"id": "fort", "name": "Old Fort", "region": "c2", "kind": "fort", "fortification": 3},
        {"id": "harbour", "name": "Harbour", "region": "w3", "port": True, "sea_region": "sea"},
        {
            "id": "strip",
            "name": "Airstrip",
            "region": "e1",
            "kind": "airfield",
            "airport": True,
            "capacity": {"air": 4},
        },
    ],
    "supply_sources": [
        {"id": "red-depot", "region": "w1", "sides": ["red"]},
        {"id": "blue-depot", "region": "e2", "sides": ["blue"]},
    ],
    "sides": [
        {"id": "red", "name": "Red", "color": "#b03030"},
        {"id": "blue", "name": "Blue", "color": "#3050b0"},
    ],
    "nations": [
        {
            "id": "redland",
            "name": "Redland",
            "side": "red",
            "main": True,
            "color_dark": "#802020",
            "color_light": "#f0b0b0",
        },
        {
            "id": "blueland",
            "name": "Blueland",
            "side": "blue",
            "main": True,
            "color_dark": "#203080",
            "color_light": "#b0c0f0",
        },
        {
            "id": "blue-air",
            "name": "Blue Air Arm",
            "side": "blue",
            "parent": "blueland",
            "color_dark": "#204080",
            "color_light": "#c0d0f0",
        },
    ],
    "unit_types": [
        {
            "id": "inf",
            "name": "Infantry",
            "attack": 4,
            "defence": 4,
            "morale": 4,
            "movement": 3,
            "hit_points": 4,
            "stacking": 2,
            "tags": ["infantry"],
        },
        {
            "id": "tank",
            "name": "Tanks",
            "attack": 6,
            "defence": 4,
            "morale": 5,
            "movement": 6,
            "hit_points": 4,
            "stacking": 2,
            "roles": ["armour"],
            "movement_class": "motorized",
        },
        {
            "id": "fighter",
            "name": "Fighters",
            "domain": "air",
            "attack": 2,
            "air_to_air": 6,
            "morale": 5,
            "movement": 6,
            "hit_points": 2,
            "roles": ["fighter"],
        },
        {
            "id": "gunboat",
            "name": "Gunboats",
            "domain": "naval",
            "attack": 3,
            "defence": 3,
            "morale": 4,
            "movement": 4,
            "hit_points": 2,
            "roles": ["naval"],
        },
    ],
    "units": [
        {"id": "red-inf-1", "type": "inf", "nation": "redland", "location": {"region": "w2"}},
        {"id": "red-tank-1", "type": "tank", "nation": "redland", "location": {"region": "w2"}},
        {
            "id": "red-boat",
            "type": "gunboat",
            "nation": "redland",
            "location": {"structure": "harbour"},
        },
        {"id": "blue-inf-1", "type": "inf", "nation": "blueland", "location": {"region": "c2"}},
        {
            "id": "blue-inf-2",
            "type": "inf",
            "nation": "blueland",
            "location": {"structure": "fort"},
        },
        {
            "id": "blue-fighter",
            "type": "fighter",
            "nation": "blue-air",
            "location": {"structure": "strip"},
        },
        {"id": "red-inf-2", "type": "inf", "nation": "redland"},
    ],
    "leaders": [
        {
            "id": "red-general",
            "name": "General Rot",
            "nation": "redland",
            "rank": 2,
            "attack": 1,
            "morale": 2,
            "location": {"region": "w2"},
        },
    ],
    "cards": [
        {
            "id": "push",
            "name": "Push",
            "side": "red",
            "phases": ["battle"],
            "condition": {"kind": "battle_role", "role": "attacker"},
            "effects": [
                {
                    "kind": "modify",
                    "select": {"scope": {"context": "battle"}},
                    "stat": "attack",
                    "amount": 1,
                    "duration": {"until": "end_of_battle"},
                }
            ],
        },
        {
            "id": "rally",
            "name": "Rally",
            "side": "blue",
            "color": "red",
            "phases": ["cards"],
            "effects": [{"kind": "vp", "amount": 1}, {"kind": "set_flag", "flag": "rallied"}],
        },
    ],
    "events": [
        {
            "id": "rain",
            "title": "Rain",
            "turns": {"from_turn": 3, "to_turn": 3},
            "effects": [{"kind": "tension", "amount": 1}],
        },
        {
            "id": "rallied-news",
            "title": "The rally is reported",
            "condition": {"kind": "flag", "flag": "rallied"},
            "effects": [{"kind": "vp", "side": "red", "amount": 1}],
        },
    ],
    "tension": {"name": "Unrest", "benefits": "blue", "start": 2},
    "reinforcements": [
        {
            "id": "second-wave",
            "side": "red",
            "turn": 3,
            "units": ["red-inf-2"],
            "to": {"areas": ["west"]},
        },
    ],
    "replacements": [{"id": "red-extra", "side": "red", "turns": {"every": 2}, "points": 1}],
    # Its two VP could never reach a victory level (victory-level-unreachable): it plays to
    # the last turn.
    "rules": {"victory": {"victory_level": None}},
    "victory": {
        "sudden_death": [
            {
                "id": "red-takes-e2",
                "side": "red",
                "condition": {"kind": "controls", "regions": ["e2"]},
            },
        ]
    },
}


def base() -> dict[str, Any]:
    """A fresh deep copy of the valid base scenario."""
    return copy.deepcopy(BASE)


def find(items: list[dict[str, Any]], entity_id: str) -> dict[str, Any]:
    return next(item for item in items if item["id"] == entity_id)


def index_of(items: list[dict[str, Any]], entity_id: str) -> int:
    return next(i for i, item in enumerate(items) if item["id"] == entity_id)

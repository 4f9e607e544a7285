"""Small hand-made scenarios for rules tests.

A builder starts from a row (or grid) of square regions joined by land connections, two sides
(``red`` with nation ``redland``, ``blue`` with ``blueland``), a terrain table and a set of unit
types, and lets a test change exactly what it is about:

    b = Builder(cols=3)                       # regions a1, b1, c1; a1 red, b1 and c1 blue
    b.unit("r1", "inf", "a1")
    b.unit("b1", "inf", "b1", nation="blueland")
    game = b.game(seed=3)
    advance_to(game, "land_movement")

``build()`` validates the scenario and fails the test with the issues if it is not clean.
"""

from __future__ import annotations

import json
from typing import Any

from engine import Game
from engine.actions import EndPhase
from schemas import load_text
from schemas.scenario import SCHEMA_VERSION, Scenario

COLS = "abcdefghij"

TERRAIN = [
    {"id": "clear", "name": "Clear", "stacking": 12, "forage": 6},
    {
        "id": "forest",
        "name": "Forest",
        "movement_cost": 2,
        "stacking": 8,
        "attacker_modifier": -1,
        "air_attack_modifier": -2,
        "armour_superiority": False,
        "forage": 4,
        "search_modifier": -1,
    },
    {
        "id": "hills",
        "name": "Hills",
        "movement_cost": 2,
        "stacking": 8,
        "attacker_modifier": -1,
        "defender_modifier": 1,
        "defender_morale_modifier": 1,
        "pursuit": "none",
        "breakthrough": "none",
        "forage": 3,
    },
    {
        "id": "marsh",
        "name": "Marsh",
        "movement_cost": 3,
        "stacking": 6,
        "supply": "never",
        "forage": 2,
    },
    {
        "id": "desert",
        "name": "Desert",
        "movement_cost": 2,
        "stacking": 6,
        "supply": "with_trail",
        "forage": 0,
    },
    {
        "id": "urban",
        "name": "Urban",
        "stacking": 20,
        "attacker_modifier": -1,
        "defender_modifier": 2,
        "defender_morale_modifier": 1,
        "forage": 12,
    },
    {"id": "sea", "name": "Sea", "domain": "sea", "stacking": 0, "supply": "never"},
    {"id": "lake", "name": "Lake", "domain": "lake", "stacking": 0, "supply": "never"},
]

UNIT_TYPES = [
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
        "pursuit": True,
        "breakthrough": True,
    },
    {
        "id": "art",
        "name": "Artillery",
        "unit_class": "support",
        "attack": 4,
        "movement": 2,
        "hit_points": 2,
        "stacking": 1,
        "roles": ["artillery"],
    },
    {
        "id": "siege",
        "name": "Siege guns",
        "unit_class": "support",
        "attack": 3,
        "movement": 1,
        "hit_points": 2,
        "stacking": 1,
        "roles": ["artillery", "siege_artillery"],
    },
    {
        "id": "log",
        "name": "Supply column",
        "unit_class": "support",
        "movement": 4,
        "hit_points": 1,
        "stacking": 1,
        "roles": ["logistics"],
    },
    {
        "id": "bunker",
        "name": "Bunker",
        "attack": 3,
        "defence": 5,
        "morale": 6,
        "hit_points": 3,
        "stacking": 0,
        "movement_class": "immobile",
        "loss_priority": "last",
        "roles": ["fortification"],
    },
    {
        "id": "ski",
        "name": "Ski battalion",
        "attack": 3,
        "defence": 3,
        "morale": 6,
        "movement": 4,
        "hit_points": 2,
        "stacking": 1,
        "roles": ["guerrilla"],
        "agile": True,
        "ambush": True,
    },
    {
        "id": "fighter",
        "name": "Fighters",
        "domain": "air",
        "attack": 1,
        "air_to_air": 6,
        "morale": 5,
        "movement": 6,
        "hit_points": 2,
        "roles": ["fighter"],
    },
    {
        "id": "bomber",
        "name": "Bombers",
        "domain": "air",
        "attack": 5,
        "air_to_air": 1,
        "morale": 5,
        "movement": 8,
        "hit_points": 2,
        "roles": ["bomber"],
    },
    {
        "id": "flak",
        "name": "Flak",
        "unit_class": "support",
        "attack": 4,
        "movement": 2,
        "hit_points": 2,
        "stacking": 1,
        "roles": ["aa"],
    },
    {
        "id": "ship",
        "name": "Gunboats",
        "domain": "naval",
        "attack": 3,
        "defence": 3,
        "morale": 4,
        "movement": 4,
        "hit_points": 2,
        "roles": ["naval"],
    },
]


class Builder:
    """A tiny scenario to bend to a test's needs (see the module docstring)."""

    def __init__(
        self,
        cols: int = 3,
        rows: int = 1,
        *,
        turns: int = 6,
        terrain: str = "clear",
        size: float = 100.0,
    ) -> None:
        self.cols, self.rows, self.size = cols, rows, size
        self.raw: dict[str, Any] = {
            "schema_version": SCHEMA_VERSION,
            "info": {"title": "Rules test"},
            "calendar": {"start_date": "1940-06-01", "turns": turns, "turn_order": ["red", "blue"]},
            "terrain": [dict(t) for t in TERRAIN],
            "regions": [],
            "connections": [],
            "structures": [],
            "supply_sources": [],
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
            ],
            "unit_types": [dict(t) for t in UNIT_TYPES],
            "units": [],
            "leaders": [],
            "cards": [],
            "events": [],
            "reinforcements": [],
        }
        for row in range(rows):
            for col in range(cols):
                x, y = col * size, row * size
                region_id = f"{COLS[col]}{row + 1}"
                # The western half is red, the rest blue (a single column is red).
                owner = "redland" if col < max(1, cols // 2) else "blueland"
                self.raw["regions"].append(
                    {
                        "id": region_id,
                        "name": region_id.upper(),
                        "terrain": terrain,
                        "owner": owner,
                        "polygon": {
                            "exterior": [[x, y], [x + size, y], [x + size, y + size], [x, y + size]]
                        },
                    }
                )
        for row in range(rows):
            for col in range(cols):
                here = f"{COLS[col]}{row + 1}"
                if col + 1 < cols:
                    self.connect(here, f"{COLS[col + 1]}{row + 1}")
                if row + 1 < rows:
                    self.connect(here, f"{COLS[col]}{row + 2}")

    # -- map -------------------------------------------------------------------------------------

    def region(self, region_id: str, **changes: Any) -> Builder:
        """Change fields of a region (``terrain``, ``owner``, ``network``...)."""
        next(r for r in self.raw["regions"] if r["id"] == region_id).update(changes)
        return self

    def owners(self, **owners: str) -> Builder:
        """Set owners: ``owners(a1="redland", b1="blueland")``."""
        for region_id, nation in owners.items():
            self.region(region_id, owner=nation)
        return self

    def connect(self, a: str, b: str, kind: str = "land", **flags: Any) -> Builder:
        self.raw["connections"] = [c for c in self.raw["connections"] if {c["a"], c["b"]} != {a, b}]
        self.raw["connections"].append({"id": f"{a}-{b}", "a": a, "b": b, "type": kind, **flags})
        return self

    def structure(self, structure_id: str, region: str, **fields: Any) -> Builder:
        self.raw["structures"].append(
            {"id": structure_id, "name": structure_id.title(), "region": region, **fields}
        )
        return self

    def source(self, source_id: str, region: str, *sides: str) -> Builder:
        self.raw["supply_sources"].append({"id": source_id, "region": region, "sides": list(sides)})
        return self

    # -- forces ----------------------------------------------------------------------------------

    def unit(
        self,
        unit_id: str,
        unit_type: str,
        region: str | None = None,
        *,
        nation: str = "redland",
        structure: str | None = None,
        **fields: Any,
    ) -> Builder:
        location = None
        if structure is not None:
            location = {"structure": structure}
        elif region is not None:
            location = {"region": region}
        self.raw["units"].append(
            {"id": unit_id, "type": unit_type, "nation": nation, "location": location, **fields}
        )
        return self

    def leader(
        self, leader_id: str, region: str | None, *, nation: str = "redland", **fields: Any
    ) -> Builder:
        self.raw["leaders"].append(
            {
                "id": leader_id,
                "name": leader_id.title(),
                "nation": nation,
                "location": {"region": region} if region else None,
                **fields,
            }
        )
        return self

    def unit_type(self, type_id: str, **fields: Any) -> Builder:
        """Change or add a unit type."""
        for unit_type in self.raw["unit_types"]:
            if unit_type["id"] == type_id:
                unit_type.update(fields)
                return self
        self.raw["unit_types"].append({"id": type_id, "name": type_id.title(), **fields})
        return self

    def rules(self, section: str, **values: Any) -> Builder:
        self.raw.setdefault("rules", {}).setdefault(section, {}).update(values)
        return self

    def set(self, key: str, value: Any) -> Builder:
        """Set any top-level section (``cards``, ``events``, ``tension``...)."""
        self.raw[key] = value
        return self

    # -- result ----------------------------------------------------------------------------------

    def build(self) -> Scenario:
        result = load_text(json.dumps(self.raw))
        errors = [str(i) for i in result.issues if i.is_error]
        assert result.scenario is not None and not errors, errors
        return result.scenario

    def game(self, seed: int = 0, **options: Any) -> Game:
        return Game(self.build(), seed, **options)


def advance_to(game: Game, phase: str, side: str | None = None, *, limit: int = 500) -> None:
    """End phases until ``phase`` of ``side`` (default: the side now active) is open."""
    side = side or game.active_side
    for _ in range(limit):
        if game.phase == phase and game.active_side == side:
            return  # a decision the phase opened with is the test's to answer
        game.apply(EndPhase())
    raise AssertionError(f"never reached {phase} of {side}")

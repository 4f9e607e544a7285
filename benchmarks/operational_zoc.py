"""Operational rules budgets (issue 15): a side's zone of control over a 3,000-hex map with
300 units in at most 20 ms.

    .venv/bin/python benchmarks/operational_zoc.py     # the numbers, as JSON
    .venv/bin/python benchmarks/run.py --only operational

The map is 60 x 50 open hexes with a few woods runs and a belt of minefield hexsides (so the
blocked-side mask has work to do); 300 units stand on random hexes, 150 a side, of mixed
echelons and qualities, some cut off. The budget covers what a caller pays for one side's
field: the side's units filtered from all 300, each unit's value (SP, quality, cut line), and
the whole map's values. Building the board (once per game) is reported beside it, and the
floor is the two numpy passes alone (``bincount`` and the gather over the neighbour table),
measured in the same run, so the ratio says what the rules add to the arithmetic.
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.timing import best_of  # noqa: E402

BUDGET_MS = 20.0
"""Issue 15: ZOC for a side at 3,000 hexes and 300 units."""
COLUMNS, ROWS, UNITS = 60, 50, 300


def scenario_raw(columns: int = COLUMNS, rows: int = ROWS, units: int = UNITS) -> dict[str, Any]:
    """An operational scenario of ``columns`` x ``rows`` hexes and ``units`` units (seeded)."""
    from schemas.hexmap import hexside_connection_types
    from schemas.operational.presets import (
        operational_connection_types,
        operational_terrain_types,
    )
    from schemas.scenario import SCHEMA_VERSION
    from schemas.terrain import default_connection_types

    rng = random.Random(15)
    half = columns // 2
    kinds = [
        *default_connection_types(),
        *hexside_connection_types(),
        *operational_connection_types(),
    ]
    mines = [f"c{half}r{r}-c{half + 1}r{r}" for r in range(1, rows + 1, 3)]
    echelons = ["company", "battalion", "battalion", "regiment", "brigade"]
    qualities = ["conscript", "green", "regular", "regular", "veteran", "elite"]
    placed = []
    for n in range(units):
        nation = "redland" if n % 2 == 0 else "blueland"
        low, high = (1, half) if nation == "redland" else (half + 1, columns)
        state: dict[str, Any] = {
            "echelon": rng.choice(echelons),
            "quality": rng.choice(qualities),
            "readiness": float(rng.randint(20, 100)),
        }
        placed.append(
            {
                "id": f"u{n}",
                "type": "inf" if n % 3 else "tank",
                "nation": nation,
                "location": {"region": f"c{rng.randint(low, high)}r{rng.randint(1, rows)}"},
                "operational": state,
            }
        )
    return {
        "schema_version": SCHEMA_VERSION,
        "info": {"title": "Operational ZOC benchmark"},
        "calendar": {
            "start_date": "1942-07-01",
            "turns": 10,
            "turn_order": ["red", "blue"],
            "turn_system": "wego",
        },
        "rules": {"family": "operational"},
        "terrain": [t.model_dump() for t in operational_terrain_types()],
        "connection_types": [t.model_dump() for t in kinds],
        "regions": [],
        "hex_map": {
            "size": 10.0,
            "columns": columns,
            "rows": rows,
            "base_terrain": "open",
            "terrain": {"woods": [f"c5r{r}*6" for r in range(1, rows, 4)]},
            "hexsides": {"minefield": mines},
        },
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
        "unit_types": [
            {
                "id": "inf",
                "name": "Infantry",
                "operational": {"category": "infantry", "attack": 6, "defence": 8, "movement": 8},
            },
            {
                "id": "tank",
                "name": "Tanks",
                "operational": {
                    "category": "armour",
                    "column": "armour",
                    "attack": 16,
                    "defence": 8,
                    "movement": 16,
                    "shock": "shock4",
                },
            },
        ],
        "units": placed,
    }


def bench(repeats: int = 20, **size: int) -> dict[str, Any]:
    from engine.operational import OpBoard, units_of, zoc
    from schemas.io import load_text

    result = load_text(json.dumps(scenario_raw(**size)))
    assert result.scenario is not None, [str(i) for i in result.issues[:5]]
    errors = [str(i) for i in result.issues if i.is_error]
    assert not errors, errors[:5]
    scenario = result.scenario
    board_s = best_of(3, lambda: OpBoard.of(scenario))
    board = OpBoard.of(scenario)
    found = units_of(scenario, board)
    # Some units cut off, as a game would have them.
    units = [u if i % 10 else replace(u, loc="isolated") for i, u in enumerate(found.values())]
    board.zoc_blocked  # noqa: B018 - built once per game, off the clock
    red = best_of(repeats, lambda: zoc(board, units, "red"))
    night = best_of(repeats, lambda: zoc(board, units, "blue", night=True))
    hexes = np.array([u.hex for u in units], dtype=np.int64)
    weights = np.ones(len(units))
    neighbours = np.where(board.neighbours >= 0, board.neighbours, board.grid.count)

    def floor() -> np.ndarray:
        own = np.bincount(hexes, weights=weights, minlength=board.grid.count)
        return own + np.append(own, 0.0)[neighbours].sum(axis=1)

    floor_s = best_of(repeats, floor)
    field = zoc(board, units, "red")
    return {
        "hexes": board.grid.count,
        "units": len(units),
        "zoc_ms": red * 1000,
        "zoc_night_ms": night * 1000,
        "board_ms": board_s * 1000,
        "floor_ms": floor_s * 1000,
        "per_floor": red / floor_s if floor_s > 0 else 0.0,
        "hexes_in_zoc": int((field.values > 0).sum()),
    }


if __name__ == "__main__":
    print(json.dumps(bench(), indent=2))

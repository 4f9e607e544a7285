"""Hex map budgets (issue 14): a 10,000-hex scenario loaded and validated well under 2 s, and
its map a small file.

Run from the repository root:

    .venv/bin/python benchmarks/hexes.py

The scenario is the generator's 100 x 100 hex map (seed 1), with the forces, cards and places
a generated campaign has. ``load_s`` is what opening it costs before anything is drawn: text
to validated models and every check (the studio's budget for opening it is 2 s, drawing
included; the drawing comes with the studio's hex tools). ``map_kb`` is the size of the map's
own section of the canonical file (``hex_map``: terrain, owners, areas, hex records, hexsides,
bridges, roads), the whole file being reported beside it: its forces grow with the map as a
designer's would, and are no part of what the format stores per hex. The engine's world (every
hex a region model, every hexside a connection model) is timed too: a game builds it once.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "benchmarks" / ".cache"
sys.path.insert(0, str(ROOT))

from benchmarks.timing import best_of  # noqa: E402
from schemas.io import canonical_json, load_text, save  # noqa: E402

LOAD_BUDGET_S = 1.0
"""Half the studio's budget for opening the map, "well under 2 s"."""
MAP_BUDGET_KB = 300.0


def generated(columns: int = 100, rows: int = 100, seed: int = 1) -> Path:
    path = CACHE / f"hex-{columns}x{rows}-seed{seed}.json"
    if not path.exists():
        from schemas.generator import generate_hex_scenario

        CACHE.mkdir(parents=True, exist_ok=True)
        save(generate_hex_scenario(columns, rows, seed), path)
    return path


def bench(repeats: int = 3) -> dict[str, Any]:
    path = generated()
    text = path.read_text()
    result = load_text(text)
    assert result.ok, [str(i) for i in result.issues[:5]]
    scenario = result.scenario
    assert scenario is not None and scenario.hex_map is not None
    del result
    load = best_of(repeats, lambda: load_text(text))
    thorough = best_of(repeats, lambda: load_text(text, thorough=True))
    parse = best_of(repeats, lambda: json.loads(text))
    raw = json.loads(text)
    map_bytes = len(canonical_json({"hex_map": raw["hex_map"]}).encode())
    from engine.world import World

    start = time.perf_counter()
    world = World(scenario)
    world_s = time.perf_counter() - start
    return {
        "hexes": scenario.hex_map.columns * scenario.hex_map.rows,
        "hexsides": len(world.connections),
        "load_s": load,
        "thorough_s": thorough,
        "parse_s": parse,
        "file_kb": len(text.encode()) / 1000,
        "map_kb": map_bytes / 1000,
        "world_s": world_s,
        "units": len(scenario.units),
    }


if __name__ == "__main__":
    found = bench()
    print(json.dumps(found, indent=2))
    ok = found["load_s"] <= LOAD_BUDGET_S and found["map_kb"] <= MAP_BUDGET_KB
    sys.exit(0 if ok else 1)

"""Operational rules budget (issue 15): a WEGO execution phase with 300 units on a 3,000-hex
map in at most 0.5 s.

    .venv/bin/python benchmarks/operational_wego.py     # the numbers, as JSON
    .venv/bin/python benchmarks/run.py --only operational

The map and units are the zone-of-control benchmark's (``operational_zoc.scenario_raw``: 60
x 50 hexes, woods runs, a belt of minefield hexsides, 150 units a side), moved to random
hexes within six columns of the middle, each on its own side, so the armies touch. Every
stack gets an order, as a busy turn would have: a stack next to an enemy attacks it, every
other stack heads four hexes toward the enemy's side (half of them as an attack on the hex
beyond, so Move and Attack meets whatever stands there), so the phase has steps priced
through enemy zones, jams, contacts, battles with retreats and advances, and a frame of the
film per tick. The clock runs over the execution alone (``engine.wego.execute.run``); each
run starts from a fresh copy of the game made off the clock; the figure held to the budget
is the wall time, or the CPU time of the work while other work keeps the machine's cores
busy (``timing.as_met``), both reported. The floor, measured in the same run, is the
arithmetic no execution can skip: both sides' zones of control once per tick.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from benchmarks.timing import as_met, best_of, load_average  # noqa: E402

BUDGET_S = 0.5
"""Issue 15: one WEGO execution phase, 300 units, 3,000 hexes."""


def _orders(game: Any) -> dict[str, dict[str, Any]]:
    """An order for every stack (see the module docstring)."""
    from engine.wego.orders import OrderAttack, OrderMove

    grid_find = game.world.regions
    occupied = {s.region: s.side for s in game.state.stacks.values()}
    out: dict[str, dict[str, Any]] = {side: {} for side in game.sides_in_play}
    columns = game.scenario.hex_map.columns
    for n, stack in enumerate(sorted(game.state.stacks.values(), key=lambda s: s.id)):
        column, row = (int(x) for x in stack.region[1:].split("r"))
        step = 1 if stack.side == "red" else -1
        beside = f"c{column + step}r{row}"
        if occupied.get(beside) not in (None, stack.side):
            out[stack.side][stack.id] = OrderAttack(stack.id, beside, ()).to_json()
            continue
        path = []
        for k in range(1, 5):
            c = column + step * k
            if not 1 <= c <= columns:
                break
            path.append(f"c{c}r{row}")
        if not path or any(p not in grid_find for p in path):
            continue
        beyond = f"c{column + step * (len(path) + 1)}r{row}"
        if n % 2 and beyond in grid_find:
            out[stack.side][stack.id] = OrderAttack(stack.id, beyond, tuple(path)).to_json()
        else:
            out[stack.side][stack.id] = OrderMove(stack.id, tuple(path)).to_json()
    return out


def _to_the_front(raw: dict[str, Any], depth: int = 6) -> None:
    """Stand every unit within ``depth`` columns of the middle, on its own side (seeded), so
    the turn brings many contacts and battles."""
    rng = random.Random(15)
    columns, rows = raw["hex_map"]["columns"], raw["hex_map"]["rows"]
    half = columns // 2
    for unit in raw["units"]:
        red = unit["nation"] == "redland"
        low, high = (half - depth + 1, half) if red else (half + 1, half + depth)
        unit["location"] = {"region": f"c{rng.randint(low, high)}r{rng.randint(1, rows)}"}


def bench(repeats: int = 5, **size: int) -> dict[str, Any]:
    import operational_zoc

    from engine import Game
    from engine.operational import enemy_zoc
    from engine.wego import execute
    from engine.wego.op import state as op_state
    from schemas.io import load_text

    raw = operational_zoc.scenario_raw(**size)
    _to_the_front(raw)
    result = load_text(json.dumps(raw))
    assert result.scenario is not None
    scenario = result.scenario
    origin = Game(scenario, 15)
    assert origin.phase == "wego_planning", origin.phase
    orders = _orders(origin)
    saved = json.dumps(origin.save())
    games: list[Any] = []

    def fresh() -> None:
        game = Game.from_save(scenario, saved)
        assert game.state.wego is not None
        game.state.wego["orders"] = json.loads(json.dumps(orders))
        op_state.board_of(game)  # built once per game, off the clock
        games.append(game)

    walls, cpus = [], []
    for _ in range(repeats):
        fresh()
        game = games[-1]
        start, cpu = time.perf_counter(), time.process_time()
        execute.run(game)
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
    wall, cpu_s = min(walls), min(cpus)
    seconds = as_met(wall, cpu_s)
    played = games[-1]
    records = played.log.records
    ticks = sum(1 for r in records if r["type"] == "wego_tick") - 1
    board = op_state.board_of(played)
    units = list(op_state.units(origin).values())

    def floor() -> None:
        for _ in range(max(ticks, 1)):
            for side in ("red", "blue"):
                enemy_zoc(board, units, side)

    floor_s = best_of(repeats, floor)
    floor_cpus = []
    for _ in range(repeats):
        cpu = time.process_time()
        floor()
        floor_cpus.append(time.process_time() - cpu)
    floor_cpu = min(floor_cpus)
    kinds: dict[str, int] = {}
    for record in records:
        kinds[record["type"]] = kinds.get(record["type"], 0) + 1
    return {
        "hexes": board.grid.count,
        "units": len(units),
        "orders": sum(len(o) for o in orders.values()),
        "ticks": ticks,
        "execution_s": seconds,
        "wall_s": wall,
        "cpu_s": cpu_s,
        "load_average": load_average(),
        "floor_s": floor_s,
        "floor_cpu_s": floor_cpu,
        "per_floor": cpu_s / floor_cpu if floor_cpu > 0 else 0.0,
        "steps": kinds.get("wego_step", 0),
        "battles": kinds.get("op_battle", 0),
        "retreats": kinds.get("op_retreat", 0),
        "advances": kinds.get("op_advance", 0),
        "jams": kinds.get("wego_jam", 0),
    }


if __name__ == "__main__":
    print(json.dumps(bench(), indent=2))

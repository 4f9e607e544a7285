"""Supply budget: every stack of a side judged against its lines on a 10,000-region map.

Run from the repository root:

    .venv/bin/python benchmarks/supply.py

The budget (50 ms) covers a cold search (no cached net) plus the verdict for each of the side's
stacks; the figure kept is the slower side's best of ``repeats`` runs. The static graph, built
once per game, is timed apart, as are a warm call (inputs gathered, net reused) and a whole
supply phase (dice, losses and records included) on a copy of the state.
"""

from __future__ import annotations

import copy
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.timing import best_ms  # noqa: E402
from engine import Game, supply  # noqa: E402
from engine.phases.supply import resolve  # noqa: E402
from engine.supply_graph import graph  # noqa: E402
from schemas.generator import generate_scenario  # noqa: E402

BUDGET_MS = 50.0


def bench(repeats: int = 3, regions: int = 10_000, seed: int = 1) -> dict[str, Any]:
    """Time supply on a generated map; ``ms`` is the figure held to the 50 ms budget."""
    scenario = generate_scenario(regions, seed)
    game = Game(scenario, seed)
    start = time.perf_counter()
    graph(game.world)
    graph_ms = (time.perf_counter() - start) * 1000
    out: dict[str, Any] = {"regions": regions, "budget_ms": BUDGET_MS, "graph_ms": graph_ms}
    cold, warm, phase = [], [], []
    for side in game.sides_in_play:

        def judge(side: str = side) -> dict[str, bool]:
            return supply.stacks_supplied(game, side)

        cold.append(best_ms(repeats, judge, lambda: supply.forget(game)))
        warm.append(best_ms(repeats, judge))
        verdicts = supply.stacks_supplied(game, side)
        out[side] = {
            "stacks": len(verdicts),
            "supplied": sum(verdicts.values()),
            "regions_in_supply": len(supply.supplied_regions(game, side)),
        }
        saved = copy.deepcopy(game.state)
        log_on = game.log.enabled
        game.log.enabled = False

        def fresh(saved: Any = saved) -> None:
            game.state = copy.deepcopy(saved)
            supply.forget(game)

        phase.append(best_ms(repeats, lambda s=side: resolve(game, s), fresh))
        game.state = saved
        game.log.enabled = log_on
    out.update(ms=max(cold), warm_ms=max(warm), phase_ms=max(phase))
    out["passed"] = out["ms"] <= BUDGET_MS
    return out


if __name__ == "__main__":
    result = bench()
    verdict = "ok  " if result["passed"] else "FAIL"
    print(f"{verdict} supply, every stack of a side: {result['ms']:.1f} ms (budget {BUDGET_MS:g})")
    print(
        f"     {result['regions']} regions; static graph {result['graph_ms']:.1f} ms once per "
        f"game; warm call {result['warm_ms']:.2f} ms; "
        f"whole supply phase {result['phase_ms']:.1f} ms"
    )
    for key, value in result.items():
        if isinstance(value, dict):
            print(f"     {key}: {value}")
    sys.exit(0 if result["passed"] else 1)

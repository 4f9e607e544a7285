"""The theatre samples' whole AI-against-AI games: how long each takes, to the end.

Run from the repository root (``benchmarks/run.py`` runs it with every other budget):

    .venv/bin/python benchmarks/theatres.py          # the numbers, as JSON

Each sample is played on the seed its own tests watch (``tests/samples/test_theatres.py``),
once (a game takes seconds), headless, as ``salient play --headless`` plays it. The budget of
20 s a game is the one the sample tests used to assert; issue 12 sets 1 s of CPU for a whole
game at the ``normal`` AI level, which the CPU column is there to follow.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.runner import play  # noqa: E402
from schemas.io import load_file  # noqa: E402

SEEDS = {"winter-war": 3, "north-africa": 2, "mexican-war": 1}
BUDGET_S = 20.0


def bench() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, seed in SEEDS.items():
        scenario = load_file(ROOT / "sample_scenarios" / f"{name}.json").scenario
        assert scenario is not None
        wall, cpu = time.perf_counter(), time.process_time()
        result = play(scenario, seed)
        out[name] = {
            "seed": seed,
            "wall_s": time.perf_counter() - wall,
            "cpu_s": time.process_time() - cpu,
            "actions": result.actions,
            "turns": result.summary()["turns_played"],
            "finished": result.finished,
        }
    return {"games": out, "budget_s": BUDGET_S}


if __name__ == "__main__":
    print(json.dumps(bench(), indent=2))

"""The theatre samples' whole AI-against-AI games: how long each takes, to the end.

Run from the repository root (``benchmarks/run.py`` runs it with every other budget):

    .venv/bin/python benchmarks/theatres.py          # the numbers, as JSON

Each sample is played on the seed its own tests watch (``tests/samples/test_theatres.py``),
once per AI level, headless, as ``salient play --headless`` plays it. Issue 12's budget is
1 s of CPU for a whole game at the ``normal`` level (the baseline is held to it too; ``hard``
to five times that); the wall time is given beside it (20 s was the former sample tests' assertion).

The floor is the same game's actions applied again to a fresh game, without an AI choosing
them: what the rules alone cost. ``cpu_per_floor`` (the whole game's CPU over the floor's,
measured in the same run) hardly depends on the machine or on its load, so it shows what the
AI's own thinking costs on top of the rules.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.actions import Action  # noqa: E402
from engine.ai import levels  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.runner import play  # noqa: E402
from schemas.io import load_file  # noqa: E402

SEEDS = {"winter-war": 3, "north-africa": 2, "mexican-war": 1}
LEVELS = ("baseline", "normal", "hard")
BUDGET_CPU_S = 1.0
"""Issue 12: a theatre sample's whole game at the ``normal`` level."""
BUDGETS_CPU_S = {"baseline": BUDGET_CPU_S, "normal": BUDGET_CPU_S, "hard": 5 * BUDGET_CPU_S}
"""Per level. ``hard`` looks at the enemy's next move before its moves: its own aim (not the
issue's) is at most five times ``normal``'s CPU for a whole theatre game."""
BUDGET_S = 20.0


def _floor(game: Game) -> float:
    """CPU seconds to apply the game's recorded actions again to a fresh game."""
    actions = [Action.from_json(r["action"]) for r in game.log if r.get("type") == "action"]
    cpu = time.process_time()
    again = Game(game.scenario, game.seed, fog=game.fog)
    for action in actions:
        again.apply(action)
    return time.process_time() - cpu


def bench() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, seed in SEEDS.items():
        scenario = load_file(ROOT / "sample_scenarios" / f"{name}.json").scenario
        assert scenario is not None
        for level in LEVELS:
            if level not in levels.LEVELS:
                continue
            wall, cpu = time.perf_counter(), time.process_time()
            result = play(scenario, seed, level=level)
            cpu = time.process_time() - cpu
            wall = time.perf_counter() - wall
            floor = _floor(result.game)
            out[f"{name} ({level})"] = {
                "sample": name,
                "level": level,
                "seed": seed,
                "wall_s": wall,
                "cpu_s": cpu,
                "floor_cpu_s": floor,
                "cpu_per_floor": cpu / floor if floor > 0 else None,
                "actions": result.actions,
                "turns": result.summary()["turns_played"],
                "finished": result.finished,
                "budget_cpu_s": BUDGETS_CPU_S[level],
            }
    return {"games": out, "budget_s": BUDGET_S, "budget_cpu_s": BUDGET_CPU_S}


if __name__ == "__main__":
    print(json.dumps(bench(), indent=2))

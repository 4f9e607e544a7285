"""Battle resolution speed: the budgets are 5,000 complete 10-against-10 battles a second one
by one, 10,000 a second batched, and 1,000 samples of one battle in 50 ms.

Run from the repository root:

    .venv/bin/python benchmarks/battles.py

A representative battle: on each side six infantry divisions (two shots a round), two armour
units, two artillery units and a leader, in a clear region. Three rates are measured, each the
best of ``repeats`` runs:

- ``battles_per_second``: whole battles as the AI asks for them (:func:`engine.combat.fast.
  simulate`): the setup worked out from the game state, then every round to the end, with
  pursuit and the support units lost at the end. This is the budgeted figure.
- ``fights_per_second``: the rounds alone, the setup worked out once (how odds previews run).
- ``game_battles_per_second``: the same battle played through the game's card windows with
  the log switched off, state saved and restored around each battle (for comparison).
- ``batch_battles_per_second``: the batch engine (:mod:`engine.combat.batch`), 10,000 battles
  of the set-up fought side by side in one call (budget 10,000 a second, one core).
- ``odds_1000_ms``: the odds calculator's work, :func:`engine.combat.batch_odds.preview` with 1,000
  samples: the set-up worked out from the game state, then the batch (budget 50 ms).

The batch figures are also given in CPU seconds of this process (``*_cpu``): on a machine
shared with other work the wall clock of the best run can still be inflated, CPU time much
less.
"""

from __future__ import annotations

import gc
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from engine import Game  # noqa: E402
from engine.actions import Breakthrough, ContinueBattle, ResolveBattle  # noqa: E402
from engine.combat import batch, batch_odds, fast  # noqa: E402
from engine.dice import Dice  # noqa: E402
from engine.state import GameState  # noqa: E402
from tests.engine.builder import Builder  # noqa: E402

BUDGET = 5000.0
BATCH_BUDGET = 10_000.0
ODDS_BUDGET_MS = 50.0


def scenario_game(seed: int = 1) -> Game:
    """The benchmark battle, ready to fight in b1 in red's battles phase."""
    b = Builder(cols=3)
    b.raw["calendar"]["phases"] = [{"phase": "battles"}, {"phase": "end_of_turn"}]
    b.region("b1", stacking=60)
    b.unit_type("inf", rate_of_fire=2)
    for side, nation in (("r", "redland"), ("x", "blueland")):
        for i in range(6):
            b.unit(f"{side}i{i}", "inf", "b1", nation=nation)
        for i in range(2):
            b.unit(f"{side}t{i}", "tank", "b1", nation=nation)
            b.unit(f"{side}a{i}", "art", "b1", nation=nation)
    b.leader("rl", "b1", rank=2, attack=1, morale=1)
    b.leader("xl", "b1", nation="blueland", rank=2, defence=1, morale=1)
    game = b.game(seed)
    for stack in game.state.stacks.values():
        if stack.side == "red":
            stack.came_from = "a1"
    return game


def _rate(repeats: int, count: int, work: Callable[[], Any]) -> float:
    best = 0.0
    for _ in range(repeats):
        gc.collect()
        begin = time.perf_counter()
        for _ in range(count):
            work()
        best = max(best, count / (time.perf_counter() - begin))
    return best


def _best(repeats: int, work: Callable[[], Any]) -> tuple[float, float]:
    """Fastest wall-clock and CPU seconds of ``repeats`` runs of ``work``."""
    wall, cpu = [], []
    for _ in range(repeats):
        gc.collect()
        begin, begin_cpu = time.perf_counter(), time.process_time()
        work()
        wall.append(time.perf_counter() - begin)
        cpu.append(time.process_time() - begin_cpu)
    return min(wall), min(cpu)


def bench_batch(repeats: int = 5) -> dict[str, Any]:
    """The batch engine's two budgets (see the module docstring)."""
    game = scenario_game()
    setup = fast.setup_for(game, "b1")
    count = 10_000
    wall, cpu = _best(repeats, lambda: batch.fight_many(setup, count, np.random.default_rng(1), 10))
    odds_wall, odds_cpu = _best(repeats * 2, lambda: batch_odds.preview(game, "b1", runs=1000))
    return {
        "batch_battles_per_second": count / wall,
        "batch_battles_per_second_cpu": count / cpu,
        "odds_1000_ms": odds_wall * 1000,
        "odds_1000_ms_cpu": odds_cpu * 1000,
        "batch_budget": BATCH_BUDGET,
        "odds_budget_ms": ODDS_BUDGET_MS,
        "batch_passed": count / wall >= BATCH_BUDGET and odds_wall * 1000 <= ODDS_BUDGET_MS,
    }


def bench(repeats: int = 3) -> dict[str, Any]:
    """Measure the battle rates (see the module docstring); ``passed`` compares the budgeted
    ``battles_per_second`` with ``budget``."""
    game = scenario_game()
    dice = Dice(7)
    setup = fast.setup_for(game, "b1")
    whole = _rate(repeats, 2000, lambda: fast.simulate(game, "b1", dice))
    rounds = _rate(repeats, 2000, lambda: fast.fight(setup, dice))

    outcome = fast.preview(game, "b1", runs=400, seed=3)
    game.log.enabled = False
    saved = game.state.to_json()

    def in_game() -> None:
        game.state = GameState.from_json(saved)
        game.apply(ResolveBattle("b1"))
        while game.state.battle is not None:
            game.apply(ContinueBattle())
        if game.state.pending:
            game.apply(Breakthrough("b1"))

    played = _rate(repeats, 100, in_game)
    batched = bench_batch(repeats + 2)
    return {
        **batched,
        "battles_per_second": whole,
        "fights_per_second": rounds,
        "game_battles_per_second": played,
        "budget": BUDGET,
        "passed": whole >= BUDGET and batched["batch_passed"],
        "units_per_side": 10,
        "attacker_win": outcome["attacker_win"],
        "mean_rounds": outcome["rounds"],
    }


if __name__ == "__main__":
    result = bench()
    print(json.dumps(result, indent=2))
    sys.exit(0 if result["passed"] else 1)

"""Battle resolution speed: the budget is 5,000 complete 10-against-10 battles a second.

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

from engine import Game  # noqa: E402
from engine.actions import Breakthrough, ContinueBattle, ResolveBattle  # noqa: E402
from engine.combat import fast  # noqa: E402
from engine.dice import Dice  # noqa: E402
from engine.state import GameState  # noqa: E402
from tests.engine.builder import Builder  # noqa: E402

BUDGET = 5000.0


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
    return {
        "battles_per_second": whole,
        "fights_per_second": rounds,
        "game_battles_per_second": played,
        "budget": BUDGET,
        "passed": whole >= BUDGET,
        "units_per_side": 10,
        "attacker_win": outcome["attacker_win"],
        "mean_rounds": outcome["rounds"],
    }


if __name__ == "__main__":
    result = bench()
    print(json.dumps(result, indent=2))
    sys.exit(0 if result["passed"] else 1)

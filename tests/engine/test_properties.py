"""Games driven by random legal actions: nothing raises, nothing is created or duplicated,
stacking holds after every move, VP stay at or above zero, and every game ends."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Game
from engine.actions import EndPhase, Move
from engine.movement import fits, stack_domain
from schemas import load_file

SAMPLE = load_file(Path(__file__).resolve().parents[2] / "sample_scenarios" / "vessa-crossing.json")


def check_invariants(game: Game, unit_ids: set[str]) -> None:
    state = game.state
    assert set(state.units) == unit_ids, "units were created or lost"
    seen: set[str] = set()
    for stack in state.stacks.values():
        assert stack.units, f"empty stack {stack.id}"
        for unit_id in stack.units:
            assert unit_id not in seen, f"{unit_id} stands in two stacks"
            seen.add(unit_id)
            unit = state.units[unit_id]
            assert unit.status == "active" and unit.stack == stack.id
            assert unit.strength > 0
    for unit in state.units.values():
        assert (unit.status == "active") == (unit.id in seen)
    assert all(side.vp >= 0 for side in state.sides.values())


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), patience=st.floats(0.1, 0.6))
def test_random_games_keep_the_rules(seed: int, patience: float) -> None:
    game = Game(SAMPLE.scenario, seed)
    chooser = random.Random(seed)
    unit_ids = set(game.state.units)
    for _ in range(20_000):
        if game.outcome() is not None:
            break
        actions = game.legal_actions()
        assert actions, "a running game always offers an action"
        # End phases now and then so that games reach their end in reasonable time.
        action = (
            EndPhase()
            if EndPhase() in actions and chooser.random() < patience
            else (chooser.choice(actions))
        )
        game.apply(action)
        if isinstance(action, Move) and action.stack in game.state.stacks:
            stack = game.state.stacks[action.stack]
            if (
                stack_domain(game, stack) == "land"
                and stack.structure is None
                and not game.state.battle
                and not [
                    s
                    for s in game.state.stacks.values()
                    if s.region == stack.region and game.world.at_war(s.side, stack.side)
                ]
            ):
                assert fits(game, stack, stack.region) or _shared_with_friends(game, stack)
        check_invariants(game, unit_ids)
    assert game.outcome() is not None, "the game did not end"


def _shared_with_friends(game: Game, stack) -> bool:
    # A moving stack may have merged into an entrenched friendly stack that was already full.
    return any(
        s.id != stack.id and s.side == stack.side and s.region == stack.region
        for s in game.state.stacks.values()
    )

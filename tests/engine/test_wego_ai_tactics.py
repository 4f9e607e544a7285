"""The skilled WEGO planner of the ``normal`` and ``hard`` levels (engine/wego/tactics.py):
concentric attacks timed to go in together (the order's ``wait``, docs/wego.md), a stack
waiting only where the enemy within reach could not attack it. The baseline planner sends
every attacker at once, so the nearest fights alone."""

from __future__ import annotations

from engine import Game
from engine.ai import levels
from engine.ai.baseline import BaselineAI
from engine.wego.ai import make_plan
from engine.wego.orders import OrderAttack, SealPlan
from tests.hexes import HexBuilder
from tests.wego_scenarios import lane


def stack_of(game: Game, unit: str) -> str:
    stack = game.state.units[unit].stack
    assert stack is not None
    return stack


def attack_lane(*, blue_reserve: int = 0) -> Game:
    """Red ``near`` next to the blue division at c6r1 and red ``far`` three steps from it:
    neither alone has 1.2 times the blue strength, both together have. ``blue_reserve``
    more blue divisions stand two steps from ``near``."""
    b: HexBuilder = lane(columns=9)
    b.unit("near", "inf", "c5r1").unit("far", "inf", "c3r1")
    b.unit("b", "inf", "c6r1", nation="blueland")
    for i in range(blue_reserve):
        b.unit(f"reserve{i}", "inf", "c7r1", nation="blueland")
    return b.game(seed=1)


def attacks(game: Game, level: str) -> dict[str, OrderAttack]:
    style = levels.player(level).style  # type: ignore[attr-defined]
    return {o.stack: o for o in make_plan(game, "red", style) if isinstance(o, OrderAttack)}


def test_normal_times_a_concentric_attack_so_that_its_stacks_go_in_together() -> None:
    game = attack_lane()
    near, far = stack_of(game, "near"), stack_of(game, "far")
    timed = attacks(game, "normal")
    # ``far`` needs three ticks (two steps and the step in), so ``near`` waits two.
    assert timed[near] == OrderAttack(near, "c6r1", (), wait=2)
    assert timed[far] == OrderAttack(far, "c6r1", ("c4r1", "c5r1"), wait=0)
    assert attacks(game, "hard") == timed  # hard plans WEGO turns as normal does
    # The baseline planner sends both at once.
    assert {o.wait for o in attacks(game, "baseline").values()} == {0}

    for order in timed.values():
        game.apply(order)
    game.apply(SealPlan())
    game.apply(SealPlan())  # blue holds
    (battle,) = [r for r in game.log.records if r["type"] == "battle_start"]
    assert sorted(battle["attackers"]) == ["far", "near"]


def test_the_baseline_attack_goes_in_piecemeal() -> None:
    """What the timing mends: the nearest stack fights the first battle alone."""
    game = attack_lane()
    ai = BaselineAI()
    while game.phase == "wego_planning" and game.to_act() == "red":
        game.apply(ai.choose(game))
    game.apply(SealPlan())
    first = next(r for r in game.log.records if r["type"] == "battle_start")
    assert first["attackers"] == ["near"]


def test_a_stack_the_enemy_could_attack_does_not_wait_for_the_others() -> None:
    """Blue's reserve two steps away could attack ``near`` at 1.5 to 1 while it waits: it
    goes in at once, striking first, and ``far`` comes as fast as it can."""
    game = attack_lane(blue_reserve=2)
    near, far = stack_of(game, "near"), stack_of(game, "far")
    timed = attacks(game, "normal")
    assert timed[near].wait == 0
    assert timed[far].wait == 0


def test_normal_plans_the_same_turn_twice() -> None:
    first = attacks(attack_lane(), "normal")
    assert attacks(attack_lane(), "normal") == first

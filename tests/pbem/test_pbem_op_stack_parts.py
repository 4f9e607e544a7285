"""Play by e-mail with part of a stack detached (issue 15, OO1, OT10): red's first file holds
the commitment only, and red's reveal detaches the part and gives both parts their orders,
as in hot seat."""

from __future__ import annotations

from pathlib import Path

from engine import Game
from engine.pbem import load, start
from engine.pbem.turnfile import read
from engine.wego.op.actions import Detach
from engine.wego.orders import OrderIgnoreEnemy, OrderMove, SealPlan
from tests.operational.builder import OpBuilder
from tests.operational.play import stack


def test_oo1_oo3_a_detached_part_and_its_ignore_enemy_order_travel_sealed(
    tmp_path: Path,
) -> None:
    b = OpBuilder(columns=8, rows=3)
    b.raw["calendar"]["turns"] = 3
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.unit("tank", "armour", "c2r2", echelon="regiment")
    b.unit("rifles", "inf", "c2r2", echelon="battalion")
    b.unit("foe", "inf", "c5r2", nation="blueland", echelon="battalion")
    scenario = b.build()
    red, _ = start(scenario, "split", tmp_path, seed=7, game_id="oo1")
    red_plan(red.game)
    red.apply(SealPlan())
    first = red.write_turn()
    turn, data = read(first)
    assert [a["kind"] for a in turn.actions] == ["commit_plan"]
    assert "op_detach" not in data.decode("utf-8")
    blue = load(first, scenario, side="blue")
    assert stack(blue.game, "tank") == stack(blue.game, "rifles")  # nothing of red's plan
    blue.apply(SealPlan())
    red = load(blue.write_turn(), scenario, side="red")  # the reveal: the execution runs
    game = red.game
    assert game.turn == 2 and not game.log.of_type("plan_action_dropped")
    assert stack(game, "tank") != stack(game, "rifles")
    assert game.state.stacks[stack(game, "tank")].region == "c2r1"
    hot_seat = Game(scenario, 7)
    red_plan(hot_seat)
    hot_seat.apply(SealPlan())
    hot_seat.apply(SealPlan())
    assert game.state.to_json() == hot_seat.state.to_json()


def red_plan(game: Game) -> None:
    """The rifles detached and sent onto the foe's hex ignoring it, the tank north."""
    game.apply(Detach(("rifles",)))
    game.apply(OrderIgnoreEnemy(stack(game, "rifles"), ("c3r2", "c4r2", "c5r2")))
    game.apply(OrderMove(stack(game, "tank"), ("c2r1",)))

"""Road Movement in WEGO turns (OO4, OM7, OM8, OH4): the ``order_road`` order, offered and
checked by the plan, priced at the roads' Road Movement costs with the type's allowance of
Table OM8, refused where OM7 says so, and never attacking."""

from __future__ import annotations

import json

import pytest

from engine import Game
from engine.errors import IllegalAction
from engine.wego import plan
from engine.wego.op import state as op_state
from engine.wego.orders import OrderMove, OrderRoadMove
from tests.operational.builder import OpBuilder
from tests.operational.play import execute, of
from tests.operational.play import stack as stack_of
from tests.wego_scenarios import lane


def highway(columns: int = 20, *, supply: str = "move_plus") -> OpBuilder:
    """A one-row lane with a highway from end to end, units at Move+ (OM7)."""
    b = OpBuilder(columns=columns, rows=1)
    b.raw["calendar"]["turns"] = 3
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.table("turns", supply=supply)
    b.road("road", *(f"c{c}r1" for c in range(1, columns + 1)))
    return b


def road_orders(game: Game) -> list[OrderRoadMove]:
    return [a for a in game.legal_actions() if isinstance(a, OrderRoadMove)]


def test_om8_oh4_road_movement_pays_a_quarter_mp_a_highway_hex_within_the_om8_allowance() -> None:
    b = highway()
    b.unit("inf", "inf", "c1r1")  # 8 MP at Move+; Road Movement x0.5 for infantry: 4 MP
    game = b.game(seed=1)
    stack = game.state.stacks[stack_of(game, "inf")]
    assert plan.allowance(game, stack) == 8.0
    assert plan.allowance(game, stack, road=True) == 4.0
    road = plan.routes(game, stack, road=True)
    assert road["c17r1"].cost == 4.0  # 16 highway hexes at 0.25
    assert "c18r1" not in road
    normal = plan.routes(game, stack)
    assert normal["c9r1"].cost == 8.0 and "c10r1" not in normal  # 1 MP a road hex (OH4)


def test_om8_the_type_sets_the_road_movement_allowance() -> None:
    b = highway()
    b.unit("tank", "armour", "c1r1", echelon="regiment")  # x1
    b.unit("scout", "recce", "c1r1", echelon="battalion")  # x0.8
    game = b.game(seed=1)
    units = op_state.units(game)
    from engine.wego.op.movement import allowance

    assert allowance(game, [units["tank"]], "road") == 16.0
    assert allowance(game, [units["scout"]], "road") == pytest.approx(14.4)


def test_om8_road_movement_keeps_to_roads_and_tracks() -> None:
    b2 = OpBuilder(columns=6, rows=2)
    b2.raw["calendar"]["turns"] = 3
    b2.rules("fog", enabled=False)
    b2.rules("victory", victory_level=None)
    b2.table("turns", supply="move_plus")
    b2.road("trail", "c1r1", "c2r1", "c3r1")
    b2.unit("tank", "armour", "c1r1", echelon="regiment")
    game = b2.game(seed=1)
    stack = game.state.stacks[stack_of(game, "tank")]
    road = plan.routes(game, stack, road=True)
    assert set(road) == {"c2r1", "c3r1"}
    assert road["c3r1"].cost == 1.0  # a track hex costs 0.5 (OH4)
    with pytest.raises(IllegalAction, match="OM8"):
        game.apply(OrderRoadMove(stack.id, ("c2r1", "c3r1", "c4r1")))
    with pytest.raises(IllegalAction, match="OM8"):
        game.apply(OrderRoadMove(stack.id, ("c1r2",)))


def test_om7_road_movement_needs_move_plus_supply() -> None:
    b = highway(supply="basic")
    b.unit("tank", "armour", "c1r1", echelon="regiment")
    game = b.game(seed=1)
    stack = stack_of(game, "tank")
    assert road_orders(game) == []
    with pytest.raises(IllegalAction, match="Move\\+"):
        game.apply(OrderRoadMove(stack, ("c2r1",)))
    b.table("movement", road_needs_move_plus=False)
    game = b.game(seed=1)
    assert OrderRoadMove(stack, ("c2r1",)) in road_orders(game)


def test_om7_road_movement_is_refused_next_to_an_enemy() -> None:
    b = highway()
    b.unit("tank", "armour", "c3r1", echelon="regiment")
    b.unit("foe", "inf", "c4r1", nation="blueland")
    game = b.game(seed=1)
    stack = stack_of(game, "tank")
    assert road_orders(game) == []
    with pytest.raises(IllegalAction, match="enemy next to it"):
        game.apply(OrderRoadMove(stack, ("c2r1",)))
    assert plan.road_refusal(game, game.state.stacks[stack]) is not None
    b.table("movement", road_needs_no_adjacent_enemy=False)
    game = b.game(seed=1)
    assert OrderRoadMove(stack, ("c2r1", "c1r1")) in road_orders(game)


def test_om7_road_movement_needs_every_unit_supported() -> None:
    from engine.wego.op.movement import road_refusal

    b = highway()
    b.unit("tank", "armour", "c3r1", echelon="regiment")
    game = b.game(seed=1)
    units = op_state.units(game)
    assert road_refusal(game, units.values(), []) is None
    from dataclasses import replace

    extended = [replace(u, loc="extended") for u in units.values()]
    assert "Supported" in (road_refusal(game, extended, []) or "")


def test_om8_oh4_a_road_move_steps_at_road_costs_and_spends_readiness_for_its_share() -> None:
    b = highway()
    b.unit("inf", "inf", "c1r1")
    game = b.game(seed=1)
    path = tuple(f"c{c}r1" for c in range(2, 10))  # 8 hexes: 2 of the 4 MP
    records = execute(game, [OrderRoadMove(stack_of(game, "inf"), path)])
    steps = of(records, "wego_step")
    assert [s["to"] for s in steps] == list(path)
    assert {(s["cost"], s["ground"], s["order"]) for s in steps} == {(0.25, 0.25, "order_road")}
    assert game.state.stacks[stack_of(game, "inf")].region == "c9r1"
    assert op_state.data(game)["units"]["inf"]["readiness"] == 95.0  # OM19: half of 10


def test_om8_a_road_move_halts_before_an_enemy_and_never_attacks() -> None:
    b = highway().table("contact", ambush=False)  # OM9 would stop it in the enemy's zone
    b.unit("tank", "armour", "c1r1", echelon="regiment")
    b.unit("foe", "inf", "c6r1", nation="blueland")
    game = b.game(seed=1)
    red = [OrderRoadMove(stack_of(game, "tank"), ("c2r1", "c3r1"), wait=4)]
    blue = [OrderMove(stack_of(game, "foe"), ("c5r1", "c4r1", "c3r1"))]
    records = execute(game, red, blue)
    (contact,) = [c for c in of(records, "wego_contact") if c["side_id"] == "red"]
    assert contact["attack"] is False
    ends = [e for e in of(records, "wego_order_end") if e["side_id"] == "red"]
    assert ends[0]["reason"] == "blocked" and "OM8" in ends[0]["detail"]
    assert not of(records, "op_battle")


def test_om7_oo4_a_road_move_sealed_beside_an_unseen_enemy_falls_back_to_move_and_defend() -> None:
    b = highway()
    b.unit("inf", "inf", "c3r1")
    b.unit("foe", "inf", "c2r1", nation="blueland")
    game = b.game(seed=1)
    # As a plan sealed while the enemy was hidden: the order enters the plan unchecked.
    path = ("c4r1", "c5r1", "c6r1", "c7r1", "c8r1", "c9r1", "c10r1")
    assert game.state.wego is not None
    game.state.wego["orders"]["red"][stack_of(game, "inf")] = OrderRoadMove(
        stack_of(game, "inf"), path
    ).to_json()
    records = execute(game, [])
    (refused,) = of(records, "op_road_refused")
    assert refused["side_id"] == "red" and "OM7" in refused["reason"]
    steps = of(records, "wego_step")
    assert {s["cost"] for s in steps} == {1.0}  # Move and Defend: 1 MP a road hex (OH4)
    assert game.state.stacks[stack_of(game, "inf")].region == "c10r1"


def test_oo4_road_movement_is_not_an_order_of_the_area_rules() -> None:
    b = lane(3)
    b.unit("inf", "inf", "c1r1")
    game = b.game(seed=1)
    stack = stack_of(game, "inf")
    assert not any(isinstance(a, OrderRoadMove) for a in game.legal_actions())
    with pytest.raises(IllegalAction, match="order of the operational rules"):
        game.apply(OrderRoadMove(stack, ("c2r1",)))


def test_oo4_a_road_order_is_saved_with_the_plan_and_loads_back() -> None:
    b = highway()
    b.unit("inf", "inf", "c1r1")
    scenario = b.build()
    game = Game(scenario, 1)
    order = OrderRoadMove(stack_of(game, "inf"), ("c2r1", "c3r1"))
    game.apply(order)
    copy = Game.from_save(scenario, json.dumps(game.save()))
    assert plan.orders_of(copy, "red", viewer="red") == {order.stack: order}

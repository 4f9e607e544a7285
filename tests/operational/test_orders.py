"""The offensive and defensive orders of the operational rules in WEGO turns (OO7, OO8):
Assault, Attack without advance, Hold at all costs and Withdraw, offered by the plan,
checked, saved, and what they do in battle (OC15, OC19, OC24, OC25, OC27)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import Game
from engine.errors import IllegalAction
from engine.operational.aftercombat import withdraw_chance
from engine.wego import plan
from engine.wego.op import state as op_state
from engine.wego.orders import (
    OrderAssault,
    OrderAttack,
    OrderAttackNoAdvance,
    OrderHoldAtAllCosts,
    OrderWithdrawIfAttacked,
    SealPlan,
)
from schemas.operational.combat import INTENSITIES
from tests.operational.builder import OpBuilder
from tests.operational.play import execute, of, stack
from tests.wego_scenarios import lane as area_lane


def lane(columns: int = 8, rows: int = 1) -> OpBuilder:
    b = OpBuilder(columns=columns, rows=rows)
    b.raw["calendar"]["turns"] = 3
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    return b


def duel(defender: dict[str, Any] | None = None, **tables: dict[str, Any]) -> Game:
    b = lane()
    for name, values in tables.items():
        b.table(name, **values)
    b.unit("tank", "armour", "c4r1", echelon="regiment")
    b.unit("foe", "inf", "c5r1", nation="blueland", **(defender or {"echelon": "regiment"}))
    return b.game(seed=4)


def damage_of(battle: dict[str, Any], unit: str) -> float:
    line = next(line for line in battle["units"] if line["unit"] == unit)
    return float(line["damage"])


# -- the plan ---------------------------------------------------------------------------------


def test_oo7_oo8_the_plan_offers_the_operational_orders() -> None:
    game = duel()
    mine = stack(game, "tank")
    offered = game.legal_actions()
    for order in (
        OrderAssault(mine, "c5r1", ()),
        OrderAttackNoAdvance(mine, "c5r1", ()),
        OrderHoldAtAllCosts(mine),
        OrderWithdrawIfAttacked(mine),
    ):
        assert order in offered
        game.apply(order)  # and apply takes each
    assert plan.orders_of(game, "red", viewer="red")[mine] == OrderWithdrawIfAttacked(mine)


def test_oo7_an_assault_is_checked_like_an_attack() -> None:
    game = duel()
    with pytest.raises(IllegalAction, match="holds no enemy"):
        game.apply(OrderAssault(stack(game, "tank"), "c3r1", ()))
    with pytest.raises(IllegalAction):
        game.apply(OrderAttackNoAdvance(stack(game, "tank"), "c7r1", ()))


def test_oo7_oo8_the_area_rules_neither_offer_nor_take_these_orders() -> None:
    b = area_lane(4)
    b.unit("inf", "inf", "c2r1")
    b.unit("foe", "inf", "c3r1", nation="blueland")
    game = b.game(seed=1)
    mine = stack(game, "inf")
    extra = (OrderAssault, OrderAttackNoAdvance, OrderHoldAtAllCosts, OrderWithdrawIfAttacked)
    assert not [a for a in game.legal_actions() if isinstance(a, extra)]
    for order in (
        OrderAssault(mine, "c3r1", ()),
        OrderAttackNoAdvance(mine, "c3r1", ()),
        OrderHoldAtAllCosts(mine),
        OrderWithdrawIfAttacked(mine),
    ):
        with pytest.raises(IllegalAction, match="order of the operational rules"):
            game.apply(order)


def test_oo7_oo8_the_orders_are_saved_with_the_plan() -> None:
    b = lane()
    b.unit("tank", "armour", "c4r1", echelon="regiment")
    b.unit("inf", "inf", "c3r1")
    b.unit("foe", "inf", "c5r1", nation="blueland")
    scenario = b.build()
    game = Game(scenario, 1)
    given = [OrderAssault(stack(game, "tank"), "c5r1", ()), OrderHoldAtAllCosts(stack(game, "inf"))]
    for order in given:
        game.apply(order)
    copy = Game.from_save(scenario, json.dumps(game.save()))
    assert plan.orders_of(copy, "red", viewer="red") == {o.stack: o for o in given}


# -- offensive orders ---------------------------------------------------------------------------


def test_oo7_oc15_an_assault_is_fought_one_intensity_level_higher() -> None:
    plain = duel()
    (attack,) = of(execute(plain, [OrderAttack(stack(plain, "tank"), "c5r1", ())]), "op_battle")
    hard = duel()
    (assault,) = of(execute(hard, [OrderAssault(stack(hard, "tank"), "c5r1", ())]), "op_battle")
    assert assault["order"] == "assault" and attack["order"] == "attack"
    assert INTENSITIES.index(assault["intensity"]) == INTENSITIES.index(attack["intensity"]) + 1
    assert damage_of(assault, "foe") > damage_of(attack, "foe")


def test_oo7_oc27_an_attack_without_advance_stays_when_the_hex_is_emptied() -> None:
    game = duel({"readiness": 12})  # below 20: the defenders retreat 2 hexes (OC22)
    records = execute(game, [OrderAttackNoAdvance(stack(game, "tank"), "c5r1", ())])
    (battle,) = of(records, "op_battle")
    assert battle["order"] == "attack_no_advance"
    assert of(records, "op_retreat")
    assert not of(records, "op_advance")
    assert game.state.stacks[stack(game, "tank")].region == "c4r1"


def test_oo7_oc27_only_the_stacks_without_advance_stay() -> None:
    b = lane(columns=6, rows=3)
    b.unit("t1", "armour", "c2r2", echelon="regiment")
    b.unit("t2", "armour", "c3r1", echelon="regiment")
    b.unit("foe", "inf", "c3r2", nation="blueland", readiness=12)
    game = b.game(seed=3)
    red = [
        OrderAttack(stack(game, "t1"), "c3r2", ()),
        OrderAttackNoAdvance(stack(game, "t2"), "c3r2", ()),
    ]
    records = execute(game, red)
    (battle,) = of(records, "op_battle")
    assert battle["order"] == "attack"  # one order of the battle: not all stay (choice)
    if not of(records, "op_advance"):
        pytest.skip("the defenders held the hex")  # seed fixed: not expected
    assert [a["stack"] for a in of(records, "op_advance")] == [stack(game, "t1")]
    assert game.state.stacks[stack(game, "t2")].region == "c3r1"


# -- defensive orders -----------------------------------------------------------------------------


def test_oo8_oc19_hold_at_all_costs_takes_a_fifth_more_damage_and_may_hold() -> None:
    tables = {"after_combat": {"hold_base": 100, "hold_two_hexes": 1}}
    plain = duel({"readiness": 12}, **tables)
    loose = execute(plain, [OrderAttack(stack(plain, "tank"), "c5r1", ())])
    firm = duel({"readiness": 12}, **tables)
    held = execute(
        firm,
        [OrderAttack(stack(firm, "tank"), "c5r1", ())],
        [OrderHoldAtAllCosts(stack(firm, "foe"))],
    )
    ratio = damage_of(of(held, "op_battle")[0], "foe") / damage_of(of(loose, "op_battle")[0], "foe")
    assert ratio == pytest.approx(1.2)  # combat.damage.hold_at_all_costs
    assert of(loose, "op_retreat")[0]["hexes"] == 2
    if "foe" in op_state.data(firm)["units"]:
        (stand,) = of(held, "op_retreat")
        assert stand["held"] is True and stand["path"] == []
        assert firm.state.stacks[stack(firm, "foe")].region == "c5r1"


def test_oc25_a_withdraw_order_slips_away_with_half_the_damage() -> None:
    plain = duel()
    stood = execute(plain, [OrderAttack(stack(plain, "tank"), "c5r1", ())])
    game = duel()
    records = execute(
        game,
        [OrderAttack(stack(game, "tank"), "c5r1", ())],
        [OrderWithdrawIfAttacked(stack(game, "foe"))],
    )
    (attempt,) = of(records, "op_withdrawal")
    # Regular against regular at full readiness: 100%, nothing rolled.
    assert (attempt["chance"], attempt["roll"], attempt["withdrew"]) == (100.0, -1, True)
    assert attempt["path"] == ["c6r1"]
    (battle,) = of(records, "op_battle")
    assert damage_of(battle, "foe") == pytest.approx(
        damage_of(of(stood, "op_battle")[0], "foe") / 2
    )
    (away,) = of(records, "op_retreat")
    assert away["withdrawal"] is True and away["to"] == "c6r1"
    assert game.state.stacks[stack(game, "foe")].region == "c6r1"
    after = next(line for line in battle["units"] if line["unit"] == "foe")
    assert op_state.data(game)["units"]["foe"]["readiness"] == pytest.approx(
        after["readiness_after"] - 2.5  # after_combat.withdraw_readiness
    )
    assert [a["to"] for a in of(records, "op_advance")] == ["c5r1"]  # the hex is emptied


def test_oc25_a_withdrawal_with_no_way_out_is_fought_as_a_hold() -> None:
    b = lane(columns=5)
    b.unit("tank", "armour", "c4r1", echelon="regiment")
    b.unit("foe", "inf", "c5r1", nation="blueland", echelon="regiment")  # the map's edge
    game = b.game(seed=4)
    records = execute(
        game,
        [OrderAttack(stack(game, "tank"), "c5r1", ())],
        [OrderWithdrawIfAttacked(stack(game, "foe"))],
    )
    (attempt,) = of(records, "op_withdrawal")
    assert attempt["withdrew"] is False and attempt["path"] == []
    assert not [r for r in of(records, "op_retreat") if r.get("withdrawal")]


def test_oc25_a_failed_withdrawal_roll_leaves_the_defenders_to_fight() -> None:
    game = duel(after_combat={"withdraw_base": 0})
    records = execute(
        game,
        [OrderAttack(stack(game, "tank"), "c5r1", ())],
        [OrderWithdrawIfAttacked(stack(game, "foe"))],
    )
    (attempt,) = of(records, "op_withdrawal")
    assert (attempt["chance"], attempt["withdrew"]) == (0.0, False)
    assert not [r for r in of(records, "op_retreat") if r.get("withdrawal")]
    plain = duel(after_combat={"withdraw_base": 0})
    stood = execute(plain, [OrderAttack(stack(plain, "tank"), "c5r1", ())])
    full = damage_of(of(stood, "op_battle")[0], "foe")
    assert damage_of(of(records, "op_battle")[0], "foe") == pytest.approx(full)


def test_oc25_the_withdraw_chance_follows_quality_and_readiness() -> None:
    b = lane()
    b.unit("elite", "armour", "c4r1", quality="elite")
    b.unit("green", "inf", "c5r1", nation="blueland", quality="green")
    b.unit("tired", "inf", "c6r1", nation="blueland", quality="elite", readiness=30)
    board, units = b.board_and_units()
    assert withdraw_chance(board, [units["elite"]], [units["green"]]) == 0.0  # 100 - 3 x 33.34
    assert withdraw_chance(board, [units["green"]], [units["elite"]]) == 100.0  # 200%, capped
    # Equal quality, readiness 30: 100 - 2 x (50 - 30) = 60.
    assert withdraw_chance(board, [units["elite"]], [units["tired"]]) == pytest.approx(60.0)


def test_oo8_a_stack_that_moved_this_turn_stands_under_plain_hold() -> None:
    from engine.wego.op.combat import Battles, _defence_orders

    game = duel()
    game.apply(SealPlan())  # red
    game.apply(OrderWithdrawIfAttacked(stack(game, "foe")))  # blue's plan, still open
    units = op_state.units(game)
    still = Battles(dict(units), set())
    assert _defence_orders(game, still, "c5r1", "blue") == ["order_withdraw_if_attacked"]
    pushed = Battles(dict(units), {"foe"})  # retreated or advanced into the hex this turn
    assert _defence_orders(game, pushed, "c5r1", "blue") == ["order_hold"]

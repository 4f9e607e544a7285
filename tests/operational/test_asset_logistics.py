"""Ground assets' logistics missions (OS16, OS17, OO12): the levels they bring the units
around their target, free of points; their refusals; the AI using them. And special events
(OA14): ground assets on interdiction and counter-air.

The map is the row of tests/operational/test_supply_play.py (``c1r1`` west ... ``c14r1``
east): red's army HQ on its supply source at ``c1r1``, its division HQ at ``c2r1``; the
division's infantry has 8 MP, halved at Basic supply (OS4). Red's ``trucks`` give Move+,
Combat+ and Repl+ to its units within 1 hex of their target.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import Game, IllegalAction
from engine.wego import plan, views
from engine.wego.op import assets, supply
from engine.wego.op import state as op_state
from engine.wego.op.actions import AssignAsset
from engine.wego.orders import OrderAttack
from tests.operational.command_builder import CommandBuilder
from tests.operational.play import execute, of, red_plan, stack
from tests.operational.test_asset_missions import lane
from tests.operational.test_supply_play import game_of, play_turn, records, row

TRUCKS: dict[str, Any] = {
    "id": "trucks",
    "side": "red",
    "domain": "ground",
    "missions": ["logistics"],
    "supply_range": 1,
    "delay": {"turns": 1},
}


def with_trucks(b: CommandBuilder, **fields: Any) -> CommandBuilder:
    b.table("assets", assets=[{**TRUCKS, **fields}])
    return b


def test_os16_a_logistics_mission_gives_move_plus_around_its_target_while_planning() -> None:
    b = with_trucks(row())
    b.unit("inf", "inf", "c3r1", hq="div")
    b.unit("far", "inf", "c6r1", hq="div")
    b.unit("foe", "inf", "c14r1", nation="blueland")
    game = game_of(b)
    near, far = (game.state.stacks[stack(game, u)] for u in ("inf", "far"))
    assert plan.allowance(game, near) == 4.0  # OS4: Basic halves 8 MP
    action = AssignAsset("trucks", "logistics", "c3r1")
    assert action in game.legal_actions()
    game.apply(action)
    assert plan.allowance(game, near) == 8.0  # the trucks bring Move+
    assert plan.allowance(game, far) == 4.0  # 3 hexes away: beyond supply_range 1
    start = play_turn(game, [])
    (flown,) = records(game, "op_logistics", start)
    assert flown["units"] == ["div", "inf"] and flown["target"] == "c3r1"
    (red,) = [r for r in records(game, "op_supply", start) if r["side_id"] == "red"]
    assert red["spent"] == {"fuel": 0, "ammo": 0, "personnel": 0, "equipment": 0}  # OS17


def test_os16_combat_plus_from_the_trucks_doubles_the_attack_like_an_hq_order() -> None:
    def battle(trucks: bool) -> dict[str, Any]:
        b = with_trucks(row())
        b.unit("inf", "inf", "c3r1", hq="div")
        b.unit("foe", "inf", "c4r1", nation="blueland")
        game = game_of(b)
        red: list[Any] = [OrderAttack(stack(game, "inf"), "c4r1")]
        if trucks:
            red.insert(0, AssignAsset("trucks", "logistics", "c3r1"))
        start = play_turn(game, red)
        (found,) = records(game, "op_battle", start)
        return found

    assert battle(True)["attack_total"] == pytest.approx(2 * battle(False)["attack_total"])


def test_os16_os13_repl_plus_from_the_trucks_rebuilds_a_unit_that_stays() -> None:
    b = with_trucks(row(), supplies=["replacements"])
    b.unit("inf", "inf", "c3r1", hq="div", strength=70.0)
    game = game_of(b)
    start = play_turn(game, [AssignAsset("trucks", "logistics", "c3r1")])
    (red,) = [r for r in records(game, "op_supply", start) if r["side_id"] == "red"]
    assert red["replacements"] == {"inf": 10.0}
    assert op_state.units(game)["inf"].strength == 80.0
    assert red["spent"]["personnel"] == 0  # OS17: no points
    inf = game.state.stacks[stack(game, "inf")]
    assert plan.allowance(game, inf) == 4.0  # the levels end with the turn (OS3)


def test_os16_refusals_name_the_reason() -> None:
    b = with_trucks(row(), supply_range=0)
    b.unit("inf", "inf", "c3r1", hq="div")
    b.unit("lost", "inf", "c13r1", hq="div")  # beyond the division's reach: isolated
    b.unit("foe", "inf", "c14r1", nation="blueland")
    game = game_of(b)
    for target, reason in (
        ("c5r1", "none of your units"),
        ("c14r1", "none of your units"),
        ("c13r1", "no unit within reach of 'c13r1' is supported, extended"),
        ("zz9", "not a hex"),
    ):
        with pytest.raises(IllegalAction, match=reason):
            game.apply(AssignAsset("trucks", "logistics", target))
    empty = with_trucks(row(), supplies=[])
    empty.unit("inf", "inf", "c3r1", hq="div")
    game = game_of(empty)
    (option,) = assets.options(game, "red", "trucks")
    assert "carries no supply level" in option.refusal


def test_os16_the_logistics_record_and_levels_are_the_sides_own_and_saved() -> None:
    b = with_trucks(row())
    b.unit("inf", "inf", "c3r1", hq="div")
    b.unit("foe", "inf", "c4r1", nation="blueland")
    game = game_of(b)
    game.apply(AssignAsset("trucks", "logistics", "c3r1"))
    again = Game.load(game.scenario, json.loads(json.dumps(game.save())))
    assert supply.covered(again, "red")["inf"].move_plus
    play_turn(game, [])
    assert any(r["type"] == "op_logistics" for r in game.log.records)
    blue = views.visible_records(game.log.records, "blue")
    assert not any(r["type"] == "op_logistics" for r in blue)


def test_os16_the_ai_sends_its_trucks_to_the_units_it_attacks_with() -> None:
    b = with_trucks(row(), supplies=["combat_plus"])
    b.table("supply", pools=[{"side": "red"}])  # no points: no HQ order buys Combat+
    b.unit("tank", "armour", "c5r1", hq="div", echelon="regiment")
    b.unit("foe", "inf", "c6r1", nation="blueland", strength=30.0, readiness=30.0)
    game = game_of(b)
    actions = red_plan(game)
    given = [a for a in actions if a["kind"] == "op_assign_asset"]
    assert any(a["kind"] in ("order_attack", "order_assault") for a in actions)
    assert [(a["mission"], a["target"]) for a in given] == [("logistics", "c5r1")]


def test_oa14_oa7_oa10_special_events_interdict_and_fly_counter_air_as_air_assets_do() -> None:
    partisans = {"id": "partisans", "side": "red", "domain": "ground"}
    b = lane(
        {**partisans, "missions": ["interdiction"]},
        {**partisans, "id": "flak-train", "side": "blue", "missions": ["counter_air"]},
    )
    pools = [{"side": "blue", "arrival": {"fuel": 10, "ammo": 10}}]
    b.table("supply", pools=pools)
    game = b.game(seed=1)
    records = execute(
        game, [AssignAsset("partisans", "interdiction")], [AssignAsset("flak-train", "counter_air")]
    )
    (war,) = of(records, "op_air_war")
    assert war["counter_air"] == {"blue": 1, "red": 0}  # OA7: the ground asset counts
    (cut,) = of(records, "op_interdiction")
    assert cut["assets"] == ["partisans"] and cut["effective"] == 0  # OA9: cancelled by 1

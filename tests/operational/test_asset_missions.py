"""Assets' missions given in a plan and played in the execution (issue 15): the planning
actions and their refusals, hidden and saved like other planning actions; ground support,
command shifts and naval fire in battle; AA fire; bombardment; interdiction.

The map is one row of open hexes (``c1r1`` west ... ``c8r1`` east), fog off (so offensive
fire reads the top level of Table OC32, x1.1). Red's armour at ``c4r1`` attacks blue's
infantry at ``c5r1``; every asset is red's unless a test says so.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import Game, IllegalAction
from engine.dice import Dice
from engine.operational import AttackSpec, OpBoard, odds_preview, units_of
from engine.operational.missions import aa_fire, aa_points, bombardment_loss, falling_returns
from engine.wego import views
from engine.wego.op import assets
from engine.wego.op.actions import AssignAsset, CancelAsset
from engine.wego.orders import OrderAttack
from engine.wego.plan import HiddenPlan
from schemas.operational.assets import Asset, AssetRules
from tests.operational.builder import OpBuilder
from tests.operational.play import execute, of, stack

STUKA: dict[str, Any] = {
    "id": "stuka",
    "side": "red",
    "domain": "air",
    "missions": ["offensive_support", "defensive_support", "ground_attack", "interdiction"],
    "support": 2,
    "bombardment": 12,
    "aa_defence": 100,  # out of reach of the guns unless a test lowers it
    "delay": {"turns": 2},
}


def lane(*assets_: dict[str, Any], turns: int = 4, **table: Any) -> OpBuilder:
    b = OpBuilder(columns=8, rows=1)
    b.raw["calendar"]["turns"] = turns
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.table("c2", delays=False)
    b.table("assets", assets=list(assets_) or [STUKA], **table)
    b.unit("tank", "armour", "c4r1", echelon="regiment")
    b.unit("foe", "inf", "c5r1", nation="blueland")
    return b


def with_(**fields: Any) -> dict[str, Any]:
    return {**STUKA, **fields}


def plain_odds(game: Game) -> Any:
    board = OpBoard.of(game.scenario)
    units = units_of(game.scenario, board)
    return odds_preview(board, units, AttackSpec(("tank",), board.index("c5r1")))


# -- planning ------------------------------------------------------------------------------------


def test_oo10_an_asset_mission_is_a_planning_action_hidden_from_the_enemy_and_saved() -> None:
    game = lane().game(seed=1)
    action = AssignAsset("stuka", "offensive_support", "c5r1")
    assert action in game.legal_actions()
    game.apply(action)
    assert assets.missions(game, "red")["stuka"].target == "c5r1"
    with pytest.raises(HiddenPlan):
        assets.missions(game, "red", viewer="blue")
    with pytest.raises(HiddenPlan):
        assets.options(game, "red", "stuka", viewer="blue")
    enemy = views.save_view(game, "blue")
    assert enemy["state"]["operational"]["assets"]["missions"] == {}
    assert all(
        r.get("action", {}).get("kind") != "op_assign_asset" for r in enemy["log"]
    )  # the enemy does not read the action in the log either
    again = Game.load(game.scenario, json.loads(json.dumps(game.save())))
    assert assets.missions(again, "red") == assets.missions(game, "red")
    game.apply(CancelAsset("stuka"))
    assert assets.missions(game, "red") == {}


def test_oo10_missions_and_targets_are_refused_with_the_reason() -> None:
    b = lane(
        with_(missions=["offensive_support"]), {"id": "ship", "side": "blue", "domain": "naval"}
    )
    b.unit("own", "inf", "c3r1")
    game = b.game(seed=1)
    refused = {
        AssignAsset("stuka", "ground_attack", "c5r1"): "does not fly",
        AssignAsset("stuka", "offensive_support", "c3r1"): "your own units hold",
        AssignAsset("stuka", "offensive_support", "zz9"): "not a hex",
        AssignAsset("ship", "offensive_support", "c5r1"): "not an asset of 'red'",
        AssignAsset("nothing", "command", "c5r1"): "not an asset",
        CancelAsset("stuka"): "no mission",
    }
    for action, reason in refused.items():
        with pytest.raises(IllegalAction, match=reason):
            game.apply(action)
    options = {o.mission: o for o in assets.options(game, "red", "stuka")}
    assert options["offensive_support"].needs_target and not options["offensive_support"].refusal


def test_oa2_an_asset_that_flew_is_away_for_its_delay_and_the_query_says_why() -> None:
    game = lane(turns=5).game(seed=1)
    execute(game, [AssignAsset("stuka", "ground_attack", "c5r1")])
    state = assets.state_of(game, "stuka")
    assert state is not None and state.back_on == 3  # flew on turn 1, delay 2
    (option,) = [o for o in assets.options(game, "red", "stuka") if o.mission == "ground_attack"]
    assert "back on turn 3" in option.refusal
    with pytest.raises(IllegalAction, match="back on turn 3"):
        game.apply(AssignAsset("stuka", "ground_attack", "c5r1"))


def test_ow3_an_asset_not_capable_of_night_missions_stays_home_at_night() -> None:
    b = lane()
    b.table("turns", pattern=["night", "day"])
    game = b.game(seed=1)
    with pytest.raises(IllegalAction, match="night"):
        game.apply(AssignAsset("stuka", "ground_attack", "c5r1"))


# -- in battle ----------------------------------------------------------------------------------


def test_oa5_oc9_air_ground_support_shifts_the_attack_odds() -> None:
    game = lane(with_(id="second", support=1), STUKA).game(seed=3)
    basic = plain_odds(game)
    red = [
        AssignAsset("stuka", "offensive_support", "c5r1"),
        AssignAsset("second", "offensive_support", "c5r1"),
        OrderAttack(stack(game, "tank"), "c5r1", ()),
    ]
    (battle,) = of(execute(game, red), "op_battle")
    (support,) = [s for s in battle["shifts"] if s["kind"] == "attack_support"]
    assert support["value"] == 3  # OC9: 2 whole + 1 at half = 2.5, rounded half up
    assert battle["final_odds"] != round(basic.final_odds, 4)


def test_oa14_a_command_asset_helps_the_defence_with_its_shifts() -> None:
    staff = {
        "id": "staff",
        "side": "blue",
        "domain": "ground",
        "missions": ["command"],
        "support": 1,
    }
    game = lane(staff).game(seed=3)
    game.apply(OrderAttack(stack(game, "tank"), "c5r1", ()))
    from engine.wego.orders import SealPlan

    game.apply(SealPlan())
    game.apply(AssignAsset("staff", "command", "c5r1"))
    start = len(game.log)
    game.apply(SealPlan())
    (battle,) = of(game.log.records[start:], "op_battle")
    (support,) = [s for s in battle["shifts"] if s["kind"] == "defence_support"]
    assert support["value"] == -1


def test_oa13_oc2_naval_fire_adds_its_factor_times_the_intel_multiplier_to_the_attack() -> None:
    ship = {
        "id": "ship",
        "side": "red",
        "domain": "naval",
        "missions": ["offensive_support"],
        "bombardment": 5,
    }
    game = lane(ship).game(seed=3)
    basic = plain_odds(game)
    red = [
        AssignAsset("ship", "offensive_support", "c5r1"),
        OrderAttack(stack(game, "tank"), "c5r1", ()),
    ]
    (battle,) = of(execute(game, red), "op_battle")
    assert battle["attack_total"] == pytest.approx(basic.attack_total + 5 * 1.1, abs=1e-3)


def test_oc34_aa_fire_can_turn_back_ground_support_and_costs_the_asset_strength() -> None:
    """OC34: the hex's AA fires at the supporting asset before it acts; an abort result
    leaves the battle without its shift."""
    aborting = [[{"result": "aborted", "damage": 20}] * 9] * 6
    game = lane(with_(aa_defence=1), aa={"rows": aborting}).game(seed=3)
    red = [
        AssignAsset("stuka", "offensive_support", "c5r1"),
        OrderAttack(stack(game, "tank"), "c5r1", ()),
    ]
    records = execute(game, red)
    (shot,) = of(records, "op_aa_fire")
    assert shot["result"] == "aborted" and shot["aa"] == 2  # the battalion's 2 SP (OC35)
    (battle,) = of(records, "op_battle")
    assert not [s for s in battle["shifts"] if s["kind"] == "attack_support"]
    state = assets.state_of(game, "stuka")
    assert state is not None and state.strength == 80


def test_oc35_aa_strength_worked_case_heavy_aa_and_armour() -> None:
    b = lane()
    b.raw["unit_types"].append(
        {
            "id": "flak",
            "name": "Flak",
            "operational": {"category": "heavy_aa", "attack": 2, "defence": 4, "movement": 6},
        }
    )
    b.unit("guns", "flak", "c6r1", nation="blueland")
    b.unit("panzer", "armour", "c6r1", nation="blueland")
    board, units = b.board_and_units()
    here = [units["guns"], units["panzer"]]
    assert aa_points(board, here, []) == 10  # OC35: 4 x 2 + 2
    table = board.rules.assets
    defence = {10.0: 4, 5.0: 5}  # 1:1 and 2:1 (the columns' indices)
    for asset_defence, column in defence.items():
        asset = Asset(id="a", side="red", aa_defence=asset_defence)
        assert aa_fire(table, asset, 10, 2.0, Dice(1)).column == column
    # Heavy AA next door covers the hex too; the rest fires at half at defensive support.
    assert aa_points(board, [units["foe"]], [units["guns"]], defensive=True) == 1 + 8


# -- bombardment ------------------------------------------------------------------------------


def test_oc31_a_bombardment_with_no_attack_takes_readiness_from_the_hex() -> None:
    game = lane().game(seed=5)
    records = execute(game, [AssignAsset("stuka", "ground_attack", "c5r1")])
    (fire,) = of(records, "op_bombardment")
    assert fire["points"] == pytest.approx(12 * 1.1)
    table = AssetRules()
    assert fire["loss"] == pytest.approx(
        bombardment_loss(table, 12 * 1.1, 0, fire["roll"]), abs=1e-4
    )
    assert fire["units"]["foe"] == pytest.approx(100 - fire["loss"], abs=1e-4)


def test_oh10_terrain_protection_and_oa6_falling_returns_lower_a_bombardment() -> None:
    table = AssetRules()
    assert bombardment_loss(table, 10, -2, 5) < bombardment_loss(table, 10, 0, 5)
    assert bombardment_loss(table, 10, 0, 10) > bombardment_loss(table, 10, 0, 1)
    assert falling_returns([4, 12, 6]) == pytest.approx(12 + 3 + 4 / 3)


def test_oa6_a_bombardment_of_a_hex_the_side_attacks_becomes_ground_support() -> None:
    game = lane().game(seed=3)
    red = [
        AssignAsset("stuka", "ground_attack", "c5r1"),
        OrderAttack(stack(game, "tank"), "c5r1", ()),
    ]
    records = execute(game, red)
    assert not of(records, "op_bombardment")
    (battle,) = of(records, "op_battle")
    assert [s["value"] for s in battle["shifts"] if s["kind"] == "attack_support"] == [2]


# -- the air war ---------------------------------------------------------------------------------


def test_oa10_interdiction_takes_points_from_the_enemy_arrival() -> None:
    b = lane()
    pools = [
        {
            "side": "blue",
            "stock": {"fuel": 20, "ammo": 20},
            "arrival": {"fuel": 10, "ammo": 10, "personnel": 5, "equipment": 5},
        }
    ]
    b.table("supply", pools=pools)
    game = b.game(seed=1)
    records = execute(game, [AssignAsset("stuka", "interdiction")])
    (cut,) = of(records, "op_interdiction")
    assert cut["effective"] == 1 and cut["lost"]["fuel"] == 6 and cut["loc_cut"] == 5  # Table OA10
    (blue,) = [r for r in of(records, "op_supply") if r["side_id"] == "blue"]
    assert blue["arrival"]["fuel"] == 4


def test_oa5_oa6_at_night_a_bombardment_of_an_attacked_hex_neither_supports_nor_falls() -> None:
    b = lane(with_(night_capable=True))
    b.table("turns", pattern=["night", "day"])
    game = b.game(seed=3)
    red = [
        AssignAsset("stuka", "ground_attack", "c5r1"),
        OrderAttack(stack(game, "tank"), "c5r1", ()),
    ]
    records = execute(game, red)
    assert of(records, "op_asset_mission") and not of(records, "op_bombardment")
    (battle,) = of(records, "op_battle")
    assert not [s for s in battle["shifts"] if s["kind"] == "attack_support"]

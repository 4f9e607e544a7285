"""OO18: the planning helpers (the AI's own planners asked for a person's side) and the
warnings before a plan is sealed, on hand-made one-row lanes of open hexes, fog off; red
plans first. ``c1r1`` is the west end; blue's weak infantry at ``c5r1`` faces red's armour at
``c4r1`` and infantry at ``c3r1``; red's gun (range 3) stands at ``c2r1``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine import Game, IllegalAction
from engine.pbem import load, start, verify
from engine.wego import plan
from engine.wego.op import ai, helpers, seal_check
from engine.wego.op.actions import AssignAsset, AssignFire, OrderSupply, ReassignHq
from engine.wego.op.helpers import STYLE
from engine.wego.orders import OrderAttack, OrderHold, OrderMove, SealPlan
from engine.wego.plan_state import snapshot
from tests.operational.builder import OpBuilder
from tests.operational.command_builder import CommandBuilder
from tests.operational.play import ai_lane, stack
from tests.operational.test_asset_ai import STUKA
from tests.operational.test_asset_effects import SHIP

POOLS = {
    "side": "red",
    "stock": {"fuel": 12, "ammo": 12, "personnel": 30, "equipment": 30},
    "arrival": {"fuel": 2, "ammo": 1},
}


def front(gun: bool = False, stuka: bool = False) -> Game:
    return Game(lane(gun, stuka).build(), 1)


def lane(gun: bool = False, stuka: bool = False) -> OpBuilder:
    b = ai_lane(8)
    if stuka:
        b.table("assets", assets=[STUKA])
    b.unit("tank", "armour", "c4r1", echelon="regiment")
    b.unit("inf", "inf", "c3r1")
    if gun:
        b.unit("gun", "art", "c2r1")
    b.unit("foe", "inf", "c5r1", nation="blueland", quality="green", strength=40.0)
    return b


def attack_targets(actions: list[Any]) -> dict[str, str]:
    return {a.stack: a.target for a in actions if isinstance(a, OrderAttack)}


def test_oo18_attack_helper_suggests_the_attack_the_ai_would_make_and_changes_nothing() -> None:
    game = front()
    before, logged = snapshot(game, "red"), len(game.log)
    found = helpers.suggest(game, "red", "attacks")
    assert attack_targets(found) == {stack(game, "tank"): "c5r1", stack(game, "inf"): "c5r1"}
    assert found == ai.attacks(game, "red", STYLE)  # the AI's own planner, not a second one
    assert snapshot(game, "red") == before and len(game.log) == logged  # never applied
    assert helpers.suggest(front(), "red", "attacks") == found  # the same for the same seed
    for action in found:
        game.apply(action)  # ordinary plan actions
    assert helpers.suggest(game, "red", "attacks") == []  # nothing ordered is suggested again


def test_oo18_a_stack_already_ordered_is_neither_reordered_nor_counted() -> None:
    game = front()
    tank = stack(game, "tank")
    game.apply(OrderHold(tank))
    found = helpers.suggest(game, "red", "attacks")
    assert tank not in attack_targets(found)
    assert all(a.stack != tank for a in found if isinstance(a, OrderAttack | OrderMove))


def test_oo18_no_attack_is_suggested_where_the_odds_are_too_low() -> None:
    b = ai_lane(8)
    b.unit("inf", "inf", "c4r1")
    b.unit("foe", "armour", "c5r1", nation="blueland", echelon="division", quality="elite")
    assert helpers.suggest(b.game(seed=1), "red", "attacks") == []


def test_oo18_the_helpers_never_plan_for_a_side_not_planning_now() -> None:
    game = front(gun=True, stuka=True)
    for name in helpers.HELPERS:
        with pytest.raises(IllegalAction, match="'blue' is not planning now"):
            helpers.suggest(game, "blue", name)
    with pytest.raises(IllegalAction, match="not planning now"):
        seal_check.warnings(game, "blue")
    game.apply(SealPlan())
    assert plan.planner(game) == "blue"
    with pytest.raises(IllegalAction, match="'red' is not planning now"):
        helpers.suggest(game, "red", "attacks")
    with pytest.raises(IllegalAction, match="'nonsense' is not a helper"):
        helpers.suggest(game, "blue", "nonsense")


def test_oo18_fire_helper_supports_the_planned_attack_and_skips_guns_already_firing() -> None:
    game = front(gun=True)
    assert helpers.suggest(game, "red", "fire") == [AssignFire("gun", "defensive", "c4r1")]
    found = helpers.suggest(game, "red", "attacks")
    assert stack(game, "gun") not in attack_targets(found)  # OC33: kept back to fire, as the AI
    for action in found:
        game.apply(action)
    assert helpers.suggest(game, "red", "fire") == [AssignFire("gun", "offensive", "c5r1")]
    game.apply(AssignFire("gun", "defensive", "c4r1"))  # the person's own choice stays
    assert helpers.suggest(game, "red", "fire") == []


def test_oo18_air_helper_supports_the_attack_and_leaves_a_tasked_asset_alone() -> None:
    game = front(stuka=True)
    for action in helpers.suggest(game, "red", "attacks"):
        game.apply(action)
    found = helpers.suggest(game, "red", "air")
    assert found == [AssignAsset("stuka", "offensive_support", "c5r1")]
    assert helpers.suggest(game, "red", "command") == []  # no HQ, no ground asset
    game.apply(AssignAsset("stuka", "ground_attack", "c5r1"))
    assert helpers.suggest(game, "red", "air") == []


def command_lane() -> Game:
    b = CommandBuilder(10, 1)
    b.raw["calendar"]["turns"] = 3
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.table("c2", delays=False)
    b.hq("army", "c1r1", echelon="army", loc_range=8)
    b.hq("div", "c4r1", parent="army")
    b.hq("div2", "c2r1", parent="army")
    b.unit("inf", "inf", "c5r1", hq="div")
    b.supply_source("c1r1")
    b.table("supply", pools=[POOLS])
    b.unit("foe", "inf", "c6r1", nation="blueland")
    return Game(b.build(), 1)


def test_oo18_command_helper_pulls_a_threatened_hq_back_and_buys_what_the_plan_needs() -> None:
    game = command_lane()
    inf, div = stack(game, "inf"), stack(game, "div")
    game.apply(OrderHold(inf))
    found = helpers.suggest(game, "red", "command")
    moves = [a for a in found if isinstance(a, OrderMove)]
    assert [m.stack for m in moves] == [div] and moves[0].path[-1] in ("c3r1", "c2r1", "c1r1")
    assert [a for a in found if isinstance(a, OrderSupply)] == [OrderSupply("div", move_plus=True)]
    assert not [a for a in found if isinstance(a, OrderHold)]  # no order already holds
    for action in found:
        game.apply(action)
    assert helpers.suggest(game, "red", "command") == []


def test_oo18_warnings_name_untasked_assets_supply_orders_hq_moves_and_idle_guns() -> None:
    game = front(gun=True, stuka=True)
    found = seal_check.warnings(game, "red")
    assert found == [
        seal_check.UntaskedAsset("stuka", "stuka", "air", ("offensive_support", "ground_attack")),
        seal_check.IdleGun("gun", 2),
    ]
    game.apply(AssignAsset("stuka", "ground_attack", "c5r1"))
    game.apply(AssignFire("gun", "offensive", "c5r1"))
    assert seal_check.warnings(game, "red") == []


def test_oo18_warnings_list_this_turns_supply_orders_with_their_price_and_hq_moves() -> None:
    b = CommandBuilder(10, 1)
    b.rules("fog", enabled=False)
    b.table("c2", delays=False)
    b.hq("army", "c1r1", echelon="army", loc_range=8)
    b.hq("north", "c2r1", parent="army", echelon="corps")
    b.hq("south", "c3r1", parent="army", echelon="corps")
    b.hq("div", "c4r1", parent="north")
    b.unit("inf", "inf", "c5r1", hq="div")
    b.supply_source("c1r1")
    b.table("supply", pools=[POOLS])
    b.unit("foe", "inf", "c9r1", nation="blueland")
    game = Game(b.build(), 1)
    assert seal_check.warnings(game, "red") == []
    game.apply(OrderSupply("div", move_plus=True, combat_plus=True))
    game.apply(ReassignHq("div", "south"))
    (change, moved) = seal_check.warnings(game, "red")
    assert isinstance(change, seal_check.SupplyChange)
    assert (change.hq, change.levels, change.scope) == (
        "div",
        ("move_plus", "combat_plus"),
        "direct",
    )
    assert change.cost.fuel > 0 and change.cost.ammo > 0
    assert moved == seal_check.HqMoved("div", "north", "south")


def test_oo18_a_side_playing_by_email_plans_with_the_helpers_and_its_file_carries_it(
    tmp_path: Path,
) -> None:
    scenario = lane(gun=True, stuka=True).build()
    red, _ = start(scenario, "lane", tmp_path, seed=1, game_id="help")
    given: list[Any] = []
    for name in ("attacks", "fire", "air"):
        for action in helpers.suggest(red.game, "red", name):
            red.apply(action)  # ordinary planning actions of the sitting
            given.append(action)
    kinds = {a.kind for a in given}
    assert {"op_assign_fire", "op_assign_asset"} <= kinds and kinds & {
        "order_attack",
        "order_assault",
    }
    assert seal_check.warnings(red.game, "red") == []
    red.apply(SealPlan())
    first = red.write_turn()
    blue = load(first, scenario, side="blue")
    assert helpers.suggest(blue.game, "blue", "attacks") == []  # nothing at those odds
    blue.apply(SealPlan())
    second = blue.write_turn()
    assert verify(second, scenario).files == 2
    played = load(second, scenario, side="red").game  # red's reveal: the turn is played
    assert played.turn == 2
    battles = [r for r in played.log.records if r["type"] == "op_battle"]
    assert [r["target"] for r in battles] == ["c5r1"]


def test_oo18_naval_fire_goes_with_the_artillery_helper_and_a_command_asset_with_command() -> None:
    b = lane()
    staff = {"id": "staff", "side": "red", "domain": "ground", "missions": ["command"]}
    b.table("assets", assets=[{**SHIP, "fire_range": 4}, {**staff, "support": 1}])
    game = Game(b.build(), 1)
    for action in helpers.suggest(game, "red", "attacks"):
        game.apply(action)
    fire_help = helpers.suggest(game, "red", "fire")
    assert fire_help == [AssignAsset("flotilla", "offensive_support", "c5r1")]
    assert helpers.suggest(game, "red", "air") == []
    assert helpers.suggest(game, "red", "command") == [AssignAsset("staff", "command", "c5r1")]

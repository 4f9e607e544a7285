"""Artillery units' support fire (issue 15: OC2, OC15, OC28, OC31-OC33): fire orders given
in a plan and their refusals, hidden and saved like the other planning actions; offensive
fire joining the attack total, defensive fire the defence total, a bombardment when no
attack goes in, no rest for a gun whose fire was used, and the intensity cases.

The map is one row of open hexes (``c1r1`` west ... ``c8r1`` east), fog off (offensive fire
reads Table OC32's top level, x1.1). Red's armour at ``c4r1`` attacks blue's infantry at
``c5r1``; red's gun (attack 10, range 3 by default) stands at ``c2r1``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import Game, IllegalAction
from engine.operational import AttackSpec, odds_preview
from engine.operational.artillery import Fire
from engine.wego import views
from engine.wego.op import fire
from engine.wego.op.actions import AssignFire, CancelFire
from engine.wego.orders import OrderAttack, OrderMove
from engine.wego.plan import HiddenPlan
from tests.operational.builder import OpBuilder
from tests.operational.play import execute, of, stack

OFFENSIVE = AssignFire("gun", "offensive", "c5r1")


def lane(
    turns: int = 3,
    *,
    tank_at: str = "c4r1",
    tank: dict[str, Any] | None = None,
    gun_at: str = "c2r1",
    **gun: Any,
) -> OpBuilder:
    b = OpBuilder(columns=8, rows=1)
    b.raw["calendar"]["turns"] = turns
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.table("c2", delays=False)
    b.unit("tank", "armour", tank_at, **{"echelon": "regiment", **(tank or {})})
    b.unit("foe", "inf", "c5r1", nation="blueland")
    b.unit("gun", "art", gun_at, **gun)
    return b


def attack(game: Game) -> OrderAttack:
    return OrderAttack(stack(game, "tank"), "c5r1", ())


def battle_of(records: list[dict[str, Any]]) -> dict[str, Any]:
    (battle,) = of(records, "op_battle")
    return battle


# -- planning ------------------------------------------------------------------------------------


def test_oc33_a_fire_order_is_a_planning_action_hidden_from_the_enemy_and_saved() -> None:
    game = lane().game(seed=1)
    assert OFFENSIVE in game.legal_actions()
    game.apply(OFFENSIVE)
    assert fire.orders(game, "red")["gun"] == fire.FireOrder("gun", "offensive", "c5r1")
    with pytest.raises(HiddenPlan):
        fire.orders(game, "red", viewer="blue")
    enemy = views.save_view(game, "blue")
    assert enemy["state"]["operational"]["fire"]["orders"] == {}
    assert all(r.get("action", {}).get("kind") != "op_assign_fire" for r in enemy["log"])
    again = Game.load(game.scenario, json.loads(json.dumps(game.save())))
    assert fire.orders(again, "red") == fire.orders(game, "red")
    assert CancelFire("gun") in game.legal_actions()
    game.apply(CancelFire("gun"))
    assert fire.orders(game, "red") == {}


def test_oc33_fire_orders_are_refused_with_the_reason() -> None:
    b = lane()
    b.unit("far", "inf", "c8r1", nation="blueland")
    game = b.game(seed=1)
    refused = {
        AssignFire("tank", "offensive", "c5r1"): "not an artillery unit",
        AssignFire("gun", "offensive", "c8r1"): "beyond the range of 'gun' \\(3 hexes",
        AssignFire("gun", "offensive", "c4r1"): "your own units hold",
        AssignFire("gun", "defensive", "c5r1"): "none of your units is in 'c5r1'",
        AssignFire("gun", "defensive", "c2r1"): "its own hex",
        AssignFire("gun", "barrage", "c5r1"): "not a fire mission",
        AssignFire("gun", "offensive", "zz9"): "not a hex",
        AssignFire("foe", "offensive", "c4r1"): "not a unit of 'red'",
        AssignFire("nobody", "offensive", "c5r1"): "not a unit on the map",
        CancelFire("gun"): "no fire order",
    }
    for action, reason in refused.items():
        with pytest.raises(IllegalAction, match=reason):
            game.apply(action)
    game.apply(OrderMove(stack(game, "gun"), ("c3r1",)))
    assert "stays put" in fire.unit_refusal(game, "red", "gun")
    with pytest.raises(IllegalAction, match="fires only if it stays put"):
        game.apply(OFFENSIVE)
    assert not [a for a in game.legal_actions() if isinstance(a, AssignFire)]


def test_oc33_the_range_is_the_types_own_else_the_rules_and_the_view_reads_it() -> None:
    b = lane()
    (art,) = [t for t in b.raw["unit_types"] if t["id"] == "art"]
    art["operational"] = {**art["operational"], "fire_range": 2}  # not the shared table
    game = b.game(seed=1)
    assert fire.fire_range(game, "gun") == 2
    assert fire.reach(game, "gun") == ["c1r1", "c2r1", "c3r1", "c4r1"]
    with pytest.raises(IllegalAction, match="beyond the range of 'gun' \\(2 hexes"):
        game.apply(OFFENSIVE)
    b = lane()
    b.table("artillery", range=5)
    game = b.game(seed=1)
    assert fire.fire_range(game, "gun") == 5
    assert fire.targets(game, "red", "gun", "offensive") == ["c5r1"]
    assert fire.targets(game, "red", "gun", "defensive") == ["c4r1"]
    assert fire.guns(game, "red") == ["gun"]


# -- in battle ----------------------------------------------------------------------------------


def test_oc2_oc32_offensive_fire_adds_the_guns_attack_to_the_attack_total() -> None:
    base_game = lane().game(seed=5)
    base = battle_of(execute(base_game, [attack(base_game)]))
    game = lane().game(seed=5)
    battle = battle_of(execute(game, [OFFENSIVE, attack(game)]))
    # The gun's attack 10 at full strength and readiness, x1.1 for fog off (Table OC32).
    assert battle["attack_artillery"] == pytest.approx(11.0)
    assert battle["attack_total"] == pytest.approx(base["attack_total"] + 11.0)
    assert battle["defence_artillery"] == 0.0
    assert battle["artillery"] == [
        {"unit": "gun", "side": "red", "factor": 10.0, "multiplier": 1.1}
    ]
    assert base["artillery"] == [] and base["attack_artillery"] == 0.0


def test_oc2_defensive_fire_adds_the_guns_attack_to_the_defence_total_at_x1() -> None:
    b = lane()
    b.unit("cannon", "art", "c7r1", nation="blueland")
    base_game = b.game(seed=5)
    base = battle_of(execute(base_game, [attack(base_game)]))
    game = b.game(seed=5)
    battle = battle_of(execute(game, [attack(game)], [AssignFire("cannon", "defensive", "c5r1")]))
    assert battle["defence_artillery"] == pytest.approx(10.0)
    assert battle["defence_total"] == pytest.approx(base["defence_total"] + 10.0)
    assert battle["artillery"] == [
        {"unit": "cannon", "side": "blue", "factor": 10.0, "multiplier": 1.0}
    ]


def test_oc28_a_move_battle_gets_no_artillery_fire_which_bombards_instead() -> None:
    game = lane(tank_at="c3r1").game(seed=2)  # one hex back: the tank must move
    records = execute(game, [OFFENSIVE, OrderAttack(stack(game, "tank"), "c5r1", ("c4r1",))])
    battle = battle_of(records)
    assert battle["battle_kind"] == "move_battle"
    assert battle["attack_artillery"] == 0.0 and battle["artillery"] == []
    (shelling,) = of(records, "op_bombardment")  # the unused fire falls on the hex after
    assert shelling["target"] == "c5r1" and [g["unit"] for g in shelling["artillery"]] == ["gun"]


def test_oc31_oc33_offensive_fire_with_no_attack_bombards_the_hex() -> None:
    game = lane().game(seed=4)
    records = execute(game, [OFFENSIVE])
    (shelling,) = of(records, "op_bombardment")
    assert shelling["target"] == "c5r1" and shelling["assets"] == []
    assert shelling["artillery"] == [{"unit": "gun", "factor": 10.0, "multiplier": 1.1}]
    assert shelling["points"] == pytest.approx(11.0)
    assert shelling["loss"] > 0
    assert shelling["units"]["foe"] == pytest.approx(100.0 - shelling["loss"])


def test_oc33_a_gun_that_fired_does_not_rest_and_an_unused_defensive_one_does() -> None:
    b = lane(readiness=50.0)
    b.unit("cannon", "art", "c7r1", nation="blueland", readiness=50.0)
    game = b.game(seed=3)
    # Red bombards c5r1 (its gun fires); blue's defensive fire over c5r1 is not used.
    execute(game, [OFFENSIVE], [AssignFire("cannon", "defensive", "c5r1")])
    units = game.state.operational["units"]
    assert units["gun"]["readiness"] == pytest.approx(50.0)  # fired: no rest
    assert units["gun"]["dug_in"]  # it stayed, so it digs in all the same
    assert units["cannon"]["readiness"] == pytest.approx(70.0)  # regular rest: +20


def test_oc33_a_gun_whose_stack_moves_after_its_order_is_dropped_and_only_its_side_sees_why() -> (
    None
):
    game = lane().game(seed=1)
    game.apply(OFFENSIVE)
    game.apply(OrderMove(stack(game, "gun"), ("c3r1",)))  # given after the fire order
    records = execute(game, [])
    (dropped,) = of(records, "op_fire_dropped")
    assert dropped["unit"] == "gun" and "stays put" in dropped["reason"]
    assert of(records, "op_bombardment") == []
    assert not of(views.visible_records(records, "blue"), "op_fire_dropped")
    assert of(views.visible_records(records, "red"), "op_fire_dropped")


def test_oc33_fire_orders_last_one_turn() -> None:
    game = lane().game(seed=1)
    game.apply(OFFENSIVE)
    execute(game, [])
    assert fire.orders(game, "red") == {} and fire.data(game)["firing"] == {}


# -- intensity (OC15) ---------------------------------------------------------------------------


def _fires(count: int) -> tuple[Fire, ...]:
    return tuple(Fire(f"g{n}", "red", 10.0) for n in range(count))


@pytest.mark.parametrize(
    ("guns", "expected"),
    [(0, "high"), (2, "high"), (3, "medium"), (4, "low")],
)
def test_oc15_more_artillery_than_other_units_lowers_the_intensity(
    guns: int, expected: str
) -> None:
    """Regular attackers at 100% fight at high; one attacker and one defender: three guns
    outnumber them (-1), four are twice as many (-2)."""
    board, units = lane().board_and_units()
    spec = AttackSpec(("tank",), board.index("c5r1"), attack_artillery=_fires(guns))
    assert odds_preview(board, units, spec).intensity == expected


def test_oc15_an_attack_of_artillery_alone_is_fought_at_low() -> None:
    board, units = lane(tank_at="c1r1", gun_at="c4r1").board_and_units()
    spec = AttackSpec(("gun",), board.index("c5r1"), order="assault")
    assert odds_preview(board, units, spec).intensity == "low"


def test_oc15_the_artillery_cut_never_goes_below_low_nor_lifts_a_lower_level() -> None:
    board, units = lane(tank={"quality": "conscript", "readiness": 40.0}).board_and_units()
    plain = AttackSpec(("tank",), board.index("c5r1"))
    assert odds_preview(board, units, plain).intensity == "very_low"
    guns = AttackSpec(("tank",), board.index("c5r1"), attack_artillery=_fires(6))
    assert odds_preview(board, units, guns).intensity == "very_low"
    board, units = lane(tank={"readiness": 60.0}).board_and_units()  # medium
    guns = AttackSpec(("tank",), board.index("c5r1"), attack_artillery=_fires(6))
    assert odds_preview(board, units, guns).intensity == "low"


# -- integrity and Combat+ (OC4, OS6) -------------------------------------------------------------


def _corps(**artillery: Any) -> Any:
    from tests.operational.command_builder import CommandBuilder

    b = CommandBuilder(columns=8, rows=3)
    b.raw["calendar"]["turns"] = 3
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.table("c2", delays=False)
    if artillery:
        b.table("artillery", **artillery)
    b.hq("corps", "c1r1", echelon="corps")
    b.hq("div1", "c1r2", parent="corps")
    b.hq("div2", "c1r3", parent="corps")
    b.unit("a1", "inf", "c3r1", hq="div1", echelon="regiment")
    b.unit("gun", "art", "c2r3", hq="div2", echelon="regiment")
    b.unit("foe", "inf", "c3r2", nation="blueland", echelon="regiment")
    return b


def test_oc4_oc33_a_firing_gun_of_another_division_counts_for_the_attackers_integrity() -> None:
    """a1 alone attacks at 100%; with div2's gun firing the units share only the corps, one
    step up (65% by the default row); ``artillery.integrity: false`` leaves the gun out."""
    game = _corps().game(seed=2)
    alone = battle_of(execute(game, [OrderAttack(stack(game, "a1"), "c3r2", ())]))
    assert alone["attack_integrity"] == 1.0
    game = _corps().game(seed=2)
    fired = battle_of(
        execute(
            game,
            [AssignFire("gun", "offensive", "c3r2"), OrderAttack(stack(game, "a1"), "c3r2", ())],
        )
    )
    assert fired["attack_integrity"] == pytest.approx(0.65)
    guns = fired["attack_artillery"]
    assert fired["attack_total"] == pytest.approx((alone["attack_total"] + guns) * 0.65)
    game = _corps(integrity=False).game(seed=2)
    apart = battle_of(
        execute(
            game,
            [AssignFire("gun", "offensive", "c3r2"), OrderAttack(stack(game, "a1"), "c3r2", ())],
        )
    )
    assert apart["attack_integrity"] == 1.0
    assert apart["attack_total"] == pytest.approx(alone["attack_total"] + guns)


def test_os6_oc2_combat_plus_quadruples_a_guns_fire() -> None:
    from engine.operational.artillery import fire_factor

    board, units = lane(readiness=100.0).board_and_units()
    rules = board.rules
    assert fire_factor(rules, units["gun"], combat_plus=False).value == pytest.approx(10.0)
    assert fire_factor(rules, units["gun"], combat_plus=True).value == pytest.approx(40.0)
    half = fire_factor(rules, units["gun"], combat_plus=False, multiplier=0.35)
    assert half.value == pytest.approx(3.5)  # Table OC32 at level 2


def test_oc2_of6_the_odds_shown_before_sealing_count_the_plans_artillery() -> None:
    from engine.wego.op.map_queries import attack_odds

    game = lane().game(seed=1)
    order = attack(game)
    plain = attack_odds(game, order)
    game.apply(OFFENSIVE)
    shown = attack_odds(game, order)
    assert plain.attack_artillery == 0.0
    assert shown.attack_artillery == pytest.approx(11.0)  # 10 x1.1 (fog off)
    assert shown.attack_total == pytest.approx(plain.attack_total + 11.0)
    game = lane(tank_at="c3r1").game(seed=1)
    game.apply(OFFENSIVE)
    moving = attack_odds(game, OrderAttack(stack(game, "tank"), "c5r1", ("c4r1",)))
    assert moving.attack_artillery == 0.0  # a move battle gets no artillery (OC28)


def test_oc33_a_gun_whose_target_hex_is_empty_fires_at_nobody_and_rests() -> None:
    b = lane(readiness=50.0)
    b.unit("scout", "inf", "c6r1", nation="blueland")
    game = b.game(seed=1)
    records = execute(
        game,
        [AssignFire("gun", "offensive", "c5r1")],
        [OrderMove(stack(game, "foe"), ("c6r1", "c7r1"))],  # blue leaves the hex first
    )
    assert not [r for r in of(records, "op_bombardment") if r["target"] == "c5r1"]
    assert game.state.operational["units"]["gun"]["readiness"] == pytest.approx(70.0)

"""The operational family played in WEGO turns (issue 15): movement with zones of control,
the odds combat and what follows it, readiness over the turn, victory, the film.

Each test plays one execution on a small hand-made hex map (``OpBuilder``, open ground, red
to the west, blue to the east, fog of war off) and reads the records and the state after it.
Infantry has 8 MP and armour 16, halved at Basic supply (OM1): 4 and 8 MP a turn; open
ground costs 1.25 MP a hex.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import Game
from engine.operational import AttackSpec, OpBoard, odds_preview, units_of
from engine.wego import plan
from engine.wego.op import state as op_state
from engine.wego.orders import OrderAttack, OrderMove
from engine.wego.plan import allowance
from tests.operational.builder import OpBuilder
from tests.operational.play import execute, of, stack


def lane(columns: int = 8, rows: int = 1, turns: int = 3) -> OpBuilder:
    b = OpBuilder(columns=columns, rows=rows)
    b.raw["calendar"]["turns"] = turns
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    return b


def op(game: Game, unit: str) -> dict[str, Any]:
    return dict(op_state.data(game)["units"][unit])


# -- movement -------------------------------------------------------------------------------------


def test_om11_a_step_into_the_enemy_zone_pays_its_value_on_top_of_the_terrain() -> None:
    b = lane()
    b.unit("tank", "armour", "c2r1", echelon="regiment")
    b.unit("foe", "inf", "c5r1", nation="blueland", echelon="regiment")
    game = b.game(seed=1)
    records = execute(game, [OrderMove(stack(game, "tank"), ("c3r1", "c4r1"))])
    steps = of(records, "wego_step")
    assert [(s["to"], s["ground"], s["zoc"], s["cost"]) for s in steps] == [
        ("c3r1", 1.25, 0.0, 1.25),
        ("c4r1", 1.25, 4.0, 5.25),  # a regiment exerts its 4 SP (OM10)
    ]


def test_om11_the_zoc_cost_is_capped_by_the_table() -> None:
    b = lane().table("zoc", entry_cap=3)
    b.unit("tank", "armour", "c2r1", echelon="regiment")
    b.unit("foe", "inf", "c5r1", nation="blueland", echelon="regiment")
    game = b.game(seed=1)
    records = execute(game, [OrderMove(stack(game, "tank"), ("c3r1", "c4r1"))])
    assert [s["zoc"] for s in of(records, "wego_step")] == [0.0, 3.0]


def test_om11_a_friendly_unit_staying_in_the_hex_lifts_the_zoc_cost() -> None:
    b = lane()
    b.unit("tank", "armour", "c2r1", echelon="regiment")
    b.unit("guard", "inf", "c4r1")
    b.unit("foe", "inf", "c5r1", nation="blueland", echelon="regiment")
    game = b.game(seed=1)
    records = execute(game, [OrderMove(stack(game, "tank"), ("c3r1", "c4r1"))])
    assert [s["zoc"] for s in of(records, "wego_step")] == [0.0, 0.0]


def test_om3_om1_a_unit_stops_where_its_mp_run_out_after_the_zoc_cost() -> None:
    b = lane()
    b.unit("inf", "inf", "c2r1")  # 4 MP at Basic supply
    b.unit("foe", "inf", "c5r1", nation="blueland", echelon="regiment")
    game = b.game(seed=1)
    # Planned without the enemy's zones (OO19): 2.5 MP, within 4.
    records = execute(game, [OrderMove(stack(game, "inf"), ("c3r1", "c4r1"))])
    assert [s["to"] for s in of(records, "wego_step")] == ["c3r1"]
    (end,) = of(records, "wego_order_end")
    assert end["reason"] == "out_of_movement"
    assert game.state.stacks[stack(game, "inf")].region == "c3r1"


def test_om6_a_move_order_halts_at_an_enemy_in_its_way_and_does_not_attack() -> None:
    """OM6: Move and Defend halts before an enemy hex and never attacks it."""
    b = lane()
    b.unit("tank", "armour", "c2r1", echelon="regiment")
    b.unit("foe", "inf", "c5r1", nation="blueland")
    game = b.game(seed=1)
    red = [OrderMove(stack(game, "tank"), ("c3r1", "c4r1"))]
    blue = [OrderMove(stack(game, "foe"), ("c4r1",))]  # gets there first, on tick 2
    records = execute(game, red, blue)
    (contact,) = of(records, "wego_contact")
    assert (contact["side_id"], contact["region"], contact["attack"]) == ("red", "c4r1", False)
    assert game.state.stacks[stack(game, "tank")].region == "c3r1"
    assert not of(records, "op_battle")
    assert not of(records, "wego_battle")


# -- combat ---------------------------------------------------------------------------------------


def _duel(defender: dict[str, Any], attacker: dict[str, Any] | None = None, **kw: Any) -> Game:
    b = lane(**kw)
    b.unit("tank", "armour", "c4r1", **(attacker or {"echelon": "regiment"}))
    b.unit("foe", "inf", "c5r1", nation="blueland", **defender)
    return b.game(seed=4)


def test_oc17_an_attack_order_is_fought_with_the_odds_combat_not_the_area_battle() -> None:
    game = _duel({"echelon": "regiment"})
    board = OpBoard.of(game.scenario)
    units = units_of(game.scenario, board)
    expected = odds_preview(board, units, AttackSpec(("tank",), board.index("c5r1")))
    records = execute(game, [OrderAttack(stack(game, "tank"), "c5r1", ())])
    (battle,) = of(records, "op_battle")
    assert not of(records, "wego_battle") and not of(records, "battle_start")
    assert battle["final_odds"] == round(expected.final_odds, 4)
    assert battle["battle_kind"] == "set_piece"  # began next to the target (OC1)
    assert 1 <= battle["die"] <= 6
    assert {line["unit"] for line in battle["units"]} == {"tank", "foe"}
    foe = next(line for line in battle["units"] if line["unit"] == "foe")
    if not foe["destroyed"]:
        assert op(game, "foe")["strength"] == pytest.approx(foe["strength_after"], abs=1e-4)
    assert game.state.stats["battles"] == 1


def test_oc16_the_battles_of_a_tick_are_fought_from_the_best_odds_down() -> None:
    """OC16: set-piece battles are resolved from the highest final odds to the lowest."""
    b = lane(rows=3, columns=6)
    b.unit("weak", "inf", "c2r1")
    b.unit("strong", "armour", "c2r3", echelon="regiment")
    b.unit("foe1", "inf", "c3r1", nation="blueland", echelon="regiment")
    b.unit("foe2", "inf", "c3r3", nation="blueland")
    game = b.game(seed=2)
    red = [
        OrderAttack(stack(game, "weak"), "c3r1", ()),
        OrderAttack(stack(game, "strong"), "c3r3", ()),
    ]
    battles = of(execute(game, red), "op_battle")
    assert [b["target"] for b in battles] == ["c3r3", "c3r1"]
    assert battles[0]["final_odds"] > battles[1]["final_odds"]


def test_oc22_oc23_defenders_below_20_readiness_retreat_two_hexes_away_from_the_attackers() -> None:
    game = _duel({"readiness": 12})
    records = execute(game, [OrderAttack(stack(game, "tank"), "c5r1", ())])
    (retreat,) = of(records, "op_retreat")
    assert retreat["hexes"] == 2 and retreat["path"] == ["c6r1", "c7r1"]
    assert game.state.stacks[stack(game, "foe")].region == "c7r1"


def test_oc22_defenders_with_nowhere_to_go_take_further_damage() -> None:
    b = lane(columns=4)
    b.unit("tank", "armour", "c3r1", echelon="regiment")
    b.unit("foe", "inf", "c4r1", nation="blueland", readiness=12)  # the map's edge behind
    game = b.game(seed=4)
    records = execute(game, [OrderAttack(stack(game, "tank"), "c4r1", ())])
    (battle,) = of(records, "op_battle")
    (retreat,) = of(records, "op_retreat")
    assert retreat["path"] == [] and retreat["cornered"] == 2
    after = next(line for line in battle["units"] if line["unit"] == "foe")
    if "foe" in op_state.data(game)["units"]:
        assert op(game, "foe")["strength"] < after["strength_after"]
    else:
        assert any(r["unit"] == "foe" for r in of(records, "eliminated"))


def test_oc24_hold_at_all_costs_can_cancel_a_retreat() -> None:
    from engine.dice import Dice
    from engine.operational.aftercombat import retreat_call

    b = lane().table("after_combat", hold_base=100, hold_two_hexes=1)
    b.unit("foe", "inf", "c4r1", nation="blueland", readiness=15)  # below 20: 2 hexes
    board, units = b.board_and_units()
    loose = retreat_call(board, [units["foe"]], [0.0], Dice(1))
    held = retreat_call(board, [units["foe"]], [0.0], Dice(1), hold_at_all_costs=True)
    assert (loose.hexes, loose.held) == (2, False)
    assert (held.hexes, held.held) == (0, True)
    b.table("after_combat", hold_base=0, hold_per_quality=0, hold_per_readiness=0)
    board, units = b.board_and_units()
    failed = retreat_call(board, [units["foe"]], [0.0], Dice(1), hold_at_all_costs=True)
    assert (failed.hexes, failed.held) == (2, False)


def test_oc27_attackers_advance_into_the_emptied_hex_and_take_it() -> None:
    game = _duel({"readiness": 12})
    records = execute(game, [OrderAttack(stack(game, "tank"), "c5r1", ())])
    (advance,) = of(records, "op_advance")
    assert (advance["from"], advance["to"]) == ("c4r1", "c5r1")
    assert game.state.stacks[stack(game, "tank")].region == "c5r1"
    assert any(c["region"] == "c5r1" and c["by"] == "red" for c in of(records, "captured"))


def test_oc27_only_as_many_attackers_advance_as_the_hex_holds() -> None:
    b = lane(rows=3, columns=5)
    for name, where in (("t1", "c2r2"), ("t2", "c3r1"), ("t3", "c3r3")):
        b.unit(name, "armour", where, echelon="regiment")  # 4 SP each; a hex holds 9 (OH9)
    b.unit("foe", "inf", "c3r2", nation="blueland", readiness=5, strength=5, quality="elite")
    game = b.game(seed=3)
    red = [OrderAttack(stack(game, t), "c3r2", ()) for t in ("t1", "t2", "t3")]
    records = execute(game, red)
    assert len(of(records, "op_advance")) == 2
    inside = [s for s in game.state.stacks.values() if s.region == "c3r2"]
    assert sum(len(s.units) for s in inside) == 2


def test_oc20_ov4_a_destroyed_unit_scores_its_kill_vp_by_type_and_quality() -> None:
    # Armour, veteran: 2 VP (Table OV4); it is below both thresholds already (OC20).
    b = lane()
    b.unit("inf", "inf", "c3r1", echelon="regiment")
    b.unit("foe", "armour", "c4r1", nation="blueland", quality="veteran", readiness=5, strength=8)
    game = b.game(seed=1)
    records = execute(game, [OrderAttack(stack(game, "inf"), "c4r1", ())])
    assert [r["unit"] for r in of(records, "eliminated")] == ["foe"]
    assert [(v["side_id"], v["change"]) for v in of(records, "vp")][:1] == [("red", 2)]
    assert game.state.stats["losses"]["blue"] == 1
    assert "foe" not in op_state.data(game)["units"]


# -- readiness over the turn ----------------------------------------------------------------------


def test_om19_ou11_ou7_moving_spends_readiness_and_staying_digs_in_and_rests() -> None:
    b = lane()
    b.unit("walker", "inf", "c1r1")
    b.unit("sitter", "inf", "c2r1", readiness=50)
    game = b.game(seed=1)
    # 4 MP: three open hexes use 3.75, so 10 x 3.75/4 rounded up = 10 (OM19).
    execute(game, [OrderMove(stack(game, "walker"), ("c2r1", "c3r1", "c4r1"))])
    assert op(game, "walker") == {"strength": 100.0, "readiness": 90.0, "dug_in": False}
    # Regular rest 20 (OU7), no enemy zone; it did not move, so it digs in (OU11).
    assert op(game, "sitter") == {"strength": 100.0, "readiness": 70.0, "dug_in": True}


# -- victory --------------------------------------------------------------------------------------


def test_ov2_a_location_scores_each_turn_for_the_side_holding_it() -> None:
    b = lane(turns=2).table("victory", locations=[{"hex": "c2r1", "per_turn": {"red": 3}}])
    b.unit("r", "inf", "c2r1")
    game = b.game(seed=1)
    records = execute(game, [])
    assert [(v["side_id"], v["change"]) for v in of(records, "vp")] == [("red", 3)]
    assert game.state.sides["red"].vp == 3


def test_ov1_more_vp_after_the_last_turn_wins_and_equal_vp_is_a_draw() -> None:
    b = lane(turns=1).table(
        "victory",
        locations=[
            {"hex": "c2r1", "per_turn": {"red": 2}},
            {"hex": "c7r1", "per_turn": {"blue": 2}},
        ],
    )
    b.unit("r", "inf", "c2r1").unit("b", "inf", "c7r1", nation="blueland")
    game = b.game(seed=1)
    execute(game, [])
    outcome = game.outcome()
    assert outcome is not None and outcome.draw and outcome.termination.value == "last_turn"
    assert dict(outcome.vp) == {"blue": 2, "red": 2}

    b.table("victory", locations=[{"hex": "c2r1", "per_turn": {"red": 2}}])
    game = b.game(seed=1)
    execute(game, [])
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == "red"


# -- day, night, weather --------------------------------------------------------------------------


def test_ot4_ow1_night_turns_follow_the_pattern_and_mud_halves_the_allowance() -> None:
    b = lane(turns=4).table("turns", pattern=["day", "night"], weather=["good", "mud"])
    b.unit("tank", "armour", "c2r1", echelon="regiment")
    game = b.game(seed=1)
    assert [op_state.clock(game, t).night for t in (1, 2, 3, 4)] == [False, True, False, True]
    assert [op_state.clock(game, t).weather for t in (1, 2, 3, 4)] == ["good"] * 2 + ["mud"] * 2
    assert allowance(game, game.state.stacks[stack(game, "tank")]) == 8.0
    execute(game, [])
    execute(game, [])
    assert game.turn == 3
    assert allowance(game, game.state.stacks[stack(game, "tank")]) == 4.0


def test_ow5_om10_at_night_the_zone_of_control_costs_half() -> None:
    b = lane().table("turns", pattern=["night"])
    b.unit("tank", "armour", "c2r1", echelon="regiment")
    b.unit("foe", "inf", "c5r1", nation="blueland", echelon="regiment")
    game = b.game(seed=1)
    records = execute(game, [OrderMove(stack(game, "tank"), ("c3r1", "c4r1"))])
    assert [s["zoc"] for s in of(records, "wego_step")] == [0.0, 2.0]
    assert of(records, "wego_execution")[0]["night"] is True


def test_ow1_oh11_frozen_rivers_are_crossed_without_a_bridge() -> None:
    def reach(weather: str) -> dict[str, Any]:
        b = lane().table("turns", weather=[weather])
        b.hexside("c3r1", "c4r1", "river")
        b.unit("tank", "armour", "c2r1", echelon="regiment")
        game = b.game(seed=1)
        return plan.routes(game, game.state.stacks[stack(game, "tank")])

    assert "c4r1" not in reach("good")
    frozen = reach("frozen")
    assert frozen["c4r1"].path == ("c3r1", "c4r1")
    assert frozen["c4r1"].cost == 2.5  # and MP x0.75: 6 of the tank's 8 (OW1)
    assert "c7r1" not in frozen


def test_ow7_moving_at_night_costs_more_readiness() -> None:
    """OW7: the same move spends 1.5 times the readiness at night."""
    b = lane().table("turns", pattern=["night"])
    b.unit("walker", "inf", "c1r1")
    game = b.game(seed=1)
    execute(game, [OrderMove(stack(game, "walker"), ("c2r1", "c3r1", "c4r1"))])
    assert op(game, "walker")["readiness"] == 85.0  # 10 x 1.5 (turns.night_move_readiness)


# -- planning -------------------------------------------------------------------------------------


def test_oo19_routes_are_priced_with_the_operational_costs_without_enemy_zones() -> None:
    b = lane()
    b.terrain("woods", "c3r1")
    b.unit("tank", "armour", "c2r1", echelon="regiment")
    game = b.game(seed=1)
    reach = plan.routes(game, game.state.stacks[stack(game, "tank")])
    assert reach["c3r1"].cost == 3.0  # woods (OH3)
    assert reach["c4r1"].cost == 4.25
    assert "c8r1" not in reach  # 3 + 5 x 1.25 = 9.25 > 8 MP


def test_oo6_an_attack_is_planned_from_the_hex_next_to_the_target_at_no_extra_cost() -> None:
    game = _duel({})
    options = plan.attack_routes(game, game.state.stacks[stack(game, "tank")])
    assert options["c5r1"].path == () and options["c5r1"].cost == 0.0

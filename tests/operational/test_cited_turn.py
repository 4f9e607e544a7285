"""Turn, map, victory, film and asset items of the operational checklist that no other test
named (OT2, OT3, OT7, OT9, OH12, OV3, OF3, OA16), played on small hand-made hex maps
(``OpBuilder``: open ground, red west, blue east).

Infantry has 4 MP a turn at Basic supply and armour 8; open ground costs 1.25 MP a hex and a
tick is 1 MP, so a stack takes its first step on tick 2.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import Game, IllegalAction
from engine import board as places
from engine.campaign import carried_into, result_of
from engine.operational import AttackSpec, odds_preview
from engine.wego import film, plan
from engine.wego.op import assets
from engine.wego.op.actions import AssignAsset, AssignFire, CancelFire
from engine.wego.orders import CancelOrder, OrderAttack, OrderMove, SealPlan
from engine.wego.plan import HiddenPlan
from tests.operational.builder import OpBuilder
from tests.operational.play import execute, of, stack


def lane(columns: int = 8, rows: int = 1, *, turns: int = 3, fog: bool = False) -> OpBuilder:
    b = OpBuilder(columns=columns, rows=rows)
    b.raw["calendar"]["turns"] = turns
    if not fog:
        b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.table("c2", delays=False)
    return b


def where(game: Game, unit: str) -> str:
    return game.state.stacks[stack(game, unit)].region


# -- OT2, OT3: the turn and its planning ---------------------------------------------------------


def test_ot2_red_then_blue_plan_hidden_then_the_execution_is_next_turns_film() -> None:
    """OT2: the first side of the turn order plans, then the second, neither seeing the
    other's orders; both plans are then carried out together and the execution is the film
    the sides see from turn 2."""
    b = lane()
    b.unit("r", "inf", "c2r1")
    b.unit("b", "inf", "c7r1", nation="blueland")
    game = b.game(seed=1)
    assert (game.turn, game.to_act()) == (1, "red")
    game.apply(OrderMove(stack(game, "r"), ("c3r1", "c4r1")))
    game.apply(SealPlan())
    assert game.to_act() == "blue"
    with pytest.raises(HiddenPlan):
        plan.orders_of(game, "red", viewer="blue")
    assert where(game, "r") == "c2r1"  # nothing moves before both plans are in
    game.apply(OrderMove(stack(game, "b"), ("c6r1",)))
    game.apply(SealPlan())
    assert (game.turn, game.to_act()) == (2, "red")
    assert (where(game, "r"), where(game, "b")) == ("c4r1", "c6r1")
    frames = film.frames(game.log.records, viewer="red", turn=1)
    assert frames[-1].stacks[stack(game, "r")].region == "c4r1"
    assert frames[0].stacks[stack(game, "r")].region == "c2r1"


def test_ot3_orders_come_in_any_order_and_are_undone_until_the_plan_is_sealed() -> None:
    """OT3: fire and move orders in any order, each changed or taken back while red plans;
    once red seals, its plan is final and what it held is what is carried out."""
    b = lane()
    b.unit("tank", "armour", "c3r1", echelon="regiment")
    b.unit("gun", "art", "c1r1")
    b.unit("foe", "inf", "c4r1", nation="blueland")
    game = b.game(seed=2)
    tank = stack(game, "tank")
    game.apply(AssignFire("gun", "offensive", "c4r1"))
    game.apply(OrderAttack(tank, "c4r1", ()))
    game.apply(CancelFire("gun"))
    game.apply(CancelOrder(tank))
    game.apply(OrderMove(tank, ("c2r1",)))
    assert plan.orders_of(game, "red", viewer="red") == {tank: OrderMove(tank, ("c2r1",))}
    game.apply(SealPlan())
    for late in (CancelOrder(tank), AssignFire("gun", "offensive", "c4r1")):
        with pytest.raises(IllegalAction):
            game.apply(late)
    start = len(game.log)
    game.apply(SealPlan())
    records = game.log.records[start:]
    assert not of(records, "op_battle") and not of(records, "op_bombardment")
    assert where(game, "tank") == "c2r1"


# -- OT7: the order of the execution -------------------------------------------------------------


def test_ot7_a_set_piece_battle_comes_before_movement_and_a_bombardment_after_it() -> None:
    """OT7 (as docs/rules-operational.md plays it): the attack of a stack that began next to
    its target is fought on tick 1, before any step; the defender that held it moves on with
    its own orders afterwards; a bombardment no battle used falls once the last tick is over."""
    b = lane(rows=3)
    b.unit("tank", "armour", "c4r1", echelon="regiment")
    b.unit("foe", "inf", "c5r1", nation="blueland", echelon="regiment", quality="elite")
    b.unit("other", "inf", "c5r3", nation="blueland")
    b.unit("gun", "art", "c2r3")
    game = b.game(seed=3)
    red = [OrderAttack(stack(game, "tank"), "c5r1", ()), AssignFire("gun", "offensive", "c5r3")]
    records = execute(game, red, [OrderMove(stack(game, "foe"), ("c6r1", "c7r1"))])
    kinds = [
        r["type"] for r in records if r["type"] in ("op_battle", "wego_step", "op_bombardment")
    ]
    assert kinds == ["op_battle", "wego_step", "wego_step", "op_bombardment"]
    (battle,) = of(records, "op_battle")
    assert battle["tick"] == 1 and battle["battle_kind"] == "set_piece"
    last_tick = of(records, "wego_tick")[-1]
    assert records.index(of(records, "op_bombardment")[0]) > records.index(last_tick)
    assert where(game, "foe") == "c7r1"


# -- OT9: fractions are kept -------------------------------------------------------------------


def test_ot9_factors_and_odds_keep_their_fractions() -> None:
    """OT9: a tank at 55% strength attacks with 16 x 0.55 = 8.8 (no rounding), and the basic
    odds are the exact ratio of the totals."""
    b = OpBuilder(5, 3)
    b.unit("tank", "armour", "c2r2", strength=55)
    b.unit("foe", "inf", "c3r2", nation="blueland", strength=70)
    board, units = b.board_and_units()
    preview = odds_preview(board, units, AttackSpec(("tank",), board.index("c3r2")))
    assert preview.attackers[0].effective == pytest.approx(8.8)
    assert preview.defenders[0].effective == pytest.approx(8 * 0.7)
    assert preview.basic_odds == pytest.approx(8.8 / 5.6)
    assert preview.basic_odds != round(preview.basic_odds)


def test_ot9_a_step_keeps_its_quarter_mp_and_a_turn_adds_them_up() -> None:
    """OT9: open ground costs 1.25 MP a step, and three steps spend 3.75 of the 4 MP (a
    fourth would need 5: the stack stops)."""
    b = lane()
    b.unit("inf", "inf", "c1r1")
    game = b.game(seed=1)
    records = execute(game, [OrderMove(stack(game, "inf"), ("c2r1", "c3r1", "c4r1"))])
    assert [s["cost"] for s in of(records, "wego_step")] == [1.25, 1.25, 1.25]


# -- OH12: railways carry nothing ---------------------------------------------------------------


def _cost_to(kind: str | None) -> float:
    b = lane()
    b.terrain("woods", "c3r1", "c4r1", "c5r1")
    if kind:
        b.road(kind, "c2r1", "c3r1", "c4r1", "c5r1")
    b.unit("tank", "armour", "c2r1", echelon="regiment")
    game = b.game(seed=1)
    return plan.routes(game, game.state.stacks[stack(game, "tank")])["c4r1"].cost


def test_oh12_a_railway_through_the_woods_costs_what_the_woods_cost() -> None:
    """OH12: a railway is decoration: no cheaper way through the woods, while a road is."""
    assert _cost_to("rail") == _cost_to(None) == 6.0
    assert _cost_to("road") < 6.0


# -- OV3: control -----------------------------------------------------------------------------


def test_ov3_a_side_takes_a_hex_by_entering_it_and_keeps_it_until_an_enemy_enters() -> None:
    """OV3 (and the choice in docs/rules-operational.md): red takes blue's victory location by
    passing through it, still scores it with no unit left there, and loses it when a blue unit
    steps in."""
    b = lane().table("victory", locations=[{"hex": "c5r1", "per_turn": {"red": 3, "blue": 1}}])
    b.unit("r", "inf", "c4r1")
    b.unit("raider", "armour", "c2r1", nation="blueland")
    game = b.game(seed=1)
    assert places.side_of_region(game, "c5r1") == "blue"
    records = execute(game, [OrderMove(stack(game, "r"), ("c5r1", "c6r1", "c7r1"))])
    assert where(game, "r") == "c7r1"
    assert places.side_of_region(game, "c5r1") == "red"
    assert [(v["side_id"], v["change"]) for v in of(records, "vp")] == [("red", 3)]
    records = execute(
        game,
        [OrderMove(stack(game, "r"), ("c8r1",))],
        [OrderMove(stack(game, "raider"), ("c3r1", "c4r1", "c5r1"))],
    )
    assert where(game, "raider") == "c5r1"
    assert places.side_of_region(game, "c5r1") == "blue"
    assert [(v["side_id"], v["change"]) for v in of(records, "vp")] == [("blue", 1)]


# -- OF3: the final film ------------------------------------------------------------------------


def test_of3_after_the_last_turn_the_final_film_shows_every_stack_of_every_turn() -> None:
    """OF3: under fog red never sees blue's far stack; once the game is over the final film
    holds every execution of the game with every stack in it, units and all."""
    b = lane(columns=12, turns=2, fog=True)
    b.unit("r", "inf", "c2r1")
    b.unit("b", "inf", "c11r1", nation="blueland")
    game = b.game(seed=1)
    execute(game, [])
    execute(game, [])
    assert game.outcome() is not None
    records = game.log.records
    blue = stack(game, "b")
    assert all(blue not in f.stacks for f in film.frames(records, viewer="red"))
    final = film.final_film(records)
    ticks = [r for r in records if r["type"] == "wego_tick"]
    assert len(final) == len(ticks) and {r["turn"] for r in ticks} == {1, 2}
    assert all(f.stacks[blue].units is not None for f in final)


# -- OA16: assets are worth nothing after the game ---------------------------------------------


def _flak_lane() -> OpBuilder:
    stuka: dict[str, Any] = {
        "id": "stuka",
        "side": "red",
        "domain": "air",
        "missions": ["ground_attack"],
        "bombardment": 12,
        "aa_defence": 1,
    }
    b = lane()
    b.table("assets", assets=[stuka], aa={"rows": [[{"result": "aborted", "damage": 40}] * 9] * 6})
    b.unit("tank", "armour", "c2r1", echelon="regiment")
    b.unit("foe", "inf", "c5r1", nation="blueland")
    return b


def test_oa16_a_damaged_asset_scores_no_vp_and_the_next_scenario_has_it_fresh() -> None:
    """OA16: blue's AA hurts red's stuka: no VP for blue; the campaign's next scenario gets
    the asset as its own file writes it, not as the game left it."""
    game = _flak_lane().game(seed=3)
    records = execute(game, [AssignAsset("stuka", "ground_attack", "c5r1")])
    assert of(records, "op_aa_fire")
    hurt = assets.state_of(game, "stuka")
    assert hurt is not None and hurt.strength == 60
    assert not of(records, "vp") and game.state.sides["blue"].vp == 0
    result = result_of(game, "one.json")
    assert "stuka" not in result.units
    again = Game(carried_into(_flak_lane().build(), result), seed=3)
    fresh = assets.state_of(again, "stuka")
    assert fresh is not None and fresh.strength == 100

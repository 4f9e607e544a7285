"""A chosen part of a stack gets its own order (OO1) and the ignore-enemy move (OO3), in WEGO
planning and execution, on small hand-made hex scenarios (``OpBuilder``: open ground, red to
the west, blue to the east, fog of war off).

At Basic supply an armour regiment has 8 MP and an infantry battalion 4; open ground costs
1.25 MP a hex.
"""

from __future__ import annotations

import json

import pytest

from engine import Game
from engine.errors import IllegalAction
from engine.wego.op.actions import BreakDown, Detach, Join
from engine.wego.orders import CancelOrder, OrderHold, OrderIgnoreEnemy, OrderMove, SealPlan
from engine.wego.plan_state import fresh, next_action, snapshot
from engine.wego.sealed import CommitPlan, RevealPlan, commitment, plan_text
from engine.wego.views import visible_records
from tests.operational.builder import OpBuilder
from tests.operational.play import execute, of, stack
from tests.wego_scenarios import crossing_scenario


def board(columns: int = 8, rows: int = 2) -> OpBuilder:
    b = OpBuilder(columns=columns, rows=rows)
    b.raw["calendar"]["turns"] = 3
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    return b


def split_game() -> Game:
    """Red's tank regiment and rifle battalion share c2r1; blue's battalion is far east."""
    b = board()
    b.unit("tank", "armour", "c2r1", echelon="regiment")
    b.unit("rifles", "inf", "c2r1", echelon="battalion")
    b.unit("foe", "inf", "c8r2", nation="blueland", echelon="battalion")
    return b.game(seed=3)


def region(game: Game, unit: str) -> str:
    return game.state.stacks[stack(game, unit)].region


# -- OO1: part of a stack ------------------------------------------------------------------------


def test_oo1_a_detached_unit_forms_its_own_stack_on_the_hex_and_is_listed() -> None:
    game = split_game()
    whole = stack(game, "tank")
    legal = game.legal_actions()
    assert Detach(("rifles",)) in legal and Detach(("tank",)) in legal
    game.apply(Detach(("rifles",)))
    part = stack(game, "rifles")
    assert part != whole and stack(game, "tank") == whole
    assert game.state.stacks[part].region == game.state.stacks[whole].region == "c2r1"
    # Both parts may now be ordered; joining them again is open while neither has an order.
    assert Join(("tank", "rifles")) in game.legal_actions()
    assert of(game.log.records, "op_detach")[-1]["units"] == ["rifles"]


def test_oo1_the_two_parts_move_on_their_own_routes_and_stay_apart() -> None:
    """OO1: the tank goes east along row 1, the rifles south-east along row 2; each ends
    where its own route ends and the two stay separate stacks after the turn."""
    game = split_game()
    game.apply(Detach(("rifles",)))
    tank, rifles = stack(game, "tank"), stack(game, "rifles")
    records = execute(
        game, [OrderMove(tank, ("c3r1", "c4r1")), OrderMove(rifles, ("c2r2", "c3r2"))]
    )
    ends = {r["stack"]: r["reason"] for r in of(records, "wego_order_end")}
    assert ends == {tank: "arrived", rifles: "arrived"}
    assert (region(game, "tank"), region(game, "rifles")) == ("c4r1", "c3r2")
    assert stack(game, "tank") != stack(game, "rifles")


def test_oo1_parts_ending_on_one_hex_stay_separate_stacks() -> None:
    game = split_game()
    game.apply(Detach(("rifles",)))
    tank, rifles = stack(game, "tank"), stack(game, "rifles")
    execute(game, [OrderMove(tank, ("c3r1",)), OrderMove(rifles, ("c3r1",))])
    assert region(game, "tank") == region(game, "rifles") == "c3r1"
    assert stack(game, "tank") != stack(game, "rifles")
    game.apply(Join(("tank", "rifles")))  # the next plan may join them again
    assert stack(game, "tank") == stack(game, "rifles")


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Detach(("tank", "rifles")), "all of stack"),
        (Detach(()), "at least one unit"),
        (Detach(("foe",)), "is not a unit of 'red'"),
        (Detach(("ghost",)), "is not a unit of 'red'"),
        (Detach(("rifles", "rifles")), "named twice"),
        (Join(("tank", "rifles")), "at least two stacks"),
    ],
)
def test_oo1_a_detachment_the_rules_refuse_is_a_typed_error_naming_why(
    action: Detach | Join, reason: str
) -> None:
    game = split_game()
    with pytest.raises(IllegalAction, match=reason):
        game.check(action)


def test_oo1_a_stack_with_an_order_is_neither_split_nor_joined_until_it_is_cancelled() -> None:
    game = split_game()
    whole = stack(game, "tank")
    game.apply(OrderMove(whole, ("c3r1",)))
    with pytest.raises(IllegalAction, match="has an order already: cancel it first"):
        game.check(Detach(("rifles",)))
    assert Detach(("rifles",)) not in game.legal_actions()
    game.apply(CancelOrder(whole))
    game.apply(Detach(("rifles",)))
    game.apply(OrderHold(stack(game, "rifles")))
    with pytest.raises(IllegalAction, match="has an order already"):
        game.check(Join(("tank", "rifles")))


def test_oo1_stacks_on_two_hexes_do_not_join() -> None:
    game = split_game()
    game.apply(Detach(("rifles",)))
    execute(game, [OrderMove(stack(game, "rifles"), ("c3r1",))])
    with pytest.raises(IllegalAction, match="on one hex"):
        game.check(Join(("tank", "rifles")))


def test_oo1_the_plans_undo_joins_a_detached_part_back_and_start_again_matches() -> None:
    """OO1, the plan's Undo (engine/wego/plan_state.py): the snapshot before the detachment
    is reached again by cancelling the part's order and joining it back."""
    game = split_game()
    before = snapshot(game, "red")
    assert fresh(game, "red") == before
    game.apply(Detach(("rifles",)))
    game.apply(OrderMove(stack(game, "rifles"), ("c2r2",)))
    game.apply(OrderMove(stack(game, "tank"), ("c3r1",)))
    after = snapshot(game, "red")
    taken: list[str] = []
    while (action := next_action(game, "red", before)) is not None:
        game.apply(action)
        taken.append(action.kind)
    assert snapshot(game, "red") == before
    assert stack(game, "tank") == stack(game, "rifles")
    assert "op_join" in taken
    # Redo: the detachment and both orders come back.
    while (action := next_action(game, "red", after)) is not None:
        game.apply(action)
    assert snapshot(game, "red") == after
    assert stack(game, "tank") != stack(game, "rifles")


def test_oo1_start_again_in_a_later_turn_undoes_this_turns_detachments_only() -> None:
    game = split_game()
    game.apply(Detach(("rifles",)))
    execute(game, [OrderHold(stack(game, "rifles"))])
    start = snapshot(game, "red")
    assert fresh(game, "red") == start  # turn 2: last turn's detachment stands
    game.apply(Join(("tank", "rifles")))
    assert fresh(game, "red") == start
    game.apply(BreakDown("tank"))
    assert fresh(game, "red").groups != snapshot(game, "red").groups


def test_oo1_a_save_made_mid_plan_keeps_the_parts_and_their_orders() -> None:
    game = split_game()
    game.apply(Detach(("rifles",)))
    rifles = stack(game, "rifles")
    game.apply(OrderMove(rifles, ("c2r2", "c3r2")))
    again = Game.load(game.scenario, json.loads(json.dumps(game.save())))
    assert stack(again, "rifles") == rifles != stack(again, "tank")
    assert snapshot(again, "red") == snapshot(game, "red")
    execute(again, [OrderMove(stack(again, "tank"), ("c3r1",))])
    assert (region(again, "tank"), region(again, "rifles")) == ("c3r1", "c3r2")


def test_oo1_a_plan_sealed_by_commitment_carries_its_detachment_and_the_parts_orders() -> None:
    """OT10 with OO1: red commits to a plan made on a copy of the game (detach, then order the
    part by the stack id it got there); blue detaches too meanwhile, so the part's stack gets
    another id when red reveals, and the order still reaches it."""
    game = split_game()
    scratch = Game(game.scenario, 3)
    scratch.apply(Detach(("rifles",)))
    plan = [Detach(("rifles",)), OrderMove(stack(scratch, "rifles"), ("c2r2", "c3r2"))]
    text, salt = plan_text(plan), "7" * 32
    game.apply(CommitPlan(commitment("red", text, salt)))
    assert stack(game, "tank") == stack(game, "rifles")  # nothing of the plan shows yet
    game.apply(SealPlan())  # blue
    game.apply(RevealPlan(text, salt))
    assert not of(game.log.records, "plan_action_dropped")
    assert (region(game, "tank"), region(game, "rifles")) == ("c2r1", "c3r2")


def test_oo1_the_other_side_reads_neither_the_detachment_nor_its_record() -> None:
    game = split_game()
    game.apply(Detach(("rifles",)))
    shown = visible_records(game.log.records, "blue")
    assert not of(shown, "op_detach")
    assert not any(r.get("action", {}).get("kind") == "op_detach" for r in of(shown, "action"))


# -- OO3: ignore-enemy move ----------------------------------------------------------------------


def lane_game(foe_at: str = "c5r2") -> Game:
    """Red's tank regiment at c3r2, blue's battalion at 30% strength at ``foe_at`` (an
    ordinary move into it overruns it at better than 10:1, OM14)."""
    b = board(rows=3)
    b.unit("tank", "armour", "c3r2", echelon="regiment")
    b.unit("foe", "inf", foe_at, nation="blueland", strength=30)
    return b.game(seed=1)


ROUTE = ("c4r2", "c5r2", "c6r2")


def test_oo3_the_plan_offers_routes_through_and_onto_enemy_hexes_only_ignoring_the_enemy() -> None:
    game = lane_game()
    tank = stack(game, "tank")
    legal = game.legal_actions()
    assert OrderIgnoreEnemy(tank, ROUTE[:2]) in legal
    game.check(OrderIgnoreEnemy(tank, ROUTE))
    plain = [a for a in legal if type(a) is OrderMove]
    assert plain and not any("c5r2" in a.path for a in plain)
    # Where an ordinary move goes as well, only the ordinary move is listed.
    assert OrderIgnoreEnemy(tank, ("c4r2",)) not in legal
    game.check(OrderIgnoreEnemy(tank, ("c4r2",)))


def test_oo3_the_enemy_still_there_stops_the_move_short_of_it_without_a_fight() -> None:
    """OO3: ignoring the enemy, the tank halts in c4r2, the last hex short of the foe, and
    neither overruns nor attacks it; it pays the foe's zone of control entering c4r2."""
    game = lane_game()
    records = execute(game, [OrderIgnoreEnemy(stack(game, "tank"), ROUTE)])
    end = of(records, "wego_order_end")[0]
    assert end["reason"] == "blocked" and "OO3" in end["detail"]
    assert region(game, "tank") == "c4r2"
    assert not of(records, "op_overrun") and not of(records, "op_battle")
    assert game.state.units["foe"].status == "active"
    step = next(r for r in of(records, "wego_step") if r["to"] == "c4r2")
    assert step["zoc"] > 0


def test_oo3_an_ordinary_move_on_the_same_route_overruns_the_weak_enemy() -> None:
    """The contrast (OM14): the same route as an ordinary move overruns the foe."""
    game = lane_game()
    records = execute(game, [OrderMove(stack(game, "tank"), ROUTE)])
    assert of(records, "op_overrun") and region(game, "tank") == "c6r2"


def test_oo3_the_enemy_gone_the_move_goes_through_its_hex() -> None:
    """The foe next door leaves east at once; the tank, waiting three ticks, then goes through
    the hex the foe held and on."""
    game = lane_game("c4r2")
    execute(
        game,
        [OrderIgnoreEnemy(stack(game, "tank"), ("c4r2", "c5r2"), wait=3)],
        [OrderMove(stack(game, "foe"), ("c5r2", "c6r2", "c7r2"))],
    )
    assert region(game, "tank") == "c5r2"


def test_oo3_is_an_order_of_the_operational_rules_only() -> None:
    game = Game(crossing_scenario(), 1)
    move = next(a for a in game.legal_actions() if type(a) is OrderMove)
    assert not any(isinstance(a, OrderIgnoreEnemy) for a in game.legal_actions())
    with pytest.raises(IllegalAction, match="order of the operational rules"):
        game.check(OrderIgnoreEnemy(move.stack, move.path))


def test_oo3_a_save_made_mid_plan_keeps_the_ignore_enemy_order() -> None:
    game = lane_game()
    order = OrderIgnoreEnemy(stack(game, "tank"), ROUTE)
    game.apply(order)
    again = Game.load(game.scenario, json.loads(json.dumps(game.save())))
    assert snapshot(again, "red") == snapshot(game, "red")
    records = execute(again, [])
    assert region(again, "tank") == "c4r2"
    assert of(records, "wego_order_end")[0]["reason"] == "blocked"


def test_oo3_an_enemy_stepping_out_in_the_same_round_leaves_no_free_step() -> None:
    """A stack found due to meet the enemy in its next hex (a contact costs nothing) whose
    enemy steps out earlier in the same round has its step priced again, not taken free."""
    game = lane_game("c4r2")
    records = execute(
        game,
        [OrderIgnoreEnemy(stack(game, "tank"), ("c4r2", "c5r2"), wait=2)],
        [OrderMove(stack(game, "foe"), ("c5r2", "c6r2", "c7r2"))],
    )
    steps = [r for r in of(records, "wego_step") if r["units"] == ["tank"]]
    assert all(r["cost"] > 0 for r in steps)


def test_oo1_start_again_folds_a_part_broken_down_later_back_into_its_stack() -> None:
    """Turn 2: the rifles detached, then broken down: the plan before it had one stack of
    tank and rifles, and Start again brings it back (the parts combined, then joined)."""
    game = split_game()
    execute(game, [])
    start = snapshot(game, "red")
    game.apply(Detach(("rifles",)))
    game.apply(BreakDown("rifles"))
    assert fresh(game, "red") == start
    while (action := next_action(game, "red", start)) is not None:
        game.apply(action)
    assert snapshot(game, "red") == start
    assert stack(game, "tank") == stack(game, "rifles")

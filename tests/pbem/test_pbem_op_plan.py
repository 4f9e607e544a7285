"""Play by e-mail under the operational rules (issue 15, OT10): a plan sealed by commitment
holds every kind of planning action of the family, and the turn plays as in hot seat.

Red's first-turn plan on tests/operational/every_order.py's front breaks a regiment down
and sets a part up elsewhere (OU12, OT1), breaks the tank down and combines it again
(OU14), moves the division to the other corps (OO16), buys supply (OO13), gives the gun a
fire order (OC33), the air wing a mission (OA4) and the engineer a breach (OE2), and orders
the stacks, one of them formed by the breakdown. Red seals first, so its file holds the
commitment only; blue plans in the clear; red's reveal carries the whole plan out.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import Game
from engine.actions import Action
from engine.pbem import PbemGame, Tampered, load, start, verify
from engine.pbem.sealing import KEEP_SUFFIX
from engine.pbem.turnfile import read
from engine.wego.op.actions import (
    AssignAsset,
    AssignFire,
    BreakDown,
    Combine,
    OrderEngineer,
    OrderSupply,
    ReassignHq,
    SetUp,
)
from engine.wego.orders import OrderAttack, OrderHold, OrderMove, SealPlan
from schemas.scenario import Scenario
from tests.operational.every_order import every_order
from tests.operational.play import stack


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    return every_order().build()


def red_plan(game: Game) -> list[Action]:
    """Red's plan, each action applied to ``game`` as it is listed (a breakdown's parts get
    their stacks first)."""
    plan: list[Action] = [
        BreakDown("reg"),
        SetUp("reg-2", "c1r1"),
        BreakDown("r-tank"),
        Combine("r-tank"),
        ReassignHq("div", "k2"),
        OrderSupply("div", move_plus=True),
        AssignFire("gun", "offensive", "c7r3"),
        AssignAsset("stuka", "offensive_support", "c7r3"),
        OrderEngineer("eng", "breach"),
    ]
    for action in plan:
        game.apply(action)
    orders: list[Action] = [
        OrderMove(stack(game, "reg-1"), ("c3r2",)),
        OrderMove(stack(game, "reg-2"), ("c2r1",)),
        OrderAttack(stack(game, "r-tank"), "c7r3", ("c6r3",)),
        OrderHold(stack(game, "gun")),
    ]
    for action in orders:
        game.apply(action)
    return plan + orders


BLUE: list[Action] = [OrderSupply("b-div", combat_plus=True)]


def hot_seat(scenario: Scenario) -> Game:
    game = Game(scenario, 7)
    red_plan(game)
    game.apply(SealPlan())
    for action in BLUE:
        game.apply(action)
    game.apply(SealPlan())
    return game


def by_email(
    scenario: Scenario, folder: Path, blue_plan: list[Action] = BLUE
) -> tuple[list[Path], PbemGame, list[Action]]:
    red, _ = start(scenario, "front", folder, seed=7, game_id="op1")
    plan = red_plan(red.game)
    red.apply(SealPlan())
    first = red.write_turn()
    blue = load(first, scenario, side="blue")
    for action in blue_plan:
        blue.apply(action)
    blue.apply(SealPlan())
    second = blue.write_turn()
    red = load(second, scenario, side="red")  # the reveal: the execution runs
    assert red.game.turn == 2
    return [first, second], red, plan


def test_ot10_every_order_of_the_operational_family_travels_sealed_and_plays_as_hot_seat(
    scenario: Scenario, tmp_path: Path
) -> None:
    (first, second), red, plan = by_email(scenario, tmp_path)
    game = red.game
    # Red's file holds the commitment only: none of the plan, in actions, records or text.
    turn, data = read(first)
    assert [a["kind"] for a in turn.actions] == ["commit_plan"]
    text = data.decode("utf-8")
    for word in ("op_", "order_", "stuka", "reg-2", "k2", "breach"):
        assert word not in text, word
    (keep,) = tmp_path.glob(f"*{KEEP_SUFFIX}")
    kept = [a["kind"] for a in json.loads(json.loads(keep.read_text("utf-8"))["orders"])]
    assert kept == [a.kind for a in plan]
    # Blue planned on the board as it stood before red's plan: no breakdown, no setup.
    assert "reg-2" not in read(second)[1].decode("utf-8")

    same = hot_seat(scenario)
    assert game.state.to_json() == same.state.to_json()
    assert not game.log.of_type("plan_action_dropped")
    played = {r["type"] for r in game.log.records}
    assert {"op_break_down", "op_combine", "op_engineering", "op_battle"} <= played


def test_ot10_a_plan_changed_in_the_reveal_is_refused_as_tampered(
    scenario: Scenario, tmp_path: Path
) -> None:
    _, red, _ = by_email(scenario, tmp_path)
    red.apply(SealPlan())  # red's plan of turn 2: its sitting is over, its file written
    third = red.write_turn()
    data = json.loads(third.read_text("utf-8"))
    reveal = data["actions"][0]
    assert reveal["kind"] == "reveal_plan"
    changed = [
        {**a, "move_plus": False, "combat_plus": True} if a["kind"] == "op_order_supply" else a
        for a in json.loads(reveal["orders"])
    ]
    reveal["orders"] = json.dumps(changed, sort_keys=True, separators=(",", ":"))
    third.write_text(json.dumps(data, indent=2, sort_keys=True), encoding="utf-8")
    with pytest.raises(Tampered, match="does not match the commitment") as caught:
        verify(third, scenario)
    assert "file 3" in str(caught.value)


def test_ot10_ou12_orders_to_stacks_the_plan_formed_reach_them_when_the_other_side_formed_some(
    scenario: Scenario, tmp_path: Path
) -> None:
    """Blue breaks a regiment down while red's plan is sealed: blue's parts take the stack
    numbers red's parts had when red planned; red's orders still reach red's parts."""
    _, red, _ = by_email(scenario, tmp_path, [BreakDown("b-inf2"), *BLUE])
    game = red.game
    assert not game.log.of_type("plan_action_dropped")
    where = {u: game.state.stacks[game.state.units[u].stack].region for u in ("reg-1", "reg-2")}
    assert where == {"reg-1": "c3r2", "reg-2": "c2r1"}
    assert game.state.units["b-inf2-1"].side == "blue"

"""WEGO planning (issue 14): orders as actions, checked before anything is recorded, changed
and cancelled before sealing, and hidden from the other side everywhere it looks.

The game is the test crossing scenario (tests/wego_scenarios.py): a river with two bridges,
four stacks a side, fog of war on.
"""

from __future__ import annotations

import json

import pytest

from engine import Game, IllegalAction, SaveError
from engine.wego import plan, views
from engine.wego.game import WegoGame
from engine.wego.orders import (
    CancelOrder,
    OrderAttack,
    OrderHold,
    OrderMove,
    OrderWithdraw,
    SealPlan,
)
from schemas.io import load_text
from tests.wego_scenarios import crossing, crossing_scenario, lane


def game(seed: int = 1) -> Game:
    return Game(crossing_scenario(), seed)


def stack(g: Game, unit: str) -> str:
    found = g.state.units[unit].stack
    assert found is not None
    return found


def test_ot2_a_wego_scenario_makes_a_wego_game_and_both_sides_plan_in_turn_order() -> None:
    g = game()
    assert isinstance(g, WegoGame)
    assert (g.phase, g.to_act(), plan.sealed(g)) == ("wego_planning", "red", [])
    g.apply(SealPlan())
    assert (g.to_act(), plan.sealed(g)) == ("blue", ["red"])
    g.apply(SealPlan())
    assert (g.turn, g.to_act(), plan.sealed(g)) == (2, "red", [])


def test_oo19_the_legal_orders_are_the_planning_sides_and_all_of_them_apply() -> None:
    g = game()
    actions = g.legal_actions()
    assert actions[-1] == SealPlan()
    assert all(getattr(a, "stack", None) in g.state.stacks for a in actions[:-1])
    assert {g.state.stacks[a.stack].side for a in actions[:-1]} == {"red"}  # type: ignore[attr-defined]
    kinds = {a.kind for a in actions}
    assert {"order_hold", "order_defend", "order_move", "order_withdraw"} <= kinds
    for action in actions:
        assert g.is_legal(action), action


def test_oo19_a_refused_order_raises_a_reason_and_records_nothing() -> None:
    g = game()
    before = (len(g.log), json.dumps(g.save(), sort_keys=True))
    red, blue = stack(g, "r1"), stack(g, "b1")
    refused = [
        (OrderMove(blue, ("c9r1",)), "not a stack of the side planning"),
        (OrderMove(red, ()), "at least one region"),
        (OrderMove(red, ("c3r1",)), "no connection leads"),
        (OrderMove(red, ("c2r1", "c3r1", "c4r1", "c5r1")), "costs"),
        (OrderMove(red, ("c2r1",), wait=-1), "whole number of ticks"),
        (OrderAttack(red, "c2r1"), "holds no enemy"),
        (CancelOrder(red), "no order to cancel"),
    ]
    for action, reason in refused:
        with pytest.raises(IllegalAction, match=reason):
            g.apply(action)
    assert (len(g.log), json.dumps(g.save(), sort_keys=True)) == before


def test_ot3_oo17_an_order_can_be_changed_or_cancelled_until_the_plan_is_sealed() -> None:
    g = game()
    red = stack(g, "r1")
    g.apply(OrderMove(red, ("c2r1",)))
    g.apply(OrderMove(red, ("c2r1", "c3r1")))
    assert plan.orders_of(g, "red", viewer="red") == {red: OrderMove(red, ("c2r1", "c3r1"))}
    g.apply(CancelOrder(red))
    assert plan.orders_of(g, "red", viewer="red") == {}
    g.apply(OrderHold(red))
    g.apply(SealPlan())
    # Sealed: it is blue's plan now, and red's orders cannot be touched.
    with pytest.raises(IllegalAction):
        g.apply(CancelOrder(red))


def test_oo1_waypoints_give_the_cheapest_legs_between_them() -> None:
    g = game()
    red = stack(g, "r2")  # c2r3
    path = plan.route_through(g, red, ("c2r2", "c3r2"))
    assert path[-1] == "c3r2" and "c2r2" in path
    g.apply(OrderMove(red, path))
    with pytest.raises(IllegalAction, match="cannot be reached"):
        plan.route_through(g, red, ("c10r6",))


def test_ot2_ot10_a_plan_is_hidden_from_the_other_side_through_every_query() -> None:
    """Hot seat: blue's questions are answered the same whatever red ordered."""
    quiet, busy = game(), game()
    red = stack(busy, "r1")
    busy.apply(OrderMove(red, ("c2r1", "c3r1")))
    busy.apply(OrderWithdraw(stack(busy, "r4"), ("c1r5",)))
    for g in (quiet, busy):
        g.apply(SealPlan())
    assert busy.to_act() == "blue"
    assert busy.legal_actions() == quiet.legal_actions()
    with pytest.raises(plan.HiddenPlan):
        plan.orders_of(busy, "red", viewer="blue")
    assert plan.orders_of(busy, "red", viewer=None)[red] == OrderMove(red, ("c2r1", "c3r1"))
    # The log and a save as blue sees them hold nothing of red's orders.
    shown = views.save_view(busy, "blue")
    assert shown["state"]["wego"]["orders"]["red"] == {}
    text = json.dumps(shown)
    assert "order_move" not in text and "order_withdraw" not in text
    sealed = [r for r in shown["log"] if r["type"] == "plan_sealed"]
    assert sealed and "orders" not in sealed[0]
    # Red's own view keeps its orders; the full save too.
    assert "order_move" in json.dumps(views.save_view(busy, "red")["state"]["wego"])
    assert "order_move" in json.dumps(busy.save()["state"]["wego"])


def test_a_save_view_is_not_a_save() -> None:
    g = game()
    g.apply(OrderMove(stack(g, "r1"), ("c2r1",)))
    g.apply(SealPlan())
    with pytest.raises(SaveError):
        Game.load(g.scenario, views.save_view(g, "blue"))


def test_a_save_in_the_middle_of_a_plan_loads_and_plays_on_identically() -> None:
    from engine.ai import BaselineAI

    g = game(seed=7)
    ai = BaselineAI()
    for _ in range(3):
        g.apply(ai.choose(g))
    assert g.phase == "wego_planning" and g.to_act() == "red"
    text = json.dumps(g.save())
    copy = Game.from_save(g.scenario, text)
    assert isinstance(copy, WegoGame)
    assert plan.orders_of(copy, "red", viewer="red") == plan.orders_of(g, "red", viewer="red")
    other = BaselineAI()
    for _ in range(60):
        if g.outcome() is not None:
            break
        g.apply(ai.choose(g))
        copy.apply(other.choose(copy))
    assert copy.log.records == g.log.records
    assert copy.state.to_json() == g.state.to_json()


def test_a_damaged_plan_in_a_save_is_refused_with_its_place() -> None:
    g = game()
    red = stack(g, "r1")
    g.apply(OrderMove(red, ("c2r1",)))
    data = g.save()
    data["state"]["wego"]["orders"]["red"][red]["path"] = ["nowhere"]
    with pytest.raises(SaveError) as caught:
        Game.load(g.scenario, data)
    assert caught.value.pointer == f"/state/wego/orders/red/{red}/path/0"
    data = g.save()
    data["state"]["wego"]["orders"]["blue"] = {red: data["state"]["wego"]["orders"]["red"][red]}
    with pytest.raises(SaveError, match="belongs to 'red'"):
        Game.load(g.scenario, data)
    data = g.save()
    data["state"]["wego"]["stage"] = "execution"
    with pytest.raises(SaveError):
        Game.load(g.scenario, data)


def test_e2_wego_validation_warns_of_a_card_no_wego_window_opens() -> None:
    """Events, cards, reinforcements and aircraft are played in WEGO turns (no warning);
    a card playable only in battle or movement never comes into play there."""
    b = crossing()
    b.unit_type("plane", name="Plane", domain="air", movement=6, hit_points=2, stacking=1)
    b.unit("p", "plane", "c1r1")
    b.set(
        "cards",
        [
            {
                "id": "now",
                "name": "Now",
                "side": "red",
                "phases": ["cards"],
                "effects": [{"kind": "vp", "amount": 1}],
            },
            {
                "id": "fight",
                "name": "Fight",
                "side": "red",
                "phases": ["battle"],
                "effects": [{"kind": "vp", "amount": 1}],
            },
        ],
    )
    result = load_text(json.dumps(b.raw))
    found = {(i.code, i.path, i.severity) for i in result.issues if i.code.startswith("wego")}
    assert found == {("wego-unplayed", "/cards/1/phases", "warning")}
    plain = load_text(json.dumps(crossing().raw))
    assert not [i for i in plain.issues if i.code.startswith("wego")]


def test_an_igougo_lane_is_not_a_wego_game() -> None:
    b = lane()
    b.raw["calendar"]["turn_system"] = "igougo"
    g = b.game()
    assert not isinstance(g, WegoGame)
    assert g.state.wego is None


def test_v4_a_first_step_dearer_than_all_the_mp_is_a_move_of_its_own() -> None:
    b = lane()
    b.unit_type("slow", name="Slow", movement=1, hit_points=2, stacking=1, attack=1, defence=1)
    b.terrain("forest", "c2r1")  # 2 MP to enter
    b.unit("s", "slow", "c1r1")
    g = b.game()
    slow = stack(g, "s")
    assert {a.path for a in g.legal_actions() if isinstance(a, OrderMove)} == {("c2r1",)}
    with pytest.raises(IllegalAction, match="the move ends in 'c2r1'"):
        g.apply(OrderMove(slow, ("c2r1", "c3r1")))
    g.apply(OrderMove(slow, ("c2r1",)))
    g.apply(SealPlan())
    g.apply(SealPlan())
    assert g.state.stacks[stack(g, "s")].region == "c2r1"

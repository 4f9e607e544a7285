"""WEGO plans sealed by commitment (issue 14, OT10 play by e-mail): the engine's side of it.

A side commits to its plan by a hash; once every plan is in, it reveals the orders and the
salt, and the engine refuses a reveal that does not match or holds an order the side could
not give. The test crossing scenario (tests/wego_scenarios.py) is the board.
"""

from __future__ import annotations

import pytest

from engine import Game, IllegalAction
from engine.wego import plan, views
from engine.wego.orders import OrderHold, OrderMove, SealPlan
from engine.wego.sealed import CommitPlan, RevealPlan, commitment, orders_text, plan_text
from tests.wego_scenarios import crossing_scenario


def stack(g: Game, unit: str) -> str:
    found = g.state.units[unit].stack
    assert found is not None
    return found


def committed_game() -> tuple[Game, RevealPlan]:
    g = Game(crossing_scenario(), 1)
    move = next(a for a in g.legal_actions() if isinstance(a, OrderMove))
    orders = [move, OrderHold(stack(g, "r4"))]
    text, salt = orders_text(orders), "5" * 32
    g.apply(CommitPlan(commitment("red", text, salt)))
    return g, RevealPlan(text, salt)


def test_ot10_a_committed_plan_is_revealed_after_the_last_plan_and_then_executed() -> None:
    g, reveal = committed_game()
    assert (g.to_act(), plan.orders_of(g, "red", viewer=None)) == ("blue", {})
    g.apply(SealPlan())
    # Every plan is in: red must reveal; nothing else is legal, nothing is listed.
    assert (g.to_act(), g.legal_actions()) == ("red", [])
    with pytest.raises(IllegalAction, match="reveal"):
        g.apply(SealPlan())
    g.apply(reveal)
    assert g.log.of_type("plan_revealed")[0]["orders"] == 2
    assert g.log.of_type("wego_execution")


def test_ot10_a_changed_plan_or_salt_is_refused_and_nothing_recorded() -> None:
    g, reveal = committed_game()
    g.apply(SealPlan())
    size = len(g.log)
    changed = RevealPlan(orders_text([OrderHold(stack(g, "r4"))]), reveal.salt)
    for wrong in (changed, RevealPlan(reveal.orders, "6" * 32)):
        with pytest.raises(IllegalAction, match="does not match the commitment"):
            g.apply(wrong)
    assert len(g.log) == size


def test_ot10_a_revealed_order_the_side_could_not_give_is_dropped_and_told_to_it_alone() -> None:
    """The reveal matches its commitment, so it is played; the order the rules refuse (a
    stack of the other side) is left out and recorded for red only, and the turn goes on."""
    g = Game(crossing_scenario(), 1)
    blue_stack, red_stack = stack(g, "b1"), stack(g, "r4")
    text, salt = plan_text([OrderHold(blue_stack), OrderHold(red_stack)]), "7" * 32
    g.apply(CommitPlan(commitment("red", text, salt)))
    g.apply(SealPlan())
    g.apply(RevealPlan(text, salt))
    (dropped,) = g.log.of_type("plan_action_dropped")
    assert dropped["action"] == OrderHold(blue_stack).to_json()
    assert "not a stack of the side" in dropped["reason"]
    assert g.log.of_type("plan_revealed")[0]["orders"] == 1  # red's own hold stands
    assert g.log.of_type("wego_execution")
    seen = views.visible_records(g.log.records, "blue")
    assert not [r for r in seen if r["type"] == "plan_action_dropped"]


def test_ot10_a_reveal_holding_something_other_than_planning_is_refused() -> None:
    g = Game(crossing_scenario(), 1)
    text, salt = plan_text([SealPlan()]), "8" * 32
    g.apply(CommitPlan(commitment("red", text, salt)))
    g.apply(SealPlan())
    with pytest.raises(IllegalAction, match="item 0 is not an order"):
        g.apply(RevealPlan(text, salt))


def test_ot10_a_commitment_holds_no_order_in_the_game() -> None:
    g = Game(crossing_scenario(), 1)
    g.apply(OrderHold(stack(g, "r1")))
    with pytest.raises(IllegalAction, match="holds no order"):
        g.apply(CommitPlan("a" * 64))
    with pytest.raises(IllegalAction, match="SHA-256"):
        Game(crossing_scenario(), 1).apply(CommitPlan("not a hash"))


def test_ot10_the_other_side_reads_the_commitment_but_not_the_revealed_orders() -> None:
    g, reveal = committed_game()
    g.apply(SealPlan())
    g.apply(reveal)
    seen = views.visible_records(g.log.records, "blue")
    shown = [r["action"] for r in seen if r["type"] == "action" and r["by"] == "red"]
    assert {"kind": "reveal_plan"} in shown
    assert not any("orders" in a for a in shown if a["kind"] == "reveal_plan")
    assert [r["type"] for r in seen if r["type"] == "plan_committed"] == ["plan_committed"]
    mine = views.visible_records(g.log.records, "red")
    assert any(r["type"] == "action" and r["action"].get("orders") for r in mine)


def test_ot10_a_game_saves_and_loads_with_a_commitment_pending() -> None:
    g, reveal = committed_game()
    again = Game.load(g.scenario, g.save())
    for game in (g, again):
        game.apply(SealPlan())
        game.apply(reveal)
    assert again.log.records == g.log.records

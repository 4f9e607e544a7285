"""The baseline AI's artillery under the operational rules (issue 15: OC2, OC31, OC33): a
gun alone holds to fire instead of moving, supports the plan's attack, covers the
threatened hex when it attacks nothing, and bombards a seen enemy when it has nothing else
to do. Hand-made one-row lanes of open hexes, fog off; red plans first.
"""

from __future__ import annotations

from typing import Any

from engine.wego.op import fire
from tests.operational.builder import OpBuilder
from tests.operational.play import ai_lane, red_plan


def lane(columns: int = 9) -> OpBuilder:
    return ai_lane(columns)


def kinds(given: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [a for a in given if a["kind"] == kind]


def test_oc2_oc33_the_ai_keeps_its_gun_back_and_fires_for_its_attack() -> None:
    b = lane()
    b.unit("tank", "armour", "c4r1", echelon="regiment")
    b.unit("gun", "art", "c2r1")
    b.unit("foe", "inf", "c5r1", nation="blueland", quality="green", strength=40.0)
    game = b.game(seed=1)
    given = red_plan(game)
    assert [a["target"] for a in given if a["kind"].startswith("order_a")] == ["c5r1"]
    (order,) = kinds(given, "op_assign_fire")
    assert order == {
        "kind": "op_assign_fire",
        "unit": "gun",
        "mission": "offensive",
        "target": "c5r1",
    }
    gun_stack = game.state.units["gun"].stack
    assert all(a.get("stack") != gun_stack or a["kind"] == "order_hold" for a in given)


def test_oc33_the_ai_covers_its_threatened_hex_when_it_attacks_nothing() -> None:
    b = lane()
    b.unit("post", "inf", "c4r1", echelon="regiment", readiness=30.0)
    b.unit("gun", "art", "c2r1")
    for n, hex_id in enumerate(("c5r1", "c5r1", "c6r1")):
        b.unit(f"foe{n}", "armour", hex_id, nation="blueland", echelon="regiment")
    game = b.game(seed=1)
    given = red_plan(game)
    assert not [a for a in given if a["kind"].startswith("order_a")]
    (order,) = kinds(given, "op_assign_fire")
    assert (order["mission"], order["target"]) == ("defensive", "c4r1")
    assert fire.orders(game, "red")["gun"].mission == "defensive"


def test_oc31_the_ai_bombards_a_seen_enemy_in_range_when_nothing_else_needs_its_gun() -> None:
    b = lane()
    b.unit("gun", "art", "c2r1")
    b.unit("foe", "inf", "c5r1", nation="blueland")
    given = red_plan(b.game(seed=1))
    (order,) = kinds(given, "op_assign_fire")
    assert (order["mission"], order["target"]) == ("offensive", "c5r1")
    tired = lane()
    tired.unit("gun", "art", "c2r1", readiness=30.0)  # a tired gun rests instead
    tired.unit("foe", "inf", "c5r1", nation="blueland")
    assert kinds(red_plan(tired.game(seed=1)), "op_assign_fire") == []

"""The baseline AI under the operational rules with its assets and the family's own orders
(issue 15): ground support for its attacks, bombardment when it attacks nothing (OA5, OA6,
OC31), Assault at good odds (OO7), Hold at all costs on a victory location (OO8) and road
moves (OM7, OM8). Hand-made one-row lanes of open hexes, fog off; red plans first.
"""

from __future__ import annotations

from typing import Any

from tests.operational.builder import OpBuilder
from tests.operational.play import ai_lane, red_plan

STUKA: dict[str, Any] = {
    "id": "stuka",
    "side": "red",
    "domain": "air",
    "missions": ["offensive_support", "ground_attack"],
    "support": 2,
    "bombardment": 12,
    "aa_defence": 100,
}


def lane(columns: int = 8) -> OpBuilder:
    return ai_lane(columns)


def test_oa5_oo7_the_ai_supports_its_attack_from_the_air_and_assaults_at_great_odds() -> None:
    b = lane()
    b.table("assets", assets=[STUKA])
    b.unit("tank", "armour", "c4r1", echelon="regiment")
    b.unit("foe", "inf", "c5r1", nation="blueland", quality="green", strength=30.0)
    given = red_plan(b.game(seed=1))
    (attack,) = [a for a in given if a["kind"] in ("order_attack", "order_assault")]
    assert attack["kind"] == "order_assault" and attack["target"] == "c5r1"
    (mission,) = [a for a in given if a["kind"] == "op_assign_asset"]
    assert mission == {
        "kind": "op_assign_asset",
        "asset": "stuka",
        "mission": "offensive_support",
        "target": "c5r1",
    }


def test_oc31_the_ai_bombards_the_enemy_next_to_it_when_it_attacks_nothing() -> None:
    b = lane()
    b.table("assets", assets=[STUKA])
    b.unit("inf", "inf", "c4r1")
    b.unit("foe", "armour", "c5r1", nation="blueland", echelon="division", quality="elite")
    given = red_plan(b.game(seed=1))
    assert not [a for a in given if a["kind"].startswith("order_a")]  # no attack at those odds
    (mission,) = [a for a in given if a["kind"] == "op_assign_asset"]
    assert (mission["mission"], mission["target"]) == ("ground_attack", "c5r1")


def test_oo8_the_ai_holds_a_victory_location_at_all_costs_next_to_the_enemy() -> None:
    b = lane()
    b.table("victory", locations=[{"hex": "c4r1", "per_turn": {"red": 2}}])
    b.unit("inf", "inf", "c4r1")
    b.unit("foe", "armour", "c5r1", nation="blueland", echelon="division", quality="elite")
    given = red_plan(b.game(seed=1))
    assert [a["kind"] for a in given if a.get("stack")] == ["order_hold_all"]


def test_om8_the_ai_takes_the_road_far_from_the_enemy_when_it_gets_nearer() -> None:
    b = lane(columns=24)
    b.table("turns", supply="move_plus")
    b.road("road", *(f"c{c}r1" for c in range(1, 25)))
    b.unit("tank", "armour", "c1r1", echelon="regiment")
    b.unit("foe", "inf", "c24r1", nation="blueland")
    given = red_plan(b.game(seed=1))
    (move,) = [a for a in given if a.get("stack")]
    assert move["kind"] == "order_road"
    # OM8: the road takes it farther east than its 8 MP off the road would (c9r1).
    assert int(move["path"][-1][1:].split("r")[0]) > 9

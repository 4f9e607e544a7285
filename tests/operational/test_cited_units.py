"""Unit items of the operational checklist that no other test named (OU2, OU10, OU17), on small
hand-made hex maps (``OpBuilder``: open ground, red west, blue east, fog off)."""

from __future__ import annotations

import json
from typing import Any, get_args

import pytest

from engine import Game, IllegalAction
from engine.operational import AttackSpec, odds_preview
from engine.operational.victory import kill_vp
from engine.wego.op import state as op_state
from engine.wego.op.actions import AssignFire
from engine.wego.orders import OrderAttack, OrderMove
from schemas import load_text
from schemas.operational.units import Category
from tests.operational.builder import OpBuilder
from tests.operational.play import execute, of, stack


def lane(columns: int = 8, rows: int = 1, **contact: Any) -> OpBuilder:
    b = OpBuilder(columns=columns, rows=rows)
    b.raw["calendar"]["turns"] = 3
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.table("c2", delays=False)
    if contact:
        b.table("contact", **contact)
    return b


def readiness(game: Game, unit: str) -> float:
    return float(op_state.data(game)["units"][unit]["readiness"])


# -- OU2: the unit types of the tables ------------------------------------------------------------


def test_ou2_every_table_type_loads_and_reads_its_kill_row_and_others_are_refused() -> None:
    """OU2: the sixteen types the tables use (armour ... security) are each a unit type's
    category, and each reads a row of Table OV4; a type the tables do not know is refused at
    its place in the file."""
    categories = get_args(Category)
    assert len(categories) == 16
    assert {"heavy_antitank", "bridging_engineer", "heavy_aa", "ski", "partisan"} <= set(categories)
    b = OpBuilder(8, 3)
    for n, category in enumerate(categories):
        kind = {"category": category, "attack": 2, "defence": 2, "movement": 6}
        b.raw["unit_types"].append({"id": f"t_{category}", "name": category, "operational": kind})
        b.unit(f"u_{category}", f"t_{category}", f"c{1 + n % 8}r{1 + n // 8}")
    board, units = b.board_and_units()
    assert {u.category for u in units.values()} == set(categories)
    assert all(kill_vp(board.rules, u) > 0 for u in units.values())
    b.raw["unit_types"].append(
        {"id": "cav", "name": "Cavalry", "operational": {"category": "horse"}}
    )
    errors = [i for i in load_text(json.dumps(b.raw)).issues if i.is_error]
    assert [i.path for i in errors] == [
        f"/unit_types/{len(b.raw['unit_types']) - 1}/operational/category"
    ]
    assert "horse" in errors[0].message


# -- OU10: what spends readiness ----------------------------------------------------------------


def _overrun(cost: float) -> tuple[Game, list[dict[str, Any]]]:
    """Red's armour regiment runs over a weak blue battalion on its way (OM14)."""
    b = lane(rows=3, overrun_readiness_cost=cost)
    b.unit("foe", "inf", "c5r2", nation="blueland", strength=30)
    b.unit("tank", "armour", "c3r2", echelon="regiment")
    game = b.game(seed=1)
    records = execute(game, [OrderMove(stack(game, "tank"), ("c4r2", "c5r2", "c6r2"))])
    return game, records


@pytest.mark.parametrize("cost", [5.0, 12.0])
def test_ou10_an_overrun_costs_its_readiness_on_top_of_the_move(cost: float) -> None:
    """OU10: the same move with and without the overrun's cost (5 by default,
    ``contact.overrun_readiness_cost``) differs by exactly that cost."""
    game, records = _overrun(cost)
    assert of(records, "op_overrun")
    free, _ = _overrun(0.0)
    assert readiness(free, "tank") < 100  # the move itself spends readiness (OM19)
    assert readiness(free, "tank") - readiness(game, "tank") == pytest.approx(cost)


def test_ou10_a_battle_spends_the_readiness_of_both_sides() -> None:
    """OU10, OC18: units at 100% readiness take a battle's whole damage off their readiness,
    strength untouched; the defender keeps it (its rest is less than that damage, OU8)."""
    b = lane()
    b.unit("tank", "armour", "c4r1", echelon="regiment")
    b.unit("foe", "inf", "c5r1", nation="blueland", echelon="regiment", quality="elite")
    game = b.game(seed=1)
    records = execute(game, [OrderAttack(stack(game, "tank"), "c5r1", ())])
    (battle,) = of(records, "op_battle")
    for line in battle["units"]:
        assert line["damage"] > 0 and line["strength_after"] == 100
        assert line["readiness_after"] == pytest.approx(100 - line["damage"])
    foe = next(line for line in battle["units"] if line["unit"] == "foe")
    assert readiness(game, "foe") == pytest.approx(foe["readiness_after"])


# -- OU17: artillery --------------------------------------------------------------------------


def test_ou17_a_gun_fires_only_standing_still_defends_with_its_defence_and_gets_x4() -> None:
    """OU17: a gun given a move cannot be given fire; attacked in its own hex it counts its
    defence factor (3), not its attack (10); Combat+ makes its attack x4 (other units x2)."""
    b = lane()
    b.unit("raider", "armour", "c2r1", nation="blueland")
    b.unit("gun", "art", "c3r1")
    b.unit("tank", "armour", "c4r1")
    b.unit("foe", "inf", "c5r1", nation="blueland")
    game = b.game(seed=1)
    game.check(AssignFire("gun", "offensive", "c5r1"))
    game.apply(OrderMove(stack(game, "gun"), ("c4r1",)))
    with pytest.raises(IllegalAction, match="stays put"):
        game.apply(AssignFire("gun", "offensive", "c5r1"))
    board, units = b.board_and_units()
    defended = odds_preview(board, units, AttackSpec(("raider",), board.index("c3r1")))
    (gun,) = defended.defenders
    assert gun.printed == 3 and gun.effective == pytest.approx(3.0)
    b2 = lane()
    b2.unit("gun", "art", "c4r1")
    b2.unit("tank", "armour", "c4r1")
    b2.unit("foe", "inf", "c5r1", nation="blueland")
    board, units = b2.board_and_units()
    both = frozenset({"gun", "tank"})
    plus = odds_preview(
        board, units, AttackSpec(("gun", "tank"), board.index("c5r1"), combat_plus=both)
    )
    assert {f.unit: f.supply for f in plus.attackers} == {"gun": 4.0, "tank": 2.0}
    assert {f.unit: f.printed for f in plus.attackers} == {"gun": 10, "tank": 16}

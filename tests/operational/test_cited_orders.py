"""Order items of the operational checklist that no other test named (OO5, OO6, OO11), given in
a plan and played in one WEGO execution on small hand-made hex maps (``OpBuilder``: open
ground, red west, blue east, fog off).

Infantry has 4 MP a turn at Basic supply; open ground costs 1.25 MP a hex and a tick is 1 MP,
so a stack takes its first step on tick 2.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import IllegalAction
from engine.wego.op.actions import AssignAsset
from engine.wego.orders import OrderAttack, OrderMove
from tests.operational.builder import OpBuilder
from tests.operational.play import execute, of, stack


def lane(columns: int = 8, rows: int = 1) -> OpBuilder:
    b = OpBuilder(columns=columns, rows=rows)
    b.raw["calendar"]["turns"] = 3
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.table("c2", delays=False)
    return b


# -- OO5: Wait --------------------------------------------------------------------------------


@pytest.mark.parametrize(("wait", "first_step"), [(0, 2), (1, 3), (3, 5)])
def test_oo5_a_wait_holds_the_stack_that_many_mp_before_it_sets_out(
    wait: int, first_step: int
) -> None:
    """OO5: each tick of wait is 1 MP held: the first step comes that many ticks later."""
    b = lane()
    b.unit("inf", "inf", "c2r1")
    game = b.game(seed=1)
    records = execute(game, [OrderMove(stack(game, "inf"), ("c3r1",), wait=wait)])
    (step,) = of(records, "wego_step")
    assert step["tick"] == first_step


@pytest.mark.parametrize("wait", [0, 1, 2])
def test_oo5_a_wait_times_an_attack_from_where_the_stack_stands(wait: int) -> None:
    """OO5: a stack next to its target attacks on tick 1, or after the ticks it waits."""
    b = lane()
    b.unit("inf", "inf", "c4r1")
    b.unit("foe", "inf", "c5r1", nation="blueland", echelon="regiment", quality="elite")
    game = b.game(seed=1)
    records = execute(game, [OrderAttack(stack(game, "inf"), "c5r1", (), wait=wait)])
    (battle,) = of(records, "op_battle")
    assert battle["tick"] == wait + 1


# -- OO6: set-piece attack ------------------------------------------------------------------------


def test_oo6_stacks_next_to_the_enemy_from_two_hexes_join_one_set_piece_battle() -> None:
    """OO6: two red stacks that began the turn next to blue's hex, on two different hexes,
    attack it from where they stand: one set-piece battle on tick 1 with both in it (and the
    flank shift of two hexes, OC8), no MP spent and no step taken."""
    b = lane(rows=3)
    b.unit("north", "inf", "c4r1")
    b.unit("south", "inf", "c5r2")
    b.unit("foe", "inf", "c5r1", nation="blueland", echelon="regiment", quality="elite")
    game = b.game(seed=2)
    red = [
        OrderAttack(stack(game, "north"), "c5r1", ()),
        OrderAttack(stack(game, "south"), "c5r1", ()),
    ]
    records = execute(game, red)
    (battle,) = of(records, "op_battle")
    assert battle["tick"] == 1 and battle["battle_kind"] == "set_piece"
    assert {line["unit"] for line in battle["units"]} == {"north", "south", "foe"}
    assert [s["value"] for s in battle["shifts"] if s["kind"] == "flank"] == [1]
    assert not of(records, "wego_step")


# -- OO11: naval missions -----------------------------------------------------------------------

SHIP: dict[str, Any] = {
    "id": "ship",
    "side": "red",
    "domain": "naval",
    "missions": [
        "ground_attack",
        "offensive_support",
        "defensive_support",
        "counter_air",
        "interdiction",
    ],
    "bombardment": 8,
    "aa_defence": 1,
}


def _sea_lane() -> OpBuilder:
    b = lane()
    # AA that always turns an asset back: a naval asset is never shot at (OC34: air only).
    b.table("assets", assets=[SHIP], aa={"rows": [[{"result": "aborted", "damage": 50}] * 9] * 6})
    b.unit("tank", "armour", "c4r1", echelon="regiment")
    b.unit("foe", "inf", "c5r1", nation="blueland")
    return b


def test_oo11_a_naval_asset_takes_each_of_its_five_missions_and_no_other() -> None:
    """OO11: bombardment, offensive and defensive support within range, counter-air and
    interdiction are all given to a ship that lists them; recon is not."""
    game = _sea_lane().game(seed=1)
    for mission, target in (
        ("ground_attack", "c5r1"),
        ("offensive_support", "c5r1"),
        ("defensive_support", "c4r1"),
        ("counter_air", ""),
        ("interdiction", ""),
    ):
        game.check(AssignAsset("ship", mission, target))
    with pytest.raises(IllegalAction, match="does not fly 'recon'"):
        game.check(AssignAsset("ship", "recon", "c5r1"))


def test_oo11_a_naval_bombardment_falls_on_the_hex_and_the_guns_ashore_cannot_hit_it() -> None:
    """OO11: the ship's bombardment takes readiness from the hex at its full factor x Table
    OC32 (x1.1 with fog off), and no AA fires at it."""
    game = _sea_lane().game(seed=1)
    records = execute(game, [AssignAsset("ship", "ground_attack", "c5r1")])
    assert not of(records, "op_aa_fire")
    (fire,) = of(records, "op_bombardment")
    assert fire["assets"] == ["ship"] and fire["points"] == pytest.approx(8 * 1.1)
    assert fire["units"]["foe"] < 100

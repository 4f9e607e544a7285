"""Movement items of the operational checklist that no other test named (OM5, OM21, OM22),
played in one WEGO execution on small hand-made hex maps (``OpBuilder``: open ground, red
west, blue east, fog off).

Infantry has 4 MP a turn at Basic supply and armour 8; open ground costs 1.25 MP a hex and a
tick is 1 MP, so a stack takes its first step on tick 2. An elite infantry regiment is hard
enough to survive an attack and hold.
"""

from __future__ import annotations

import pytest

from engine import Game
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


def where(game: Game, unit: str) -> str:
    return game.state.stacks[stack(game, unit)].region


# -- OM5: Move and Attack ---------------------------------------------------------------------


def _two_attacks(wait: int) -> list[dict[str, object]]:
    """Red's infantry next to blue's regiment at c5r1 attacks from where it stands after
    ``wait`` ticks; red's armour comes from c2r2 by c3r2 and c4r2 (paying the regiment's
    zone of control there), arriving on tick 8."""
    b = lane(rows=3)
    b.unit("near", "inf", "c4r1")
    b.unit("far", "armour", "c2r2", echelon="regiment")
    b.unit("foe", "inf", "c5r1", nation="blueland", echelon="regiment", quality="elite")
    game = b.game(seed=3)
    red = [
        OrderAttack(stack(game, "near"), "c5r1", (), wait=wait),
        OrderAttack(stack(game, "far"), "c5r1", ("c3r2", "c4r2")),
    ]
    return of(execute(game, red), "op_battle")


def _fighters(battle: dict[str, object]) -> list[str]:
    return sorted(line["unit"] for line in battle["units"])  # type: ignore[attr-defined]


def test_om5_attackers_arriving_at_different_moments_fight_separate_battles() -> None:
    """OM5: the infantry attacks on tick 1, the armour when it arrives: two battles, so the
    same defender is hit twice in one turn."""
    battles = _two_attacks(wait=0)
    assert [(b["tick"], _fighters(b)) for b in battles] == [
        (1, ["foe", "near"]),
        (8, ["far", "foe"]),
    ]


def test_om5_attackers_arriving_together_attack_together() -> None:
    """OM5: held back seven ticks, the infantry attacks on the armour's tick: one battle with
    both of them in it."""
    (battle,) = _two_attacks(wait=7)
    assert battle["tick"] == 8 and _fighters(battle) == ["far", "foe", "near"]


# -- OM21: a retreat ends the plan --------------------------------------------------------------


def test_om21_a_unit_that_retreats_loses_the_rest_of_its_moves() -> None:
    """OM21: blue's worn infantry would step to c6r1 after a wait; attacked on tick 1 it
    retreats two hexes to c7r1, and its move order ends there instead of taking it back to
    c6r1."""
    b = lane()
    b.unit("tank", "armour", "c4r1", echelon="regiment")
    b.unit("foe", "inf", "c5r1", nation="blueland", readiness=12)
    game = b.game(seed=4)
    blue = [OrderMove(stack(game, "foe"), ("c6r1",), wait=1)]
    records = execute(game, [OrderAttack(stack(game, "tank"), "c5r1", ())], blue)
    assert of(records, "op_retreat")[0]["path"] == ["c6r1", "c7r1"]
    ends = {e["stack"]: (e["reason"], e["tick"]) for e in of(records, "wego_order_end")}
    assert ends[stack(game, "foe")] == ("displaced", 1)
    assert not [s for s in of(records, "wego_step") if s["stack"] == stack(game, "foe")]
    assert where(game, "foe") == "c7r1"


# -- OM22: both sides move together in small steps ---------------------------------------------


def test_om22_both_sides_step_tick_by_tick_and_the_first_side_alternates() -> None:
    """OM22: red and blue each walk three hexes; their steps interleave tick by tick, and
    within a tick the side that steps first alternates (red on odd ticks, blue on even)."""
    b = lane()
    b.unit("r", "inf", "c1r1")
    b.unit("b", "inf", "c8r1", nation="blueland")
    game = b.game(seed=1)
    records = execute(
        game,
        [OrderMove(stack(game, "r"), ("c2r1", "c3r1", "c4r1"))],
        [OrderMove(stack(game, "b"), ("c7r1", "c6r1", "c5r1"))],
    )
    assert [(s["tick"], s["side_id"]) for s in of(records, "wego_step")] == [
        (2, "blue"),
        (2, "red"),
        (3, "red"),
        (3, "blue"),
        (4, "blue"),
        (4, "red"),
    ]


@pytest.mark.parametrize(
    ("zoc_cap", "tick", "first", "second"), [(None, 4, "b", "r"), (1, 3, "r", "b")]
)
def test_om22_the_tie_rule_decides_who_enters_an_empty_hex_first(
    zoc_cap: int | None, tick: int, first: str, second: str
) -> None:
    """OM22: red and blue both step into empty c4r1, in both zones of control: 1.25 + 2 MP,
    reached together on tick 4, an even tick, so blue enters; red meets it there and, under a
    move order, halts. With the zone's cost capped at 1 they get there on tick 3, and red
    enters first."""
    b = lane()
    if zoc_cap is not None:
        b.table("zoc", entry_cap=zoc_cap)
    b.unit("r", "inf", "c3r1")
    b.unit("b", "inf", "c5r1", nation="blueland")
    game = b.game(seed=1)
    records = execute(
        game,
        [OrderMove(stack(game, "r"), ("c4r1",))],
        [OrderMove(stack(game, "b"), ("c4r1",))],
    )
    steps = of(records, "wego_step")
    assert [(s["tick"], s["stack"]) for s in steps] == [(tick, stack(game, first))]
    assert (where(game, first), where(game, second)) == ("c4r1", f"c{3 if second == 'r' else 5}r1")
    (contact,) = of(records, "wego_contact")
    assert (contact["stack"], contact["attack"]) == (stack(game, second), False)


# -- OM6: Move and Defend halts, and goes on when the enemy leaves -----------------------------


def _halt(foe_leaves: bool) -> tuple[Game, list[dict[str, object]]]:
    """Red's armour moves c2r1 -> c3r1 -> c4r1; a blue conscript company (it exerts no zone
    of control) holds c4r1 and, if ``foe_leaves``, walks off east after waiting two ticks."""
    b = lane(columns=10)
    b.unit("tank", "armour", "c2r1", echelon="regiment")
    b.unit("foe", "inf", "c4r1", nation="blueland", quality="conscript", echelon="company")
    game = b.game(seed=1)
    blue = [OrderMove(stack(game, "foe"), ("c5r1", "c6r1", "c7r1"), wait=2)] if foe_leaves else []
    records = execute(game, [OrderMove(stack(game, "tank"), ("c3r1", "c4r1"))], blue)
    return game, records


def test_om6_a_halted_move_goes_on_once_the_enemy_leaves() -> None:
    """OM6: the tank halts at c3r1 before the company (tick 2) without attacking; when the
    company steps out (tick 4) the tank takes the rest of its move into c4r1."""
    game, records = _halt(foe_leaves=True)
    (contact,) = of(records, "wego_contact")
    assert (contact["tick"], contact["region"], contact["attack"]) == (2, "c4r1", False)
    tank = stack(game, "tank")
    steps = [(s["tick"], s["to"]) for s in of(records, "wego_step") if s["stack"] == tank]
    assert steps == [(2, "c3r1"), (4, "c4r1")]
    assert not of(records, "op_battle")
    ends = {e["stack"]: e["reason"] for e in of(records, "wego_order_end")}
    assert ends[tank] == "arrived" and where(game, "tank") == "c4r1"


def test_om6_a_move_halted_by_an_enemy_that_stays_ends_there_blocked() -> None:
    """OM6: with the company staying, the tank stays halted at c3r1 for the rest of the
    execution (one contact, no battle) and its order ends there, blocked."""
    game, records = _halt(foe_leaves=False)
    assert len(of(records, "wego_contact")) == 1 and not of(records, "op_battle")
    (end,) = [e for e in of(records, "wego_order_end") if e["stack"] == stack(game, "tank")]
    assert end["reason"] == "blocked" and "OM6" in end["detail"]
    assert where(game, "tank") == "c3r1"

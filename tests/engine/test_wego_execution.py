"""WEGO execution (issue 14): simultaneous resolution in ticks, in the documented order.

Each test plans both sides by hand on a row of hexes (``c1r1``..``c8r1``, infantry with 3 MP,
one tick = 1 MP) and reads the records of the execution: steps, contacts (meeting
engagements and attacks on arrival), jams, blocked orders and the battles fought.
"""

from __future__ import annotations

from typing import Any

from engine import Game
from engine.wego.orders import (
    OrderAttack,
    OrderDefend,
    OrderMove,
    OrderWithdraw,
    SealPlan,
)
from tests.wego_scenarios import lane


def stack(game: Game, unit: str) -> str:
    found = game.state.units[unit].stack
    assert found is not None
    return found


def execute(game: Game, red: list[Any], blue: list[Any]) -> list[dict[str, Any]]:
    """Give both plans, seal them, and return the records of the execution."""
    start = len(game.log)
    for order in red:
        game.apply(order)
    game.apply(SealPlan())
    for order in blue:
        game.apply(order)
    game.apply(SealPlan())
    return game.log.records[start:]


def of(records: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [r for r in records if r["type"] == kind]


def test_om22_two_enemies_entering_one_hex_on_one_tick_the_turn_order_side_goes_first() -> None:
    b = lane()
    b.unit("r", "inf", "c2r1").unit("b", "inf", "c4r1", nation="blueland")
    game = b.game(seed=1)
    records = execute(
        game,
        [OrderMove(stack(game, "r"), ("c3r1",))],
        [OrderMove(stack(game, "b"), ("c3r1",))],
    )
    steps = of(records, "wego_step")
    # Tick 1 is odd: the turn order (red, then blue) breaks the tie.
    assert [(s["side_id"], s["tick"], s["to"]) for s in steps] == [
        ("red", 1, "c3r1"),
        ("blue", 1, "c3r1"),
    ]
    (contact,) = of(records, "wego_contact")
    assert (contact["side_id"], contact["region"], contact["attack"]) == ("blue", "c3r1", False)
    (battle,) = of(records, "wego_battle")
    assert (battle["tick"], battle["attacker"], battle["defender"]) == (1, "blue", "red")


def test_om22_on_even_ticks_the_tie_goes_to_the_other_side() -> None:
    b = lane()
    b.unit("r", "inf", "c2r1").unit("b", "inf", "c4r1", nation="blueland")
    game = b.game(seed=1)
    records = execute(
        game,
        [OrderMove(stack(game, "r"), ("c3r1",), wait=1)],
        [OrderMove(stack(game, "b"), ("c3r1",), wait=1)],
    )
    steps = of(records, "wego_step")
    assert [(s["side_id"], s["tick"]) for s in steps] == [("blue", 2), ("red", 2)]
    (battle,) = of(records, "wego_battle")
    assert (battle["tick"], battle["attacker"]) == (2, "red")


def test_om22_the_stack_with_more_mp_to_spare_steps_first() -> None:
    b = lane()
    b.terrain("forest", "c3r1")  # 2 MP to enter
    b.unit("r", "inf", "c4r1").unit("b", "inf", "c2r1", nation="blueland")
    b.owner("c2r1", "blueland")
    game = b.game(seed=1)
    # Both reach c3r1 on tick 2; red stepping from c4r1 pays 2 of the 2 it gained, blue too;
    # so the tie falls to the side order of tick 2 (blue first) -- then make red faster.
    records = execute(
        game,
        [OrderMove(stack(game, "r"), ("c3r1",))],
        [OrderMove(stack(game, "b"), ("c3r1",))],
    )
    assert [s["side_id"] for s in of(records, "wego_step")] == ["blue", "red"]
    b2 = lane()
    b2.terrain("forest", "c3r1")
    b2.unit("r", "inf", "c4r1").unit("b", "inf", "c2r1", nation="blueland")
    b2.owner("c2r1", "blueland")
    b2.unit_type("fast", name="Fast", movement=4, hit_points=4, stacking=2, attack=3, defence=3)
    b2.unit("f", "fast", "c5r1")
    game2 = b2.game(seed=1)
    records2 = execute(
        game2,
        [OrderMove(stack(game2, "f"), ("c4r1", "c3r1"))],
        [OrderMove(stack(game2, "b"), ("c3r1",), wait=1)],
    )
    # Blue waits a tick, then gains 1 MP on tick 2 and 2 on tick 3: it steps on tick 3 with
    # nothing to spare; the fast red stack (c4r1 on tick 1, 2 MP gained by tick 3 into the
    # forest) steps on tick 3 too, also with nothing to spare: the tick's side order decides.
    ticks = [(s["side_id"], s["tick"]) for s in of(records2, "wego_step")]
    assert ticks == [("red", 1), ("red", 3), ("blue", 3)]


def test_om22_a_swap_of_places_becomes_one_battle() -> None:
    """Two stacks ordered into each other's hex: the first to step goes in, the other is
    pinned where it stands."""
    b = lane()
    b.unit("r", "inf", "c3r1").unit("b", "inf", "c4r1", nation="blueland")
    game = b.game(seed=2)
    records = execute(
        game,
        [OrderAttack(stack(game, "r"), "c4r1")],
        [OrderAttack(stack(game, "b"), "c3r1")],
    )
    # Red steps first (tick 1, turn order) into blue's hex; blue is pinned and never steps.
    assert [s["side_id"] for s in of(records, "wego_step")] == ["red"]
    ends = {(e["side_id"], e["reason"]) for e in of(records, "wego_order_end")}
    assert ends == {("red", "engaged"), ("blue", "engaged")}
    (battle,) = of(records, "wego_battle")
    assert (battle["region"], battle["attacker"]) == ("c4r1", "red")


def test_om22_a_stacking_jam_waits_for_room_and_goes_on_in_stack_order() -> None:
    b = lane()
    b.record("c3r1", stacking=2)  # room for one infantry stack
    b.unit("r1", "inf", "c2r1").unit("r2", "inf", "c4r1")
    game = b.game(seed=1)
    first, second = stack(game, "r1"), stack(game, "r2")
    records = execute(
        game, [OrderMove(first, ("c3r1", "c4r1")), OrderMove(second, ("c3r1", "c2r1"))], []
    )
    steps = [(s["stack"], s["tick"], s["to"]) for s in of(records, "wego_step")]
    # Tick 1: the first stack (by id) takes the room, the second jams. Tick 2: the second,
    # with 2 MP gained, has more to spare and tries first: still jammed; the first moves on,
    # and in the next round the second gets in and, with MP left, steps on at once.
    assert steps == [
        (first, 1, "c3r1"),
        (first, 2, "c4r1"),
        (second, 2, "c3r1"),
        (second, 2, "c2r1"),
    ]
    assert [(j["stack"], j["tick"]) for j in of(records, "wego_jam")] == [(second, 1), (second, 2)]
    assert game.state.stacks[second].region == "c2r1"


def test_om22_a_jam_that_never_clears_ends_as_jammed() -> None:
    b = lane()
    b.record("c3r1", stacking=2)
    b.unit("r1", "inf", "c3r1").unit("r2", "inf", "c2r1")
    game = b.game(seed=1)
    records = execute(game, [OrderMove(stack(game, "r2"), ("c3r1",))], [])
    (end,) = of(records, "wego_order_end")
    assert end["reason"] == "jammed"
    assert game.state.units["r2"].stack is not None
    assert game.state.stacks[stack(game, "r2")].region == "c2r1"


def test_oo8_a_withdrawal_goes_first_and_never_walks_into_enemies() -> None:
    b = lane(fog=True)  # blue does not see red: its route through red's hex is legal
    b.unit("r", "inf", "c3r1").unit("b", "inf", "c5r1", nation="blueland")
    game = b.game(seed=1)
    records = execute(
        game,
        [OrderWithdraw(stack(game, "r"), ("c2r1", "c1r1"))],
        [OrderMove(stack(game, "b"), ("c4r1", "c3r1", "c2r1"))],
    )
    steps = of(records, "wego_step")
    # Every tick the withdrawal steps before the blue move: red stays a hex ahead.
    assert [(s["side_id"], s["tick"], s["to"]) for s in steps] == [
        ("red", 1, "c2r1"),
        ("blue", 1, "c4r1"),
        ("red", 2, "c1r1"),
        ("blue", 2, "c3r1"),
        ("blue", 3, "c2r1"),
    ]
    assert not of(records, "wego_battle")


def test_om22_a_blocked_path_ends_the_order_where_the_stack_stands() -> None:
    """A withdrawal whose next hex an enemy entered meanwhile stops short (blocked)."""
    b = lane()
    b.unit("r", "inf", "c1r1").unit("b", "inf", "c4r1", nation="blueland")
    game = b.game(seed=1)
    records = execute(
        game,
        [OrderWithdraw(stack(game, "r"), ("c2r1", "c3r1"), wait=1)],
        [OrderMove(stack(game, "b"), ("c3r1",))],
    )
    red_end = next(e for e in of(records, "wego_order_end") if e["side_id"] == "red")
    assert (red_end["reason"], red_end["tick"]) == ("blocked", 3)
    assert "c3r1" in red_end["detail"]
    assert game.state.stacks[stack(game, "r")].region == "c2r1"
    assert not of(records, "wego_battle")


def test_a_stack_without_combat_units_cannot_go_into_enemies() -> None:
    b = lane()
    b.unit("lg", "log", "c1r1").unit("b", "inf", "c4r1", nation="blueland")
    game = b.game(seed=1)
    records = execute(
        game,
        [OrderMove(stack(game, "lg"), ("c2r1", "c3r1"))],
        [OrderMove(stack(game, "b"), ("c3r1",))],
    )
    end = next(e for e in of(records, "wego_order_end") if e["side_id"] == "red")
    assert end["reason"] == "blocked"
    assert game.state.stacks[stack(game, "lg")].region == "c2r1"


def test_oc1_moving_stacks_that_meet_stop_and_fight_a_meeting_engagement() -> None:
    b = lane()
    b.unit("r", "inf", "c1r1").unit("b", "inf", "c8r1", nation="blueland")
    game = b.game(seed=3)
    records = execute(
        game,
        [OrderMove(stack(game, "r"), ("c2r1", "c3r1", "c4r1"))],
        [OrderMove(stack(game, "b"), ("c7r1", "c6r1", "c5r1"))],
    )
    assert not of(records, "wego_contact")  # they pass within sight but never meet
    b = lane()
    b.unit("r", "inf", "c2r1").unit("b", "inf", "c7r1", nation="blueland")
    game = b.game(seed=3)
    records = execute(
        game,
        [OrderMove(stack(game, "r"), ("c3r1", "c4r1", "c5r1"))],
        [OrderMove(stack(game, "b"), ("c6r1", "c5r1", "c4r1"))],
    )
    # Tick 2 (blue first): blue reaches c5r1, red reaches c4r1; tick 3 (red first): red steps
    # into c5r1 where blue stands: contact, both stop, a battle with red attacking.
    (contact,) = of(records, "wego_contact")
    assert (contact["tick"], contact["region"], contact["side_id"]) == (3, "c5r1", "red")
    assert contact["attack"] is False
    ends = {(e["side_id"], e["reason"]) for e in of(records, "wego_order_end")}
    assert ends == {("red", "engaged"), ("blue", "engaged")}
    (battle,) = of(records, "wego_battle")
    assert (battle["tick"], battle["region"], battle["attacker"]) == (3, "c5r1", "red")
    assert of(records, "battle_over")[0]["region"] == "c5r1"


def test_oo5_oo6_an_attack_goes_in_when_its_stacks_arrive_and_they_fight_together() -> None:
    b = lane()
    b.unit("r1", "inf", "c2r1").unit("r2", "inf", "c4r1")
    b.unit("b", "inf", "c5r1", nation="blueland")
    game = b.game(seed=4)
    far, near, blue = stack(game, "r1"), stack(game, "r2"), stack(game, "b")
    records = execute(
        game,
        [OrderAttack(far, "c5r1", ("c3r1", "c4r1")), OrderAttack(near, "c5r1", (), wait=2)],
        [OrderDefend(blue)],
    )
    contacts = of(records, "wego_contact")
    # Both arrive on tick 3: the far stack after two steps, the near one after its wait.
    assert sorted((c["tick"], c["stack"], c["attack"]) for c in contacts) == [
        (3, far, True),
        (3, near, True),
    ]
    assert of(records, "entrenched")[0]["stack"] == blue
    (start,) = of(records, "battle_start")
    assert sorted(start["attackers"]) == ["r1", "r2"]
    (battle,) = of(records, "wego_battle")
    assert battle["tick"] == 3


def test_an_attack_on_a_hex_the_enemy_left_takes_it() -> None:
    b = lane()
    b.unit("r", "inf", "c3r1").unit("b", "inf", "c4r1", nation="blueland")
    game = b.game(seed=1)
    records = execute(
        game,
        [OrderAttack(stack(game, "r"), "c4r1", (), wait=1)],
        [OrderWithdraw(stack(game, "b"), ("c5r1", "c6r1"))],
    )
    assert not of(records, "wego_contact")
    assert game.state.owner["c4r1"] == "redland"
    end = next(e for e in of(records, "wego_order_end") if e["side_id"] == "red")
    assert end["reason"] == "arrived"


def test_om22_max_ticks_cuts_the_execution_short_and_half_ticks_step_twice_as_often() -> None:
    b = lane()
    b.raw["calendar"]["wego"] = {"max_ticks": 1}
    b.unit("r", "inf", "c1r1")
    game = b.game(seed=1)
    records = execute(game, [OrderMove(stack(game, "r"), ("c2r1", "c3r1", "c4r1"))], [])
    assert [s["to"] for s in of(records, "wego_step")] == ["c2r1"]
    (end,) = of(records, "wego_order_end")
    assert (end["tick"], end["reason"]) == (1, "out_of_time")
    b = lane()
    b.raw["calendar"]["wego"] = {"tick_mp": 0.5}
    b.unit("r", "inf", "c1r1")
    game = b.game(seed=1)
    records = execute(game, [OrderMove(stack(game, "r"), ("c2r1", "c3r1", "c4r1"))], [])
    assert [s["tick"] for s in of(records, "wego_step")] == [2, 4, 6]
    assert of(records, "wego_execution")[0]["ticks"] == 6

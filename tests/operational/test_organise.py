"""Breaking units down and combining them again (OU12-OU14), in play and in the setup (OT1),
on small hand-made hex scenarios."""

from __future__ import annotations

import pytest

from engine import Game
from engine.errors import IllegalAction
from engine.wego.op import state as op_state
from engine.wego.op.actions import BreakDown, Combine, SetUp
from engine.wego.orders import OrderDefend, OrderHold, OrderMove
from tests.operational.builder import OpBuilder
from tests.operational.play import execute, of, stack


def lane(turns: int = 3) -> OpBuilder:
    b = OpBuilder(columns=8, rows=2)
    b.raw["calendar"]["turns"] = turns
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    return b


def game_of(b: OpBuilder) -> Game:
    return b.game(seed=3)


def play_game() -> Game:
    b = lane()
    b.unit("reg", "inf", "c3r1", echelon="regiment", readiness=80, strength=90)
    b.unit("bat", "armour", "c3r2", echelon="battalion", dug_in=True)
    b.unit("foe", "inf", "c7r1", nation="blueland", echelon="regiment")
    next(u for u in b.raw["units"] if u["id"] == "reg")["name"] = "12th Rifles"
    return game_of(b)


def test_ou12_a_regiment_breaks_into_three_battalions_with_a_third_of_its_factors() -> None:
    """OO15: breakdown is one of the plan's orders, offered among the legal actions."""
    game = play_game()
    assert BreakDown("reg") in game.legal_actions()
    game.apply(BreakDown("reg"))
    units = op_state.units(game)
    assert "reg" not in units and game.state.units["reg"].status == "removed"
    parts = [units[p] for p in ("reg-1", "reg-2", "reg-3")]
    for part in parts:
        assert part.echelon == "battalion"
        assert (part.attack, part.defence) == pytest.approx((2.0, 8 / 3))
        assert (part.strength, part.readiness) == (90.0, 80.0)
        assert board_region(game, part.id) == "c3r1"
    # Each in a stack of its own (WEGO orders a stack whole), named from the unit.
    assert len({game.state.units[p.id].stack for p in parts}) == 3
    names = [game.world.units[p.id].name for p in parts]
    assert names == ["12th Rifles-1", "12th Rifles-2", "12th Rifles-3"]


def board_region(game: Game, unit: str) -> str:
    return game.state.stacks[stack(game, unit)].region


def test_ou12_a_battalion_breaks_into_companies_keeping_its_dug_in_state() -> None:
    game = play_game()
    game.apply(BreakDown("bat"))
    part = op_state.units(game)["bat-1"]
    assert part.echelon == "company" and part.dug_in
    assert part.category == "armour" and part.attack == pytest.approx(16 / 3)


def test_ou12_parts_do_not_break_down_again() -> None:
    game = play_game()
    game.apply(BreakDown("reg"))
    with pytest.raises(IllegalAction, match="parts do not break down further"):
        game.check(BreakDown("reg-2"))


@pytest.mark.parametrize(
    ("kind", "state", "reason"),
    [
        ("at", {"echelon": "regiment"}, "must be at least 3 to break down"),
        ("inf", {"echelon": "regiment", "strength": 25}, "25% or less"),
        ("inf", {"echelon": "company"}, "a company does not break down"),
        ("eng", {"echelon": "regiment"}, "category combat_engineer does not break down"),
    ],
)
def test_ou12_ou13_limits_refuse_with_a_reason(
    kind: str, state: dict[str, object], reason: str
) -> None:
    b = lane()
    b.unit("x", kind, "c3r1", **state)
    b.unit("foe", "inf", "c7r1", nation="blueland")
    game = game_of(b)
    assert BreakDown("x") not in game.legal_actions()
    with pytest.raises(IllegalAction, match=reason):
        game.apply(BreakDown("x"))


def test_ou13_no_breakdown_that_would_overstack_the_hex() -> None:
    b = lane()
    # Open ground holds 12 SP (Table OH3 default); a regiment 4 and three battalions 6 more.
    b.unit("reg", "inf", "c3r1", echelon="regiment")
    for n in range(3):
        b.unit(f"b{n}", "inf", "c3r1", echelon="battalion")
    b.unit("foe", "inf", "c7r1", nation="blueland")
    game = game_of(b)
    limit = op_state.board_of(game).terrain(op_state.units(game)["reg"].hex)
    assert limit is not None and limit.stacking < 4 + 6 + 6
    with pytest.raises(IllegalAction, match="OU13: no breakdown that overstacks"):
        game.apply(BreakDown("reg"))


def test_ou13_in_play_the_parts_stay_in_their_hex_for_the_turn() -> None:
    game = play_game()
    game.apply(BreakDown("reg"))
    part_stack = stack(game, "reg-1")
    with pytest.raises(IllegalAction, match="formed this turn: it stays in its hex"):
        game.apply(OrderMove(part_stack, ("c4r1",)))
    moves = [a for a in game.legal_actions() if getattr(a, "stack", None) == part_stack]
    assert {a.kind for a in moves} == {"order_hold", "order_defend", "order_hold_all"}
    game.apply(OrderDefend(part_stack))
    execute(game, [])
    # Next turn the parts move as any unit.
    assert game.state.turn == 2
    game.check(OrderMove(stack(game, "reg-1"), ("c4r1",)))


def test_ou13_a_stack_with_an_order_is_not_broken_down_until_the_order_is_cancelled() -> None:
    game = play_game()
    game.apply(OrderHold(stack(game, "reg")))
    with pytest.raises(IllegalAction, match="has an order already"):
        game.apply(BreakDown("reg"))


def test_ou12_a_unit_leaves_its_stack_mates_where_they_stand_and_free_to_move() -> None:
    b = lane()
    b.unit("reg", "inf", "c3r1", echelon="regiment")
    b.unit("mate", "inf", "c3r1", echelon="battalion")
    b.unit("foe", "inf", "c7r1", nation="blueland")
    game = game_of(b)
    game.apply(BreakDown("reg"))
    assert stack(game, "mate") != stack(game, "reg-1")
    game.check(OrderMove(stack(game, "mate"), ("c4r1",)))


def test_ou14_three_parts_on_one_hex_combine_with_average_readiness() -> None:
    """OO15: combine is one of the plan's orders, offered among the legal actions."""
    game = play_game()
    game.apply(BreakDown("reg"))
    execute(game, [])
    # Turn 2: make one part tired, then combine.
    kept = op_state.data(game)["units"]
    kept["reg-1"]["readiness"], kept["reg-2"]["readiness"], kept["reg-3"]["readiness"] = 50, 80, 80
    kept["reg-3"]["dug_in"] = False
    assert Combine("reg") in game.legal_actions()
    game.apply(Combine("reg"))
    whole = op_state.units(game)["reg"]
    assert whole.readiness == pytest.approx(70.0)
    assert whole.attack == 6 and whole.echelon == "regiment"
    assert not whole.dug_in
    assert all(game.state.units[p].status == "removed" for p in ("reg-1", "reg-2", "reg-3"))
    with pytest.raises(IllegalAction, match="formed this turn"):
        game.apply(OrderMove(stack(game, "reg"), ("c4r1",)))


def test_ou14_parts_apart_or_fewer_than_three_do_not_combine() -> None:
    game = play_game()
    game.apply(BreakDown("reg"))
    execute(game, [])
    game.apply(OrderMove(stack(game, "reg-1"), ("c4r1",)))
    # reg-1 has an order now; and once it moved, the parts stand apart (the others hold).
    with pytest.raises(IllegalAction, match="has an order already"):
        game.apply(Combine("reg"))
    execute(game, [])
    with pytest.raises(IllegalAction, match="must stand on one hex"):
        game.apply(Combine("reg"))


def test_ou13_a_breakdown_is_taken_back_by_combining_in_the_same_plan() -> None:
    game = play_game()
    game.apply(BreakDown("reg"))
    assert Combine("reg") in game.legal_actions()
    game.apply(Combine("reg"))
    whole = op_state.units(game)["reg"]
    assert (whole.strength, whole.readiness) == (90.0, 80.0)
    # Taken back: the unit is free again this turn, as if it had never broken down.
    game.check(OrderMove(stack(game, "reg"), ("c4r1",)))
    assert of(game.log.records, "op_combine")[-1]["taken_back"] is True


def test_ou14_a_combined_unit_does_not_break_down_again_in_the_same_turn() -> None:
    game = play_game()
    game.apply(BreakDown("reg"))
    execute(game, [])
    game.apply(Combine("reg"))
    with pytest.raises(IllegalAction, match="formed this turn"):
        game.apply(BreakDown("reg"))


def setup_game() -> Game:
    b = lane()
    b.raw["hex_map"]["setup_zones"] = {"red": ["c1r1*3", "c1r2*3"]}
    b.unit("reg", "inf", "c1r1", echelon="regiment")
    b.unit("foe", "inf", "c7r1", nation="blueland")
    return game_of(b)


def test_ot1_in_the_setup_breakdown_and_combine_are_free_and_the_parts_set_up() -> None:
    game = setup_game()
    game.apply(BreakDown("reg"))
    # Free: the parts may be set up elsewhere in the zone and take any order.
    game.apply(SetUp("reg-2", "c2r2"))
    assert board_region(game, "reg-2") == "c2r2"
    game.check(OrderMove(stack(game, "reg-1"), ("c2r1",)))
    game.apply(SetUp("reg-2", "c1r1"))
    game.apply(Combine("reg"))
    assert board_region(game, "reg") == "c1r1"
    game.check(OrderMove(stack(game, "reg"), ("c2r1",)))
    # And once combined, it may break down again.
    game.check(BreakDown("reg"))


def test_ou12_ou14_broken_down_units_survive_save_and_load_with_their_ids() -> None:
    game = play_game()
    game.apply(BreakDown("reg"))
    again = Game.load(game.scenario, game.save())
    assert sorted(u for u in op_state.units(again) if u.startswith("reg")) == [
        "reg-1",
        "reg-2",
        "reg-3",
    ]
    with pytest.raises(IllegalAction, match="formed this turn"):
        again.apply(OrderMove(stack(again, "reg-1"), ("c4r1",)))
    records = execute(again, [])
    assert of(again.log.records, "op_break_down")[0]["parts"] == ["reg-1", "reg-2", "reg-3"]
    assert records  # the turn plays on with the parts


def test_ou12_a_destroyed_part_leaves_the_other_two_unable_to_combine() -> None:
    from engine import board as places

    game = play_game()
    game.apply(BreakDown("reg"))
    execute(game, [])
    places.eliminate(game, "reg-3", "test")
    with pytest.raises(IllegalAction, match="three parts combine, no fewer"):
        game.apply(Combine("reg"))


def test_ou12_a_breakdown_stays_hidden_from_the_other_side_while_planning() -> None:
    from engine.wego.views import visible_records

    game = play_game()
    game.apply(BreakDown("reg"))
    mine = visible_records(game.log.records, "red")
    theirs = visible_records(game.log.records, "blue")
    assert of(mine, "op_break_down") and not of(theirs, "op_break_down")
    assert not any(r.get("action", {}).get("kind") == "op_break_down" for r in theirs)


def test_ou12_ou14_random_plans_with_breakdowns_save_and_load_to_the_same_game() -> None:
    """Plans drawn at random from the legal actions (breakdowns and combines among them):
    at every decision a save loads into the same game, and every turn plays through."""
    import random

    b = lane(turns=3)
    b.raw["hex_map"]["setup_zones"] = {"red": ["c1r1*3", "c1r2*3"]}
    b.unit("reg", "inf", "c2r1", echelon="regiment")
    b.unit("bde", "armour", "c2r2", echelon="brigade")
    b.unit("bat", "recce", "c4r1", echelon="battalion")
    b.unit("foe", "inf", "c7r1", nation="blueland", echelon="regiment")
    b.unit("foe2", "inf", "c7r2", nation="blueland", echelon="battalion")
    game = game_of(b)
    pick = random.Random(11)
    seen: set[str] = set()
    for _ in range(150):
        if game.outcome() is not None:
            break
        legal = game.legal_actions()
        organise = [a for a in legal if isinstance(a, BreakDown | Combine)]
        seal = [a for a in legal if a.kind == "seal_plan"]
        roll = pick.random()
        if seal and roll < 0.25:
            action = seal[0]
        else:
            action = pick.choice(organise if organise and roll < 0.6 else legal)
        seen.add(action.kind)
        game.apply(action)
        again = Game.load(game.scenario, game.save())
        assert again.save() == game.save()
    assert {"op_break_down", "op_combine"} <= seen
    assert game.outcome() is not None

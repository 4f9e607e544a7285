"""Land movement (V1-V7, M2-M5, U4, U5) on small hand-made maps."""

from __future__ import annotations

import pytest

from engine import IllegalAction, movement
from engine.actions import EnterStructure, Entrench, LeaveStructure, Merge, Move, Split
from engine.board import side_of_region, side_of_structure
from engine.combat.field import battle_regions
from engine.game import Game
from engine.phases.movement import path_cost
from schemas.terrain import default_connection_types
from tests.engine.builder import Builder, advance_to


def stack_of(game: Game, unit_id: str):
    return game.state.stacks[game.state.units[unit_id].stack]


def moving(builder: Builder, seed: int = 0) -> Game:
    game = builder.game(seed)
    advance_to(game, "land_movement")
    return game


def reach(game: Game, unit_id: str) -> dict[str, movement.Reach]:
    return movement.reachable(game, stack_of(game, unit_id))


def test_v1_cost_is_terrain_plus_connection() -> None:
    b = Builder(cols=4).owners(b1="redland", c1="redland", d1="redland")
    b.region("b1", terrain="forest").connect("b1", "c1", "river")
    b.unit("r", "inf", "a1")
    costs = {region: r.cost for region, r in reach(moving(b), "r").items()}
    # a1 -> b1: forest 2; b1 -> c1: clear 1 + river 1 = 4 in all, beyond 3 MP.
    assert costs == {"b1": 2.0}


def test_m3_bridge_removes_the_river_cost() -> None:
    b = Builder(cols=3).owners(b1="redland", c1="redland")
    b.connect("a1", "b1", "river", bridge=True)
    b.unit("r", "inf", "a1")
    assert reach(moving(b), "r")["b1"].cost == 1.0


def test_m2_trail_lowers_the_terrain_cost_by_one() -> None:
    b = Builder(cols=3).owners(b1="redland", c1="redland")
    b.region("b1", terrain="forest", network="trail")
    b.unit("r", "inf", "a1")
    assert reach(moving(b), "r")["b1"].cost == 1.0


def test_m4_roads_cost_half_through_friendly_regions() -> None:
    b = Builder(cols=6).owners(**dict.fromkeys(("b1", "c1", "d1", "e1", "f1"), "redland"))
    for col in "abcdef":
        b.region(f"{col}1", network="road", terrain="forest")
    for a, c in zip("abcde", "bcdef", strict=True):
        b.connect(f"{a}1", f"{c}1", road=True)
    b.unit("r", "inf", "a1")
    costs = {region: r.cost for region, r in reach(moving(b), "r").items()}
    # Forest costs 2 a region off the road; along it, 5 regions cost ceil(2.5) = 3 MP.
    assert costs["f1"] == 3.0
    assert costs["b1"] == 1.0


def test_m4_roads_do_not_help_into_enemy_regions() -> None:
    b = Builder(cols=3).owners(b1="redland", c1="blueland")
    for col in "abc":
        b.region(f"{col}1", network="road", terrain="forest")
    b.connect("a1", "b1", road=True).connect("b1", "c1", road=True)
    b.unit("r", "inf", "a1")
    # A road region counts as a trail too (forest 2 - 1); into enemy c1 the road's half MP
    # does not apply: 1 + 1 = 2, where the road alone would have cost ceil(2 x 0.5) = 1.
    costs = {region: r.cost for region, r in reach(moving(b), "r").items()}
    assert costs == {"b1": 1.0, "c1": 2.0}


def test_m4_rail_is_free_but_only_for_sides_allowed_to_use_it() -> None:
    b = Builder(cols=6).owners(**dict.fromkeys(("b1", "c1", "d1", "e1", "f1"), "redland"))
    for col in "abcdef":
        b.region(f"{col}1", network="rail", terrain="hills")
    for a, c in zip("abcde", "bcdef", strict=True):
        b.connect(f"{a}1", f"{c}1", rail=True)
    b.unit("r", "inf", "a1")
    assert reach(moving(b), "r")["f1"].cost == 0.0
    sides = b.raw["sides"]
    sides[0]["rail"] = False
    # Without rail rights the railway counts as a road: 5 regions cost 3 MP.
    assert reach(moving(b), "r")["f1"].cost == 3.0


def test_m4_a_rail_cost_set_by_the_scenario_prices_reach_as_the_move_does() -> None:
    """M4 with ``rail_cost_per_region`` above zero: a rail trip the stack cannot pay is not
    offered at rail's price (reach once listed it free and the move then cost more MP than
    the stack had); the cheaper road price of the same railway still applies."""
    b = Builder(cols=6).owners(**dict.fromkeys(("b1", "c1", "d1", "e1", "f1"), "redland"))
    for col in "abcdef":
        b.region(f"{col}1", network="rail", terrain="hills")
    for a, c in zip("abcde", "bcdef", strict=True):
        b.connect(f"{a}1", f"{c}1", rail=True)
    b.unit("r", "inf", "a1")
    b.raw["rules"] = {"movement": {"rail_cost_per_region": 100}}
    game = moving(b)
    to_f1 = reach(game, "r")["f1"]
    assert to_f1.cost == 3.0  # five regions by road, as the move prices them
    assert path_cost(game, stack_of(game, "r"), to_f1.path) == to_f1.cost
    legal = [a for a in game.legal_actions() if isinstance(a, Move) and a.path[-1] == "f1"]
    assert legal and game.is_legal(legal[0])


@pytest.mark.parametrize("origin", ["no rail", "enemy"])
def test_m4_a_rail_move_needs_rail_and_control_in_its_first_region_too(origin: str) -> None:
    """M4: every region of a rail move, the first as well as the last, has rail and is
    friendly. From a1 without rail (or held by the enemy) the railway b1-f1 is no free ride:
    the move is priced plainly (hills, 2 MP a region), as ``legal_actions`` offers it."""
    b = Builder(cols=6).owners(**dict.fromkeys(("b1", "c1", "d1", "e1", "f1"), "redland"))
    for col in "abcdef":
        b.region(f"{col}1", network="rail", terrain="hills")
    for a, c in zip("abcde", "bcdef", strict=True):
        b.connect(f"{a}1", f"{c}1", rail=True)
    if origin == "no rail":
        b.region("a1", network="none")
    else:
        b.owners(a1="blueland")
    b.unit_type("train", name="Train", attack=1, defence=1, morale=3, movement=4, hit_points=1)
    b.unit("r", "train", "a1")
    game = moving(b)
    stack = stack_of(game, "r")
    path = ("b1", "c1", "d1", "e1", "f1")
    assert "f1" not in reach(game, "r")
    with pytest.raises(IllegalAction, match="costs"):
        path_cost(game, stack, path)
    with pytest.raises(IllegalAction, match="costs"):
        game.apply(Move(stack.id, path))
    assert stack.region == "a1"


def test_v2_entering_an_enemy_region_stops_the_move() -> None:
    b = Builder(cols=4).owners(b1="blueland", c1="blueland", d1="blueland")
    b.unit("r", "tank", "a1").unit("x", "inf", "b1", nation="blueland")
    game = moving(b)
    result = reach(game, "r")
    assert result["b1"].kind == "battle"
    assert "c1" not in result
    with pytest.raises(IllegalAction, match="must stop"):
        game.apply(Move(stack_of(game, "r").id, ("b1", "c1")))


@pytest.mark.parametrize(("attackers", "overrun"), [(10, True), (9, False)])
def test_v2_overrun_at_ten_to_one_not_nine(attackers: int, overrun: bool) -> None:
    b = Builder(cols=4).owners(c1="blueland", d1="blueland")
    b.unit_type(
        "company",
        name="Company",
        attack=2,
        defence=2,
        morale=3,
        movement=6,
        hit_points=1,
        stacking=1,
    )
    for n in range(attackers):
        b.unit(f"r{n}", "company", "a1")
    b.unit("x", "company", "c1", nation="blueland")
    game = b.game(0, fog=False)
    advance_to(game, "land_movement")
    kind = reach(game, "r0")["c1"].kind
    assert kind == ("overrun" if overrun else "battle")
    if overrun:
        game.apply(Move(stack_of(game, "r0").id, ("b1", "c1", "d1")))
        assert game.state.units["x"].status == "eliminated"
        assert stack_of(game, "r0").region == "d1"


@pytest.mark.parametrize(("mp", "kind"), [(1, "battle"), (2, "overrun")])
def test_v2_an_overrun_needs_its_mp_left_after_entering(mp: int, kind: str) -> None:
    """V2: a 20-strength stack with 1 MP enters a clear region (1 MP) held by 2: no MP is
    left for the overrun (1 MP), so it stops there and a battle follows; with 2 MP it
    overruns."""
    b = Builder(cols=3).owners(b1="blueland", c1="blueland")
    b.unit_type("horde", name="Horde", attack=3, defence=3, morale=4, movement=mp, hit_points=20)
    b.unit("r", "horde", "a1")
    b.unit("x", "inf", "b1", nation="blueland", strength=2)
    game = b.game(0, fog=False)
    advance_to(game, "land_movement")
    found = reach(game, "r")["b1"]
    assert (found.kind, found.cost) == (kind, 1.0 if kind == "battle" else 2.0)
    stack = stack_of(game, "r").id
    game.apply(Move(stack, ("b1",)))
    if kind == "battle":
        assert game.state.units["x"].status == "active"
        assert "b1" in battle_regions(game, "red")
        assert not game.log.of_type("overrun")
    else:
        assert game.state.units["x"].status == "eliminated"
        assert game.log.of_type("overrun")


@pytest.mark.parametrize("mp", [2, 3])
def test_v2_the_overrun_mp_counts_along_the_whole_path(mp: int) -> None:
    """V2: a1 -> b1 -> c1 costs 2 MP. With 2 MP nothing is left in c1 for the overrun: a
    battle there. With 3 MP c1 is overrun (3 MP in all), and nothing is left to go on into
    d1."""
    b = Builder(cols=5).owners(c1="blueland", d1="blueland", e1="blueland")
    b.unit_type("horde", name="Horde", attack=3, defence=3, morale=4, movement=mp, hit_points=30)
    b.unit("r", "horde", "a1")
    b.unit("x", "inf", "c1", nation="blueland", strength=1)
    game = b.game(0, fog=False)
    advance_to(game, "land_movement")
    found = reach(game, "r")
    expected = ("battle", 2.0) if mp == 2 else ("overrun", 3.0)
    assert (found["c1"].kind, found["c1"].cost) == expected
    assert "d1" not in found
    refusal = "must stop" if mp == 2 else "costs 4 MP"
    with pytest.raises(IllegalAction, match=refusal):
        game.apply(Move(stack_of(game, "r").id, ("b1", "c1", "d1")))


def test_v2_fortifications_cannot_be_overrun() -> None:
    b = Builder(cols=3).owners(c1="blueland")
    b.unit_type("company", name="Company", attack=2, morale=3, movement=6, hit_points=10)
    for n in range(4):
        b.unit(f"r{n}", "company", "a1")
    b.unit("x", "bunker", "c1", nation="blueland", strength=1)
    game = b.game(0, fog=False)
    advance_to(game, "land_movement")
    assert reach(game, "r0")["c1"].kind == "battle"


def test_u4_v2_an_overrun_that_would_end_overstacked_is_not_offered() -> None:
    # An overrun does not stop the move: ending it in the region must respect its limit.
    b = Builder(cols=3).owners(b1="blueland")
    b.region("b1", stacking=4)
    b.unit_type(
        "company", name="Company", attack=2, morale=3, movement=6, hit_points=10, stacking=2
    )
    for n in range(3):
        b.unit(f"r{n}", "company", "a1")
    b.unit("x", "inf", "b1", nation="blueland", strength=1)
    game = b.game(0, fog=False)
    advance_to(game, "land_movement")
    assert reach(game, "r0")["b1"].kind == "overstack"
    with pytest.raises(IllegalAction, match="stacking limit"):
        game.apply(Move(stack_of(game, "r0").id, ("b1",)))


def test_u4_v3_pass_through_a_full_region_but_not_end_there() -> None:
    b = Builder(cols=3).owners(b1="redland", c1="redland")
    b.region("b1", stacking=4)
    b.unit("r", "inf", "a1").unit("f1", "inf", "b1").unit("f2", "inf", "b1")
    result = reach(moving(b), "r")
    assert result["b1"].kind == "overstack"
    assert result["c1"].kind == "move"


def test_u4_a_stack_going_into_a_structure_makes_room_in_the_field_at_once() -> None:
    # Stacks inside a structure do not count against the region's limit (U4): the room a
    # search judged before a stack went in (or came out) is judged again after it.
    b = Builder(cols=3).owners(b1="redland", c1="redland")
    b.region("b1", stacking=4)
    b.structure("keep", "b1", kind="fort", fortification=2, capacity={"land": 4})
    b.unit("r", "inf", "a1").unit("f1", "inf", "b1").unit("f2", "inf", "b1")
    game = moving(b)
    assert reach(game, "r")["b1"].kind == "overstack"
    game.apply(EnterStructure(stack_of(game, "f1").id, "keep"))
    assert reach(game, "r")["b1"].kind == "move"
    game.apply(LeaveStructure(stack_of(game, "f1").id))
    assert reach(game, "r")["b1"].kind == "overstack"
    with pytest.raises(IllegalAction, match="stacking limit"):
        game.apply(Move(stack_of(game, "r").id, ("b1",)))


def test_v4_minimal_move_whatever_the_cost_then_no_more() -> None:
    b = Builder(cols=3).owners(b1="redland")
    b.region("b1", terrain="marsh")
    b.unit_type("slow", name="Slow", attack=1, defence=1, morale=3, movement=1, hit_points=1)
    b.unit("r", "slow", "a1")
    game = moving(b)
    assert reach(game, "r")["b1"].cost == 1.0  # offered at its whole allowance
    game.apply(Move(stack_of(game, "r").id, ("b1",)))
    assert stack_of(game, "r").region == "b1"
    assert reach(game, "r") == {}


def test_v4_no_minimal_move_for_immobile_units() -> None:
    b = Builder(cols=2).owners(b1="redland")
    b.unit("r", "bunker", "a1")
    assert reach(moving(b), "r") == {}


def test_v5_a_stack_moves_once_per_phase() -> None:
    b = Builder(cols=3).owners(b1="redland", c1="redland")
    b.unit("r", "tank", "a1")
    game = moving(b)
    game.apply(Move(stack_of(game, "r").id, ("b1",)))
    with pytest.raises(IllegalAction, match="already moved"):
        game.apply(Move(stack_of(game, "r").id, ("c1",)))


def test_v6_an_empty_enemy_region_is_captured_with_its_open_town() -> None:
    b = Builder(cols=3).owners(b1="blueland")
    b.structure("town", "b1", kind="city")
    b.structure("fort", "b1", kind="fort", fortification=3)
    b.unit("r", "tank", "a1")
    game = moving(b)
    game.apply(Move(stack_of(game, "r").id, ("b1",)))
    assert side_of_region(game, "b1") == "red"
    assert side_of_structure(game, "town") == "red"
    assert side_of_structure(game, "fort") == "blue"


def test_u5_entrench_only_unmoved_and_lose_it_on_leaving() -> None:
    b = Builder(cols=3).owners(b1="redland")
    b.unit("r", "inf", "a1").unit("s", "inf", "b1")
    game = moving(b)
    game.apply(Entrench(stack_of(game, "r").id))
    assert stack_of(game, "r").entrenched
    with pytest.raises(IllegalAction):
        game.apply(Move(stack_of(game, "r").id, ("b1",)))
    # Next turn the entrenched stack leaves, and loses the entrenchment.
    advance_to(game, "land_movement", "blue")
    advance_to(game, "land_movement", "red")
    game.apply(Move(stack_of(game, "r").id, ("b1",)))
    assert not stack_of(game, "r").entrenched


def test_u5_units_entering_an_entrenched_stack_share_it() -> None:
    b = Builder(cols=3).owners(b1="redland")
    b.unit("r", "inf", "a1").unit("s", "inf", "b1", entrenched=True)
    game = moving(b)
    game.apply(Move(stack_of(game, "r").id, ("b1",)))
    assert stack_of(game, "r") is stack_of(game, "s")
    assert stack_of(game, "r").entrenched


def test_split_merge_and_structures() -> None:
    b = Builder(cols=2)
    b.structure("keep", "a1", kind="fort", fortification=2, capacity={"land": 2})
    b.unit("r", "inf", "a1").unit("s", "inf", "a1")
    game = moving(b)
    whole = stack_of(game, "r")
    game.apply(Split(whole.id, ("s",)))
    assert stack_of(game, "s") is not stack_of(game, "r")
    game.apply(EnterStructure(stack_of(game, "s").id, "keep"))
    assert stack_of(game, "s").structure == "keep"
    with pytest.raises(IllegalAction, match="no room"):
        game.apply(EnterStructure(stack_of(game, "r").id, "keep"))
    game.apply(LeaveStructure(stack_of(game, "s").id))
    game.apply(Merge((stack_of(game, "r").id, stack_of(game, "s").id)))
    assert stack_of(game, "r") is stack_of(game, "s")


def test_v7_fog_hides_content_and_a_search_reveals_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine import fog

    b = Builder(cols=3).owners(b1="blueland")
    b.unit("r", "tank", "a1").unit("x", "inf", "b1", nation="blueland")
    game = moving(b)
    enemy = stack_of(game, "x")
    assert fog.view_of(game, enemy, "red") == "outline"
    assert fog.view_of(game, stack_of(game, "r"), "blue") == "outline"
    assert fog.view_of(game, stack_of(game, "r"), "red") == "full"
    monkeypatch.setattr(game.dice, "roll", lambda: 3)
    game.apply(Move(stack_of(game, "r").id, ("b1",)))
    (found,) = game.log.of_type("search")
    assert found["success"] and found["target"] == 3
    assert fog.view_of(game, enemy, "red") == "full"


def test_v7_regions_away_from_own_stacks_show_nothing() -> None:
    from engine import fog

    b = Builder(cols=4).owners(c1="blueland", d1="blueland")
    b.unit("r", "inf", "a1").unit("x", "inf", "d1", nation="blueland")
    game = moving(b)
    assert fog.view_of(game, stack_of(game, "x"), "red") == "none"


def test_m3_m4_a_crossing_that_spends_the_move_ends_a_road_move_there() -> None:
    # A ferry on the road (M3's beach-like "uses all MP"): the road leads to it and over it,
    # but a move along the road stops on the far bank; every offered move is a legal one.
    ferry = {"id": "ferry", "name": "Ferry", "color": "#406080", "uses_all_movement": True}
    b = Builder(cols=5).owners(**dict.fromkeys(("b1", "c1", "d1", "e1"), "redland"))
    b.set("connection_types", [*(t.model_dump() for t in default_connection_types()), ferry])
    for col in "abcde":
        b.region(f"{col}1", network="road")
    for a, c in zip("abcd", "bcde", strict=True):
        b.connect(f"{a}1", f"{c}1", "ferry" if a == "b" else "land", road=True)
    b.unit("r", "inf", "a1")
    game = moving(b)
    found = reach(game, "r")
    assert found["c1"].path == ("b1", "c1")
    assert "d1" not in found and "e1" not in found
    for region in found:
        trial = Game.load(game.scenario, game.save())
        trial.apply(Move(stack_of(trial, "r").id, found[region].path))
    game.apply(Move(stack_of(game, "r").id, found["c1"].path))
    assert stack_of(game, "r").region == "c1"


def test_v1_m4_a_path_is_priced_as_the_move_itself_would_be() -> None:
    # What a view shows while a stack is dragged: the same price the move will pay.
    b = Builder(cols=6).owners(**dict.fromkeys(("b1", "c1", "d1", "e1", "f1"), "redland"))
    for col in "abcdef":
        b.region(f"{col}1", network="road", terrain="forest")
    for a, c in zip("abcde", "bcdef", strict=True):
        b.connect(f"{a}1", f"{c}1", road=True)
    b.unit("r", "inf", "a1")
    game = moving(b)
    stack = stack_of(game, "r")
    assert path_cost(game, stack, ("b1", "c1", "d1", "e1", "f1")) == reach(game, "r")["f1"].cost
    with pytest.raises(IllegalAction):
        path_cost(game, stack, ("c1",))  # not a neighbour of a1

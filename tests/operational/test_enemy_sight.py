"""The planning map's query of the enemy (OI1-OI4, OI8): how a side sees each enemy stack
as it plans, by the level its intelligence reads (engine/wego/op/intel.py ``enemy_sight``),
the same rule the film's frames follow."""

from __future__ import annotations

import pytest

from engine import Game
from engine.errors import IllegalAction
from engine.wego import plan
from engine.wego.op import fire, map_queries, state, tracking
from engine.wego.op.intel import enemy_sight
from engine.wego.orders import OrderAttack
from tests.operational.builder import OpBuilder
from tests.operational.play import stack


def ladder(*, fog: bool = True, **intel: object) -> Game:
    """Red's recce at c1r1 (range 4, strength 4) reads blue at one level a hex: 4 next to it
    (5 for a conscript there), 3, 2, 1, then nothing at c7r1."""
    b = OpBuilder(columns=8, rows=1)
    b.rules("fog", enabled=fog)
    b.rules("victory", victory_level=None)
    b.table("intel", **{"misread_chance": 0, "values_wrong_chance": 0, **intel})
    b.unit("scout", "recce", "c1r1")
    b.unit("five", "inf", "c2r1", nation="blueland", quality="conscript")
    b.unit("three", "inf", "c3r1", nation="blueland")
    b.unit("two", "armour", "c4r1", nation="blueland")
    b.unit("one", "inf", "c5r1", nation="blueland")
    b.unit("unseen", "inf", "c7r1", nation="blueland")
    return b.game(seed=3)


def test_oi2_oi3_each_enemy_stack_is_seen_at_its_level_and_beyond_reach_not_at_all() -> None:
    game = ladder()
    sight = enemy_sight(game, "red")
    ids = {name: stack(game, name) for name in ("five", "three", "two", "one", "unseen")}
    assert sight.levels == {
        ids["five"]: 5,
        ids["three"]: 3,
        ids["two"]: 2,
        ids["one"]: 1,
    }
    # Level 5 shows the units; below it only an outline; out of reach nothing at all.
    assert sight.views == {
        ids["five"]: "full",
        ids["three"]: "outline",
        ids["two"]: "outline",
        ids["one"]: "outline",
    }
    assert stack(game, "scout") not in sight.views  # the side's own stacks are not the enemy's
    # What each unit shows is its level's (Table OI2): the place, then the type, the values.
    (one,) = sight.seen_in(game, ids["one"])
    assert (one.level, one.category, one.attack) == (1, None, None)
    (two,) = sight.seen_in(game, ids["two"])
    assert (two.level, two.category, two.attack) == (2, "armour", None)
    (three,) = sight.seen_in(game, ids["three"])
    assert (three.attack, three.defence, three.strength) == (6, 8, None)
    assert sight.seen_in(game, ids["unseen"]) == []


def test_oi4_a_type_misread_at_level_2_is_what_the_planning_side_sees() -> None:
    game = ladder(misread_chance=100)
    (two,) = enemy_sight(game, "red").seen_in(game, stack(game, "two"))
    assert two.level == 2 and two.category in ("motorized", "recce", "mechanized")


def test_oi8_the_planning_map_and_the_films_frame_see_the_enemy_alike() -> None:
    game = ladder()
    sight = enemy_sight(game, "red")
    views, levels = tracking.frame_views(game, state.units(game))
    assert views["red"] == sight.views
    assert levels["red"] == sight.levels


def test_oi_each_side_plans_with_its_own_intelligence_only() -> None:
    """Hot seat and PBEM: blue's sight is blue's (its infantry next to the recce only)."""
    game = ladder()
    blue = enemy_sight(game, "blue")
    assert blue.side == "blue"
    assert blue.views == {stack(game, "scout"): "outline"}
    assert blue.levels == {stack(game, "scout"): 2}  # infantry reads its neighbour at 2
    assert set(blue.units) == {"scout"}
    assert not set(blue.units) & set(enemy_sight(game, "red").units)


def test_oi1_without_fog_every_enemy_stack_is_seen_whole_with_no_levels() -> None:
    game = ladder(fog=False)
    sight = enemy_sight(game, "red")
    assert set(sight.views.values()) == {"full"} and len(sight.views) == 5
    assert sight.levels == {}


def test_oi10_no_odds_against_a_presence_and_the_refusal_does_not_count_its_units() -> None:
    """Red's armour (strength 1, Table OI5) reads the two blue units next to it at level 1:
    the hex is held, nothing more, so no odds are shown and the reason gives no number."""
    b = OpBuilder(columns=4, rows=1)
    b.rules("victory", victory_level=None)
    b.table("intel", misread_chance=0, values_wrong_chance=0)
    b.unit("tank", "armour", "c1r1", echelon="regiment")
    b.unit("foe1", "inf", "c2r1", nation="blueland")
    b.unit("foe2", "inf", "c2r1", nation="blueland")
    game = b.game(seed=1)
    sight = enemy_sight(game, "red")
    assert sight.levels == {stack(game, "foe1"): 1}
    with pytest.raises(IllegalAction, match="known only by presence or type") as refusal:
        map_queries.attack_odds(game, OrderAttack(stack(game, "tank"), "c2r1", ()))
    assert not any(ch.isdigit() for ch in str(refusal.value).split("(")[0].replace("c2r1", ""))


def test_oi2_no_attack_is_offered_on_an_enemy_the_sides_intelligence_does_not_read() -> None:
    """A category that watches at range 0 reads nothing even next to it: the enemy beside it
    is neither drawn nor offered as an attack target, nor does it bar a route (it is met in
    the execution). The same board without fog offers the attack."""
    for fog in (True, False):
        b = OpBuilder(columns=4, rows=2)
        b.rules("fog", enabled=fog)
        b.rules("victory", victory_level=None)
        b.table("intel", sources=[{"category": "armour", "range": 0, "strength": 0}])
        b.unit("tank", "armour", "c1r1", echelon="regiment")
        b.unit("foe", "inf", "c2r1", nation="blueland")
        game = b.game(seed=1)
        tank = game.state.stacks[stack(game, "tank")]
        offered = plan.attack_routes(game, tank)
        if fog:
            assert enemy_sight(game, "red").views == {}
            assert "c2r1" not in offered and "c2r1" in plan.routes(game, tank)
        else:
            assert "c2r1" in offered


def test_oi2_the_fire_targets_offered_are_the_enemies_the_sides_intelligence_reads() -> None:
    """OC33 with OI2: a gun is offered the enemy hexes its side reads within its range, the
    far one its recce reads too (drawn on its map) and not the one next to a unit that
    watches at range 0 (not drawn)."""
    b = OpBuilder(columns=9, rows=2)
    b.rules("victory", victory_level=None)
    b.table("artillery", range=5)
    watch = [("armour", 0, 0), ("artillery", 0, 0), ("recce", 4, 4)]
    b.table("intel", sources=[{"category": c, "range": r, "strength": s} for c, r, s in watch])
    b.unit("scout", "recce", "c1r2")
    b.unit("gun", "art", "c3r1")
    b.unit("tank", "armour", "c6r1", echelon="regiment")
    b.unit("near", "inf", "c7r1", nation="blueland")  # next to the tank, read by nobody
    b.unit("far", "inf", "c4r2", nation="blueland")  # three hexes from the recce: level 2
    game = b.game(seed=1)
    sight = enemy_sight(game, "red")
    assert set(sight.views) == {stack(game, "far")}
    assert fire.targets(game, "red", "gun", "offensive") == ["c4r2"]

"""The baseline AI's bridge work (OE4, OE5, OE7, OO14) on one-row hand-made lanes: it
destroys a bridge the enemy would come over unless its own troops still need it, and builds
a pontoon where its way to the enemy crosses a river; its bridging engineers stay to work."""

from __future__ import annotations

from typing import Any

from engine import Game
from engine.wego.op import state as op_state
from engine.wego.orders import SealPlan
from tests.operational.play import red_plan
from tests.operational.test_engineers import builder


def river_lane(
    *,
    bridge: bool,
    foe: str,
    river: str = "river",
    behind: bool = False,
    site: bool = False,
    **red: str,
) -> Game:
    """A bridger at c4r1 on the bank of ``river`` (c4r1-c5r1, a crossing site when ``site``),
    a minor river behind it too when ``behind``."""
    b = builder(columns=10)
    b.hexside("c4r1", "c5r1", river)
    if site:
        b.crossing_site("c4r1", "c5r1")
    if behind:
        b.hexside("c3r1", "c4r1", "river")
    if bridge:
        b.road("road", *(f"c{c}r1" for c in range(1, 11)))
        b.bridge("c4r1", "c5r1")
    b.unit("bridger", "bridger", "c4r1", echelon="battalion")
    for unit_id, where in red.items():
        b.unit(unit_id, "inf", where, echelon="battalion", fixed={"whole_game": True})
    b.unit("foe", "inf", foe, nation="blueland", echelon="battalion", fixed={"whole_game": True})
    return b.game(seed=3)


def work_of(given: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(a["task"], a["toward"]) for a in given if a["kind"] == "op_engineer"]


def test_oe4_oe7_the_ai_destroys_a_bridge_the_enemy_comes_over_and_its_bridger_stays() -> None:
    game = river_lane(bridge=True, foe="c7r1", guard="c2r1")
    given = red_plan(game)
    assert work_of(given) == [("destroy_bridge", "c5r1")]
    bridger = game.state.units["bridger"].stack
    assert [a["kind"] for a in given if a.get("stack") == bridger] == ["order_hold"]


def test_oe4_the_ai_keeps_a_bridge_its_own_troops_hold_the_far_bank_of() -> None:
    game = river_lane(bridge=True, foe="c8r1", guard="c6r1")
    assert ("destroy_bridge", "c5r1") not in work_of(red_plan(game))


def test_oe4_the_ai_leaves_a_bridge_alone_with_no_enemy_near_it() -> None:
    game = river_lane(bridge=True, foe="c10r1", guard="c2r1")
    assert work_of(red_plan(game)) == []


def test_oe5_the_ai_builds_a_pontoon_where_its_way_to_the_enemy_crosses_a_river() -> None:
    game = river_lane(bridge=False, foe="c8r1", guard="c2r1")
    given = red_plan(game)
    assert work_of(given) == [("pontoon", "")]
    bridger = game.state.units["bridger"].stack
    assert [a["kind"] for a in given if a.get("stack") == bridger] == ["order_hold"]


def test_oe5_oe6_no_pontoon_with_the_enemy_on_the_far_bank_next_to_it() -> None:
    game = river_lane(bridge=False, foe="c5r1", guard="c2r1")
    assert ("pontoon", "") not in work_of(red_plan(game))


def test_oe4_the_ai_destroys_the_bridge_its_hq_falls_back_over() -> None:
    """The HQ on the far bank falls back over the bridge this turn (the enemy is 2 hexes
    from it); the roll comes at the end of the turn, once it is across (OT8)."""
    b = builder(columns=10)
    b.hexside("c4r1", "c5r1", "river")
    b.road("road", *(f"c{c}r1" for c in range(1, 11)))
    b.bridge("c4r1", "c5r1")
    b.hq("div", "c5r1")
    b.unit("bridger", "bridger", "c4r1", echelon="battalion", hq="div")
    b.unit("foe", "inf", "c7r1", nation="blueland", echelon="battalion", fixed={"whole_game": True})
    game = b.game(seed=3)
    given = red_plan(game)
    hq_stack = game.state.units["div"].stack
    (retreat,) = [a for a in given if a.get("stack") == hq_stack]
    assert retreat["kind"] == "order_move" and "c4r1" in retreat["path"]
    assert work_of(given) == [("destroy_bridge", "c5r1")]
    start = len(game.log)
    game.apply(SealPlan())  # blue's plan: the turn is played
    (roll,) = [r for r in game.log.records[start:] if r["type"] == "op_engineering"]
    assert roll["unit"] == "bridger"
    board = op_state.board_of(game)
    assert board.grid.ids[op_state.units(game)["div"].hex] in {"c2r1", "c3r1", "c4r1"}


def test_oh11_the_ai_builds_no_pontoon_that_would_not_span_the_major_river_ahead() -> None:
    # The minor river behind takes a pontoon, but the way to the enemy crosses the major
    # river, which has no crossing site here: the pontoon would not help.
    game = river_lane(bridge=False, foe="c8r1", river="major-river", behind=True, guard="c2r1")
    assert work_of(red_plan(game)) == []
    marked = river_lane(
        bridge=False, foe="c8r1", river="major-river", behind=True, site=True, guard="c2r1"
    )
    assert work_of(red_plan(marked)) == [("pontoon", "")]

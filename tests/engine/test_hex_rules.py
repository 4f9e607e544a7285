"""A hex map under today's area rules: each hex a region, each hexside a connection.

Hexside features (OH6) cost and block what their row of the connection table says (M3, V1):
a river adds its cost, a bridge takes it away, an impassable hexside stops land units and
supply unless bridged, a minefield takes the whole move. Roads drawn along hexes carry road
movement (M4); supply lines (S1) and the fog of war (V7) run over hexes as over regions.
The maps are one row of flat-topped hexes, ``c1r1`` to ``c6r1``, each a neighbour of the next.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import Game, IllegalAction, fog, movement, supply
from engine.actions import Move, PlayCard
from engine.runner import play
from tests.engine.builder import advance_to
from tests.hexes import HexBuilder


def row(columns: int = 6, **kinds: Any) -> HexBuilder:
    """A row of red hexes with a red infantry unit (3 MP) in ``c1r1``."""
    b = HexBuilder(columns=columns, rows=1)
    b.hex_map["owners"] = {"redland": [f"c1r1*{columns}"]}
    b.unit("r", "inf", "c1r1")
    return b


def reach(game: Game, unit_id: str = "r") -> dict[str, movement.Reach]:
    stack = game.state.stacks[game.state.units[unit_id].stack]
    return movement.reachable(game, stack)


def moving(b: HexBuilder, seed: int = 0) -> Game:
    game = b.game(seed)
    advance_to(game, "land_movement")
    return game


def test_hexes_are_the_regions_and_hexsides_the_connections() -> None:
    game = row().game()
    assert list(game.world.regions)[:3] == ["c1r1", "c2r1", "c3r1"]
    assert [link.to for link in game.world.neighbours("c2r1")] == ["c1r1", "c3r1"]
    assert game.world.connections["c1r1-c2r1"].type == "land"


def test_oh6_m3_a_river_hexside_costs_what_the_connection_table_says() -> None:
    b = row().hexside("c1r1", "c2r1", "river")
    assert reach(moving(b))["c2r1"].cost == 2.0  # clear 1 + river 1
    for kind in b.raw["connection_types"]:
        if kind["id"] == "river":
            kind["movement_cost"] = 2
    assert reach(moving(b))["c2r1"].cost == 3.0
    assert "c3r1" not in reach(moving(b))  # 3 + 1 is beyond 3 MP


def test_oh6_m3_a_bridge_cancels_the_river() -> None:
    b = row().hexside("c1r1", "c2r1", "river").bridge("c1r1", "c2r1")
    costs = {hex_id: r.cost for hex_id, r in reach(moving(b)).items()}
    assert costs == {"c2r1": 1.0, "c3r1": 2.0, "c4r1": 3.0}


def test_oh6_an_impassable_hexside_blocks_land_units() -> None:
    b = row().hexside("c2r1", "c3r1", "impassable")
    game = moving(b)
    assert set(reach(game)) == {"c2r1"}
    with pytest.raises(IllegalAction, match="bridge"):
        game.apply(Move(game.state.units["r"].stack, ("c2r1", "c3r1")))


def test_oh6_a_bridge_opens_an_impassable_hexside() -> None:
    b = row().hexside("c2r1", "c3r1", "impassable").bridge("c2r1", "c3r1")
    assert set(reach(moving(b))) == {"c2r1", "c3r1", "c4r1"}


def test_oh7_a_minefield_takes_the_whole_move() -> None:
    b = row().hexside("c1r1", "c2r1", "minefield")
    found = reach(moving(b))
    assert set(found) == {"c2r1"}
    assert found["c2r1"].cost == 3.0


def test_a_ridge_slows_like_its_row_of_the_table() -> None:
    b = row().hexside("c1r1", "c2r1", "ridge")
    assert reach(moving(b))["c2r1"].cost == 2.0


def test_m4_a_road_drawn_along_hexes_carries_road_movement() -> None:
    b = row(6).terrain("forest", "c2r1*5")
    b.road("road", "c1r1", "c2r1", "c3r1", "c4r1", "c5r1", "c6r1")
    game = moving(b)
    costs = {hex_id: r.cost for hex_id, r in reach(game).items()}
    # Forest costs 2 a hex off the road; along it, half an MP a hex, rounded up.
    assert costs["c6r1"] == 3.0
    assert costs["c2r1"] == 1.0


def test_s1_supply_lines_run_along_hexes_and_stop_at_an_impassable_hexside() -> None:
    b = row(6).source("depot", "c1r1", "red")
    assert sorted(supply.supplied_regions(b.game(), "red")) == ["c1r1", "c2r1", "c3r1", "c4r1"]
    b.hexside("c2r1", "c3r1", "impassable")
    assert sorted(supply.supplied_regions(b.game(), "red")) == ["c1r1", "c2r1"]
    b.bridge("c2r1", "c3r1")
    assert sorted(supply.supplied_regions(b.game(), "red")) == ["c1r1", "c2r1", "c3r1", "c4r1"]


def test_s1_a_river_hexside_slows_units_but_not_supply() -> None:
    b = row(6).source("depot", "c1r1", "red").hexside("c2r1", "c3r1", "major-river")
    assert sorted(supply.supplied_regions(b.game(), "red")) == ["c1r1", "c2r1", "c3r1", "c4r1"]


def test_v7_a_side_watches_the_hexes_around_its_stacks() -> None:
    b = HexBuilder(columns=5, rows=3).unit("r", "inf", "c2r2")
    game = b.game()
    assert game.world.neighbours("c2r2")
    watched = fog.watched_regions(game, "red")
    assert watched == {"c2r2", *(link.to for link in game.world.neighbours("c2r2"))}
    assert len(watched) == 7


def test_an_effect_blows_a_bridge_named_by_its_hexside() -> None:
    b = row().hexside("c1r1", "c2r1", "river").bridge("c1r1", "c2r1")
    effect = {"kind": "connection", "connection": "c1r1-c2r1", "bridge": False}
    b.set(
        "cards",
        [{"id": "blow", "name": "Blow", "side": "red", "phases": ["cards"], "effects": [effect]}],
    )
    game = b.game()
    advance_to(game, "cards")
    game.apply(PlayCard("blow"))
    advance_to(game, "land_movement")
    assert reach(game)["c2r1"].cost == 2.0


def _small_war() -> HexBuilder:
    b = HexBuilder(columns=8, rows=5, turns=6)
    b.terrain("forest", "c3r2*2", "c5r4*2").terrain("hills", "c6r1")
    b.hexside("c4r3", "c5r3", "river").hexside("c4r4", "c5r4", "river").bridge("c4r3", "c5r3")
    b.road("road", "c1r3", "c2r3", "c3r3", "c4r3", "c5r3", "c6r3", "c7r3", "c8r3")
    b.record("c6r3", name="Bluetown", values={"red": {"capture": 4, "hold_at_end": 2}})
    b.structure("bluetown", "c6r3", fortification=1)
    b.source("red-depot", "c1r3", "red").source("blue-depot", "c8r3", "blue")
    for n, hex_id in enumerate(("c3r2", "c3r3", "c3r3", "c4r4", "c3r4", "c2r3")):
        b.unit(f"r{n}", "tank" if n % 2 else "inf", hex_id)
    for n, hex_id in enumerate(("c6r3", "c5r2", "c6r4", "c6r2")):
        b.unit(f"b{n}", "inf", hex_id, nation="blueland")
    return b


def test_a_small_hex_war_plays_to_the_end_headless_and_the_same_twice() -> None:
    scenario = _small_war().build()
    first = play(scenario, 7)
    assert first.finished
    second = play(scenario, 7)
    assert second.game.log.digest() == first.game.log.digest()
    assert first.game.outcome() == second.game.outcome()
    moves = [r for r in first.game.log.records if r["type"] == "move"]
    assert moves  # stacks went from hex to hex, and fought over them
    assert all(place in first.game.world.regions for r in moves for place in r["path"])
    assert first.summary()["battles"] > 0


def test_a_hex_game_saves_and_loads_mid_way() -> None:
    scenario = _small_war().build()
    game = Game(scenario, 3)
    from engine.ai import BaselineAI

    ai = BaselineAI()
    for _ in range(40):
        game.apply(ai.choose(game))
    again = Game.load(scenario, game.save())
    assert again.state == game.state

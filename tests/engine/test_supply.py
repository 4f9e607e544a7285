"""Supply lines (S1, with the supply parts of M2, M3, M5 and M6): range, terrain, enemies,
relays, ports, bridges, and the map overlay. The phase itself: ``test_supply_phase.py``.

Maps are rows of square regions (``a1`` to ``j1``): a source in ``a1`` and the default range
of 3 reach ``b1``, ``c1`` and ``d1``. Each test names the checklist item it covers.
"""

from __future__ import annotations

import pytest

from engine import Game, board, supply
from engine.phases.supply import resolve
from schemas.terrain import default_connection_types
from tests.engine.builder import Builder


def row(cols: int = 8, **rules: int) -> Builder:
    b = Builder(cols=cols)
    b.source("depot", "a1", "red")
    if rules:
        b.rules("supply", **rules)
    return b


def regions(game: Game, side: str = "red") -> list[str]:
    return sorted(supply.supplied_regions(game, side))


def first(cols: int) -> list[str]:
    return [f"{c}1" for c in "abcdefghij"[:cols]]


def script(game: Game, monkeypatch: pytest.MonkeyPatch, *rolls: int) -> None:
    queue = list(rolls)
    monkeypatch.setattr(game.dice, "roll", lambda: queue.pop(0))


# -- S1: lines and range -------------------------------------------------------------------------


def test_s1_range_three_reaches_three_regions_and_not_four() -> None:
    assert regions(row().game()) == first(4)


def test_s1_range_comes_from_the_rules() -> None:
    assert regions(row(range=4).game()) == first(5)
    assert regions(row(range=0).game()) == ["a1"]


def test_s1_sources_serve_their_sides_only_and_only_while_operative() -> None:
    b = Builder(cols=8)
    b.source("red-depot", "a1", "red").source("shared", "h1")
    game = b.game()
    assert regions(game, "blue") == ["e1", "f1", "g1", "h1"]
    assert regions(game, "red") == [*first(4), "e1", "f1", "g1", "h1"]
    game.state.sources_open["red-depot"] = False
    assert regions(game, "red") == ["e1", "f1", "g1", "h1"]


def test_s1_a_side_without_any_source_ignores_supply() -> None:
    game = Builder(cols=4).region("b1", terrain="lake").unit("r", "inf", "d1").game()
    assert regions(game) == ["a1", "c1", "d1"]
    resolve(game, "red")
    assert game.state.units["r"].unsupplied == 0
    # A source that exists but is closed is another matter: nothing is supplied.
    closed = Builder(cols=4).source("depot", "a1", "red").unit("r", "inf", "d1").game()
    closed.state.sources_open["depot"] = False
    assert regions(closed) == []
    resolve(closed, "red")
    assert closed.state.units["r"].unsupplied == 1


def test_s1_m2_desert_passes_supply_only_with_a_trail() -> None:
    b = row().region("b1", terrain="desert")
    assert regions(b.game()) == ["a1"]
    for network in ("trail", "road", "rail"):
        assert regions(row().region("b1", terrain="desert", network=network).game()) == first(4)


def test_s1_m2_terrain_that_never_passes_supply_is_never_in_supply() -> None:
    game = row().region("c1", terrain="marsh", network="road").game()
    assert regions(game) == ["a1", "b1"]


def test_s1_enemy_units_cut_the_line() -> None:
    b = row().unit("b-inf", "inf", "c1", nation="blueland")
    assert regions(b.game()) == ["a1", "b1"]


def test_s1_enemy_territory_without_enemy_units_does_not_cut_the_line() -> None:
    game = row().owners(b1="blueland", c1="blueland").game()
    assert regions(game) == first(4)


def test_s1_an_enemy_in_the_source_region_closes_it() -> None:
    assert regions(row().unit("b-inf", "inf", "a1", nation="blueland").game()) == []


def test_s1_m5_a_friendly_structure_relays_supply_further() -> None:
    game = row(cols=9).owners(d1="redland").structure("town", "d1").game()
    assert regions(game) == first(7)


def test_s1_m5_enemy_and_non_relay_structures_do_not_relay() -> None:
    enemy = row(cols=9).structure("town", "d1", owner="blueland").game()
    assert regions(enemy) == first(4)
    mute = row(cols=9).owners(d1="redland").structure("town", "d1", relay=False).game()
    assert regions(mute) == first(4)


def test_s1_m5_a_relay_out_of_reach_relays_nothing() -> None:
    game = row(cols=9).owners(e1="redland").structure("town", "e1").game()
    assert regions(game) == first(4)


def test_s1_a_logistic_unit_in_supply_relays() -> None:
    game = row(cols=9).unit("col", "log", "d1").game()
    assert regions(game) == first(7)
    cut_off = row(cols=9).unit("col", "log", "f1").game()
    assert regions(cut_off) == first(4)


def test_s1_relays_chain() -> None:
    game = row(cols=10).unit("col", "log", "d1").unit("col2", "log", "g1").game()
    assert regions(game) == first(10)


def ports(blockade: bool = False) -> Builder:
    # a1 and b1 land, c1 and d1 sea, e1 to g1 land: the only way east is by sea.
    b = Builder(cols=7)
    b.source("depot", "a1", "red").owners(e1="redland", f1="redland")
    for sea in ("c1", "d1"):
        b.region(sea, terrain="sea", owner=None)
    b.connect("b1", "c1", "sea").connect("c1", "d1", "sea").connect("d1", "e1", "sea")
    b.structure("west-port", "b1", port=True, sea_region="c1")
    b.structure("east-port", "e1", port=True, sea_region="d1")
    if blockade:
        b.unit("boats", "ship", "d1", nation="blueland")
    return b


def test_s1_m5_friendly_ports_relay_across_the_sea() -> None:
    assert regions(ports().game()) == ["a1", "b1", "e1", "f1", "g1"]


def test_s1_m5_an_enemy_ship_blockades_a_port() -> None:
    assert regions(ports(blockade=True).game()) == ["a1", "b1"]


def test_s1_m5_an_enemy_port_receives_nothing() -> None:
    game = ports().owners(e1="blueland").game()
    game.state.structure_owner["east-port"] = "blueland"
    assert regions(game) == ["a1", "b1"]


def test_s1_sea_and_lake_regions_carry_no_land_line() -> None:
    assert regions(row().region("b1", terrain="lake").game()) == ["a1"]
    assert regions(row().region("b1", terrain="sea", owner=None).game()) == ["a1"]


def test_s1_unplayable_regions_carry_no_line() -> None:
    assert regions(row().region("b1", unplayable=True).game()) == ["a1"]


def deep_river(bridge: bool) -> Builder:
    b = row()
    types = [t.model_dump(mode="json") for t in default_connection_types()]
    b.set("connection_types", [*types, {"id": "deep", "name": "Deep river", "needs_bridge": True}])
    return b.connect("b1", "c1", "deep", bridge=bridge)


def test_s1_m3_a_river_land_units_cannot_cross_without_a_bridge_cuts_the_line() -> None:
    assert regions(deep_river(bridge=False).game()) == ["a1", "b1"]
    game = deep_river(bridge=True).game()
    assert regions(game) == first(4)
    # An effect that blows the bridge is seen at once (connection_state overrides the map).
    game.state.connection_state["b1-c1"] = [False, False, False]
    assert regions(game) == ["a1", "b1"]
    game.state.connection_state["b1-c1"] = [True, False, False]
    assert regions(game) == first(4)


def test_s1_m3_sea_and_air_connections_carry_no_land_line() -> None:
    assert regions(row().connect("b1", "c1", "sea").game()) == ["a1", "b1"]
    assert regions(row().connect("b1", "c1", "air").game()) == ["a1", "b1"]


def test_s1_m6_regions_closed_to_a_side_carry_none_of_its_lines() -> None:
    b = row()
    b.set("areas", [{"id": "neutral", "name": "Neutral", "closed_to": ["red"]}])
    b.region("b1", area="neutral")
    assert regions(b.game()) == ["a1"]


def test_s1_g1_a_besieged_garrison_does_not_cut_the_besiegers_line() -> None:
    b = row().owners(c1="redland").structure("fort", "c1", fortification=2, owner="blueland")
    b.unit("garrison", "inf", nation="blueland", structure="fort")
    assert regions(b.game()) == ["a1", "b1"]
    assert regions(b.unit("besieger", "inf", "c1").game()) == first(4)


def test_s1_the_net_follows_the_board_without_being_told() -> None:
    game = row().unit("b-inf", "inf", "e1", nation="blueland").game()
    assert regions(game) == first(4)
    stack = board.stacks_in(game, "e1", "blue")[0]
    board.relocate(game, stack, "c1")
    assert regions(game) == ["a1", "b1"]
    board.relocate(game, stack, "e1")
    assert regions(game) == first(4)


def test_s1_supply_view_for_a_map_overlay() -> None:
    b = row(cols=6).region("f1", terrain="lake", owner=None)
    b.unit("r-inf", "inf", "a1").unit("r-far", "inf", "e1").unit(
        "b-inf", "inf", "e1", nation="blueland"
    )
    game = b.game()
    view = supply.supply_view(game, "red")
    assert view.regions == {
        "a1": "supplied",
        "b1": "supplied",
        "c1": "supplied",
        "d1": "supplied",
        "e1": "enemy",
        "f1": "none",
    }
    red = {s.id: s for s in game.state.stacks.values() if s.side == "red"}
    assert sorted(view.stacks.values()) == ["enemy", "supplied", "unsupplied"]
    assert {view.stacks[i] for i in red} == {"supplied", "unsupplied"}
    assert supply.stacks_supplied(game, "red") == {i: view.stacks[i] == "supplied" for i in red}

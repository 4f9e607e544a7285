"""Lines of communication: tracing from sources through HQs to units (OQ4-OQ8, OQ10, OQ11),
their states and what the states do (OQ9), on small hand-made hex maps.

Open hexes cost a supply truck 1.25 MP, a highway 0.25, a track 0.5 (OH3, OH4, OQ4); a
division HQ reaches 10 MP (Table OQ3): 4 open hexes (5 MP) are Supported, 8 (10 MP) Extended.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.operational.hq import CommandTree
from engine.operational.loc import (
    LocNetwork,
    LocTrace,
    c2_modifier,
    combat_multiplier,
    may_buy_supply,
    road_movement_allowed,
    trace,
    with_loc,
)
from engine.operational.units import OpUnit
from tests.operational.command_builder import CommandBuilder


def _line(columns: int = 16, rows: int = 1) -> CommandBuilder:
    """An army HQ with a source on c1r1 and a division HQ on c2r1 (fed by the army)."""
    b = CommandBuilder(columns, rows)
    b.hq("army", "c1r1", echelon="army")
    b.hq("div", "c2r1", parent="army")
    b.supply_source("c1r1")
    return b


def _trace(b: CommandBuilder, side: str = "red", **options: object) -> LocTrace:
    board, units = b.board_and_units()
    return trace(LocNetwork.of(board), b.tree(), units, side, **options)  # type: ignore[arg-type]


def test_oq7_supported_within_half_the_hq_range_extended_within_it() -> None:
    b = _line()
    b.unit("near", "inf", "c6r1", hq="div")  # 4 hexes from the division: 5 MP
    b.unit("mid", "inf", "c7r1", hq="div")  # 6.25 MP
    b.unit("edge", "inf", "c10r1", hq="div")  # 10 MP
    found = _trace(b)
    assert found.of("army") == "supported" and found.fed_by["army"] == "source:c1r1"
    assert found.of("div") == "supported"
    assert found.of("near") == "supported" and found.distance["near"] == pytest.approx(5.0)
    assert found.of("mid") == "extended" and found.fed_by["mid"] == "div"
    assert found.of("edge") == "extended" and found.distance["edge"] == pytest.approx(10.0)


def test_oq6_a_unit_beyond_its_hq_but_within_another_hqs_range_is_extended() -> None:
    b = _line()
    b.unit("far", "inf", "c13r1", hq="div")  # 13.75 MP from the division, 15 from the army
    found = _trace(b)
    assert found.of("far") == "extended" and found.fed_by["far"] == "army"


def test_oq6_no_unit_draws_from_an_hq_of_a_lower_echelon_than_its_own() -> None:
    b = CommandBuilder(16, 1)
    b.hq("army", "c1r1", echelon="army", loc_range=8)
    b.hq("corps", "c2r1", parent="army", echelon="corps", loc_range=4)
    b.hq("reg", "c12r1", parent="army", echelon="regiment")
    b.supply_source("c1r1")
    b.supply_source("c14r1")  # feeds the regiment HQ (2.5 MP, OQ5)
    b.unit("corps-art", "art", "c11r1", hq="corps")  # in the regiment's reach only
    b.unit("reg-inf", "inf", "c11r1", hq="reg")
    found = _trace(b)
    assert found.of("reg") == "supported" and found.of("reg-inf") == "supported"
    assert found.of("corps-art") == "isolated"  # a regiment HQ is below its corps


def test_oq5_an_hq_in_range_of_a_source_is_supported_even_beyond_its_superior() -> None:
    b = CommandBuilder(30, 1)
    b.hq("army", "c1r1", echelon="army", loc_range=4)
    b.hq("div", "c25r1", parent="army")
    b.supply_source("c1r1")
    b.supply_source("c28r1")  # a port near the division
    b.unit("inf", "inf", "c22r1", hq="div")
    found = _trace(b)
    assert found.of("div") == "supported" and found.fed_by["div"] == "source:c28r1"
    assert found.of("inf") == "supported"


def test_oq8_a_unit_is_never_better_than_its_hq() -> None:
    b = CommandBuilder(20, 1)
    b.hq("army", "c1r1", echelon="army", loc_range=12)
    b.hq("div", "c9r1", parent="army", loc_range=5)  # 10 MP from the army: beyond half of 12
    b.supply_source("c1r1")
    b.unit("inf", "inf", "c10r1", hq="div")  # 1.25 MP from its HQ
    found = _trace(b)
    assert found.of("div") == "extended"
    assert found.of("inf") == "extended"


def test_oq7_isolated_out_of_every_range_encircled_when_no_path_at_all() -> None:
    b = CommandBuilder(24, 3)
    b.hq("army", "c1r2", echelon="army", loc_range=6)
    b.supply_source("c1r2")
    b.unit("lost", "inf", "c20r2", hq="army")  # far beyond 6 MP, the way is clear
    found = _trace(b)
    assert found.of("lost") == "isolated"
    # A blue wall across the map: red's trucks have no way past it.
    for row in (1, 2, 3):
        b.unit(f"wall{row}", "inf", f"c12r{row}", nation="blueland", echelon="regiment")
    found = _trace(b)
    assert found.of("lost") == "encircled"
    assert found.of("army") == "supported"


def test_oq4_enemy_zoc_blocks_a_line_unless_a_friendly_unit_stands_in_the_hex() -> None:
    b2 = _line(12, 2)
    b2.unit("inf", "inf", "c6r1", hq="div")
    b2.unit("foe", "inf", "c4r2", nation="blueland")  # its ZOC covers c3r1..c5r1
    cut = _trace(b2)
    assert cut.of("inf") in ("isolated", "encircled")
    assert cut.of("inf") == "encircled"  # the enemy's zone spans the two-row map
    for n, hex_id in enumerate(("c3r1", "c4r1", "c5r1")):  # friendly units open the zone
        b2.unit(f"holder{n}", "inf", hex_id, hq="div")
    held = _trace(b2)
    assert held.of("inf") != "encircled"


def test_oq4_lines_run_at_road_movement_costs_along_highways_and_tracks() -> None:
    b = _line(30, 1)
    b.road("road", *(f"c{n}r1" for n in range(2, 27)))
    b.unit("inf", "inf", "c22r1", hq="div")  # 20 highway hexes: 5 MP
    found = _trace(b)
    assert found.distance["inf"] == pytest.approx(5.0) and found.of("inf") == "supported"
    b = _line(30, 1)
    b.road("trail", *(f"c{n}r1" for n in range(2, 27)))
    b.unit("inf", "inf", "c22r1", hq="div")  # 20 track hexes: 10 MP
    found = _trace(b)
    assert found.distance["inf"] == pytest.approx(10.0) and found.of("inf") == "extended"


def test_oq4_an_unbreached_minefield_blocks_a_line_a_breached_one_does_not() -> None:
    b = _line(10, 1)
    b.unit("inf", "inf", "c5r1", hq="div")
    b.hexside("c3r1", "c4r1", "minefield")
    found = _trace(b)
    assert found.of("inf") == "encircled"
    b = _line(10, 1)
    b.unit("inf", "inf", "c5r1", hq="div")
    b.hexside("c3r1", "c4r1", "breached-minefield")
    found = _trace(b)
    assert found.of("inf") == "extended"  # 3 x 1.25 + 3 MP for the breach = 6.75 MP


def test_ow1_oq4_a_frozen_river_carries_the_line_an_unfrozen_one_cuts() -> None:
    """A river without a bridged road stops supply trucks as it stops units (OH6); in frozen
    weather its limits are lifted for both (OW1), so the line crosses it."""
    b = _line(10, 1)
    b.unit("inf", "inf", "c5r1", hq="div")
    b.hexside("c3r1", "c4r1", "river")
    board, units = b.board_and_units()
    assert trace(LocNetwork.of(board), b.tree(), units, "red").of("inf") == "encircled"
    frozen = trace(LocNetwork.of(board, frozen=True), b.tree(), units, "red")
    assert frozen.of("inf") == "supported"


def test_oq4_an_enemy_unit_on_the_source_denies_it() -> None:
    b = CommandBuilder(8, 1)
    b.hq("army", "c2r1", echelon="army")
    b.supply_source("c1r1")
    b.unit("foe", "inf", "c1r1", nation="blueland")
    found = _trace(b)
    assert found.of("army") == "encircled"


def test_oq10_a_depot_feeds_a_cut_off_hq_at_most_extended() -> None:
    b = CommandBuilder(30, 1)
    b.hq("army", "c1r1", echelon="army", loc_range=4)
    b.hq("div", "c25r1", parent="army")
    b.supply_source("c1r1")
    b.supply_source("c27r1", kind="depot")
    b.unit("inf", "inf", "c24r1", hq="div")
    found = _trace(b)
    assert found.of("div") == "extended" and found.fed_by["div"] == "depot:c27r1"
    assert found.of("inf") == "extended"


def test_oq10_os15_a_supplied_airfield_feeds_isolated_units_within_its_range() -> None:
    b = CommandBuilder(30, 1)
    b.hq("army", "c1r1", echelon="army", loc_range=4)
    b.supply_source("c1r1")
    b.supply_source("c20r1", kind="airfield", range=2)
    b.unit("near", "inf", "c22r1", hq="army")
    b.unit("far", "inf", "c26r1", hq="army")
    board, units = b.board_and_units()
    network = LocNetwork.of(board)
    idle = trace(network, b.tree(), units, "red")
    assert idle.of("near") == "isolated"  # the airfield is not supplied this turn
    flown = trace(network, b.tree(), units, "red", air_supplied=[board.index("c20r1")])
    assert flown.of("near") == "extended" and flown.fed_by["near"] == "airfield:c20r1"
    assert flown.of("far") == "isolated"


def test_oq11_units_of_a_destroyed_hq_draw_from_the_next_hq_up_at_most_extended() -> None:
    b = _line()
    b.unit("inf", "inf", "c3r1", hq="div")  # 2.5 MP from the army: well within half its range
    board, units = b.board_and_units()
    network, tree = LocNetwork.of(board), b.tree()
    assert trace(network, tree, units, "red").of("inf") == "supported"
    del units["div"]
    found = trace(network, tree, units, "red")
    assert found.of("inf") == "extended" and found.fed_by["inf"] == "army"


def test_oa10_interdiction_cuts_division_and_higher_ranges() -> None:
    b = _line()
    b.unit("inf", "inf", "c10r1", hq="div")  # 10 MP: the edge of the division's range
    assert _trace(b).of("inf") == "extended"
    found = _trace(b, cut=10.0)  # range 10 at 10% -> 9
    assert found.ranges["div"] == 9 and found.ranges["army"] == 36
    assert found.of("inf") == "extended" and found.fed_by["inf"] == "army"  # OQ6


def test_a_side_without_hqs_traces_nothing_and_is_supported() -> None:
    b = CommandBuilder(6, 1)
    b.unit("inf", "inf", "c3r1", nation="blueland")
    found = _trace(b, "blue")
    assert not found.traced and found.of("inf") == "supported"


def test_oq12_reach_marks_the_supported_and_extended_bands() -> None:
    b = _line()
    board, units = b.board_and_units()
    found = trace(LocNetwork.of(board), b.tree(), units, "red")
    band = found.reach("div")
    assert band[board.index("c6r1")] == 2  # 5 MP
    assert band[board.index("c7r1")] == 1  # 6.25 MP
    assert band[board.index("c10r1")] == 1  # 10 MP
    assert band[board.index("c11r1")] == 0  # 11.25 MP


def test_oq9_state_effects_combat_c2_supply_and_road_movement() -> None:
    b = _line()
    board, _ = b.board_and_units()
    assert [combat_multiplier(board, s) for s in ("supported", "extended", "isolated")] == [
        1.0,
        0.75,
        0.5,
    ]
    assert [c2_modifier(board, s) for s in ("supported", "extended", "encircled")] == [40, 0, -40]
    assert may_buy_supply("extended") and not may_buy_supply("isolated")
    assert road_movement_allowed("supported", True)
    assert not road_movement_allowed("extended", True) and not road_movement_allowed(
        "supported", False
    )


def test_with_loc_writes_the_states_into_the_units() -> None:
    b = _line()
    b.unit("far", "inf", "c16r1", hq="div")
    board, units = b.board_and_units()
    found = trace(LocNetwork.of(board), b.tree(), units, "red")
    after = with_loc(units, [found])
    assert after["far"].loc == found.of("far") == "extended"
    assert units["far"].loc == "supported"  # the input is left alone
    unit: OpUnit = replace(after["far"], loc="isolated")
    assert unit.cut_off


def test_the_tree_is_built_from_the_scenario() -> None:
    b = _line()
    b.unit("inf", "inf", "c3r1", hq="div")
    tree: CommandTree = b.tree()
    assert tree.hq_of("inf") == "div" and tree.chain("inf") == ("div", "army")

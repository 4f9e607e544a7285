"""Movement: terrain costs by column (OH3), roads and tracks (OH4), hexside features (OH6,
OH7), the minimum cost and the minimal move (OM2, OM3), allowances (OM1, OM8) and stacking
(OM4, OH9)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.operational import affordable, effective_mp, fits, movement_cost
from tests.operational.builder import OpBuilder


def _cost(b: OpBuilder, unit: str, to: str, **options: object):  # type: ignore[no-untyped-def]
    board, units = b.board_and_units()
    return movement_cost(board, units.values(), units[unit], board.index(to), **options)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("terrain", "cost"),
    [
        ("open", 1.25),
        ("rolling-steppe", 1.5),
        ("town", 1.25),
        ("city", 1),
        ("rough", 2),
        ("light-woods", 2),
        ("woods", 3),
        ("mud-flats", 3),
        ("mountain", 3),
    ],
)
def test_oh3_entry_cost_by_terrain(terrain: str, cost: float) -> None:
    b = OpBuilder(3, 1).terrain(terrain, "c2r1")
    b.unit("inf", "inf", "c1r1")
    assert _cost(b, "inf", "c2r1").total == cost


def test_oh3_a_modder_can_split_the_cost_by_movement_column() -> None:
    b = OpBuilder(3, 1).terrain("woods", "c2r1")
    rows = [r.model_dump() for r in OpBuilder().build().rules.operational.terrain]  # type: ignore[union-attr]
    for row in rows:
        if row["terrain"] == "woods":
            row["entry_cost"]["armour"] = 4
    b.table(terrain=rows)
    b.unit("inf", "inf", "c1r1")
    b.unit("tank", "armour", "c1r1")
    assert _cost(b, "inf", "c2r1").total == 3
    assert _cost(b, "tank", "c2r1").total == 4


def test_oh3_great_river_hexes_are_never_entered() -> None:
    b = OpBuilder(3, 1).terrain("great-river", "c2r1")
    b.unit("inf", "inf", "c1r1")
    assert not _cost(b, "inf", "c2r1").allowed


def test_oh4_roads_cost_1_in_normal_modes_and_less_in_road_movement() -> None:
    b = OpBuilder(4, 1).terrain("woods", "c2r1", "c3r1")
    b.road("road", "c1r1", "c2r1")
    b.road("trail", "c2r1", "c3r1")
    b.unit("a", "inf", "c1r1")
    b.unit("b", "inf", "c2r1")
    b.unit("c", "inf", "c3r1")
    assert _cost(b, "a", "c2r1").total == 1
    assert _cost(b, "a", "c2r1", mode="road").total == 0.25
    assert _cost(b, "b", "c3r1").total == 1
    assert _cost(b, "b", "c3r1", mode="road").total == 0.5
    off_road = _cost(b, "c", "c4r1", mode="road")
    assert not off_road.allowed and "OM8" in off_road.reason


def test_oh4_marsh_is_entered_only_along_a_road() -> None:
    b = OpBuilder(4, 1).terrain("marsh", "c2r1", "c3r1")
    b.road("trail", "c3r1", "c4r1")
    b.unit("a", "inf", "c1r1")
    b.unit("b", "inf", "c4r1")
    assert not _cost(b, "a", "c2r1").allowed
    assert _cost(b, "b", "c3r1").total == 1


def test_oh6_hexside_costs_add_to_the_hex_beyond() -> None:
    b = OpBuilder(4, 1)
    b.hexside("c1r1", "c2r1", "gully")
    b.hexside("c2r1", "c3r1", "breached-minefield")
    b.unit("a", "inf", "c1r1")
    b.unit("b", "inf", "c2r1")
    assert _cost(b, "a", "c2r1").total == 1.25 + 2
    assert _cost(b, "b", "c3r1").total == 1.25 + 3


def test_oh6_oh11_rivers_are_crossed_only_by_a_road_over_a_bridge() -> None:
    b = OpBuilder(4, 1)
    b.hexside("c1r1", "c2r1", "river")
    b.hexside("c2r1", "c3r1", "major-river")
    b.bridge("c2r1", "c3r1")
    b.road("road", "c2r1", "c3r1")
    b.unit("a", "inf", "c1r1")
    b.unit("b", "inf", "c2r1")
    assert not _cost(b, "a", "c2r1").allowed
    assert _cost(b, "b", "c3r1").total == 1


def test_oh7_an_unbreached_minefield_takes_the_whole_allowance() -> None:
    b = OpBuilder(3, 1)
    b.hexside("c1r1", "c2r1", "minefield")
    b.unit("a", "inf", "c1r1")
    board, units = b.board_and_units()
    step = movement_cost(board, units.values(), units["a"], board.index("c2r1"))
    assert step.allowed and step.uses_all
    assert affordable(board, step, 8, moved=False)
    assert not affordable(board, step, 7, moved=True)  # must start the turn next to it


def test_om2_om3_minimum_cost_and_the_minimal_move() -> None:
    b = OpBuilder(3, 1).terrain("woods", "c2r1")
    b.unit("a", "inf", "c1r1")
    board, units = b.board_and_units()
    step = movement_cost(board, units.values(), units["a"], board.index("c2r1"))
    assert step.total == 3
    assert affordable(board, step, 2, moved=False)  # one hex, whatever it costs
    assert not affordable(board, step, 2, moved=True)
    assert affordable(board, step, 3, moved=True)


def test_om2_a_step_never_costs_less_than_1_outside_road_movement() -> None:
    b = OpBuilder(3, 1)
    rows = [r.model_dump() for r in OpBuilder().build().rules.operational.terrain]  # type: ignore[union-attr]
    for row in rows:
        if row["terrain"] == "open":
            row["entry_cost"] = {"infantry": 0.5, "armour": 0.5}
    b.table(terrain=rows)
    b.unit("a", "inf", "c1r1")
    assert _cost(b, "a", "c2r1").total == 1


def test_om1_effective_mp_by_readiness_supply_and_interdiction() -> None:
    b = OpBuilder(3, 1)
    b.unit("tank", "armour", "c1r1")
    b.unit("tired", "armour", "c1r1", readiness=0)
    board, units = b.board_and_units()
    tank = units["tank"]
    assert effective_mp(board, tank, supply="move_plus") == 16
    assert effective_mp(board, tank) == 8  # Basic supply halves (OS4)
    assert effective_mp(board, units["tired"], supply="move_plus") == 8  # OU6: 0% halves MP
    half = replace(tank, readiness=50)
    assert effective_mp(board, half, supply="move_plus") == 12  # linear in between
    assert effective_mp(board, tank, supply="move_plus", interdiction=0.1) == 14  # OA11
    assert effective_mp(board, replace(tank, strength=20), supply="move_plus") == 16  # OU5
    assert effective_mp(board, tank, supply="move_plus", weather=0.5) == 8


def test_om8_road_movement_budget_by_type() -> None:
    b = OpBuilder(3, 1)
    b.unit("inf", "inf", "c1r1")
    b.unit("recce", "recce", "c1r1")
    b.unit("tank", "armour", "c1r1")
    board, units = b.board_and_units()
    assert effective_mp(board, units["inf"], supply="move_plus", mode="road") == 4
    assert effective_mp(board, units["recce"], supply="move_plus", mode="road") == 18 * 0.8
    assert effective_mp(board, units["tank"], supply="move_plus", mode="road") == 16


def test_om4_oh9_stacking_points_by_echelon_and_hex_limit() -> None:
    b = OpBuilder(3, 1).terrain("city", "c2r1").terrain("mountain", "c3r1")
    b.unit("r1", "inf", "c1r1", echelon="regiment")
    b.unit("r2", "inf", "c1r1", echelon="regiment")  # 8 SP in the hex
    b.unit("bn", "inf", "c2r1")
    b.unit("coy", "inf", "c2r1", echelon="company")
    b.unit("hq", "inf", "c3r1", echelon="regiment")
    board, units = b.board_and_units()
    assert fits(board, units.values(), units["coy"], board.index("c1r1"))  # 9 of 9
    assert not fits(board, units.values(), units["bn"], board.index("c1r1"))  # 10 of 9
    big = [replace(units["r1"], id=f"x{n}", hex=board.index("c2r1")) for n in range(4)]
    assert fits(board, [*units.values(), *big[:3]], units["bn"], board.index("c2r1"))
    assert not fits(board, [*units.values(), *big], units["bn"], board.index("c2r1"))
    assert fits(board, units.values(), units["hq"], board.index("c3r1"))  # 4 of 4.5
    assert not fits(board, units.values(), units["r1"], board.index("c3r1"))  # 4 + 4

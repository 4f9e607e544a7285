"""Zones of control: values (OM10), entry costs and their cap (OM11, OM12), sliding (OM13),
night (OW5). Small hand-made hex maps from :mod:`tests.operational.builder`."""

from __future__ import annotations

from engine.operational import OpBoard, entry_cost, movement_cost, zoc, zoc_value
from engine.operational.units import OpUnit
from tests.operational.builder import OpBuilder


def _ring(board: OpBoard, hex_id: str) -> list[str]:
    return [board.hex_ids[n] for n in board.neighbours[board.index(hex_id)].tolist() if n >= 0]


def test_om10_zoc_value_sums_sp_of_units_in_and_around_the_hex() -> None:
    b = OpBuilder(5, 3)
    b.unit("reg", "inf", "c3r2", nation="blueland", echelon="regiment")  # 4 SP
    b.unit("bn", "inf", "c4r2", nation="blueland")  # 2 SP
    board, units = b.board_and_units()
    field = zoc(board, units.values(), "blue")
    assert field.value(board.index("c3r2")) == 6  # both: c4r2 is next to c3r2
    assert field.value(board.index("c2r2")) == 4  # only the regiment reaches it
    assert field.value(board.index("c5r2")) == 2  # only the battalion
    assert field.value(board.index("c1r2")) == 0
    assert zoc(board, units.values(), "red").values.sum() == 0


def test_om10_quality_and_cut_lines_adjust_each_units_sp() -> None:
    b = OpBuilder(5, 3)
    b.unit("con", "inf", "c2r2", nation="blueland", echelon="company", quality="conscript")
    b.unit("eli", "inf", "c4r2", nation="blueland", quality="elite")
    board, units = b.board_and_units()
    # A 1-SP conscript exerts nothing; an elite battalion exerts 2 + 1.
    assert zoc_value(board, units.values(), "c2r2", "blue") == 0
    assert zoc_value(board, units.values(), "c4r2", "blue") == 3
    cut = {**units, "eli": _with(units["eli"], loc="isolated")}
    assert zoc_value(board, cut.values(), "c4r2", "blue") == 2


def test_om10_zoc_halves_at_night_and_stops_at_an_unbreached_minefield() -> None:
    b = OpBuilder(5, 1)
    b.unit("reg", "inf", "c3r1", nation="blueland", echelon="regiment")
    b.hexside("c3r1", "c4r1", "minefield")
    b.hexside("c2r1", "c3r1", "breached-minefield")
    board, units = b.board_and_units()
    assert zoc_value(board, units.values(), "c3r1", "blue", night=True) == 2
    assert zoc_value(board, units.values(), "c4r1", "blue") == 0  # behind the mines
    assert zoc_value(board, units.values(), "c2r1", "blue") == 4  # breached mines let it pass


def test_om11_entering_enemy_zoc_costs_its_value_capped_at_10() -> None:
    b = OpBuilder(5, 3)
    for n, hex_id in enumerate(["c3r2", "c2r1"]):  # both next to c2r2
        b.unit(f"d{n}", "inf", hex_id, nation="blueland", echelon="division")  # 9 SP each
    b.unit("mover", "inf", "c1r2")
    board, units = b.board_and_units()
    assert zoc_value(board, units.values(), "c2r2", "blue") == 18
    step = movement_cost(board, units.values(), units["mover"], board.index("c2r2"))
    assert step.allowed and step.zoc == 10
    assert step.total == 1.25 + 10


def test_om11_a_friendly_unit_staying_in_the_hex_lifts_the_zoc_cost() -> None:
    b = OpBuilder(5, 1)
    b.unit("foe", "inf", "c3r1", nation="blueland")
    b.unit("holder", "inf", "c2r1")
    b.unit("mover", "inf", "c1r1")
    board, units = b.board_and_units()
    target = board.index("c2r1")
    paid = movement_cost(board, units.values(), units["mover"], target)
    free = movement_cost(
        board, units.values(), units["mover"], target, staying=frozenset({"holder"})
    )
    assert paid.zoc == 2 and free.zoc == 0


def test_om12_mover_quality_and_recce_adjust_the_zoc_cost() -> None:
    """ZOC 4 costs an elite 2, a veteran 3, a regular 4, green and conscript 6; an elite
    recce 0 (the floor)."""
    b = OpBuilder(3, 1)
    b.unit("probe", "inf", "c1r1")
    board, units = b.board_and_units()
    rules = board.rules
    base = units["probe"]
    costs = {q: entry_cost(rules, _with(base, quality=q), 4) for q in _QUALITIES}
    assert costs == {"elite": 2, "veteran": 3, "regular": 4, "green": 6, "conscript": 6}
    recce = _with(base, category="recce", quality="elite")
    assert entry_cost(rules, recce, 4) == 0
    assert entry_cost(rules, _with(base, category="recce"), 4) == 2


def test_om12_the_cap_holds_after_the_movers_adjustment() -> None:
    b = OpBuilder(3, 1)
    b.unit("probe", "inf", "c1r1", quality="green")
    board, units = b.board_and_units()
    assert entry_cost(board.rules, units["probe"], 9) == 10


def test_ow5_infantry_infiltrates_at_night_for_half_the_cost() -> None:
    b = OpBuilder(3, 1)
    b.unit("leg", "inf", "c1r1")
    b.unit("tank", "armour", "c1r1")
    board, units = b.board_and_units()
    assert entry_cost(board.rules, units["leg"], 4, night=True) == 2
    assert entry_cost(board.rules, units["tank"], 4, night=True) == 4


def test_om13_no_sliding_along_one_enemy_units_zone() -> None:
    b = OpBuilder(5, 3)
    b.unit("foe", "inf", "c3r2", nation="blueland")
    board, units = b.board_and_units()
    ring = _ring(board, "c3r2")
    # Two hexes around the foe that touch each other: both in its zone only.
    a, c = next(
        (x, y)
        for x in ring
        for y in ring
        if x != y and board.hexside(board.index(x), board.index(y)) is not None
    )
    b.unit("mover", "inf", a)
    board, units = b.board_and_units()
    step = movement_cost(board, units.values(), units["mover"], board.index(c))
    assert not step.allowed and "OM13" in step.reason


def test_om13_zoc_to_zoc_is_allowed_into_another_enemy_units_zone() -> None:
    b = OpBuilder(7, 1)
    b.unit("foe1", "inf", "c2r1", nation="blueland")
    b.unit("foe2", "inf", "c5r1", nation="blueland")
    b.unit("mover", "inf", "c3r1")
    board, units = b.board_and_units()
    step = movement_cost(board, units.values(), units["mover"], board.index("c4r1"))
    assert step.allowed and step.zoc == 2


_QUALITIES = ("conscript", "green", "regular", "veteran", "elite")


def _with(unit: OpUnit, **changes: object) -> OpUnit:
    from dataclasses import replace

    return replace(unit, **changes)  # type: ignore[arg-type]

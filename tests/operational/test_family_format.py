"""A scenario chooses its rules family (``rules.family``); the operational family's tables
live in ``rules.operational`` with the checklist's numbers as defaults, and validation says
where an operational scenario lacks what the family needs."""

from __future__ import annotations

import json

from schemas import dumps, load_text
from schemas.issues import Issue
from tests.engine.builder import Builder
from tests.operational.builder import OpBuilder


def _issues(raw: dict[str, object]) -> list[Issue]:
    result = load_text(json.dumps(raw))
    return result.issues


def test_area_is_the_default_family_and_has_no_operational_tables() -> None:
    scenario = Builder().build()
    assert scenario.rules.family == "area" and scenario.rules.operational is None


def test_an_operational_scenario_gets_every_table_with_the_checklists_defaults() -> None:
    rules = OpBuilder().build().rules.operational
    assert rules is not None
    woods = rules.terrain_row("woods")
    assert woods is not None and woods.entry_cost.infantry == 3  # Table OH3
    assert (woods.defence.infantry, woods.defence.armour, woods.attack.armour) == (1.5, 0.5, 0.5)
    minefield = rules.hexside_row("minefield")
    assert minefield is not None and minefield.attack == 0.25 and minefield.blocks_zoc
    assert rules.stacking.regiment == 4 and rules.stacking.hq == 1  # Table OM4
    assert rules.quality.elite.rest_gain == 28 and rules.quality.conscript.destroyed_below == 25
    assert rules.zoc.entry_cap == 10


def test_the_tables_are_written_in_full_and_read_back_unchanged() -> None:
    scenario = OpBuilder().build()
    text = dumps(scenario)
    assert '"family": "operational"' in text and '"entry_cap": 10.0' in text
    again = load_text(text).scenario
    assert again == scenario and dumps(again) == text


def test_operational_needs_a_hex_map_and_wego_turns() -> None:
    b = Builder()
    b.raw["rules"] = {"family": "operational"}
    codes = {(i.code, i.path) for i in _issues(b.raw)}
    assert ("operational-needs-hex-map", "/rules/family") in codes
    assert ("operational-needs-wego", "/calendar/turn_system") in codes


def test_terrain_hexsides_and_unit_types_without_rows_are_located() -> None:
    b = OpBuilder(4, 2)
    b.raw["terrain"].append({"id": "swamp", "name": "Swamp"})
    b.terrain("swamp", "c2r1")
    b.hexside("c1r1", "c2r1", "impassable")
    b.raw["unit_types"].append({"id": "plain", "name": "Plain"})
    b.unit("x", "plain", "c1r1")
    found = {(i.code, i.path, i.entity) for i in _issues(b.raw)}
    assert ("operational-terrain-missing", "/hex_map/terrain/swamp", "swamp") in found
    assert ("operational-hexside-missing", "/hex_map/hexsides/impassable", "impassable") in found
    index = len(b.raw["unit_types"]) - 1
    assert ("operational-type-missing", f"/unit_types/{index}", "plain") in found


def test_a_complete_operational_scenario_is_clean() -> None:
    b = OpBuilder(4, 2)
    b.unit("t", "armour", "c1r1")
    assert [i for i in _issues(b.raw) if i.is_error] == []


def test_operational_tables_in_an_area_scenario_are_reported_unused() -> None:
    b = Builder()
    b.raw["rules"] = {"operational": {}}
    assert any(i.code == "operational-unused" for i in _issues(b.raw))


def test_a_results_table_of_the_wrong_shape_is_refused_where_it_is() -> None:
    b = OpBuilder()
    b.table("combat", "results", columns=[1.0, 2.0])
    issues = [i for i in _issues(b.raw) if i.is_error]
    assert issues and all(i.path.startswith("/rules/operational/combat/results") for i in issues)


def test_a_terrain_listed_twice_is_refused() -> None:
    b = OpBuilder()
    rows = [r.model_dump() for r in OpBuilder().build().rules.operational.terrain]  # type: ignore[union-attr]
    b.table(terrain=[*rows, rows[0]])
    issues = [i for i in _issues(b.raw) if i.is_error]
    assert any("two rows" in i.message for i in issues)


def test_units_in_a_structure_stand_on_its_hex() -> None:
    from engine.operational import OpBoard, units_of

    b = OpBuilder(4, 2)
    b.structure("kalach", "c2r1", kind="city")
    b.raw["units"].append(
        {"id": "garrison", "type": "inf", "nation": "redland", "location": {"structure": "kalach"}}
    )
    scenario = b.build()
    board = OpBoard.of(scenario)
    assert units_of(scenario, board)["garrison"].hex == board.index("c2r1")

"""The operational ZOC benchmark keeps running (on a small map; the real one is timed by
benchmarks/run.py), and the whole-map numpy computation it times gives, hex by hex, what the
rule says (OM10) when counted unit by unit."""

from __future__ import annotations

import json

from engine.operational import OpBoard, units_of, zoc
from engine.operational.zoc import exerted
from schemas.io import load_text
from tests.benchmark_scripts import load_script


def test_the_benchmark_runs_on_a_small_map() -> None:
    found = load_script("operational_zoc").bench(repeats=1, columns=12, rows=10, units=40)
    assert found["hexes"] == 120 and found["units"] == 40
    assert 0 < found["hexes_in_zoc"] < 120


def test_om10_the_whole_map_field_equals_a_unit_by_unit_count() -> None:
    raw = load_script("operational_zoc").scenario_raw(columns=14, rows=12, units=60)
    scenario = load_text(json.dumps(raw)).scenario
    assert scenario is not None
    board = OpBoard.of(scenario)
    units = list(units_of(scenario, board).values())
    for side in ("red", "blue"):
        field = zoc(board, units, side)
        for hex_index in range(board.grid.count):
            expected = 0.0
            for unit in units:
                if unit.side != side:
                    continue
                if unit.hex == hex_index:
                    expected += exerted(board.rules, unit)
                    continue
                direction = board.grid.direction_to(hex_index, unit.hex)
                if direction is not None and not board.zoc_blocked[hex_index, direction]:
                    expected += exerted(board.rules, unit)
            assert field.value(hex_index) == expected, board.hex_ids[hex_index]

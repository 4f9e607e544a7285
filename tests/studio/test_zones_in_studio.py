"""Setup and fixed zones in the studio (issue 15, OT1, OM20): the hex inspector shows a hex's
zones and edits them (operational scenarios only, unless a hex has one), the hex map's form
leaves them to the brush, and the brush's bar offers a zone per side and the fixed zones in
use with a fresh name."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtTest import QTest

from editor.studio.hex_tools import fixed_zone_names
from tests.operational.builder import OpBuilder


def zoned() -> OpBuilder:
    b = OpBuilder(columns=8, rows=5)
    b.raw["hex_map"]["setup_zones"] = {"red": ["c1r1*2"]}
    b.raw["hex_map"]["fixed_zones"] = {"pocket": ["c5r2*2"]}
    b.unit("guard", "inf", "c5r2", fixed={"zone": "pocket", "whole_game": True})
    b.unit("late", "inf", "c6r4", nation="blueland", fixed={"zone": "ridge", "whole_game": True})
    return b


@pytest.fixture
def zone_studio(studio: Any, tmp_path: Path) -> Any:
    path = tmp_path / "zones.json"
    path.write_text(json.dumps(zoned().raw), encoding="utf-8")
    assert studio.files.open_path(path, ask=False)
    QTest.qWait(20)
    return studio


def test_ot1_om20_the_hex_inspector_shows_and_sets_a_hexs_zones(zone_studio: Any) -> None:
    studio = zone_studio
    document = studio.document
    document.select("regions", ["c1r1"])
    page = studio.inspector.hex_page
    assert page.facts.current.setup_zone == "red"
    assert page.facts.current.fixed_zone is None
    assert page.facts.rows["setup_zone"].isVisibleTo(page)
    page.facts.edited.emit(page.facts.current.model_copy(update={"fixed_zone": "pocket"}))
    assert document.scenario.hex_map.fixed_zones["pocket"][0] == "c1r1"
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.scenario.hex_map.fixed_zones == {"pocket": ["c5r2*2"]}


def test_the_hex_map_form_leaves_the_zones_to_the_brush(zone_studio: Any) -> None:
    studio = zone_studio
    studio.document.select("hex_map", [])
    form = studio.inspector.forms["hex_map"]
    assert form.isVisibleTo(studio.inspector) and "columns" in form.rows
    assert "setup_zones" not in form.rows and "fixed_zones" not in form.rows


def test_om20_the_brush_offers_the_fixed_zones_in_use_and_a_fresh_one() -> None:
    scenario = OpBuilder(columns=8, rows=5).build()
    assert fixed_zone_names(scenario) == ["zone-1"]
    b = zoned()
    b.raw["hex_map"]["fixed_zones"]["ridge"] = ["c6r4"]
    assert fixed_zone_names(b.build()) == ["pocket", "ridge", "zone-1"]


def test_ot1_the_brush_bar_offers_a_setup_zone_per_side(zone_studio: Any) -> None:
    studio = zone_studio
    bar = studio.hex_options
    bar.layer.setCurrentIndex(bar.layer.findData("setup_zones"))
    texts = [bar.value.itemText(i) for i in range(bar.value.count())]
    assert texts == ["No setup zone", "Setup zone of Red", "Setup zone of Blue"]
    bar.layer.setCurrentIndex(bar.layer.findData("fixed_zones"))
    texts = [bar.value.itemText(i) for i in range(bar.value.count())]
    assert texts == ["No fixed zone", "Fixed zone pocket", "Fixed zone ridge", "Fixed zone zone-1"]

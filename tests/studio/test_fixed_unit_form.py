"""A unit's fixed status in its form (issue 15, OU1, OM20): the operational values of a unit
hold a "fixed" group with its zone, release turn, release by an enemy next to it and the
whole-game mark, showing the unit's own values."""

from __future__ import annotations

from typing import Any

from editor.studio.document import ScenarioDocument
from editor.studio.forms.context import studio_context
from editor.studio.forms.model_form import ModelEditor
from schemas.units import Unit
from tests.operational.builder import OpBuilder


def test_om20_a_units_form_shows_and_gives_back_its_fixed_status(qtbot: Any) -> None:
    b = OpBuilder(columns=6, rows=3)
    b.raw["hex_map"]["fixed_zones"] = {"pocket": ["c1r1*2"]}
    b.unit("guard", "inf", "c1r1", fixed={"zone": "pocket", "until_turn": 3})
    document = ScenarioDocument(b.build())
    form = ModelEditor(Unit, studio_context(document))
    qtbot.addWidget(form)
    unit = document.get("units", "guard")
    form.set_value(unit)
    operational = form.rows["operational"]
    assert isinstance(operational, ModelEditor)
    fixed = operational.rows["fixed"]
    assert isinstance(fixed, ModelEditor)
    assert set(fixed.rows) == {"zone", "until_turn", "on_enemy_adjacent", "whole_game"}
    assert fixed.value() == unit.operational.fixed
    assert form.value() == unit

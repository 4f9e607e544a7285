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


def _zone_picker(qtbot: Any) -> tuple[ScenarioDocument, Any]:
    """The inspector on a fixed guard whose zone is ``pocket``, with a second zone ``ridge``
    painted; the guard's zone picker."""
    from editor.studio.forms.zone_picker import ZonePicker
    from editor.studio.panels.inspector import Inspector

    b = OpBuilder(columns=6, rows=3)
    b.raw["hex_map"]["fixed_zones"] = {"pocket": ["c1r1*2"], "ridge": ["c1r3"]}
    b.unit("guard", "inf", "c1r1", fixed={"zone": "pocket", "until_turn": 3})
    document = ScenarioDocument(b.build())
    inspector = Inspector(document)
    qtbot.addWidget(inspector)
    inspector.show()
    document.select("units", ["guard"])
    form = inspector.forms["units"]
    picker = form.rows["operational"].rows["fixed"].rows["zone"]
    assert isinstance(picker, ZonePicker)
    return document, picker


def _pick(picker: Any, text: str) -> None:
    """Choose an entry of the picker as a click on it does."""
    index = picker.offered().index(text)
    picker.box.setCurrentIndex(index)
    picker.box.activated.emit(index)


def test_om20_a_fixed_units_zone_is_picked_from_the_zones_in_use_as_one_undo_step(
    qtbot: Any,
) -> None:
    from editor.studio.forms.zone_picker import NEW_ZONE, NO_ZONE

    document, picker = _zone_picker(qtbot)
    assert picker.offered() == [NO_ZONE, "pocket", "ridge", NEW_ZONE]
    assert picker.box.currentText() == "pocket"
    _pick(picker, "ridge")
    fixed = document.get("units", "guard").operational.fixed
    assert fixed.zone == "ridge" and fixed.until_turn == 3
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.get("units", "guard").operational.fixed.zone == "pocket"
    _pick(picker, NO_ZONE)
    assert document.get("units", "guard").operational.fixed.zone is None


def test_om20_a_new_zone_is_named_and_a_bad_name_asked_again(qtbot: Any) -> None:
    from editor.studio.forms.zone_picker import NEW_ZONE

    document, picker = _zone_picker(qtbot)
    asked: list[tuple[str, str]] = []
    answers = iter(["Bad Name!", "east-wood"])

    def ask(_parent: Any, suggested: str, problem: str) -> str | None:
        asked.append((suggested, problem))
        return next(answers)

    picker.ask = ask
    _pick(picker, NEW_ZONE)
    assert asked[0] == ("zone-1", "")
    assert asked[1][0] == "Bad Name!" and "cannot name a zone" in asked[1][1]
    assert document.get("units", "guard").operational.fixed.zone == "east-wood"
    assert document.undo_stack.count() == 1
    # Cancelling a new zone keeps the unit's zone, and edits nothing.
    picker.ask = lambda _p, _s, _q: None
    _pick(picker, NEW_ZONE)
    assert document.get("units", "guard").operational.fixed.zone == "east-wood"
    assert document.undo_stack.count() == 1 and picker.box.currentText() == "east-wood"

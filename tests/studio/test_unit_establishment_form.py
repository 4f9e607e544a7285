"""A unit's own men, guns and vehicles in its form (issue 15, OU1): the operational values of
a unit hold three optional counts, "(none)" while the establishment table decides, and what
the designer types reaches the unit."""

from __future__ import annotations

from typing import Any

from editor.studio.document import ScenarioDocument
from editor.studio.forms.context import studio_context
from editor.studio.forms.model_form import ModelEditor
from editor.studio.forms.numbers import IntEditor
from schemas.units import Unit
from tests.operational.builder import OpBuilder


def test_ou1_a_units_form_edits_its_own_men_guns_and_vehicles(qtbot: Any) -> None:
    b = OpBuilder(columns=4, rows=2)
    b.unit("guard", "inf", "c1r1", guns=12)
    document = ScenarioDocument(b.build())
    form = ModelEditor(Unit, studio_context(document))
    qtbot.addWidget(form)
    form.set_value(document.get("units", "guard"))
    operational = form.rows["operational"]
    assert isinstance(operational, ModelEditor)
    boxes = {name: operational.rows[name] for name in ("personnel", "guns", "vehicles")}
    assert all(isinstance(box, IntEditor) for box in boxes.values())
    assert boxes["guns"].value() == 12
    assert boxes["personnel"].value() is None  # not given: the table's figure
    seen: list[Any] = []
    form.edited.connect(seen.append)
    boxes["personnel"].box.setValue(3000)  # type: ignore[attr-defined]
    assert seen[-1].operational.personnel == 3000
    boxes["guns"].set_value(None)
    boxes["guns"].edited.emit(None)
    assert seen[-1].operational.guns is None
    assert seen[-1].operational.personnel == 3000

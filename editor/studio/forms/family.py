"""Fields of a form that only one rules family reads.

A unit's and a unit type's ``operational`` values (quality, readiness, echelon; category,
factors, MP) mean nothing to the area rules, so their forms show them only when the scenario
plays the operational family (``rules.family``); a value set anyway stays visible, so nothing
in the file is ever out of sight.
"""

from __future__ import annotations

from typing import Any

from editor.studio.forms.model_form import ModelEditor
from schemas.scenario import Scenario

FAMILY_FIELDS: dict[str, str] = {"operational": "operational"}
"""Field name -> the rules family that reads it."""


def show_family_fields(form: ModelEditor, scenario: Scenario, value: Any = None) -> None:
    """Hide the rows of ``form`` that the scenario's rules family does not read."""
    family = scenario.rules.family
    for name, owner in FAMILY_FIELDS.items():
        if name not in form.rows:
            continue
        held = value is not None and getattr(value, name, None) is not None
        form.set_row_visible(name, owner == family or held)

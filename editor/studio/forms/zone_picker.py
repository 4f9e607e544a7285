"""The fixed zone of a fixed unit (OM20), picked from a list rather than typed.

A unit's ``operational.fixed.zone`` names one of the map's fixed zones (``hex_map.
fixed_zones``). :class:`ZonePicker` offers "No zone" (the unit stays in its hex), every zone
in use (painted on the map or named by a fixed unit) and "New zone…", which asks for a name
and checks it is one the format takes. The pick is an ordinary edit of the unit's form, so it
is one undo step like every other field.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pydantic.fields import FieldInfo
from PySide6.QtWidgets import QHBoxLayout, QInputDialog, QWidget

from editor.shared.widgets import form_combo
from editor.studio.forms.field_types import unwrap
from editor.studio.forms.fields import MIXED_LABEL, ValueEditor
from schemas.base import SLUG_PATTERN
from schemas.scenario import Scenario

NO_ZONE = "No zone: stays in its hex"
NEW_ZONE = "New zone…"


def zones_in_use(scenario: Scenario) -> list[str]:
    """The fixed zones the map paints, then those fixed units name that it does not (OM20)."""
    hex_map = scenario.hex_map
    names = list(hex_map.fixed_zones) if hex_map is not None else []
    for unit in scenario.units:
        fixed = unit.operational.fixed if unit.operational is not None else None
        if fixed is not None and fixed.zone and fixed.zone not in names:
            names.append(fixed.zone)
    return names


def fresh_zone(names: list[str]) -> str:
    """A zone name no zone has yet (``zone-1``, ``zone-2``...)."""
    fresh = 1
    while f"zone-{fresh}" in names:
        fresh += 1
    return f"zone-{fresh}"


def ask_zone_name(parent: QWidget, suggested: str, problem: str) -> str | None:
    """Ask the designer for a new zone's name (``None``: cancelled); ``problem``: what was
    wrong with the name given before, said above the question."""
    question = (
        "Name of the new fixed zone (lowercase letters, digits, - and _);\n"
        "paint its hexes with the brush's fixed-zone layer:"
    )
    text, ok = QInputDialog.getText(
        parent,
        "New fixed zone",
        f"{problem}\n\n{question}" if problem else question,
        text=suggested,
    )
    return text if ok else None


class ZonePicker(ValueEditor):
    """A fixed unit's zone: none, one in use, or a new one (see the module)."""

    def __init__(self, zones: Callable[[], list[str]]) -> None:
        super().__init__()
        self.zones = zones
        self.ask: Callable[[QWidget, str, str], str | None] = ask_zone_name
        """How a new zone's name is asked for (a test answers without a dialog)."""
        self.box = form_combo()
        self.box.setToolTip(
            "The fixed zone the unit may move inside (OM20): one painted on the map or named "
            "by another unit, or a new one"
        )
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.box)
        self._value: str | None = None
        self._names: list[str] = []
        self.box.activated.connect(self._picked)

    def offered(self) -> list[str]:
        """The entries as the designer reads them."""
        return [self.box.itemText(i) for i in range(self.box.count())]

    def _fill(self) -> None:
        names = self.zones()
        if self._value is not None and self._value not in names:
            names = [*names, self._value]
        self._names = names
        self.box.blockSignals(True)
        self.box.clear()
        self.box.addItems([NO_ZONE, *names, NEW_ZONE])
        at = 0 if self._value is None else 1 + names.index(self._value)
        self.box.setCurrentIndex(at)
        self.box.blockSignals(False)

    def _picked(self, index: int) -> None:
        if index == 0:
            self._choose(None)
        elif index <= len(self._names):
            self._choose(self._names[index - 1])
        else:
            self._new_zone()

    def _new_zone(self) -> None:
        suggested, problem = fresh_zone(self._names), ""
        while True:
            answer = self.ask(self, suggested, problem)
            name = (answer or "").strip()
            if not name:
                self._fill()  # cancelled: the unit keeps its zone
                return
            if re.fullmatch(SLUG_PATTERN, name):
                self._choose(name)
                return
            # Asked again, saying why, until a name the format takes or a cancel.
            suggested = name
            problem = (
                f"'{name}' cannot name a zone: use lowercase letters, digits, - and _, "
                "starting with a letter or a digit, at most 64 characters."
            )

    def _choose(self, value: str | None) -> None:
        changed = value != self._value
        self._value = value
        self._fill()
        if changed:
            self.edited.emit(value)

    def value(self) -> str | None:
        return self._value

    def set_value(self, value: Any) -> None:
        self._value = str(value) if value else None
        self._fill()

    def show_mixed(self) -> bool:
        self.box.blockSignals(True)
        self.box.setCurrentIndex(-1)
        self.box.setPlaceholderText(MIXED_LABEL)
        self.box.blockSignals(False)
        return True


def is_fixed_zone(name: str, info: FieldInfo | None) -> bool:
    """The ``zone`` of a unit's fixed status: the one field that names a fixed zone."""
    description = (info.description or "") if info is not None else ""
    return name == "zone" and "fixed_zones" in description


def zone_factory(name: str, annotation: Any, info: FieldInfo | None, context: Any) -> Any:
    """A ``FormContext`` factory: a fixed unit's zone picked from the zones in use."""
    core, _, _ = unwrap(annotation)
    return ZonePicker(context.zones) if core is str and is_fixed_zone(name, info) else None


__all__ = ["NEW_ZONE", "NO_ZONE", "ZonePicker", "fresh_zone", "zone_factory", "zones_in_use"]

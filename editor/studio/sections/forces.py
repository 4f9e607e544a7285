"""Units and leaders: who is in the scenario and where each starts.

A start position is a region, or a structure inside one (a garrison sheltered in a fort); a
unit with none waits off the board for a reinforcement. The "Start" column shows and edits it
as text (a region's id, or ``⌂`` and a structure's id) so whole columns can be pasted. Stacks
can also be dragged on the map; both edit the same field.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from editor.shared.widgets import set_muted
from editor.studio.document import Change, ScenarioDocument
from editor.studio.sections.columns import NONE_TEXT, Column
from editor.studio.sections.tables import FormTable
from schemas.units import Location

STRUCTURE_MARK = "⌂ "
"""Prefix of a structure in the Start column (region and structure ids may be the same)."""

PLACING_HINT = (
    "Place a unit by choosing its Start (a region, or ⌂ a structure) or by dragging its stack "
    "on the map. Units without a start position wait for a reinforcement. Selecting rows "
    "selects their stacks on the map."
)


class LocationColumn(Column):
    """The start position of a unit or leader: ``null``, a region, or a structure."""

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__(
            key="location",
            title="Start",
            kind="choice",
            optional=True,
            tip="Start position: a region, or ⌂ a structure (which fixes the region); "
            "empty for units that arrive as reinforcements.",
            depends=("structures",),
            document=document,
        )

    def text(self, value: Any) -> str:
        if value is None:
            return ""
        if value.structure is not None:
            return STRUCTURE_MARK + value.structure
        return str(value.region)

    def display(self, value: Any) -> str:
        if value is None:
            return f"{NONE_TEXT} not placed"
        if value.structure is not None:
            return STRUCTURE_MARK + self._name("structures", value.structure)
        return self._name("regions", value.region)

    def _name(self, section: str, entity_id: str) -> str:
        entity = self.document.get(section, entity_id) if self.document else None
        return getattr(entity, "name", "") or entity_id

    def _label(self, section: str, entity_id: str) -> str:
        name = self._name(section, entity_id)
        return name if name == entity_id else f"{name} ({entity_id})"

    def label(self, value: Any) -> str:
        if value is None:
            return NONE_TEXT
        if value.structure is not None:
            return STRUCTURE_MARK + self._label("structures", value.structure)
        return self._label("regions", value.region)

    def options(self) -> list[str]:
        return [
            NONE_TEXT,
            *(STRUCTURE_MARK + self._label("structures", s) for s in self._ids("structures")),
            *(self._label("regions", r) for r in self._ids("regions")),
        ]

    def parse(self, text: str) -> Location | None:
        """A start position from its id, its label or its name (``⌂`` for a structure)."""
        text = text.strip()
        if text.lower() in ("", NONE_TEXT, f"{NONE_TEXT} not placed", "null", "none"):
            return None
        for prefix in (STRUCTURE_MARK.strip(), "structure:"):
            if text.startswith(prefix):
                name = text.removeprefix(prefix).strip()
                found = self._find("structures", name)
                if found is None:
                    raise ValueError(f"there is no structure '{name}'")
                return Location(structure=found)
        name = text.removeprefix("region:").strip()
        found = self._find("regions", name)
        if found is None:
            raise ValueError(f"there is no region '{name}'")
        return Location(region=found)

    def _find(self, section: str, text: str) -> str | None:
        ids = self._ids(section)
        if text in ids:
            return text
        needle = text.lower()
        for entity_id in ids:
            if needle == self._label(section, entity_id).lower():
                return entity_id
        named = [i for i in ids if self._name(section, i).lower() == needle]
        return named[0] if len(named) == 1 else None

    def describe(self, value: Any) -> str:
        if value is None or self.document is None:
            return self.tip
        if value.structure is not None:
            structure = self.document.get("structures", value.structure)
            if structure is None:
                return f"structure '{value.structure}' not found"
            region = self.document.get("regions", structure.region)
            where = region.name if region is not None else structure.region
            return f"In {structure.name} ({structure.kind}), region {where}"
        region = self.document.get("regions", value.region)
        return f"Region {region.name}" if region is not None else f"'{value.region}' not found"


UNIT_COLUMNS = ("id", "name", "type", "nation", "strength", "location", "entrenched")
LEADER_COLUMNS = (
    "id",
    "name",
    "nation",
    "rank",
    "hierarchy",
    "attack",
    "defence",
    "morale",
    "movement",
    "stacking",
    "breakthrough",
    "siege",
    "location",
)
TITLES = {
    "attack": "Att",
    "defence": "Def",
    "morale": "Mor",
    "movement": "MP",
    "hierarchy": "Seniority",
    "stacking": "Stack",
    "breakthrough": "Break",
    "entrenched": "Dug in",
}


def _with_location(names: tuple[str, ...], document: ScenarioDocument) -> list[str | Column]:
    return [LocationColumn(document) if n == "location" else n for n in names]


class ForcesEditor(QWidget):
    """Units and leaders, filtered by side or nation, with their start positions."""

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__()
        self.document = document
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        hint = QLabel(PLACING_HINT)
        hint.setWordWrap(True)
        set_muted(hint)
        layout.addWidget(hint)
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Show"))
        self.nation = QComboBox()
        self.nation.setToolTip("Show the units and leaders of one side or nation")
        self.nation.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.nation.activated.connect(lambda _i: self._apply_filter())
        bar.addWidget(self.nation)
        self.unplaced = QCheckBox("Not placed only")
        self.unplaced.setToolTip("Show only units and leaders without a start position")
        self.unplaced.toggled.connect(lambda _on: self._apply_filter())
        bar.addWidget(self.unplaced)
        bar.addStretch(1)
        layout.addLayout(bar)
        self.units = FormTable(
            document, "units", _with_location(UNIT_COLUMNS, document), titles=TITLES
        )
        self.leaders = FormTable(
            document, "leaders", _with_location(LEADER_COLUMNS, document), titles=TITLES
        )
        self.tabs = QTabWidget()
        self.tabs.addTab(self.units, "Units")
        self.tabs.addTab(self.leaders, "Leaders")
        layout.addWidget(self.tabs, 1)
        document.changed.connect(self._on_change)
        self._fill_nations()

    def _fill_nations(self) -> None:
        current = self.nation.currentData()
        self.nation.clear()
        self.nation.addItem("All sides and nations", None)
        for side in self.document.items("sides"):
            self.nation.addItem(f"{side.name} (side)", f"side:{side.id}")
            for nation in self.document.items("nations"):
                if nation.side == side.id:
                    indent = "      " if nation.parent else "   "
                    self.nation.addItem(f"{indent}{nation.name}", f"nation:{nation.id}")
        index = self.nation.findData(current)
        self.nation.setCurrentIndex(max(index, 0))
        self._apply_filter()

    def show_only(self, kind: str, entity_id: str) -> None:
        """Filter to a side's or a nation's forces (``kind`` is ``side`` or ``nation``)."""
        self.nation.setCurrentIndex(max(self.nation.findData(f"{kind}:{entity_id}"), 0))
        self._apply_filter()

    def _apply_filter(self) -> None:
        chosen = self.nation.currentData()
        nations: set[str] | None = None
        if chosen is not None:
            kind, wanted = str(chosen).split(":", 1)
            nations = {
                n.id
                for n in self.document.items("nations")
                if (n.side if kind == "side" else n.id) == wanted
            }
        unplaced = self.unplaced.isChecked()

        def keep(entity: BaseModel) -> bool:
            if nations is not None and getattr(entity, "nation", None) not in nations:
                return False
            return not unplaced or getattr(entity, "location", None) is None

        every = nations is None and not unplaced
        for table in (self.units, self.leaders):
            table.set_row_filter(None if every else keep)

    def _on_change(self, change: Change) -> None:
        if change.section in ("sides", "nations"):
            self._fill_nations()
        elif self.unplaced.isChecked() and change.section in ("units", "leaders"):
            self._apply_filter()


__all__ = ["ForcesEditor", "LocationColumn"]

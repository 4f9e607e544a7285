"""Areas and theatres, and which regions make up each area.

The format links them upwards: a region names its ``area``, an area names its ``theatre``. A
designer thinks the other way ("North Bank is these regions"), so the selected area's regions
are a checklist: ticking a region moves it into the area (out of any other), unticking leaves
it in none. Each click is one undoable edit of the regions concerned.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from editor.studio.document import Change, ScenarioDocument
from editor.studio.forms.checklist import ChecklistEditor
from editor.studio.sections.columns import Column
from editor.studio.sections.table import EntityTable
from editor.studio.sections.tables import FormTable, titled


class MemberCountColumn(Column):
    """How many regions name the area (read only: membership is edited in the checklist)."""

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__(
            key="regions",
            title="Regions",
            kind="int",
            editable=False,
            tip="Regions of the area; tick them in the list beside the table.",
            depends=("regions",),
            document=document,
        )
        self._counts: dict[str, int] | None = None
        document.changed.connect(self._forget)

    def _forget(self, change: Change) -> None:
        if change.section == "regions":
            self._counts = None

    def value(self, entity: BaseModel) -> int:
        if self._counts is None:
            self._counts = {}
            for region in self.document.items("regions") if self.document else []:
                if region.area is not None:
                    self._counts[region.area] = self._counts.get(region.area, 0) + 1
        return self._counts.get(str(entity.id), 0)  # type: ignore[attr-defined]


class MembershipPanel(QWidget):
    """The regions of one area, as a filterable checklist."""

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__()
        self.document = document
        self.area: str | None = None
        self._snapshot: Any = None
        self._stale = True
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel()
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        layout.addWidget(self.title)
        self.checklist = ChecklistEditor(rows=None, chips=False)  # a filterable list, always
        self.checklist.setToolTip(
            "Tick the regions of the area; a region belongs to one area at most, so ticking "
            "it here takes it out of its other area."
        )
        self.checklist.edited.connect(self._edited)
        layout.addWidget(self.checklist, 1)
        row = QHBoxLayout()
        self.select_button = QPushButton("Select on map")
        self.select_button.setToolTip("Select the area's regions (on the map and in lists)")
        self.select_button.clicked.connect(self.select_on_map)
        row.addWidget(self.select_button)
        row.addStretch(1)
        layout.addLayout(row)
        document.changed.connect(self._on_change)
        self.show_area(None)

    def members(self) -> list[str]:
        return [r.id for r in self.document.items("regions") if r.area == self.area]

    def show_area(self, area_id: str | None) -> None:
        area = self.document.get("areas", area_id) if area_id else None
        self.area = area.id if area is not None else None
        self.checklist.setEnabled(area is not None)
        self.select_button.setEnabled(area is not None)
        self.title.setText(
            f"Regions of {area.name}" if area is not None else "Select an area to see its regions"
        )
        self.refresh()

    def refresh(self, force: bool = False) -> None:
        """Rebuild the list when the regions' names or areas changed (not for each vertex
        moved on a large map), and only while the panel is shown."""
        if not self.isVisible() and not force:
            self._stale = True
            return
        regions = self.document.items("regions")
        names = {a.id: a.name for a in self.document.items("areas")}
        snapshot = (self.area, names, [(r.id, r.name, r.area) for r in regions])
        if snapshot == self._snapshot:
            return
        self._snapshot, self._stale = snapshot, False
        labels = {}
        for region in regions:
            label = f"{region.name} ({region.id})"
            if region.area is not None and region.area != self.area:
                label += f"  · {names.get(region.area, region.area)}"
            labels[region.id] = label
        self.checklist.blockSignals(True)
        self.checklist.set_choices([r.id for r in regions])
        self.checklist.set_labels(labels)
        self.checklist.set_value(self.members() if self.area is not None else [])
        self.checklist.blockSignals(False)

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        if self._stale:
            self.refresh()

    def _on_change(self, change: Change) -> None:
        if change.section in ("regions", "areas"):
            self.show_area(self.area)

    def _edited(self, ticked: list[Any]) -> None:
        if self.area is None:
            return
        before, after = set(self.members()), set(ticked)
        added, removed = after - before, before - after
        if not added and not removed:
            return
        text = f"Regions of {self.area}: {len(added)} added, {len(removed)} removed"
        with self.document.macro(text):
            for region_id in sorted(added):
                self.document.set_field("regions", region_id, ["area"], self.area)
            for region_id in sorted(removed):
                self.document.set_field("regions", region_id, ["area"], None)

    def select_on_map(self) -> None:
        if self.area is not None:
            self.document.select("regions", self.members())


class AreasTable(FormTable):
    """Areas with their theatre and colour; the membership panel follows its selection."""

    def __init__(self, document: ScenarioDocument, panel: MembershipPanel) -> None:
        self.panel = panel
        super().__init__(
            document,
            "areas",
            ["color", "id", "name", "theatre", MemberCountColumn(document)],
        )

    def rows_selected(self, ids: list[str]) -> None:
        super().rows_selected(ids)
        self.panel.show_area(ids[0] if ids else None)


class AreasEditor(QWidget):
    """Theatres, areas, and the regions of the selected area."""

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__()
        self.document = document
        self.membership = MembershipPanel(document)
        self.theatres = EntityTable(document, "theatres", ["color", "id", "name"])
        self.areas = AreasTable(document, self.membership)
        tables = QSplitter(Qt.Orientation.Vertical)
        tables.setChildrenCollapsible(False)
        tables.addWidget(titled("Theatres", self.theatres))
        tables.addWidget(titled("Areas", self.areas))
        tables.setSizes([150, 450])
        splitter = QSplitter()
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(tables)
        splitter.addWidget(self.membership)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(splitter)

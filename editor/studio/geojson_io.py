"""GeoJSON in the studio: export the regions, and import them back through a preview.

The conversion itself lives in :mod:`schemas.geojson` (no Qt); this module reads and writes
files, shows the designer what an import will do before it does it, and applies the import
as one undoable step.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.studio.document import ScenarioDocument
from schemas.geojson import (
    ImportResult,
    PropertyMapping,
    geojson_text,
    import_regions,
    property_names,
)
from schemas.io import parse_json, write_atomic
from schemas.issues import Issue

BULK = 100
"""Above this many regions an import replaces the region list in one go: the map then
rebuilds once instead of once per region."""

FIELDS = ("id", "name", "terrain", "owner")
"""Region fields whose property the designer chooses."""

NONE = "(none)"


@dataclass
class ImportSummary:
    """What an import did."""

    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    issues: list[Issue] = field(default_factory=list)


def export_geojson(document: ScenarioDocument, path: str | os.PathLike[str]) -> None:
    """Write every region of the document to a GeoJSON file, atomically."""
    write_atomic(path, geojson_text(document.scenario).encode("utf-8"))


def read_geojson(path: str | os.PathLike[str]) -> tuple[Any, list[Issue]]:
    """The parsed file, or the encoding and syntax issues that stop it being read.

    Raises ``OSError`` when the file cannot be opened at all.
    """
    return parse_json(Path(path).read_bytes())


def apply_import(document: ScenarioDocument, result: ImportResult, text: str) -> None:
    """Add and update the regions of an import as one undoable step, then select them."""
    if not (result.added or result.updated):
        return
    if len(result.added) + len(result.updated) > BULK:
        updated = {region.id: region for region in result.updated}
        regions = [updated.get(r.id, r) for r in document.items("regions")]
        document.set_section("regions", [*regions, *result.added], text)
    else:
        with document.macro(text):
            for region in result.updated:
                document.replace("regions", region)
            for region in result.added:
                document.add("regions", region)
    document.select("regions", [r.id for r in (*result.updated, *result.added)])


def import_geojson(
    document: ScenarioDocument,
    path: str | os.PathLike[str],
    mapping: PropertyMapping | None = None,
) -> ImportSummary:
    """Import the regions of a GeoJSON file into the document (one undoable step)."""
    data, issues = read_geojson(path)
    if data is None:
        return ImportSummary(issues=issues)
    result = import_regions(data, document.scenario, mapping)
    apply_import(document, result, f"Import regions from {Path(path).name}")
    return ImportSummary(
        added=[r.id for r in result.added],
        updated=[r.id for r in result.updated],
        unchanged=list(result.unchanged),
        issues=[*issues, *result.issues],
    )


def _guess(field_name: str, names: list[str]) -> str | None:
    for name in names:
        if name.casefold() == field_name:
            return name
    return None


class GeoJsonImportDialog(QDialog):
    """Choose which property holds each field, see what will change, then import.

    The preview is recomputed whenever a mapping changes; nothing touches the document
    until :meth:`apply` (the Import button).
    """

    def __init__(
        self,
        document: ScenarioDocument,
        path: str | os.PathLike[str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.path = Path(path)
        self.setWindowTitle(f"Import regions from {self.path.name}")
        self.plan = ImportResult()
        self.read_issues: list[Issue] = []
        self.data: Any = None
        self.read_error = ""
        try:
            self.data, self.read_issues = read_geojson(self.path)
        except OSError as error:
            self.read_error = f"Cannot read {self.path}: {error.strerror or error}"
        names = property_names(self.data) if self.data is not None else []

        self.combos: dict[str, QComboBox] = {}
        form = QFormLayout()
        for name in FIELDS:
            combo = QComboBox()
            combo.addItems([NONE, *names])
            guess = _guess(name, names)
            combo.setCurrentText(guess or NONE)
            combo.currentTextChanged.connect(self.preview)
            form.addRow(f"{name.capitalize()} property:", combo)
            self.combos[name] = combo
        mapping_box = QGroupBox("Properties")
        mapping_box.setLayout(form)
        hint = QLabel(
            "Features whose id matches a region update it; the others become new regions. "
            "Without an id property the feature's own id is used, then its name."
        )
        hint.setWordWrap(True)

        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.changes = QTreeWidget()
        self.changes.setHeaderLabels(["Change", "Id", "Name", "Terrain", "Owner"])
        self.changes.setRootIsDecorated(False)
        self.changes.setUniformRowHeights(True)
        self.issue_list = QTreeWidget()
        self.issue_list.setHeaderLabels(["Severity", "Where", "Problem"])
        self.issue_list.setRootIsDecorated(False)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.import_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.import_button.setText("Import")
        self.buttons.accepted.connect(self.apply)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(mapping_box)
        layout.addWidget(hint)
        layout.addWidget(self.summary)
        layout.addWidget(self.changes, 3)
        layout.addWidget(QLabel("Problems:"))
        layout.addWidget(self.issue_list, 2)
        layout.addWidget(self.buttons)
        self.resize(640, 560)
        self.preview()

    def mapping(self) -> PropertyMapping:
        chosen = {name: combo.currentText() for name, combo in self.combos.items()}
        return PropertyMapping(**{k: (None if v == NONE else v) for k, v in chosen.items()})

    def preview(self) -> None:
        """Recompute what the import would do with the current mapping."""
        if self.data is not None:
            self.plan = import_regions(self.data, self.document.scenario, self.mapping())
        self.changes.clear()
        result = self.plan
        rows = [("Add", r) for r in result.added] + [("Update", r) for r in result.updated]
        for change, region in rows:
            values = [change, region.id, region.name, region.terrain, region.owner or ""]
            self.changes.addTopLevelItem(QTreeWidgetItem(values))
        for column in range(self.changes.columnCount() - 1):
            self.changes.resizeColumnToContents(column)
        self.issue_list.clear()
        for issue in [*self.read_issues, *self.plan.issues]:
            item = QTreeWidgetItem([issue.severity, issue.location(), issue.message])
            item.setToolTip(2, f"{issue.code}: {issue.message}")
            self.issue_list.addTopLevelItem(item)
        self.issue_list.resizeColumnToContents(0)
        self.issue_list.resizeColumnToContents(1)
        self.summary.setText(self._summary_text())
        self.import_button.setEnabled(bool(self.plan.added or self.plan.updated))

    def _summary_text(self) -> str:
        if self.read_error:
            return self.read_error
        if self.data is None:
            return "The file is not readable JSON; see the problems below."
        result = self.plan
        text = (
            f"{len(result.added)} regions to add, {len(result.updated)} to update, "
            f"{len(result.unchanged)} unchanged."
        )
        if result.issues:
            text += f" {len(result.issues)} problems."
        return text

    def apply(self) -> None:
        """Import with the current mapping (one undoable step) and close."""
        self.preview()  # the document may have changed while the dialog was open
        apply_import(self.document, self.plan, f"Import regions from {self.path.name}")
        self.accept()

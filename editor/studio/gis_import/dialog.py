"""File ▸ Import map…: regions, towns, rivers and roads from GeoJSON, Shapefile or
GeoPackage, with a live preview.

The designer picks the file's layer and the settings (:mod:`.form`); each change starts a
preview in the worker thread (:mod:`.worker`) a moment later, with a progress bar and a
Cancel button, so the window never waits. The preview is the import itself, done on a copy
of the scenario: the map as it will be (:mod:`.picture`), its counts, and the list of what
was changed. Import hands that result to the document as one undoable step, into the
scenario open or into a new one.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.studio.document import ScenarioDocument
from editor.studio.gis_import.form import ImportForm
from editor.studio.gis_import.picture import Picture, PreviewView
from editor.studio.gis_import.summary import NOTE_WORDS, result_rows, summary_text
from editor.studio.gis_import.worker import ImportWorker, Outcome, Request
from schemas.gis import GisError, guess_fields
from schemas.gis.projection import describe_crs, parse_crs
from schemas.gis.readers import LayerInfo, layer_info, list_layers
from schemas.scenario import Scenario
from schemas.starter import new_scenario

if TYPE_CHECKING:
    from editor.studio.window import StudioWindow

GIS_FILTER = (
    "GIS files (*.geojson *.json *.shp *.gpkg *.fgb *.kml *.gml *.sqlite *.zip);;All files (*)"
)
DELAY_MS = 300
"""How long after a change the preview starts (typing a number is one change, not five)."""
SECTIONS = ("map", "regions", "connections", "structures", "supply_sources")
"""What an import may change."""


class GisImportDialog(QDialog):
    """Import a layer of a GIS file with a live preview (see the module's description)."""

    def __init__(self, window: StudioWindow, path: str | Path) -> None:
        super().__init__(window)
        self.window_ = window
        self.document: ScenarioDocument | None = window.document
        self.path = Path(path)
        self.setWindowTitle(f"Import map from {self.path.name}")
        self.info: LayerInfo | None = None
        self.number = 0
        self.outcome: Outcome | None = None
        self.request: Request | None = None
        self.picture: Picture | None = None
        self._new_base: tuple[str, Scenario] | None = None

        self.file_label = QLabel()
        self.file_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        change = QPushButton("Change file…")
        change.clicked.connect(self.choose_file)
        self.layer = QComboBox()
        self.layer.setMinimumContentsLength(20)
        self.layer.currentIndexChanged.connect(self._layer_chosen)
        top = QHBoxLayout()
        top.addWidget(QLabel("File:"))
        top.addWidget(self.file_label, 1)
        top.addWidget(change)
        top.addWidget(QLabel("Layer:"))
        top.addWidget(self.layer)

        self.form = ImportForm()
        self.form.changed.connect(self.schedule)
        self.form.title.setText(self.path.stem.replace("_", " ").title())
        scroll = QScrollArea()
        scroll.setWidget(self.form)
        scroll.setWidgetResizable(True)
        scroll.setMinimumWidth(self.form.sizeHint().width() + 24)

        self.view = PreviewView()
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.notes = QTreeWidget()
        self.notes.setHeaderLabels(["Change", "Region", "What"])
        self.notes.setRootIsDecorated(False)
        self.notes.setUniformRowHeights(True)
        self.notes.itemActivated.connect(self._note_chosen)
        self.notes.itemClicked.connect(self._note_chosen)
        self.result = QTreeWidget()
        self.result.setRootIsDecorated(False)
        self.result.setUniformRowHeights(True)
        self.result.setSortingEnabled(True)
        self.result.setHeaderLabels(["Id", "Name", "Terrain", "Owner", "Import", "Area (km²)"])
        self.tabs = QTabWidget()
        self.tabs.addTab(self.result, "Result")
        self.tabs.addTab(self.notes, "Changes")
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setTextVisible(False)
        self.status = QLabel()
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("Stop working out the preview")
        self.cancel_button.clicked.connect(self.cancel_preview)
        self.again_button = QPushButton("Preview")
        self.again_button.setToolTip("Work out the preview with the settings as they are")
        self.again_button.clicked.connect(self.preview)
        working = QHBoxLayout()
        working.addWidget(self.status, 1)
        working.addWidget(self.progress, 1)
        working.addWidget(self.cancel_button)
        working.addWidget(self.again_button)

        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.view, 3)
        right_layout.addLayout(working)
        right_layout.addWidget(self.summary)
        right_layout.addWidget(self.tabs, 1)
        split = QSplitter()
        split.addWidget(scroll)
        split.addWidget(right)
        split.setStretchFactor(1, 1)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.import_button = self.buttons.addButton(
            "Import", QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.import_button.setEnabled(False)
        self.buttons.accepted.connect(self.do_import)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(split, 1)
        layout.addWidget(self.buttons)
        self.resize(1180, 760)

        self.worker = ImportWorker(self)
        self.worker.progressed.connect(self._progressed)
        self.worker.finished.connect(self._finished)
        self.worker.failed.connect(self._failed)
        self.worker.cancelled.connect(self._cancelled)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(DELAY_MS)
        self.timer.timeout.connect(self.preview)
        self._show_target()
        self.set_file(self.path)

    # -- file and layer ----------------------------------------------------------------------

    def choose_file(self) -> None:
        name, _ = QFileDialog.getOpenFileName(
            self, "Import map from a GIS file", str(self.path.parent), GIS_FILTER
        )
        if name:
            self.set_file(Path(name))

    def set_file(self, path: Path) -> None:
        self.path = path
        self.file_label.setText(str(path))
        self.setWindowTitle(f"Import map from {path.name}")
        self.info = None
        self.layer.blockSignals(True)
        self.layer.clear()
        try:
            for name, kind in list_layers(path):
                self.layer.addItem(f"{name} ({kind})", name)
        except GisError as error:
            self.layer.blockSignals(False)
            self._unreadable(str(error))
            return
        self.layer.blockSignals(False)
        if self.layer.count() == 0:
            self._unreadable(f"'{path.name}' holds no layer")
            return
        self._layer_chosen()

    def _layer_chosen(self) -> None:
        name = self.layer.currentData()
        try:
            self.info = layer_info(self.path, name)
        except GisError as error:
            self._unreadable(str(error))
            return
        self._settable(True)
        guessed = guess_fields(self.info.fields)
        self.form.set_layer(
            self.info.kind or "polygon", self.info.fields, guessed, self.info.samples
        )
        self._show_target()
        self.preview()

    def _show_target(self) -> None:
        document = self.document
        model = document.scenario.map.projection if document else None
        name = describe_crs(parse_crs(model.crs)) if model else None
        per_km = document.scenario.map.units_per_km if document else None
        self.form.set_target(
            document is not None,
            name,
            model.km_per_unit if model else None,
            1.0 / float(per_km) if per_km and model is None else None,
        )

    # -- preview -----------------------------------------------------------------------------

    def schedule(self) -> None:
        """A setting changed: preview again in a moment; nothing older may be imported."""
        self._show_target()
        self.number += 1
        self.import_button.setEnabled(False)
        self.timer.start()

    def target(self) -> Scenario | None:
        """The scenario the import goes into: the document's, or a new one (the same object
        for as long as the title stays, so that previews can be compared and reused)."""
        if self.form.new_scenario():
            title = self.form.title.text().strip() or self.path.stem
            if self._new_base is None or self._new_base[0] != title:
                self._new_base = (title, new_scenario(title))
            return self._new_base[1]
        return self.document.scenario if self.document else None

    def preview(self) -> None:
        """Start working out the import with the settings as they are."""
        self.timer.stop()
        target = self.target()
        if self.info is None or target is None:
            return
        self.number += 1
        self.outcome = None
        self.import_button.setEnabled(False)
        layer = self.layer.currentData()
        self.request = Request(self.number, self.path, layer, self.form.options(layer), target)
        self.worker.start(self.request)
        self._working(True, "Starting…")

    def cancel_preview(self) -> None:
        self.timer.stop()
        self.worker.cancel()

    def _working(self, busy: bool, text: str) -> None:
        self.progress.setVisible(busy)
        self.cancel_button.setVisible(busy)
        self.again_button.setVisible(not busy)
        self.status.setText(text)
        if busy:
            self.progress.setValue(0)

    def _progressed(self, number: int, text: str, done: float) -> None:
        if number == self.number:
            self.status.setText(text)
            self.progress.setValue(round(done * 1000))

    def _cancelled(self, number: int) -> None:
        if number == self.number:
            self._working(False, "Preview cancelled: change a setting or press Preview.")

    def _failed(self, number: int, message: str) -> None:
        if number == self.number:
            self._show_error(message)

    def _unreadable(self, message: str) -> None:
        """The file or layer cannot be read: say why; only another file can be chosen."""
        self.info = None
        self._show_error(message)
        self._settable(False)

    def _settable(self, readable: bool) -> None:
        """Settings and Preview are offered only for a layer that could be read."""
        self.form.setEnabled(readable)
        self.again_button.setEnabled(readable)
        self.layer.setEnabled(readable)

    def _show_error(self, message: str) -> None:
        self._working(False, "")
        self.outcome = None
        self.import_button.setEnabled(False)
        self.summary.setText(f"Cannot import: {message}")
        self.summary.setStyleSheet("color: #b00020;")
        self.notes.clear()
        self.result.clear()
        self.view.clear()

    def _finished(self, outcome: Outcome) -> None:
        if outcome.number != self.number or self.request is None:
            return
        imported = outcome.imported
        if outcome.layer.kinds() != {self.form.kind} and len(outcome.layer.kinds()) == 1:
            # The file did not say what the layer holds; now it is known.
            kind = next(iter(outcome.layer.kinds()))
            samples = self.info.samples if self.info else None
            self.form.set_layer(kind, list(outcome.layer.fields), outcome.fields, samples)
            self.schedule()
            return
        self.outcome = outcome
        self.picture = outcome.picture
        if self.picture is not None:
            self.view.show_picture(self.picture)
        if outcome.shape is not None:
            name = None if self.form.has_projection else outcome.projection
            self.form.show_automatic(name, outcome.km_per_unit, outcome.shape.min_area_km2)
        self.summary.setStyleSheet("")
        self.summary.setText(summary_text(outcome))
        self._fill_notes(outcome)
        self._fill_result(outcome)
        self._working(False, "Preview ready.")
        self.import_button.setEnabled(bool(imported.added or imported.updated))

    def _fill_notes(self, outcome: Outcome) -> None:
        self.notes.clear()
        for note in outcome.imported.notes:
            item = QTreeWidgetItem(
                [NOTE_WORDS.get(note.kind, note.kind), note.region or "", note.text]
            )
            item.setToolTip(2, note.text)
            item.setData(0, Qt.ItemDataRole.UserRole, note.at)
            self.notes.addTopLevelItem(item)
        self.notes.resizeColumnToContents(0)
        self.notes.resizeColumnToContents(1)

    def _fill_result(self, outcome: Outcome) -> None:
        """What the import makes, one row each, as the chosen properties name it."""
        self.result.clear()
        headers, rows = result_rows(outcome)
        self.result.setHeaderLabels(headers)
        self.result.setSortingEnabled(False)
        self.result.addTopLevelItems([QTreeWidgetItem(row) for row in rows])
        self.result.setSortingEnabled(True)
        self.result.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # the file's order
        for column in range(len(headers)):
            self.result.resizeColumnToContents(column)
        changes = len(outcome.imported.notes)
        self.tabs.setTabText(0, f"Result ({len(rows):,})")
        self.tabs.setTabText(1, f"Changes ({changes:,})")

    def _note_chosen(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        at = item.data(0, Qt.ItemDataRole.UserRole)
        if at is not None:
            self.view.centre_on(tuple(at))

    # -- import ------------------------------------------------------------------------------

    def do_import(self) -> None:
        """Hand the previewed result to the document as one undoable step, then close."""
        outcome, request = self.outcome, self.request
        if outcome is None or request is None or outcome.number != self.number:
            return
        imported = outcome.imported
        window = self.window_
        what = {"regions": "map", "points": "places", "lines": "lines"}[imported.kind]
        text = f"Import {what} from {self.path.name}"
        if self.form.new_scenario():
            if not window.files.may_discard():
                return
            document = ScenarioDocument(request.target)
            box = regions_box(imported.scenario)
            if box is not None:
                document.set_frame(box)  # the sheet round the data
            window.set_document(document)
        else:
            document = self.document
            if document is None or document.scenario is not request.target:
                self.preview()  # the scenario changed since: work it out again
                return
        apply_import(document, imported.scenario, text)
        changed = [*imported.added, *imported.updated]
        if imported.kind == "regions":
            document.select("regions", changed)
        view = getattr(window, "view", None)
        box = regions_box(imported.scenario, set(changed))
        if view is not None and box is not None:
            view.fit_room()
            view.zoom_to_fit(QRectF(*box))
        window.show_message(f"{text}: {len(imported.added)} added, {len(imported.updated)} updated")
        self.accept()

    def done(self, result: int) -> None:
        self.timer.stop()
        self.worker.stop()
        super().done(result)


def regions_box(
    scenario: Scenario, ids: set[str] | None = None
) -> tuple[float, float, float, float] | None:
    """The box (x, y, width, height) round the regions (those of ``ids`` when given)."""
    points = [p for r in scenario.regions if ids is None or r.id in ids for p in r.polygon.exterior]
    if not points:
        return None
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def apply_import(document: ScenarioDocument, scenario: Scenario, text: str) -> None:
    """Give the document the sections an import changed, as one undoable step."""
    old = document.scenario
    changed = [
        s
        for s in SECTIONS
        if getattr(scenario, s) is not getattr(old, s) and getattr(scenario, s) != getattr(old, s)
    ]
    if not changed:
        return
    with document.macro(text):
        for section in changed:
            document.set_section(section, getattr(scenario, section), text)


def open_import_dialog(window: StudioWindow, path: str | Path | None = None) -> Any:
    """Ask for a GIS file (unless given) and open the import dialog on it."""
    if path is None:
        name, _ = QFileDialog.getOpenFileName(window, "Import map from a GIS file", "", GIS_FILTER)
        if not name:
            return None
        path = name
    dialog = GisImportDialog(window, path)
    dialog.finished.connect(lambda _result: dialog.deleteLater())
    dialog.open()
    return dialog

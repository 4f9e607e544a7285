"""File ▸ Export map picture…: the map as a PNG, SVG or PDF for rulebooks, forums and print,
with or without names, symbols and a scale bar (drawn by :mod:`editor.shared.map_pictures`).
The choices are remembered for the next picture.

A large map takes seconds to draw (a PDF of 5,000 regions, about ten), so the picture is
drawn in a thread of its own while a progress dialog offers Cancel: the window stays alive,
and a cancelled picture is never written. (Qt's painters may work outside the GUI thread on
images, SVG generators and PDF writers.)"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QProgressDialog,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
)

from editor.shared.map_pictures import (
    FORMATS,
    PictureError,
    PictureSettings,
    page_size,
    picture_bytes,
)
from editor.shared.preview import Look, km_per_unit
from editor.shared.settings import settings
from schemas.atomic import write_atomic
from schemas.scenario import Scenario

if TYPE_CHECKING:
    from editor.studio.window import StudioWindow


class _Drawn(QObject):
    """Carries a finished picture (or the error that stopped it) from the drawing thread."""

    done = Signal(object)


PAPER_NAMES = {"a4": "A4", "a3": "A3", "letter": "US Letter", "fit": "The map's own shape"}
KEY = "map_pictures"


class PictureDialog(QDialog):
    """Choose how the picture looks, then where it goes."""

    def __init__(self, window: StudioWindow, scenario: Scenario, stem: str) -> None:
        super().__init__(window)
        self.window_ = window
        self.scenario = scenario
        self.stem = stem
        self.written: Path | None = None
        self.progress: QProgressDialog | None = None
        self._job: object | None = None
        """The drawing awaited; ``None`` once it is cancelled (its result is then dropped)."""
        self.setWindowTitle("Export map picture")

        self.format = QComboBox()
        for key, text in FORMATS.items():
            self.format.addItem(f"{text} (.{key})", key)
        self.by_pixels = QRadioButton("Width in pixels:")
        self.by_print = QRadioButton("Printed width:")
        group = QButtonGroup(self)
        group.addButton(self.by_pixels)
        group.addButton(self.by_print)
        self.pixels = QSpinBox()
        self.pixels.setRange(16, 16_384)
        self.pixels.setValue(2000)
        self.pixels.setSuffix(" px")
        self.print_width = QDoubleSpinBox()
        self.print_width.setRange(20.0, 2000.0)
        self.print_width.setValue(180.0)
        self.print_width.setSuffix(" mm")
        self.dpi = QSpinBox()
        self.dpi.setRange(36, 1200)
        self.dpi.setValue(300)
        self.dpi.setSuffix(" dpi")
        print_row = QHBoxLayout()
        print_row.addWidget(self.print_width)
        print_row.addWidget(QLabel("at"))
        print_row.addWidget(self.dpi)
        self.paper = QComboBox()
        for key, text in PAPER_NAMES.items():
            self.paper.addItem(text, key)
        self.size_note = QLabel()

        size_box = QGroupBox("Size")
        size = QFormLayout(size_box)
        size.addRow(self.by_pixels, self.pixels)
        size.addRow(self.by_print, print_row)
        size.addRow("PDF page:", self.paper)
        size.addRow(self.size_note)

        self.labels = QCheckBox("Region names")
        self.symbols = QCheckBox("Towns, forts and supply sources")
        self.scale_bar = QCheckBox("Scale bar")
        if km_per_unit(scenario) is None:
            self.scale_bar.setEnabled(False)
            self.scale_bar.setToolTip(
                "The scenario does not know its scale: set the map's units per km "
                "(Scenario ▸ Map) or import it from GIS data"
            )
        show_box = QGroupBox("Show")
        show = QVBoxLayout(show_box)
        for box in (self.labels, self.symbols, self.scale_bar):
            show.addWidget(box)

        form = QFormLayout()
        form.addRow("Format:", self.format)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.export_button = buttons.addButton("Export…", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self.export)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(size_box)
        layout.addWidget(show_box)
        layout.addWidget(buttons)

        self._restore()
        for widget in (self.format, self.paper):
            widget.currentIndexChanged.connect(self._update)
        for spin in (self.pixels, self.print_width, self.dpi):
            spin.valueChanged.connect(self._update)
        group.buttonToggled.connect(self._update)
        self._update()

    def _restore(self) -> None:
        store = settings()
        store.beginGroup(KEY)
        try:
            self.format.setCurrentIndex(max(0, self.format.findData(store.value("format", "png"))))
            self.paper.setCurrentIndex(max(0, self.paper.findData(store.value("paper", "a4"))))
            self.pixels.setValue(int(store.value("pixels", 2000)))
            self.print_width.setValue(float(store.value("print_width", 180.0)))
            self.dpi.setValue(int(store.value("dpi", 300)))
            by_print = str(store.value("by_print", "true")) == "true"
            (self.by_print if by_print else self.by_pixels).setChecked(True)
            for name, box in (
                ("labels", self.labels),
                ("symbols", self.symbols),
                ("scale_bar", self.scale_bar),
            ):
                box.setChecked(str(store.value(name, "true")) == "true")
        finally:
            store.endGroup()

    def _remember(self) -> None:
        store = settings()
        store.beginGroup(KEY)
        store.setValue("format", self.format.currentData())
        store.setValue("paper", self.paper.currentData())
        store.setValue("pixels", self.pixels.value())
        store.setValue("print_width", self.print_width.value())
        store.setValue("dpi", self.dpi.value())
        store.setValue("by_print", "true" if self.by_print.isChecked() else "false")
        store.setValue("labels", "true" if self.labels.isChecked() else "false")
        store.setValue("symbols", "true" if self.symbols.isChecked() else "false")
        store.setValue("scale_bar", "true" if self.scale_bar.isChecked() else "false")
        store.endGroup()

    def picture_settings(self) -> PictureSettings:
        look = Look(
            labels=self.labels.isChecked(),
            symbols=self.symbols.isChecked(),
            scale_bar=self.scale_bar.isChecked() and self.scale_bar.isEnabled(),
        )
        by_print = self.by_print.isChecked()
        return PictureSettings(
            look,
            None if by_print else self.pixels.value(),
            float(self.dpi.value()) if by_print else 96.0,
            self.print_width.value(),
            self.paper.currentData(),
        )

    def _update(self, *_args: object) -> None:
        kind = self.format.currentData()
        pdf = kind == "pdf"
        by_print = self.by_print.isChecked()
        self.pixels.setEnabled(not pdf and not by_print)
        self.by_pixels.setEnabled(not pdf)
        self.dpi.setEnabled(by_print or pdf)
        self.paper.setEnabled(pdf)
        self.print_width.setEnabled(by_print or (pdf and self.paper.currentData() == "fit"))
        try:
            if pdf:
                layout = page_size(self.scenario, self.picture_settings())
                page = layout.fullRect(layout.Unit.Millimeter)
                text = f"A page of {page.width():.0f} x {page.height():.0f} mm"
            else:
                size = self.picture_settings().pixels(self.scenario)
                text = f"{size.width():,} x {size.height():,} pixels"
            self.export_button.setEnabled(True)
        except PictureError as error:
            text = str(error)
            self.export_button.setEnabled(False)
        self.size_note.setText(text)

    def export(self) -> None:
        kind = self.format.currentData()
        document = self.window_.document
        folder = document.path.parent if document is not None and document.path else Path()
        start = str(folder / f"{self.stem}.{kind}")
        name, _ = QFileDialog.getSaveFileName(
            self, "Export map picture", start, f"{FORMATS[kind]} (*.{kind})"
        )
        if not name:
            return
        path = Path(name)
        if path.suffix.lower() != f".{kind}":
            path = path.with_name(path.name + f".{kind}")
        self.draw(path, kind)

    def draw(self, path: Path, kind: str) -> None:
        """Draw the picture in a thread, then write it to ``path`` (see the module)."""
        scenario, look = self.scenario, self.picture_settings()
        job = object()
        self._job = job
        self.export_button.setEnabled(False)
        progress = QProgressDialog(f"Drawing the map as a {FORMATS[kind]}…", "Cancel", 0, 0, self)
        progress.setWindowTitle("Export map picture")
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(400)  # a small map is done before it would show
        progress.canceled.connect(self.cancel_drawing)
        self.progress = progress
        carrier = _Drawn()  # no parent: the thread may finish after this dialog is gone
        carrier.done.connect(self._drawn)

        def work() -> None:
            try:
                result: bytes | Exception = picture_bytes(scenario, kind, look)
            except Exception as error:  # reported to the person, never lost in a thread
                result = error
            carrier.done.emit((job, path, result))

        threading.Thread(target=work, name="map-picture", daemon=True).start()

    def cancel_drawing(self) -> None:
        """Stop waiting for the picture: nothing is written."""
        if self._job is None:
            return
        self._job = None
        self._close_progress()
        self.export_button.setEnabled(True)
        self.size_note.setText("Export cancelled: nothing was written.")

    def _close_progress(self) -> None:
        if self.progress is not None:
            self.progress.canceled.disconnect(self.cancel_drawing)
            self.progress.close()
            self.progress.deleteLater()
            self.progress = None

    def _drawn(self, done: tuple[object, Path, bytes | Exception]) -> None:
        job, path, result = done
        if job is not self._job:
            return  # cancelled meanwhile
        self._job = None
        self._close_progress()
        self.export_button.setEnabled(True)
        try:
            if isinstance(result, Exception):
                raise result
            self.written = write_atomic(path, result)
        except (PictureError, OSError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else error
            QMessageBox.critical(self, "Not exported", f"{path}: {reason}")
            return
        self._remember()
        self.window_.show_message(f"Exported the map to {self.written}")
        self.accept()

    def done(self, result: int) -> None:
        self._job = None  # a picture still being drawn is dropped
        self._close_progress()
        super().done(result)


def open_picture_dialog(window: StudioWindow) -> PictureDialog | None:
    document = window.document
    if document is None:
        return None
    stem = document.path.stem if document.path else "map"
    dialog = PictureDialog(window, document.scenario, stem)
    dialog.finished.connect(lambda _result: dialog.deleteLater())
    dialog.open()
    return dialog

"""Scenario settings (information, calendar, map and tracing image) and the rules parameters.

These are the single sections of the format: each edit replaces the whole section with a
validated copy, as one undoable step, and every form follows the document when an edit is
undone or comes from elsewhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel
from PySide6.QtWidgets import (
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor.shared.images import image_size
from editor.shared.vocabulary import plain
from editor.shared.widgets import FORM_WIDTH, scrolling, set_muted
from editor.studio.document import Change, ScenarioDocument, with_value
from editor.studio.forms.context import studio_context
from editor.studio.forms.model_form import Factory, ModelEditor
from editor.studio.forms.paths import PathEditor
from editor.studio.sections.phases import phases_factory
from editor.studio.sections.rules_editor import RulesEditor
from schemas.calendar import Calendar
from schemas.map import Background, MapSettings
from schemas.scenario import ScenarioInfo


class SectionForm(ModelEditor):
    """A form for a whole single section (``info``, ``calendar``, ``map``), bound both ways."""

    def __init__(
        self,
        document: ScenarioDocument,
        section: str,
        model: type[BaseModel],
        custom: Sequence[Factory] = (),
        **options: Any,
    ) -> None:
        context = studio_context(document)
        context.custom[:0] = custom
        super().__init__(model, context, **options)
        self.document, self.section = document, section
        self.edited.connect(self._write)
        document.changed.connect(self._follow)
        self.reload()

    def reload(self) -> None:
        self.show_value(getattr(self.document.scenario, self.section))

    def _write(self, new: BaseModel | None) -> None:
        if new is not None:
            self.document.set_section(self.section, new, f"Edit {self.section}")

    def _follow(self, change: Change) -> None:
        if change.section == self.section:
            self.reload()
        elif change.section == "sides":
            self.context.refresh_choices()


class BackgroundEditor(QWidget):
    """The tracing image: which file, where it lies on the map, how large, how opaque.

    The format stores the image's placement as a rectangle in map units; the scale (map units
    per pixel of the image) is offered too, since that is how a scanned map is calibrated.
    """

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__()
        self.document = document
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        self.path = PathEditor(self._folder, "Choose a tracing image")
        self.path.setToolTip(plain(Background.model_fields["path"].description))
        self.path.edited.connect(self._path_chosen)
        row.addWidget(self.path, 1)
        self.remove = QPushButton("Remove")
        self.remove.setToolTip("Draw no image under the map")
        self.remove.clicked.connect(lambda: self._write(None))
        row.addWidget(self.remove)
        layout.addLayout(row)
        self.form = ModelEditor(Background, studio_context(document), skip=("path",))
        self.form.edited.connect(self._write)
        layout.addWidget(self.form)
        tools = QFormLayout()
        tools.setContentsMargins(0, 0, 0, 0)
        scale_row = QHBoxLayout()
        self.scale = QDoubleSpinBox()
        self.scale.setDecimals(4)
        self.scale.setRange(0.0001, 100000.0)
        self.scale.setKeyboardTracking(False)
        self.scale.setToolTip("Map units per pixel of the image; sets width and height together")
        self.scale.valueChanged.connect(self._scaled)
        scale_row.addWidget(self.scale, 1)
        self.fit = QPushButton("Fit to regions")
        self.fit.setToolTip("Place the image over the regions' extent, keeping its proportions")
        self.fit.clicked.connect(self.fit_to_regions)
        scale_row.addWidget(self.fit)
        self.scale_label = QLabel("Scale")
        self.scale_label.setToolTip(self.scale.toolTip())
        tools.addRow(self.scale_label, scale_row)
        layout.addLayout(tools)
        document.changed.connect(lambda change: change.section == "map" and self.reload())
        self.reload()

    def _folder(self) -> Any:
        return self.document.folder

    def _image_size(self) -> tuple[int, int] | None:
        """The chosen image's size in pixels, read the guarded way (never a pipe or a file
        outside the scenario's folder, never a huge image)."""
        return image_size(self.document.folder, self.path.value())

    def current(self) -> Background | None:
        return self.document.scenario.map.background

    def reload(self) -> None:
        background = self.current()
        self.path.show_value(background.path if background else "")
        self.form.setVisible(background is not None)
        self.remove.setEnabled(background is not None)
        size = self._image_size()
        for widget in (self.scale, self.scale_label, self.fit):
            widget.setVisible(background is not None)
        self.scale.setEnabled(size is not None)
        if background is None:
            return
        self.form.show_value(background)
        if size is not None:
            self.scale.blockSignals(True)
            self.scale.setValue(background.width / size[0])
            self.scale.blockSignals(False)

    def _write(self, background: BaseModel | None) -> None:
        settings = with_value(self.document.scenario.map, ["background"], background)
        self.document.set_section("map", settings, "Edit tracing image")

    def _path_chosen(self, path: str) -> None:
        current = self.current()
        if not path:
            self._write(None)
            return
        if current is not None:
            self._write(with_value(current, ["path"], path))
            return
        size = self._image_size() or (1000, 1000)
        self._write(Background(path=path, width=size[0], height=size[1]))

    def _scaled(self, scale: float) -> None:
        current = self.current()
        size = self._image_size()
        if current is None or size is None:
            return
        data = {**current.model_dump(), "width": size[0] * scale, "height": size[1] * scale}
        self._write(Background.model_validate(data))

    def fit_to_regions(self) -> None:
        current, regions = self.current(), self.document.scenario.regions
        if current is None or not regions:
            return
        xs = [x for r in regions for x, _ in r.polygon.exterior]
        ys = [y for r in regions for _, y in r.polygon.exterior]
        width = max(xs) - min(xs)
        ratio = current.height / current.width
        size = self._image_size()
        if size is not None:
            ratio = size[1] / size[0]
        data = {
            **current.model_dump(),
            "x": min(xs),
            "y": min(ys),
            "width": width,
            "height": width * ratio,
        }
        self._write(Background.model_validate(data))


class SettingsEditor(QWidget):
    """Title and presentation, calendar, and how the map is shown."""

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__()
        self.document = document
        content = QWidget()
        column = QVBoxLayout(content)
        column.setContentsMargins(6, 6, 6, 6)
        self.info = SectionForm(document, "info", ScenarioInfo)
        self.calendar = SectionForm(document, "calendar", Calendar, custom=[phases_factory])
        self.summary = QLabel()
        set_muted(self.summary)
        self.map = SectionForm(document, "map", MapSettings, skip=("background",))
        self.background = BackgroundEditor(document)
        self.background_row = QWidget()
        row = QFormLayout(self.background_row)
        row.setContentsMargins(0, 0, 0, 0)
        label = QLabel("Tracing image")
        label.setToolTip(plain(MapSettings.model_fields["background"].description))
        row.addRow(label, self.background)
        for title, parts in (
            ("Scenario", [self.info]),
            ("Calendar", [self.summary, self.calendar]),
            ("Map", [self.map, self.background_row]),
        ):
            box = QGroupBox(title)
            inner = QVBoxLayout(box)
            for part in parts:
                inner.addWidget(part)
            column.addWidget(box)
        column.addStretch(1)
        content.setMaximumWidth(FORM_WIDTH)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scrolling(content))
        document.changed.connect(lambda change: change.section == "calendar" and self._sum_up())
        self._sum_up()

    def _sum_up(self) -> None:
        calendar = self.document.scenario.calendar
        last = calendar.date_of(calendar.turns)
        days = calendar.turn_length_days
        self.summary.setText(
            f"{calendar.turns} turns of {days} day{'s' if days != 1 else ''}: "
            f"turn 1 on {calendar.start_date.isoformat()}, turn {calendar.turns} on "
            f"{last.isoformat()}"
        )


__all__ = ["RulesEditor", "SettingsEditor"]

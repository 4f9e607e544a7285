"""File > New: the questions a new scenario starts from, and the frame its map is drawn in.

The map is drawn regions (areas) or a hex grid. A hex grid is asked for whole: orientation,
hex size, the centre of the first hex, columns, rows, the offset convention and the terrain
every hex starts with; an image to trace (a scanned or drawn map) may go under it, and then
the map's units are the image's pixels, the grid is fitted over the image from the hex size,
and the hexes are drawn see-through so the image shows. The image is named by its full path
until the scenario is saved, as the tracing image picked for a map of regions is.

A new scenario of regions has no regions, so its map would have no size: the view could not zoom to
anything and the first clicks would land on an arbitrary scale. The dialog asks for the
title, the size of the sheet the map is drawn on (in map units, the unit of every coordinate
in the file) and, optionally, how many map units make a kilometre; Enter accepts the values
offered, which are the last ones chosen. The sheet is the studio's, not the file's: the
studio remembers it for the file it is saved to (see :func:`remember_frame`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

from PySide6.QtCore import QTimer
from PySide6.QtGui import QImageReader
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.shared.settings import settings
from editor.shared.widgets import set_muted
from schemas.hexgrid.grid import SQRT3, HexGrid
from schemas.hexmap import (
    MAX_HEXES,
    MAX_SIDE,
    HexMap,
    Offset,
    Orientation,
    hexside_connection_types,
)
from schemas.map import Background, MapSettings
from schemas.scenario import Scenario

DEFAULT_SIZE = (1000, 700)
"""The sheet of a new map, in map units, until the designer chooses another."""
FRAMES_KEY = "studio/frames"


@dataclass(frozen=True)
class NewScenario:
    """What File > New was asked for."""

    title: str = "Untitled scenario"
    width: int = DEFAULT_SIZE[0]
    height: int = DEFAULT_SIZE[1]
    units_per_km: float | None = None
    kind: Literal["areas", "hexes"] = "areas"
    orientation: Orientation = "flat"
    hex_size: float = 30.0
    origin: tuple[float, float] = (30.0, 51.962)
    columns: int = 30
    rows: int = 20
    offset: Offset = "odd"
    base_terrain: str = "clear"
    image: str = ""
    """An image to trace under the map (a full path), or none."""

    @property
    def frame(self) -> tuple[float, float, float, float] | None:
        """The sheet of a map of regions (a hex map's extent is its grid's)."""
        if self.kind == "hexes":
            return None
        return (0.0, 0.0, float(self.width), float(self.height))

    def scenario(self) -> Scenario:
        # Imported here: the starter pulls in the map generator, which a start without
        # File > New does not need (a few hundredths of a second of every start).
        from schemas.starter import new_scenario

        scenario = new_scenario(self.title.strip() or "Untitled scenario")
        settings = MapSettings(units_per_km=self.units_per_km) if self.units_per_km else None
        if self.kind == "hexes" and self.image:
            size = QImageReader(self.image).size()
            if size.isValid() and size.width() > 0 and size.height() > 0:
                background = Background(
                    path=self.image, width=size.width(), height=size.height(), opacity=1.0
                )
                settings = (settings or MapSettings()).model_copy(update={"background": background})
        if settings is not None:
            scenario = scenario.model_copy(update={"map": settings})
        if self.kind == "hexes":
            terrain = {t.id for t in scenario.terrain}
            base = self.base_terrain if self.base_terrain in terrain else scenario.terrain[0].id
            have = {c.id for c in scenario.connection_types}
            extra = [c for c in hexside_connection_types() if c.id not in have]
            hex_map = HexMap(
                orientation=self.orientation,
                size=self.hex_size,
                origin=self.origin,
                columns=self.columns,
                rows=self.rows,
                offset=self.offset,
                base_terrain=base,
            )
            scenario = scenario.model_copy(
                update={
                    "hex_map": hex_map,
                    "connection_types": [*scenario.connection_types, *extra],
                }
            )
        return scenario


def first_hex_centre(orientation: str, size: float, offset: str = "odd") -> tuple[float, float]:
    """The centre of hex c1r1 that puts the grid's top-left corner at (0, 0) (with ``odd``
    flat columns, c1r1 sits half a hex lower than c2r1, whose top is the grid's)."""
    probe = HexGrid(orientation, size, (0.0, 0.0), 2, 2, offset)  # type: ignore[arg-type]
    x0, y0, _, _ = probe.bounds()
    return (round(-x0, 3), round(-y0, 3))


def grid_over(orientation: str, size: float, width: float, height: float) -> tuple[int, int]:
    """Columns and rows of hexes of ``size`` that cover a picture of ``width`` x ``height``."""
    if orientation == "flat":
        columns = math.ceil(max(width - size / 2, size) / (1.5 * size))
        rows = math.ceil(height / (SQRT3 * size))
    else:
        columns = math.ceil(width / (SQRT3 * size))
        rows = math.ceil(max(height - size / 2, size) / (1.5 * size))
    columns, rows = max(1, min(MAX_SIDE, columns)), max(1, min(MAX_SIDE, rows))
    while columns * rows > MAX_HEXES:
        columns, rows = max(1, columns - 1), max(1, rows - 1)
    return columns, rows


def last_choice() -> NewScenario:
    """The map chosen last time (or the defaults)."""
    store = settings()
    try:
        width = int(store.value("studio/new-width", DEFAULT_SIZE[0]))
        height = int(store.value("studio/new-height", DEFAULT_SIZE[1]))
        scale = float(store.value("studio/new-scale", 0.0) or 0.0)
    except (TypeError, ValueError):
        return NewScenario()
    if not (10 <= width <= 1_000_000 and 10 <= height <= 1_000_000):
        return NewScenario()
    choice = NewScenario(width=width, height=height, units_per_km=scale if scale > 0 else None)
    try:
        hexes = dict(store.value("studio/new-hexes", {}) or {})
        orientation = str(hexes.get("orientation", "flat"))
        offset = str(hexes.get("offset", "odd"))
        size = float(hexes.get("size", choice.hex_size))
        columns, rows = int(hexes.get("columns", choice.columns)), int(hexes.get("rows", 20))
    except (TypeError, ValueError):
        return choice
    sane = (
        orientation in ("flat", "pointy")
        and offset in ("odd", "even", "axial")
        and 0 < size <= 1_000_000
        and 1 <= columns <= MAX_SIDE
        and 1 <= rows <= MAX_SIDE
        and columns * rows <= MAX_HEXES
    )
    if not sane:
        return choice
    return replace(
        choice,
        kind="hexes" if hexes.get("kind") == "hexes" else "areas",
        orientation=orientation,  # type: ignore[arg-type]
        offset=offset,  # type: ignore[arg-type]
        hex_size=size,
        origin=first_hex_centre(orientation, size, offset),
        columns=columns,
        rows=rows,
        base_terrain=str(hexes.get("base_terrain", "clear")),
    )


def _remember_choice(choice: NewScenario) -> None:
    store = settings()
    store.setValue("studio/new-width", choice.width)
    store.setValue("studio/new-height", choice.height)
    store.setValue("studio/new-scale", choice.units_per_km or 0.0)
    store.setValue(
        "studio/new-hexes",
        {
            "kind": choice.kind,
            "orientation": choice.orientation,
            "offset": choice.offset,
            "size": choice.hex_size,
            "columns": choice.columns,
            "rows": choice.rows,
            "base_terrain": choice.base_terrain,
        },
    )


ORIENTATIONS = (("Flat top (hexes in columns)", "flat"), ("Pointy top (hexes in rows)", "pointy"))
OFFSETS = (
    ("Odd: columns (rows) 1, 3, 5… shifted", "odd"),
    ("Even: columns (rows) 2, 4, 6… shifted", "even"),
    ("Axial: each one half a hex further (a parallelogram)", "axial"),
)


class NewScenarioDialog(QDialog):
    """Asks for a new scenario's title and its map: a sheet for regions, or a hex grid."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New scenario")
        self.setObjectName("new-scenario")
        start = last_choice()
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.title = QLineEdit(start.title)
        self.title.selectAll()
        form.addRow("Title", self.title)
        self.kind = QComboBox()
        self.kind.setObjectName("new-map-kind")
        self.kind.addItem("Drawn regions (areas)", "areas")
        self.kind.addItem("Hex grid", "hexes")
        self.kind.setCurrentIndex(self.kind.findData(start.kind))
        form.addRow("Map", self.kind)
        self.scale = QDoubleSpinBox()
        self.scale.setRange(0.0, 100_000.0)
        self.scale.setDecimals(3)
        self.scale.setSpecialValueText("not a geographic map")
        self.scale.setSuffix(" map units per km")
        self.scale.setValue(start.units_per_km or 0.0)
        form.addRow("Scale", self.scale)
        layout.addLayout(form)
        layout.addWidget(self._sheet_box(start))
        layout.addWidget(self._hex_box(start))
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #c62828;")
        self.problem.setWordWrap(True)
        layout.addWidget(self.problem)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.create_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.create_button.setText("Create")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.kind.currentIndexChanged.connect(self._kind_chosen)
        self._kind_chosen()

    def _sheet_box(self, start: NewScenario) -> QGroupBox:
        self.sheet = QGroupBox("Sheet")
        form = QFormLayout(self.sheet)
        intro = QLabel(
            "The map is drawn on a sheet of this size, in map units (the unit of every "
            "coordinate in the file). Regions may later reach past it."
        )
        intro.setWordWrap(True)
        form.addRow(intro)
        self.width_box = QSpinBox()
        self.height_box = QSpinBox()
        for box, value in ((self.width_box, start.width), (self.height_box, start.height)):
            box.setRange(10, 1_000_000)
            box.setSingleStep(100)
            box.setValue(value)
            box.setSuffix(" map units")
        form.addRow("Map width", self.width_box)
        form.addRow("Map height", self.height_box)
        return self.sheet

    def _hex_box(self, start: NewScenario) -> QGroupBox:
        self.hexes = QGroupBox("Hex grid")
        self.hexes.setObjectName("new-hex-grid")
        form = QFormLayout(self.hexes)
        self.orientation = QComboBox()
        self.orientation.setObjectName("new-orientation")
        for text, key in ORIENTATIONS:
            self.orientation.addItem(text, key)
        self.orientation.setCurrentIndex(self.orientation.findData(start.orientation))
        form.addRow("Orientation", self.orientation)
        self.hex_size = QDoubleSpinBox()
        self.hex_size.setObjectName("new-hex-size")
        self.hex_size.setRange(0.1, 1_000_000.0)
        self.hex_size.setDecimals(2)
        self.hex_size.setValue(start.hex_size)
        self.hex_size.setSuffix(" map units, centre to corner")
        form.addRow("Hex size", self.hex_size)
        origin = QHBoxLayout()
        self.origin_x, self.origin_y = QDoubleSpinBox(), QDoubleSpinBox()
        for box, value in zip((self.origin_x, self.origin_y), start.origin, strict=True):
            box.setRange(-1e9, 1e9)
            box.setDecimals(3)
            box.setValue(value)
            origin.addWidget(box)
        self.corner_button = QPushButton("Top-left corner at 0, 0")
        self.corner_button.setToolTip("Put the grid's top-left corner at the map's origin")
        self.corner_button.clicked.connect(self._corner_origin)
        origin.addWidget(self.corner_button)
        form.addRow("Centre of c1r1", origin)
        self.columns, self.rows = QSpinBox(), QSpinBox()
        self.columns.setObjectName("new-columns")
        self.rows.setObjectName("new-rows")
        for box, value in ((self.columns, start.columns), (self.rows, start.rows)):
            box.setRange(1, MAX_SIDE)
            box.setValue(value)
        form.addRow("Columns", self.columns)
        form.addRow("Rows", self.rows)
        self.offset = QComboBox()
        for text, key in OFFSETS:
            self.offset.addItem(text, key)
        self.offset.setCurrentIndex(self.offset.findData(start.offset))
        form.addRow("Offset", self.offset)
        self.base = QComboBox()
        self.base.setObjectName("new-base-terrain")
        from schemas.starter import new_scenario

        for terrain in new_scenario().terrain:
            if terrain.domain == "land":
                self.base.addItem(terrain.name or terrain.id, terrain.id)
        self.base.setCurrentIndex(max(0, self.base.findData(start.base_terrain)))
        form.addRow("Every hex starts as", self.base)
        image = QHBoxLayout()
        self.image = QLineEdit()
        self.image.setObjectName("new-image")
        self.image.setPlaceholderText("none")
        image.addWidget(self.image, 1)
        browse = QPushButton("Choose…")
        browse.clicked.connect(self._choose_image)
        image.addWidget(browse)
        form.addRow("Image to trace", image)
        self.fit_note = QLabel()
        self.fit_note.setWordWrap(True)
        set_muted(self.fit_note)
        form.addRow(self.fit_note)
        for box in (self.columns, self.rows):
            box.valueChanged.connect(self._check)
        self.orientation.currentIndexChanged.connect(self._corner_origin)
        self.offset.currentIndexChanged.connect(self._corner_origin)
        return self.hexes

    def _kind_chosen(self) -> None:
        hexes = self.kind.currentData() == "hexes"
        self.sheet.setVisible(not hexes)
        self.hexes.setVisible(hexes)
        self._check()
        self._fit()
        if self.isVisible():  # again once the layout has let go of the hidden box
            QTimer.singleShot(0, self, self._fit)

    def _fit(self) -> None:
        """At least 480 wide, and as tall as its rows need at that width: the sheet's note
        wraps, and a height from the size hint (made for a narrower dialog) left a gap in the
        middle; adjustSize after a change of kind shrank the dialog to 271 pixels."""
        width = max(480, self.sizeHint().width())
        layout = self.layout()
        if layout.hasHeightForWidth():
            height = layout.totalHeightForWidth(width)
        else:
            height = layout.totalSizeHint().height()
        self.resize(width, height)

    def _corner_origin(self) -> None:
        x, y = first_hex_centre(
            self.orientation.currentData(), self.hex_size.value(), self.offset.currentData()
        )
        self.origin_x.setValue(x)
        self.origin_y.setValue(y)

    def _choose_image(self) -> None:
        from editor.studio.forms.paths import IMAGE_FILTER

        name, _ = QFileDialog.getOpenFileName(self, "Choose an image to trace", "", IMAGE_FILTER)
        if name:
            self.set_image(name)

    def set_image(self, name: str) -> None:
        """Trace ``name``: the grid is fitted over it from the hex size (in its pixels)."""
        self.image.setText(name)
        size = QImageReader(name).size()
        if not size.isValid():
            self.fit_note.setText("This file is not an image the studio can read.")
            return
        orientation, hex_size = self.orientation.currentData(), self.hex_size.value()
        columns, rows = grid_over(orientation, hex_size, size.width(), size.height())
        self.columns.setValue(columns)
        self.rows.setValue(rows)
        self._corner_origin()
        self.fit_note.setText(
            f"The image is {size.width()} x {size.height()} pixels, one map unit each; "
            f"{columns} x {rows} hexes of this size cover it. Change the size, the origin and "
            "the counts to match the hexes printed on it."
        )

    def _check(self) -> None:
        count = self.columns.value() * self.rows.value()
        too_many = self.kind.currentData() == "hexes" and count > MAX_HEXES
        self.problem.setText(
            f"A hex map holds at most {MAX_HEXES:,} hexes; {count:,} is too many."
            if too_many
            else ""
        )
        self.problem.setVisible(too_many)
        self.create_button.setEnabled(not too_many)

    def choice(self) -> NewScenario:
        scale = self.scale.value()
        return NewScenario(
            title=self.title.text().strip() or "Untitled scenario",
            width=self.width_box.value(),
            height=self.height_box.value(),
            units_per_km=scale if scale > 0 else None,
            kind=self.kind.currentData(),
            orientation=self.orientation.currentData(),
            hex_size=self.hex_size.value(),
            origin=(self.origin_x.value(), self.origin_y.value()),
            columns=self.columns.value(),
            rows=self.rows.value(),
            offset=self.offset.currentData(),
            base_terrain=self.base.currentData() or "clear",
            image=self.image.text().strip(),
        )

    def accept(self) -> None:
        _remember_choice(self.choice())
        super().accept()


# -- the frame of a saved file -------------------------------------------------------------------


def _frames() -> dict[str, str]:
    value = settings().value(FRAMES_KEY, {})
    return dict(value) if isinstance(value, dict) else {}


def remember_frame(path: Path, frame: tuple[float, float, float, float] | None) -> None:
    """Keep a document's drawing frame for its file (so reopening it shows the same sheet)."""
    frames = _frames()
    key = str(path.resolve())
    if frame is None:
        frames.pop(key, None)
    else:
        frames[key] = ",".join(f"{v:g}" for v in frame)
    # The last hundred files are plenty; the oldest go first.
    while len(frames) > 100:
        frames.pop(next(iter(frames)))
    settings().setValue(FRAMES_KEY, frames)


def frame_for(path: Path) -> tuple[float, float, float, float] | None:
    """The drawing frame remembered for a file, if any."""
    text = _frames().get(str(path.resolve()))
    if not text:
        return None
    try:
        x, y, width, height = (float(v) for v in str(text).split(","))
    except ValueError:
        return None
    return (x, y, width, height) if width > 0 and height > 0 else None

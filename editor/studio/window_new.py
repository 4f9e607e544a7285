"""File > New: the questions a new scenario starts from, and the frame its map is drawn in.

A new scenario has no regions, so its map would have no size: the view could not zoom to
anything and the first clicks would land on an arbitrary scale. The dialog asks for the
title, the size of the sheet the map is drawn on (in map units, the unit of every coordinate
in the file) and, optionally, how many map units make a kilometre; Enter accepts the values
offered, which are the last ones chosen. The sheet is the studio's, not the file's: the
studio remembers it for the file it is saved to (see :func:`remember_frame`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.shared.settings import settings
from schemas.map import MapSettings
from schemas.scenario import Scenario
from schemas.starter import new_scenario

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

    @property
    def frame(self) -> tuple[float, float, float, float]:
        return (0.0, 0.0, float(self.width), float(self.height))

    def scenario(self) -> Scenario:
        scenario = new_scenario(self.title.strip() or "Untitled scenario")
        if self.units_per_km:
            scenario = scenario.model_copy(
                update={"map": MapSettings(units_per_km=self.units_per_km)}
            )
        return scenario


def last_choice() -> NewScenario:
    """The sheet and scale chosen last time (or the defaults)."""
    store = settings()
    try:
        width = int(store.value("studio/new-width", DEFAULT_SIZE[0]))
        height = int(store.value("studio/new-height", DEFAULT_SIZE[1]))
        scale = float(store.value("studio/new-scale", 0.0) or 0.0)
    except (TypeError, ValueError):
        return NewScenario()
    if not (10 <= width <= 1_000_000 and 10 <= height <= 1_000_000):
        return NewScenario()
    return NewScenario(width=width, height=height, units_per_km=scale if scale > 0 else None)


def _remember_choice(choice: NewScenario) -> None:
    store = settings()
    store.setValue("studio/new-width", choice.width)
    store.setValue("studio/new-height", choice.height)
    store.setValue("studio/new-scale", choice.units_per_km or 0.0)


class NewScenarioDialog(QDialog):
    """Asks for a new scenario's title, map size and scale (see the module)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New scenario")
        self.setObjectName("new-scenario")
        start = last_choice()
        layout = QVBoxLayout(self)
        intro = QLabel(
            "The map is drawn on a sheet of this size, in map units (the unit of every "
            "coordinate in the file). Regions may later reach past it."
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.title = QLineEdit(start.title)
        self.title.selectAll()
        form.addRow("Title", self.title)
        self.width_box = QSpinBox()
        self.height_box = QSpinBox()
        for box, value in ((self.width_box, start.width), (self.height_box, start.height)):
            box.setRange(10, 1_000_000)
            box.setSingleStep(100)
            box.setValue(value)
            box.setSuffix(" map units")
        form.addRow("Map width", self.width_box)
        form.addRow("Map height", self.height_box)
        self.scale = QDoubleSpinBox()
        self.scale.setRange(0.0, 100_000.0)
        self.scale.setDecimals(3)
        self.scale.setSpecialValueText("not a geographic map")
        self.scale.setSuffix(" map units per km")
        self.scale.setValue(start.units_per_km or 0.0)
        form.addRow("Scale", self.scale)
        layout.addLayout(form)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Create")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(440, self.sizeHint().height())

    def choice(self) -> NewScenario:
        scale = self.scale.value()
        return NewScenario(
            title=self.title.text().strip() or "Untitled scenario",
            width=self.width_box.value(),
            height=self.height_box.value(),
            units_per_km=scale if scale > 0 else None,
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

"""The turn header of an operational game, above the map: the turn, day or night and the
day's weather with what it does (OT4, OW1), and the overlays' switches, each with the key to
its colours (the View menu holds the same switches).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPixmap
from PySide6.QtWidgets import QCheckBox, QFrame, QHBoxLayout, QLabel, QSizePolicy, QWidget

from editor.game.panels.base import MUTED
from editor.game.session import GameSession
from editor.game.wego.op_overlays import OP_OVERLAYS, legend
from engine.wego.op import map_queries

WEATHER_WORDS = {"good": "Good weather", "mud": "Mud", "frozen": "Frozen ground"}

SHORT_LABELS = {"zoc": "Enemy ZOC", "loc": "LOC lines", "supply": "Supply", "intel": "Intel"}


def clock_words(session: GameSession) -> tuple[str, str]:
    """The header's line (turn, day or night, weather) and its detail (the effects)."""
    game = session.game
    day = map_queries.clock(game)
    last = game.scenario.calendar.turns
    time = "Night" if day.night else "Day"
    weather = WEATHER_WORDS.get(day.weather, day.weather.replace("_", " ").capitalize())
    line = f"Turn {game.state.turn} of {last} · {time} · {weather}"
    effects = []
    if day.movement != 1:
        effects.append(f"movement \u00d7{day.movement:g}")
    if day.recovery != 1:
        effects.append(f"readiness recovery \u00d7{day.recovery:g}")
    if day.frozen:
        effects.append("rivers frozen")
    if day.night:
        effects.append("zones of control halved")
    return line, ", ".join(effects) if effects else "no weather effects"


class ElidedLabel(QLabel):
    """A label that ends in "…" when its room is shorter than its text (the header's
    tooltip holds the whole of it)."""

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        text = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, self.width())
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(self.rect(), int(self.alignment()), text)


def _swatch(colour: QColor) -> QLabel:
    picture = QPixmap(12, 12)
    picture.fill(colour)
    label = QLabel()
    label.setPixmap(picture)
    return label


class OpHeader(QFrame):
    """The clock and the overlay switches (see the module docstring)."""

    toggled = Signal(str, bool)
    """An overlay switched on or off here: (name, on)."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("op-header")
        self.session = session
        self.clock = QLabel()
        self.clock.setObjectName("op-clock")
        self.clock.setStyleSheet("font-weight: bold; font-size: 11pt;")
        self.effects = ElidedLabel()
        self.effects.setObjectName("op-weather-effects")
        self.effects.setStyleSheet(f"color: {MUTED};")
        # The effects give way first on a narrow window (the header's tooltip says them all):
        # the overlays' switches must never widen the window past the screen.
        self.effects.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.effects.setMinimumWidth(0)
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 4, 8, 4)
        row.addWidget(self.clock)
        row.addWidget(self.effects, 1)
        self.boxes: dict[str, QCheckBox] = {}
        for name, label in OP_OVERLAYS:
            if name not in SHORT_LABELS:
                continue  # the units' values: in the View menu (no room here at 1280 px)
            box = QCheckBox(SHORT_LABELS[name])
            box.setObjectName(f"op-overlay-{name}")
            box.setToolTip(f"Show {label.lower()} on the map")
            box.toggled.connect(lambda on, n=name: self.toggled.emit(n, on))
            self.boxes[name] = box
            row.addSpacing(6)
            row.addWidget(box)
            key = QWidget()
            keys = QHBoxLayout(key)
            keys.setContentsMargins(0, 0, 0, 0)
            keys.setSpacing(2)
            for colour, words in legend(name):
                swatch = _swatch(colour)
                swatch.setToolTip(words)
                keys.addWidget(swatch)
            key.setToolTip(", ".join(words for _c, words in legend(name)))
            row.addWidget(key)
        session.changed.connect(self.refresh)
        self.refresh()

    def set_checked(self, name: str, on: bool) -> None:
        box = self.boxes.get(name)
        if box is not None and box.isChecked() != on:
            box.blockSignals(True)
            box.setChecked(on)
            box.blockSignals(False)

    def refresh(self) -> None:
        line, detail = clock_words(self.session)
        self.clock.setText(line)
        self.effects.setText(detail)
        self.setToolTip(f"{line}: {detail}")

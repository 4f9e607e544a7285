"""The tension index: switched on or off, its settings, a scale, and its steps' effects.

The scale draws the index as the players will feel it (where it starts, where each step
fires, where the benefiting side wins), which tells more about pacing than the numbers
alone. Every change is one edit of the ``tension`` section; switching the index off keeps
its last settings in memory, so switching it back on restores them.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QCheckBox, QGroupBox, QLabel, QSizePolicy, QVBoxLayout, QWidget

from editor.shared import sentences as wording
from editor.shared.vocabulary import plain
from editor.shared.widgets import MessageLabel
from editor.studio.document import Change, ScenarioDocument, with_value
from editor.studio.forms.builder import LogicTree
from editor.studio.forms.model_form import FormContext, ModelEditor
from editor.studio.sections.deck_list import EntityList, Entry
from schemas.sides import TensionIndex, TensionStep


class TensionScale(QWidget):
    """A ruler from the index's minimum to its threshold, with the start and the steps."""

    def __init__(self) -> None:
        super().__init__()
        self.index: TensionIndex | None = None
        self.winner = ""
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(66)

    def sizeHint(self) -> QSize:
        return QSize(320, 66)

    def set_index(self, index: TensionIndex | None, winner: str) -> None:
        self.index, self.winner = index, winner
        self.update()

    def paintEvent(self, _event: QPaintEvent) -> None:
        index = self.index
        if index is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        values = [index.minimum, index.start, *(s.value for s in index.steps)]
        if index.threshold is not None:
            values.append(index.threshold)
        low, high = min(values), max(values) + 1
        left, right, y = 14.0, self.width() - 14.0, 30.0

        def x(value: float) -> float:
            return left + (value - low) / max(high - low, 1) * (right - left)

        small = QFont(self.font())
        small.setPointSizeF(small.pointSizeF() * 0.85)
        painter.setFont(small)
        painter.setPen(QPen(QColor("#9a9a9a"), 1))
        painter.drawLine(QPointF(left, y), QPointF(right, y))
        step = max(1, (high - low) // 12)
        for value in range(low, high + 1, step):
            painter.drawLine(QPointF(x(value), y - 3), QPointF(x(value), y + 3))
            painter.drawText(
                QRectF(x(value) - 15, y + 5, 30, 14), Qt.AlignmentFlag.AlignCenter, str(value)
            )
        if index.threshold is not None:
            band = QRectF(x(index.threshold), y - 6, right - x(index.threshold), 12)
            painter.fillRect(band, QColor(176, 48, 48, 60))
            painter.setPen(QColor("#a02a2a"))
            label = f"{index.threshold}: {self.winner} wins"
            # Centred on the threshold, but kept inside the widget (it sits near the end).
            width = painter.fontMetrics().horizontalAdvance(label) + 6
            at = min(max(x(index.threshold) - width / 2, 0.0), self.width() - width)
            painter.drawText(QRectF(at, y - 26, width, 14), Qt.AlignmentFlag.AlignCenter, label)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#3d6fb6"))
        start = x(index.start)
        painter.drawPolygon(
            QPolygonF(
                [QPointF(start, y + 1), QPointF(start - 6, y + 12), QPointF(start + 6, y + 12)]
            )
        )
        painter.setPen(QColor("#3d6fb6"))
        painter.drawText(QRectF(start - 30, y + 16, 60, 14), Qt.AlignmentFlag.AlignCenter, "start")
        for tension_step in index.steps:
            painter.setPen(QPen(QColor("#2b5f2b"), 1))
            painter.setBrush(QColor("#7fb77f"))
            painter.drawEllipse(QPointF(x(tension_step.value), y), 5, 5)


class TensionPanel(QGroupBox):
    """Edits ``scenario.tension``: presence, settings, scale, steps and their effects."""

    def __init__(self, document: ScenarioDocument, context: FormContext) -> None:
        super().__init__("Tension index")
        self.document, self.context = document, context
        self.setToolTip("A scenario-wide index, such as foreign outrage, that can end the game")
        self.remembered: TensionIndex | None = None
        self.step_row: int | None = None
        layout = QVBoxLayout(self)
        self.enabled = QCheckBox("This scenario has a tension index")
        self.enabled.setToolTip(
            "Switched off, the scenario has no index (its last settings are kept until you close"
            " the studio, so switching it on again restores them)"
        )
        self.enabled.toggled.connect(self.set_enabled)
        layout.addWidget(self.enabled)
        self.body = QWidget()
        body = QVBoxLayout(self.body)
        body.setContentsMargins(0, 0, 0, 0)
        self.form = ModelEditor(TensionIndex, context, skip=("steps",))
        self.form.edited.connect(self._settings_edited)
        body.addWidget(self.form)
        self.scale = TensionScale()
        body.addWidget(self.scale)
        steps = QGroupBox("Steps")
        steps.setToolTip(plain(TensionIndex.model_fields["steps"].description))
        steps_layout = QVBoxLayout(steps)
        self.steps = EntityList("step")
        self.steps.show_rows(4)
        self.steps.connect_actions(
            self._step_picked, self.add_step, self.duplicate_step, self.delete_step, self.move_step
        )
        steps_layout.addWidget(self.steps)
        self.step_form = ModelEditor(TensionStep, context, skip=("effects",))
        self.step_form.edited.connect(self._step_edited)
        steps_layout.addWidget(self.step_form)
        self.step_effects = LogicTree("effects", context)
        self.step_effects.edited.connect(lambda value: self._step_field("effects", value))
        self.effects_label = QLabel("<b>What happens</b>")
        steps_layout.addWidget(self.effects_label)
        steps_layout.addWidget(self.step_effects)
        body.addWidget(steps)
        self.message = MessageLabel()
        body.addWidget(self.message)
        layout.addWidget(self.body)
        layout.addStretch(1)
        document.changed.connect(self.on_change)
        self.refresh()

    # -- showing -----------------------------------------------------------------------------

    def tension(self) -> TensionIndex | None:
        return self.document.scenario.tension

    def refresh(self) -> None:
        index = self.tension()
        self.enabled.blockSignals(True)
        self.enabled.setChecked(index is not None)
        self.enabled.blockSignals(False)
        self.body.setVisible(index is not None)
        if index is None:
            return
        self.remembered = index
        self.form.show_value(index)
        winner = self.context.names("sides", index.benefits)
        self.scale.set_index(index, winner)
        self.steps.set_entries(
            [
                Entry(str(row), f"At {step.value}: {step.description or _effects(step, self)}")
                for row, step in enumerate(index.steps)
            ]
        )
        count = len(index.steps)
        self.step_row = None if not count else min(self.step_row or 0, count - 1)
        self.steps.set_current(None if self.step_row is None else str(self.step_row))
        self._show_step()

    def _show_step(self) -> None:
        index = self.tension()
        step = None
        if index is not None and self.step_row is not None and self.step_row < len(index.steps):
            step = index.steps[self.step_row]
        for widget in (self.step_form, self.step_effects, self.effects_label):
            widget.setVisible(step is not None)
        if step is None:
            return
        self.step_form.show_value(step)
        self.step_effects.show_value(step.effects)

    def on_change(self, change: Change) -> None:
        if change.section in ("tension", "sides"):
            self.refresh()

    def select_step(self, row: int) -> None:
        self.step_row = row
        self.steps.set_current(str(row))
        self._show_step()

    # -- editing (each one undo step) --------------------------------------------------------------

    def set_enabled(self, on: bool) -> None:
        if on == (self.tension() is not None):
            return
        if not on:
            self.remembered = self.tension()
            self.document.set_section("tension", None, "Remove the tension index")
            return
        index = self.remembered
        if index is None:
            sides = [s for s in self.document.items("sides") if not s.neutral]
            if not sides:
                self.enabled.setChecked(False)
                return
            index = TensionIndex(name="Tension", benefits=sides[-1].id)
        self.document.set_section("tension", index, "Add a tension index")

    def _set(self, index: TensionIndex, text: str) -> None:
        self.message.hide()
        self.document.set_section("tension", index, text)

    def _settings_edited(self, new: Any) -> None:
        if new is not None:
            self._set(new, "Edit the tension index")

    def _with(self, path: list[str | int], value: Any, text: str) -> None:
        index = self.tension()
        if index is None:
            return
        try:
            new = with_value(index, path, value)
        except ValidationError as error:
            self.message.not_applied(error)
            self.refresh()
            return
        self._set(new, text)

    def _step_picked(self, key: str | None) -> None:
        self.step_row = None if key is None else int(key)
        self._show_step()

    def _step_edited(self, step: Any) -> None:
        if step is not None and self.step_row is not None:
            self._with(["steps", self.step_row], step, "Edit a tension step")

    def _step_field(self, name: str, value: Any) -> None:
        if self.step_row is not None:
            self._with(["steps", self.step_row, name], value, f"Edit the {name} of a tension step")

    def _steps(self, steps: list[TensionStep], row: int | None, text: str) -> None:
        self.step_row = row
        self._with(["steps"], steps, text)

    def add_step(self) -> None:
        index = self.tension()
        if index is not None:
            value = max([index.start, *(s.value for s in index.steps)]) + 1
            steps = [*index.steps, TensionStep(value=value)]
            self._steps(steps, len(steps) - 1, "Add a tension step")

    def duplicate_step(self) -> None:
        index = self.tension()
        if index is not None and self.step_row is not None:
            steps = list(index.steps)
            steps.insert(self.step_row + 1, steps[self.step_row])
            self._steps(steps, self.step_row + 1, "Duplicate a tension step")

    def delete_step(self) -> None:
        index = self.tension()
        if index is not None and self.step_row is not None:
            steps = [s for row, s in enumerate(index.steps) if row != self.step_row]
            row = min(self.step_row, len(steps) - 1) if steps else None
            self._steps(steps, row, "Delete a tension step")

    def move_step(self, offset: int) -> None:
        index = self.tension()
        if index is None or self.step_row is None:
            return
        target = self.step_row + offset
        if 0 <= target < len(index.steps):
            steps = list(index.steps)
            steps[self.step_row], steps[target] = steps[target], steps[self.step_row]
            self._steps(steps, target, "Move a tension step")


def _effects(step: TensionStep, panel: TensionPanel) -> str:
    return wording.effects(step.effects, panel.context.names)

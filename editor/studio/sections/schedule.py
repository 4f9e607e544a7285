"""The schedule editor: reinforcements on a timeline by turn, and the replacement grants.

The timeline (a row per side, a column per turn of the calendar, dated) shows each
reinforcement as a chip listing its units; dragging a chip to another turn is one document
edit, a double-click on a cell adds a reinforcement there, and a click selects it in the
document so its form (destination, units, condition) shows below. Replacement grants are a
list and a form beside it; their points per turn also show along each side's row.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from editor.shared import sentences as wording
from editor.shared.vocabulary import plain
from editor.shared.widgets import MessageLabel, scrolling, tool_button
from editor.studio.document import Change, ScenarioDocument, Selection
from editor.studio.forms.builder import LogicTree
from editor.studio.forms.context import studio_context
from editor.studio.forms.model_form import ModelEditor
from editor.studio.naming import new_id
from editor.studio.sections.schedule_grants import ReplacementsPanel
from editor.studio.sections.timeline_items import Chip, Column, Lane
from editor.studio.sections.timeline_view import ReinforcementTimeline
from schemas.schedule import Reinforcement
from schemas.selection import Destination

WATCHED = ("reinforcements", "replacements", "sides", "calendar", "rules", "units", "leaders")
"""Sections whose changes alter what the timeline shows."""


class ScheduleEditor(QWidget):
    """Reinforcement timeline with the selected reinforcement's form, and replacements."""

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__()
        self.document = document
        self.context = studio_context(document)
        self.current: str | None = None

        self.timeline = ReinforcementTimeline()
        self.timeline.chipClicked.connect(self._chip_clicked)
        self.timeline.chipMoved.connect(self.move_to_turn)
        self.timeline.addRequested.connect(self.add_at)
        self.timeline.deleteRequested.connect(lambda key: self.delete_reinforcement(key))
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.setSpacing(3)
        bar = QHBoxLayout()
        title = QLabel("<b>Reinforcements by turn</b>")
        hint = QLabel("Drag a chip to another turn · double-click a cell to add · Delete removes")
        hint.setStyleSheet("color: #666;")
        hint.setWordWrap(True)  # in a narrow tab it wraps rather than widen the editor
        self.add_button = tool_button("Add", "Add a reinforcement (at the selected one's turn)")
        self.add_button.clicked.connect(self._add_clicked)
        self.duplicate_button = tool_button("Duplicate", "Copy the selected reinforcement")
        self.duplicate_button.clicked.connect(self.duplicate_reinforcement)
        self.delete_button = tool_button("Delete", "Delete the selected reinforcement")
        self.delete_button.clicked.connect(lambda: self.delete_reinforcement(self.current))
        bar.addWidget(title)
        bar.addSpacing(8)
        bar.addWidget(hint, 1)
        for button in (self.add_button, self.duplicate_button, self.delete_button):
            bar.addWidget(button)
        top_layout.addLayout(bar)
        top_layout.addWidget(self.timeline, 1)

        bottom = QSplitter(Qt.Orientation.Horizontal)
        bottom.addWidget(self._reinforcement_box())
        self.replacements = ReplacementsPanel(document, self.context)
        bottom.addWidget(self.replacements)
        bottom.setStretchFactor(0, 3)
        bottom.setStretchFactor(1, 2)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(top)
        splitter.addWidget(bottom)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(splitter)

        document.changed.connect(self.on_change)
        document.selectionChanged.connect(self.on_selection)
        self.refresh()
        self.on_selection(document.selection)

    # -- panels ----------------------------------------------------------------------------------

    def _reinforcement_box(self) -> QGroupBox:
        box = QGroupBox("Reinforcement")
        self.reinforcement_box = box
        inner = QWidget()
        layout = QVBoxLayout(inner)
        layout.setContentsMargins(0, 0, 4, 0)
        self.form = ModelEditor(Reinforcement, self.context, skip=("condition",), read_only=("id",))
        self.form.edited.connect(self._form_edited)
        layout.addWidget(self.form)
        condition_box = QGroupBox("Arrives only if")
        condition_box.setToolTip(plain(Reinforcement.model_fields["condition"].description))
        self.condition = LogicTree("condition", self.context, optional=True)
        self.condition.edited.connect(self._condition_edited)
        QVBoxLayout(condition_box).addWidget(self.condition)
        layout.addWidget(condition_box)
        self.message = MessageLabel()
        layout.addWidget(self.message)
        layout.addStretch(1)
        self.empty = QLabel("Click a chip on the timeline to edit it, or double-click a cell.")
        self.empty.setStyleSheet("color: #666;")
        self.empty.setWordWrap(True)
        outer = QVBoxLayout(box)
        outer.addWidget(self.empty)
        self.reinforcement_scroll = scrolling(inner)
        outer.addWidget(self.reinforcement_scroll, 1)
        return box

    # -- what the timeline shows -------------------------------------------------------------------

    def _columns(self) -> list[Column]:
        calendar = self.document.scenario.calendar
        spec = next((p for p in calendar.phases if p.phase == "reinforcements"), None)
        columns = [Column(None, "No turn", "card or event")]
        for turn in range(1, calendar.turns + 1):
            date = calendar.date_of(turn)
            open_ = spec is not None and spec.turns.contains(turn)
            columns.append(Column(turn, f"Turn {turn}", f"{date.day} {date:%b %Y}", open_))
        return columns

    def _points(self, side: str) -> dict[int, int]:
        scenario = self.document.scenario
        spec = next((p for p in scenario.calendar.phases if p.phase == "replacements"), None)
        base = scenario.rules.replacements.points_per_turn
        points: dict[int, int] = {}
        for turn in range(1, scenario.calendar.turns + 1):
            if spec is None or not spec.turns.contains(turn):
                continue
            extra = sum(
                grant.points
                for grant in scenario.replacements
                if grant.side == side and grant.turns.contains(turn)
            )
            points[turn] = base + extra
        return points

    def _lanes(self) -> list[Lane]:
        sides = self.document.items("sides")
        with_reinforcements = {r.side for r in self.document.items("reinforcements")}
        return [
            Lane(side.id, side.name, side.color, self._points(side.id))
            for side in sides
            if not side.neutral or side.id in with_reinforcements
        ]

    def _chip(self, reinforcement: Reinforcement) -> Chip:
        names = self.context.names
        lines = [names("units", u) for u in reinforcement.units]
        lines += [f"★ {names('leaders', leader)}" for leader in reinforcement.leaders]
        where = wording.destination(reinforcement.to, names)
        tip = [f"<b>{reinforcement.id}</b>", reinforcement.text, f"Arrives {where}"]
        if reinforcement.condition is not None:
            tip.append(f"Only if {wording.condition(reinforcement.condition, names)}")
        return Chip(
            reinforcement.id,
            reinforcement.side,
            reinforcement.turn,
            lines or ["(nobody yet)"],
            "<br>".join(t for t in tip if t),
            reinforcement.condition is not None,
        )

    def refresh(self) -> None:
        chips = [self._chip(r) for r in self.document.items("reinforcements")]
        self.timeline.set_data(self._columns(), self._lanes(), chips)
        self.timeline.set_selected(self.current)
        self._show_reinforcement()
        self.replacements.refresh()

    def _show_reinforcement(self) -> None:
        entity = None if self.current is None else self.document.get("reinforcements", self.current)
        self.empty.setVisible(entity is None)
        self.reinforcement_scroll.setVisible(entity is not None)
        self.duplicate_button.setEnabled(entity is not None)
        self.delete_button.setEnabled(entity is not None)
        if entity is None:
            self.reinforcement_box.setTitle("Reinforcement")
            return
        self.reinforcement_box.setTitle(f"Reinforcement {entity.id}")
        self.form.show_value(entity)
        self.condition.show_value(entity.condition)

    # -- following the document ------------------------------------------------------------------

    def on_change(self, change: Change) -> None:
        self.context.refresh_choices()
        if change.section in WATCHED:
            if self.current and self.document.get("reinforcements", self.current) is None:
                self.current = None
            self.refresh()

    def on_selection(self, selection: Selection) -> None:
        if not selection.ids:
            return
        if selection.section == "reinforcements":
            self.current = selection.ids[0]
            self.timeline.set_selected(self.current)
            self._show_reinforcement()
            if selection.field:
                head = str(selection.field[0])
                if head == "condition":
                    self.condition.focus(tuple(selection.field[1:]))
                else:
                    self.form.focus(tuple(selection.field))
        elif selection.section == "replacements":
            self.replacements.select(selection.ids[0])

    # -- reinforcement edits (each one undo step) ---------------------------------------------

    def _chip_clicked(self, key: str) -> None:
        self.current = key
        self._show_reinforcement()
        self.document.select("reinforcements", [key])

    def move_to_turn(self, key: str, turn: int | None) -> None:
        label = f"turn {turn}" if turn is not None else "no turn"
        self.document.set_field("reinforcements", key, ["turn"], turn, f"Move {key} to {label}")

    def add_at(self, side: str, turn: int | None) -> None:
        stem = f"{side}-turn-{turn}" if turn is not None else f"{side}-on-call"
        made = Reinforcement(
            id=new_id(self.document, "reinforcements", stem), side=side, turn=turn, to=Destination()
        )
        self.document.add("reinforcements", made, text=f"Add {made.id}")
        self.document.select("reinforcements", [made.id])

    def _add_clicked(self) -> None:
        current = (
            None if self.current is None else self.document.get("reinforcements", self.current)
        )
        if current is not None:
            self.add_at(current.side, current.turn)
        elif self.timeline.lanes:
            self.add_at(self.timeline.lanes[0].side, 1)

    def duplicate_reinforcement(self) -> None:
        entity = None if self.current is None else self.document.get("reinforcements", self.current)
        if entity is None:
            return
        # A unit arrives once: the copy starts empty of units and leaders, with the same plan.
        data = {**entity.model_dump(by_alias=True), "units": [], "leaders": []}
        copy = Reinforcement.model_validate(
            {**data, "id": new_id(self.document, "reinforcements", entity.id)}
        )
        position = self.document.index_of("reinforcements", entity.id) + 1
        self.document.add("reinforcements", copy, position, f"Duplicate {entity.id}")
        self.document.select("reinforcements", [copy.id])

    def delete_reinforcement(self, key: str | None) -> None:
        if key is not None and self.document.get("reinforcements", key) is not None:
            self.document.delete("reinforcements", [key])
            self.current = None
            self._show_reinforcement()

    def _form_edited(self, new: BaseModel | None) -> None:
        if new is not None:
            self.document.replace("reinforcements", new, f"Edit {new.id}")  # type: ignore[attr-defined]

    def _condition_edited(self, value: Any) -> None:
        if self.current is None:
            return
        try:
            self.document.set_field(
                "reinforcements",
                self.current,
                ["condition"],
                value,
                f"Edit condition of {self.current}",
            )
        except ValidationError as error:
            self.message.not_applied(error)
            self._show_reinforcement()
            return
        self.message.hide()

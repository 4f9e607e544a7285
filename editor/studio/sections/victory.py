"""The victory editor: how the game is won, sudden-death conditions, and the tension index.

Victory is spread over the format (the summary and sudden-death rules in ``victory``, the VP
level in ``rules``, the places' VP in the map, the index in ``tension``); this editor brings
them together so a designer can judge the whole: the VP at stake per side are summed from the
map, each sudden-death condition is built with the condition builder, and the tension index
has its own panel. Every change is one document edit of the section it belongs to.
"""

from __future__ import annotations

import math
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QLabel,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from editor.shared import sentences as wording
from editor.shared.vocabulary import plain, word
from editor.shared.widgets import MessageLabel, scrolling
from editor.studio.document import Change, ScenarioDocument, Selection, with_value
from editor.studio.forms.builder import LogicTree
from editor.studio.forms.context import studio_context
from editor.studio.forms.fields import MultilineTextEditor
from editor.studio.forms.model_form import ModelEditor
from editor.studio.forms.numbers import IntEditor
from editor.studio.naming import new_id
from editor.studio.sections.deck_list import EntityList, Entry
from editor.studio.sections.victory_tension import TensionPanel
from schemas.conditions import Controls
from schemas.rules import VictoryRules
from schemas.validation.index import ScenarioIndex
from schemas.validation.victory import check_victory_level, vp_reach
from schemas.victory import SuddenDeath, Victory

REACH_SECTIONS = frozenset(
    {"units", "leaders", "unit_types", "nations", "cards", "events", "tension", "calendar"}
)
"""Other sections the most VP a side can score depends on."""


class VictoryEditor(QWidget):
    """Victory summary and VP level, sudden-death conditions, and the tension index."""

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__()
        self.document = document
        self.context = studio_context(document)
        self.row: int | None = None

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 4, 0)
        left_layout.addWidget(self._summary_box())
        left_layout.addWidget(self._sudden_death_box())
        left_layout.addStretch(1)
        self.tension = TensionPanel(document, self.context)
        self.splitter = splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(scrolling(left))
        splitter.addWidget(scrolling(self.tension))
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(splitter)
        self.panes = (left, self.tension)
        document.changed.connect(self.on_change)
        document.selectionChanged.connect(self.on_selection)
        self.refresh()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Side by side where both panes fit, one above the other where they do not: the
        panes scroll up and down only, and at 1280 pixels side by side cut off the VP table,
        the summary and the sudden-death list on the right."""
        super().resizeEvent(event)
        self.arrange()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # The panes' contents settle their minimum widths once laid out.
        QTimer.singleShot(0, self, self.arrange)

    def arrange(self) -> None:
        needed = sum(pane.minimumSizeHint().width() for pane in self.panes) + 40
        wide = self.width() >= needed
        orientation = Qt.Orientation.Horizontal if wide else Qt.Orientation.Vertical
        if self.splitter.orientation() != orientation:
            self.splitter.setOrientation(orientation)

    # -- panels ------------------------------------------------------------------------------------

    def _summary_box(self) -> QGroupBox:
        box = QGroupBox("How the game is won")
        form = QFormLayout(box)
        self.description = MultilineTextEditor()
        self.description.setToolTip(plain(Victory.model_fields["description"].description))
        self.description.edited.connect(lambda text: self._victory(["description"], text))
        form.addRow("Summary", self.description)
        level_info = VictoryRules.model_fields["victory_level"]
        self.level = IntEditor(0, 10_000, optional=True)
        self.level.setToolTip(plain(level_info.description))
        self.level.edited.connect(self._level_edited)
        label = QLabel("Victory level")
        label.setToolTip(self.level.toolTip())
        form.addRow(label, self.level)
        self.stakes = QLabel()
        self.stakes.setTextFormat(Qt.TextFormat.RichText)
        self.stakes.setToolTip(
            "Summed from the VP values of regions and structures, and the sides' start VP;"
            " edit them on the map and in the sides editor. The last column is the most a"
            " side can have when the victory level is checked: start, captures (each once),"
            " units destroyed and VP cards and events"
        )
        form.addRow("VP at stake", self.stakes)
        self.reach_note = QLabel()
        """Says so when no side can reach the victory level (victory-level-unreachable)."""
        self.reach_note.setWordWrap(True)
        self.reach_note.setStyleSheet("color: #b35c00;")
        self.reach_note.hide()
        form.addRow(self.reach_note)
        return box

    def _sudden_death_box(self) -> QGroupBox:
        box = QGroupBox("Sudden death")
        box.setToolTip(plain(Victory.model_fields["sudden_death"].description))
        layout = QVBoxLayout(box)
        self.conditions = EntityList("sudden-death condition")
        self.conditions.show_rows(4)
        self.conditions.connect_actions(
            self._picked, self.add, self.duplicate, self.delete, self.move
        )
        layout.addWidget(self.conditions)
        self.form = ModelEditor(SuddenDeath, self.context, skip=("condition",), read_only=("id",))
        self.form.edited.connect(self._form_edited)
        layout.addWidget(self.form)
        self.condition_label = QLabel("<b>Wins when</b> (<i>this side</i> is the winner)")
        layout.addWidget(self.condition_label)
        self.condition = LogicTree("condition", self.context, optional=False)
        self.condition.edited.connect(lambda value: self._item_field("condition", value))
        layout.addWidget(self.condition)
        self.message = MessageLabel()
        layout.addWidget(self.message)
        return box

    # -- showing -----------------------------------------------------------------------------------

    def victory(self) -> Victory:
        return self.document.scenario.victory

    def refresh(self) -> None:
        victory = self.victory()
        self.description.show_value(victory.description)
        self.level.show_value(self.document.scenario.rules.victory.victory_level)
        self.stakes.setText(self._stakes())
        names = self.context.names
        self.conditions.set_entries(
            [
                Entry(
                    item.id,
                    f"{names('sides', item.side)}: {wording.condition(item.condition, names)}",
                    f"{word(item.check, 'check')}: {item.description}".strip(": "),
                    self._side_colour(item.side),
                )
                for item in victory.sudden_death
            ]
        )
        count = len(victory.sudden_death)
        self.row = None if not count else min(self.row or 0, count - 1)
        self.conditions.set_current(self._key())
        self._show_item()

    def _key(self) -> str | None:
        items = self.victory().sudden_death
        return items[self.row].id if self.row is not None and self.row < len(items) else None

    def _side_colour(self, side_id: str) -> str | None:
        side = self.document.get("sides", side_id)
        return None if side is None else side.color

    def _stakes(self) -> str:
        scenario = self.document.scenario
        places = [*scenario.regions, *scenario.structures]
        index = ScenarioIndex(scenario)
        rows = []
        for side in scenario.sides:
            if side.neutral:
                continue
            capture = sum(p.values[side.id].capture for p in places if side.id in p.values)
            hold = sum(p.values[side.id].hold_at_end for p in places if side.id in p.values)
            most = sum(vp_reach(index, side.id).values())
            reach = "no limit" if math.isinf(most) else str(int(most))
            rows.append(
                f"<tr><td>{side.name}</td><td align=right>{side.start_vp}</td>"
                f"<td align=right>{capture}</td><td align=right>{hold}</td>"
                f"<td align=right>{reach}</td></tr>"
            )
        head = (
            "<tr><th align=left>Side</th><th>Start</th><th>Captures</th><th>Held at end</th>"
            "<th>Most at a turn's end</th></tr>"
        )
        problem = next(check_victory_level(index), None)
        note = f"\u26a0 {wording.capitalised(problem.message)}." if problem else ""
        self.reach_note.setText(note)
        self.reach_note.setVisible(problem is not None)
        return f"<table cellspacing=0 cellpadding=2>{head}{''.join(rows)}</table>"

    def _show_item(self) -> None:
        items = self.victory().sudden_death
        item = items[self.row] if self.row is not None and self.row < len(items) else None
        for widget in (self.form, self.condition, self.condition_label):
            widget.setVisible(item is not None)
        if item is None:
            return
        self.form.show_value(item)
        self.condition.show_value(item.condition)

    def on_change(self, change: Change) -> None:
        self.context.refresh_choices()
        if change.section in ("victory", "rules", "sides", "regions", "structures"):
            self.refresh()
        elif change.section in REACH_SECTIONS:
            self.stakes.setText(self._stakes())  # what the sides can score changed
        if change.section in ("victory", "tension", "sides"):
            QTimer.singleShot(0, self, self.arrange)  # the panes may need more room now

    def on_selection(self, selection: Selection) -> None:
        """A validation issue inside ``victory`` shows its condition here."""
        if selection.section != "victory":
            return
        items = self.victory().sudden_death
        ids = [item.id for item in items]
        field = tuple(selection.field)
        row = None
        if len(field) >= 2 and field[0] == "sudden_death" and isinstance(field[1], int):
            row = field[1]
        elif selection.ids and selection.ids[0] in ids:
            row = ids.index(selection.ids[0])
        if row is None or not 0 <= row < len(items):
            return
        self.row = row
        self.conditions.set_current(ids[row])
        self._show_item()
        if len(field) > 2 and field[2] == "condition":
            self.condition.focus(field[3:])
        elif len(field) > 2:
            self.form.focus(field[2:])

    # -- editing (each one undo step) ---------------------------------------------------------

    def _victory(self, path: list[str | int], value: Any, text: str | None = None) -> bool:
        try:
            new = with_value(self.victory(), path, value)
        except ValidationError as error:
            self.message.not_applied(error)
            self.refresh()
            return False
        self.message.hide()
        self.document.set_section("victory", new, text or f"Edit the victory {path[0]}")
        return True

    def _level_edited(self, value: int | None) -> None:
        rules = self.document.scenario.rules
        new = with_value(rules, ["victory", "victory_level"], value)
        self.document.set_section("rules", new, "Set the victory level")

    def _picked(self, key: str | None) -> None:
        ids = [item.id for item in self.victory().sudden_death]
        self.row = ids.index(key) if key in ids else None
        self._show_item()
        if key in ids:  # the picked condition is the selection (Copy, Find usages take it)
            self.document.select("victory", [key])

    def _form_edited(self, item: Any) -> None:
        if item is not None and self.row is not None:
            self._victory(["sudden_death", self.row], item, f"Edit {item.id}")

    def _item_field(self, name: str, value: Any) -> None:
        if self.row is not None:
            item_id = self.victory().sudden_death[self.row].id
            self._victory(["sudden_death", self.row, name], value, f"Edit the {name} of {item_id}")

    def _set_items(self, items: list[SuddenDeath], row: int | None, text: str) -> None:
        self.row = row
        self._victory(["sudden_death"], items, text)

    def _new_id(self, stem: str) -> str:
        taken = {item.id for item in self.victory().sudden_death}
        return new_id(self.document, "victory", stem, taken)

    def add(self) -> None:
        sides = [s for s in self.document.items("sides") if not s.neutral]
        if not sides:
            return
        side = sides[0].id
        item = SuddenDeath(
            id=self._new_id(f"{side}-wins"),
            side=side,
            condition=Controls(kind="controls"),
        )
        items = [*self.victory().sudden_death, item]
        self._set_items(items, len(items) - 1, f"Add {item.id}")
        self.form.rows["description"].box.setFocus()  # typing after Add describes it

    def duplicate(self) -> None:
        items = list(self.victory().sudden_death)
        if self.row is None or self.row >= len(items):
            return
        original = items[self.row]
        copy = SuddenDeath.model_validate(
            {**original.model_dump(), "id": self._new_id(original.id)}
        )
        items.insert(self.row + 1, copy)
        self._set_items(items, self.row + 1, f"Duplicate {original.id}")

    def delete(self) -> None:
        items = list(self.victory().sudden_death)
        if self.row is None or self.row >= len(items):
            return
        gone = items.pop(self.row)
        self._set_items(
            items, min(self.row, len(items) - 1) if items else None, f"Delete {gone.id}"
        )

    def move(self, step: int) -> None:
        items = list(self.victory().sudden_death)
        if self.row is None:
            return
        target = self.row + step
        if 0 <= target < len(items):
            items[self.row], items[target] = items[target], items[self.row]
            self._set_items(items, target, f"Move {items[target].id}")

"""The replacement grants of the schedule editor: a list of grants and the selected one's form.

Grants add replacement points on some turns, on top of the rules' points per turn; the
timeline shows their sum along each side's row, and this panel edits them one by one.
Every change is one document edit.
"""

from __future__ import annotations

from pydantic import BaseModel
from PySide6.QtWidgets import QGroupBox, QVBoxLayout

from editor.shared import sentences as wording
from editor.studio.document import ScenarioDocument
from editor.studio.forms.model_form import FormContext, ModelEditor
from editor.studio.naming import new_id
from editor.studio.sections.deck_list import EntityList, Entry, move_entity
from schemas.schedule import ReplacementGrant


class ReplacementsPanel(QGroupBox):
    """The ``replacements`` section: list, add/duplicate/delete/move, and a form."""

    def __init__(self, document: ScenarioDocument, context: FormContext) -> None:
        super().__init__("Replacements")
        self.document, self.context = document, context
        self.current: str | None = None
        self.setToolTip("Extra replacement points on some turns, on top of the rules' points")
        layout = QVBoxLayout(self)
        self.grants = EntityList("replacement grant")
        self.grants.show_rows(6)
        self.grants.connect_actions(self._picked, self.add, self.duplicate, self.delete, self.move)
        layout.addWidget(self.grants)
        self.form = ModelEditor(ReplacementGrant, context, read_only=("id",))
        self.form.edited.connect(self._edited)
        layout.addWidget(self.form)
        layout.addStretch(1)

    # -- showing -----------------------------------------------------------------------------------

    def refresh(self) -> None:
        if self.current and self.document.get("replacements", self.current) is None:
            self.current = None
        self.grants.set_entries([self._entry(g) for g in self.document.items("replacements")])
        self.grants.set_current(self.current)
        self.show_current()

    def _entry(self, grant: ReplacementGrant) -> Entry:
        side = self.document.get("sides", grant.side)
        text = (
            f"{self.context.names('sides', grant.side)}: +{grant.points} RP, "
            f"{wording.turn_range(grant.turns)}"
        )
        return Entry(grant.id, text, grant.id, None if side is None else side.color)

    def show_current(self) -> None:
        grant = None if self.current is None else self.document.get("replacements", self.current)
        self.form.setVisible(grant is not None)
        if grant is not None:
            self.form.show_value(grant)

    def select(self, key: str) -> None:
        """Show a grant selected elsewhere (a validation issue, the explorer)."""
        self.current = key
        self.grants.set_current(key)
        self.show_current()

    # -- edits (each one undo step) ----------------------------------------------------------------

    def _picked(self, key: str | None) -> None:
        self.current = key
        self.show_current()
        if key is not None:
            self.document.select("replacements", [key])

    def _edited(self, new: BaseModel | None) -> None:
        if new is not None:
            self.document.replace("replacements", new, f"Edit {new.id}")  # type: ignore[attr-defined]

    def add(self) -> None:
        sides = [s for s in self.document.items("sides") if not s.neutral]
        if not sides:
            return
        side = sides[0].id
        grant = ReplacementGrant(
            id=new_id(self.document, "replacements", f"{side}-replacements"), side=side
        )
        self.document.add("replacements", grant, text=f"Add {grant.id}")
        self.document.select("replacements", [grant.id])

    def duplicate(self) -> None:
        grant = None if self.current is None else self.document.get("replacements", self.current)
        if grant is None:
            return
        copy = ReplacementGrant.model_validate(
            {**grant.model_dump(), "id": new_id(self.document, "replacements", grant.id)}
        )
        position = self.document.index_of("replacements", grant.id) + 1
        self.document.add("replacements", copy, position, f"Duplicate {grant.id}")
        self.document.select("replacements", [copy.id])

    def delete(self) -> None:
        if self.current is not None:
            self.document.delete("replacements", [self.current])

    def move(self, step: int) -> None:
        keys = self.grants.keys()
        if self.current in keys:
            target = keys.index(self.current) + step
            if 0 <= target < len(keys):
                move_entity(self.document, "replacements", self.current, keys[target])

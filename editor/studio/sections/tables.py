"""The modders' spreadsheets: terrain, connection and unit type tables, each with the form of
the selected row under it for what a cell cannot hold (roles, reduced values, per-side VP...).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from editor.shared.widgets import FORM_WIDTH, scrolling
from editor.studio.document import Change, ScenarioDocument
from editor.studio.forms.context import studio_context
from editor.studio.forms.family import show_family_fields
from editor.studio.forms.fields import refresh_geometry
from editor.studio.forms.model_form import ModelEditor
from editor.studio.panels.inspector import entity_type
from editor.studio.sections.columns import Column
from editor.studio.sections.table import ROW_HEIGHT, EntityTable


def titled(title: str, widget: QWidget) -> QWidget:
    """A widget under a bold heading (the parts of an editor showing several lists)."""
    holder = QWidget()
    layout = QVBoxLayout(holder)
    layout.setContentsMargins(0, 0, 0, 0)
    label = QLabel(title)
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    layout.addWidget(label)
    layout.addWidget(widget, 1)
    return holder


class DetailForm(QWidget):
    """The form of one entity of a section, bound to the document like the inspector."""

    def __init__(
        self, document: ScenarioDocument, section: str, skip: Iterable[str] = ("id",)
    ) -> None:
        super().__init__()
        self.document, self.section = document, section
        self.entity_id: str | None = None
        self.context = studio_context(document)
        self.form = ModelEditor(entity_type(section), self.context, skip=skip)
        self.form.edited.connect(self._edited)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        layout.addWidget(self.title)
        holder = QWidget()
        inner = QVBoxLayout(holder)
        inner.setContentsMargins(0, 0, 6, 0)
        self.form.setMaximumWidth(FORM_WIDTH)
        inner.addWidget(self.form)
        inner.addStretch(1)
        self.scroll = scrolling(holder)
        layout.addWidget(self.scroll, 1)
        document.changed.connect(self._on_change)
        self.show_entity(None)

    @property
    def shown_fields(self) -> list[str]:
        return list(self.form.rows)

    def _ref_editors(self) -> list[Any]:
        return [e for e in self.context.editors if getattr(e, "ref", None) is not None]

    def show_entity(self, entity_id: str | None) -> None:
        entity = self.document.get(self.section, entity_id) if entity_id else None
        self.entity_id = entity.id if entity is not None else None
        self.form.setVisible(entity is not None)
        if entity is None:
            self.title.setText("Select a row to see its other fields here.")
            self.title.setStyleSheet("color: #666; font-weight: normal;")
            return
        name = getattr(entity, "name", "") or ""
        self.title.setText(f"{name} ({entity.id})" if name else entity.id)
        self.title.setStyleSheet("")
        self.form.show_value(entity)
        show_family_fields(self.form, self.document.scenario, entity)
        refresh_geometry(self.form)

    def showEvent(self, event: Any) -> None:
        # The form may have been filled while hidden (a tab not shown yet), when Qt keeps
        # no size hints: lay it out again now that it shows.
        super().showEvent(event)
        refresh_geometry(self.form)

    def _on_change(self, change: Change) -> None:
        # Forms of union members are built when first shown: ask which sections they name now.
        if change.section in {editor.ref.collection for editor in self._ref_editors()}:
            self.context.refresh_choices()
        if self.entity_id is not None and change.section == "rules":
            self.show_entity(self.entity_id)  # the rules family shows or hides fields
            return
        if change.section != self.section or self.entity_id is None:
            return
        if change.kind == "reset" or self.entity_id in change.ids:
            self.show_entity(self.entity_id)

    def _edited(self, new: BaseModel | None) -> None:
        if new is None or self.entity_id is None:
            return
        old = self.document.get(self.section, self.entity_id)
        changed = [n for n in type(new).model_fields if getattr(new, n) != getattr(old, n)]
        if changed:
            self.document.replace(self.section, new, f"Edit {', '.join(changed)} of {new.id}")


class FormTable(EntityTable):
    """An entity table with the form of its selected row under it.

    The form leaves out what the table's columns already show, so it holds only the fields a
    cell cannot (lists, nested values, long texts); tables whose columns show everything get
    no form.
    """

    detail: DetailForm | None = None

    def __init__(
        self,
        document: ScenarioDocument,
        section: str,
        columns: Iterable[str | Column] | None = None,
        *,
        titles: Mapping[str, str] | None = None,
        movable: bool = False,
    ) -> None:
        super().__init__(document, section, columns, titles=titles, movable=movable)
        shown = {column.key for column in self.columns}
        rest = [n for n in self.model_class.model_fields if n not in shown and n != "id"]
        self.detail: DetailForm | None = None
        if rest:
            self.detail = DetailForm(document, section, skip=shown | {"id"})
            self.body.addWidget(self.detail)
            # A short list (three sides) should not take the room its form needs.
            rows = min(max(self.model.rowCount(), 3), 14)
            table = self.view.horizontalHeader().height() + (rows + 1) * ROW_HEIGHT + 24
            self.body.setSizes([table, max(table, 300)])
            self.body.setStretchFactor(0, 1)
            self.body.setStretchFactor(1, 1)
            self.rows_selected(self.selected_ids())  # rows the document had selected

    def rows_selected(self, ids: list[str]) -> None:
        if self.detail is not None:
            self.detail.show_entity(ids[0] if ids else None)


TERRAIN_TITLES = {
    "movement_cost": "Move",
    "stacking": "Stack",
    "stacking_with_trail": "Stack (trail)",
    "attacker_modifier": "Att",
    "defender_modifier": "Def",
    "defender_morale_modifier": "Def morale",
    "air_attack_modifier": "Air att",
    "pursuit_modifier": "Pursuit fire",
    "armour_superiority": "Armour sup.",
    "forage_with_trail": "Forage (trail)",
    "search_modifier": "Search",
}


class TerrainTable(FormTable):
    """The terrain table (M2): movement, stacking, combat and supply per terrain."""

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__(document, "terrain", titles=TERRAIN_TITLES)


class ConnectionTypeTable(FormTable):
    """The connection table (M3): what crossing each kind of connection costs and gives."""

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__(
            document,
            "connection_types",
            titles={
                "movement_cost": "Move",
                "bridge_movement_cost": "Move (bridge)",
                "rail_bridge_movement_cost": "Move (rail bridge)",
                "uses_all_movement": "All MP",
                "defender_modifier": "Def",
                "only_from_sea": "From sea only",
            },
        )


UNIT_TYPE_COLUMNS = (
    "id",
    "name",
    "short_name",
    "domain",
    "unit_class",
    "movement_class",
    "attack",
    "defence",
    "morale",
    "movement",
    "hit_points",
    "stacking",
    "rate_of_fire",
    "air_to_air",
    "transport_capacity",
    "forage",
    "loss_priority",
    "elite",
    "pursuit",
    "breakthrough",
    "agile",
    "ambush",
)


class UnitTypeTable(FormTable):
    """Unit types: the values every unit of a kind shares, roles and bonuses in the form."""

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__(
            document,
            "unit_types",
            UNIT_TYPE_COLUMNS,
            titles={
                "short_name": "Short",
                "unit_class": "Class",
                "movement_class": "Moves",
                "attack": "Att",
                "defence": "Def",
                "morale": "Mor",
                "movement": "MP",
                "hit_points": "HP",
                "stacking": "Stack",
                "rate_of_fire": "RoF",
                "air_to_air": "Air-air",
                "transport_capacity": "Transport",
                "loss_priority": "Losses",
            },
        )

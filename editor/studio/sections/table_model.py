"""The item model of an entity table: one row per entity of a document's list section.

The model reads the document's list directly and mirrors only its ids, so it follows
``document.changed`` incrementally: an updated entity repaints its row, an insertion or a
removal moves just that row, and only a reset of the section rebuilds the whole table. Every
cell edit, paste included, goes through :meth:`EntityTableModel.apply` as one document edit;
an edit the format refuses leaves the scenario untouched and :attr:`refused` says why.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pydantic import BaseModel, ValidationError
from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor

from editor.studio.document import Change, ScenarioDocument
from editor.studio.sections.columns import Column

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
Index = QModelIndex | QPersistentModelIndex
_NUMBERS = ("int", "float")
_GREY = QBrush(QColor("#8a8a8a"))


def error_text(error: Exception) -> str:
    """The first reason pydantic (or a column) gives, without pydantic's decorations."""
    if isinstance(error, ValidationError):
        first = error.errors()[0]
        message = str(first["msg"])
        return message.removeprefix("Value error, ")
    return str(error)


class EntityTableModel(QAbstractTableModel):
    refused = Signal(str)
    """Why an edit was not made (shown under the table)."""
    applied = Signal()
    """An edit went through (clears the last refusal)."""

    def __init__(self, document: ScenarioDocument, section: str, columns: list[Column]) -> None:
        super().__init__()
        self.document, self.section, self.columns = document, section, columns
        self._ids: list[str] = [entity.id for entity in document.items(section)]
        self._watched = {s for column in columns for s in column.depends}
        document.changed.connect(self._on_change)

    # -- reading -----------------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def entity(self, row: int) -> Any:
        return self.document.items(self.section)[row]

    def id_at(self, row: int) -> str:
        return self._ids[row]

    def row_of(self, entity_id: str) -> int:
        return self.document.index_of(self.section, entity_id)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        column = self.columns[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.title
        if role == Qt.ItemDataRole.ToolTipRole:
            # The file's key too, so a modder can find the column in the JSON.
            return "\n".join(
                part for part in (column.title, column.tip, f"In the file: {column.key}") if part
            )
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        column = self.columns[index.column()]
        value = column.value(self.entity(index.row()))
        if role == Qt.ItemDataRole.DisplayRole:
            return column.display(value)
        if role == Qt.ItemDataRole.EditRole:
            return value
        if role == SORT_ROLE:
            return column.sort_key(value)
        if role == Qt.ItemDataRole.CheckStateRole and column.kind == "bool":
            return Qt.CheckState.Checked if value else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.DecorationRole and column.kind == "color" and value:
            return QColor(value)
        if role == Qt.ItemDataRole.ToolTipRole:
            return column.describe(value) or None
        if role == Qt.ItemDataRole.ForegroundRole and value is None:
            return _GREY
        if role == Qt.ItemDataRole.TextAlignmentRole and column.kind in _NUMBERS:
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if not index.isValid() or not self.columns[index.column()].editable:
            return flags
        if self.columns[index.column()].kind == "bool":
            return flags | Qt.ItemFlag.ItemIsUserCheckable
        return flags | Qt.ItemFlag.ItemIsEditable

    # -- writing -----------------------------------------------------------------------------

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid():
            return False
        column = self.columns[index.column()]
        if role == Qt.ItemDataRole.CheckStateRole and column.kind == "bool":
            value = Qt.CheckState(value) == Qt.CheckState.Checked
        elif role != Qt.ItemDataRole.EditRole:
            return False
        return self.apply([(index.row(), index.column(), value)])

    def apply(self, cells: Sequence[tuple[int, int, Any]], text: str | None = None) -> bool:
        """Write cells ``(row, column, value)`` as one undoable edit, or refuse them all.

        A value given as text is read by its column first, so typed and pasted text follow
        the same rules. Nothing is changed unless every cell is accepted.
        """
        edited: dict[str, BaseModel] = {}
        renames: dict[str, str] = {}
        try:
            for row, col, raw in cells:
                column = self.columns[col]
                entity_id = self._ids[row]
                value = column.parse(raw) if isinstance(raw, str) else raw
                entity = edited.get(entity_id) or self.entity(row)
                if column.value(entity) == value:
                    continue
                if not column.editable:
                    raise ValueError(f"{column.title} cannot be changed here")
                if column.key == "id":
                    column.updated(entity, value)  # checks the id's spelling
                    if value in renames.values() or self.document.get(self.section, value):
                        raise ValueError(f"there is already a {self._noun()} '{value}'")
                    renames[entity_id] = value
                    continue
                edited[entity_id] = column.updated(entity, value)
        except (ValidationError, ValueError, TypeError) as error:
            where = f"{self._ids[row]}, {self.columns[col].title.lower()}"
            self.refused.emit(f"Not changed ({where}): {error_text(error)}")
            return False
        if not edited and not renames:
            return True
        label = text or self._label(cells)
        with self.document.macro(label):
            for entity in edited.values():
                self.document.replace(self.section, entity, label)
            for old, new in renames.items():
                self.document.rename(self.section, old, new)
        self.applied.emit()
        return True

    def _noun(self) -> str:
        return self.section.replace("_", " ").removesuffix("s")

    def _label(self, cells: Sequence[tuple[int, int, Any]]) -> str:
        if len(cells) == 1:
            row, col, _ = cells[0]
            return f"Set {self.columns[col].title.lower()} of {self._ids[row]}"
        return f"Paste {len(cells)} cells into {self.section.replace('_', ' ')}"

    # -- following the document ----------------------------------------------------------------

    def _on_change(self, change: Change) -> None:
        if change.section in self._watched and change.section != self.section:
            for col, column in enumerate(self.columns):
                if change.section in column.depends and self._ids:
                    self.dataChanged.emit(self.index(0, col), self.index(len(self._ids) - 1, col))
            return
        if change.section != self.section:
            return
        if change.kind == "update":
            last = len(self.columns) - 1
            for entity_id in change.ids:
                row = self.row_of(entity_id)
                if row >= 0:
                    self.dataChanged.emit(self.index(row, 0), self.index(row, last))
        elif change.kind == "insert":
            for entity_id in change.ids:
                row = self.row_of(entity_id)
                self.beginInsertRows(QModelIndex(), row, row)
                self._ids.insert(row, entity_id)
                self.endInsertRows()
        elif change.kind == "remove":
            for entity_id in change.ids:
                row = self._ids.index(entity_id)
                self.beginRemoveRows(QModelIndex(), row, row)
                del self._ids[row]
                self.endRemoveRows()
        else:
            self.beginResetModel()
            self._ids = [entity.id for entity in self.document.items(self.section)]
            self.endResetModel()


class EntityFilter(QSortFilterProxyModel):
    """Sorting by a column and filtering by text (any column) and by a condition on entities."""

    def __init__(self, source: EntityTableModel) -> None:
        super().__init__()
        self.setSourceModel(source)
        self.setSortRole(SORT_ROLE)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setFilterKeyColumn(-1)
        self.predicate: Callable[[Any], bool] | None = None

    def set_predicate(self, predicate: Callable[[Any], bool] | None) -> None:
        """Show only the entities for which ``predicate`` holds (``None`` shows all)."""
        self.beginFilterChange()
        self.predicate = predicate
        self.endFilterChange()

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        model = self.sourceModel()
        assert isinstance(model, EntityTableModel)
        if self.predicate is not None and not self.predicate(model.entity(source_row)):
            return False
        return super().filterAcceptsRow(source_row, source_parent)

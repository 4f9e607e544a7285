"""A grid of cells inside one section of the scenario: the item model of the rules tables.

The operational family's tables (terrain effects, the results table, quality...) are not lists
of entities with ids but values nested in ``rules.operational``. A :class:`GridSpec` says which
cells a grid shows: a cell's place in the section is its row's path followed by its column's
path (``operational/terrain/3`` + ``entry_cost/infantry``), so one model serves a list of
records, a record of records (quality by level), a column of single values (zones of control)
and a plain matrix (the results table). Rows and columns are worked out again from the section
at every change, so a grid follows rows added, removed, undone.

Every edit, a paste of many cells included, is one document edit (``set_section``) and so one
undo step; the section's model validates the whole result first, and a value it refuses leaves
the scenario untouched while :attr:`GridModel.refused` says which cell and why.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, get_args

from pydantic import BaseModel, ValidationError, create_model
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor

from editor.shared.vocabulary import plain
from editor.studio.document import LIST_SECTIONS, Change, ScenarioDocument, with_value
from editor.studio.forms.field_types import list_choices, unwrap
from editor.studio.forms.model_form import humanise
from editor.studio.sections.columns import Column, column_for
from editor.studio.sections.table_model import error_text

Path = tuple[str | int, ...]
Index = QModelIndex | QPersistentModelIndex
_GREY = QBrush(QColor("#8a8a8a"))


@dataclass(frozen=True)
class Line:
    """A row or a column of a grid: its title and its part of the cells' paths."""

    title: str
    path: Path
    tip: str = ""


@dataclass
class GridSpec:
    """Which cells a grid shows: ``base`` + a row's path + a column's path, read from the
    section's current value by ``rows`` and ``columns`` (so list tables follow their length)."""

    key: str
    """A short name (the grid's object name, what tests and issue locations use)."""
    title: str
    about: str
    base: Path
    """Where the table lives inside the section (``("operational", "terrain")``)."""
    rows: Callable[[Any, ScenarioDocument], list[Line]]
    columns: Callable[[Any, ScenarioDocument], list[Line]]
    section: str = "rules"
    new_row: Callable[[ScenarioDocument], Any] | None = None
    """For a list table: the row "Add row" appends (``None``: rows are fixed)."""
    noun: str = "row"
    depends: tuple[str, ...] = ()
    """Other sections whose changes change what the grid shows (row titles from names)."""
    extra: dict[str, Any] = field(default_factory=dict)


def walk(value: Any, path: Path, *, defaults: bool = True) -> Any:
    """The value at ``path`` inside a model (attributes, list indexes, mapping keys); with
    ``defaults``, an optional record left empty (a unit type without ``operational`` values)
    reads as its defaults, which is what the rules use."""
    for part in path:
        if isinstance(value, BaseModel):
            owner, value = value, getattr(value, str(part))
            if value is None and defaults:  # an empty record (never a plain value)
                value = _empty_record(type(owner), str(part))
        elif isinstance(value, list):
            value = value[int(part)]
        else:
            value = value[part]
    return value


def _empty_record(owner: type[BaseModel], name: str) -> BaseModel | None:
    core, _, _ = unwrap(owner.model_fields[name].annotation)
    if isinstance(core, type) and issubclass(core, BaseModel):
        return core()
    return None


def unset_record(root: Any, path: Path) -> Path | None:
    """The path of the first empty optional record on the way to ``path``, if any."""
    value = root
    for depth, part in enumerate(path[:-1]):
        value = (
            getattr(value, str(part))
            if isinstance(value, BaseModel)
            else value[int(part)]
            if isinstance(value, list)
            else value[part]
        )
        if value is None:
            return tuple(path[: depth + 1])
    return None


class ListColumn(Column):
    """A cell holding a short list of fixed words (``infantry, ski``), as comma-separated text."""

    def text(self, value: Any) -> str:
        return ", ".join(str(v) for v in value or [])

    def display(self, value: Any) -> str:
        return self.text(value) or "(none)"

    def parse(self, text: str) -> Any:
        words = [w.strip() for w in text.replace(";", ",").split(",") if w.strip()]
        unknown = [w for w in words if self.fixed and w not in self.fixed]
        if unknown:
            raise ValueError(f"'{unknown[0]}' is not one of: {', '.join(self.fixed)}")
        return words


@cache
def _item_model(owner: type[BaseModel], name: str) -> type[BaseModel]:
    """A one-field model typed like the items of ``owner.name`` (a list), so a list's item
    gets the same column (kind, bounds) as a field of that type."""
    core, _, _ = unwrap(owner.model_fields[name].annotation)
    (item,) = get_args(core)
    return create_model(f"{owner.__name__}Item", value=(item, ...))


def leaf_column(root: Any, path: Path, document: ScenarioDocument | None) -> Column:
    """The column (kind, bounds, choices, how text reads) of the value at ``path``."""
    parent = walk(root, path[:-1])
    name = path[-1]
    if isinstance(parent, BaseModel):
        model, key = type(parent), str(name)
    else:
        owner = walk(root, path[:-2])
        model, key = _item_model(type(owner), str(path[-2])), "value"
    info = model.model_fields[key]
    column = column_for(model, key, document)
    if column is None:
        choices = list_choices(info.annotation, info)
        fixed = choices[0] if choices else []
        column = ListColumn(key=key, title=humanise(key), kind="text", fixed=fixed)
        column.tip = plain(info.description)
    column.key = str(name)
    return column


class GridModel(QAbstractTableModel):
    refused = Signal(str)
    """Why an edit was not made (shown under the grid)."""
    applied = Signal()

    def __init__(self, document: ScenarioDocument, spec: GridSpec) -> None:
        super().__init__()
        self.document, self.spec = document, spec
        self.row_lines: list[Line] = []
        self.column_lines: list[Line] = []
        self._columns: dict[Path, Column] = {}
        self._read_shape()
        document.changed.connect(self._on_change)

    # -- shape ---------------------------------------------------------------------------------

    def section(self) -> Any:
        return getattr(self.document.scenario, self.spec.section)

    def table(self) -> Any | None:
        """The table's value, or ``None`` when the section does not hold it (area family)."""
        try:
            return walk(self.section(), self.spec.base, defaults=False)
        except (AttributeError, IndexError, KeyError, TypeError):
            return None

    def _read_shape(self) -> None:
        table = self.table()
        if table is None:
            self.row_lines, self.column_lines = [], []
        else:
            self.row_lines = self.spec.rows(table, self.document)
            self.column_lines = self.spec.columns(table, self.document)
        self._columns = {}

    def path(self, row: int, col: int) -> Path:
        return self.spec.base + self.row_lines[row].path + self.column_lines[col].path

    def cell_column(self, row: int, col: int) -> Column:
        """The column a cell's editor and text follow (the delegate asks for it)."""
        path = self.path(row, col)
        found = self._columns.get(path)
        if found is None:
            found = self._columns[path] = leaf_column(self.section(), path, self.document)
        return found

    def unset(self, row: int, col: int) -> bool:
        """The cell lies in an empty optional record (it shows the record's defaults)."""
        return unset_record(self.section(), self.path(row, col)) is not None

    def value(self, row: int, col: int) -> Any:
        return walk(self.section(), self.path(row, col))

    def locate(self, path: Path) -> tuple[int, int] | None:
        """The cell at ``path`` (inside the section), or the first cell of its row; ``None``
        when the path is not in this grid."""
        base = self.spec.base
        if tuple(path[: len(base)]) != base:
            return None
        rest = tuple(path[len(base) :])
        best: tuple[int, int] | None = None
        for r, line in enumerate(self.row_lines):
            if rest[: len(line.path)] != line.path:
                continue
            tail = rest[len(line.path) :]
            for c, column in enumerate(self.column_lines):
                if tail[: len(column.path)] == column.path:
                    return (r, c)
                if column.path[: len(tail)] == tail and best is None:
                    best = (r, c)  # a path stopping short of a cell (the whole row)
        return best

    # -- reading -------------------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.row_lines)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.column_lines)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        lines = self.column_lines if orientation == Qt.Orientation.Horizontal else self.row_lines
        if not 0 <= section < len(lines):
            return None
        line = lines[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return line.title
        if role == Qt.ItemDataRole.ToolTipRole:
            where = "/".join(str(p) for p in line.path)
            parts = (line.title, line.tip, f"In the file: {where}")
            return "\n".join(part for part in parts if part)
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, col = index.row(), index.column()
        column = self.cell_column(row, col)
        value = self.value(row, col)
        if role == Qt.ItemDataRole.DisplayRole:
            return column.display(value)
        if role == Qt.ItemDataRole.EditRole:
            return value
        if role == Qt.ItemDataRole.CheckStateRole and column.kind == "bool":
            return Qt.CheckState.Checked if value else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.ToolTipRole:
            if self.unset(row, col):
                return "Not set: the rules read this default; a value typed here sets the row's"
            tip = column.describe(value) or column.tip
            if column.optional:
                tip += "\nEmpty (—): none"
            return tip or None
        if role == Qt.ItemDataRole.ForegroundRole and (value is None or self.unset(row, col)):
            return _GREY
        if role == Qt.ItemDataRole.TextAlignmentRole and column.kind in ("int", "float"):
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if not index.isValid():
            return flags
        if self.cell_column(index.row(), index.column()).kind == "bool":
            return flags | Qt.ItemFlag.ItemIsUserCheckable
        return flags | Qt.ItemFlag.ItemIsEditable

    def cell_text(self, row: int, col: int) -> str:
        """A cell as copied to the clipboard."""
        return self.cell_column(row, col).text(self.value(row, col))

    # -- writing -------------------------------------------------------------------------------

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid():
            return False
        column = self.cell_column(index.row(), index.column())
        if role == Qt.ItemDataRole.CheckStateRole and column.kind == "bool":
            value = Qt.CheckState(value) == Qt.CheckState.Checked
        elif role != Qt.ItemDataRole.EditRole:
            return False
        return self.apply([(index.row(), index.column(), value)])

    def apply(self, cells: Sequence[tuple[int, int, Any]], text: str | None = None) -> bool:
        """Write cells ``(row, column, value)`` as one undoable edit, or refuse them all.

        Text (typed or pasted) is read by the cell's column first; the section is validated
        with every value in place, so a value the format refuses changes nothing.
        """
        section = self.section()
        changed = 0
        row = col = 0
        try:
            for row, col, raw in cells:
                column = self.cell_column(row, col)
                value = column.parse(raw) if isinstance(raw, str) else raw
                path = self.path(row, col)
                if walk(section, path) == value:
                    continue
                empty = unset_record(section, path)
                if empty is not None:  # its first value: the record starts from defaults
                    record = _empty_record(type(walk(section, empty[:-1])), str(empty[-1]))
                    section = with_value(section, list(empty), record)
                section = with_value(section, list(path), value)
                changed += 1
        except (ValidationError, ValueError, TypeError) as error:
            where = f"{self.row_lines[row].title}, {self.column_lines[col].title}"
            self.refused.emit(f"Not changed ({where}): {error_text(error)}")
            return False
        if changed:
            self._write(section, text or self._label(cells))
        self.applied.emit()
        return True

    def _write(self, section: Any, text: str) -> None:
        if self.spec.section not in LIST_SECTIONS:
            self.document.set_section(self.spec.section, section, text)
            return
        # A list of entities: only the entities edited, as one step (the map, the tables and
        # the explorer follow those rows rather than the whole list).
        old = self.section()
        edited = [new for new, was in zip(section, old, strict=True) if new != was]
        self.document.replace_many(self.spec.section, edited, text)

    def replace_table(self, table: Any, text: str) -> bool:
        """Replace the whole table (rows added or removed) as one undoable edit."""
        try:
            section = with_value(self.section(), list(self.spec.base), table)
        except (ValidationError, ValueError, TypeError) as error:
            self.refused.emit(f"Not changed: {error_text(error)}")
            return False
        self.document.set_section(self.spec.section, section, text)
        self.applied.emit()
        return True

    def _label(self, cells: Sequence[tuple[int, int, Any]]) -> str:
        if len(cells) == 1:
            row, col, _ = cells[0]
            return f"Set {self.spec.title.lower()}: {self.row_lines[row].title}, " + (
                self.column_lines[col].title.lower()
            )
        return f"Paste {len(cells)} cells into {self.spec.title.lower()}"

    # -- following the document ------------------------------------------------------------------

    def _on_change(self, change: Change) -> None:
        watched = (self.spec.section, "reset", *self.spec.depends)
        if change.section not in watched:
            return
        old = ([r.path for r in self.row_lines], [c.path for c in self.column_lines])
        rows, columns = self.row_lines, self.column_lines
        table = self.table()
        if table is not None:
            rows = self.spec.rows(table, self.document)
            columns = self.spec.columns(table, self.document)
        new = ([r.path for r in rows], [c.path for c in columns])
        if table is None or new != old:
            self.beginResetModel()
            self._read_shape()
            self.endResetModel()
            return
        self.row_lines, self.column_lines = rows, columns
        self._columns = {}
        if rows and columns:
            self.dataChanged.emit(self.index(0, 0), self.index(len(rows) - 1, len(columns) - 1))
        self.headerDataChanged.emit(Qt.Orientation.Vertical, 0, max(0, len(rows) - 1))

"""The scenario explorer: every section and entity of the scenario in one tree.

The tree reads the document directly (a model, not a copy in widgets), so a 10,000-region
scenario opens at once; it keeps only the id lists it needs to report insertions and removals
to the view precisely, which keeps the designer's expanded sections and selection intact.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QMenu,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from editor.shared.vocabulary import SECTIONS, entity_noun, section_name
from editor.shared.widgets import filter_box
from editor.studio.document import LIST_SECTIONS, Change, ScenarioDocument, Selection
from editor.studio.forms.context import document_names

GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Scenario", ("info", "calendar", "rules", "map", "victory", "tension")),
    (
        "Map",
        (
            "terrain",
            "connection_types",
            "regions",
            "connections",
            "structures",
            "supply_sources",
            "areas",
            "theatres",
        ),
    ),
    ("Forces", ("sides", "nations", "unit_types", "units", "leaders")),
    ("Decks and schedule", ("cards", "events", "reinforcements", "replacements")),
)


def groups_of(document: ScenarioDocument) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The explorer's groups for a document. A hex map's grid is listed after the map
    settings (its parameters edited in the inspector), and its places are hexes, so an empty
    list of drawn regions is left out rather than read as "Regions (0)". The operational
    family keeps its supply sources in its rules (Scenario > Rules), so an empty list of the
    area family's sources is left out there too. A list that holds entities stays listed
    (beside the validator's issue about them, if they are there by mistake)."""
    scenario = document.scenario
    groups = GROUPS
    if scenario.hex_map is not None:
        first, *rest = GROUPS
        name, members = first
        at = members.index("map") + 1
        groups = ((name, (*members[:at], "hex_map", *members[at:])), *rest)
    hidden: set[str] = set()
    if scenario.hex_map is not None and not scenario.regions:
        hidden.add("regions")
    if scenario.rules.family == "operational" and not scenario.supply_sources:
        hidden.add("supply_sources")
    return tuple((group, tuple(s for s in listed if s not in hidden)) for group, listed in groups)


SECTION_NAMES = {section: names[0] for section, names in SECTIONS.items()}
"""What each part of the scenario is called (the vocabulary's names)."""

SECTION_ROLE = Qt.ItemDataRole.UserRole + 1
ID_ROLE = Qt.ItemDataRole.UserRole + 2

_Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()

# Internal ids of index nodes: groups, sections, and entities (which carry their section).
_GROUP, _SECTION, _ENTITY = 0, 1_000, 2_000


class ExplorerModel(QAbstractItemModel):
    """Groups, then sections, then the entities of list sections."""

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__()
        self.document = document
        self.groups = groups_of(document)
        self.sections = [s for _, members in self.groups for s in members]
        self.ids = {s: [e.id for e in document.items(s)] for s in LIST_SECTIONS}
        self.names = document_names(document)
        document.changed.connect(self.on_change)

    def regroup(self) -> None:
        """List the sections :func:`groups_of` names for the document as it is now."""
        self.beginResetModel()
        self.groups = groups_of(self.document)
        self.sections = [s for _, members in self.groups for s in members]
        self.endResetModel()

    # -- structure -------------------------------------------------------------------------------

    def _section_index(self, section: str) -> QModelIndex:
        for _, members in self.groups:
            if section in members:
                return self.createIndex(
                    members.index(section), 0, _SECTION + self.sections.index(section)
                )
        return QModelIndex()

    def index(self, row: int, column: int, parent: _Index = _ROOT) -> QModelIndex:
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, _GROUP + row)
        node = parent.internalId()
        if node < _SECTION:
            section = self.groups[node - _GROUP][1][row]
            return self.createIndex(row, column, _SECTION + self.sections.index(section))
        if node < _ENTITY:
            return self.createIndex(row, column, _ENTITY + node - _SECTION)
        return QModelIndex()

    def parent(self, child: _Index = _ROOT) -> QModelIndex:  # type: ignore[override]
        if not child.isValid():
            return QModelIndex()
        node = child.internalId()
        if node < _SECTION:
            return QModelIndex()
        if node < _ENTITY:
            section = self.sections[node - _SECTION]
            group = next(i for i, (_, members) in enumerate(self.groups) if section in members)
            return self.createIndex(group, 0, _GROUP + group)
        return self._section_index(self.sections[node - _ENTITY])

    def rowCount(self, parent: _Index = _ROOT) -> int:
        if not parent.isValid():
            return len(self.groups)
        if parent.column() > 0:
            return 0
        node = parent.internalId()
        if node < _SECTION:
            return len(self.groups[node - _GROUP][1])
        if node < _ENTITY:
            return len(self.ids.get(self.sections[node - _SECTION], ()))
        return 0

    def columnCount(self, parent: _Index = _ROOT) -> int:
        return 1

    # -- content ---------------------------------------------------------------------------------

    def where(self, index: QModelIndex) -> tuple[str | None, str | None]:
        """The section and entity id an index shows (either may be ``None``)."""
        if not index.isValid():
            return None, None
        node = index.internalId()
        if node < _SECTION:
            return None, None
        if node < _ENTITY:
            return self.sections[node - _SECTION], None
        section = self.sections[node - _ENTITY]
        ids = self.ids[section]
        return section, ids[index.row()] if index.row() < len(ids) else None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        node = index.internalId()
        if role == SECTION_ROLE:
            return self.where(QModelIndex(index))[0]
        if role == ID_ROLE:
            return self.where(QModelIndex(index))[1]
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        if node < _SECTION:
            return self.groups[node - _GROUP][0]
        if node < _ENTITY:
            section = self.sections[node - _SECTION]
            name = section_name(section)
            if section in LIST_SECTIONS:
                return f"{name} ({len(self.ids[section])})"
            return name
        section, entity_id = self.where(QModelIndex(index))
        if section is None or entity_id is None:
            return None
        # A connection reads "Kessel - Salthaven", an event by its title: never a bare id
        # where the entity has a name to show.
        label = self.names(section, entity_id)
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{entity_noun(section)} {label}\nId: {entity_id}"
        return f"{label}  ({entity_id})" if label != entity_id else entity_id

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        if index.internalId() < _SECTION:
            return Qt.ItemFlag.ItemIsEnabled
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def entity_index(self, section: str, entity_id: str) -> QModelIndex:
        ids = self.ids.get(section)
        if ids is None:
            return self._section_index(section)
        row = self.document.index_of(section, entity_id)
        if row < 0 or row >= len(ids) or ids[row] != entity_id:
            return QModelIndex()
        return self.createIndex(row, 0, _ENTITY + self.sections.index(section))

    # -- following the document ------------------------------------------------------------------

    def _in_place(self, section: str, ids: frozenset[str]) -> bool:
        """Whether the listed ids of ``section`` still stand where the document has them."""
        old = self.ids[section]
        if len(old) != len(self.document.items(section)):
            return False
        for entity_id in ids:
            row = self.document.index_of(section, entity_id)
            if not 0 <= row < len(old) or old[row] != entity_id:
                return False
        return True

    def on_change(self, change: Change) -> None:
        section = change.section
        if section not in self.ids or section not in self.sections:
            # A new rules family, or the first entity of a list left out while empty, changes
            # which sections are listed.
            if section in self.ids:
                self.ids[section] = [e.id for e in self.document.items(section)]
            if groups_of(self.document) != self.groups:
                self.regroup()
            return
        parent = self._section_index(section)
        old = self.ids[section]
        if change.kind == "update" and self._in_place(section, change.ids):
            # Entities edited where they stand, ids kept: no need to list 10,000 ids again
            # (three regions share each point a designer drags).
            for entity_id in change.ids:
                index = self.entity_index(section, entity_id)
                if index.isValid():
                    self.dataChanged.emit(index, index)
            return
        new = [e.id for e in self.document.items(section)]
        if change.kind == "remove" and len(new) == len(old) - len(change.ids):
            for entity_id in change.ids:
                row = self.ids[section].index(entity_id)
                self.beginRemoveRows(parent, row, row)
                del self.ids[section][row]
                self.endRemoveRows()
        elif change.kind == "insert" and len(new) == len(old) + len(change.ids):
            for row, entity_id in enumerate(new):
                if entity_id in change.ids:
                    self.beginInsertRows(parent, row, row)
                    self.ids[section].insert(row, entity_id)
                    self.endInsertRows()
        elif new != old:
            self.beginResetModel()
            self.ids[section] = new
            self.endResetModel()
            return
        else:
            for entity_id in change.ids:
                index = self.entity_index(section, entity_id)
                if index.isValid():
                    self.dataChanged.emit(index, index)
        self.dataChanged.emit(parent, parent)  # the count in the section's label


class Explorer(QWidget):
    """The tree with a filter box; selection follows the document both ways."""

    zoomRequested = Signal(str, str)
    """Section and id the designer asked to see on the map (double-click)."""
    addRequested = Signal(str)
    duplicateRequested = Signal(str, str)
    renameRequested = Signal(str, str)

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__()
        self.document = document
        self.model = ExplorerModel(document)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setRecursiveFilteringEnabled(True)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.filter = filter_box("Filter by name or id", self._filter)
        layout.addWidget(self.filter)
        self.tree = QTreeView()
        self.tree.setHeaderHidden(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setModel(self.proxy)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._menu)
        self.tree.doubleClicked.connect(self._double_clicked)
        for row in range(self.proxy.rowCount()):
            self.tree.expand(self.proxy.index(row, 0))
        layout.addWidget(self.tree)
        self.tree.selectionModel().selectionChanged.connect(self._selected)
        document.selectionChanged.connect(self.on_selection)
        self._syncing = False

    def _filter(self, text: str) -> None:
        self.proxy.setFilterFixedString(text)
        if text:
            self.tree.expandAll()

    def _source(self, index: QModelIndex) -> QModelIndex:
        return self.proxy.mapToSource(index)

    def _selected(self, *_args: Any) -> None:
        if self._syncing:
            return
        rows = self.tree.selectionModel().selectedRows()
        picked = [self.model.where(self._source(i)) for i in rows]
        if not picked:
            return
        current = self.model.where(self._source(self.tree.currentIndex()))
        section = current[0] if current[0] else picked[0][0]
        ids = [entity for sec, entity in picked if sec == section and entity is not None]
        self._syncing = True
        try:
            self.document.select(section, ids)
        finally:
            self._syncing = False

    def on_selection(self, selection: Selection) -> None:
        if self._syncing:
            return
        self._syncing = True
        try:
            chosen = QItemSelection()
            targets = (
                [self.model.entity_index(selection.section, i) for i in selection.ids]
                if selection.section and selection.ids
                else [self.model._section_index(selection.section)]
                if selection.section
                else []
            )
            for target in targets:
                index = self.proxy.mapFromSource(target)
                if index.isValid():
                    chosen.select(index, index)
            model = self.tree.selectionModel()
            model.select(chosen, QItemSelectionModel.SelectionFlag.ClearAndSelect)
            if chosen.indexes():
                first = chosen.indexes()[0]
                model.setCurrentIndex(first, QItemSelectionModel.SelectionFlag.NoUpdate)
                self.tree.scrollTo(first)
        finally:
            self._syncing = False

    def _double_clicked(self, index: QModelIndex) -> None:
        section, entity_id = self.model.where(self._source(index))
        if section and entity_id:
            self.zoomRequested.emit(section, entity_id)

    def _menu(self, point: Any) -> None:
        index = self.tree.indexAt(point)
        section, entity_id = self.model.where(self._source(index))
        if section is None or section not in LIST_SECTIONS:
            return
        menu = QMenu(self)
        noun = entity_noun(section).lower()
        if section != "regions":
            article = "an" if noun[:1] in "aeio" else "a"
            menu.addAction(f"Add {article} {noun}", lambda: self.addRequested.emit(section))
        if entity_id is not None:
            if section != "regions":
                menu.addAction(
                    "Duplicate", lambda: self.duplicateRequested.emit(section, entity_id)
                )
            menu.addAction("Rename…", lambda: self.renameRequested.emit(section, entity_id))
            menu.addAction("Show on map", lambda: self.zoomRequested.emit(section, entity_id))
            menu.addSeparator()
            ids = list(self.document.selection.ids) or [entity_id]
            menu.addAction(
                f"Delete {len(ids)}" if len(ids) > 1 else "Delete",
                lambda: self.document.delete(section, ids),
            )
        menu.exec(self.tree.viewport().mapToGlobal(point))

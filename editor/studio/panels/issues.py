"""The issues list: every problem live validation found, one click away from its cause.

Clicking an issue selects the entity it belongs to (the inspector shows it and focuses the
field the issue points at) and asks the window to zoom the map to it.

A file broken everywhere at once can hold 100,000 issues (a map whose regions all share one
id), mostly the same mistake over and over. The list shows at most :data:`ROWS_PER_CODE` of
each code (as ``salient validate`` prints at most 20 of each) and says how many more of each
code there are, so it stays quick to fill, sort and filter; the counts in its summary and in
the status bar are of every issue.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from editor.shared.vocabulary import humanised, section_name, word
from editor.shared.widgets import filter_box
from editor.studio.document import LIST_SECTIONS, SINGLE_SECTIONS, ScenarioDocument
from editor.studio.forms.context import document_names
from schemas.issues import Issue, cap_issues

COLUMNS = ("", "Problem", "Entity", "Message", "Where")
SEVERITY_COLORS = {"error": QColor("#c62828"), "warning": QColor("#d08a00")}
SEVERITY_MARKS = {"error": "\u2716", "warning": "\u25b2"}
NARROW = 620
"""Narrower than this (pixels), the list shows the severity, the entity and the message."""
ROWS_PER_CODE = 200
"""Issues of one code listed; the others are counted under the list."""


@dataclass(frozen=True)
class Target:
    """What an issue points at in the document."""

    section: str | None
    entity: str | None
    field: tuple[str | int, ...]
    at: tuple[float, float] | None


def target_of(document: ScenarioDocument, issue: Issue) -> Target:
    """The section, entity and field of an issue, read from its JSON pointer."""
    parts: list[str | int] = [
        int(p) if p.isdigit() else p.replace("~1", "/").replace("~0", "~")
        for p in issue.path.split("/")[1:]
    ]
    if not parts or not isinstance(parts[0], str):
        return Target(None, None, (), issue.at)
    section = parts[0]
    if section in SINGLE_SECTIONS:
        return Target(section, None, tuple(parts[1:]), issue.at)
    if section not in LIST_SECTIONS:
        return Target(None, None, (), issue.at)
    entity: str | None = None
    if issue.entity is not None and document.get(section, issue.entity) is not None:
        entity = issue.entity
    elif len(parts) > 1 and isinstance(parts[1], int):
        items = document.items(section)
        entity = items[parts[1]].id if parts[1] < len(items) else None
    return Target(section, entity, tuple(parts[2:]), issue.at)


def problem_name(code: str) -> str:
    """An issue's code as a person reads it: ``region-isolated`` -> "Region isolated"."""
    return humanised(code.replace("-", "_"))


def where_text(document: ScenarioDocument | None, issue: Issue) -> str:
    """Where an issue lies, in names: "Regions > Kessel > terrain", "line 12, column 4"."""
    parts = [
        int(p) if p.isdigit() else p.replace("~1", "/").replace("~0", "~")
        for p in issue.path.split("/")[1:]
    ]
    words: list[str] = []
    if parts and isinstance(parts[0], str):
        section = parts[0]
        words.append(section_name(section))
        rest = parts[1:]
        if section in LIST_SECTIONS and rest and isinstance(rest[0], int):
            target = target_of(document, issue) if document is not None else None
            entity = target.entity if target is not None else None
            names = document_names(document) if document is not None else None
            words.append(names(section, entity) if names and entity else f"#{rest[0] + 1}")
            rest = rest[1:]
        words += [f"#{p + 1}" if isinstance(p, int) else humanised(p).lower() for p in rest]
    text = " \u203a ".join(words) or "the whole file"
    if issue.line is not None:
        text = f"line {issue.line}, column {issue.column or 1}" + (f": {text}" if words else "")
    return text


class IssueModel(QAbstractTableModel):
    def __init__(self, document: ScenarioDocument | None = None) -> None:
        super().__init__()
        self.document = document
        self.issues: list[Issue] = []

    def set_issues(self, issues: list[Issue]) -> None:
        self.beginResetModel()
        self.issues = list(issues)
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.issues)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = 0) -> Any:
        issue = self.issues[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return SEVERITY_MARKS[issue.severity]
            return (
                problem_name(issue.code),
                self.entity_name(issue),
                self.message(issue),
                where_text(self.document, issue),
            )[column - 1]
        if role == Qt.ItemDataRole.ForegroundRole and column == 0:
            return SEVERITY_COLORS[issue.severity]
        if role == Qt.ItemDataRole.ToolTipRole:
            # The code and the JSON pointer too: they are what scripts and the format's
            # documentation name (docs/scenario-format.md lists every code).
            return (
                f"{word(issue.severity)}: {issue.message}\n"
                f"Code: {issue.code}\nIn the file: {issue.location()}"
            )
        if role == Qt.ItemDataRole.UserRole:
            # Sort and filter by severity with the mark's column.
            return issue.severity
        return None

    def message(self, issue: Issue) -> str:
        """The message as the list reads it: the entity it is about by its name, not its id
        ("region 'Region 1' has no connections", not "region 'region-1' …"); the tooltip
        keeps the format's own words."""
        name = self.entity_name(issue)
        if not issue.entity or name == issue.entity:
            return issue.message
        return issue.message.replace(f"'{issue.entity}'", f"'{name}'")

    def entity_name(self, issue: Issue) -> str:
        if issue.entity is None:
            return ""
        if self.document is None:
            return issue.entity
        target = target_of(self.document, issue)
        if target.section is None or target.entity is None:
            return issue.entity
        return document_names(self.document)(target.section, target.entity)


def counts_text(errors: int, warnings: int) -> str:
    """The counts as read: "1 error, 3 warnings" (the list said "error(s)", the status bar
    "1 warnings")."""

    def counted(number: int, noun: str) -> str:
        return f"{number:,} {noun}{'' if number == 1 else 's'}"

    return f"{counted(errors, 'error')}, {counted(warnings, 'warning')}"


class IssueFilter(QSortFilterProxyModel):
    def __init__(self) -> None:
        super().__init__()
        self.severity: str | None = None
        self.text = ""

    def filterAcceptsRow(self, row: int, parent: QModelIndex | QPersistentModelIndex) -> bool:
        model: IssueModel = self.sourceModel()  # type: ignore[assignment]
        issue = model.issues[row]
        if self.severity is not None and issue.severity != self.severity:
            return False
        if self.text:
            shown = " ".join(
                str(model.data(model.index(row, column)) or "") for column in range(1, 5)
            )
            haystack = f"{issue.code} {issue.entity or ''} {issue.path} {shown}".lower()
            return self.text in haystack
        return True


class IssuesPanel(QWidget):
    """Lists issues; ``activated`` carries the :class:`Target` of the one clicked."""

    activated = Signal(object)
    countsChanged = Signal(int, int)
    """Errors and warnings."""

    def __init__(self, document: ScenarioDocument | None) -> None:
        super().__init__()
        self.document = document
        self.model = IssueModel(document)
        self.proxy = IssueFilter()
        self.proxy.setSourceModel(self.model)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        bar = QHBoxLayout()
        self.summary = QLabel("No issues")
        bar.addWidget(self.summary, 1)
        self.severity = QComboBox()
        self.severity.addItems(["Errors and warnings", "Errors", "Warnings"])
        self.severity.currentIndexChanged.connect(self._refilter)
        bar.addWidget(self.severity)
        self.search = filter_box("Filter", self._refilter)
        bar.addWidget(self.search)
        layout.addLayout(bar)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setSortingEnabled(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(22)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Fixed)
        header.resizeSection(0, 24)
        header.resizeSection(1, 170)
        header.resizeSection(2, 140)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        header.resizeSection(4, 200)
        self.table.clicked.connect(self._clicked)
        self.table.activated.connect(self._clicked)
        # Under the summary, not under the list: a short dock scrolls its bottom away.
        self.more = QLabel()
        self.more.setWordWrap(True)
        self.more.hide()
        layout.addWidget(self.more)
        layout.addWidget(self.table)
        self.issues: list[Issue] = []
        """Every issue, listed or not."""
        self.omitted: dict[str, int] = {}
        """How many issues of each code are not listed (beyond :data:`ROWS_PER_CODE`)."""

    def resizeEvent(self, event: QResizeEvent) -> None:
        """In a narrow dock the message matters most: the code and the place go to the
        tooltip rather than push the message out of sight."""
        super().resizeEvent(event)
        narrow = self.width() < NARROW
        for column in (1, 4):
            self.table.setColumnHidden(column, narrow)
        self.table.horizontalHeader().resizeSection(2, 100 if narrow else 140)

    def set_issues(self, issues: list[Issue]) -> None:
        self.issues = list(issues)
        shown, self.omitted = cap_issues(issues, ROWS_PER_CODE)
        self.model.set_issues(shown)
        errors = sum(1 for i in issues if i.is_error)
        warnings = len(issues) - errors
        self.summary.setText("No issues" if not issues else counts_text(errors, warnings))
        self._show_omitted()
        self.countsChanged.emit(errors, warnings)

    def _show_omitted(self) -> None:
        omitted = sorted(self.omitted.items(), key=lambda item: (-item[1], item[0]))
        self.more.setVisible(bool(omitted))
        if not omitted:
            return
        total = sum(count for _, count in omitted)
        named = ", ".join(f"{count:,} {code}" for code, count in omitted[:3])
        others = f" and {len(omitted) - 3} more codes" if len(omitted) > 3 else ""
        self.more.setText(f"{total:,} more not listed: {named}{others}.")
        self.more.setToolTip(
            f"At most {ROWS_PER_CODE} issues of each code are listed; "
            "salient validate --limit 0 FILE lists every one.\n\n"
            + "\n".join(f"{code}: {count:,} more" for code, count in omitted)
        )

    def _refilter(self, *_args: Any) -> None:
        self.proxy.severity = {0: None, 1: "error", 2: "warning"}[self.severity.currentIndex()]
        self.proxy.text = self.search.text().strip().lower()
        self.proxy.invalidate()

    def issue_at(self, row: int) -> Issue:
        return self.model.issues[self.proxy.mapToSource(self.proxy.index(row, 0)).row()]

    def _clicked(self, index: QModelIndex) -> None:
        issue = self.model.issues[self.proxy.mapToSource(index).row()]
        self.activate(issue)

    def activate(self, issue: Issue) -> None:
        """Select what the issue is about (the window zooms the map on ``activated``)."""
        if self.document is None:
            return
        target = target_of(self.document, issue)
        if target.section is not None:
            ids = [target.entity] if target.entity else []
            self.document.select(target.section, ids, focus=target.field)
        self.activated.emit(target)

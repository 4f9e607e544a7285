"""The rules parameters: every number of the rules, by chapter, with what differs from the book.

A modder looks for one knob among about a hundred, so the chapters are listed on the left, a
search box finds parameters by name or description, and the values that differ from the
rulebook are shown in bold (and counted per chapter) with a way back to the book's values.

The first chapter chooses the rules family; when it is the operational one, the family's
tables follow as chapters of grids (:mod:`.operational_page`). A validation issue inside
``rules`` opens the chapter and the cell or field it points at.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from editor.shared.vocabulary import plain
from editor.shared.widgets import filter_box, scrolling, set_muted
from editor.studio.document import Change, ScenarioDocument, Selection, with_value
from editor.studio.forms.context import studio_context
from editor.studio.forms.model_form import ModelEditor, humanise
from editor.studio.sections.operational_grids import CHAPTERS
from editor.studio.sections.operational_page import OperationalChapterPage
from editor.studio.sections.rules_family import FamilyPage
from schemas.rules import Rules

FORM_WIDTH = 560
HEADING = "operational-heading"
"""The list's heading over the operational family's chapters."""


def _default(model: type[BaseModel], name: str) -> Any:
    return model.model_fields[name].get_default(call_default_factory=True)


class ChapterPage(QWidget):
    """One chapter of the rules (battle, supply...): its form and a reset button."""

    def __init__(self, editor: RulesEditor, name: str, model: type[BaseModel]) -> None:
        super().__init__()
        self.name, self.model = name, model
        self.form = ModelEditor(model, editor.context)
        self.form.edited.connect(lambda new: editor.write(name, new))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        heading = QLabel(humanise(name))
        font = heading.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        heading.setFont(font)
        layout.addWidget(heading)
        about = QLabel(" ".join(plain(model.__doc__).split()))
        about.setWordWrap(True)
        set_muted(about)
        layout.addWidget(about)
        content = QWidget()
        inner = QVBoxLayout(content)
        inner.setContentsMargins(0, 0, 6, 0)
        inner.addWidget(self.form)
        inner.addStretch(1)
        content.setMaximumWidth(FORM_WIDTH)
        layout.addWidget(scrolling(content), 1)
        row = QHBoxLayout()
        row.addStretch(1)
        self.reset = QPushButton("Reset chapter to rulebook values")
        self.reset.setToolTip(f"Set every parameter of {humanise(name).lower()} to its default")
        self.reset.clicked.connect(lambda: editor.write(name, model()))
        row.addWidget(self.reset)
        layout.addLayout(row)

    def show_value(self, value: BaseModel) -> int:
        """Show the chapter's values; returns how many differ from the rulebook."""
        self.form.show_value(value)
        changed = 0
        for name, label in self.form.labels.items():
            default = _default(self.model, name)
            differs = getattr(value, name) != default
            changed += differs
            font = label.font()
            font.setBold(differs)
            label.setFont(font)
            tip = plain(self.model.model_fields[name].description)
            shown = default.model_dump() if isinstance(default, BaseModel) else default
            if not isinstance(default, list):
                tip += f"\nRulebook value: {shown}"
            label.setToolTip(tip)
        self.reset.setEnabled(changed > 0)
        return changed

    def matches(self, needle: str) -> int:
        """Show only the parameters matching ``needle``; returns how many are shown."""
        layout = self.form.body.layout()
        assert isinstance(layout, QFormLayout)
        shown = 0
        for name, editor in self.form.rows.items():
            info = self.model.model_fields[name]
            text = f"{name} {humanise(name)} {info.description or ''}".lower()
            visible = not needle or needle in text
            row = editor if layout.getWidgetPosition(editor)[0] >= 0 else editor.parentWidget()
            layout.setRowVisible(row, visible)
            shown += visible
        return shown


class RulesEditor(QWidget):
    """Every rules parameter, one chapter at a time."""

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__()
        self.document = document
        self.context = studio_context(document)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.search = filter_box("Find a parameter (name or description)…", self._search)
        layout.addWidget(self.search)
        splitter = QSplitter()
        self.chapters = QListWidget()
        self.chapters.setMaximumWidth(200)
        self.pages = QStackedWidget()
        self.page_of: dict[str, ChapterPage] = {}
        self.family = FamilyPage(document)
        self._add_chapter("family", "Rules family", self.family, "Area or operational rules")
        for name, info in Rules.model_fields.items():
            kind = info.annotation
            if not (isinstance(kind, type) and issubclass(kind, BaseModel)):
                continue  # the family and its tables have their own chapters
            page = ChapterPage(self, name, kind)
            self.page_of[name] = page
            self.pages.addWidget(page)
            self.chapters.addItem(humanise(name))
            item = self.chapters.item(self.chapters.count() - 1)
            item.setData(Qt.ItemDataRole.UserRole, name)
            item.setToolTip(plain(info.description))
        self.operational: dict[str, OperationalChapterPage] = {}
        self.heading = QListWidgetItem("Operational tables")
        self.heading.setFlags(Qt.ItemFlag.ItemIsEnabled)  # a heading, not a chapter
        self.heading.setData(Qt.ItemDataRole.UserRole, HEADING)
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        self.chapters.addItem(self.heading)
        self.pages.addWidget(QWidget())  # keeps rows and pages in step
        for chapter in CHAPTERS:
            page = OperationalChapterPage(document, chapter)
            self.operational[chapter.key] = page
            tip = "; ".join(spec.title for spec in chapter.grids)
            self._add_chapter(chapter.key, f"   {chapter.title}", page, tip)
        self.chapters.currentRowChanged.connect(self.pages.setCurrentIndex)
        splitter.addWidget(self.chapters)
        splitter.addWidget(self.pages)
        splitter.setStretchFactor(1, 1)
        # The list's size hint is wider than its maximum: without sizes, the splitter gives it
        # room it cannot fill, a blank strip between the chapters and the page.
        splitter.setSizes([self.chapters.maximumWidth(), 10_000])
        layout.addWidget(splitter, 1)
        self.chapters.setCurrentRow(0)
        document.changed.connect(self._follow)
        document.selectionChanged.connect(self.on_selection)
        self.reload()
        # Opened from an issue: land on what it points at.
        self.on_selection(document.selection)

    def _add_chapter(self, key: str, title: str, page: QWidget, tip: str) -> None:
        self.pages.addWidget(page)
        self.chapters.addItem(title)
        item = self.chapters.item(self.chapters.count() - 1)
        item.setData(Qt.ItemDataRole.UserRole, key)
        item.setToolTip(tip)

    def page(self, name: str) -> ChapterPage:
        return self.page_of[name]

    def row_of(self, key: str) -> int:
        for row in range(self.chapters.count()):
            if self.chapters.item(row).data(Qt.ItemDataRole.UserRole) == key:
                return row
        return -1

    def show_chapter(self, key: str) -> None:
        self.chapters.setCurrentRow(self.row_of(key))

    def write(self, chapter: str, value: BaseModel | None) -> None:
        if value is None:
            return
        rules = with_value(self.document.scenario.rules, [chapter], value)
        self.document.set_section("rules", rules, f"Edit {humanise(chapter).lower()} rules")

    def reload(self) -> None:
        rules = self.document.scenario.rules
        operational = rules.family == "operational"
        for row in range(self.chapters.count()):
            item = self.chapters.item(row)
            name = item.data(Qt.ItemDataRole.UserRole)
            if name in self.operational:
                item.setHidden(not operational or not self._matches(name))
                continue
            if name == HEADING:
                item.setHidden(not operational or not any(map(self._matches, self.operational)))
                continue
            if name not in self.page_of:
                continue
            changed = self.page_of[name].show_value(getattr(rules, name))
            item.setText(humanise(name) + (f"  ({changed} changed)" if changed else ""))
            font = item.font()
            font.setBold(changed > 0)
            item.setFont(font)

        current = self.chapters.currentItem()
        if current is not None and current.isHidden():
            self.show_chapter("family")  # the family was switched away from a table

    def _follow(self, change: Change) -> None:
        if change.section in ("rules", "reset"):
            self.reload()

    def on_selection(self, selection: Selection) -> None:
        """An issue inside ``rules`` (or a find result) shows its chapter and cell."""
        field = tuple(selection.field)
        if selection.section != "rules" or not field:
            return
        head = str(field[0])
        area = self.document.scenario.rules.family != "operational"
        if head == "family" or (head == "operational" and area):
            # Tables of an area scenario are never read: the family's chapter says so and
            # offers to drop them.
            self.show_chapter("family")
            return
        if head != "operational":
            if head in self.page_of:
                self.show_chapter(head)
                self.page_of[head].form.focus(field[1:])
            return
        for key, page in self.operational.items():
            if page.locate(field):
                self.show_chapter(key)
                page.locate(field)  # again, now shown: the view scrolls to it
                return
        for key, page in self.operational.items():
            # A path above any one cell (a whole table refused): that table's chapter.
            if any(tuple(spec.base[: len(field)]) == field for spec in page.chapter.grids):
                self.show_chapter(key)
                return

    def _matches(self, key: str) -> bool:
        needle = self.search.text().strip().lower()
        return not needle or self.operational[key].matches(needle) > 0

    def _search(self, text: str) -> None:
        needle = text.strip().lower()
        operational = self.document.scenario.rules.family == "operational"
        first_shown = -1
        for row in range(self.chapters.count()):
            item = self.chapters.item(row)
            key = item.data(Qt.ItemDataRole.UserRole)
            if key == "family":
                shown = int(not needle or needle in "rules family area operational")
            elif key == HEADING:
                shown = int(operational and any(map(self._matches, self.operational)))
            elif key in self.operational:
                shown = self.operational[key].matches(needle) if operational else 0
            else:
                shown = self.page_of[key].matches(needle)
            item.setHidden(shown == 0)
            if shown and first_shown < 0:
                first_shown = row
        current = self.chapters.currentItem()
        if (current is None or current.isHidden()) and first_shown >= 0:
            self.chapters.setCurrentRow(first_shown)

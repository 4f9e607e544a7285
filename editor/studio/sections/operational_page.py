"""A chapter of the operational family in the rules editor: its tables, as grids, one page."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QLabel, QTabWidget, QVBoxLayout, QWidget

from editor.shared.widgets import scrolling, set_muted
from editor.studio.document import ScenarioDocument
from editor.studio.sections.assets_by_turn import AssetsByTurn
from editor.studio.sections.grid import GridEditor
from editor.studio.sections.grid_model import Path
from editor.studio.sections.operational_grids import Chapter
from editor.studio.sections.order_of_battle_view import OrderOfBattlePage
from editor.studio.sections.weather_calendar import WeatherCalendar

VIEWS: dict[str, tuple[str, Callable[[ScenarioDocument], QWidget]]] = {
    "op-command": ("Order of battle", OrderOfBattlePage),
    "op-turns": ("Weather calendar", WeatherCalendar),
    "op-assets": ("Assets by turn", AssetsByTurn),
}
"""Chapters that open on a view of their own (the HQ tree to drag, the days to paint with
weather, the assets' turns), their tables a tab away."""


class OperationalChapterPage(QWidget):
    """The grids of one chapter (the results table has three), one under the other."""

    def __init__(self, document: ScenarioDocument, chapter: Chapter) -> None:
        super().__init__()
        self.chapter = chapter
        self.setObjectName(f"chapter-{chapter.key}")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.view: QWidget | None = None
        self.tabs: QTabWidget | None = None
        if chapter.key in VIEWS:
            title, make = VIEWS[chapter.key]
            self.view = make(document)
            self.tabs = QTabWidget()
            self.tabs.setObjectName(f"{chapter.key}-tabs")
            self.tabs.addTab(self.view, title)
            tables = QWidget()
            self.tabs.addTab(tables, "Tables")
            outer.addWidget(self.tabs, 1)
            layout = QVBoxLayout(tables)
            layout.setContentsMargins(0, 0, 0, 0)
        else:
            layout = outer
        alone = len(chapter.grids) == 1
        heading = QLabel(chapter.grids[0].title if alone else chapter.title)
        font = heading.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        heading.setFont(font)
        layout.addWidget(heading)
        about = QLabel(
            "Type over a cell, paste a block copied from a spreadsheet (Ctrl+V), copy cells "
            "out (Ctrl+C); each edit and each paste is one step of Edit > Undo."
        )
        about.setWordWrap(True)
        set_muted(about)
        layout.addWidget(about)
        self.grids = [GridEditor(document, spec, fill=alone) for spec in chapter.grids]
        if alone:
            self.grids[0].heading.hide()  # the page's heading says it
            # A single table takes the page's height and scrolls its own rows.
            layout.addWidget(self.grids[0], 1)
            return
        content = QWidget()
        inner = QVBoxLayout(content)
        inner.setContentsMargins(0, 0, 6, 0)
        inner.setSpacing(12)
        for grid in self.grids:
            inner.addWidget(grid)
        inner.addStretch(1)
        layout.addWidget(scrolling(content), 1)

    def matches(self, needle: str) -> int:
        """How many of its tables' titles, descriptions, rows or columns hold ``needle``."""
        if not needle:
            return 1
        found = 0
        for grid in self.grids:
            model = grid.model
            words = [grid.spec.title, grid.spec.about, self.chapter.title]
            words += [line.title for line in (*model.row_lines, *model.column_lines)]
            found += sum(needle in text.lower() for text in words)
        return found

    def locate(self, path: Path) -> bool:
        """Select the cell at ``path`` (inside ``rules``); ``False`` if no grid shows it."""
        found = any(grid.locate(path) for grid in self.grids)
        if found and self.tabs is not None:
            self.tabs.setCurrentIndex(1)
        return found

"""The weather calendar of an operational scenario (OT4, OW1): a row per day of the game with
its turns, day or night, and its weather (``rules.operational.turns.weather``). Selected days
are given a weather at once, as one undoable step. Days past the end of the list keep the
last entry's weather (as the engine reads it): they are shown greyed, as held.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import get_args

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.shared.widgets import set_muted
from editor.studio.document import Change, ScenarioDocument, with_value
from schemas.operational.play import TurnRules, Weather
from schemas.scenario import Scenario

WEATHERS: tuple[Weather, ...] = get_args(Weather)
COLOURS: dict[str, str] = {"good": "#dff0d0", "mud": "#e6d2b5", "frozen": "#d5e6f5"}


@dataclass(frozen=True)
class Day:
    """One day of the game: its turns (number, night or not), its weather, and whether that
    weather is held from the list's last entry rather than written for it."""

    index: int
    turns: tuple[tuple[int, bool], ...]
    weather: Weather
    held: bool


def days_of(scenario: Scenario) -> list[Day]:
    """Every day the scenario's turns fall on, as the engine counts them (OT4: turn 1 is
    entry ``first`` of the day's pattern)."""
    rules = scenario.rules.operational
    if rules is None:
        return []
    turns = rules.turns
    per_day = len(turns.pattern)
    by_day: dict[int, list[tuple[int, bool]]] = {}
    for number in range(1, scenario.calendar.turns + 1):
        slot = turns.first + number - 1
        night = turns.pattern[slot % per_day] == "night"
        by_day.setdefault(slot // per_day, []).append((number, night))
    out = []
    for index, those in sorted(by_day.items()):
        written = index < len(turns.weather)
        if written:
            weather = turns.weather[index]
        else:
            weather = turns.weather[-1] if turns.weather else "good"
        out.append(Day(index, tuple(those), weather, not written))
    return out


def with_weather(turns: TurnRules, days: list[int], weather: Weather) -> TurnRules:
    """``turns`` with ``weather`` on each of ``days`` (0 is the first day); the list grows
    with the held weather up to the last day set, so the days between keep theirs."""
    if not days:
        return turns
    listed = list(turns.weather)
    held: Weather = listed[-1] if listed else "good"
    while len(listed) <= max(days):
        listed.append(held)
    for day in days:
        listed[day] = weather
    return turns.model_copy(update={"weather": listed})


def turns_text(day: Day) -> str:
    """The day's turns as a player reads them: "1 day, 2 day, 3 day, 4 night"."""
    return ", ".join(f"{n} {'night' if night else 'day'}" for n, night in day.turns)


class WeatherCalendar(QWidget):
    """The table of days and the controls that set the weather of the selected ones."""

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__()
        self.document = document
        self.setObjectName("weather-calendar")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        about = QLabel(
            "One row per day of the game, with its turns. Select days (Shift or Ctrl + click, "
            "or drag down the rows), choose a weather and press Set, or right-click them: each "
            "setting is one step of Edit > Undo. A greyed weather is held from the last day listed."
        )
        about.setWordWrap(True)
        set_muted(about)
        layout.addWidget(about)
        controls = QHBoxLayout()
        self.choice = QComboBox()
        self.choice.addItems([w.title() for w in WEATHERS])
        self.apply = QPushButton("Set selected days")
        self.apply.clicked.connect(lambda: self.set_selected(WEATHERS[self.choice.currentIndex()]))
        controls.addWidget(QLabel("Weather"))
        controls.addWidget(self.choice)
        controls.addWidget(self.apply)
        controls.addStretch(1)
        layout.addLayout(controls)
        self.table = QTableWidget(0, 3)
        self.table.setObjectName("weather-days")
        self.table.setHorizontalHeaderLabels(["Day", "Turns", "Weather"])
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        for weather in WEATHERS:
            action = QAction(f"Set to {weather}", self.table)
            action.triggered.connect(lambda _=False, w=weather: self.set_selected(w))
            self.table.addAction(action)
        layout.addWidget(self.table, 1)
        document.changed.connect(self._follow)
        self.rebuild()

    def _follow(self, change: Change) -> None:
        if change.section in ("rules", "calendar", "reset"):
            self.rebuild()

    def rebuild(self) -> None:
        days = days_of(self.document.scenario)
        selected = self.selected_days()
        self.table.setRowCount(len(days))
        grey = QBrush(QColor("#888"))
        for row, day in enumerate(days):
            cells = [str(day.index + 1), turns_text(day), day.weather.title()]
            if day.held:
                cells[2] += "  (held)"
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, day.index)
                if column == 2:
                    item.setBackground(QBrush(QColor(COLOURS.get(day.weather, "#fff"))))
                if day.held and column == 2:
                    item.setForeground(grey)  # the weather is held, not the day
                if column == 1 and any(night for _, night in day.turns):
                    item.setToolTip("Night turns: movement costs more readiness (OW7).")
                self.table.setItem(row, column, item)
        self.table.resizeColumnToContents(0)
        self.table.setColumnWidth(1, max(self.table.columnWidth(1), 260))
        # The days selected before an edit stay selected, to set them again.
        model = self.table.selectionModel()
        model.clearSelection()
        flags = model.SelectionFlag.Select | model.SelectionFlag.Rows
        for row, day in enumerate(days):
            if day.index in selected:
                model.select(self.table.model().index(row, 0), flags)

    def selected_days(self) -> list[int]:
        rows = {index.row() for index in self.table.selectionModel().selectedRows()}
        return sorted(self.table.item(r, 0).data(Qt.ItemDataRole.UserRole) for r in rows)

    def set_selected(self, weather: Weather) -> None:
        """Give the selected days ``weather`` as one undoable step."""
        days = self.selected_days()
        rules = self.document.scenario.rules
        if not days or rules.operational is None:
            return
        turns = with_weather(rules.operational.turns, days, weather)
        new = with_value(rules, ["operational", "turns"], turns)
        span = f"day {days[0] + 1}" if len(days) == 1 else f"{len(days)} days"
        self.document.set_section("rules", new, f"Set {span} to {weather}")

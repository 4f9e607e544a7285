"""The weather calendar of the operational family in the studio (issue 15, the studio part):
a row per day with its day and night turns (OT4), the weather of a range of days set at once
as one undo step (OW1), and the days past the list holding the last weather as the engine
reads it."""

from __future__ import annotations

import pytest

from editor.studio.document import ScenarioDocument
from editor.studio.sections.operational_grids import CHAPTERS
from editor.studio.sections.operational_page import OperationalChapterPage
from editor.studio.sections.weather_calendar import WeatherCalendar, days_of, turns_text
from tests.operational.builder import OpBuilder


def scenario(turns: int = 10, **turn_rules: object):  # type: ignore[no-untyped-def]
    b = OpBuilder()
    b.raw["calendar"]["turns"] = turns
    if turn_rules:
        b.table("turns", **turn_rules)
    return b.build()


@pytest.fixture
def calendar(qtbot) -> WeatherCalendar:
    widget = WeatherCalendar(ScenarioDocument(scenario(10, weather=["mud"])))
    qtbot.addWidget(widget)
    widget.resize(600, 400)
    widget.show()
    return widget


def select_rows(calendar: WeatherCalendar, rows: list[int]) -> None:
    model = calendar.table.selectionModel()
    model.clearSelection()
    for row in rows:
        model.select(
            calendar.table.model().index(row, 0),
            model.SelectionFlag.Select | model.SelectionFlag.Rows,
        )


def test_ot4_each_day_lists_its_turns_by_day_and_night():
    days = days_of(scenario(10))
    assert len(days) == 3  # 4 turns a day: 1-4, 5-8, 9-10
    assert turns_text(days[0]) == "1 day, 2 day, 3 day, 4 night"
    assert turns_text(days[2]) == "9 day, 10 day"
    # Turn 1 as the night turn of the pattern: day 1 is that night alone.
    shifted = days_of(scenario(5, first=3))
    assert turns_text(shifted[0]) == "1 night"
    assert turns_text(shifted[1]) == "2 day, 3 day, 4 day, 5 night"


def test_ow1_days_past_the_list_hold_its_last_weather():
    days = days_of(scenario(10, weather=["good", "mud"]))
    assert [(d.weather, d.held) for d in days] == [("good", False), ("mud", False), ("mud", True)]
    assert all(d.weather == "good" and d.held for d in days_of(scenario(10)))


def test_ow1_a_range_of_days_set_at_once_is_one_undo_step(calendar):
    document = calendar.document
    select_rows(calendar, [1, 2])
    assert calendar.selected_days() == [1, 2]
    calendar.set_selected("frozen")
    assert document.scenario.rules.operational.turns.weather == ["mud", "frozen", "frozen"]
    assert document.undo_stack.count() == 1
    assert document.undo_stack.undoText() == "Set 2 days to frozen"
    assert calendar.table.item(2, 2).text() == "Frozen"
    assert calendar.selected_days() == [1, 2]  # still selected to set again
    document.undo_stack.undo()
    assert document.scenario.rules.operational.turns.weather == ["mud"]
    assert calendar.table.item(2, 2).text() == "Mud  (held)"


def test_ow1_setting_a_later_day_keeps_the_held_weather_of_the_days_between(calendar):
    select_rows(calendar, [2])
    calendar.choice.setCurrentIndex(0)  # good
    calendar.apply.click()
    assert calendar.document.scenario.rules.operational.turns.weather == ["mud", "mud", "good"]


def test_nothing_selected_sets_nothing(calendar):
    calendar.set_selected("good")
    assert calendar.document.undo_stack.count() == 0


def test_the_turns_chapter_opens_on_the_calendar_with_its_tables_a_tab_away(qtbot):
    document = ScenarioDocument(scenario(10))
    chapter = next(c for c in CHAPTERS if c.key == "op-turns")
    page = OperationalChapterPage(document, chapter)
    qtbot.addWidget(page)
    assert isinstance(page.view, WeatherCalendar)
    assert page.tabs is not None and page.tabs.currentWidget() is page.view
    assert page.locate(("operational", "turns", "night_move_readiness"))
    assert page.tabs.currentIndex() == 1

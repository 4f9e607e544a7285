"""The order of battle tree of the operational family in the studio's real window (issue 15,
the studio part; OQ1): a unit dragged onto another HQ with the real mouse (one undo step,
Ctrl+Z takes it back), a drop that would make HQs report to each other refused with its
reason, and a click on a node selecting its unit.

Qt's drag runs an event loop of its own until the button is released, so the mouse is moved
from a thread while the test's thread lets Qt handle the events. Pictures are kept in
``$SALIENT_SCREENSHOTS``, named after the screen's size."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests.operational.command_builder import CommandBuilder
from tests.realwindow.conftest import on_screen, settle_input, shown_studio, size_name, wait_until
from tests.realwindow.studio_helpers import open_rules_editor
from tests.realwindow.test_studio_operational import click_chapter
from tests.realwindow.x11 import XInput


@pytest.fixture
def oob_studio(qtbot: Any, state_dir: Path, tmp_path: Path) -> Any:
    """The studio on a small operational scenario with an HQ tree."""
    from schemas.io import dumps

    b = CommandBuilder(columns=12, rows=3)
    b.raw["calendar"]["turns"] = 12  # three days of four turns
    b.hq("army", "c1r2", echelon="army")
    b.hq("div1", "c3r2", parent="army", echelon="division")
    b.hq("div2", "c4r2", parent="army", echelon="division")
    b.unit("inf1", "inf", "c5r2", hq="div1")
    b.unit("inf2", "inf", "c6r2", hq="div1")
    b.unit("loose", "inf", "c7r2")
    b.hq("bluehq", "c10r2", echelon="corps", nation="blueland")
    b.unit("foe", "inf", "c11r2", nation="blueland", hq="bluehq")
    b.supply_source("c1r2")
    b.supply_source("c12r2", side="blue")
    path = tmp_path / "oob.json"
    path.write_text(dumps(b.build()), encoding="utf-8")
    with shown_studio(qtbot, path, maximized=True) as window:
        yield window


def centre_of(tree: Any, unit: str) -> tuple[int, int]:
    page = tree.page
    item = page.item_of(unit)
    assert item is not None, unit
    tree.scrollToItem(item)
    settle_input(0.1)
    rect = tree.visualItemRect(item)
    return on_screen(tree.viewport(), rect.left() + 30, rect.center().y())


def real_drag(x: XInput, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press, move in steps and release from a thread, Qt handling events meanwhile."""

    def run() -> None:
        x.press(*start)
        time.sleep(0.2)
        steps = 12
        for n in range(1, steps + 1):
            x.move(
                start[0] + (end[0] - start[0]) * n / steps,
                start[1] + (end[1] - start[1]) * n / steps,
            )
            time.sleep(0.06)
        time.sleep(0.3)
        x.release(*end)

    mover = threading.Thread(target=run)
    mover.start()
    while mover.is_alive():
        settle_input(0.05)
    settle_input(0.4)


def test_the_order_of_battle_rearranged_with_the_real_mouse(
    oob_studio: Any, x: XInput, shots: Any
) -> None:
    from editor.studio.sections.order_of_battle_view import UNIT

    studio = oob_studio
    document = studio.document
    size = size_name(studio)
    editor = open_rules_editor(x, studio)
    click_chapter(x, editor, "op-command")
    page = editor.operational["op-command"]
    tree = page.view.tree
    wait_until(tree.isVisible, what="the order of battle tree")
    assert "1 issue" in page.view.item_of("loose").text(0)  # reports to no HQ
    shots(studio, f"studio-oob-tree-{size}")

    # 1. inf1 dragged from div1 onto div2: one undo step.
    steps = document.undo_stack.count()
    real_drag(x, centre_of(tree, "inf1"), centre_of(tree, "div2"))
    wait_until(
        lambda: (
            {a.unit: a.hq for a in document.scenario.rules.operational.command.attachments}["inf1"]
            == "div2"
        ),
        what="inf1 under div2",
    )
    assert document.undo_stack.count() == steps + 1
    item = page.view.item_of("inf1")
    assert item.parent().data(0, UNIT) == "div2"
    shots(studio, f"studio-oob-moved-{size}")

    # 2. The army dragged under its own division: refused, with the reason, nothing changed.
    before = document.scenario
    real_drag(x, centre_of(tree, "army"), centre_of(tree, "div1"))
    wait_until(lambda: "loop" in page.view.message.text(), what="the refusal")
    assert page.view.message.isVisible()
    assert document.scenario is before
    shots(studio, f"studio-oob-refused-{size}")

    # 3. A click on a node selects its unit (the map follows the document's selection).
    x.click(*centre_of(tree, "inf2"))
    wait_until(lambda: document.selection.ids == ("inf2",), what="inf2 selected")
    assert document.selection.section == "units"

    # 4. Ctrl+Z puts inf1 back under div1.
    x.key("ctrl+z")
    wait_until(
        lambda: page.view.item_of("inf1").parent().data(0, UNIT) == "div1",
        what="the move undone",
    )


def test_the_weather_calendar_set_over_dragged_days_with_the_real_mouse(
    oob_studio: Any, x: XInput, shots: Any
) -> None:
    """OT4, OW1: days selected by dragging down their rows, frozen with the Set button, as one
    undo step; Ctrl+Z takes it back."""
    studio = oob_studio
    document = studio.document
    size = size_name(studio)
    editor = open_rules_editor(x, studio)
    click_chapter(x, editor, "op-turns")
    calendar = editor.operational["op-turns"].view
    table = calendar.table
    wait_until(table.isVisible, what="the weather calendar")
    assert table.rowCount() >= 3
    shots(studio, f"studio-weather-before-{size}")

    def row_point(row: int) -> tuple[int, int]:
        rect = table.visualRect(table.model().index(row, 0))
        return on_screen(table.viewport(), rect.center().x(), rect.center().y())

    x.drag([row_point(0), row_point(1), row_point(2)])
    wait_until(lambda: calendar.selected_days() == [0, 1, 2], what="three days selected")
    choice = calendar.choice
    choice.setCurrentIndex(2)  # frozen; the combo box itself is Qt's own
    steps = document.undo_stack.count()
    button = calendar.apply
    x.click(*on_screen(button, button.width() / 2, button.height() / 2))
    wait_until(
        lambda: document.scenario.rules.operational.turns.weather[:3] == ["frozen"] * 3,
        what="three frozen days",
    )
    assert document.undo_stack.count() == steps + 1
    shots(studio, f"studio-weather-frozen-{size}")
    x.key("ctrl+z")
    wait_until(
        lambda: document.scenario.rules.operational.turns.weather == [], what="the days undone"
    )

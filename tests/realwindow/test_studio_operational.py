"""The operational rules family in the studio's real window (issue 15, the studio part): the
family chosen with a click on a hex scenario, a table cell typed over, a block pasted from a
spreadsheet with Ctrl+V, undone with Ctrl+Z, and an issue of the results table clicked in the
Issues panel landing on its cell.

Pictures are kept in ``$SALIENT_SCREENSHOTS``, named after the screen's size (run the file on
screens of 1280 x 720 and 1920 x 1080 to keep both)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.realwindow.conftest import on_screen, settle_input, shown_studio, size_name, wait_until
from tests.realwindow.studio_helpers import open_rules_editor
from tests.realwindow.x11 import XInput


@pytest.fixture
def hex_studio(qtbot: Any, state_dir: Path, tmp_path: Path) -> Any:
    """The studio on a generated hex scenario of the area family."""
    from schemas.generator import generate_hex_scenario
    from schemas.io import dumps

    path = tmp_path / "hexes.json"
    path.write_text(dumps(generate_hex_scenario(14, 10, 3)), encoding="utf-8")
    with shown_studio(qtbot, path, maximized=True) as window:
        yield window


def click_widget(x: XInput, widget: Any) -> None:
    x.click(*on_screen(widget, widget.width() / 2, widget.height() / 2))
    settle_input(0.2)


def click_cell(x: XInput, view: Any, row: int, col: int) -> None:
    view.scrollTo(view.model().index(row, col))
    settle_input(0.1)
    rect = view.visualRect(view.model().index(row, col))
    x.click(*on_screen(view.viewport(), rect.center().x(), rect.center().y()))
    wait_until(
        lambda: (view.currentIndex().row(), view.currentIndex().column()) == (row, col),
        what=f"cell {row}, {col} current",
    )


def click_chapter(x: XInput, editor: Any, key: str) -> None:
    chapters = editor.chapters
    item = chapters.item(editor.row_of(key))
    chapters.scrollToItem(item)
    settle_input(0.1)
    rect = chapters.visualItemRect(item)
    x.click(*on_screen(chapters.viewport(), rect.center().x(), rect.center().y()))
    wait_until(lambda: chapters.currentItem() is item, what=f"the {key} chapter")
    settle_input(0.2)


def test_the_operational_family_chosen_and_its_tables_edited_with_real_input(
    hex_studio: Any, x: XInput, shots: Any
) -> None:
    from PySide6.QtGui import QGuiApplication

    studio = hex_studio
    document = studio.document
    size = size_name(studio)
    editor = open_rules_editor(x, studio)
    settle_input(0.3)
    assert editor.chapters.currentItem().text() == "Rules family"
    assert editor.family.isVisible()

    # 1. The family, with a click: one undo step that also sets WEGO turns.
    shots(studio, f"studio-operational-before-{size}")
    radio = editor.family.choices["operational"]
    # On its label: a radio button takes clicks on its circle and text only.
    x.click(*on_screen(radio, 40, radio.height() / 2))
    wait_until(lambda: document.scenario.rules.family == "operational", what="the family")
    assert document.scenario.calendar.turn_system == "wego"
    steps = document.undo_stack.count()
    wait_until(lambda: editor.family.fill.isVisible(), what="the preset buttons")
    assert "Without a row" in editor.family.status.text()  # the map's own terrain
    click_widget(x, editor.family.fill)
    wait_until(lambda: document.undo_stack.count() == steps + 1, what="default rows added")
    assert "✔" in editor.family.status.text()
    shots(studio, f"studio-operational-family-{size}")

    # 2. A cell typed over: woods' stacking (row 8) in the terrain effects.
    click_chapter(x, editor, "op-terrain")
    page = editor.operational["op-terrain"]
    grid = page.grids[0]
    assert grid.isVisible() and grid.view.isVisible()
    stacking = next(n for n, c in enumerate(grid.model.column_lines) if c.title == "Stacking")
    woods = next(
        n
        for n, row in enumerate(document.scenario.rules.operational.terrain)
        if row.terrain == "woods"
    )
    click_cell(x, grid.view, woods, stacking)
    x.type("7.5")
    x.key("Return")
    wait_until(
        lambda: document.scenario.rules.operational.terrain[woods].stacking == 7.5,
        what="the typed stacking",
    )
    # A bad number pasted is refused with a message under the table, and nothing changes.
    steps = document.undo_stack.count()
    QGuiApplication.clipboard().setText("lots")
    x.key("ctrl+v")
    wait_until(grid.message.isVisible, what="the refusal")
    assert "'lots' is not a number" in grid.message.text()
    assert document.undo_stack.count() == steps
    assert document.scenario.rules.operational.terrain[woods].stacking == 7.5
    shots(studio, f"studio-operational-terrain-{size}")

    # 3. A block pasted from a spreadsheet into the results table: one undo step.
    click_chapter(x, editor, "op-results")
    crt = editor.operational["op-results"].grids[1]
    assert crt.spec.key == "crt-defender"
    click_cell(x, crt.view, 2, 4)
    QGuiApplication.clipboard().setText("30\t31\t32\n33\t34\t35\n")
    before = [row[:] for row in document.scenario.rules.operational.combat.results.rows]
    steps = document.undo_stack.count()
    x.key("ctrl+v")
    wait_until(lambda: document.undo_stack.count() == steps + 1, what="the paste")
    rows = document.scenario.rules.operational.combat.results.rows
    assert [c.defender for c in rows[2][4:7]] == [30, 31, 32]
    assert [c.defender for c in rows[3][4:7]] == [33, 34, 35]
    shots(studio, f"studio-operational-results-pasted-{size}")

    # The pasted cells break the table's order: the issue lands on its cell when clicked.
    studio.validation.run_now()
    studio.docks["issues"].show()
    studio.docks["issues"].raise_()
    panel = studio.issues
    wait_until(
        lambda: any(i.code == "operational-results-order" for i in panel.model.issues),
        what="the results-order issue",
    )
    row = next(
        r
        for r in range(panel.proxy.rowCount())
        if panel.issue_at(r).code == "operational-results-order"
    )
    issue = panel.issue_at(row)
    studio.tabs.show_map()
    settle_input(0.2)
    panel.table.scrollTo(panel.proxy.index(row, 3))
    settle_input(0.2)
    rect = panel.table.visualRect(panel.proxy.index(row, 3))
    assert panel.table.viewport().rect().contains(rect.center()), "the issue is out of sight"
    x.click(*on_screen(panel.table.viewport(), rect.center().x(), rect.center().y()))
    wait_until(lambda: studio.tabs.currentWidget() is studio.tabs.pages["rules"], what="rules")
    parts = issue.path.split("/")
    side = parts[-1]
    target = editor.operational["op-results"].grids[1 if side == "defender" else 2]
    wait_until(
        lambda: (
            (target.view.currentIndex().row(), target.view.currentIndex().column())
            == (int(parts[-3]), int(parts[-2]))
        ),
        what="the issue's cell current",
    )
    shots(studio, f"studio-operational-issue-{size}")

    # 4. Ctrl+Z takes the whole paste back.
    click_cell(x, crt.view, 0, 0)
    x.key("ctrl+z")
    wait_until(
        lambda: document.scenario.rules.operational.combat.results.rows == before,
        what="the paste undone",
    )

    # 5. The unit types' values, a row per type (greyed defaults until set).
    click_chapter(x, editor, "op-unit-types")
    types = editor.operational["op-unit-types"].grids[0]
    land = [kind for kind in document.scenario.unit_types if kind.domain == "land"]
    assert types.view.isVisible() and types.model.rowCount() == len(land)
    shots(studio, f"studio-operational-unit-types-{size}")


def test_a_units_operational_fields_in_the_inspector(hex_studio: Any, x: XInput, shots) -> None:
    from editor.studio.sections.rules_family import choose_family

    studio = hex_studio
    document = studio.document
    unit = document.scenario.units[0]
    document.select("units", [unit.id])
    settle_input(0.3)
    form = studio.inspector.forms["units"]
    assert form.titles["operational"].isHidden()
    choose_family(document, "operational")
    settle_input(0.3)
    box = form.titles["operational"]
    wait_until(box.isVisible, what="the unit's operational values")
    presence = form.rows["operational"].presence
    studio.inspector.scroll.ensureWidgetVisible(presence)
    settle_input(0.2)
    click_widget(x, presence)
    view = presence.view()
    wait_until(view.isVisible, what="the presence list")
    rect = view.visualRect(presence.model().index(1, 0))
    x.click(*on_screen(view.viewport(), rect.center().x(), rect.center().y()))
    wait_until(
        lambda: document.get("units", unit.id).operational is not None,
        what="operational values set",
    )
    quality = form.rows["operational"].rows["quality"]
    settle_input(0.3)  # the group's fields are laid out first
    studio.inspector.scroll.ensureWidgetVisible(form.rows["operational"].rows["dug_in"])
    settle_input(0.3)
    shots(studio, f"studio-operational-unit-{size_name(studio)}")
    assert quality.isVisible()

"""Section editors in a real window (issue 10, defect 9: they opened as tabs in the bottom
dock, where tables showed one or two rows, the card preview was clipped, tab titles shrank to
"Iss...", and the inspector showed a second form of the same entity)."""

from __future__ import annotations

from tests.realwindow.conftest import on_screen, settle_input, wait_until
from tests.realwindow.studio_helpers import choose, open_menu_bar


def _open(x, studio, title: str):
    menu = open_menu_bar(x, studio, "Scenario")
    choose(x, menu, title)
    wait_until(
        lambda: studio.tabs.tabText(studio.tabs.currentIndex()) == title, what=f"the {title} tab"
    )
    settle_input(0.3)
    return studio.tabs.currentWidget()


def test_section_editors_open_beside_the_map_with_room(studio, x, shots) -> None:
    from PySide6.QtWidgets import QTableView

    page = _open(x, studio, "Unit types")
    # The editor has the middle of the window, not a strip of a dock.
    assert page.width() >= 0.5 * studio.width()
    assert page.height() >= 0.75 * studio.height()
    tables = [t for t in page.findChildren(QTableView) if t.isVisible()]
    assert tables
    table = max(tables, key=lambda t: t.viewport().height())
    rows = table.viewport().height() / table.verticalHeader().defaultSectionSize()
    assert rows >= 8, f"the table shows {rows:.1f} rows"
    for title in ("Cards and events", "Reinforcements and replacements", "Victory and tension"):
        _open(x, studio, title)
    bar = studio.tabs.tabBar()
    for index in range(bar.count()):
        # Whole titles: every tab is as wide as its text.
        text = bar.tabText(index)
        assert bar.tabRect(index).width() >= bar.fontMetrics().horizontalAdvance(text), text
    shots(studio, "studio-section-editors-as-tabs")
    # The map is one click away, and the editors stay open.
    rect = bar.tabRect(0)
    x.click(*on_screen(bar, rect.center().x(), rect.center().y()))
    wait_until(lambda: studio.tabs.currentIndex() == 0, what="the map tab")
    assert studio.view.isVisible()
    assert studio.tabs.count() == 5


def test_the_inspector_leaves_an_editors_entity_to_the_editor(studio, x, shots) -> None:
    from PySide6.QtWidgets import QTableView

    page = _open(x, studio, "Unit types")
    table = max(
        (t for t in page.findChildren(QTableView) if t.isVisible()),
        key=lambda t: t.viewport().height(),
    )
    row = table.visualRect(table.model().index(2, 1))
    x.click(*on_screen(table.viewport(), row.center().x(), row.center().y()))
    document = studio.document
    wait_until(lambda: document.selection.section == "unit_types", what="a unit type selected")
    holder = studio.holders["inspector"]
    wait_until(lambda: holder.covered, what="the inspector to step aside")
    assert not studio.inspector.isVisible()
    assert "Unit types" in holder.note_text.text()
    shots(studio, "studio-editor-and-inspector")
    # Back on the map, the inspector shows the selection again.
    holder.note_button.click()
    wait_until(lambda: studio.tabs.currentIndex() == 0, what="the map")
    wait_until(lambda: not holder.covered, what="the inspector back")
    assert studio.inspector.isVisible()
    # An entity the editor does not edit is the inspector's even beside the editor.
    studio.tabs.setCurrentWidget(page)
    document.select("regions", [document.scenario.regions[0].id])
    settle_input()
    assert not holder.covered and studio.inspector.isVisible()


def test_closing_an_editor_with_its_tab_or_ctrl_w(studio, x) -> None:
    _open(x, studio, "Unit types")
    page = _open(x, studio, "Sides and nations")
    studio.tabs.currentWidget().setFocus()
    x.key("ctrl+w")
    wait_until(lambda: "sides" not in studio.tabs.pages, what="the Sides editor closed")
    assert page.key == "sides"
    bar = studio.tabs.tabBar()
    index = next(i for i in range(bar.count()) if bar.tabText(i) == "Unit types")
    button = bar.tabButton(index, bar.ButtonPosition.RightSide)
    x.click(*on_screen(button, button.width() / 2, button.height() / 2))
    wait_until(lambda: not studio.tabs.pages, what="the Unit types editor closed")
    assert studio.tabs.count() == 1 and studio.view.isVisible()

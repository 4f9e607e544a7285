"""The operational assets by turn in the studio (issue 15, the studio part; OT5, OT12, OA1):
a row per asset and a column per turn, filled while the asset is in the game, night turns
marked; an asset's first and last turns moved from a selected cell, one undo step each; a
change the format refuses left undone with its reason shown; the Assets chapter opening on
this view, its table a tab away."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QColor

from editor.studio.document import ScenarioDocument
from editor.studio.sections.assets_by_turn import AssetsByTurn, present
from editor.studio.sections.operational_grids import CHAPTERS
from editor.studio.sections.operational_page import OperationalChapterPage
from schemas.operational.assets import Asset
from tests.operational.builder import OpBuilder


def scenario() -> Any:
    b = OpBuilder()
    b.raw["calendar"]["turns"] = 8
    b.table(
        "assets",
        assets=[
            {"id": "stuka", "name": "Stukas", "side": "red", "arrives": 2, "leaves": 6},
            {"id": "flotilla", "side": "blue", "domain": "naval"},
        ],
    )
    return b.build()


@pytest.fixture
def view(qtbot: Any) -> AssetsByTurn:
    widget = AssetsByTurn(ScenarioDocument(scenario()))
    qtbot.addWidget(widget)
    widget.resize(700, 300)
    widget.show()
    return widget


def filled(view: AssetsByTurn, row: int) -> list[int]:
    """The turns whose cell holds the asset's side colour."""
    side = {"red": "#b03030", "blue": "#3050b0"}
    asset = view.assets()[row]
    colour = QColor(side[asset.side])
    return [
        c + 1
        for c in range(view.table.columnCount())
        if view.table.item(row, c).background().color() == colour
    ]


def test_ot12_each_asset_fills_the_turns_it_is_in_the_game(view: AssetsByTurn) -> None:
    assert view.table.rowCount() == 2 and view.table.columnCount() == 8
    assert filled(view, 0) == [2, 3, 4, 5]  # gone from turn 6
    assert filled(view, 1) == list(range(1, 9))
    assert view.table.verticalHeaderItem(0).text() == "Stukas (Red, air)"
    # OT4: the default day is 3 day turns and a night: turns 4 and 8 are nights.
    nights = [c + 1 for c in range(8) if "☾" in view.table.horizontalHeaderItem(c).text()]
    assert nights == [4, 8]


def test_ot5_an_assets_turns_moved_from_a_cell_one_undo_step_each(view: AssetsByTurn) -> None:
    document = view.document
    view.table.setCurrentCell(0, 0)
    view.set_turn("arrives")
    assert view.assets()[0].arrives == 1 and filled(view, 0) == [1, 2, 3, 4, 5]
    assert document.undo_stack.undoText() == "Asset Stukas arrives on turn 1"
    view.table.setCurrentCell(0, 6)
    view.leave.click()
    assert view.assets()[0].leaves == 8 and filled(view, 0) == [1, 2, 3, 4, 5, 6, 7]
    view.table.setCurrentCell(0, 2)
    view.stay.click()
    assert view.assets()[0].leaves is None and filled(view, 0) == list(range(1, 9))
    assert document.undo_stack.count() == 3
    document.undo_stack.undo()
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert view.assets()[0].arrives == 2 and view.assets()[0].leaves == 6
    assert filled(view, 0) == [2, 3, 4, 5]


def test_ot12_a_last_turn_before_the_first_is_refused_with_its_reason(view: AssetsByTurn) -> None:
    view.table.setCurrentCell(0, 0)  # turn 1, before the Stukas arrive on turn 2
    view.set_turn("leaves")
    assert view.assets()[0].leaves == 6
    assert view.document.undo_stack.count() == 0
    assert "Stukas: not changed" in view.error.text()
    assert "leaves" in view.error.text()


def test_the_assets_chapter_opens_on_the_view_its_table_a_tab_away(qtbot: Any) -> None:
    chapter = next(c for c in CHAPTERS if c.key == "op-assets")
    page = OperationalChapterPage(ScenarioDocument(scenario()), chapter)
    qtbot.addWidget(page)
    assert isinstance(page.view, AssetsByTurn)
    assert page.tabs is not None and page.tabs.tabText(0) == "Assets by turn"
    assert page.tabs.tabText(1) == "Tables"


def test_present_reads_leaves_as_the_first_turn_without_the_asset() -> None:
    asset = Asset(id="a", side="red", arrives=3, leaves=5)
    assert [t for t in range(1, 8) if present(asset, t)] == [3, 4]


def test_oa2_oa13_random_arrival_and_leaving_edited_from_cells_and_boxes(
    view: AssetsByTurn,
) -> None:
    document = view.document
    view.table.setCurrentCell(0, 3)
    view.random.click()  # OA2: from turn 2 to turn 4 at random
    asset = view.assets()[0]
    assert (asset.arrives, asset.arrives_by) == (2, 4)
    assert [view.table.item(0, c).text() for c in range(1, 4)] == ["?", "?", ""]
    assert filled(view, 0) == [4, 5]  # the window's first turns are pale: maybe not there
    view.arrival_chance.setValue(25.0)
    view.arrival_chance.editingFinished.emit()
    assert view.assets()[0].arrival_chance == 25.0
    view.leave_chance.setValue(40.0)
    view.leave_chance.editingFinished.emit()
    view.table.setCurrentCell(0, 4)
    view.set_turn("leave_from")  # OA13: a mission from turn 5 on may be its last
    asset = view.assets()[0]
    assert (asset.leave_chance, asset.leave_from) == (40.0, 5)
    assert "↓" in view.table.item(0, 4).text() and "↓" not in view.table.item(0, 3).text()
    view.table.setCurrentCell(0, 1)
    view.set_turn("leave_until")  # before the window starts: refused, reason shown
    assert "leave_until" in view.error.text() and view.assets()[0].leave_until is None
    assert document.undo_stack.count() == 4
    document.undo_stack.undo()
    assert view.assets()[0].leave_from == 1
    view.table.setCurrentCell(0, 0)
    view.set_turn("arrives")  # a fixed arrival again
    assert view.assets()[0].arrives_by is None and view.assets()[0].arrives == 1
